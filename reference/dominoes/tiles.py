"""Tiles of the double-six set (DOM-SET-1) and their text form.

A tile is a tuple (low, high) with low <= high; its text form is "low|high", as the
rule texts write [1|4]. Input may give the halves in either order.
"""

from __future__ import annotations

import re

from reference.core.errors import InputError

Tile = tuple[int, int]

MAX_PIPS = 6
# DOM-SET-1: a complete double-six set, 28 distinct tiles.
DOUBLE_SIX_SET: tuple[Tile, ...] = tuple(
    (low, high) for low in range(MAX_PIPS + 1) for high in range(low, MAX_PIPS + 1))

_TILE_TEXT = re.compile(r"^\[?\s*(\d+)\s*\|\s*(\d+)\s*\]?$")


def is_double(tile: Tile) -> bool:
    return tile[0] == tile[1]


def pips(tile: Tile) -> int:
    return tile[0] + tile[1]


def tile_str(tile: Tile) -> str:
    return f"{tile[0]}|{tile[1]}"


def parse_tile(text: object, field: str) -> Tile:
    """'4|1', '[1|4]' -> (1, 4). Anything that is not a double-six tile is an InputError."""
    match = _TILE_TEXT.match(str(text).strip()) if isinstance(text, (str, int)) else None
    if not match:
        raise InputError(field, f"'{text}' is not a tile; write it as low|high, e.g. 1|4",
                         "DOM-SET-1")
    a, b = int(match.group(1)), int(match.group(2))
    if a > MAX_PIPS or b > MAX_PIPS:
        raise InputError(field, f"'{text}' is not in the double-six set (halves run from 0 to 6)",
                         "DOM-SET-1")
    return (min(a, b), max(a, b))


def hand_pips(hand) -> int:
    return sum(pips(tile) for tile in hand)
