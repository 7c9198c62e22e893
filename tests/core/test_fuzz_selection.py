"""What `check` brought to fuzzing, in the aggregate fuzz design (the w9-fuzz merge): `--mode`
deselects a generated case of another mode through `Feed.record` and no shrink leads into one;
the compared share counts the selected cases only, and `--allow-skips` accepts a small one; the
skipped cases are counted by reason in the report (no per-case list), added up across shards;
the processes a shard could not end stay named in the merged report."""

from __future__ import annotations

import copy
import json

from reference.core.fuzz import cases as fuzz_cases
from reference.core.fuzz.campaign import Campaign, Track, run_campaign
from reference.core.fuzz.report import exit_status, text_summary
from reference.core.fuzz.tally import SKIP_REASONS_REPORTED, Tally, combine
from reference.core.results import CaseResult
from tests.core.test_fuzz_merge import merge, shards  # noqa: F401  (the module's shard reports)

SAME_BUG = {"step": 0, "action": None, "key": "scores", "expected": [0, 0], "actual": [1, 1],
            "clauses": ["DOM-SETTLE-1"]}


def failing_everything(seen: list[dict]):
    """An executor for which every case fails with one diagnosis; it keeps the cases it was sent."""
    def execute(cases, on_result):
        for case in cases:
            seen.append(case)
            on_result(CaseResult(case["id"], case["game"], case["kind"], "failed", mismatch=dict(SAME_BUG)))
        return {"command": "(stand-in)", "starts": 1}
    return execute


def shrunk_mode(modes: tuple[str, ...]) -> tuple[str, list[dict], Tally]:
    """The mode of the one counterexample a 12-case settlement campaign keeps, the cases sent."""
    campaign = Campaign("dominoes", [Track("settlement", {})], 0, 11, shrink_attempts=200, modes=modes)
    seen: list[dict] = []
    run = run_campaign(campaign, failing_everything(seen))
    [record] = run.tally.diagnoses.values()
    example = record["examples"][0]
    case, _ = fuzz_cases.case_from_numbers("dominoes", "settlement", {}, example["shrunk"]["numbers"], example["seed"])
    return case["mode"], seen, run.tally


def test_a_shrink_never_leads_into_a_mode_not_selected():
    free, _, _ = shrunk_mode(())
    assert free == "individual"         # the simplest case is individual: a shrink goes there when it may
    kept, seen, tally = shrunk_mode(("partnership",))
    assert kept == "partnership"
    assert {case["mode"] for case in seen} == {"partnership"}       # nor is one of another mode ever sent
    assert tally.totals["deselected"] + tally.totals["failed"] == 12 and tally.totals["deselected"] > 0


def report_of(totals: dict[str, int], compared: int) -> dict:
    return {"totals": {"passed": 0, "passed-partial": 0, "failed": 0, "errored": 0, "skipped": 0,
                       "deselected": 0, **totals},
            "cases": sum(totals.values()), "compared": compared}


def test_the_compared_share_counts_the_selected_cases_only(capsys):
    # 3 compared of 10 cases, 6 of which a --mode left out: 3 of the 4 selected
    assert exit_status(report_of({"passed": 3, "skipped": 1, "deselected": 6}, 3), "fuzz") == 0
    # 1 of 4 selected: too little, unless skips are allowed
    assert exit_status(report_of({"passed": 1, "skipped": 3, "deselected": 6}, 1), "fuzz") == 1
    assert "compared 1 of 4 cases (25%): less than half of the selected cases (--allow-skips accepts that)" \
        in capsys.readouterr().err
    assert exit_status(report_of({"passed": 1, "skipped": 3, "deselected": 6}, 1), "fuzz", allow_skips=True) == 0
    assert exit_status(report_of({"skipped": 4, "deselected": 6}, 0), "fuzz", allow_skips=True) == 1
    assert "nothing was compared" in capsys.readouterr().err


def skipped(reason: str) -> CaseResult:
    return CaseResult("fuzz-dominoes-match-1", "dominoes", "match", "skipped", message=reason)


