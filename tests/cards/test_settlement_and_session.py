"""Settling a race (CRD-PAY-1..3), passing the bank (CRD-ROT-1/2) and the finite session
(CRD-SESSION-1..3). Every number is worked out by hand in the test."""

import pytest

from reference.core.errors import IllegalAction
from reference.cards.rules.seating import next_banker
from reference.cards.rules.session import session_winners
from reference.cards.rules.settlement import net_winnings, settle_race
from reference.cards.rules.state import Bet

from .helpers import bet, lay, racing, step, table, types, view


@pytest.mark.clause("CRD-PAY-1", "CRD-PAY-2")
def test_the_worked_example_pays_three_in_all_and_keeps_the_losing_chip():
    s = settle_race(3, 0, [Bet(1, "D"), Bet(2, "S")], winner="D", odds=2)
    assert s.returned == [0, 3, 0]           # 1 back + 2 profit
    assert s.changes == [-1, 2, -1]          # the bank: +1 collected - 2 paid
    assert (s.collected, s.paid) == (1, 2)


@pytest.mark.clause("CRD-PAY-2")
@pytest.mark.parametrize("odds, returned", [(1, 2), (2, 3), (3, 4), (5, 6), (10, 11)])
def test_net_odds_are_not_the_total_returned(odds, returned):
    assert net_winnings(1, odds) == odds
    assert settle_race(3, 0, [Bet(1, "S")], "S", odds).returned[1] == returned


@pytest.mark.clause("CRD-PAY-3")
def test_several_backers_of_the_winner_are_each_paid_on_their_own_stake():
    s = settle_race(5, 0, [Bet(1, "S"), Bet(2, "S"), Bet(3, "S"), Bet(4, "H")], "S", 2)
    assert s.returned == [0, 3, 3, 3, 0]
    assert s.changes == [-5, 2, 2, 2, -1]


@pytest.mark.clause("CRD-PAY-1")
def test_when_nobody_backed_the_winner_the_bank_keeps_every_stake():
    s = settle_race(4, 2, [Bet(3, "S"), Bet(0, "H"), Bet(1, "H")], "C", 1)
    assert s.changes == [-1, -1, 3, -1] and s.paid == 0 and s.collected == 3


@pytest.mark.clause("CRD-ROT-1")
def test_the_bank_passes_clockwise_and_balances_are_recorded():
    assert [next_banker(b, 4) for b in range(4)] == [1, 2, 3, 0]
    t = racing("2S 3S 2H 3H 2D 3D 2C", "4S 5S 6S 7S 8S 9S 10S JS", ["S", "H"])
    log = step(t, 8)
    assert log.events[-1] == {"type": "bank_passes", "from": 0, "to": 1}
    # spades win at 3:1: seat 1 +3, seat 2 -1, the bank +1 - 3 = -2
    assert view(t)["next_banker"] == 1 and t.balances == [18, 23, 19]


@pytest.mark.clause("CRD-ROT-2")
def test_a_new_race_gathers_every_card_and_starts_from_zero():
    t = table(3, session=True)
    lay(t, "2S 3S 2H 3H 2D 3D 2C", "4S 5S 6S 7S 8S 9S 10S JS")
    bet(t, "S")
    bet(t, "H")
    step(t, 8)
    assert t.phase == "settled"
    # the spades just revealed are back in the 48: the new lay must hold them all
    log = lay(t, "4S 5S 6S 7S 2H 2D 2C", "8S 9S 10S JS QS KS 2S 3S")
    assert types(log) == ["race_started", "track_laid", "odds_posted"]
    assert view(t)["positions"] == {"S": 0, "H": 0, "D": 0, "C": 0}
    assert view(t)["revealed"] == [] and view(t)["deck_size"] == 41 and view(t)["banker"] == 1


@pytest.mark.clause("CRD-ROT-2")
def test_a_new_lay_is_refused_while_the_race_is_on():
    t = racing("2S 3S 2H 3H 2D 3D 2C", "", ["S", "H"])
    with pytest.raises(IllegalAction, match="gathered and shuffled again") as info:
        lay(t, "2S 3S 2H 3H 2D 3D 2C")
    assert info.value.clause == "CRD-ROT-2"


def play_session(players: int, banker: int = 0):
    """Each race: a 2-2-2-1 track and the spades first, every bettor on hearts."""
    t = table(players, banker=banker, session=True)
    bankers = []
    while t.phase != "over":
        lay(t, "2S 3S 2H 3H 2D 3D 2C", "4S 5S 6S 7S 8S 9S 10S JS")
        bankers.append(view(t)["banker"])
        while t.phase == "betting":
            bet(t, "H")
        step(t, 8)
    return t, bankers


@pytest.mark.clause("CRD-SESSION-1", "CRD-ROT-1")
@pytest.mark.parametrize("players, first, order", [(3, 0, [0, 1, 2]), (4, 2, [2, 3, 0, 1]), (5, 4, [4, 0, 1, 2, 3])])
def test_in_a_session_each_person_banks_once_clockwise(players, first, order):
    t, bankers = play_session(players, first)
    assert bankers == order
    with pytest.raises(IllegalAction, match="everyone has banked once") as info:
        lay(t, "2S 3S 2H 3H 2D 3D 2C")
    assert info.value.clause == "CRD-SESSION-1"


@pytest.mark.clause("CRD-SESSION-2")
def test_the_highest_final_balance_wins_and_ties_are_shared():
    assert session_winners([19, 12, 29]) == [2]
    assert session_winners([21, 18, 21]) == [0, 2]
    assert session_winners([20, 20, 20]) == [0, 1, 2]
    # every race: all bettors lose a chip each to the bank, so every seat ends where it began
    t, _ = play_session(3)
    assert t.balances == [20, 20, 20] and t.session_winners == [0, 1, 2]


@pytest.mark.clause("CRD-SESSION-3")
def test_the_banks_gains_and_losses_count_and_the_sum_is_kept():
    t, _ = play_session(4)
    # each race the bank collects 3 losing chips; everyone banks once: +3 as bank, -3 as bettor
    assert t.balances == [20, 20, 20, 20] and sum(t.balances) == 80
    s = settle_race(4, 1, [Bet(2, "D"), Bet(3, "D"), Bet(0, "C")], "D", 10)
    assert sum(s.changes) == 0 and s.changes[1] == 1 - 20
