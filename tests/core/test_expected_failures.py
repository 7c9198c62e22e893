"""The one judge of expected failures (reference/core/expected_failures.py): by id (globs) or by
attributed clause, pinned to a step, key, the attributed clauses and the values given; a failure
an entry covers but does not fit is changed, even when another entry fits; every entry a failure
satisfies counts as used; an entry whose cases were not run is not exercised, not an error; a case
the baseline compared that is now skipped is changed; JUnit tells all of it apart."""

from xml.etree import ElementTree

import pytest

from reference.core import report
from reference.core.errors import HorseRaceError
from reference.core.expected_failures import Entry, ExpectedFailures, load_expected_failures
from reference.core.results import CaseResult


def failing(case_id="dom-gen1-match-001", step=0, key="events", clauses=("DOM-OPEN-1",), actual="2",
            basis="paths"):
    mismatch = {"step": step, "action": "place 6|6", "key": key, "expected": "1", "actual": actual,
                "differences": [{"key": key, "field": key, "path": key, "expected": "1", "actual": actual}],
                "later_steps_not_compared": 3, "clauses": list(clauses), "attributed_by": basis}
    return CaseResult(case_id, "dominoes", "match", "failed", ["DOM-OPEN-1", "DOM-TURN-1"], mismatch=mismatch,
                      applied=["DOM-OPEN-1", "DOM-TURN-1"])


def passing(case_id="dom-gen1-match-002"):
    return CaseResult(case_id, "dominoes", "match", "passed", ["DOM-OPEN-1"], applied=["DOM-OPEN-1"])


def judged(listed, result):
    listed.apply(result)
    return result


def test_a_glob_entry_pinned_to_its_divergence_makes_an_expected_failure():
    listed = ExpectedFailures([Entry("opens with any tile", id="dom-gen1-match-*", step=0, key="events")])
    result = judged(listed, failing())
    assert result.status == "xfailed" and result.message == "expected failure: opens with any tile"


def test_a_listed_case_that_fails_differently_is_a_changed_failure():
    listed = ExpectedFailures([Entry("opens with any tile", id="dom-gen1-match-*", clause="DOM-OPEN-1", step=0,
                                     where="x.yaml:1")])
    other_step = judged(listed, failing(step=4))
    other_clause = judged(listed, failing(clauses=("DOM-DRAW-2",)))
    for result in (other_step, other_clause):
        assert result.status == "changed"
        assert "now diverges" in result.message and "x.yaml:1" in result.message
    assert "DOM-DRAW-2" in other_clause.message
    assert not report.ok([other_step])


def test_a_clause_entry_matches_any_case_attributed_to_it():
    listed = ExpectedFailures([Entry("opening misread", clause="DOM-OPEN-1")])
    mine, another = failing(), failing("dom-gen1-match-009", clauses=("DOM-TURN-1",))
    assert (judged(listed, mine).status, judged(listed, another).status) == ("xfailed", "failed")


# -- issue 24 item 4: no loopholes ---------------------------------------------------------------

def test_a_clause_entry_takes_no_failure_charged_to_every_clause_of_the_step():
    """No clause covered what differs, so the attribution charged every clause of the step (or
    the case's): that names no clause, and a clause entry must not take it as its own."""
    listed = ExpectedFailures([Entry("turn order misread", clause="DOM-TURN-1")])
    for basis in ("step", "case"):
        result = judged(listed, failing(clauses=("DOM-OPEN-1", "DOM-TURN-1"), basis=basis))
        assert result.status == "failed", basis
    assert judged(listed, failing(clauses=("DOM-OPEN-1", "DOM-TURN-1"))).status == "xfailed"


