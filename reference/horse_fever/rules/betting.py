"""2. Fase de apuestas, the bets: first bets (HF-BET-1..3), the minimum bet (HF-MIN-1..3),
bet tokens (HF-BET-2), second bets (HF-BET2-1..4).

Every check happens before the state changes, so a refused bet leaves the state as it was.
"""

from __future__ import annotations

from reference.core.errors import IllegalAction

from . import game_end, seating
from .components import SHOW, WIN, is_whole_number, shorten
from .log import Log
from .options import DEFAULTS, Options
from .state import FIRST_BETS, OVER, REVEAL, SECOND_BETS, Bet, GameState, Player

VP_PENALTY = 2                   # HF-MIN-2
DANARI_PER_VP = 100              # HF-MIN-1


# HF-MIN-1: the minimum bet is the player's VP at that moment times 100 D
def minimum_bet(vp: int) -> int:
    return vp * DANARI_PER_VP


# HF-MIN-1 (the player's own VP): «el número de PV que posee en ese momento»: a player's minimum bet
# is worked out from the VP that player holds, no other player's (the seats go round the table)
def minimum_bet_vp(state: GameState, seat: int) -> int:
    return state.players[seat % len(state.players)].vp


# HF-INT-19: a bet places Danari («Coloca el Danari frente a él»), so a stake is at least 1 D and
# 0 D covers no minimum, not even 0 (zero_stake: refused); or (allowed) a stake of 0 D covers a
# minimum of 0
def lowest_stake(vp: int, options: Options = DEFAULTS) -> int:
    """HF-INT-15: a stake is a whole number of Danari, at least the minimum bet (and HF-INT-19)."""
    if options.zero_stake == "allowed":
        return minimum_bet(vp)
    return max(minimum_bet(vp), 1)


# HF-MIN-2: a player without enough Danari to cover the minimum bet (loses 2 VP, penalise_short_player)
def can_cover_minimum(state: GameState, seat: int) -> bool:
    """Enough Danari in hand to cover the minimum bet."""
    player = state.players[seat]
    return player.danari >= lowest_stake(minimum_bet_vp(state, seat), state.options)


# -- losing VP and losing the game ---------------------------------------------------------

# HF-MIN-3: a player who cannot pay the 2 VP loses the game
def cannot_pay_penalty(player: Player) -> bool:
    return player.vp < VP_PENALTY


def penalise_short_player(state: GameState, seat: int, log: Log) -> bool:
    """The player short of the minimum bet loses 2 VP (HF-MIN-2, VP_PENALTY). Returns whether
    the player is still in the game."""
    player = state.players[seat]
    if cannot_pay_penalty(player):
        remove_player(state, seat, log)
        return False
    log.rule("HF-MIN-3")                 # the player can pay the 2 VP: stays in the game
    shortfall = {"minimum": minimum_bet(minimum_bet_vp(state, seat)), "danari": player.danari}
    player.vp -= VP_PENALTY
    state.ledger.vp_taken += VP_PENALTY
    log.event("penalty", "HF-MIN-2", player=seat, vp_lost=VP_PENALTY, vp=player.vp, **shortfall)
    return True


def remove_player(state: GameState, seat: int, log: Log) -> None:
    """HF-MIN-3 and HF-INT-13: the player leaves at once; unplayed action cards are set aside."""
    player = state.players[seat]
    player.out = True
    discarded = list(player.hand)
    player.hand.clear()
    state.queue = [s for s in state.queue if s != seat]
    log.event("player_out", "HF-MIN-3", player=seat, vp=player.vp, danari=player.danari,
              discarded=discarded)
    log.rule("HF-INT-13")
    # HF-INT-13: the first-player card passes at the end of the round (HF-PLAY-2); or (at_once) a
    # first player who lost the game hands it to the left at once
    if first_player_card_passes_now(state, seat):
        out = {s for s, p in enumerate(state.players) if p.out}
        state.first_player = seating.next_clockwise(seat, len(state.players), out)
    left = state.in_game()
    if not left:
        state.phase = OVER
        state.winner = None
        log.event("game_over", "HF-INT-13", winner=None, reason="no_players_left")
    # HF-INT-20: every other player has lost the game, so the player left has won it; or
    # (plays_on) plays on to the last round
    elif len(left) == 1 and state.options.last_player_left == "wins":
        game_end.last_player_wins(state, left[0], log)


# HF-INT-13 (the card now): the first-player card moves only under out_first_player_card: at_once,
# and only when the player who lost the game holds it; otherwise it stays where it is until the end
# of the round (HF-PLAY-2)
def first_player_card_passes_now(state: GameState, seat: int) -> bool:
    return seat == state.first_player and state.options.out_first_player_card == "at_once"


