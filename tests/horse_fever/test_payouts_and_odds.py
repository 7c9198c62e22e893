"""Payouts (HF-PAY-1/2, HF-WIN-1, HF-SHOW-1, HF-PAYF-1) and the new odds (HF-NEWODDS-1..5,
HF-ODDS-1/4), with the options HF-INT-1, HF-INT-2 and HF-INT-12.

Race A (odds red 1:2, green 1:3, blue 1:4, yellow 1:5, white 1:6, black 1:7; quiet cards) ranks
red, green, blue, yellow, white, black - worked out by hand in hf-payouts-win-show-owners."""

import pytest

from reference.core.log import StepLog
from reference.horse_fever.rules.new_odds import odds_after_race, set_new_odds
from reference.horse_fever.rules.payouts import show_return, win_return
from reference.horse_fever.options import Options

from .helpers import act, events_of, game_state, through_betting

RACE_A_ODDS = {"red": 2, "green": 3, "blue": 4, "yellow": 5, "white": 6, "black": 7}
RACE_A = [(99, ["red", "green"]), (83, ["red", "blue"]), (84, ["red", "green"]),
          (85, ["blue", "yellow"]), (86, ["white", "black"]), (87, ["red", "black"])]
QUIET_PLAYS = ["play 16 on white", "play 20 on white", "play 5 on yellow", "play 12 on yellow"]


def race_a_round(first_bets, second_bets, owners=None, danari=None, **options):
    state = game_state(odds=RACE_A_ODDS, danari=danari or [3000, 3000], owners=owners, **options)
    through_betting(state, [[16, 5], [20, 12]], first_bets, QUIET_PLAYS, second_bets)
    act(state, "reveal")
    for card, dice in RACE_A:
        act(state, "race", race={"card": card, "dice": dice})
    assert state.race.ranking == ["red", "green", "blue", "yellow", "white", "black"]
    return state


@pytest.mark.clause("HF-WIN-1", "HF-PAYF-1", "HF-INT-1")
@pytest.mark.parametrize("stake, odds, rule, back", [
    (100, 3, "stake_times_odds", 300), (100, 2, "stake_times_odds", 200), (250, 7, "stake_times_odds", 1750),
    (100, 3, "stake_plus_stake_times_odds", 400), (100, 2, "stake_plus_stake_times_odds", 300)])
def test_win_bet_returns(stake, odds, rule, back):
    assert win_return(stake, odds, Options(win_payout=rule)) == back


@pytest.mark.clause("HF-SHOW-1", "HF-INT-22")
@pytest.mark.parametrize("rule, back", [("stake_times_odds", 600), ("stake_plus_stake_times_odds", 900)])
def test_show_bet_doubles_the_stake(rule, back):
    """«el Danari que apueste se duplicará»: 2 x 300 in all, or (HF-INT-1's other reading, the
    multiple as the gain) 300 + 2 x 300."""
    assert show_return(300, Options(win_payout=rule)) == back


@pytest.mark.clause("HF-PAY-1", "HF-PAY-2", "HF-WIN-1", "HF-SHOW-1", "HF-CHAR-1", "HF-INT-2")
def test_payouts_of_race_a():
    state = race_a_round(["bet red win 400", "bet blue show 500"], ["bet black show 300", "bet green show 200"],
                         owners={"red": 0, "blue": 1})
    act_log = act(state, "payouts")
    settled = [(e["player"], e["horse"], e["won"], e["returned"], e["vp"]) for e in events_of(act_log, "bet_settled")]
    # clockwise from the first player (seat 0), each player's bets in the order made
    assert settled == [(0, "red", True, 800, 3), (0, "green", True, 400, 1),
                       (1, "blue", True, 1000, 1), (1, "black", False, 0, 0)]
    prizes = [(e["player"], e["place"], e["danari"], e["vp"]) for e in events_of(act_log, "owner_prize")]
    assert prizes == [(0, 1, 600, 0), (1, 3, 200, 0)]           # green (2nd) has no owner
    assert [p.danari for p in state.players] == [4200, 3400]
    assert [p.vp for p in state.players] == [5, 2]
    assert state.ledger.danari_received == 300 and state.ledger.danari_paid == 1900
    assert state.tokens == {c: 1 for c in RACE_A_ODDS} and state.bets == []


