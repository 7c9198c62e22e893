"""The pack (CRD-SET-*), the horses and the track (CRD-TRACK-*, CRD-COUNT-1, CRD-FAQ-3).
Every expected value is counted by hand from the rule text."""

import pytest

from reference.core.errors import IllegalAction, InputError
from reference.cards.notation import parse_card, parse_horse, parse_lay
from reference.cards.rules.cards import ACES, FULL_PACK, NON_ACES, SUITS
from reference.cards.exact import win_probabilities
from reference.cards.rules.seating import bettors_in_order
from reference.cards.rules.track import overloaded_suit, race_cards_available, track_counts

from .helpers import actions, bet, cards, lay, laid, lay_of, step, table, types, view


@pytest.mark.clause("CRD-SET-1")
def test_one_standard_pack_of_52_distinct_cards_without_jokers():
    assert len(FULL_PACK) == 52 and len(set(FULL_PACK)) == 52
    for suit in SUITS:
        assert sum(1 for c in FULL_PACK if c.suit == suit) == 13
    assert [str(c) for c in FULL_PACK[:13]] == ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S",
                                                 "JS", "QS", "KS"]


@pytest.mark.clause("CRD-SET-1")
@pytest.mark.parametrize("text", ["JK", "joker", "Joker1", "🃏"])
def test_jokers_are_refused(text):
    with pytest.raises(InputError, match="without jokers") as info:
        parse_card(text, "setup.lay.deck[3]")
    assert info.value.field == "setup.lay.deck[3]" and info.value.clause == "CRD-SET-1"


@pytest.mark.clause("CRD-SET-1")
@pytest.mark.parametrize("text", ["1S", "11H", "ZD", "10X", "", "S", 10])
def test_things_that_are_not_cards_are_refused(text):
    with pytest.raises(InputError, match="not a card"):
        parse_card(text, "f")


@pytest.mark.clause("CRD-SET-1")
def test_a_card_may_not_appear_twice_in_a_lay():
    with pytest.raises(InputError, match="appears twice") as info:
        parse_lay({"track": ["2S", "3S", "4S", "2H", "3H", "2D", "2C"],
                   "deck": [str(c) for c in lay_of("2S 3S 4S 2H 3H 2D 2C").deck[:40]] + ["2S"]}, "lay")
    assert info.value.field == "lay.deck[40]"


@pytest.mark.clause("CRD-TRACK-1", "CRD-INTRO-1")
def test_the_four_aces_are_the_horses_and_start_at_position_0():
    assert [str(a) for a in ACES] == ["AS", "AH", "AD", "AC"]
    t = laid("2S 3S 4S 2H 3H 2D 2C")
    assert view(t)["positions"] == {"S": 0, "H": 0, "D": 0, "C": 0}
    assert [parse_horse(h, "f") for h in ("S", "h", "♦", "♣")] == ["S", "H", "D", "C"]
    with pytest.raises(InputError, match="unknown horse"):
        parse_horse("X", "f")


@pytest.mark.clause("CRD-TRACK-1")
def test_an_ace_cannot_be_shuffled_into_the_track_or_the_deck():
    with pytest.raises(InputError, match="is a horse") as info:
        parse_lay({"track": ["2S", "AS", "4S", "2H", "3H", "2D", "2C"], "deck": []}, "steps[0].lay")
    assert info.value.field == "steps[0].lay.track[1]" and info.value.clause == "CRD-TRACK-1"


@pytest.mark.clause("CRD-TRACK-2", "CRD-TRACK-3")
def test_the_top_seven_of_the_shuffled_48_are_the_track_and_41_remain():
    shuffled = [str(c) for c in reversed(NON_ACES)]          # KC QC ... 2S
    lay_ = parse_lay({"shuffle": shuffled}, "lay")
    assert [str(c) for c in lay_.track] == ["KC", "QC", "JC", "10C", "9C", "8C", "7C"]
    assert len(lay_.deck) == 41 and str(lay_.deck[0]) == "6C" and str(lay_.deck[-1]) == "2S"


@pytest.mark.clause("CRD-TRACK-2")
def test_a_track_has_seven_cards():
    with pytest.raises(InputError, match="6 cards; the track has 7") as info:
        parse_lay({"track": ["2S", "3S", "4S", "2H", "3H", "2D"]}, "lay", need_deck=False)
    assert info.value.clause == "CRD-TRACK-2"