# -- first bets ----------------------------------------------------------------------------

# HF-BET-1: starting with the first player, clockwise («continuando en el sentido de las agujas del
# reloj»), every player still in the game must bet
def first_bet_order(state: GameState) -> list[int]:
    clockwise = True
    around = seating.clockwise_from if clockwise else seating.counter_clockwise_from
    return seating.still_in_game(state, around(state.first_player, len(state.players)))


def begin_first_bets(state: GameState, log: Log) -> None:
    state.phase = FIRST_BETS
    state.queue = first_bet_order(state)
    log.rule("HF-BET-1")                 # who bets first: this step's decision


# HF-INT-23: HF-MIN-2 is checked when a bet is due: at the first bets, which every player must
# make; at the second bets, which may be passed («simplemente pasar»), only under short_at_second_bets: penalty
def penalty_due(state: GameState) -> bool:
    if state.phase == FIRST_BETS:
        return True
    return state.phase == SECOND_BETS and penalty_at_second_bets(state.options)


# HF-INT-23 (at the second bets): a second bet may be passed («simplemente pasar»), so a player short
# of the minimum there pays no penalty, but under the other reading (short_at_second_bets: penalty)
def penalty_at_second_bets(options: Options) -> bool:
    return options.short_at_second_bets == "penalty"


def settle_short_players(state: GameState, log: Log) -> None:
    """HF-MIN-2/3 on the player whose bet is due; HF-INT-9 and HF-INT-18 say what follows the penalty."""
    while penalty_due(state) and state.queue:
        seat = state.queue[0]
        log.rule("HF-MIN-1")             # the due player's minimum bet, which their Danari must cover
        if can_cover_minimum(state, seat):
            return
        if not penalise_short_player(state, seat, log):
            continue
        if after_penalty_no_bet(state, seat):
            state.queue.pop(0)
            log.event("bet_skipped", "HF-INT-9", player=seat)


# HF-INT-9: after the penalty the player bets ("cada jugador debe hacer una apuesta"); HF-INT-18:
# paying again while still short (the default), or (penalty_once) one penalty, then a bet only if
# the lower minimum can be covered; `skip_bet`, HF-INT-9's known misreading: the penalty replaces the bet
def after_penalty_no_bet(state: GameState, seat: int) -> bool:
    reading = state.options.short_of_minimum
    return reading == "skip_bet" or (reading == "penalty_once" and not can_cover_minimum(state, seat))


def check_side(side: object, field: str) -> None:
    """A bet token has a win side and a show side (HF-BET-3)."""
    if side not in (WIN, SHOW):
        raise IllegalAction(f"{field}.side", f"{shorten(side)} is not a side of a bet token; use win or show",
                            "HF-BET-3")


# HF-BET-3: the player sets the stake, at least the minimum, and places it from the Danari in hand
def check_stake(state: GameState, seat: int, amount: object, field: str) -> None:
    player = state.players[seat]
    least = lowest_stake(0, state.options)          # the least stake of all (HF-INT-19)
    if not is_whole_number(amount) or amount < least:
        raise IllegalAction(f"{field}.amount", f"{shorten(amount)} is not a stake; a stake is a whole "
                            f"number of Danari, at least {least}", "HF-BET-3")
    minimum = minimum_bet(minimum_bet_vp(state, seat))
    # HF-BET2-2: the minimum bet still applies to second bets (the stake and the minimum passed by
    # name: reading either one off is the stake's or minimum_bet's, not covers_minimum's)
    if not covers_minimum(amount=amount, minimum=minimum):
        second = state.phase == SECOND_BETS
        raise IllegalAction(f"{field}.amount", f"seat {seat} has {player.vp} VP, so the minimum bet is "
                            f"{minimum} D; {amount} D is too little", "HF-BET2-2" if second else "HF-MIN-1")
    if not holds_stake(player, amount):
        raise IllegalAction(f"{field}.amount", f"seat {seat} holds only {player.danari} D and cannot "
                            f"place {shorten(amount)} D in front of them", "HF-BET-3")


# HF-MIN-1 (at least the minimum): «La cantidad mínima que un jugador puede apostar»: a stake of the
# minimum bet or more is allowed
def covers_minimum(amount: int, minimum: int) -> bool:
    return amount >= minimum


# HF-BET-3 (from the hand): «Coloca el Danari frente a él»: the stake is Danari the player holds
def holds_stake(player: Player, amount: int) -> bool:
    return amount <= player.danari


