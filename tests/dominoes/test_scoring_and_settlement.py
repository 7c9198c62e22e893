"""Placement points (DOM-PTS-*) and settlement (DOM-SETTLE-*, DOM-BLOCK-2/3, DOM-TIE-*, DOM-END-1).
Every expected number is computed by hand in the test or quoted from the rule text."""

import pytest

from reference.dominoes.rules.points import PlacementPoints, placement_points
from reference.dominoes.rules.seating import Seating
from reference.dominoes.rules.settlement import (round_to_nearest_five, settle_blocked_round,
                                                 settle_domino_round, settlement_bonus)

from .helpers import tiles


@pytest.mark.clause("DOM-PTS-2", "DOM-PTS-7")
@pytest.mark.parametrize("end_sum, displayed", [(5, 1), (10, 2), (15, 3), (20, 4), (35, 7)])
def test_positive_multiples_of_five_score_sum_over_five(end_sum, displayed):
    assert placement_points(end_sum) == PlacementPoints(raw=end_sum, displayed=displayed)


@pytest.mark.clause("DOM-PTS-3", "DOM-PTS-7")
@pytest.mark.parametrize("end_sum", [0, 1, 4, 6, 8, 9, 11, 12, 14, 21])
def test_zero_and_other_sums_score_nothing(end_sum):
    assert placement_points(end_sum) == PlacementPoints(raw=0, displayed=0)


@pytest.mark.clause("DOM-SETTLE-3")
@pytest.mark.parametrize("pips, rounded", [
    (17, 15), (18, 20), (22, 20), (12, 10), (13, 15), (14, 15), (11, 10), (10, 10), (0, 0),
    (1, 0), (2, 0), (3, 5), (4, 5), (108, 110), (66, 65)])
def test_remainders_one_two_round_down_three_four_round_up(pips, rounded):
    assert round_to_nearest_five(pips) == rounded


@pytest.mark.clause("DOM-SETTLE-2", "DOM-SCORE-1")
def test_the_text_examples_of_the_bonus():
    assert settlement_bonus([tiles("2|6"), tiles("3|6")]) == 3      # 8 + 9 = 17 -> 15 -> 3 (not 2 + 2)
    assert settlement_bonus([tiles("6|6", "2|4")]) == 4             # 18 -> 20 -> 4
    assert settlement_bonus([tiles("5|6"), tiles("5|6")]) == 4      # 22 -> 20 -> 4 (not 2 + 2)
    assert settlement_bonus([tiles("6|6")]) == 2                    # 12 -> 10 -> 2


@pytest.mark.clause("DOM-END-1", "DOM-SETTLE-1", "DOM-SETTLE-2")
def test_individual_domino_pays_the_sum_of_all_other_hands_rounded_once():
    seating = Seating(3)
    hands = [tiles("2|6"), [], tiles("3|6")]          # 8 and 9
    s = settle_domino_round(seating, hands, last_player=1)
    assert s.winners == [1]
    assert s.counted_pips == [0, 17, 0]
    assert s.bonus == [0, 3, 0]                       # not round(8)+round(9) = 2+2


@pytest.mark.clause("DOM-SETTLE-6", "DOM-SET-3", "DOM-SET-4")
def test_partnership_domino_leaves_out_the_partner():
    seating = Seating(4, "partnership")
    hands = [[], tiles("4|5"), tiles("3|4"), tiles("2|6")]     # partner 7, rivals 9 and 8
    s = settle_domino_round(seating, hands, last_player=0)
    assert s.side_pips == [7, 17]
    assert s.counted_pips == [17, 0]
    assert s.bonus == [3, 0]


@pytest.mark.clause("DOM-SETTLE-6")
def test_partnership_domino_by_seat_three_pays_side_one():
    seating = Seating(4, "partnership")
    hands = [tiles("6|6"), tiles("0|1"), tiles("5|5"), []]      # rivals 12 + 10 = 22
    s = settle_domino_round(seating, hands, last_player=3)
    assert s.winners == [1]
    assert s.counted_pips == [0, 22]
    assert s.bonus == [0, 4]


@pytest.mark.clause("DOM-BLOCK-2", "DOM-SETTLE-4")
def test_individual_block_lowest_hand_wins_without_subtracting_its_own():
    s = settle_blocked_round(Seating(2), [tiles("0|5"), tiles("6|6", "0|1")])
    assert s.winners == [0]
    assert s.counted_pips == [13, 0]
    assert s.bonus == [3, 0]                          # 13 -> 15; (13 - 5) would give 2


@pytest.mark.clause("DOM-BLOCK-3")
def test_partnership_block_compares_pair_sums_not_the_lightest_hand():
    seating = Seating(4, "partnership")
    hands = [tiles("0|1"), tiles("0|5"), tiles("5|6", "2|4"), tiles("1|5")]
    s = settle_blocked_round(seating, hands)
    assert s.side_pips == [18, 11]
    assert s.winners == [1]
    assert s.bonus == [0, 4]


@pytest.mark.clause("DOM-TIE-1")
def test_every_tied_lowest_player_gets_the_full_bonus_including_other_winners_hands():
    s = settle_blocked_round(Seating(4), [tiles("0|4"), tiles("1|3"), tiles("2|2"), tiles("6|6", "0|2")])
    assert s.winners == [0, 1, 2]
    assert s.counted_pips == [22, 22, 22, 0]
    assert s.bonus == [4, 4, 4, 0]


@pytest.mark.clause("DOM-TIE-2")
def test_tied_pairs_each_get_one_bonus_for_the_other_pair():
    seating = Seating(4, "partnership")
    s = settle_blocked_round(seating, [tiles("3|3"), tiles("1|5"), tiles("2|4"), tiles("0|6")])
    assert s.winners == [0, 1]
    assert s.counted_pips == [12, 12]
    assert s.bonus == [2, 2]


@pytest.mark.clause("DOM-SETTLE-5")
def test_losers_get_nothing_and_lose_nothing():
    s = settle_blocked_round(Seating(3), [tiles("0|0"), tiles("6|6"), tiles("5|6")])
    assert s.winners == [0]
    assert s.bonus == [round_to_nearest_five(12 + 11) // 5, 0, 0] == [5, 0, 0]
