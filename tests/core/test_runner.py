"""The runner against misbehaving implementations: crashes, hangs, garbage, wrong answers.
Every fault is reported for its case and the run goes on."""

import json
import shlex
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from xml.etree import ElementTree

import pytest

from horserace_cli.main import main
from reference.core import report, runner, schemas
from reference.core.adapter import answer_case, hello_reply
from reference.core.protocol import case_message
from reference.core.runner import ImplementationUnavailable, Selection, run_cases
from tests.core.fakes.shared_cases import every_case_of

FAKE = Path(__file__).parent / "fakes" / "fake_impl.py"
IDS = ["dom-ex-settle-seventeen", "dom-wt-lone-double", "dom-ex-sixty-plus-two", "dom-gen1-layout-001",
       "dom-match-turn-rules"]


@pytest.fixture(scope="module")
def all_dominoes():
    """Every domino case, read once for the tests below that need them all."""
    return list(every_case_of("dominoes"))


@pytest.fixture(scope="module")
def cases(all_dominoes):
    by_id = {c["id"]: c for c in all_dominoes}
    return [by_id[i] for i in IDS]


@pytest.fixture(scope="module", autouse=True)
def fast_fake(cases, tmp_path_factory):
    """The fake answers from precomputed reference answers, so its restarts are quick."""
    path = tmp_path_factory.mktemp("fake") / "answers.json"
    answers = {c["id"]: answer_case(case_message(1, c)) for c in cases}
    path.write_text(json.dumps({"hello": hello_reply(["dominoes"]), "answers": answers}))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FAKE_ANSWERS", str(path))
        yield


def fake(mode, at=0):
    # -S: answering from FAKE_ANSWERS, the fake needs nothing from site-packages (a quicker start)
    return f"{shlex.quote(sys.executable)} -S {shlex.quote(str(FAKE))} {mode} {at}"


def statuses(results):
    return [r.status for r in results]


def test_a_good_implementation_passes_everything(cases):
    results, announced = run_cases(fake("good"), cases)
    assert statuses(results) == ["passed"] * 5
    assert announced["implementation"]["name"] == "horserace-reference"


@pytest.mark.parametrize("mode, words", [
    ("crash", "exited (exit code 3; stderr: fake: crashing on purpose)"),
    ("garbage", "not JSON"),
    ("wrong-seq", "answer for seq 102 while waiting for seq 2"),
])
def test_a_fault_errors_one_case_and_the_run_goes_on(cases, mode, words):
    results, announced = run_cases(fake(mode, 2), cases)
    assert statuses(results) == ["passed", "errored", "passed", "passed", "passed"]
    assert words in results[1].message
    assert "restarted" in results[1].message
    assert announced["starts"] == 2


def test_a_hang_times_out_and_the_run_goes_on(cases):
    results, _ = run_cases(fake("hang", 3), cases, timeout=1.0)
    assert statuses(results) == ["passed", "passed", "errored", "passed", "passed"]
    assert "no answer within 1 s" in results[2].message


def test_noise_on_stdout_is_reported_not_fatal(cases):
    results, _ = run_cases(fake("noisy"), cases[:2])
    assert statuses(results) == ["errored", "errored"]
    assert "not JSON" in results[0].message


def test_wrong_answers_fail_with_the_first_divergence(cases):
    results, _ = run_cases(fake("wrong-answer", 1), cases[:1])
    assert results[0].status == "failed"
    mismatch = results[0].mismatch
    assert mismatch["step"] == 0 and mismatch["action"] == "settle"
    assert mismatch["key"] in ("scores", "settlement")


def test_skipped_and_errored_answers(cases):
    assert statuses(run_cases(fake("skip", 1), cases[:2])[0]) == ["skipped", "passed"]
    results, _ = run_cases(fake("error", 2), cases[:2])
    assert statuses(results) == ["passed", "errored"] and results[1].message == "engine exploded"


class CountedReads(Sequence):
    """Cases that count how often each is read (a selection of vector cases parses it on each read)."""

    def __init__(self, cases):
        self.cases, self.reads = cases, Counter()

    def __len__(self):
        return len(self.cases)

    def __getitem__(self, index):
        self.reads[index] += 1
        return self.cases[index]


@pytest.mark.parametrize("passed_over_kept", [runner.WINDOW_PASSED_OVER, 1])
def test_unsupported_kinds_are_skipped_without_being_sent(cases, monkeypatch, passed_over_kept):
    monkeypatch.setattr(runner, "WINDOW_PASSED_OVER", passed_over_kept)
    counted = CountedReads(cases)
    results, _ = run_cases(fake("partial-hello"), counted)
    assert statuses(results) == ["skipped", "passed", "skipped", "passed", "skipped"]
    assert "does not take settlement cases" in results[0].message
    assert counted.reads == {index: 1 for index in range(len(cases))}  # passed over ahead, not read again