def test_a_failure_an_entry_covers_but_does_not_fit_is_changed_even_when_another_entry_fits():
    pinned = Entry("recorded", id="dom-gen1-match-001", step=0, clauses=("DOM-OPEN-1",), actual={"events": "2"},
                   where="base.yaml:7")
    by_clause = Entry("opening misread", clause="DOM-OPEN-1", where="base.yaml:2")
    listed = ExpectedFailures([by_clause, pinned])
    assert judged(listed, failing()).status == "xfailed"
    moved_value = judged(listed, failing(actual="3"))           # the clause entry still fits it
    assert moved_value.status == "changed"
    assert "base.yaml:7" in moved_value.message and "events = 3" in moved_value.message
    keyed = ExpectedFailures([Entry("opening misread", clause="DOM-OPEN-1", key="scores", where="b:1"),
                              Entry("turn misread", clause="DOM-TURN-1", where="b:2")])
    assert judged(keyed, failing(clauses=("DOM-OPEN-1", "DOM-TURN-1"))).status == "changed"


def test_every_entry_a_failure_satisfies_is_used():
    listed = ExpectedFailures([Entry("opening", clause="DOM-OPEN-1", where="f:1"),
                               Entry("turn", clause="DOM-TURN-1", where="f:2"),
                               Entry("this case", id="dom-gen1-match-001", where="f:3")])
    result = judged(listed, failing(clauses=("DOM-OPEN-1", "DOM-TURN-1")))
    assert result.status == "xfailed"
    verdict = listed.verdict([result], known=lambda: [])
    assert verdict.problems == [] and verdict.ok()


def test_an_entry_whose_cases_were_all_skipped_or_left_out_is_not_exercised_not_an_error():
    listed = ExpectedFailures([Entry("skipped case", id="dom-gen1-match-001", where="f:1"),
                               Entry("deselected case", id="dom-gen1-match-003", where="f:2"),
                               Entry("clause of skipped cases", clause="DOM-TURN-1", where="f:3"),
                               Entry("clause partly run", clause="DOM-OPEN-1", where="f:4")])
    skipped = CaseResult("dom-gen1-match-001", "dominoes", "match", "skipped", ["DOM-TURN-1"],
                         applied=["DOM-TURN-1"])
    results = [skipped, passing()]
    known = [("dom-gen1-match-001", ["DOM-TURN-1"]), ("dom-gen1-match-002", ["DOM-OPEN-1"]),
             ("dom-gen1-match-003", ["DOM-OPEN-1"])]
    verdict = listed.verdict(results, known=lambda: known)
    assert verdict.ok(), [p.message for p in verdict.errors]
    notes = {p.entry.where: p.message for p in verdict.notes if p.kind == "not-exercised"}
    assert sorted(notes) == ["f:1", "f:2", "f:3", "f:4"]
    assert "not exercised (its cases were skipped or errored)" in notes["f:1"]
    assert "not exercised (its cases were left out of this run)" in notes["f:2"]
    assert "1 more were left out" in notes["f:4"]
    # the same clause entry, every case exercising the clause run: stale, an error
    whole = ExpectedFailures(listed.entries[3:]).verdict(results, known=lambda: known[:2])
    assert [(p.entry.where, p.kind) for p in whole.errors] == [("f:4", "stale")]


def test_the_entries_of_cases_left_out_make_one_note_not_one_each():
    listed = ExpectedFailures([Entry("recorded", id=f"dom-gen1-match-{n:03}", where=f"f:{n}") for n in range(10, 60)])
    verdict = listed.verdict([passing()], known=lambda: [(f"dom-gen1-match-{n:03}", []) for n in range(100)])
    assert [p.message for p in verdict.problems] == [
        "50 id entries not exercised (its cases were left out of this run) (f:10, f:11, f:12, ...)"]
    assert verdict.ok()


def test_entries_that_name_nothing_are_errors():
    listed = ExpectedFailures([Entry("typo", id="dom-gen1-mtach-001", where="f:1"),
                               Entry("no such clause", clause="DOM-NOPE-9", where="f:2"),
                               Entry("other game", id="hf-round-*", where="f:3")])
    verdict = listed.verdict([passing()], known=lambda: [("dom-gen1-match-002", ["DOM-OPEN-1"]),
                                                         ("hf-round-001", ["HF-RACE-1"])])
    assert [(p.entry.where, p.kind) for p in verdict.errors] == [("f:1", "unknown"), ("f:2", "unknown")]
    assert verdict.errors[0].message == "f:1: id 'dom-gen1-mtach-001' matches no case"
    assert [p.entry.where for p in verdict.notes] == ["f:3"]
    sample = listed.verdict([passing()], known=None, sample=True)      # a fuzz campaign: said, not an error
    assert sample.ok() and len(sample.notes) == 3


