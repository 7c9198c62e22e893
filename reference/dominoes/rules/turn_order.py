"""Whose turn it is: play passes clockwise, except while a player continues (DOM-TURN-1).

Drawing (drawing.py) and continuing (continuation.py) decide whether the player's turn ends:
they return an `EndTurn`, or None while the same player acts again. The turn (turns.py)
applies that decision here, below all three; this module imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import MatchState


@dataclass(frozen=True)
class EndTurn:
    """The decision that the player's turn ends: the reason the turn_ended event gives and the
    clause that ends it."""

    reason: str
    clause: str


def end_turn(match: MatchState, decision: EndTurn, log) -> None:
    # DOM-TURN-1: turns pass clockwise, except while a player continues.
    r = match.round
    player = r.to_play
    r.continuing = not continuation_ends_with_the_turn()
    r.to_play = match.seating.next_clockwise(player)
    log.event("turn_ended", decision.clause, player=player, reason=decision.reason, next=r.to_play)
    log.rule("DOM-TURN-1")


def continuation_ends_with_the_turn() -> bool:
    # DOM-TURN-1 (the next player): «Los turnos avanzan en sentido horario, salvo cuando el
    # jugador continúa»: a continuation belongs to the player's own turn; once it ends, the next
    # player starts a turn of their own, not continuing the one before.
    return True
