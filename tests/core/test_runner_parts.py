"""The runner's parts, without an implementation process: what it quotes of stderr, how it
selects cases by id, what it asks for and how it judges an answer, whom it blames for a
repeated answer, and the window of cases sent ahead."""

from __future__ import annotations

import os
import threading

import pytest

from reference.core import runner
from reference.core.results import CaseResult
from reference.core.runner import (BadCommand, InFlight, Selection, StderrTail, Window, blame_repeated_answers,
                                   compared_keys, id_matcher, judge_reply, parse_command)


def tail_of(data: bytes) -> StderrTail:
    """The tail kept of `data` written to a pipe and drained to its end (drain owns the read end)."""
    tail = StderrTail()
    read_end, write_end = os.pipe()

    def write() -> None:
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(data)
    writer = threading.Thread(target=write)
    writer.start()
    tail.drain(read_end)
    writer.join()
    return tail


def test_the_stderr_note_quotes_the_last_lines_and_says_what_it_left_out():
    assert tail_of(b"").note() == ""
    assert tail_of(b"one\ntwo\nthree\nfour\n").note() == "; stderr: two | three | four"
    assert tail_of(b"a\nb\n").note(lines=1) == "; stderr: b"
    assert tail_of(b"bad \x1b[31m colour\n").note() == "; stderr: bad \\x1b[31m colour"
    # more than STDERR_TAIL_BYTES: only the last ones are kept, and the note says so
    flood = b"x" * 10_000 + b"\nlast words\n"
    note = tail_of(flood).note()
    assert note.startswith(f"; stderr (last {runner.STDERR_TAIL_BYTES} of {len(flood)} bytes): ")
    # a quoted tail is at most STDERR_EXCERPT characters, its end kept (what explains an exit)
    quoted = note.split("bytes): ", 1)[1]
    assert quoted == "…" + ("x" * 4000 + " | last words")[-runner.STDERR_EXCERPT:]
    assert len(quoted) == runner.STDERR_EXCERPT + 1


def test_an_id_selection_mixes_exact_ids_and_globs():
    match = id_matcher(["dom-a", "crd-*-001", "hf-[xy]"])
    assert [i for i in ("dom-a", "dom-ab", "crd-gen1-001", "crd-gen1-002", "hf-x", "hf-z", "DOM-A") if match(i)] == \
        ["dom-a", "crd-gen1-001", "hf-x"]
    exact = id_matcher(["plain"])
    assert exact("plain") and not exact("plain2")
    selection = Selection(ids=["dom-a"])
    assert selection.id_matcher()("dom-a")
    selection.ids = ["dom-b"]                     # changed after the first use: the matcher follows
    assert selection.id_matcher()("dom-b") and not selection.id_matcher()("dom-a")


def test_a_selection_keeps_a_case_only_when_every_filter_agrees():
    case = {"id": "dom-x-001", "game": "dominoes", "kind": "match", "clauses": ["DOM-A-1", "DOM-B-1"],
            "flags": ["f1", "f2"]}
    keeps = {
        "nothing": Selection(), "id": Selection(ids=["dom-x-*"]), "game": Selection(games=["no-such-game", "dominoes"]),
        "kind": Selection(kinds=["match"]), "one clause": Selection(clauses=["DOM-B-1", "DOM-C-1"]),
        "all flags": Selection(flags=["f1", "f2"]), "skip another": Selection(skip_flags=["f3"])}
    drops = {
        "id": Selection(ids=["dom-y-*"]), "game": Selection(games=["cards"]), "kind": Selection(kinds=["layout"]),
        "clause": Selection(clauses=["DOM-C-1"]), "a missing flag": Selection(flags=["f1", "f3"]),
        "skip one": Selection(skip_flags=["f3", "f2"])}
    assert all(s.keep(case) for s in keeps.values())
    assert not any(s.keep(case) for s in drops.values())


def test_a_bad_command_line_is_a_clear_error():
    assert parse_command("python3 -S 'my engine.py' --x") == ["python3", "-S", "my engine.py", "--x"]
    with pytest.raises(BadCommand, match="--impl is empty"):
        parse_command("   ")
    with pytest.raises(BadCommand, match="is not a valid command line"):
        parse_command("python 'unclosed")


def case() -> dict:
    return {"id": "dom-x", "game": "dominoes", "kind": "match", "clauses": ["DOM-PTS-1"],
            "input": {"setup": {}, "steps": [{"action": "a"}, {"action": "b"}]},
            "expected": [{"scores": [1, 0], "turn": 1, "hands": [[]]}, {"error": "DOM-DRAW-1"}]}