# -- issue 36: the accepted value, and the compared set ------------------------------------------

def test_an_entry_pinning_the_values_given_takes_only_those_values():
    from reference.core.expected_failures import Diagnosis

    result = failing(actual="[24, 30]")
    d = Diagnosis.of(result.mismatch)
    listed = ExpectedFailures([Entry("rounds up", id=result.id, actual={"events": "[24, 30]"})])
    assert judged(listed, failing(actual="[24, 30]")).status == "xfailed"
    assert judged(listed, failing(actual="[25, 30]")).status == "changed"
    by_digest = ExpectedFailures([Entry("rounds up", id=result.id, digest=d.digest)])
    assert judged(by_digest, failing(actual="[24, 30]")).status == "xfailed"
    changed = judged(by_digest, failing(actual="[25, 30]"))
    assert changed.status == "changed" and f"digest {d.digest}" in changed.message
    another_field = failing(actual="[24, 30]")
    another_field.mismatch["differences"].append({"key": "scores", "field": "scores", "path": "scores",
                                                  "expected": "[23, 30]", "actual": "[24, 30]"})
    assert judged(listed, another_field).status == "changed"       # a new wrong value beside the accepted one


def test_a_case_the_baseline_compared_that_is_now_skipped_is_changed_unless_accepted():
    baseline = ExpectedFailures([], "base.yaml", compared=["dom-gen1-match-001", "dom-gen1-match-002"])
    skipped = CaseResult("dom-gen1-match-001", "dominoes", "match", "skipped", message="kind not supported")
    assert judged(baseline, skipped).status == "changed"
    assert "compared in the baseline (base.yaml), now skipped: kind not supported" in skipped.message
    never = CaseResult("dom-gen1-match-007", "dominoes", "match", "skipped", message="kind not supported")
    assert judged(baseline, never).status == "skipped"
    accepted = ExpectedFailures([Entry("match cases dropped for now", id="dom-gen1-match-*", skipped=True)],
                                "base.yaml", compared=["dom-gen1-match-001"])
    again = CaseResult("dom-gen1-match-001", "dominoes", "match", "skipped", message="kind not supported")
    assert judged(accepted, again).status == "skipped"
    assert judged(accepted, failing()).status == "failed"          # a skip entry accepts no failure
    compared_again = accepted.verdict([passing("dom-gen1-match-001")], known=lambda: [])
    assert [p.kind for p in compared_again.errors] == ["stale"]


def test_a_listed_case_that_passes_is_an_error():
    result = judged(ExpectedFailures([Entry("broken", id="dom-gen1-match-002")]), passing())
    assert result.status == "xpassed" and not report.ok([result])


# -- reports -----------------------------------------------------------------------------------------

def test_junit_tells_accepted_failures_from_unsupported_cases_and_names_the_clauses():
    listed = ExpectedFailures([Entry("opens with any tile", id="dom-gen1-match-001")])
    accepted = judged(listed, failing(clauses=("DOM-OPEN-1", "DOM-OPEN-3")))
    unsupported = CaseResult("dom-gen1-match-005", "dominoes", "match", "skipped", message="kind not supported")
    wrong = failing("dom-gen1-match-003", clauses=("DOM-TURN-1",))
    root = ElementTree.fromstring(report.junit_xml([accepted, unsupported, wrong]))
    cases = {c.get("name"): c for c in root.iter("testcase")}
    assert cases["dom-gen1-match-001"].find("skipped").get("type") == "horserace.xfailed"
    assert cases["dom-gen1-match-001"].find("skipped").get("message") == "expected failure: opens with any tile"
    assert cases["dom-gen1-match-005"].find("skipped").get("type") == "horserace.skipped"
    assert cases["dom-gen1-match-001"].get("clauses") == "DOM-OPEN-1 DOM-OPEN-3"
    assert cases["dom-gen1-match-003"].get("clauses") == "DOM-TURN-1"
    assert cases["dom-gen1-match-003"].find("failure").get("type") == "horserace.failed"
    assert (root.get("tests"), root.get("failures"), root.get("errors"), root.get("skipped")) == ("3", "1", "0", "2")


