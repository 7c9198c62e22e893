"""Betting: first bets (HF-BET-1..3), the minimum bet and its penalty (HF-MIN-1..3), second
bets (HF-BET2-1..4), bet tokens (HF-BET-2, HF-SETUP-6) and the options HF-INT-8/9."""

import pytest

from reference.core.errors import IllegalAction
from reference.horse_fever.rules.betting import minimum_bet
from reference.horse_fever.rules.state import FIRST_BETS, OVER, REVEAL, RIGGING, SECOND_BETS

from .helpers import act, deal, events_of, game_state, types

HANDS3 = [[1, 2], [3, 4], [5, 6]]


def in_second_bets(bets=("bet red win 200", "bet blue win 200", "bet green win 200"), **kw):
    """Three players, seat 1 first; everyone bets (200 on a different horse) and plays on white."""
    state = game_state(players=3, first=1, **kw)
    deal(state, HANDS3)
    for text in bets:
        act(state, text)
    for text in ("play 3 on white", "play 5 on white", "play 1 on white",
                 "play 4 on white", "play 6 on white", "play 2 on white"):
        act(state, text)
    return state


@pytest.mark.clause("HF-MIN-1")
@pytest.mark.parametrize("vp, minimum", [(1, 100), (5, 500), (0, 0), (12, 1200)])
def test_minimum_bet_is_vp_times_100(vp, minimum):
    assert minimum_bet(vp) == minimum


@pytest.mark.clause("HF-MIN-1", "HF-BET-3")
def test_a_bet_below_the_minimum_or_above_the_danari_held_is_refused():
    state = game_state(vp=[5, 1], danari=[2000, 2000])
    deal(state, [[1, 2], [3, 4]])
    with pytest.raises(IllegalAction) as info:
        act(state, "bet red win 499")
    assert info.value.clause == "HF-MIN-1" and info.value.field == "test.amount"
    with pytest.raises(IllegalAction) as info:
        act(state, "bet red win 2001")
    assert info.value.clause == "HF-BET-3"
    act(state, "bet red win 500")
    assert state.players[0].danari == 1500


@pytest.mark.clause("HF-BET-1", "HF-PLAY-1")
def test_first_bets_go_clockwise_from_the_first_player_and_are_compulsory():
    state = game_state(players=3, first=2)
    deal(state, HANDS3)
    order = []
    for horse in ("red", "blue", "green"):
        order.append(state.to_play)
        with pytest.raises(IllegalAction) as info:
            act(state, "pass")
        assert info.value.clause == "HF-BET-1"
        act(state, f"bet {horse} show 100")
    assert order == [2, 0, 1]
    assert state.phase == RIGGING


@pytest.mark.clause("HF-BET-2", "HF-BET-3", "HF-SETUP-6")
def test_a_bet_takes_a_token_of_its_colour_showing_the_chosen_side():
    state = game_state(players=3)                       # 2 tokens per colour; HF-INT-8 refuses a third bet
    deal(state, HANDS3)
    act(state, "bet red win 100")
    act(state, "bet red show 300")
    assert state.tokens["red"] == 0
    assert [(b.player, b.horse, b.side, b.amount) for b in state.bets] == [(0, "red", "win", 100), (1, "red", "show", 300)]
    with pytest.raises(IllegalAction) as info:
        act(state, "bet red win 100")
    assert info.value.clause == "HF-BET-2"
    with pytest.raises(IllegalAction) as info:
        act(state, "bet blue place 100")
    assert info.value.clause == "HF-BET-3"


@pytest.mark.clause("HF-BET-2", "HF-INT-8")
def test_without_a_token_left_the_bet_on_that_horse_is_refused():
    state = game_state()                                # 2 players: 1 token per colour
    deal(state, [[1, 2], [3, 4]])
    act(state, "bet red win 100")
    with pytest.raises(IllegalAction) as info:
        act(state, "bet red show 100")
    assert info.value.clause == "HF-BET-2" and state.to_play == 1 and len(state.bets) == 1


@pytest.mark.clause("HF-BET-2", "HF-INT-8")
def test_under_allowed_without_a_token_the_bet_is_still_made():
    state = game_state(bet_without_token="allowed")     # 2 players: 1 token per colour
    deal(state, [[1, 2], [3, 4]])
    act(state, "bet red win 100")
    log = act(state, "bet red show 100")
    assert events_of(log, "bet_placed")[0]["token"] is False and state.tokens["red"] == 0


