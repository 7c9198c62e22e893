"""Pagos (HF-PAY-1/2): bets settled clockwise from the first player, losing stakes to the
bank, winning bets paid (HF-WIN-1, HF-SHOW-1, HF-PAYF-1), then the stable owners' prizes."""

from __future__ import annotations

from . import ranking, seating
from .components import COLOURS, WIN, tables
from .log import Log
from .options import Options
from .state import NEW_ODDS, Bet, GameState

WIN_VP = 3                       # HF-WIN-1
SHOW_VP = 1                      # HF-SHOW-1
SHOW_PLACES = 3                  # HF-SHOW-1, 1st, 2nd or 3rd
SHOW_MULTIPLE = 2                # HF-SHOW-1, "se duplicará"
OWNER_VP = 1                     # HF-INT-2, only with stable_owner_vp: placed
LOST_STAKE_TO_THE_BANK = 1       # HF-PAY-1, the share of a lost bet's stake the bank takes: all of it
BANKER = 0                       # HF-SETUP-1, «el jugador más cercano al banco»: the suite's seat 0


# HF-WIN-1: a win bet pays only if its horse finishes first
def win_bet_won(place: int) -> bool:
    return place == 1


# HF-SHOW-1: a show bet pays if its horse finishes first, second or third
def show_bet_won(place: int) -> bool:
    return place <= SHOW_PLACES


# HF-PAYF-1: a winning win bet at 1:N hands back the stake times N (HF-INT-1: or the stake on top)
def win_return(stake: int, odds: int, options: Options) -> int:
    if options.win_payout == "stake_plus_stake_times_odds":
        return stake + stake_times_odds(stake, odds)
    return stake_times_odds(stake, odds)


# HF-PAYF-1 (stake x N): «stake x N for odds 1:N»: the Danari the odds make of the stake, all that
# comes back or (HF-INT-1's other reading) what comes back on top of the stake
def stake_times_odds(stake: int, odds: int) -> int:
    return stake * odds


# HF-SHOW-1 (whatever the odds): a winning show bet is never paid at its stable's odds, as a win bet is
def show_paid_at_odds() -> bool:
    return False


# HF-INT-22: a winning show bet's stake «se duplicará», whatever the odds (HF-SHOW-1): the stake
# doubled in all, or (with HF-INT-1's stake_plus_stake_times_odds) the stake plus twice the stake
def show_return(stake: int, options: Options) -> int:
    if options.win_payout == "stake_plus_stake_times_odds":
        return stake + twice_the_stake(stake)
    return twice_the_stake(stake)


# HF-INT-22 (twice the stake): «se duplicará»: the Danari staked, twice over, all that comes back or
# (stake_plus_stake_times_odds) what comes back on top of the stake
def twice_the_stake(stake: int) -> int:
    return SHOW_MULTIPLE * stake


# HF-INT-21: a win bet is paid «según las probabilidades del establo» (HF-WIN-1): the stable's
# odds at the payout, where the odds cards left its token; or (when_placed) the odds the bets
# were placed at, before the cards
def payout_odds(state: GameState) -> dict[str, int]:
    race = state.race
    return race.odds_before_cards if state.options.win_odds == "when_placed" else race.odds


# HF-PAY-1 (the bank's money): «Toma cualquier Danari de las apuestas que se han perdido (¡y los pone
# en el banco!)»: the bank is no player; the banker only «administra» its money (HF-SETUP-1), and
# pays and takes none of it from or into their own Danari
def banker_pays_from_own_danari() -> bool:
    return False


def bank_takes(state: GameState, danari: int) -> None:
    """The Danari the bank takes in (paid out: a negative sum) go to the bank, no player."""
    if banker_pays_from_own_danari():
        state.players[BANKER].danari += danari


def settle_bet(state: GameState, bet: Bet, log: Log) -> None:
    race = state.race
    player = state.players[bet.player]
    place = ranking.place_of(race, bet.horse)
    odds = payout_odds(state)[bet.horse]
    if bet.side == WIN:
        won, returned, vp = win_bet_won(place), win_return(bet.amount, odds, state.options), WIN_VP
    else:
        returned = win_return(bet.amount, odds, state.options) if show_paid_at_odds() else show_return(
            bet.amount, state.options)
        won, vp = show_bet_won(place), SHOW_VP
    if won:
        player.danari += returned
        player.vp += vp
        state.ledger.danari_paid += returned - bet.amount
        bank_takes(state, bet.amount - returned)
        state.ledger.vp_given += vp
    else:
        # the bank «toma cualquier Danari de las apuestas que se han perdido (¡y los pone en el banco!)»
        to_the_bank = bet.amount * LOST_STAKE_TO_THE_BANK
        player.danari += bet.amount - to_the_bank
        state.ledger.danari_received += to_the_bank
        bank_takes(state, to_the_bank)
    log.event("bet_settled", "HF-WIN-1" if bet.side == WIN else "HF-SHOW-1", player=bet.player,
              horse=bet.horse, side=bet.side, amount=bet.amount, place=place, odds=odds, won=won,
              returned=returned if won else 0, vp=vp if won else 0)
    if won and bet.side == WIN:
        log.rule("HF-PAYF-1")


# HF-PAY-1: the bank settles every bet clockwise from the first player, each player's in the order made
def settle_bets(state: GameState, log: Log) -> None:
    for seat in seating.clockwise_from(first_settled(state), len(state.players)):
        for bet in [b for b in state.bets if b.player == seat]:
            settle_bet(state, bet, log)
    log.rule("HF-PAY-1")


# HF-PAY-1 (from the first player): «Comenzando con el primer jugador»: the bank starts with the
# first player's bets
def first_settled(state: GameState) -> int:
    return state.first_player


# HF-PAY-2: the stable owners' prizes - 600 D for the first horse's stable, 400 D the second, 200 D the third
def stable_owner_prize(place: int) -> int:
    return tables().prizes[place - 1]


def pay_stable_owners(state: GameState, log: Log) -> None:
    """The owners of the first three horses' stables are paid; HF-INT-2 decides on a VP."""
    for place in range(1, len(tables().prizes) + 1):
        prize = stable_owner_prize(place)
        horse = state.race.ranking[place - 1]
        owner = state.owners.get(horse)
        if owner is None or state.players[owner].out:
            continue
        player = state.players[owner]
        player.danari += prize
        state.ledger.danari_paid += prize
        bank_takes(state, -prize)
        vp = OWNER_VP if state.options.stable_owner_vp == "placed" else 0
        player.vp += vp
        state.ledger.vp_given += vp
        log.event("owner_prize", "HF-PAY-2", player=owner, horse=horse, place=place, danari=prize, vp=vp)


# HF-END-1 (the bet tokens): what the round took goes back for the next, as the cards to their decks
# and the horses to the start: the bet tokens return to the pool, the table's number of each colour
def return_bet_tokens(state: GameState, log: Log) -> None:
    """HF-INT-8: the text does not say when the tokens come back; the suite returns them once
    their bets are settled (any time before the next first bets reads the same)."""
    state.tokens = {c: state.tokens_per_colour for c in COLOURS}


def pay_out(state: GameState, log: Log) -> None:
    settle_bets(state, log)
    pay_stable_owners(state, log)
    return_bet_tokens(state, log)
    state.bets = []                     # settled: the stakes are paid or gone to the bank
    state.phase = NEW_ODDS
