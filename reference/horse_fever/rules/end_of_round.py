"""4. Fin de la fase de ronda: the cards go back to their decks and the horses to the start
(HF-END-1), the first-player card passes left (HF-END-2, HF-PLAY-2), and after the last round
the game ends (HF-END-3)."""

from __future__ import annotations

from typing import Any

from reference.core.errors import InputError

from . import game_end, seating
from .log import Log
from .state import DEAL, GameState


# HF-END-3: after the last round the game ends; otherwise a new round starts with the deal
def is_last_round(state: GameState) -> bool:
    return state.round >= state.rounds


# HF-END-2: the first player hands the first-player card and the sprint dice to the player on the left
# HF-PLAY-2: at the end of every round the first-player card passes clockwise
def pass_first_player_card(state: GameState) -> int:
    out = {s for s, p in enumerate(state.players) if p.out}
    return seating.next_clockwise(state.first_player, len(state.players), out)


def end_round(state: GameState, tie_break: Any, log: Log, field: str) -> None:
    last = is_last_round(state)
    if last:
        winner, by = game_end.decide_winner(state, tie_break, f"{field}.tie_break")
    elif tie_break is not None:
        raise InputError(f"{field}.tie_break", "a tie-break is given only when the last round ends", "HF-GAMEEND-3")
    # HF-END-1: the action and movement cards go back into their decks and the horses to the start
    state.race = None
    log.event("round_ended", "HF-END-1", round=state.round)
    if last:
        game_end.end_game(state, winner, by, log)
        return
    state.first_player = pass_first_player_card(state)
    state.round += 1
    state.phase = DEAL
    log.event("first_player_passed", "HF-END-2", first_player=state.first_player, round=state.round)
    log.rule("HF-PLAY-2", "HF-END-3")
