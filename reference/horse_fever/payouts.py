"""Payouts (HF-PAY-1/2): bets settled clockwise from the first player, losing stakes to the
bank, winning bets paid (HF-WIN-1, HF-SHOW-1, HF-PAYF-1), then the stable owners' prizes."""

from __future__ import annotations

from reference.core.log import StepLog

from .components import COLOURS, WIN, tables
from .options import Options
from .seating import clockwise_from
from .state import NEW_ODDS, Bet, GameState

WIN_VP = 3                       # HF-WIN-1
SHOW_VP = 1                      # HF-SHOW-1
SHOW_PLACES = 3                  # HF-SHOW-1: 1st, 2nd or 3rd
OWNER_VP = 1                     # HF-INT-2, only with stable_owner_vp: placed


def win_bet_won(place: int) -> bool:
    """HF-WIN-1: only first place."""
    return place == 1


def show_bet_won(place: int) -> bool:
    """HF-SHOW-1: first, second or third."""
    return place <= SHOW_PLACES


def win_return(stake: int, odds: int, options: Options) -> int:
    """HF-PAYF-1, HF-INT-1: the Danari handed back for a winning win bet at odds 1:N."""
    if options.win_payout == "stake_plus_stake_times_odds":
        return stake + stake * odds
    return stake * odds


def show_return(stake: int) -> int:
    """HF-SHOW-1: the stake doubled, whatever the odds."""
    return 2 * stake


def payout_odds(state: GameState) -> dict[str, int]:
    """HF-INT-12: the odds a win bet is paid at (the board after the action cards, by default)."""
    race = state.race
    return race.odds if state.options.card_odds_scope == "board" else race.odds_before_cards


def settle_bet(state: GameState, bet: Bet, log: StepLog) -> None:
    race = state.race
    player = state.players[bet.player]
    place = race.ranking.index(bet.horse) + 1
    odds = payout_odds(state)[bet.horse]
    if bet.side == WIN:
        won, returned, vp = win_bet_won(place), win_return(bet.amount, odds, state.options), WIN_VP
    else:
        won, returned, vp = show_bet_won(place), show_return(bet.amount), SHOW_VP
    if won:
        player.danari += returned
        player.vp += vp
        state.ledger.danari_paid += returned - bet.amount
        state.ledger.vp_given += vp
    else:
        state.ledger.danari_received += bet.amount
    log.event("bet_settled", "HF-WIN-1" if bet.side == WIN else "HF-SHOW-1", player=bet.player,
              horse=bet.horse, side=bet.side, amount=bet.amount, place=place, odds=odds, won=won,
              returned=returned if won else 0, vp=vp if won else 0)
    if won and bet.side == WIN:
        log.rule("HF-PAYF-1")


def settle_bets(state: GameState, log: StepLog) -> None:
    """HF-PAY-1: clockwise from the first player; each player's bets in the order made."""
    for seat in clockwise_from(state.first_player, len(state.players)):
        for bet in [b for b in state.bets if b.player == seat]:
            settle_bet(state, bet, log)
    log.rule("HF-PAY-1")


def pay_stable_owners(state: GameState, log: StepLog) -> None:
    """HF-PAY-2: 600, 400 and 200 D to the owners of the first three horses' stables."""
    for place, prize in enumerate(tables().prizes, start=1):
        horse = state.race.ranking[place - 1]
        owner = state.owners.get(horse)
        if owner is None or state.players[owner].out:
            continue
        player = state.players[owner]
        player.danari += prize
        state.ledger.danari_paid += prize
        vp = OWNER_VP if state.options.stable_owner_vp == "placed" else 0
        player.vp += vp
        state.ledger.vp_given += vp
        log.event("owner_prize", "HF-PAY-2", player=owner, horse=horse, place=place, danari=prize, vp=vp)
        log.rule("HF-CHAR-1")


def return_bet_tokens(state: GameState, log: StepLog) -> None:
    """HF-INT-8: once the bets are settled their tokens go back to the pool."""
    state.tokens = {c: state.tokens_per_colour for c in COLOURS}
    state.bets = []


def pay_out(state: GameState, log: StepLog) -> None:
    settle_bets(state, log)
    pay_stable_owners(state, log)
    return_bet_tokens(state, log)
    state.phase = NEW_ODDS
