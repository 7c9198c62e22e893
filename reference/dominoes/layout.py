"""The layout on the table: a tree of tiles, its attachment points and counted ends.

Names follow the walk-throughs of the Portuguese and Polish texts (001, 002):
a non-double has a low end and a high end; every double is a branching double with
line A, line B (its two long sides, continuing the line) and branch A, branch B
(its two side branches). A double joins its parent with line A.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reference.core.errors import IllegalAction

from .tiles import Tile, is_double, tile_str

LOW, HIGH = "low", "high"
LINE_A, LINE_B = "line_a", "line_b"
BRANCH_A, BRANCH_B = "branch_a", "branch_b"
NON_DOUBLE_SIDES = (LOW, HIGH)
LONG_SIDES = (LINE_A, LINE_B)
BRANCHES = (BRANCH_A, BRANCH_B)
# Listing order of the walk-throughs: by tile, a non-double's high end before its low end.
SIDE_ORDER = {HIGH: 0, LOW: 1, LINE_A: 2, LINE_B: 3, BRANCH_A: 4, BRANCH_B: 5}


@dataclass(frozen=True)
class Point:
    """A place on a tile where another tile can join: '4|4 line_b'."""

    tile: Tile
    side: str

    @property
    def value(self) -> int:
        """The pips a joining tile must match (DOM-PLACE-1)."""
        return self.tile[0] if self.side == LOW else self.tile[1]

    def sort_key(self) -> tuple:
        return (self.tile, SIDE_ORDER[self.side])

    def __str__(self) -> str:
        return f"{tile_str(self.tile)} {self.side}"


@dataclass(frozen=True)
class Contribution:
    """One counted end: a non-double's free end, or a whole double with a free long side."""

    tile: Tile
    side: str | None    # None for a double, which counts as one contribution of both halves
    value: int

    def sort_key(self) -> tuple:
        return (self.tile, SIDE_ORDER.get(self.side, -1))


@dataclass
class PlacedTile:
    tile: Tile
    parent: Point | None = None          # where it hangs; None for the opening tile
    joined_side: str | None = None       # its own side that touches the parent
    children: dict[str, Tile] = field(default_factory=dict)

    def occupied(self, side: str) -> bool:
        return side == self.joined_side or side in self.children