@pytest.mark.parametrize("mode, words", [("protocol-2", "speaks protocol 2"), ("no-hello", "handshake")])
def test_an_implementation_that_cannot_start_is_a_clear_error(cases, mode, words):
    with pytest.raises(ImplementationUnavailable, match=words):
        run_cases(fake(mode), cases)


def test_a_command_that_does_not_exist(cases):
    with pytest.raises(ImplementationUnavailable, match="cannot start"):
        run_cases("/no/such/program", cases)


def test_expected_failures_xfail_and_xpass(cases):
    results, _ = run_cases(fake("wrong-answer", 1), cases[:2],
                           expected_failures={IDS[0]: "rounding not done yet", IDS[1]: "thought broken"})
    assert statuses(results) == ["xfailed", "xpassed"]
    assert not report.ok(results)
    assert "remove it from the list" in results[1].message


def test_reports_validate_and_count_per_game_and_clause(cases, tmp_path):
    from datetime import datetime, timezone
    results, announced = run_cases(fake("wrong-answer", 1), cases)
    data = report.json_report(results, announced, datetime.now(timezone.utc))
    assert schemas.schema_errors(data, "report.schema.json") == []
    assert data["totals"]["failed"] == 1 and data["totals"]["passed"] == 4
    [failed] = [r for r in results if r.status == "failed"]
    charged = failed.mismatch["clauses"]     # the settle step's best-matching clauses
    assert charged and all(data["clauses"][c]["first_divergences"] == 1 for c in charged)
    # the failing case is the only one applying the rounding rule: it is not counted as passed
    assert data["clauses"].get("DOM-SETTLE-3", {}).get("applied_and_passed", 0) == 0
    xml = ElementTree.fromstring(report.junit_xml(results))
    assert xml.find("testsuite").get("failures") == "1"
    text = report.text_summary(results)
    assert "first divergence at step 0 (settle)" in text and "dominoes: 4 passed, 1 failed" in text


def test_selection_filters(all_dominoes):
    all_cases = all_dominoes
    assert {c["kind"] for c in all_cases if Selection(kinds=["perft"]).keep(c)} == {"perft"}
    by_clause = [c for c in all_cases if Selection(clauses=["DOM-TIE-2"]).keep(c)]
    assert by_clause and all("DOM-TIE-2" in c["clauses"] for c in by_clause)
    flagged = [c for c in all_cases if Selection(flags=["block-immediate"]).keep(c)]
    assert flagged and all("block-immediate" in c["flags"] for c in flagged)
    assert not [c for c in all_cases if Selection(skip_flags=["illegal-action"], ids=["dom-layout-branches-wait"]).keep(c)]


def test_check_command_against_the_reference_adapter_writes_reports(tmp_path, capsys, all_dominoes):
    code = main(["check", "--game", "dominoes", "--json", str(tmp_path / "r.json"),
                 "--junit", str(tmp_path / "r.xml")])
    out = capsys.readouterr().out
    assert code == 0, out
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["totals"]["failed"] == data["totals"]["errored"] == 0
    assert data["totals"]["passed"] == len(all_dominoes)


def test_check_command_with_an_expected_failures_file(tmp_path, capsys, cases, monkeypatch):
    from horserace_cli.commands import check
    monkeypatch.setattr(check, "load_selected", lambda chosen: [c for c in cases if chosen.keep(c)])
    xfail = tmp_path / "xfail.yaml"
    xfail.write_text(f"- id: {IDS[0]}\n  reason: settlement rounding not implemented\n")
    code = main(["check", "--impl", fake("wrong-answer", 1), "--id", IDS[0], "--expected-failures", str(xfail)])
    assert code == 0
    assert "1 xfailed" in capsys.readouterr().out
    xfail.write_text("- id: Not An Id\n")
    assert main(["check", "--impl", fake("good"), "--expected-failures", str(xfail)]) == 2


def test_reaping_an_orphan_another_wait_collected_first_is_not_an_error(monkeypatch):
    """An adopted orphan seen ended (a zombie whose parent is this process) may be collected by
    another wait between the look and the reap: waitpid then finds no child, and the run goes on."""
    import os
    from reference.core import processes
    gone = 2 ** 22 + 12345           # above any pid this machine hands out: never a child of ours
    monkeypatch.setattr(processes, "read_proc", lambda pid: processes.Proc(pid, "Z", os.getpid(), 0, 0, 0))
    processes._reap([gone])          # waitpid raises ChildProcessError, which _reap absorbs
