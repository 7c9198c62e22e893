"""Como se juega: seats and the orders of play. Seats 0..n-1 go clockwise; the player to a
seat's left is the next seat clockwise, the player to its right the previous one."""

from __future__ import annotations

from .state import GameState


# HF-PLAY-1: play runs clockwise, starting with the first player
def clockwise_from(first: int, players: int) -> list[int]:
    """Used by the first bets (HF-BET-1), the rigging (HF-RIG-1) and the payouts (HF-PAY-1)."""
    return [(first + k) % players for k in range(players)]


def counter_clockwise_from(first: int, players: int) -> list[int]:
    """The seats from `first` round the table to its right: the way the second bets go (HF-BET2-1)
    and the first bets do not (first_bet_order's other branch, never taken: HF-BET-1 says clockwise)."""
    return [(first - k) % players for k in range(players)]


# HF-BET2-1: second bets go counter-clockwise from the player to the first player's right;
# the first player chooses last
def second_bet_order(first: int, players: int) -> list[int]:
    around = counter_clockwise_from if second_bets_counter_clockwise() else clockwise_from
    return around((first - 1) % players, players)


# HF-BET2-1 (counter-clockwise): «yendo en sentido antihorario»: the second bets go round the table
# the other way from the first bets
def second_bets_counter_clockwise() -> bool:
    return True


def next_clockwise(seat: int, players: int, skip: set[int] = frozenset()) -> int:
    """The player to the left; players who lost the game are passed over (HF-INT-13)."""
    for k in range(1, players + 1):
        candidate = (seat + k) % players
        if candidate not in skip:
            return candidate
    return seat


def still_in_game(state: GameState, order: list[int]) -> list[int]:
    """An order of play without the players who lost the game (HF-MIN-3, HF-INT-13)."""
    return [s for s in order if not state.players[s].out]
