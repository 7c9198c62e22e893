"""Chips and bets: equal starting balances (CRD-BET-1), prices posted first (CRD-BET-2), one
chip per non-banker (CRD-BET-3), the bank's cover (CRD-BET-4, CRD-INT-1/2), fixed choices
(CRD-BET-5/6) and the order of the bets (CRD-INT-3)."""

import pytest

from reference.core.errors import IllegalAction, InputError
from reference.core.log import StepLog
from reference.cards.rules.betting import liability, place_bet
from reference.cards.rules.session import new_table
from reference.cards.rules.state import Bet

from .helpers import actions, bet, laid, lay, sit, step, table, types, view

TRACK = "2S 3S 4S 2H 3H 2D 2C"           # spades 5:1, hearts 3:1, diamonds 2:1, clubs 2:1


@pytest.mark.clause("CRD-BET-1")
def test_a_session_starts_with_equal_balances():
    assert table(4, session=True).balances == [20, 20, 20, 20]
    assert table(3, session=True, starting_balance=7).balances == [7, 7, 7]
    with pytest.raises(InputError, match="equal balances") as info:
        new_table(3, 0, [20, 21, 20], session=True)
    assert info.value.clause == "CRD-BET-1"


@pytest.mark.clause("CRD-BET-2")
def test_odds_and_the_maximum_stake_are_posted_before_any_bet_or_card():
    t = table()
    with pytest.raises(IllegalAction, match="no odds are posted yet") as info:
        bet(t, "S")
    assert info.value.clause == "CRD-BET-2"
    log = lay(t, TRACK)
    assert log.events[1] == {"type": "odds_posted", "odds": {"S": 5, "H": 3, "D": 2, "C": 2}, "max_bet": 1}
    assert t.race.revealed == []


@pytest.mark.clause("CRD-BET-3")
def test_every_non_banker_backs_one_horse_with_one_chip():
    t = laid(TRACK, players=4, banker=1)
    for horse in ("S", "H", "S"):
        bet(t, horse)
    assert [(b.seat, b.horse, b.stake) for b in t.race.bets] == [(2, "S", 1), (3, "H", 1), (0, "S", 1)]
    assert view(t)["bets"] == ["S", None, "S", "H"]


@pytest.mark.clause("CRD-BET-3", "CRD-INTRO-3")
def test_a_stake_other_than_one_chip_is_refused():
    t = laid(TRACK)
    for stake in (0, 2, 5):
        with pytest.raises(IllegalAction, match="exactly 1 chip") as info:
            place_bet(t, "S", stake, None, StepLog(), "steps[3]")
        assert info.value.field == "steps[3].stake" and info.value.clause == "CRD-BET-3"


@pytest.mark.clause("CRD-BET-3")
def test_sitting_out_is_refused_while_a_horse_can_be_backed():
    t = laid(TRACK)
    with pytest.raises(IllegalAction, match="can back S, H, D, C") as info:
        sit(t)
    assert info.value.clause == "CRD-BET-3"


@pytest.mark.clause("CRD-BET-3")
def test_a_bettor_without_a_chip_sits_out():
    t = laid(TRACK, balances=[20, 0, 20])
    assert actions(t) == ["sit out"]
    with pytest.raises(IllegalAction, match="holds 0 chips") as info:
        bet(t, "D")
    assert info.value.clause == "CRD-BET-3"
    log = sit(t)
    assert log.events == [{"type": "sat_out", "seat": 1, "reason": "no_chip"}]
    assert actions(t) == ["bet S", "bet H", "bet D", "bet C"]


@pytest.mark.clause("CRD-BET-4")
def test_gross_liability_is_the_net_winnings_on_each_suit():
    odds = {"S": 5, "H": 3, "D": 2, "C": 2}
    bets = [Bet(1, "S"), Bet(2, "S"), Bet(3, "H")]
    assert liability(bets, odds, "gross") == {"S": 10, "H": 3, "D": 0, "C": 0}
    # net: less the losing stakes collected from the other bettors
    assert liability(bets, odds, "net") == {"S": 9, "H": 1, "D": 0, "C": 0}


