"""The finer paths a card observation differs on (reference/cards/attribution_paths.py: how the
horses' positions differ), the clauses real misreadings are charged to once the footprints name
those paths, and what the footprints add with the counterfactual search."""

from __future__ import annotations

import pytest

from reference.cards.attribution_paths import difference_paths
from reference.core.attribution import Difference, attribute, attribution_paths
from reference.core.game import get_game
from reference.core.mutant_attribution import attribute_mutant
from reference.core.vectors import load_cases

from .helpers import bet, lay, racing, step, table, types

START = {"S": 0, "H": 0, "D": 0, "C": 0}


def paths_of(key: str, expected: dict, actual: dict) -> list[str]:
    """The attribution paths of every difference the runner finds in `key`."""
    from reference.core.attribution import value_differences
    differences = value_differences(key, expected[key], actual[key], get_game("cards").expectation_modes[key])
    return attribution_paths("cards", differences, expected, actual)


def test_every_ace_one_ahead_is_the_start():
    actual = {"S": 1, "H": 1, "D": 1, "C": 1}
    assert paths_of("positions", {"positions": START}, {"positions": actual}) == ["positions.start"]


def test_one_horse_moved_in_place_of_another_is_the_horse_path():
    expected = {"S": 3, "H": 2, "D": 5, "C": 1}
    actual = {"S": 2, "H": 3, "D": 5, "C": 1}       # hearts moved where spades should have
    assert paths_of("positions", {"positions": expected}, {"positions": actual}) == ["positions.horse"]


def test_a_horse_moved_too_far_is_the_distance_path():
    expected = {"S": 3, "H": 2, "D": 5, "C": 1}
    actual = {"S": 3, "H": 2, "D": 6, "C": 1}
    assert paths_of("positions", {"positions": expected}, {"positions": actual}) == ["positions.distance"]


def test_horses_moved_by_their_track_cards_is_the_distance_path():
    actual = {"S": 2, "H": 3, "D": 1, "C": 1}       # 2, 3, 1 and 1 track cards: not one common start
    assert paths_of("positions", {"positions": START}, {"positions": actual}) == ["positions.distance"]


def test_positions_that_are_not_whole_numbers_keep_the_whole_path():
    actual = {"S": 1, "H": "1", "D": 1, "C": 1}
    assert paths_of("positions", {"positions": START}, {"positions": actual}) == ["positions"]


def test_other_keys_are_not_refined():
    difference = Difference("balances", "balances", "balances", "[1]", "[2]")
    assert difference_paths(difference, {"balances": [1]}, {"balances": [2]}) == []


def test_the_finer_paths_separate_where_the_aces_start_from_track_cards_moving_them():
    keys = get_game("cards").clause_keys
    lay = ["CRD-TRACK-1", "CRD-TRACK-2", "CRD-TRACK-6", "CRD-COUNT-1"]
    assert attribute(lay, [], ["positions.start"], keys)[0] == ["CRD-TRACK-1"]
    assert attribute(lay, [], ["positions.distance"], keys)[0] == ["CRD-TRACK-6"]
    reveal = ["CRD-RACE-1", "CRD-RACE-2", "CRD-RACE-3", "CRD-FAQ-2", "CRD-RACE-9", "CRD-RACE-10"]
    assert attribute(reveal, [], ["last_card", "positions.horse"], keys)[0] == ["CRD-RACE-1"]
    assert attribute(reveal, [], ["positions.distance"], keys)[0] == ["CRD-RACE-3", "CRD-RACE-9"]


def test_a_price_differing_is_the_odds_table_not_the_bet_limit():
    keys = get_game("cards").clause_keys
    lay = ["CRD-BET-2", "CRD-COUNT-1", "CRD-ODDS-1", "CRD-ODDS-2", "CRD-TRACK-2", "CRD-TRACK-4"]
    assert "CRD-BET-2" not in attribute(lay, [], ["odds.C", "odds.S"], keys)[0]
    assert "CRD-ODDS-1" in attribute(lay, [], ["odds.C", "odds.S"], keys)[0]


def test_a_session_that_ends_a_race_early_is_the_session_length_not_the_bank_rotation():
    keys = get_game("cards").clause_keys
    settle = ["CRD-PAY-1", "CRD-PAY-2", "CRD-RACE-6", "CRD-ROT-1", "CRD-SESSION-1", "CRD-SESSION-3"]
    assert attribute(settle, [], ["legal_actions", "next_banker", "phase", "session_winners"], keys)[0] \
        == ["CRD-SESSION-1"]
    assert attribute(settle, [], ["next_banker", "events.bank_passes.to"], keys)[0] == ["CRD-ROT-1"]


def test_a_session_race_settlement_judges_whether_it_was_the_last():
    """In a session every settlement decides whether everyone has banked (CRD-SESSION-1), also
    when the session goes on; a single race has no session to end."""
    t = table(players=3, session=True)
    lay(t, "2S 3S 2H 3H 2D 3D 2C", "4H 5H 6H 7H 8H 9H 10H JH")
    bet(t, "H")
    bet(t, "S")
    step(t, 7)
    log = step(t)
    assert "CRD-SESSION-1" in log.clauses and "session_over" not in types(log)
    single = racing("2S 3S 2H 3H 2D 3D 2C", "4H 5H 6H 7H 8H 9H 10H JH", ["H", "S"])
    step(single, 7)
    assert "CRD-SESSION-1" not in step(single).clauses


