"""Seats and the bank's rotation (CRD-SET-2, CRD-BET-3, CRD-ROT-1).

Seats are numbered 0..n-1 clockwise. One seat banks each race; the others bet.
"""

from __future__ import annotations

from reference.core.errors import InputError

MIN_PLAYERS = 3


# CRD-SET-2: three or more people play; the suggested ten is for comfort, not a limit
def check_players(players: object, field: str) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or not enough_players(players):
        raise InputError(field, f"{players!r} players; the game is for {MIN_PLAYERS} or more people "
                         "(one banks, the others bet)", "CRD-SET-2")
    return players


# CRD-SET-2 (enough people): «para 3 o más personas ... hasta 10 por comodidad, no como límite»: a
# table of three people or more may play, however many more there are
def enough_players(players: int) -> bool:
    return players >= MIN_PLAYERS


def check_seat(seat: object, players: int, field: str) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise InputError(field, f"{seat!r} is not a seat (0 to {players - 1})")
    return seat


def next_clockwise(seat: int, players: int) -> int:
    return (seat + 1) % players


# CRD-ROT-1: the bank passes clockwise
def next_banker(banker: int, players: int) -> int:
    return next_clockwise(banker, players)


# CRD-BET-3: each person who is not the banker picks a horse (clockwise from the banker's left, CRD-INT-3)
def bettors_in_order(banker: int, players: int) -> list[int]:
    seats = [next_clockwise(banker, players)]
    while len(seats) < players - 1:
        seats.append(next_clockwise(seats[-1], players))
    return seats
