"""Seats and the bank's rotation (CRD-SET-2/3, CRD-BET-3, CRD-ROT-1).

Seats are numbered 0..n-1 clockwise. One seat banks each race; the others bet.
"""

from __future__ import annotations

from reference.core.errors import InputError

MIN_PLAYERS = 3     # CRD-SET-2: three or more; the suggested 10 is not a limit


def check_players(players: object, field: str) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or players < MIN_PLAYERS:
        raise InputError(field, f"{players!r} players; the game is for {MIN_PLAYERS} or more people "
                         "(one banks, the others bet)", "CRD-SET-2")
    return players


def check_seat(seat: object, players: int, field: str) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise InputError(field, f"{seat!r} is not a seat (0 to {players - 1})")
    return seat


def next_clockwise(seat: int, players: int) -> int:
    return (seat + 1) % players


def next_banker(banker: int, players: int) -> int:
    """CRD-ROT-1: the bank passes clockwise."""
    return next_clockwise(banker, players)


def bettors_in_order(banker: int, players: int) -> list[int]:
    """CRD-BET-3: everyone but the banker bets; CRD-INT-3: clockwise from the banker's left."""
    return [(banker + k) % players for k in range(1, players)]
