"""`horserace baseline`'s writer (reference/core/baseline.py) on hand-written files: what a run
changes, and that everything people wrote (comments, reasons, layout) stays where it was."""

import json

from reference.core.baseline import RunCase, pins_of, update_baseline
from reference.core.expected_failures import load_expected_failures


def mismatch(value: str, clauses=("DOM-SETTLE-3",), key="scores", step=0, more=()):
    differences = [{"key": key, "field": key, "path": key, "expected": "[23, 30]", "actual": value}]
    differences += [{"key": k, "field": k, "path": k, "expected": "0", "actual": v} for k, v in more]
    return {"step": step, "action": "settle", "key": key, "expected": "[23, 30]", "actual": value,
            "differences": differences, "clauses": list(clauses), "attributed_by": "paths"}


def failing(case_id, value="[24, 30]", **kwargs):
    return RunCase(case_id, "failing", ["DOM-SETTLE-3"], mismatch(value, **kwargs), game="dominoes", kind="settlement")


def passing(case_id):
    return RunCase(case_id, "passing", ["DOM-SETTLE-3"], game="dominoes", kind="settlement")


HAND_WRITTEN = """\
# Known differences of our engine.
# Owner: the rules team.

- id: dom-ex-settle-seventeen   # the rounding example
  reason: we round 17 to 21
  # tracked in ticket 12
  step: 0

# everything of the generated settlements
- id: dom-gen1-settle-*
  reason: settlement rewrite in progress

# fixed in 2.1?
- id: dom-ex-settle-pairs-tied
  reason: ties
"""


def test_an_update_keeps_comments_and_reasons_and_changes_only_what_the_run_changed(tmp_path):
    path = tmp_path / "baseline.yaml"
    path.write_text(HAND_WRITTEN)
    run = [failing("dom-ex-settle-seventeen"), failing("dom-gen1-settle-004", "[0, 5]"),
           passing("dom-ex-settle-pairs-tied"), passing("dom-ex-settle-three-way-tie")]
    written = update_baseline(path, run)
    text = path.read_text()
    assert text.startswith("# Known differences of our engine.\n# Owner: the rules team.\n\nexpected_failures:\n"
                           "- id: dom-ex-settle-seventeen   # the rounding example\n  reason: we round 17 to 21\n"
                           "  # tracked in ticket 12\n  clauses: [DOM-SETTLE-3]\n  step: 0\n  key: scores\n"
                           "  actual:\n    scores: \"[24, 30]\"\n\n# everything of the generated settlements\n"
                           "- id: dom-gen1-settle-*\n  reason: settlement rewrite in progress\n\n")
    assert "fixed in 2.1?" not in text and "ties" not in text               # its own comment went with it
    entries = {e.id: e for e in load_expected_failures(path).entries}
    assert entries["dom-gen1-settle-004"].reason == "settlement rewrite in progress"   # the glob's reason
    assert entries["dom-gen1-settle-004"].actual == {"scores": "[0, 5]"}
    assert load_expected_failures(path).compared == {"dom-ex-settle-seventeen", "dom-gen1-settle-004",
                                                     "dom-ex-settle-pairs-tied", "dom-ex-settle-three-way-tie"}
    kinds = sorted(c.kind for c in written.plan.changes)
    assert kinds == ["fixed", "new-inherited", "re-pinned"]
    # the same run again changes nothing, byte for byte
    assert update_baseline(path, run).plan.changes == [] and path.read_text() == text


def test_many_or_long_differences_are_pinned_by_digest_and_one_more_is_a_change(tmp_path):
    many = mismatch("[24, 30]", more=[(f"events[{n}].score", str(n)) for n in range(5)])
    pins = pins_of(many)
    assert "actual" not in pins and pins["digest"].startswith("sha256:")
    assert pins_of(mismatch("x" * 700))["digest"] == pins_of(mismatch("x" * 700))["digest"]
    assert pins_of(mismatch("x" * 700))["digest"] != pins_of(mismatch("x" * 699))["digest"]


def test_a_json_baseline_is_written_as_json_with_its_reasons(tmp_path):
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps([{"id": "dom-ex-settle-seventeen", "reason": "we round 17 to 21"}]))
    update_baseline(path, [failing("dom-ex-settle-seventeen"), failing("dom-ex-settle-pairs-tied")])
    data = json.loads(path.read_text())
    assert [e["reason"] for e in data["expected_failures"]] == ["we round 17 to 21",
                                                                "TODO: say why this failure is accepted"]
    assert data["compared"] == ["dom-ex-settle-pairs-tied", "dom-ex-settle-seventeen"]
    assert load_expected_failures(path).entries[0].clauses == ("DOM-SETTLE-3",)


def test_a_re_pinned_entry_whose_clause_moved_loses_the_clause_it_no_longer_fits(tmp_path):
    path = tmp_path / "baseline.yaml"
    path.write_text("- id: dom-ex-settle-seventeen\n  clause: DOM-SETTLE-3\n  reason: rounding\n")
    update_baseline(path, [failing("dom-ex-settle-seventeen", clauses=("DOM-OPEN-5",), key="next_opener")])
    entry = load_expected_failures(path).entries[0]
    assert (entry.clause, entry.clauses, entry.reason) == (None, ("DOM-OPEN-5",), "rounding")