def _mutant(name: str):
    return next(m for m in get_game("cards").mutants() if m.name == name)


# A few failing cases of each misreading (probes: one to three steps each, so the test stays short).
MUTANT_CASES = {
    "track-cards-move-horses": ("CRD-TRACK-6", [f"crd-probe1-crd-bet-2-{n:03}" for n in (1, 3, 5, 7, 9, 11)]),
    "cards-from-the-bottom": ("CRD-RACE-1", ["crd-probe1-crd-bet-3-001", "crd-probe1-crd-bet-3-006",
                                             "crd-probe1-crd-bet-3-011", "crd-probe1-crd-bet-3-016",
                                             "crd-probe1-crd-bet-4-003", "crd-probe1-crd-bet-4-006"]),
    # charged to the bank's rotation before: the settlement did not record that it judged the session's end
    "session-one-race-short": ("CRD-SESSION-1", ["crd-probe1-crd-intro-2-002", "crd-probe1-crd-pay-3-006",
                                                 "crd-probe1-crd-race-5-003"]),
}


def test_real_misreadings_are_charged_to_their_own_clause():
    """Misreadings once charged to a neighbouring clause (the aces' start for track cards that
    move them, the rank for a card turned from the bottom, the bank's rotation for a session one
    race short): some of their real failures."""
    game = get_game("cards")
    cases = {c["id"]: c for c in load_cases(["cards"])}
    for name, (own, ids) in MUTANT_CASES.items():
        result = attribute_mutant(game, _mutant(name), [cases[i] for i in ids], counterfactual=False, per_mutant=10**6)
        assert result.failures == len(ids), name
        assert result.top == own and result.share() == 1.0, (name, result.top, result.share())


# -- what the footprints add with the counterfactual search, on generated misreadings ----------------

# (bettors_in_order's seat repeated, const_dec:b5c3c0af, was a second case: since the seats still
# to choose are asked after every choice (betting.still_to_choose, CRD-BET-3), its difference shows
# at the bet that closes the betting early, a step whose own clauses decide it, footprints or not.)
@pytest.mark.parametrize("mutant, case, own", [
    # settle_race turns the bank's change round (CRD-SESSION-3): the settlement after a refused
    # reveal and an observe no longer sums to zero. (The bank credited with what it pays, the
    # example before, is now reproduced whole by bank_loss read the other way, maps or not.)
    ("settlement:settle_race:arith:1fb1c9b6:0", "crd-race-refused-reveal-overshoot-four", "CRD-SESSION-3"),
])
def test_on_generated_misreadings_the_footprints_keep_a_step_that_decides_the_difference_its_own(mutant, case, own):
    """The failure shows first at a step just after a refused one (with only clause-less steps
    between). A refusal must leave the state as it was, so a difference that the divergent
    step's clauses do not decide is the refusal's (results.refusal_before): charged to the
    refusal convention CRD-INT-12. Only the footprints say that the step's clauses decide what
    differs (CRD-BET-3 covers `to_bet`; the settlement clauses cover `balances` and the
    settlement's per-seat lists), so the search's charge, the misreading's own clause, stands;
    without them every such step decides nothing and the refused step before is charged."""
    from tests.attribution_maps import charged
    with_maps = charged("cards", mutant, {case})
    without = charged("cards", mutant, {case}, without="footprints")
    assert with_maps == {case: [own], "own": [own]}
    assert without[case] == ["CRD-INT-12"]


# -- what the finer position paths add with the counterfactual search ---------------------------------

@pytest.mark.parametrize("mutant, cases", [
    ("face-cards-move-two", {"crd-probe1-crd-bet-4-025", "crd-probe1-crd-bet-5-035"}),
    ("move-by-rank", {"crd-probe1-crd-bet-6-001"}),
])
def test_on_curated_misreadings_of_how_far_a_horse_moves_the_search_names_the_rule_with_or_without_the_finer_paths(mutant, cases):
    """A horse moved the wrong distance (CRD-RACE-3, its own clause). Before CRD-RACE-9 had a
    decision of its own (race.passed_mark_sends_back), its marker sat on `forward`, so the
    search left four clauses of the reveal tied (CRD-RACE-2, -3, -8, -9: each altered moves a
    horse otherwise) and only the finer position paths (`positions.distance`, which CRD-RACE-3's
    and CRD-RACE-9's footprints name) brought the charge down to two. Now a move one step too
    far is no alteration of CRD-RACE-9's code: the search alone ties the step's length
    (CRD-RACE-2, STEP) and the rank (CRD-RACE-3), its own among them, and the refinements
    change nothing here."""
    from tests.attribution_maps import charged
    with_maps = charged("cards", mutant, cases)
    without = charged("cards", mutant, cases, without="refinements")
    assert "CRD-RACE-3" in with_maps.pop("own")
    assert with_maps == {case: ["CRD-RACE-2", "CRD-RACE-3"] for case in cases}
    assert {case: without[case] for case in cases} == with_maps
