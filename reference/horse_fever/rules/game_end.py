"""Fin del juego: the player with the most VP wins (HF-GAMEEND-1); a tie goes to the most
Danari (HF-GAMEEND-2), then to a die read on the tie-break table (HF-GAMEEND-3)."""

from __future__ import annotations

from typing import Any

from reference.core.errors import InputError

from .log import Log
from .state import OVER, GameState, Player


# HF-GAMEEND-1: the player with the most VP wins
def most_vp(state: GameState, seats: list[int]) -> list[int]:
    best = max(state.players[s].vp for s in seats)
    return [s for s in seats if state.players[s].vp == best]


# HF-GAMEEND-2: a tie on VP goes to the tied player with the most Danari
def most_danari(state: GameState, seats: list[int]) -> list[int]:
    best = max(state.players[s].danari for s in seats)
    return [s for s in seats if holds_the_most_danari(state.players[s], best)]


# HF-GAMEEND-2 (the most Danari): «el jugador empatado con la mayor cantidad de Danari»: a tied player
# stays in the running only with as many Danari as the richest of the tied players
def holds_the_most_danari(player: Player, best: int) -> bool:
    return player.danari == best


def leaders(state: GameState) -> list[int]:
    """The players still level after VP and Danari."""
    top = most_vp(state, state.in_game())
    return most_danari(state, top) if tie_on_vp(top) else top


# HF-GAMEEND-2 (a tie): «En caso de empate»: the Danari decide only between players tied on VP
def tie_on_vp(top: list[int]) -> bool:
    return len(top) > 1


# HF-GAMEEND-3 (no tie left): a player alone at the top after VP and Danari wins outright, with no die
def wins_outright(top: list[int]) -> bool:
    return len(top) == 1


# HF-GAMEEND-3 (the die's pick): the die read on the tie-break table picks one of the players still tied
def picked_among_tied(top: list[int], tie_break: Any) -> bool:
    return tie_break in top and isinstance(tie_break, int) and not isinstance(tie_break, bool)


# HF-GAMEEND-3: a tie that remains is settled by a die on the tie-break table (its answer is input, HF-INT-3)
def decide_winner(state: GameState, tie_break: Any, field: str) -> tuple[int, str]:
    top = leaders(state)
    if wins_outright(top):
        if tie_break is not None:
            raise InputError(field, f"seat {top[0]} wins outright; no tie-break is needed", "HF-GAMEEND-3")
        winner, by = top[0], "vp" if len(most_vp(state, state.in_game())) == 1 else "danari"
    else:
        if not picked_among_tied(top, tie_break):
            raise InputError(field, f"seats {top} tie on VP and Danari: give the seat that the die and the "
                             "tie-break table pick as 'tie_break'", "HF-GAMEEND-3")
        winner, by = tie_break, "tie_break"
    return winner, by


def last_player_wins(state: GameState, seat: int, log: Log) -> None:
    """HF-INT-20: the player left when every other player has lost the game (HF-MIN-3) wins it."""
    state.winner = seat
    state.phase = OVER
    log.event("game_over", "HF-INT-20", winner=seat, by="last_player_left", vp=[p.vp for p in state.players],
              danari=[p.danari for p in state.players])


# HF-OBJ-1: over the fixed number of rounds the players earn VP and Danari; the most VP wins
def end_game(state: GameState, winner: int, by: str, log: Log) -> None:
    state.winner = winner
    state.phase = OVER
    clause = {"vp": "HF-GAMEEND-1", "danari": "HF-GAMEEND-2", "tie_break": "HF-GAMEEND-3"}[by]
    log.event("game_over", clause, winner=winner, by=by, vp=[p.vp for p in state.players],
              danari=[p.danari for p in state.players])
    log.rule("HF-GAMEEND-1", "HF-OBJ-1")
