"""Settling a race: losing stakes to the bank, winners paid their stake back plus the posted
net odds (CRD-PAY-1..3, CRD-SESSION-3). A pure function of the bets, the winner and the odds."""

from __future__ import annotations

from dataclasses import dataclass

from .state import Bet


@dataclass(frozen=True)
class Settlement:
    winner: str
    odds: int
    returned: list[int]     # per seat: chips handed to a winning bettor (stake + net winnings)
    changes: list[int]      # per seat: change of the recorded balance (the bank's included)
    collected: int          # losing stakes taken by the bank
    paid: int               # net winnings paid by the bank


# CRD-PAY-2: N:1 is net: the winner gets the stake back and N per chip on top of it
def net_winnings(stake: int, odds: int) -> int:
    return stake * odds


# CRD-PAY-1: the bank collects a losing stake in full
def lost_stake(stake: int) -> int:
    return stake


# CRD-PAY-3 (settlement): each backer of the winner is settled on its own fixed stake, however many
# backed it: every one of them is paid, none shares another's payout
def backers_settled(bets: list[Bet], winner: str) -> list[Bet]:
    return [bet for bet in bets if bet.horse == winner]


# CRD-PAY-3 (own stake): «cada uno liquidado por entrada fijada»: a backer's winnings are worked out
# on its own stake alone, never shared out among the others who backed the winner
def winnings_shared() -> bool:
    return False


def backer_gain(stake: int, odds: int, backers: list[Bet]) -> int:
    """The net winnings one backer of the winner is paid (CRD-PAY-2), on its own stake (CRD-PAY-3)."""
    gain = net_winnings(stake, odds)
    if winnings_shared():
        return gain // len(backers)     # never: the misreading the rule rules out, kept as its own branch
    return gain


# CRD-PAY-1 (the bank's totals): «Recoge fichas perdedoras»: the bank collects the losing stakes
# CRD-PAY-2 (the bank's totals): «Devuelve entrada ganadora más ganancia neta publicada»: it pays
# the net winnings, the winning stake handed back: a winning stake passes through neither total
def winning_stake_through_the_bank() -> bool:
    return False


def settle_race(players: int, banker: int, bets: list[Bet], winner: str, odds: int) -> Settlement:
    returned = [0] * players
    changes = [0] * players
    collected = paid = 0
    backers = backers_settled(bets, winner)
    for bet in bets:
        if bet in backers:
            gain = backer_gain(bet.stake, odds, backers)
            returned[bet.seat] += bet.stake + gain
            changes[bet.seat] += gain
            paid += gain
            if winning_stake_through_the_bank():
                collected += bet.stake      # never: the misreading the rule rules out, kept as its own branch
                paid += bet.stake
        else:
            lost = lost_stake(bet.stake)
            changes[bet.seat] -= lost
            collected += lost
    # CRD-SESSION-3: the bank's gains and losses count like anyone's, so the changes sum to zero
    changes[banker] += bank_gain(collected) - bank_loss(paid)
    return Settlement(winner, odds, returned, changes, collected, paid)


# CRD-SESSION-3 (gains): «Ganancias y pérdidas de banca cuentan»: the losing stakes the bank
# collects are its gain, in full
def bank_gain(collected: int) -> int:
    return collected


# CRD-SESSION-3 (losses): «Ganancias y pérdidas de banca cuentan»: the net winnings the bank pays
# out are its loss, in full, taken off its balance as a bettor's lost stake is taken off theirs
def bank_loss(paid: int) -> int:
    return paid
