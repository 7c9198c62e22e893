"""The four things a player may do on a turn, and their one-line text form.

    place 1|4                  open the layout with 1|4 (DOM-OPEN-3)
    place 3|4 at 4|4 line_b    join 3|4 to line B of 4|4 (DOM-PLACE-1)
    draw                       take the top tile of the draw pile (DOM-DRAW-2)
    pass                       pass: no legal placement, empty draw pile (DOM-PASS-1)
    stop                       end a continuing turn (only with continuation: optional, DOM-INT-7)
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Point
from .tiles import Tile, tile_str


# Moves are made for every legal action of every step: plain slotted classes, quick to make
# (a frozen dataclass is several times slower to build). A move is never changed once made.
@dataclass(slots=True, unsafe_hash=True)
class Place:
    tile: Tile
    at: Point | None = None      # None opens the layout

    def __str__(self) -> str:
        return f"place {tile_str(self.tile)} at {self.at.text}" if self.at else f"place {tile_str(self.tile)}"


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


def action_sort_key(action: Action) -> tuple:
    if isinstance(action, Place):
        return (0, action.tile, action.at.sort_key() if action.at else ())
    return (1, str(action))
