"""Expected-failure entries, one rule at a time: what an entry fits, which entry speaks for a
failure, how it is described in a changed failure, what the verdict says of an entry nothing
engaged (stale, unknown, not exercised), and the JSON reader's bounds."""

from __future__ import annotations

import pytest

from reference.core import expected_failures as module
from reference.core.errors import ScenarioError
from reference.core.expected_failures import Diagnosis, Engagement, Entry, ExpectedFailures, load_expected_failures
from reference.core.results import CaseResult


def mismatch(step=2, key="scores", clauses=("DOM-PTS-1",), more_keys=()):
    return {"step": step, "key": key, "clauses": list(clauses),
            "differences": [{"key": k, "field": k, "actual": "9"} for k in (key, *more_keys)]}


def diagnosis(**pins) -> Diagnosis:
    return Diagnosis.of(mismatch(**pins))


def test_an_entry_fits_only_when_each_of_its_pins_agrees():
    d = diagnosis(more_keys=("turn",))
    assert Entry("r").fits(d)
    assert Entry("r", clause="DOM-PTS-1").fits(d) and not Entry("r", clause="DOM-PTS-2").fits(d)
    assert Entry("r", step=2).fits(d) and not Entry("r", step=3).fits(d) and not Entry("r", step=0).fits(d)
    assert Entry("r", key="scores").fits(d) and Entry("r", key="turn").fits(d)      # any differing key
    assert not Entry("r", key="hands").fits(d)
    assert Entry("r", clause="DOM-PTS-1", step=2, key="turn").fits(d)
    assert not Entry("r", clause="DOM-PTS-1", step=2, key="hands").fits(d)
    assert not Entry("r", clause="DOM-PTS-2", step=2, key="turn").fits(d)
    # `clauses`: exactly the clauses charged, in any order, no more and no fewer
    two = diagnosis(clauses=("DOM-PTS-2", "DOM-PTS-1"))
    assert Entry("r", clauses=("DOM-PTS-1", "DOM-PTS-2")).fits(two) and Entry("r", clauses=("DOM-PTS-2", "DOM-PTS-1")).fits(two)
    assert not Entry("r", clauses=("DOM-PTS-1",)).fits(two) and not Entry("r", clauses=()).fits(two)
    assert not Entry("r", clauses=("DOM-PTS-1", "DOM-PTS-2", "DOM-PTS-3")).fits(two)
    assert Entry("r", clauses=()).fits(diagnosis(clauses=()))
    # the mismatch's own key counts when no differences are listed
    assert Entry("r", key="error").fits(Diagnosis.of({"step": 0, "key": "error", "clauses": []}))


def test_an_entry_describes_itself_by_every_pin_it_has():
    assert Entry("r", id="dom-a").describe() == "id dom-a"
    assert Entry("r", clause="DOM-A-1").describe() == "clause DOM-A-1"
    assert Entry("r", id="dom-a", clause="DOM-A-1", step=0, key="scores").describe() == \
        "id dom-a, clause DOM-A-1, step 0, key scores"
    assert Entry("r", clause="DOM-A-1", key="turn").describe() == "clause DOM-A-1, key turn"
    assert Entry("r", id="dom-a", clauses=("DOM-A-1", "DOM-A-2"), actual={"scores": "[1, 2]", "turn": "0"},
                 digest="sha256:0123456789abcdef", skipped=True).describe() == \
        "id dom-a, attributed to DOM-A-1, DOM-A-2, 2 accepted value(s), digest sha256:0123456789abcdef, skipped"
    assert Entry("r", id="dom-a", clauses=()).describe() == "id dom-a, attributed to -"


def failed(case_id="dom-a", **pins) -> CaseResult:
    return CaseResult(case_id, "dominoes", "match", "failed", ["DOM-PTS-1"], mismatch=mismatch(**pins))


def engaged(listed: ExpectedFailures, *results: CaseResult) -> list[int]:
    """The entries (by place in the file) that the judged results engaged."""
    engagement = Engagement(listed)
    for result in results:
        engagement.add(result)
    return sorted(engagement.engaged)