@pytest.mark.clause("HF-MIN-2", "HF-INT-9")
def test_under_skip_bet_short_of_the_minimum_loses_two_vp_and_makes_no_first_bet():
    state = game_state(players=3, vp=[3, 1, 1], danari=[200, 1000, 1000], short_of_minimum="skip_bet")
    log = deal(state, HANDS3)
    assert types(log) == ["dealt", "penalty", "bet_skipped"]
    assert state.players[0].vp == 1 and state.ledger.vp_taken == 2
    assert state.to_play == 1


@pytest.mark.clause("HF-MIN-2", "HF-INT-9")
def test_under_bet_after_penalty_the_player_bets_with_the_lower_minimum():
    state = game_state(players=3, vp=[5, 1, 1], danari=[150, 1000, 1000], short_of_minimum="bet_after_penalty")
    log = deal(state, HANDS3)
    # 5 VP: minimum 500 > 150 -> 3 VP: 300 > 150 -> 1 VP: 100 <= 150, bets.
    assert types(log) == ["dealt", "penalty", "penalty"]
    assert state.players[0].vp == 1 and state.to_play == 0


@pytest.mark.clause("HF-MIN-2", "HF-INT-18")
def test_under_penalty_once_a_player_still_short_makes_no_first_bet_and_stays():
    state = game_state(players=3, vp=[5, 1, 1], danari=[150, 1000, 1000], short_of_minimum="penalty_once")
    log = deal(state, HANDS3)
    # 5 VP: minimum 500 > 150 -> 3 VP: 300 > 150, no second penalty: no first bet
    assert types(log) == ["dealt", "penalty", "bet_skipped"]
    assert state.players[0].vp == 3 and not state.players[0].out and state.to_play == 1


@pytest.mark.clause("HF-MIN-1", "HF-MIN-3", "HF-INT-19")
@pytest.mark.parametrize("zero_stake, after", [("refused", ["dealt", "penalty", "player_out"]),
                                               ("allowed", ["dealt", "penalty"])])
def test_at_zero_vp_zero_danari_is_short_unless_a_zero_stake_is_a_bet(zero_stake, after):
    state = game_state(players=3, vp=[2, 1, 1], danari=[0, 1000, 1000], zero_stake=zero_stake)
    log = deal(state, HANDS3)
    assert types(log) == after
    assert state.players[0].vp == 0 and state.players[0].out is (zero_stake == "refused")


@pytest.mark.clause("HF-BET-3", "HF-INT-19")
def test_a_stake_of_zero_is_refused_unless_allowed_and_then_only_at_a_zero_minimum():
    state = game_state(players=3, vp=[0, 1, 1], danari=[0, 1000, 1000], zero_stake="allowed")
    deal(state, HANDS3)
    act(state, "bet red show 0")                        # 0 VP: the minimum is 0 D
    with pytest.raises(IllegalAction) as info:
        act(state, "bet red win 0")                     # 1 VP: the minimum is 100 D
    assert info.value.clause == "HF-MIN-1"
    state = game_state(players=3, vp=[0, 1, 1], danari=[500, 1000, 1000])
    deal(state, HANDS3)
    with pytest.raises(IllegalAction) as info:
        act(state, "bet red show 0")
    assert info.value.clause == "HF-BET-3"


@pytest.mark.clause("HF-MIN-3", "HF-INT-20")
@pytest.mark.parametrize("reading, phase, winner", [("wins", OVER, 1), ("plays_on", FIRST_BETS, None)])
def test_the_player_left_when_the_other_loses_the_game(reading, phase, winner):
    state = game_state(vp=[1, 1], danari=[50, 1000], last_player_left=reading)
    log = deal(state, [[1, 2], [3, 4]])
    assert state.phase == phase and state.winner == winner
    if winner is not None:
        over = events_of(log, "game_over")[0]
        assert over["winner"] == 1 and over["by"] == "last_player_left"