def test_junit_makes_a_run_red_for_a_stale_entry():
    listed = ExpectedFailures([Entry("fixed long ago", clause="DOM-OPEN-1", where="base.yaml:4"),
                               Entry("other kind", id="dom-gen1-match-003", where="base.yaml:6")])
    results = [judged(listed, passing())]
    info = report.RunInfo(expected=listed.verdict(results, known=lambda: [("dom-gen1-match-003", [])]),
                          expected_file="base.yaml")
    root = ElementTree.fromstring(report.junit_xml(results, info))
    suite = root.find("testsuite[@name='expected-failures']")
    assert (suite.get("tests"), suite.get("errors"), suite.get("skipped")) == ("2", "1", "1")
    error = suite.find("testcase[@name='base.yaml:4']/error")
    assert error.get("type") == "horserace.stale" and "no failure was attributed to clause DOM-OPEN-1" in error.text
    assert suite.find("testcase[@name='base.yaml:6']/skipped").get("type") == "horserace.not-exercised"
    assert root.get("errors") == "1" and root.get("tests") == "3"
    text = report.text_summary(results, info=info)
    assert "EXPECTED-FAILURE ENTRY STALE: base.yaml:4: no failure was attributed" in text
    assert ("note: expected-failure entry not-exercised: 1 id entry not exercised (its cases were left out of "
            "this run) (base.yaml:6)") in text


# -- the file -----------------------------------------------------------------------------------------

def test_the_loader_reads_every_form(tmp_path):
    path = tmp_path / "xfail.yaml"
    path.write_text("- id: dom-gen1-match-*\n  reason: opens with any tile\n  step: 0\n  key: events\n"
                    "- clause: DOM-OPEN-1\n  reason: opening misread\n")
    entries = load_expected_failures(path).entries
    assert [(e.id, e.clause, e.step, e.key) for e in entries] == [
        ("dom-gen1-match-*", None, 0, "events"), (None, "DOM-OPEN-1", None, None)]
    assert entries[1].where.endswith("xfail.yaml:5")
    baseline = tmp_path / "baseline.yaml"
    baseline.write_text("expected_failures:\n- id: dom-a\n  reason: rounds up\n  clauses: [DOM-SETTLE-3]\n"
                        "  actual:\n    scores: '[24, 30]'\n- id: dom-b\n  reason: not yet\n  skipped: true\n"
                        "compared:\n- dom-a\n- dom-c\n")
    loaded = load_expected_failures(baseline)
    assert loaded.compared == {"dom-a", "dom-c"}
    assert [(e.clauses, e.actual, e.skipped) for e in loaded.entries] == [
        (("DOM-SETTLE-3",), {"scores": "[24, 30]"}, False), (None, None, True)]
    assert loaded.entries[1].where.endswith("baseline.yaml:7")


@pytest.mark.parametrize("text, words", [
    ("- reason: neither id nor clause\n", "xfail.yaml:1"),
    ("- id: dom-a\n  reason: ok reason\n  step: -1\n", "xfail.yaml:3"),
    ("- id: dom-a\n  reason: ok reason\n  stpe: 1\n", "stpe"),
    ("- clause: dom-open-1\n  reason: lower case\n", "xfail.yaml:1"),
    ("- id: dom-a\n  reason: one\n- id: dom-a\n  reason: two\n", "listed twice"),
    ("- id: dom-a\n  reason: ok reason\n  digest: abc\n", "xfail.yaml:3"),
    ("- clause: DOM-OPEN-1\n  reason: a skip needs an id\n  skipped: true\n", "xfail.yaml:1"),
    ("expected_failures: []\ncompared: [dom-a, dom-a]\n", "xfail.yaml:2"),
])
def test_a_bad_entry_is_a_located_error(tmp_path, text, words):
    path = tmp_path / "xfail.yaml"
    path.write_text(text)
    with pytest.raises(HorseRaceError) as error:
        load_expected_failures(path)
    assert words in str(error.value)
    assert "xfail.yaml" in str(error.value)
