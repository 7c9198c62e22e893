"""Fixing the race: action cards played face down, clockwise, one at a time (HF-RIG-1..4)."""

import pytest

from reference.core.errors import IllegalAction
from reference.horse_fever.rules.state import SECOND_BETS

from .helpers import act, deal, game_state


def rigging(players=3, first=1, hands=([1, 8], [3, 10], [15, 19])):
    state = game_state(players=players, first=first)
    deal(state, [list(h) for h in hands])
    for horse in ("red", "blue", "green")[:players]:
        act(state, f"bet {horse} win 100")
    return state


@pytest.mark.clause("HF-RIG-1", "HF-RIG-2")
def test_one_card_at_a_time_clockwise_from_the_first_player_until_all_are_played():
    state = rigging()
    seen = []
    plays = {1: [3, 10], 2: [15, 19], 0: [1, 8]}
    while state.to_play is not None and state.phase != SECOND_BETS:
        seat = state.to_play
        seen.append(seat)
        act(state, f"play {plays[seat].pop(0)} on white")
    assert seen == [1, 2, 0, 1, 2, 0]
    assert all(not p.hand for p in state.players) and state.phase == SECOND_BETS


@pytest.mark.clause("HF-RIG-1")
def test_a_card_the_player_does_not_hold_is_refused():
    state = rigging()
    with pytest.raises(IllegalAction) as info:
        act(state, "play 1 on red")                  # seat 1 holds 3 and 10
    assert info.value.clause == "HF-RIG-1" and "does not hold card 1" in info.value.message


@pytest.mark.clause("HF-RIG-3", "HF-RIG-4")
def test_cards_lie_face_down_on_the_chosen_horse_any_number_on_one_horse():
    state = rigging()
    for card in (3, 15, 1, 10, 19, 8):
        act(state, f"play {card} on red")
    assert sorted(state.race.cards["red"]) == [1, 3, 8, 10, 15, 19]
    assert state.race.effects("red") == set()        # face down: no effect before the reveal