@pytest.mark.clause("HF-SHOW-1", "HF-WIN-1")
def test_show_pays_for_third_but_not_fourth_and_win_only_for_first():
    state = race_a_round(["bet green win 100", "bet blue show 100"], ["bet yellow show 100", "pass"],
                         danari=[1000, 1000])
    log = act(state, "payouts")
    assert [(e["horse"], e["won"]) for e in events_of(log, "bet_settled")] == [
        ("green", False), ("blue", True), ("yellow", False)]


@pytest.mark.clause("HF-PAY-2", "HF-INT-2")
def test_owner_vp_under_the_option():
    state = race_a_round(["bet red win 400", "bet blue show 500"], ["pass", "pass"],
                         owners={"red": 0, "blue": 1}, stable_owner_vp="placed")
    act(state, "payouts")
    assert [p.vp for p in state.players] == [1 + 3 + 1, 1 + 1 + 1]


@pytest.mark.clause("HF-NEWODDS-2", "HF-NEWODDS-3", "HF-NEWODDS-4", "HF-INT-11")
@pytest.mark.parametrize("place, odds, after", [
    (1, 7, 6), (1, 2, 2), (2, 2, 3), (3, 3, 4), (6, 7, 7), (6, 5, 6), (4, 6, 5), (4, 5, 5), (2, 4, 3)])
def test_one_row_towards_the_place(place, odds, after):
    assert odds_after_race(place, odds) == after


@pytest.mark.clause("HF-NEWODDS-1", "HF-NEWODDS-5", "HF-ODDS-1", "HF-ODDS-4")
def test_new_odds_from_the_first_horse_down_stay_on_the_board():
    log = StepLog()
    new = set_new_odds({"white": 2, "blue": 2, "yellow": 3, "black": 7, "red": 7, "green": 5},
                       ["blue", "white", "yellow", "green", "red", "black"], log)
    assert new == {"white": 3, "blue": 2, "yellow": 4, "black": 7, "red": 6, "green": 5}
    assert [e["horse"] for e in log.events] == ["blue", "white", "yellow", "green", "red", "black"]
    assert all(2 <= o <= 7 for o in new.values())


@pytest.mark.clause("HF-ACT-15", "HF-WIN-1", "HF-NEWODDS-1", "HF-INT-12", "HF-INT-21")
@pytest.mark.parametrize("win_odds, base, back, blue_after", [
    ("at_payout", "board", 200, 2), ("when_placed", "board", 400, 2),
    ("at_payout", "before_cards", 200, 3), ("when_placed", "before_cards", 400, 3)])
def test_odds_moved_by_alfio_for_payout_and_new_odds(win_odds, base, back, blue_after):
    """The round of hf-int-card-odds-scope-board: Alfio Allibratore takes blue from 1:4 to 1:2 and
    blue wins. The two questions are apart: the win bet is paid at 1:2 (at the payout) or 1:4
    (when placed) whatever the new odds start from; blue, 1st, stays at 1:2 from the board or goes
    up from 1:4 to 1:3 from the odds before the cards, whatever the payout read."""
    state = game_state(odds={"green": 2, "red": 3, "blue": 4, "yellow": 5, "white": 6, "black": 7},
                       win_odds=win_odds, new_odds_base=base)
    through_betting(state, [[15, 5], [20, 12]], ["bet blue win 100", "bet green show 100"],
                    ["play 15 on blue", "play 20 on white", "play 5 on yellow", "play 12 on yellow"], ["pass", "pass"])
    act(state, "reveal")
    for card, dice in [(99, ["blue", "white"]), (94, ["blue", "red"]), (103, ["green", "yellow"]),
                       (86, ["red", "black"]), (83, ["yellow", "black"])]:
        act(state, "race", race={"card": card, "dice": dice})
    log = act(state, "payouts")
    assert events_of(log, "bet_settled")[0]["returned"] == back
    act(state, "new_odds")
    assert state.odds["blue"] == blue_after