class Layout:
    """The tiles on the table, in placement order."""

    def __init__(self) -> None:
        self.placed: dict[Tile, PlacedTile] = {}

    def copy(self) -> "Layout":
        clone = Layout()
        clone.placed = {t: PlacedTile(p.tile, p.parent, p.joined_side, dict(p.children))
                        for t, p in self.placed.items()}
        return clone

    def is_empty(self) -> bool:
        return not self.placed

    def tiles(self) -> list[Tile]:
        return list(self.placed)

    # -- DOM-DBL-1..3: which points of a placed tile are open ---------------------------

    def free_sides(self, placed: PlacedTile) -> list[str]:
        if not is_double(placed.tile):
            return [side for side in NON_DOUBLE_SIDES if not placed.occupied(side)]
        free_long = [side for side in LONG_SIDES if not placed.occupied(side)]
        if free_long:
            # DOM-DBL-2: both long sides are taken before any side branch.
            return free_long
        # DOM-DBL-3: then any free branch may be chosen.
        return [side for side in BRANCHES if not placed.occupied(side)]

    def attachment_points(self) -> list[Point]:
        """Every legal attachment point on the table (not only the counted ends)."""
        points = [Point(placed.tile, side)
                  for placed in self.placed.values() for side in self.free_sides(placed)]
        return sorted(points, key=Point.sort_key)

    # -- DOM-COUNT-1..3: the counted contributions --------------------------------------

    def counted_contributions(self) -> list[Contribution]:
        counted = []
        for placed in self.placed.values():
            tile = placed.tile
            if is_double(tile):
                # DOM-COUNT-1: both halves while at least one long side is free;
                # DOM-COUNT-2: zero once both are taken (unopened branches add nothing).
                if any(not placed.occupied(side) for side in LONG_SIDES):
                    counted.append(Contribution(tile, None, 2 * tile[0]))
            else:
                # DOM-COUNT-3: the outer end of every started line or branch.
                for side in NON_DOUBLE_SIDES:
                    if not placed.occupied(side):
                        counted.append(Contribution(tile, side, Point(tile, side).value))
        return sorted(counted, key=Contribution.sort_key)

    def applied_clauses(self) -> list[str]:
        """The counting and branching clauses this layout's counted ends depend on."""
        clauses = ["DOM-COUNT-3", "DOM-PTS-1"]
        for placed in self.placed.values():
            if not is_double(placed.tile):
                continue
            clauses.append("DOM-DBL-1")
            free_long = sum(not placed.occupied(side) for side in LONG_SIDES)
            if free_long:
                clauses += ["DOM-COUNT-1", "DOM-DBL-2", "DOM-DBL-4"]   # counts; branches withheld
                if free_long == 1:
                    clauses.append("DOM-COUNT-4")       # a double at the end of its line
            else:
                clauses += ["DOM-COUNT-2", "DOM-COUNT-7", "DOM-DBL-3"]
        return list(dict.fromkeys(clauses))

    def end_sum(self) -> int:
        """DOM-PTS-1: the sum of the counted ends, not of every attachment point."""
        return sum(c.value for c in self.counted_contributions())

    # -- describing the tree as the walk-throughs do ------------------------------------

    def branching_doubles(self) -> list[Tile]:
        """DOM-DBL-1: every double on the table is a branching double."""
        return [tile for tile in self.placed if is_double(tile)]

    def connections(self) -> list[tuple[Point, Point]]:
        """(parent point, child point) for every joined pair, in placement order."""
        return [(placed.parent, Point(placed.tile, placed.joined_side))
                for placed in self.placed.values() if placed.parent is not None]

    def point_accepts(self, tile: Tile, point: Point) -> bool:
        return point.value in tile

    # -- placing ------------------------------------------------------------------------

    def open_with(self, tile: Tile, field: str = "place") -> None:
        """DOM-OPEN-3: the opener may play any tile; it starts the layout."""
        if self.placed:
            raise IllegalAction(field, "the layout is already open; name an attachment point with 'at'",
                                "DOM-PLACE-1")
        self.placed[tile] = PlacedTile(tile)

    def check_attachment(self, tile: Tile, point: Point, field: str = "at",
                         tile_field: str = "place") -> None:
        """Raise IllegalAction saying exactly why `tile` cannot join `point`."""
        if tile in self.placed:
            raise IllegalAction(tile_field, f"{tile_str(tile)} is already on the table", "DOM-SET-1")
        target = self.placed.get(point.tile)
        if target is None:
            raise IllegalAction(field, f"{tile_str(point.tile)} is not on the table", "DOM-PLACE-1")
        sides = BRANCHES + LONG_SIDES if is_double(point.tile) else NON_DOUBLE_SIDES
        if point.side not in sides:
            kind = "a double" if is_double(point.tile) else "a non-double"
            raise IllegalAction(field, f"{kind} has no side '{point.side}'; its sides are "
                                + ", ".join(sorted(sides, key=SIDE_ORDER.get)), "DOM-PLACE-1")
        if target.occupied(point.side):
            taken = target.children.get(point.side)
            by = f" by {tile_str(taken)}" if taken else f" (it joins {target.parent})"
            raise IllegalAction(field, f"{point} is already taken{by}", "DOM-PLACE-1")
        if point.side not in self.free_sides(target):
            raise IllegalAction(field, f"the branches of {tile_str(point.tile)} open only after both "
                                "long sides are taken", "DOM-DBL-2")
        if not self.point_accepts(tile, point):
            raise IllegalAction(field, f"{tile_str(tile)} has no {point.value} to join {point}",
                                "DOM-PLACE-1")

    def attach(self, tile: Tile, point: Point, field: str = "at", tile_field: str = "place") -> None:
        """DOM-PLACE-1/2: join the matching half; the other half becomes a new end."""
        self.check_attachment(tile, point, field, tile_field)
        if is_double(tile):
            joined = LINE_A               # a double lies crosswise, joined by its line A side
        else:
            joined = LOW if tile[0] == point.value else HIGH
        self.placed[point.tile].children[point.side] = tile
        self.placed[tile] = PlacedTile(tile, parent=point, joined_side=joined)