@pytest.mark.clause("CRD-BET-4")
def test_a_bet_the_bank_could_not_pay_is_refused_and_another_horse_may_be_backed():
    t = laid(TRACK, players=3, balances=[6, 20, 20])
    bet(t, "S")                                         # the bank would owe 5 <= 6
    assert actions(t) == ["bet H", "bet D", "bet C"]    # a second spade: 10 > 6
    with pytest.raises(IllegalAction, match=r"the bank \(seat 0, 6 chips\) could not pay 10 chips if S won") as info:
        bet(t, "S")
    assert info.value.clause == "CRD-BET-4"
    assert len(t.race.bets) == 1 and t.to_bet == 2      # nothing changed
    bet(t, "H")
    assert t.phase == "racing" and view(t)["liability"] == {"S": 5, "H": 3, "D": 0, "C": 0}


@pytest.mark.clause("CRD-BET-4")
def test_net_cover_counts_the_losing_stakes():
    t = laid(TRACK, players=3, balances=[4, 20, 20], bank_cover="net")
    bet(t, "H")
    assert actions(t) == ["bet S", "bet D", "bet C"]    # spades: 5 - 1 = 4 <= 4
    bet(t, "S")
    assert t.phase == "racing"


@pytest.mark.clause("CRD-BET-4")
def test_owe_accepts_every_bet_and_lets_balances_go_negative():
    t = laid("2S 3S 4S 5S 2H 2D 2C", "6S 7S 8S 9S 10S JS QS KS", balances=[1, 0, 20], when_uncovered="owe")
    assert actions(t) == ["bet S", "bet H", "bet D", "bet C"]
    bet(t, "S")
    bet(t, "S")
    step(t, 8)
    assert t.balances == [-19, 10, 30]


@pytest.mark.clause("CRD-BET-4", "CRD-PAY-1")
def test_with_gross_cover_the_bank_never_pays_more_than_it_holds():
    t = laid(TRACK, "4H 5H 6H 7H 8H 9H 10H JH", players=3, balances=[3, 20, 20])
    bet(t, "H")                                          # owes 3, holds 3
    with pytest.raises(IllegalAction):
        bet(t, "H")                                      # 6 > 3
    bet(t, "D")
    step(t, 8)                                           # hearts win
    assert t.balances == [3 - 3 + 1, 23, 19]


@pytest.mark.clause("CRD-BET-4")
def test_a_bank_without_chips_covers_nothing_and_everyone_sits_out():
    t = laid(TRACK, "5S 6S 7S 8S 9S 10S JS QS", players=3, balances=[0, 20, 20])
    assert actions(t) == ["sit out"]
    assert sit(t).events[0]["reason"] == "bank_cannot_cover"
    log = sit(t)
    assert types(log) == ["sat_out", "bets_closed"] and t.phase == "racing"
    step(t, 8)
    assert t.race.winner == "S" and t.balances == [0, 20, 20]


@pytest.mark.clause("CRD-BET-5")
def test_choices_are_fixed_and_the_race_waits_for_all_of_them():
    t = laid(TRACK, players=4)
    bet(t, "S")
    with pytest.raises(IllegalAction, match="seat 1 has already chosen") as info:
        bet(t, "H", by=1)
    assert info.value.clause == "CRD-BET-5"
    with pytest.raises(IllegalAction, match="seat 2 has still to choose") as info:
        step(t)
    assert info.value.clause == "CRD-BET-5"
    bet(t, "H")
    log = bet(t, "C")
    assert types(log) == ["bet", "bets_closed"] and t.phase == "racing"


@pytest.mark.clause("CRD-BET-6")
def test_nobody_changes_horse_or_adds_chips_during_the_race():
    t = laid(TRACK, "4H")
    bet(t, "S")
    bet(t, "H")
    step(t)
    for attempt in (lambda: bet(t, "D"), lambda: bet(t, "D", by=1), lambda: sit(t)):
        with pytest.raises(IllegalAction, match="nobody changes horse or adds chips") as info:
            attempt()
        assert info.value.clause == "CRD-BET-6"
    assert [b.horse for b in t.race.bets] == ["S", "H"]


@pytest.mark.clause("CRD-INT-3")
def test_bets_go_clockwise_from_the_bankers_left():
    t = laid(TRACK, players=5, banker=3)
    assert t.race.waiting == [4, 0, 1, 2]
    with pytest.raises(IllegalAction, match="seat 4 chooses now, not seat 1") as info:
        bet(t, "S", by=1)
    assert info.value.clause == "CRD-INT-3"
    bet(t, "S", by=4)
    assert t.to_bet == 0