def test_the_keys_asked_for_are_the_expected_ones_the_implementation_produces():
    result = CaseResult("dom-x", "dominoes", "match", "errored")
    assert compared_keys(result, case(), None) is None and result.not_compared == []
    assert compared_keys(result, case(), ["turn", "scores", "phase"]) == ["scores", "turn"]
    assert result.not_compared == ["hands"]
    assert compared_keys(result, case(), []) == [] and result.not_compared == ["hands", "scores", "turn"]


def test_an_answer_is_judged_skipped_errored_partial_or_by_its_steps():
    good = [{"scores": [1, 0], "turn": 1, "hands": [[]]}, {"error": "no"}]
    result = CaseResult("dom-x", "dominoes", "match", "errored")
    judge_reply(result, case(), {"type": "skipped", "seq": 1, "reason": "not yet"}, None)
    assert (result.status, result.message) == ("skipped", "not yet")
    result = CaseResult("dom-x", "dominoes", "match", "errored")
    judge_reply(result, case(), {"type": "errored", "seq": 1, "message": "boom"}, None)
    assert (result.status, result.message) == ("errored", "boom")
    result = CaseResult("dom-x", "dominoes", "match", "errored")
    judge_reply(result, case(), {"type": "result", "seq": 1, "steps": good}, None)
    assert (result.status, result.message, result.mismatch) == ("passed", "", None)
    result = CaseResult("dom-x", "dominoes", "match", "errored", not_compared=["hands", "turn"])
    judge_reply(result, case(), {"type": "result", "seq": 1, "steps": good}, ["scores"])
    assert result.status == "passed-partial"
    assert result.message == "2 key(s) not compared (the implementation does not produce them): hands, turn"
    result = CaseResult("dom-x", "dominoes", "match", "errored", not_compared=["hands"])
    judge_reply(result, case(), {"type": "result", "seq": 1, "steps": [{"scores": [0, 0]}, {"error": "x"}]},
                ["scores"])
    assert result.status == "failed" and result.mismatch["key"] == "scores" and result.message == ""


def test_a_second_answer_to_an_earlier_case_errors_that_case():
    results = {1: CaseResult("a", "g", "k", "passed", mismatch=None),
               2: CaseResult("b", "g", "k", "failed", mismatch={"step": 0}, message="diverged"),
               3: CaseResult("c", "g", "k", "skipped", message="no"),
               4: CaseResult("d", "g", "k", "passed")}
    blame_repeated_answers({3, 1, 2}, results, "e")
    assert [results[i].status for i in (1, 2, 3, 4)] == ["errored", "errored", "errored", "passed"]
    assert results[1].message == "answered twice: a second answer for seq 1 arrived while case e was running"
    assert results[2].message.endswith("while case e was running; diverged") and results[2].mismatch is None
    assert results[3].message.endswith("; no")


def flight(index: int, size: int = 100) -> InFlight:
    return InFlight(index, {"id": f"c{index}"}, index + 1, CaseResult(f"c{index}", "g", "k", "errored"), None, 0.0,
                    size=size)


def test_the_window_sends_ahead_within_its_bounds_and_tops_up_at_half():
    cases = [{"id": f"c{i}"} for i in range(40)]
    window = Window(cases)
    assert window.half_free() and window.next_to_send() == 0
    for i in range(runner.WINDOW_CASES):
        assert window.next_to_send() == i
        window.sent(flight(i))
    assert window.next_to_send() is None                                 # full by count
    assert not window.half_free()
    for i in range(runner.WINDOW_CASES // 2):
        assert window.take(i).index == i
    assert window.half_free() and window.next_to_send() == runner.WINDOW_CASES
    # full by bytes
    window = Window(cases)
    window.sent(flight(0, size=runner.WINDOW_BYTES))
    assert window.next_to_send() is None and not window.half_free()
    window.take(0)
    assert window.half_free() and window.bytes == 0
    # a case not sent ahead is taken as None and reading goes on after it
    window = Window(cases)
    assert window.take(5) is None and window.next_to_send() == 5
    window.passed(5)
    assert window.next_to_send() == 6


def test_the_window_forgets_what_it_sent_when_the_process_fails():
    cases = [{"id": f"c{i}"} for i in range(10)]
    window = Window(cases)
    for i in range(3):
        window.sent(flight(i))
    window.take(0)
    window.drop()
    assert window.flights == type(window.flights)() and window.bytes == 0 and window.next_to_send() == 1
    # passed over (not taken by the implementation): kept for its turn, read once
    window = Window(cases)
    window.passed_over(cases[0])
    window.sent(flight(1))
    assert [case["id"] for _, case in window] == [f"c{i}" for i in range(10)]
    assert not window.passed_over_cases


def test_the_window_stops_reading_ahead_past_its_passed_over_bound():
    cases = [{"id": f"c{i}"} for i in range(runner.WINDOW_PASSED_OVER + 5)]
    window = Window(cases)
    for case_ in cases[:runner.WINDOW_PASSED_OVER]:
        window.passed_over(case_)
    assert window.next_to_send() is None