@pytest.mark.clause("CRD-TRACK-3")
def test_the_race_deck_holds_the_other_41_and_a_missing_card_is_named():
    deck = [str(c) for c in lay_of("2S 3S 4S 2H 3H 2D 2C").deck]
    with pytest.raises(InputError, match="40 cards; the race deck holds the other 41; missing: KC") as info:
        parse_lay({"track": ["2S", "3S", "4S", "2H", "3H", "2D", "2C"], "deck": deck[:-1]}, "lay")
    assert info.value.field == "lay.deck"


@pytest.mark.clause("CRD-TRACK-4")
@pytest.mark.parametrize("track, suit", [
    ("2H 3H 4H 5H 6H 2S 2D", "H"), ("2S 3S 4S 5S 6S 7S 2C", "S"), ("2D 3D 4D 5D 6D 7D 8D", "D")])
def test_five_or_more_of_one_suit_force_a_re_lay(track, suit):
    assert overloaded_suit(track_counts(cards(track))) == suit
    t = table()
    log = lay(t, track)
    assert types(log) == ["relaid"] and t.phase == "laying" and t.race.track is None
    assert actions(t) == ["lay"]


@pytest.mark.clause("CRD-TRACK-4")
@pytest.mark.parametrize("track", ["2H 3H 4H 5H 2S 3S 4S", "2S 3S 2H 3H 2D 3D 2C", "2S 3S 4S 5S 2H 2D 2C"])
def test_four_or_fewer_of_every_suit_stand(track):
    assert overloaded_suit(track_counts(cards(track))) is None
    t = table()
    assert types(lay(t, track)) == ["track_laid", "odds_posted"] and t.phase == "betting"


@pytest.mark.clause("CRD-TRACK-4")
def test_after_a_re_lay_the_next_lay_is_judged_afresh():
    t = table()
    lay(t, "2C 3C 4C 5C 6C 2S 2H")
    lay(t, "2C 3C 4C 5C 2S 3S 2H")
    assert t.phase == "betting" and t.race.relays == 1 and view(t)["odds"]["C"] == 10


@pytest.mark.clause("CRD-TRACK-5", "CRD-FAQ-3")
def test_five_marks_leave_seven_race_cards_which_can_never_make_eight_moves():
    counts = {"S": 0, "H": 5, "D": 1, "C": 1}
    assert race_cards_available(counts)["H"] == 7 < 8
    assert win_probabilities(counts)["H"] == 0
    # four marks leave eight: just enough
    assert race_cards_available({"S": 0, "H": 4, "D": 2, "C": 1})["H"] == 8
    assert win_probabilities({"S": 0, "H": 4, "D": 2, "C": 1})["H"] > 0


@pytest.mark.clause("CRD-COUNT-1")
def test_race_cards_per_suit_are_twelve_less_the_track_cards():
    counts = track_counts(cards("3S 9H 5D QC JS 4H 8C"))           # the worked example's track
    assert counts == {"S": 2, "H": 2, "D": 1, "C": 2}
    assert race_cards_available(counts) == {"S": 10, "H": 10, "D": 11, "C": 10}
    t = laid("3S 9H 5D QC JS 4H 8C")
    assert view(t)["deck_counts"] == {"S": 10, "H": 10, "D": 11, "C": 10}


@pytest.mark.clause("CRD-TRACK-6")
def test_track_cards_never_move_a_horse():
    t = laid("2D 3D 4D 5D 2S 2H 2C", "6D KS")
    bet(t, "D")
    bet(t, "S")
    assert view(t)["positions"] == {"S": 0, "H": 0, "D": 0, "C": 0}    # not D4, S1, H1, C1
    step(t, 2)
    assert view(t)["positions"] == {"S": 1, "H": 0, "D": 1, "C": 0}


@pytest.mark.clause("CRD-SET-2")
@pytest.mark.parametrize("players", [3, 4, 10, 11, 25])
def test_three_or_more_people_and_ten_is_not_a_limit(players):
    t = table(players)
    assert len(t.balances) == players
    assert bettors_in_order(0, players) == list(range(1, players))


@pytest.mark.clause("CRD-SET-2")
@pytest.mark.parametrize("players", [0, 1, 2, "3", True])
def test_fewer_than_three_people_are_refused(players):
    with pytest.raises(InputError, match="3 or more people") as info:
        table(players)
    assert info.value.field == "setup.players" and info.value.clause == "CRD-SET-2"


@pytest.mark.clause("CRD-SET-3")
def test_one_person_banks_and_does_not_bet():
    t = laid("2S 3S 4S 2H 3H 2D 2C", players=4, banker=2)
    assert view(t)["banker"] == 2
    assert t.race.waiting == [3, 0, 1]
    with pytest.raises(IllegalAction, match="banks this race") as info:
        bet(t, "S", by=2)
    assert info.value.clause == "CRD-BET-3"