def test_the_first_covering_entry_in_file_order_gives_the_reason_and_every_covering_entry_is_engaged():
    listed = ExpectedFailures([Entry("by clause", clause="DOM-PTS-1"), Entry("another clause", clause="DOM-PTS-9"),
                               Entry("by id", id="dom-*"), Entry("another case", id="dom-b"),
                               Entry("by id again", id="dom-a"), Entry("skips it", id="dom-a", skipped=True)])
    result = failed()
    listed.apply(result)
    assert (result.status, result.message) == ("xfailed", "expected failure: by clause")
    assert engaged(listed, result) == [0, 2, 4]
    # file order, not id entries first nor exact ids before globs
    for entries, reason in (([Entry("by id", id="dom-*"), Entry("by clause", clause="DOM-PTS-1")], "by id"),
                            ([Entry("glob", id="dom-*"), Entry("exact", id="dom-a")], "glob"),
                            ([Entry("skips it", id="dom-a", skipped=True), Entry("exact", id="dom-a")], "exact")):
        result = failed()
        ExpectedFailures(entries).apply(result)
        assert (result.status, result.message) == ("xfailed", f"expected failure: {reason}")


def test_a_clause_entry_takes_no_failure_attributed_to_another_clause():
    """A case that exercises the entry's clause but fails on another: the failure stays a
    failure, the entry is not engaged, and, every case of the clause run, it is stale."""
    listed = ExpectedFailures([Entry("by clause", clause="DOM-PTS-2", step=5, where="f:1")])
    result = CaseResult("dom-a", "dominoes", "match", "failed", ["DOM-PTS-1", "DOM-PTS-2"], mismatch=mismatch())
    listed.apply(result)
    assert result.status == "failed" and engaged(listed, result) == []
    verdict = listed.verdict([result], known=lambda: [("dom-a", ["DOM-PTS-1", "DOM-PTS-2"])])
    assert [(p.kind, p.fails, p.message) for p in verdict.problems] == [
        ("stale", True, "f:1: no failure was attributed to clause DOM-PTS-2, step 5 in the 1 compared case(s) "
                        "that exercise it (fixed? remove the entry: `horserace baseline update` drops it)")]


def test_a_changed_failure_names_the_entry_and_the_new_divergence():
    listed = ExpectedFailures([Entry("rounding", id="dom-a", clause="DOM-SETTLE-3", step=0, where="x.yaml:4"),
                               Entry("later", id="dom-a", key="hands", where="x.yaml:9")])
    result = failed(step=2, key="scores", clauses=("DOM-PTS-2", "DOM-PTS-1"))
    listed.apply(result)
    assert result.status == "changed"
    assert result.message == ("changed failure: x.yaml:4 (id dom-a, clause DOM-SETTLE-3, step 0: rounding) expects "
                              "clause DOM-SETTLE-3 among the attributed clauses; step 0; now diverges at step 2, "
                              "attributed to DOM-PTS-1, DOM-PTS-2, scores = 9: the implementation misreads something "
                              "else than the entry says (review it; `horserace baseline update` re-pins it)")
    unattributed = CaseResult("dom-a", "dominoes", "match", "failed", mismatch={"step": 1, "key": "turn", "actual": "2"})
    listed.apply(unattributed)
    assert unattributed.message.startswith("changed failure: x.yaml:4 ")
    assert "; now diverges at step 1, attributed to -, turn = 2: " in unattributed.message
    # the first entry fits, the second does not: changed all the same, named by the second
    fits_first = failed(step=0, key="scores", clauses=("DOM-SETTLE-3",))
    listed.apply(fits_first)
    assert fits_first.status == "changed"
    assert fits_first.message.startswith("changed failure: x.yaml:9 (id dom-a, key hands: later) expects key hands "
                                         "differing; now diverges at step 0, attributed to DOM-SETTLE-3, scores = 9: ")


@pytest.mark.parametrize("status", ["passed", "passed-partial"])
def test_a_listed_case_that_passes_is_xpassed(status):
    listed = ExpectedFailures([Entry("broken", id="dom-a", where="x.yaml:2")])
    result = CaseResult("dom-a", "dominoes", "match", status)
    listed.apply(result)
    assert result.status == "xpassed"
    assert result.message == ("listed as an expected failure (x.yaml:2: broken) but passed: remove it from the list "
                              "(`horserace baseline update` drops it)")
    assert engaged(listed, result) == [0]


@pytest.mark.parametrize("status", ["skipped", "errored"])
def test_a_listed_case_that_did_not_compare_keeps_its_status_and_its_entry_is_not_exercised(status):
    listed = ExpectedFailures([Entry("broken", id="dom-a", where="f:1")])
    result = CaseResult("dom-a", "dominoes", "match", status, message="why")
    listed.apply(result)
    assert (result.status, result.message) == (status, "why") and engaged(listed, result) == []
    verdict = listed.verdict([result], known=lambda: [("dom-a", [])])
    assert verdict.ok()
    assert [(p.kind, p.message) for p in verdict.notes] == [
        ("not-exercised", "1 id entry not exercised (its cases were skipped or errored) (f:1)")]


