"""The reveal (HF-REVEAL-1): same-letter pairs cancel (HF-CANCEL-1), Friz Finden and Rochelle
Recherche discard (HF-ACT-16/20), Alfio Allibratore and Steven Sting move the odds (HF-ACT-15/19)
within 1:2..1:7 (HF-ODDS-1); the options HF-INT-6 and HF-INT-7."""

import pytest

from reference.core.log import StepLog
from reference.horse_fever.options import Options
from reference.horse_fever.rules.reveal import reveal_cards

from .helpers import STANDARD_ODDS, race_at, types


def revealed(cards, odds=None, **options):
    race = race_at(odds=odds, cards=cards, revealed=False)
    log = StepLog()
    reveal_cards(race, Options(**options), log)
    return race, log


@pytest.mark.clause("HF-REVEAL-1", "HF-CANCEL-1")
def test_same_letter_pairs_cancel_and_other_cards_stay():
    race, log = revealed({"red": [1, 8, 2], "blue": [3, 11], "green": [15]})
    assert race.cards["red"] == [2]               # Magna (A) and Globus (A) cancel, Fortuna (B) stays
    assert race.cards["blue"] == [3, 11]          # C and D: different letters
    assert race.cards["green"] == [15]            # no letter: never cancels
    assert race.revealed and types(log)[:2] == ["cards_revealed", "cards_cancelled"]


@pytest.mark.clause("HF-ACT-16", "HF-ACT-20")
def test_friz_discards_negative_and_rochelle_positive_cards_on_their_horse_only():
    race, _ = revealed({"red": [16, 9, 10, 4], "blue": [20, 1, 11], "green": [8]})
    assert sorted(race.cards["red"]) == [4, 16]
    assert sorted(race.cards["blue"]) == [11, 20]
    assert race.cards["green"] == [8]             # another horse's negative card stays


@pytest.mark.clause("HF-ACT-16", "HF-ACT-20")
def test_friz_and_rochelle_together_leave_only_neutral_cards():
    race, _ = revealed({"red": [16, 20, 2, 9]})
    assert sorted(race.cards["red"]) == [16, 20]


@pytest.mark.clause("HF-CANCEL-1", "HF-ACT-16", "HF-INT-6")
@pytest.mark.parametrize("order, left", [("cancel_first", [16]), ("discard_first", [1, 16])])
def test_the_order_of_cancelling_and_discarding(order, left):
    race, _ = revealed({"red": [16, 1, 8]}, reveal_order=order)
    assert sorted(race.cards["red"]) == left


@pytest.mark.clause("HF-ACT-15", "HF-ACT-19")
def test_odds_cards_move_two_rows():
    race, _ = revealed({"black": [15], "green": [19]})     # black 1:4, green 1:2
    assert race.odds["black"] == 2 and race.odds["green"] == 4
    assert race.odds_before_cards == STANDARD_ODDS


@pytest.mark.clause("HF-ACT-15", "HF-ACT-19", "HF-ODDS-1", "HF-INT-7")
@pytest.mark.parametrize("limit, red, white, both", [("clamp", 2, 7, 2), ("void", 3, 6, 2)])
def test_odds_cards_at_the_limits(limit, red, white, both):
    odds = {"red": 3, "white": 6, "green": 2, "blue": 4, "yellow": 5, "black": 7}
    race, _ = revealed({"red": [15], "white": [19]}, odds=odds, odds_card_limit=limit)
    assert race.odds["red"] == red and race.odds["white"] == white
    race, _ = revealed({"green": [15, 19]}, odds=odds, odds_card_limit=limit)
    assert race.odds["green"] == both               # the two cards act together: no change
