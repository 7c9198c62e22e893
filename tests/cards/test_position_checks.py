"""The card positions an implementation is expected to refuse are vectors of the `position` kind
(issue 32 item 2): a bet the bank cannot cover, a race already won, ... each a near miss of a
position a real race reaches, refused under its rule; the positions play reaches are observed."""

from __future__ import annotations

import pytest

from reference.cards.replay import start_table
from reference.cards.options import parse_options
from reference.core.errors import InputError
from reference.core.game import CaseInput
from reference.core.vectors import load_cases


@pytest.fixture(scope="module")
def positions():
    return {c["id"]: c for c in load_cases(["cards"], kinds=["position"])}


@pytest.mark.parametrize("case_id, clause", [
    ("crd-pos1-bank-cannot-cover", "CRD-BET-4"),
    ("crd-pos1-race-already-won", "CRD-RACE-6"),
    ("crd-pos1-positions-off", "CRD-RACE-2"),
    ("crd-pos1-loaded-track", "CRD-TRACK-4"),
    ("crd-pos1-session-chips-changed", "CRD-SESSION-3"),
])
def test_the_named_near_misses_are_refused_under_their_rule(positions, case_id, clause):
    case = positions[case_id]
    assert case["expected"] == [{"error": clause}] and case["step_clauses"] == [[clause]]
    with pytest.raises(InputError) as info:
        start_table(CaseInput("probe", case["input"]["setup"], []), parse_options({}))
    assert info.value.clause == clause


def test_a_bank_that_cannot_cover_is_a_reading_an_implementer_may_skip(positions):
    """Under when_uncovered: owe the bank may owe, so the same position is reached: the case
    carries the interpretation's flag."""
    case = positions["crd-pos1-bank-cannot-cover"]
    assert "uncovered-bet-refused" in case["flags"]
    start_table(CaseInput("probe", case["input"]["setup"], []), parse_options({"when_uncovered": "owe"}))


def test_every_reached_position_is_observed_and_every_near_miss_refused(positions):
    reached = [c for i, c in positions.items() if i.startswith("crd-pos1-reached-")]
    misses = [c for i, c in positions.items() if not i.startswith("crd-pos1-reached-")]
    assert {c["input"]["setup"]["position"]["phase"] for c in reached} == {"laying", "betting", "racing"}
    assert len(misses) >= 12
    for case in reached:
        assert "error" not in case["expected"][0] and case["clauses"]
    for case in misses:
        assert case["input"]["steps"] == [{"action": "observe"}] and "error" in case["expected"][0], case["id"]
