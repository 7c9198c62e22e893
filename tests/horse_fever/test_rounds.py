"""The end of a round (HF-END-1..3, HF-PLAY-2/3) and of the game (HF-GAMEEND-1..3, HF-OBJ-1).

Race B (odds green 1:2, red 1:3, blue 1:4, yellow 1:5, white 1:6, black 1:7; quiet cards) ranks
red, blue, green, white, black, yellow - worked out by hand in hf-ex-win-bet-odds-three."""

import pytest

from reference.core.errors import IllegalAction, InputError
from reference.horse_fever.rules.state import DEAL, OVER

from .helpers import act, deal, game_state, through_betting

RACE_B_ODDS = {"green": 2, "red": 3, "blue": 4, "yellow": 5, "white": 6, "black": 7}
RACE_B = [(105, ["red", "blue"]), (90, ["red", "white"]), (93, ["green", "yellow"]),
          (91, ["blue", "black"]), (92, ["green", "white"]), (83, ["yellow", "yellow"])]


def race_b_round(stake1=100, **kw):
    state = game_state(odds=RACE_B_ODDS, **kw)
    through_betting(state, [[16, 5], [20, 12]], ["bet red win 100", f"bet yellow show {stake1}"],
                    ["play 16 on white", "play 20 on white", "play 5 on yellow", "play 12 on yellow"], ["pass", "pass"])
    for text in ["reveal"]:
        act(state, text)
    for card, dice in RACE_B:
        act(state, "race", race={"card": card, "dice": dice})
    act(state, "payouts")
    act(state, "new_odds")
    return state


@pytest.mark.clause("HF-END-1", "HF-END-2", "HF-END-3", "HF-PLAY-2")
def test_end_of_round_resets_the_race_and_passes_the_first_player_card_left():
    state = race_b_round()
    assert state.odds == {"red": 2, "blue": 3, "green": 3, "white": 5, "black": 6, "yellow": 6}
    act(state, "end_round")
    assert state.race is None and state.phase == DEAL
    assert state.first_player == 1 and state.round == 2
    deal(state, [[16, 5], [20, 12]])                  # the same cards again: the decks are whole
    assert state.race.positions == {c: 0 for c in RACE_B_ODDS} and state.to_play == 1


@pytest.mark.clause("HF-END-2", "HF-INT-13")
def test_the_first_player_card_passes_over_a_player_who_lost():
    state = game_state(players=3, first=0, out=[1])
    assert state.in_game() == [0, 2]
    from reference.horse_fever.rules.seating import next_clockwise
    assert next_clockwise(0, 3, {1}) == 2 and next_clockwise(2, 3, {1}) == 0


@pytest.mark.clause("HF-PLAY-3", "HF-PLAY-2")
def test_every_player_is_first_player_once_in_a_game():
    from reference.horse_fever.playout import random_game
    for players in range(2, 7):
        for seed in range(50):                      # a recorded game in which nobody loses
            firsts = []
            played = random_game(seed, players, on_step=lambda s, a, log: firsts.append(s.first_player))
            if not any(p.out for p in played.final.players):
                break
        assert played.final.phase == OVER
        rotation = list(dict.fromkeys(firsts))
        start = played.setup["first_player"]
        assert rotation == [(start + k) % players for k in range(players)][:len(rotation)]
        assert set(rotation) == set(range(players))


@pytest.mark.clause("HF-END-3", "HF-GAMEEND-1", "HF-OBJ-1")
def test_the_last_round_ends_the_game_and_the_most_vp_wins():
    state = race_b_round(round_=6)
    act(state, "end_round")
    assert state.phase == OVER and state.winner == 0          # 4 VP against 1
    with pytest.raises(IllegalAction) as info:
        act(state, "deal", deal={"hands": [[1, 2], [3, 4]]})
    assert info.value.clause == "HF-END-3"


@pytest.mark.clause("HF-GAMEEND-2")
def test_a_vp_tie_goes_to_more_danari():
    state = race_b_round(stake1=400, round_=6, vp=[1, 4], danari=[1000, 2000])
    act(state, "end_round")
    assert [p.vp for p in state.players] == [4, 4] and state.winner == 1     # 1600 D against 1200


@pytest.mark.clause("HF-GAMEEND-3", "HF-INT-3")
def test_a_full_tie_needs_the_tie_break_input():
    state = race_b_round(stake1=400, round_=6, vp=[1, 4], danari=[1000, 1600])
    with pytest.raises(InputError) as info:
        act(state, "end_round")
    assert info.value.clause == "HF-GAMEEND-3"
    with pytest.raises(InputError):
        act(state, "end_round", tie_break=2)
    act(state, "end_round", tie_break=0)
    assert state.winner == 0


@pytest.mark.clause("HF-GAMEEND-3")
def test_a_tie_break_where_there_is_no_tie_is_refused():
    state = race_b_round(round_=6)
    with pytest.raises(InputError):
        act(state, "end_round", tie_break=1)
    state = race_b_round(round_=1)
    with pytest.raises(InputError):
        act(state, "end_round", tie_break=1)
