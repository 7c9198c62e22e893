"""Betting: the minimum bet (HF-MIN-*), first bets (HF-BET-*), second bets (HF-BET2-*),
bet tokens (HF-BET-2, HF-SETUP-6) and losing the game (HF-MIN-3).

Every check happens before the state changes, so a refused bet leaves the state as it was.
"""

from __future__ import annotations

from reference.core.errors import IllegalAction
from reference.core.log import StepLog

from .components import WIN, SHOW
from .seating import clockwise_from, second_bet_order
from .state import FIRST_BETS, OVER, REVEAL, SECOND_BETS, Bet, GameState

VP_PENALTY = 2                   # HF-MIN-2


def minimum_bet(vp: int) -> int:
    """HF-MIN-1: the player's VP at that moment times 100 D."""
    return vp * 100


def lowest_stake(vp: int) -> int:
    """HF-INT-15: a stake is a positive whole number of Danari, at least the minimum bet."""
    return max(minimum_bet(vp), 1)


def can_cover_minimum(state: GameState, seat: int) -> bool:
    """HF-MIN-2: enough Danari in hand to cover the minimum bet."""
    player = state.players[seat]
    return player.danari >= lowest_stake(player.vp)


# -- losing VP and losing the game ---------------------------------------------------------

def penalise_short_player(state: GameState, seat: int, log: StepLog) -> bool:
    """HF-MIN-2: lose 2 VP; HF-MIN-3: without 2 VP the player loses the game.
    Returns whether the player is still in the game."""
    player = state.players[seat]
    if player.vp < VP_PENALTY:
        remove_player(state, seat, log)
        return False
    shortfall = {"minimum": minimum_bet(player.vp), "danari": player.danari}
    player.vp -= VP_PENALTY
    state.ledger.vp_taken += VP_PENALTY
    log.event("penalty", "HF-MIN-2", player=seat, vp_lost=VP_PENALTY, vp=player.vp, **shortfall)
    return True


def remove_player(state: GameState, seat: int, log: StepLog) -> None:
    """HF-MIN-3 and HF-INT-13: the player leaves at once; unplayed action cards are set aside."""
    player = state.players[seat]
    player.out = True
    discarded = list(player.hand)
    player.hand.clear()
    state.queue = [s for s in state.queue if s != seat]
    log.event("player_out", "HF-MIN-3", player=seat, vp=player.vp, danari=player.danari,
              discarded=discarded)
    log.rule("HF-INT-13")
    if not state.in_game():
        state.phase = OVER
        state.winner = None
        log.event("game_over", "HF-INT-13", winner=None, reason="no_players_left")


# -- first bets ----------------------------------------------------------------------------

def begin_first_bets(state: GameState, log: StepLog) -> None:
    """HF-BET-1: clockwise from the first player, every player still in the game."""
    state.phase = FIRST_BETS
    state.queue = [s for s in clockwise_from(state.first_player, len(state.players))
                   if not state.players[s].out]


def settle_short_players(state: GameState, log: StepLog) -> None:
    """HF-MIN-2/3 on the player whose first bet is due; HF-INT-9 says what follows the penalty."""
    while state.phase == FIRST_BETS and state.queue:
        seat = state.queue[0]
        if can_cover_minimum(state, seat):
            return
        if not penalise_short_player(state, seat, log):
            continue
        if state.options.short_of_minimum == "skip_bet":
            state.queue.pop(0)
            log.event("bet_skipped", "HF-INT-9", player=seat)


def check_bet(state: GameState, seat: int, horse: str, side: str, amount: object, field: str) -> None:
    """HF-BET-2/3, HF-MIN-1 (first bets) and HF-BET2-2/4 (second bets)."""
    player = state.players[seat]
    second = state.phase == SECOND_BETS
    if side not in (WIN, SHOW):
        raise IllegalAction(f"{field}.side", f"{side!r} is not a side of a bet token; use win or show",
                            "HF-BET-3")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
        raise IllegalAction(f"{field}.amount", f"{amount!r} is not a stake; a stake is a positive whole "
                            "number of Danari", "HF-BET-3")
    minimum = minimum_bet(player.vp)
    if amount < minimum:
        raise IllegalAction(f"{field}.amount", f"seat {seat} has {player.vp} VP, so the minimum bet is "
                            f"{minimum} D; {amount} D is too little", "HF-BET2-2" if second else "HF-MIN-1")
    if amount > player.danari:
        raise IllegalAction(f"{field}.amount", f"seat {seat} holds only {player.danari} D and cannot "
                            f"place {amount} D in front of them", "HF-BET-3")
    if state.tokens[horse] == 0 and state.options.bet_without_token == "refused":
        raise IllegalAction(field, f"no {horse} bet token is left in the pool; a bet on {horse} needs one",
                            "HF-BET-2")
    if second:
        for bet in state.bets:
            if bet.player == seat and bet.horse == horse and bet.side == side:
                raise IllegalAction(f"{field}.side", f"seat {seat} already bet {side} on {horse}; a second "
                                    f"bet on the same horse must be the other side", "HF-BET2-4")


def place_bet(state: GameState, seat: int, horse: str, side: str, amount: int, log: StepLog) -> None:
    """HF-BET-2/3: the stake goes in front of the player with a token of the horse's colour."""
    player = state.players[seat]
    token = state.tokens[horse] > 0
    if token:
        state.tokens[horse] -= 1
    player.danari -= amount
    second = state.phase == SECOND_BETS
    state.bets.append(Bet(seat, horse, side, amount, second))
    log.event("bet_placed", "HF-BET2-1" if second else "HF-BET-1", player=seat, horse=horse, side=side,
              amount=amount, second=second, token=token)
    log.rule("HF-BET-2", "HF-BET-3", "HF-MIN-1")
    if not token:
        log.rule("HF-INT-8")


def first_bet(state: GameState, seat: int, horse: str, side: str, amount: int, log: StepLog,
              field: str) -> None:
    check_bet(state, seat, horse, side, amount, field)
    place_bet(state, seat, horse, side, amount, log)
    state.queue.pop(0)


# -- second bets ---------------------------------------------------------------------------

def begin_second_bets(state: GameState, log: StepLog) -> None:
    """HF-BET2-1: counter-clockwise from the player to the first player's right."""
    state.phase = SECOND_BETS
    state.queue = [s for s in second_bet_order(state.first_player, len(state.players))
                   if not state.players[s].out]
    log.rule("HF-BET2-1")


def second_bet(state: GameState, seat: int, horse: str, side: str, amount: int, log: StepLog,
               field: str) -> None:
    check_bet(state, seat, horse, side, amount, field)
    place_bet(state, seat, horse, side, amount, log)
    log.rule("HF-BET2-2")
    state.queue.pop(0)


def pass_second_bet(state: GameState, seat: int, log: StepLog) -> None:
    """HF-BET2-3: a second bet is optional."""
    log.event("passed", "HF-BET2-3", player=seat)
    state.queue.pop(0)


def close_bets(state: GameState, log: StepLog) -> None:
    """HF-BETTING-1: after the second bets the race phase begins with the reveal."""
    state.phase = REVEAL
    log.event("bets_closed", "HF-BETTING-1", bets=len(state.bets))
