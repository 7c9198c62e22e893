"""Expected-failure entries, one rule at a time: what an entry fits, how it is described in a
changed failure, which entries are reported as matching nothing, and the JSON reader's bounds
(its own, as it reads JSON files itself)."""

from __future__ import annotations

import pytest

from reference.core import expected_failures as module
from reference.core.errors import ScenarioError
from reference.core.expected_failures import Entry, ExpectedFailures, load_expected_failures
from reference.core.results import CaseResult


def mismatch(step=2, key="scores", clauses=("DOM-PTS-1",), more_keys=()):
    return {"step": step, "key": key, "clauses": list(clauses),
            "differences": [{"key": k} for k in (key, *more_keys)]}


def test_an_entry_fits_only_when_each_of_its_pins_agrees():
    m = mismatch(more_keys=("turn",))
    assert Entry("r").fits(m)
    assert Entry("r", clause="DOM-PTS-1").fits(m) and not Entry("r", clause="DOM-PTS-2").fits(m)
    assert Entry("r", step=2).fits(m) and not Entry("r", step=3).fits(m) and not Entry("r", step=0).fits(m)
    assert Entry("r", key="scores").fits(m) and Entry("r", key="turn").fits(m)      # any differing key
    assert not Entry("r", key="hands").fits(m)
    assert Entry("r", clause="DOM-PTS-1", step=2, key="turn").fits(m)
    assert not Entry("r", clause="DOM-PTS-1", step=2, key="hands").fits(m)
    assert not Entry("r", clause="DOM-PTS-2", step=2, key="turn").fits(m)
    # the mismatch's own key counts even when the differences do not list it
    assert Entry("r", key="error").fits({"step": 0, "key": "error", "clauses": []})


def test_an_entry_describes_itself_by_every_pin_it_has():
    assert Entry("r", id="dom-a").describe() == "id dom-a"
    assert Entry("r", clause="DOM-A-1").describe() == "clause DOM-A-1"
    assert Entry("r", id="dom-a", clause="DOM-A-1", step=0, key="scores").describe() == \
        "id dom-a, clause DOM-A-1, step 0, key scores"
    assert Entry("r", clause="DOM-A-1", key="turn").describe() == "clause DOM-A-1, key turn"


def failed(case_id="dom-a", **pins) -> CaseResult:
    return CaseResult(case_id, "dominoes", "match", "failed", ["DOM-PTS-1"], mismatch=mismatch(**pins))


def test_the_first_fitting_entry_gives_the_reason_id_entries_before_clause_entries():
    listed = ExpectedFailures([Entry("by clause", clause="DOM-PTS-1"), Entry("by id, wrong step", id="dom-a", step=5),
                               Entry("by id", id="dom-*"), Entry("by id again", id="dom-a")])
    result = failed()
    listed.apply(result)
    assert (result.status, result.message) == ("xfailed", "expected failure: by id")
    assert [e.used for e in listed.entries] == [False, True, True, True]


def test_a_clause_entry_alone_xfails_any_case_and_never_makes_a_change():
    listed = ExpectedFailures([Entry("by clause", clause="DOM-PTS-9", where="f:1")])
    result = failed()
    listed.apply(result)
    assert result.status == "failed" and not listed.entries[0].used


def test_a_changed_failure_names_the_entry_and_the_new_divergence():
    listed = ExpectedFailures([Entry("rounding", id="dom-a", clause="DOM-SETTLE-3", step=0, where="x.yaml:4"),
                               Entry("later", id="dom-a", key="hands", where="x.yaml:9")])
    result = failed(step=2, key="scores", clauses=("DOM-PTS-1", "DOM-PTS-2"))
    listed.apply(result)
    assert result.status == "changed"
    assert result.message == ("changed failure: listed as an expected failure (id dom-a, clause DOM-SETTLE-3, "
                              "step 0; x.yaml:4: rounding) but now diverges at step 2 on scores, attributed to "
                              "DOM-PTS-1, DOM-PTS-2: update the entry")
    unattributed = CaseResult("dom-a", "dominoes", "match", "failed", mismatch={"step": 1, "key": "turn"})
    listed.apply(unattributed)
    assert unattributed.message.endswith("diverges at step 1 on turn, attributed to -: update the entry")


@pytest.mark.parametrize("status", ["passed", "passed-partial"])
def test_a_listed_case_that_passes_is_xpassed(status):
    listed = ExpectedFailures([Entry("broken", id="dom-a", where="x.yaml:2")])
    result = CaseResult("dom-a", "dominoes", "match", status)
    listed.apply(result)
    assert result.status == "xpassed"
    assert result.message == "listed as an expected failure (x.yaml:2: broken) but passed: remove it from the list"


@pytest.mark.parametrize("status", ["skipped", "errored"])
def test_a_listed_case_that_did_not_compare_keeps_its_status_and_uses_the_entry(status):
    listed = ExpectedFailures([Entry("broken", id="dom-a")])
    result = CaseResult("dom-a", "dominoes", "match", status, message="why")
    listed.apply(result)
    assert (result.status, result.message) == (status, "why") and listed.entries[0].used
    assert listed.unmatched(["dom-a"], ["dom-a"], [], []) == []


def test_an_unused_entry_is_reported_unless_its_cases_were_only_deselected():
    listed = ExpectedFailures([Entry("typo", id="dom-zzz", where="f:1"),
                               Entry("deselected", id="dom-b*", where="f:2"),
                               Entry("fixed", clause="DOM-PTS-1", where="f:3"),
                               Entry("not run", clause="DOM-PTS-2", where="f:4"),
                               Entry("unknown", clause="DOM-NOPE-1", where="f:5"),
                               Entry("used", clause="DOM-PTS-3", where="f:6")])
    listed.entries[-1].used = True
    problems = listed.unmatched(["dom-a", "dom-b1"], ["dom-a"], ["DOM-PTS-1", "DOM-PTS-2", "DOM-PTS-3"],
                                ["DOM-PTS-1", "DOM-PTS-3"])
    assert problems == ["f:1: id 'dom-zzz' matches no case",
                        "f:3: no failure was attributed to clause DOM-PTS-1 (fixed? remove the entry)",
                        "f:5: clause 'DOM-NOPE-1' is exercised by no case"]


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
    assert changed.message.startswith("changed failure: listed as an expected failure (id dom-*, step 7; x.yaml:1: first)")
