"""Setting up (HF-SETUP-*), characters and stables (HF-CHAR-1), the tables (HF-TABLE-1/2),
the deal (HF-DEAL-1) and the order of a round's phases (HF-PLAY-1/4)."""

import pytest

from reference.core.errors import IllegalAction, InputError
from reference.horse_fever.rules.state import DEAL, FIRST_BETS

from .helpers import act, deal, game_state, start_game

LAY = ["white", "blue", "yellow", "black", "red", "green"]


@pytest.mark.clause("HF-SETUP-7", "HF-STABLE-1")
def test_stable_tokens_are_laid_from_1_7_up_to_1_2_in_the_given_order():
    state = start_game(2, ["red", "green", "white", "blue", "black", "yellow"], [71, 72])
    assert state.odds == {"red": 7, "green": 6, "white": 5, "blue": 4, "black": 3, "yellow": 2}


@pytest.mark.clause("HF-SETUP-7")
@pytest.mark.parametrize("stables, field", [(["white"] * 6, "setup.stables[1]"),
                                            (LAY[:5], "setup.stables"),
                                            (LAY[:5] + ["purple"], "setup.stables[5]")])
def test_the_lay_is_a_permutation_of_the_six_colours(stables, field):
    with pytest.raises(InputError) as info:
        start_game(2, stables, [71, 72])
    assert info.value.field == field


@pytest.mark.clause("HF-SETUP-2", "HF-SETUP-8", "HF-CHAR-1")
def test_each_player_gets_one_vp_the_character_danari_and_the_stable_on_its_row():
    state = start_game(3, LAY, [73, 71, 76])      # 73 owns 1:4, 71 owns 1:2, 76 owns 1:7
    assert [p.vp for p in state.players] == [1, 1, 1]
    assert [p.danari for p in state.players] == [3800, 3400, 4400]
    assert state.owners == {"black": 0, "green": 1, "white": 2}


@pytest.mark.clause("HF-SETUP-8", "HF-SETUP-4")
@pytest.mark.parametrize("characters, clause", [([71, 71], "HF-SETUP-8"), ([71, 77], "HF-SETUP-4"),
                                                ([71, 12], "HF-SETUP-8"), ([71], "HF-SETUP-8")])
def test_characters_are_distinct_family_cards_one_per_player(characters, clause):
    with pytest.raises(InputError) as info:
        start_game(2, LAY, characters)
    assert info.value.clause == clause


@pytest.mark.clause("HF-SETUP-6", "HF-TABLE-1")
@pytest.mark.parametrize("players, tokens", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 4)])
def test_bet_tokens_per_colour_by_player_count(players, tokens):
    state = start_game(players, LAY, [71, 72, 73, 74, 75, 76][:players])
    assert state.tokens == {c: tokens for c in LAY}


@pytest.mark.clause("HF-TABLE-1")
@pytest.mark.parametrize("players", [1, 7])
def test_the_family_game_is_for_two_to_six(players):
    with pytest.raises(InputError, match="2 to 6"):
        game_state(players=players, vp=[1] * players, danari=[0] * players)


@pytest.mark.clause("HF-TABLE-2", "HF-PLAY-1")
@pytest.mark.parametrize("players, rounds", [(2, 6), (3, 6), (4, 4), (5, 5), (6, 6)])
def test_rounds_by_player_count(players, rounds):
    assert start_game(players, LAY, [71, 72, 73, 74, 75, 76][:players]).rounds == rounds


@pytest.mark.clause("HF-SETUP-9", "HF-SETUP-10")
def test_first_player_is_an_input_and_the_race_starts_from_the_start():
    state = start_game(3, LAY, [71, 72, 73], first=2)
    assert state.first_player == 2 and state.round == 1 and state.phase == DEAL
    deal(state, [[1, 2], [3, 4], [5, 6]])
    assert state.race.positions == {c: 0 for c in LAY}
    assert state.to_play == 2
    with pytest.raises(InputError):
        start_game(3, LAY, [71, 72, 73], first=3)


@pytest.mark.clause("HF-DEAL-1", "HF-PLAY-4", "HF-SETUP-5")
def test_the_deal_gives_two_cards_each_then_the_first_bets_begin():
    state = game_state(players=3, first=1)
    with pytest.raises(IllegalAction) as info:
        act(state, "bet red win 100")
    assert info.value.clause == "HF-PLAY-4"
    deal(state, [[1, 2], [3, 4], [5, 6]])
    assert [p.hand for p in state.players] == [[1, 2], [3, 4], [5, 6]]
    assert state.phase == FIRST_BETS and state.to_play == 1


@pytest.mark.clause("HF-DEAL-1", "HF-SETUP-3", "HF-SETUP-4")
@pytest.mark.parametrize("hands, clause", [
    ([[1, 2, 3], [4, 5]], "HF-DEAL-1"),
    ([[1], [4, 5]], "HF-DEAL-1"),
    ([[1, 2], [2, 5]], "HF-SETUP-3"),
    ([[1, 22], [4, 5]], "HF-SETUP-4"),
    ([[1, 21], [4, 5]], "HF-SETUP-4"),
    ([[1, 23], [4, 5]], "HF-SETUP-3"),
])
def test_bad_deals_are_refused(hands, clause):
    state = game_state()
    with pytest.raises(InputError) as info:
        deal(state, hands)
    assert info.value.clause == clause
