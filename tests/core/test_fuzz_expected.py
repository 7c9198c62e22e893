"""fuzz --expected-failures in the aggregate campaign (the w9-gate merge): `Feed.record`, the one
place a campaign records a case, judges it as `check` does; an accepted failure is xfailed,
counted by diagnosis and never shrunk; a changed one is a failure, shrunk only into cases still
changed with the same diagnosis; what the cases say of the entries is gathered as they come
(expected_failures.Engagement, added up across workers) and an entry that matched nothing is a
note; xpassed fails the run; JUnit types the accepted failures as check does."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from reference.core.expected_failures import Engagement, Entry, ExpectedFailures
from reference.core.fuzz import cases as fuzz_cases
from reference.core.fuzz.campaign import Campaign, Track, run_campaign
from reference.core.fuzz.report import exit_status, junit_xml
from reference.core.fuzz.session import Session, Target, expected_verdict, session_report
from reference.core.fuzz.tally import combine
from reference.core.results import CaseResult
from tests.core.test_fuzz import FAKE

ROUNDING = "DOM-SETTLE-3"


def diverging_at_the_last_step(clause: str):
    """Every case fails at its last step, charged to `clause` (key `scores`)."""
    def execute(cases, on_result):
        for case in cases:
            last = len(case["input"]["steps"]) - 1
            on_result(CaseResult(case["id"], case["game"], case["kind"], "failed", list(case["clauses"]),
                                 mismatch={"step": last, "action": None, "key": "scores", "expected": "[0, 0]",
                                           "actual": "[1, 1]", "clauses": [clause]}))
        return {"command": "(stand-in)", "starts": 1}
    return execute


@pytest.fixture(autouse=True)
def fake_generator(monkeypatch):
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", FAKE)


def campaign(expected: ExpectedFailures, last: int = 5, shrink: bool = True) -> Campaign:
    return Campaign("dominoes", [Track("match", {})], 0, last, shrink=shrink, shrink_attempts=100,
                    expected=expected)


def test_an_accepted_failure_is_xfailed_counted_by_diagnosis_and_not_shrunk():
    expected = ExpectedFailures([Entry("we round 17 up to 21", clause=ROUNDING)])
    run = run_campaign(campaign(expected), diverging_at_the_last_step(ROUNDING))
    assert run.tally.totals == {"xfailed": 6}
    assert not run.tally.diagnoses and run.shrink_attempts == 0
    [accepted] = run.tally.accepted.values()
    assert accepted["count"] == 6 and accepted["first_index"] == 0 and accepted["diagnosis"]["clauses"] == [ROUNDING]
    assert run.engagement.verdict(sample=True).problems == []        # the entry was engaged


def test_a_changed_failure_is_shrunk_only_into_cases_still_changed():
    # the entry accepts the rounding failure at step 0 only: a case failing later is changed
    expected = ExpectedFailures([Entry("known at the first step", clause=ROUNDING, step=0)])
    run = run_campaign(campaign(expected, last=0), diverging_at_the_last_step(ROUNDING))
    assert run.tally.totals == {"changed": 1}
    [record] = run.tally.diagnoses.values()
    example = record["examples"][0]
    assert example["status"] == "changed" and "changed failure" in example["message"]
    shrunk, _ = fuzz_cases.case_from_numbers("dominoes", "match", {}, example["shrunk"]["numbers"], example["seed"])
    # one step would fail at step 0, which the entry accepts (xfailed): not the failure shrunk
    assert len(shrunk["input"]["steps"]) == 2 and example["steps"] > 2


def test_an_entry_that_matched_nothing_is_a_note_and_workers_add_up():
    expected = ExpectedFailures([Entry("known", clause=ROUNDING), Entry("never seen", clause="DOM-OPEN-3")])
    halves = [run_campaign(Campaign("dominoes", [Track("match", {})], 0, 5, shrink=False, expected=expected,
                                    workers=(k, 2)), diverging_at_the_last_step(ROUNDING)) for k in (0, 1)]
    total = Engagement(expected, keep_ids=False)
    for half in halves:
        total.merge(half.engagement)
    whole = run_campaign(campaign(expected, shrink=False), diverging_at_the_last_step(ROUNDING))
    merged, alone = total.verdict(sample=True), whole.engagement.verdict(sample=True)
    assert [p.message for p in merged.problems] == [p.message for p in alone.problems]
    [note] = alone.problems
    assert not note.fails and "DOM-OPEN-3" in note.message and "not an error" in note.message
    session = Session(campaign(expected, shrink=False), Target(None, None), runs=halves)
    assert [p.message for p in expected_verdict(session).notes] == [note.message]


def test_accepted_failures_in_the_report_and_junit_and_xpassed_fails():
    expected = ExpectedFailures([Entry("known", clause=ROUNDING)], source="known.yaml")
    session = Session(campaign(expected, shrink=False), Target(None, None))
    session.runs.append(run_campaign(session.campaign, diverging_at_the_last_step(ROUNDING)))
    report = session_report(session)
    assert report["campaign"]["expected_failures"] == "known.yaml"
    assert report["accepted"][0]["count"] == 6 and report["compared"] == 6 and exit_status(report, "fuzz") == 0
    root = ElementTree.fromstring(junit_xml(report))
    [case] = list(root.iter("testcase"))
    assert case.get("clauses") == ROUNDING and case.find("skipped").get("type") == "horserace.xfailed"
    assert root.find("testsuite").get("skipped") == "6" and root.find("testsuite").get("failures") == "0"
    passed = combine([], [{"kind": "match", "options": {}}], 1)
    xpassed = {**report, **passed, "totals": {**passed["totals"], "xpassed": 1}, "cases": 1, "compared": 1}
    assert exit_status(xpassed, "fuzz") == 1


def test_a_baseline_is_recorded_from_the_stream_not_from_the_aggregate_report(tmp_path):
    from reference.core.baseline import BaselineError, read_run
    from reference.core.fuzz.report import write_json

    session = Session(campaign(ExpectedFailures(), shrink=False), Target(None, None))
    session.runs.append(run_campaign(session.campaign, diverging_at_the_last_step(ROUNDING)))
    write_json(tmp_path / "fuzz.json", session_report(session))
    with pytest.raises(BaselineError, match=r"keeps the first failures of each diagnosis only.*--jsonl"):
        read_run(tmp_path / "fuzz.json")
    (tmp_path / "run.jsonl").write_text('{"case": {"index": 0, "id": "fuzz-dominoes-match-1", "seed": 1, '
                                        '"kind": "match", "status": "passed", "steps": 1, "numbers": 2}}\n'
                                        '{"case": {"index": 1, "id": "fuzz-dominoes-match-2", "seed": 1, '
                                        '"kind": "match", "status": "passed", "steps": 1, "numbers": 2, "seed": 2}}\n')
    with pytest.raises(BaselineError, match=r"run.jsonl:2: not a JSON line: duplicate key"):
        read_run(tmp_path / "run.jsonl")
    (tmp_path / "run.jsonl").write_text((tmp_path / "run.jsonl").read_text().splitlines()[0] + "\n")
    cases, _ = read_run(tmp_path / "run.jsonl")
    assert [(c.id, c.outcome) for c in cases] == [("fuzz-dominoes-match-1", "passing")]
