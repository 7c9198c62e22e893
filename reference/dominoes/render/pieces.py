"""A tile placed on the grid: where its halves, pips and free sides are; and reading the
observation's tile and point text."""

from __future__ import annotations

from dataclasses import dataclass, field

from .grid import Pt, Rect, _add, _left, _right


@dataclass(frozen=True)
class Placed:
    """A tile on the grid: its centre, the direction its line grows, the side it joins by."""

    tile: str
    values: tuple[int, int]
    center: Pt
    direction: Pt
    joined: str | None = None
    connector: tuple[Pt, Pt] | None = None     # from the parent's end, when placed after a gap
    # its shape, read again and again while placing (every candidate against every placed tile):
    # worked out once, in __post_init__
    double: bool = field(init=False, repr=False, compare=False)
    long_axis: Pt = field(init=False, repr=False, compare=False)
    rect: Rect = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        double = self.values[0] == self.values[1]
        long_axis = _left(self.direction) if double else self.direction     # a double lies crosswise to its line
        (cx, cy), ax = self.center, long_axis[0]
        hx, hy = (2, 1) if ax else (1, 2)
        object.__setattr__(self, "double", double)
        object.__setattr__(self, "long_axis", long_axis)
        object.__setattr__(self, "rect", Rect(cx - hx, cy - hy, cx + hx, cy + hy))

    def _ends(self) -> tuple[str, str]:
        """(side facing the parent, side continuing the line)."""
        if self.double:
            back = self.joined if self.joined in ("line_a", "line_b") else "line_a"
            return back, "line_b" if back == "line_a" else "line_a"
        back = self.joined if self.joined in ("low", "high") else "low"
        return back, "high" if back == "low" else "low"

    def exits(self) -> dict[str, tuple[Pt, Pt]]:
        """side -> (midpoint of the edge it occupies, outward direction)."""
        d = self.direction
        back_dir = (-d[0], -d[1])
        back, front = self._ends()
        reach = 1 if self.double else 2
        out = {back: (_add(self.center, back_dir, reach), back_dir),
               front: (_add(self.center, d, reach), d)}
        if self.double:
            out["branch_a"] = (_add(self.center, _left(d), 2), _left(d))
            out["branch_b"] = (_add(self.center, _right(d), 2), _right(d))
        return out

    def halves(self) -> list[tuple[Pt, int]]:
        """(centre of each half, its pips)."""
        if self.double:
            a = self.long_axis
            return [(_add(self.center, a, -1), self.values[0]), (_add(self.center, a, 1), self.values[1])]
        back, _front = self._ends()
        near = self.values[0] if back == "low" else self.values[1]
        far = self.values[1] if back == "low" else self.values[0]
        return [(_add(self.center, self.direction, -1), near), (_add(self.center, self.direction, 1), far)]


def parse_tile(text: str) -> tuple[int, int]:
    low, high = (int(v) for v in str(text).strip("[] ").split("|"))
    return (min(low, high), max(low, high))


def split_point(text: str) -> tuple[str, str]:
    tile, side = str(text).strip().rsplit(" ", 1)
    return tile, side
