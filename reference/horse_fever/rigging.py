"""Fixing the race: action cards played face down on horses (HF-RIG-1..4)."""

from __future__ import annotations

from reference.core.errors import IllegalAction
from reference.core.log import StepLog

from .components import card_name
from .seating import clockwise_from
from .state import RIGGING, GameState


def rigging_order(state: GameState) -> list[int]:
    """HF-RIG-1/2: one card at a time, clockwise from the first player, until every card is played."""
    order = [s for s in clockwise_from(state.first_player, len(state.players)) if not state.players[s].out]
    most = max((len(state.players[s].hand) for s in order), default=0)
    return [s for k in range(most) for s in order if len(state.players[s].hand) > k]


def begin_rigging(state: GameState, log: StepLog) -> None:
    state.phase = RIGGING
    state.queue = rigging_order(state)
    log.event("first_bets_done", "HF-BET-1", bets=len(state.bets))


def play_card(state: GameState, seat: int, card: int, horse: str, log: StepLog, field: str) -> None:
    """HF-RIG-3: face down on the horse to influence; HF-RIG-4: any horse, no limit."""
    player = state.players[seat]
    if card not in player.hand:
        held = ", ".join(str(c) for c in player.hand) or "no cards"
        raise IllegalAction(f"{field}.play", f"seat {seat} does not hold card {card} ({card_name(card)}); "
                            f"it holds {held}", "HF-RIG-1")
    player.hand.remove(card)
    state.race.cards[horse].append(card)
    log.event("card_played", "HF-RIG-3", player=seat, card=card, horse=horse)
    log.rule("HF-RIG-1", "HF-RIG-4")
    state.queue.pop(0)
