"""The race: revealing (CRD-RACE-1/4/10), moving by suit (CRD-RACE-2/3/8/9, CRD-FAQ-2),
crossing the line (CRD-RACE-5/6/7, CRD-FAQ-1) and this version's limits (CRD-INTRO-2/3)."""

import pytest

from reference.core.errors import IllegalAction
from reference.cards.rules.cards import RANKS

from .helpers import cards, laid, racing, step, types, view

TRACK = "2S 3S 2H 3H 2D 3D 2C"            # spades, hearts, diamonds 3:1; clubs 2:1


@pytest.mark.clause("CRD-RACE-1")
def test_the_banker_turns_the_top_race_card_onto_a_separate_pile():
    t = racing(TRACK, "9D KC", ["S", "H"])
    log = step(t)
    assert log.events[0] == {"type": "revealed", "card": "9D", "suit": "D", "deck_size": 40}
    assert [str(c) for c in t.race.revealed] == ["9D"]
    assert str(t.race.deck[0]) == "KC"


@pytest.mark.clause("CRD-RACE-2", "CRD-INTRO-1")
def test_the_ace_of_the_cards_suit_moves_exactly_one_position():
    t = racing(TRACK, "9D 4C 5C", ["S", "H"])
    step(t)
    assert view(t)["positions"] == {"S": 0, "H": 0, "D": 1, "C": 0}
    step(t, 2)
    assert view(t)["positions"] == {"S": 0, "H": 0, "D": 1, "C": 2}


@pytest.mark.clause("CRD-RACE-3", "CRD-FAQ-2")
@pytest.mark.parametrize("rank", RANKS[1:])
def test_every_rank_moves_one_step(rank):
    t = racing("2S 3S 2H 3H 4S 3D 2C" if rank not in ("2", "3") else "4S 5S 4H 5H 4D 5D 4C",
               f"{rank}D", ["S", "H"])
    log = step(t)
    assert log.events[1] == {"type": "moved", "horse": "D", "from": 0, "to": 1}


@pytest.mark.clause("CRD-RACE-3", "CRD-FAQ-2")
def test_a_king_runs_no_farther_than_a_two():
    t = racing(TRACK, "KH 4H", ["S", "H"])
    step(t)
    king = view(t)["positions"]["H"]
    step(t)
    assert king == 1 and view(t)["positions"]["H"] == 2


@pytest.mark.clause("CRD-RACE-4", "CRD-RACE-10")
def test_track_and_revealed_cards_stay_apart_and_revealed_cards_never_return():
    t = racing(TRACK, "4S 5S 6S 4H", ["S", "H"])
    track = list(t.race.track)
    step(t, 4)
    assert list(t.race.track) == track
    revealed = cards("4S 5S 6S 4H")
    assert t.race.revealed == revealed
    assert not set(revealed) & set(t.race.deck)
    assert len(t.race.deck) == 41 - 4


@pytest.mark.clause("CRD-RACE-5", "CRD-FAQ-1")
def test_position_seven_is_not_a_win():
    t = racing(TRACK, "3C 4C 5C 6C 7C 8C 9C 4H 10C", ["C", "H"])
    log = step(t, 7)
    assert view(t)["positions"]["C"] == 7
    assert "won" not in types(log) and t.race.winner is None and t.phase == "racing"
    step(t)                                       # a heart
    assert t.race.winner is None


@pytest.mark.clause("CRD-RACE-6", "CRD-INTRO-2")
def test_the_first_horse_to_reach_eight_wins_at_once_and_is_settled():
    t = racing(TRACK, "3C 4C 5C 6C 7C 8C 9C 4H 10C", ["C", "H"])
    step(t, 8)
    log = step(t)
    assert types(log) == ["revealed", "moved", "won", "settled", "bank_passes"]
    assert log.events[2]["positions"] == {"S": 0, "H": 1, "D": 0, "C": 8}
    assert t.race.winner == "C" and t.phase == "over"


@pytest.mark.clause("CRD-RACE-7")
def test_no_second_place_is_sought_and_the_deck_is_not_played_out():
    t = racing(TRACK, "4S 5S 6S 7S 8S 9S 10S JS", ["S", "H"])
    step(t, 8)
    assert len(t.race.deck) == 33
    with pytest.raises(IllegalAction, match="no second place|not\\s+played out") as info:
        step(t)
    assert info.value.clause == "CRD-RACE-7"
    assert len(t.race.deck) == 33


@pytest.mark.clause("CRD-RACE-8")
def test_one_horse_moves_per_card_so_two_never_finish_together():
    t = racing(TRACK, "4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H 10S 10H JS JH", ["S", "H"])
    for _ in range(15):
        before = view(t)["positions"]
        log = step(t)
        after = view(t)["positions"]
        assert sum(after[s] != before[s] for s in after) == 1
        assert types(log)[:2] == ["revealed", "moved"]
    assert t.race.winner == "S" and view(t)["positions"] == {"S": 8, "H": 7, "D": 0, "C": 0}


@pytest.mark.clause("CRD-RACE-9", "CRD-INTRO-3")
def test_no_horse_ever_moves_backward():
    t = racing(TRACK, "4S 4H 5S 5H KD QD JD 10D 9D", ["S", "H"])
    previous = view(t)["positions"]
    while t.phase == "racing":
        step(t)
        now = view(t)["positions"]
        assert all(now[s] >= previous[s] for s in now)
        previous = now


@pytest.mark.clause("CRD-INTRO-2")
def test_the_track_is_visible_from_the_lay():
    t = laid(TRACK)
    assert view(t)["track"] == ["2S", "3S", "2H", "3H", "2D", "3D", "2C"]
