"""The grid the diagram is laid out on: points, boxes and the table's edge (in grid units)."""

from __future__ import annotations

from dataclasses import dataclass

Pt = tuple[int, int]

UNIT = 20                        # pixels per grid unit; a tile half is 2 x 2 units
GAP = 1                          # free units kept between tiles that are not joined
RESERVE_GAP = 1                  # ... and between a tile and another tile's free side
TABLE = (30, 18)                 # half width and height of the table lines bend at, in units


def _add(p: Pt, d: Pt, k: int = 1) -> Pt:
    return (p[0] + d[0] * k, p[1] + d[1] * k)


def _left(d: Pt) -> Pt:
    return (d[1], -d[0])


def _right(d: Pt) -> Pt:
    return (-d[1], d[0])


@dataclass(frozen=True)
class Rect:
    x0: int
    y0: int
    x1: int
    y1: int

    def overlaps(self, other: "Rect", margin: int = 0) -> bool:
        """Interiors closer than `margin` (0: they share more than an edge)."""
        return (self.x0 - margin < other.x1 and other.x0 < self.x1 + margin
                and self.y0 - margin < other.y1 and other.y0 < self.y1 + margin)


def _square(center: Pt) -> Rect:
    return Rect(center[0] - 1, center[1] - 1, center[0] + 1, center[1] + 1)


def _off_table(rect: Rect) -> int:
    """How far a tile reaches past the table's edge (0 on the table)."""
    (tx, ty), r = TABLE, rect
    return max(0, r.x1 - tx, -tx - r.x0) + max(0, r.y1 - ty, -ty - r.y0)


def _span(line: tuple[Pt, Pt]) -> Rect:
    """The box around a connector (a line of no width)."""
    (ax, ay), (bx, by) = line
    return Rect(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