def test_skip_reasons_are_counted_and_add_up_across_shards():
    parts = []
    for first, reasons in ((0, ["no match cases"] * 3 + ["nothing observed"]),
                           (10, ["nothing observed"] * 2 + ["no match cases"])):
        tally = Tally([Track("match", {})], 1, 1)
        for index, reason in enumerate(reasons, first):
            tally.add(index, 0, {"kind": "match", "id": f"c{index}"}, skipped(reason))
        parts.append(tally.part())
    fields = combine(parts, [{"kind": "match", "options": {}}], 1)
    assert fields["skip_reasons"] == [{"reason": "no match cases", "count": 4},
                                      {"reason": "nothing observed", "count": 3}]
    assert fields["totals"]["skipped"] == 7 and fields["compared"] == 0
    many = Tally([Track("match", {})], 1, 1)
    for index in range(SKIP_REASONS_REPORTED + 5):
        many.add(index, 0, {"kind": "match", "id": f"c{index}"}, skipped(f"reason {index:02d}"))
    assert len(combine([many.part()], [{"kind": "match", "options": {}}], 1)["skip_reasons"]) == SKIP_REASONS_REPORTED


def test_the_summary_says_the_skip_reasons_and_the_compared_share(shards):
    report = copy.deepcopy(shards["s1"])
    report["totals"].update({"passed": 1, "skipped": 2})
    report["compared"] = 1
    report["skip_reasons"] = [{"reason": "the implementation does not take match cases", "count": 2}]
    text = text_summary(report)
    assert "skipped, by reason:\n  2 the implementation does not take match cases" in text
    assert text.endswith("compared 1 of 3 cases (33%)")


def test_the_processes_a_shard_could_not_end_are_named_in_the_merged_report(shards, tmp_path):
    left = "pid 4242 (sleep 120)"
    one = copy.deepcopy(shards["s1"])
    one["run"]["left_running"] = [left]
    code, out = merge(tmp_path, one, shards["s2"])
    assert code == 0
    assert json.loads(open(out).read())["run"]["left_running"] == [left]


def case_result(status: str, mismatch: dict | None = None, applied: tuple = ()) -> CaseResult:
    return CaseResult("fuzz-dominoes-match-1", "dominoes", "match", status, mismatch=mismatch, applied=list(applied))


def test_per_clause_first_divergences_and_passed_cases_applying_it_are_counted_apart():
    """As check's table by clause: a failure charges its first divergence to its clauses; a
    passing case counts for every clause it applied."""
    tally = Tally([Track("match", {})], 1, 1)
    for index, result in enumerate([case_result("failed", {"key": "scores", "clauses": ["DOM-A-1"]}),
                                    case_result("passed", applied=("DOM-A-1", "DOM-B-2")),
                                    case_result("passed", applied=("DOM-B-2",))]):
        tally.add(index, 0, {"kind": "match", "id": f"c{index}"}, result)
    assert tally.part()["clauses"] == {"DOM-A-1": {"first_divergences": 1, "applied_and_passed": 1},
                                       "DOM-B-2": {"first_divergences": 0, "applied_and_passed": 2}}


def test_accepted_failures_keep_at_most_max_diagnoses_diagnoses_and_count_every_case(monkeypatch):
    """--expected-failures: the failures it accepts (xfailed) are kept by diagnosis, at most
    MAX_DIAGNOSES of them; a later diagnosis is counted in the totals only, a kept one goes on counting."""
    from reference.core.fuzz import tally as tally_module
    monkeypatch.setattr(tally_module, "MAX_DIAGNOSES", 2)
    tally = Tally([Track("match", {})], 1, 1)
    for index, clause in enumerate(["DOM-A-1", "DOM-B-2", "DOM-C-3", "DOM-A-1"]):
        tally.add(index, 0, {"kind": "match", "id": f"c{index}"},
                  case_result("xfailed", {"key": "scores", "clauses": [clause]}))
    accepted = tally.part()["accepted"]
    assert [(a["label"], a["count"], a["first_index"]) for a in accepted] == \
        [("DOM-A-1 [scores]", 2, 0), ("DOM-B-2 [scores]", 1, 1)]
    assert tally.totals["xfailed"] == 4


def test_the_case_indices_show_the_first_four_ranges_and_count_the_rest():
    from reference.core.fuzz.report import ranges_text

    def report(*ranges: tuple[int, int, int]) -> dict:
        return {"ranges": [{"first": a, "last": b, "step": s} for a, b, s in ranges]}

    assert ranges_text(report()) == ""
    assert ranges_text(report((0, 9, 1), (20, 20, 1), (30, 38, 2), (50, 59, 1))) == \
        "case indices 0..9, 20, 30..38 step 2, 50..59"
    assert ranges_text(report(*[(k * 10, k * 10 + 1, 1) for k in range(9)])) == \
        "case indices 0..1, 10..11, 20..21, 30..31 and 5 more"
