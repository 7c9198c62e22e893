"""Rule probes (vectors/cards/probe.json): per clause a step can apply, at least 20 short cases
from positions of random play whose FIRST step applies it; refusals counted apart."""

import json
from collections import Counter
from pathlib import Path

import pytest

from reference.cards.clause_keys import CLAUSE_KEYS
from reference.cards.probes import OPENING

PROBES = Path(__file__).parents[2] / "vectors" / "cards" / "probe.json"
TARGET = 20
# No position form reaches these as an applied first step (README, "Rule probes"): CRD-BET-6 is
# only ever a refusal (nobody changes a bet during the race), and CRD-ROT-2 is applied by the lay
# after a settlement, a state between races that a position does not start from.
ONLY_REFUSED = {"CRD-BET-6", "CRD-ROT-2"}
REFUSING = {"CRD-BET-2", "CRD-BET-3", "CRD-BET-4", "CRD-BET-5", "CRD-BET-6", "CRD-RACE-7", "CRD-ROT-2",
            "CRD-TRACK-3"}


@pytest.fixture(scope="module")
def probes():
    data = json.loads(PROBES.read_text(encoding="utf-8"))
    assert data["kind"] == "probe" and data["case_count"] == len(data["cases"]) > 0
    return data["cases"]


def first_step_counts(probes):
    """Per clause, the probes whose first step applies it (a lay, the race's opening, counts only
    for the opening's clauses) and, apart, those whose first step it refuses."""
    applied, refused = Counter(), Counter()
    for case in probes:
        first = case["step_clauses"][0]
        if "error" in case["expected"][0]:
            refused.update(first)
        elif case["input"]["steps"][0]["action"] == "lay":
            applied.update(c for c in first if c in OPENING)
        else:
            applied.update(first)
    return applied, refused


def test_every_step_clause_has_twenty_probes_whose_first_step_applies_it(probes):
    applied, refused = first_step_counts(probes)
    short = {c: applied[c] for c in CLAUSE_KEYS if c not in ONLY_REFUSED and applied[c] < TARGET}
    assert not short, short
    short = {c: refused[c] for c in REFUSING if refused[c] < TARGET}
    assert not short, short
    assert all(applied[c] == 0 for c in ONLY_REFUSED)


def test_each_probe_is_named_after_a_clause_its_first_step_applies(probes):
    for case in probes:
        target = case["id"].split("-probe1-")[1].rsplit("-", 1)[0].upper()
        assert target in case["step_clauses"][0], case["id"]
        if case["input"]["steps"][0]["action"] == "lay" and "error" not in case["expected"][0]:
            assert target in OPENING, case["id"]
        assert case["input"]["setup"]["position"]["phase"] in ("laying", "betting", "racing")


def test_probes_are_short_and_never_pass_through_a_new_lay(probes):
    for case in probes:
        steps = case["input"]["steps"]
        assert 1 <= len(steps) <= 3, case["id"]
        assert all(s["action"] != "lay" for s in steps[1:]), case["id"]


def test_the_situations_the_issue_names_are_probed(probes):
    def count(pred):
        return sum(1 for case in probes if pred(case))
    # a re-lay; an overshooting 'reveal N' (refused whole, then observed); a shared win; an uncoverable bet
    assert count(lambda c: "CRD-TRACK-5" in c["step_clauses"][0]) >= TARGET
    overshoots = [c for c in probes if c["input"]["steps"][0]["action"].startswith("reveal ")
                  and c["expected"][0] == {"error": "CRD-RACE-7"}]
    assert len(overshoots) >= TARGET
    assert all(c["input"]["steps"][1] == {"action": "observe"} for c in overshoots)
    assert all(c["expected"][1]["positions"] == c["input"]["setup"]["position"]["positions"] for c in overshoots)
    assert count(lambda c: "CRD-PAY-3" in c["step_clauses"][0]) >= TARGET
    assert count(lambda c: c["expected"][0] == {"error": "CRD-BET-4"}) >= TARGET


def test_the_probe_file_stays_small():
    assert PROBES.stat().st_size < 2_000_000
