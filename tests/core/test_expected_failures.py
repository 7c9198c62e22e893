"""Expected failures that notice change: by id (globs) or by attributed clause, pinned to a step
and key; a listed case failing differently is a changed failure; an entry matching nothing is
an error; JUnit writes the reason."""

from xml.etree import ElementTree

import pytest

from reference.core import report
from reference.core.errors import HorseRaceError
from reference.core.expected_failures import Entry, ExpectedFailures, load_expected_failures
from reference.core.results import CaseResult


def failing(case_id="dom-gen1-match-001", step=0, key="events", clauses=("DOM-OPEN-1",)):
    mismatch = {"step": step, "action": "place 6|6", "key": key, "expected": "1", "actual": "2",
                "differences": [{"key": key, "field": key, "path": key, "expected": "1", "actual": "2"}],
                "later_steps_not_compared": 3, "clauses": list(clauses), "attributed_by": "footprint"}
    return CaseResult(case_id, "dominoes", "match", "failed", ["DOM-OPEN-1", "DOM-TURN-1"], mismatch=mismatch)


def passing(case_id="dom-gen1-match-002"):
    return CaseResult(case_id, "dominoes", "match", "passed", ["DOM-OPEN-1"], applied=["DOM-OPEN-1"])


def test_a_glob_entry_pinned_to_its_divergence_makes_an_expected_failure():
    listed = ExpectedFailures([Entry("opens with any tile", id="dom-gen1-match-*", step=0, key="events")])
    result = failing()
    listed.apply(result)
    assert result.status == "xfailed" and result.message == "expected failure: opens with any tile"


def test_a_listed_case_that_fails_differently_is_a_changed_failure():
    listed = ExpectedFailures([Entry("opens with any tile", id="dom-gen1-match-*", clause="DOM-OPEN-1", step=0,
                                     where="x.yaml:1")])
    other_step = failing(step=4)
    other_clause = failing(clauses=("DOM-DRAW-2",))
    for result in (other_step, other_clause):
        listed.apply(result)
        assert result.status == "changed"
        assert "now diverges" in result.message and "x.yaml:1" in result.message
    assert "DOM-DRAW-2" in other_clause.message
    assert not report.ok([other_step])


def test_a_clause_entry_matches_any_case_attributed_to_it():
    listed = ExpectedFailures([Entry("opening misread", clause="DOM-OPEN-1")])
    mine, another = failing(), failing("dom-gen1-match-009", clauses=("DOM-TURN-1",))
    listed.apply(mine)
    listed.apply(another)
    assert (mine.status, another.status) == ("xfailed", "failed")


def test_a_listed_case_that_passes_is_an_error():
    listed = ExpectedFailures([Entry("broken", id="dom-gen1-match-002")])
    result = passing()
    listed.apply(result)
    assert result.status == "xpassed" and not report.ok([result])


def test_entries_that_match_nothing_are_errors_unless_deselected():
    listed = ExpectedFailures([Entry("typo", id="dom-gen1-mtach-001", where="f:1"),
                               Entry("fixed", clause="DOM-OPEN-1", where="f:2"),
                               Entry("other game", id="hf-round-*", where="f:3"),
                               Entry("no such clause", clause="DOM-NOPE-9", where="f:4")])
    for result in (passing(),):
        listed.apply(result)
    known = ["dom-gen1-match-002", "hf-round-001"]
    problems = listed.unmatched(known, ["dom-gen1-match-002"], ["DOM-OPEN-1"], ["DOM-OPEN-1"])
    assert len(problems) == 3
    assert problems[0].startswith("f:1: id 'dom-gen1-mtach-001' matches no case")
    assert problems[1].startswith("f:2: no failure was attributed to clause DOM-OPEN-1")
    assert problems[2].startswith("f:4: clause 'DOM-NOPE-9'")


def test_junit_writes_the_reason_of_an_expected_failure():
    listed = ExpectedFailures([Entry("opens with any tile", id="dom-gen1-match-001")])
    result = failing()
    listed.apply(result)
    skipped = ElementTree.fromstring(report.junit_xml([result])).find("testsuite/testcase/skipped")
    assert skipped.get("message") == "expected failure: opens with any tile"


def test_the_loader_reads_every_form(tmp_path):
    path = tmp_path / "xfail.yaml"
    path.write_text("- id: dom-gen1-match-*\n  reason: opens with any tile\n  step: 0\n  key: events\n"
                    "- clause: DOM-OPEN-1\n  reason: opening misread\n")
    entries = load_expected_failures(path).entries
    assert [(e.id, e.clause, e.step, e.key) for e in entries] == [
        ("dom-gen1-match-*", None, 0, "events"), (None, "DOM-OPEN-1", None, None)]
    assert entries[1].where.endswith("xfail.yaml:5")


@pytest.mark.parametrize("text, words", [
    ("- reason: neither id nor clause\n", "xfail.yaml:1"),
    ("- id: dom-a\n  reason: ok reason\n  step: -1\n", "xfail.yaml:3"),
    ("- id: dom-a\n  reason: ok reason\n  stpe: 1\n", "stpe"),
    ("- clause: dom-open-1\n  reason: lower case\n", "xfail.yaml:1"),
    ("- id: dom-a\n  reason: one\n- id: dom-a\n  reason: two\n", "listed twice"),
])
def test_a_bad_entry_is_a_located_error(tmp_path, text, words):
    path = tmp_path / "xfail.yaml"
    path.write_text(text)
    with pytest.raises(HorseRaceError) as error:
        load_expected_failures(path)
    assert words in str(error.value)
    assert "xfail.yaml" in str(error.value)