@pytest.mark.clause("HF-MIN-3", "HF-INT-13", "HF-PLAY-2")
@pytest.mark.parametrize("reading, now", [("at_round_end", 0), ("at_once", 1)])
def test_a_first_player_who_loses_the_game_keeps_the_card_to_the_round_end_or_hands_it_on(reading, now):
    state = game_state(players=3, vp=[1, 1, 1], danari=[50, 1000, 1000], out_first_player_card=reading)
    deal(state, HANDS3)
    assert state.players[0].out and state.first_player == now


@pytest.mark.clause("HF-BET2-2", "HF-BET2-3", "HF-MIN-2", "HF-INT-23")
@pytest.mark.parametrize("reading, vp", [("passes", 2), ("penalty", 0)])
def test_short_of_the_minimum_at_the_second_bets(reading, vp):
    """Seat 0 (bets last, second bets first) stakes 900 of its 1000 D at the first bets: 100 D in
    hand against a 200 D minimum when its second bet is due (the staked 900 D do not count under
    the penalty reading)."""
    state = in_second_bets(("bet green show 200", "bet blue win 200", "bet red win 900"),
                           vp=[2, 2, 2], danari=[1000, 1000, 1000], short_at_second_bets=reading)
    assert state.phase == SECOND_BETS and state.to_play == 0
    assert state.players[0].vp == vp and state.ledger.vp_taken == 2 - vp


@pytest.mark.clause("HF-MIN-3", "HF-INT-13")
def test_without_two_vp_to_pay_the_player_loses_the_game():
    state = game_state(players=3, vp=[1, 1, 1], danari=[50, 1000, 1000])
    log = deal(state, HANDS3)
    assert types(log) == ["dealt", "player_out"]
    assert state.players[0].out and state.players[0].hand == [] and state.to_play == 1


@pytest.mark.clause("HF-MIN-2", "HF-MIN-3")
def test_a_player_with_zero_vp_and_no_danari_cannot_cover_and_leaves():
    state = game_state(players=2, vp=[0, 1], danari=[0, 1000])
    log = deal(state, [[1, 2], [3, 4]])
    assert events_of(log, "player_out")[0]["player"] == 0


@pytest.mark.clause("HF-MIN-3", "HF-INT-13", "HF-INT-20")
def test_when_nobody_is_left_the_game_ends_without_a_winner():
    """Under last_player_left: plays_on (by default the last player left has won at once)."""
    state = game_state(players=2, vp=[1, 1], danari=[0, 50], last_player_left="plays_on")
    log = deal(state, [[1, 2], [3, 4]])
    assert types(log) == ["dealt", "player_out", "player_out", "game_over"]
    assert state.phase == OVER and state.winner is None


@pytest.mark.clause("HF-BET2-1", "HF-BET2-3", "HF-BETTING-1")
def test_second_bets_go_counter_clockwise_from_the_right_of_the_first_player():
    state = in_second_bets()
    assert state.phase == SECOND_BETS
    order = []
    while state.phase == SECOND_BETS:
        order.append(state.to_play)
        act(state, "pass")
    assert order == [0, 2, 1]          # first player 1: right of it is seat 0, then 2, then 1 last
    assert state.phase == REVEAL


@pytest.mark.clause("HF-BET2-2", "HF-BET2-4")
def test_second_bets_respect_the_minimum_and_one_side_per_horse():
    state = in_second_bets(vp=[2, 1, 1])        # seat 0: minimum 200
    with pytest.raises(IllegalAction) as info:
        act(state, "bet blue show 100")
    assert info.value.clause == "HF-BET2-2"
    with pytest.raises(IllegalAction) as info:
        act(state, "bet green win 200")          # seat 0 already bet win on green
    assert info.value.clause == "HF-BET2-4"
    act(state, "bet green show 200")
    assert [(b.player, b.horse, b.side, b.second) for b in state.bets][-1] == (0, "green", "show", True)


@pytest.mark.clause("HF-BET2-3", "HF-INT-9")
def test_a_player_short_of_the_minimum_at_the_second_bets_just_passes():
    state = in_second_bets(danari=[250, 1000, 1000], vp=[2, 1, 1])   # seat 0 has 50 D left, minimum 200
    with pytest.raises(IllegalAction):
        act(state, "bet white show 50")
    log = act(state, "pass")
    assert types(log) == ["passed"] and state.players[0].vp == 2
