"""Tiles of the double-six set (DOM-SET-1).

A tile is a tuple (low, high) with low <= high; its text form is "low|high", as the
rule texts write [1|4]. Reading that text form is the machinery's job (../actions.py).
"""

from __future__ import annotations

Tile = tuple[int, int]

MAX_PIPS = 6
# DOM-SET-1: a complete double-six set, 28 distinct tiles.
DOUBLE_SIX_SET: tuple[Tile, ...] = tuple(
    (low, high) for low in range(MAX_PIPS + 1) for high in range(low, MAX_PIPS + 1))


def is_double(tile: Tile) -> bool:
    return tile[0] == tile[1]


def pips(tile: Tile) -> int:
    return tile[0] + tile[1]


# The text form of every tile of the set, written out once ("1|4").
TILE_TEXT: dict[Tile, str] = {tile: f"{tile[0]}|{tile[1]}" for tile in DOUBLE_SIX_SET}


def tile_str(tile: Tile) -> str:
    text = TILE_TEXT.get(tile)
    return text if text is not None else f"{tile[0]}|{tile[1]}"


def hand_pips(hand) -> int:
    return sum(pips(tile) for tile in hand)