# HF-BET-2: the player takes a bet token of the horse's colour from the pool, if one is left
def token_left(state: GameState, horse: str) -> bool:
    return state.tokens[horse] > 0


def check_token(state: GameState, horse: str, field: str) -> None:
    """Without a token the bet is refused (HF-INT-8: the pool limits the bets a horse takes), or,
    under bet_without_token: allowed, made without one."""
    if not token_left(state, horse) and state.options.bet_without_token == "refused":
        raise IllegalAction(field, f"no {horse} bet token is left in the pool; a bet on {horse} needs one",
                            "HF-BET-2")


# HF-BET2-4 (the other side): a bet is open unless the player already bet that side on that horse
def side_still_open(state: GameState, seat: int, horse: str, side: str) -> bool:
    return not any(bet.player == seat and bet.horse == horse and bet.side == side for bet in state.bets)


# HF-BET2-4: two bets on one horse only if one is a win bet and the other a show bet
def check_other_side(state: GameState, seat: int, horse: str, side: str, field: str) -> None:
    if not side_still_open(state, seat, horse, side):
        raise IllegalAction(f"{field}.side", f"seat {seat} already bet {side} on {horse}; a second "
                            f"bet on the same horse must be the other side", "HF-BET2-4")


# HF-STABLE-2: the players «no están representados ni por un color», they are «simplemente los
# apostadores»: a player may bet on any horse, the horse of the stable their character owns too
def may_back_own_stable() -> bool:
    return True


def check_own_stable(state: GameState, seat: int, horse: str, field: str) -> None:
    if state.owners.get(horse) == seat and not may_back_own_stable():
        raise IllegalAction(f"{field}.horse", f"seat {seat} owns the {horse} stable and may not bet on it",
                            "HF-STABLE-2")      # never taken: HF-STABLE-2 rules it out


def check_bet(state: GameState, seat: int, horse: str, side: object, amount: object, field: str) -> None:
    check_side(side, field)
    check_stake(state, seat, amount, field)
    check_token(state, horse, field)
    check_own_stable(state, seat, horse, field)
    if state.phase == SECOND_BETS:
        check_other_side(state, seat, horse, side, field)


def place_bet(state: GameState, seat: int, horse: str, side: str, amount: int, log: Log) -> None:
    """The stake goes in front of the player with a token of the horse's colour on top."""
    player = state.players[seat]
    token = token_left(state, horse)
    if token:
        state.tokens[horse] -= 1
    player.danari -= amount
    second = state.phase == SECOND_BETS
    if second and any(b.player == seat and b.horse == horse for b in state.bets):
        log.rule("HF-BET2-4")             # the other side on the same horse: allowed (checked above)
    state.bets.append(Bet(seat, horse, side, amount, second, token))
    log.event("bet_placed", "HF-BET2-1" if second else "HF-BET-1", player=seat, horse=horse, side=side,
              amount=amount, second=second, token=token)
    log.rule("HF-BET-2", "HF-BET-3", "HF-MIN-1")
    if not token:
        log.rule("HF-INT-8")


def first_bet(state: GameState, seat: int, horse: str, side: str, amount: int, log: Log,
              field: str) -> None:
    check_bet(state, seat, horse, side, amount, field)
    place_bet(state, seat, horse, side, amount, log)
    state.queue.pop(0)


# -- second bets ---------------------------------------------------------------------------

def begin_second_bets(state: GameState, log: Log) -> None:
    """Counter-clockwise from the player to the first player's right (HF-BET2-1)."""
    state.phase = SECOND_BETS
    state.queue = seating.still_in_game(state, seating.second_bet_order(state.first_player, len(state.players)))
    log.rule("HF-BET2-1")


def second_bet(state: GameState, seat: int, horse: str, side: str, amount: int, log: Log,
               field: str) -> None:
    check_bet(state, seat, horse, side, amount, field)
    place_bet(state, seat, horse, side, amount, log)
    log.rule("HF-BET2-2")
    state.queue.pop(0)


# HF-BET2-3: a second bet is optional; the player may pass
def pass_second_bet(state: GameState, seat: int, log: Log) -> None:
    record_pass(seat, log)
    state.queue.pop(0)


# HF-BET2-3 (the pass): «simplemente pasar»: a player who passes makes no second bet, and the
# pass is their turn's record
def record_pass(seat: int, log: Log) -> None:
    log.event("passed", "HF-BET2-3", player=seat)


def close_bets(state: GameState, log: Log) -> None:
    """After the second bets the race phase begins with the reveal (HF-BETTING-1)."""
    state.phase = REVEAL
    log.event("bets_closed", "HF-BETTING-1", bets=len(state.bets))
