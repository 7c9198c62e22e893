"""Actions and their one-line text form, shared by scenarios, traces and the runner protocol.

    place 1|4                  open the layout with 1|4
    place 3|4 at 4|4 line_b    join 3|4 to line B of 4|4
    draw                       take the top tile of the draw pile
    pass                       pass (no legal placement, empty draw pile)
    stop                       end a continuing turn (only with continuation: optional)
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.core.errors import InputError

from .layout import SIDE_ORDER, Point
from .tiles import Tile, parse_tile, tile_str


@dataclass(frozen=True)
class Place:
    tile: Tile
    at: Point | None = None      # None opens the layout

    def __str__(self) -> str:
        return f"place {tile_str(self.tile)}" + (f" at {self.at}" if self.at else "")


@dataclass(frozen=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Stop:
    def __str__(self) -> str:
        return "stop"


Action = Place | Draw | Pass | Stop


def parse_point(text: object, field: str) -> Point:
    """'4|4 line_b' -> Point((4, 4), 'line_b')."""
    parts = str(text).split()
    if len(parts) != 2:
        raise InputError(field, f"'{text}' is not an attachment point; write it as "
                         "'TILE SIDE', e.g. '4|4 line_b'")
    tile = parse_tile(parts[0], field)
    side = parts[1].lower()
    if side not in SIDE_ORDER:
        raise InputError(field, f"unknown side '{parts[1]}'; sides are "
                         + ", ".join(SIDE_ORDER))
    return Point(tile, side)


def parse_action(text: object, field: str) -> Action:
    words = str(text).split()
    if not words:
        raise InputError(field, "empty action")
    verb = words[0].lower()
    if verb == "place" and len(words) == 2:
        return Place(parse_tile(words[1], field))
    if verb == "place" and len(words) == 5 and words[2] == "at":
        return Place(parse_tile(words[1], field), parse_point(" ".join(words[3:]), field))
    if len(words) == 1 and verb in ("draw", "pass", "stop"):
        return {"draw": Draw(), "pass": Pass(), "stop": Stop()}[verb]
    raise InputError(field, f"'{text}' is not an action; actions are 'place T', 'place T at T SIDE', "
                     "'draw', 'pass' and 'stop'")


def action_sort_key(action: Action) -> tuple:
    if isinstance(action, Place):
        return (0, action.tile, action.at.sort_key() if action.at else ())
    return (1, str(action))
