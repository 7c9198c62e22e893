"""Arreglando la carrera: action cards played face down on horses (HF-RIG-1..4)."""

from __future__ import annotations

from reference.core.errors import IllegalAction

from . import seating
from .components import card_name, shorten
from .log import Log
from .state import RIGGING, GameState, Race


# HF-RIG-1: one card at a time, starting again with the first player and going clockwise
def rigging_order(state: GameState) -> list[int]:
    order = seating.still_in_game(state, seating.clockwise_from(state.first_player, len(state.players)))
    if not one_card_a_turn():
        return [s for s in order for _ in state.players[s].hand]       # never taken: HF-RIG-1 rules it out
    # HF-RIG-2: the turns go round until every player has played every card; none is kept
    most = times_round(state, order)
    return [s for k in range(most) for s in order if len(state.players[s].hand) > k]


# HF-RIG-1 (one at a time): «cada jugador debe jugar una de sus cartas»: a turn is one card, and the
# turn passes on; a player never plays their cards in a row
def one_card_a_turn() -> bool:
    return True


# HF-RIG-2 (every card): the turns go round the table as many times as the most cards a player holds
def times_round(state: GameState, order: list[int]) -> int:
    return max((len(state.players[s].hand) for s in order), default=0)


def begin_rigging(state: GameState, log: Log) -> None:
    state.phase = RIGGING
    state.queue = rigging_order(state)
    log.event("first_bets_done", "HF-BET-1", bets=len(state.bets))
    log.rule("HF-RIG-1")                 # who plays the first card: this step's decision


# HF-RIG-4 (any horse): a card may go on any horse of the race, whatever cards already lie on it
def may_take_a_card(race: Race, horse: str) -> bool:
    return horse in race.cards


# HF-RIG-4: a card may go on any horse, and any number of cards may lie on the same horse: only a
# horse that is not in the race is refused, never one for the cards already on it
def check_horse(race: Race, horse: str, field: str) -> None:
    if not may_take_a_card(race, horse):
        raise IllegalAction(f"{field}.horse", f"{shorten(horse)} is not a horse of the race", "HF-RIG-4")


def play_card(state: GameState, seat: int, card: int, horse: str, log: Log, field: str) -> None:
    """A turn of the rigging: the player's card goes on the horse (HF-RIG-3's place_card), then the
    turn passes on (HF-RIG-1's pass_rigging_turn); each in the block of the clause that decides it."""
    place_card(state, seat, card, horse, log, field)
    pass_rigging_turn(state.queue)


# HF-RIG-3: the card goes face down on the horse the player wants to influence
def place_card(state: GameState, seat: int, card: int, horse: str, log: Log, field: str) -> None:
    player = state.players[seat]
    if card not in player.hand:
        held = ", ".join(str(c) for c in player.hand) or "no cards"
        raise IllegalAction(f"{field}.play", f"seat {seat} does not hold card {card} ({card_name(card)}); "
                            f"it holds {held}", "HF-RIG-1")
    check_horse(state.race, horse, field)
    take_from_hand(player.hand, card)
    lay_on_horse(state.race, horse, card)
    log.event("card_played", "HF-RIG-3", player=seat, card=card, horse=horse)
    log.rule("HF-RIG-1", "HF-RIG-4")


# HF-RIG-1 (in turn): «cada jugador debe jugar una de sus cartas»: a player's turn is the one card
# they play, and then it passes on to the next in the order
def pass_rigging_turn(queue: list[int]) -> None:
    queue.pop(0)


# HF-RIG-3 (from the hand): the card played is one of the player's action cards, and the one
# «se colocan ... en el Caballo»: it leaves the player's hand as it goes on the horse
def take_from_hand(hand: list[int], card: int) -> None:
    hand.remove(card)


# HF-RIG-3 (on the horse): «se colocan siempre boca abajo en el Caballo en el que deseas influir»: the
# card played lies, face down, on the horse the player chose
def lay_on_horse(race: Race, horse: str, card: int) -> None:
    race.cards[horse].append(card)