def test_an_unused_entry_is_an_error_unless_its_cases_were_left_out_of_the_run():
    """Stale (a fixed failure) or unknown (a typo): an error; an entry none of whose cases the
    run compared (deselected): a note, not exercised; an engaged entry: nothing."""
    listed = ExpectedFailures([Entry("typo", id="dom-zzz", where="f:1"),
                               Entry("deselected", id="dom-b*", where="f:2"),
                               Entry("fixed", clause="DOM-PTS-1", where="f:3"),
                               Entry("not run", clause="DOM-PTS-2", where="f:4"),
                               Entry("unknown", clause="DOM-NOPE-1", where="f:5"),
                               Entry("used", clause="DOM-PTS-3", where="f:6")])
    result = CaseResult("dom-a", "dominoes", "match", "failed", ["DOM-PTS-1", "DOM-PTS-3"],
                        mismatch=mismatch(clauses=("DOM-PTS-3",)))
    listed.apply(result)
    assert result.status == "xfailed"
    verdict = listed.verdict([result], known=lambda: [("dom-a", ["DOM-PTS-1", "DOM-PTS-3"]),
                                                      ("dom-b1", ["DOM-PTS-2"])])
    assert [(p.kind, p.fails, p.message) for p in verdict.problems] == [
        ("unknown", True, "f:1: id 'dom-zzz' matches no case"),
        ("stale", True, "f:3: no failure was attributed to clause DOM-PTS-1 in the 1 compared case(s) that "
                        "exercise it (fixed? remove the entry: `horserace baseline update` drops it)"),
        ("not-exercised", False, "f:4: clause DOM-PTS-2: not exercised (no case of this run that exercises it "
                                 "was compared)"),
        ("unknown", True, "f:5: clause 'DOM-NOPE-1' is exercised by no case"),
        ("not-exercised", False, "1 id entry not exercised (its cases were left out of this run) (f:2)")]


def test_a_json_file_one_byte_over_the_bound_is_refused_by_size(tmp_path, monkeypatch):
    text = '[{"id": "dom-a", "reason": "not yet"}]'
    monkeypatch.setattr(module, "MAX_BYTES", len(text))
    path = tmp_path / "x.json"
    path.write_text(text, encoding="utf-8")
    assert [e.id for e in load_expected_failures(path).entries] == ["dom-a"]
    path.write_text(text + " ", encoding="utf-8")
    with pytest.raises(ScenarioError, match=f"larger than {len(text)} bytes"):
        load_expected_failures(path)


def test_a_json_file_that_cannot_be_read_says_so(tmp_path):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    with pytest.raises(ScenarioError) as caught:
        load_expected_failures(folder)
    assert "cannot read the file: Is a directory" in str(caught.value) and "folder.json" in str(caught.value)
    with pytest.raises(ScenarioError, match="no such file"):
        load_expected_failures(tmp_path / "absent.json")


def test_only_a_failed_case_can_be_an_expected_failure():
    """A crash is never excused by the list, even one that carries a divergence record."""
    listed = ExpectedFailures([Entry("known", id="dom-a"), Entry("by clause", clause="DOM-PTS-1")])
    for status in ("errored", "skipped"):
        result = CaseResult("dom-a", "dominoes", "match", status, mismatch=mismatch(), message="boom")
        listed.apply(result)
        assert (result.status, result.message) == (status, "boom")


def test_the_messages_name_the_first_entry_that_lists_the_case():
    listed = ExpectedFailures([Entry("first", id="dom-*", where="x.yaml:1"), Entry("second", id="dom-a", where="x.yaml:5")])
    passed = CaseResult("dom-a", "dominoes", "match", "passed")
    listed.apply(passed)
    assert passed.message.startswith("listed as an expected failure (x.yaml:1: first)")
    changed = failed()
    ExpectedFailures([Entry("first", id="dom-*", step=7, where="x.yaml:1"),
                      Entry("second", id="dom-a", step=8, where="x.yaml:5")]).apply(changed)
    assert changed.message.startswith("changed failure: x.yaml:1 (id dom-*, step 7: first) expects step 7; ")
