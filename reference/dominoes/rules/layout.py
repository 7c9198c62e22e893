"""The layout on the table: a tree of tiles, its attachment points and counted ends.

Sections "Colocar una ficha" (DOM-PLACE-1/2), "Cada doble puede ramificarse" (DOM-DBL-*,
DOM-COUNT-1..3) and the pt/pl walk-throughs (DOM-COUNT-4..7, DOM-PTS-1).

Names follow the walk-throughs of the Portuguese and Polish texts (001, 002):
a non-double has a low end and a high end; every double is a branching double with
line A, line B (its two long sides, continuing the line) and branch A, branch B
(its two side branches). A double joins its parent with line A.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from typing import Iterable, Iterator

from reference.core.errors import IllegalAction

from .tiles import DOUBLE_SIX_SET, Tile, is_double, tile_str

LOW, HIGH = "low", "high"
LINE_A, LINE_B = "line_a", "line_b"
BRANCH_A, BRANCH_B = "branch_a", "branch_b"
NON_DOUBLE_SIDES = (LOW, HIGH)
LONG_SIDES = (LINE_A, LINE_B)
BRANCHES = (BRANCH_A, BRANCH_B)
# A counted double adds its one number once for each of its halves:
HALVES_OF_A_COUNTED_DOUBLE = 2      # both halves count (DOM-COUNT-1, DOM-COUNT-4)
# A double's side branches open once this many of its long sides are taken:
LONG_SIDES_TAKEN_BEFORE_BRANCHES = 2    # both of them (DOM-DBL-2, DOM-DBL-4)
# Listing order of the walk-throughs: by tile, a non-double's high end before its low end.
SIDE_ORDER = {HIGH: 0, LOW: 1, LINE_A: 2, LINE_B: 3, BRANCH_A: 4, BRANCH_B: 5}


class Point:
    """A place on a tile where another tile can join: '4|4 line_b'. Never changed once made;
    equal points (same tile, same side) are interchangeable."""

    __slots__ = ("tile", "side", "value", "text")

    def __init__(self, tile: Tile, side: str) -> None:
        self.tile = tile
        self.side = side
        # The pips a joining tile must match (DOM-PLACE-1), worked out once (`shown_pips`).
        self.value = self.shown_pips()
        self.text = f"{tile_str(tile)} {side}"

    def shown_pips(self) -> int:
        if is_double(self.tile):
            # A double's four sides (line A/B, branch A/B) all show its one number.
            return self.tile[0]
        return self.tile[0] if self.side == LOW else self.tile[1]

    def sort_key(self) -> tuple:
        return (self.tile, SIDE_ORDER[self.side])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Point:
            return NotImplemented
        return self.tile == other.tile and self.side == other.side

    def __hash__(self) -> int:
        return hash((self.tile, self.side))

    def __repr__(self) -> str:
        return f"Point(tile={self.tile!r}, side={self.side!r})"

    def __str__(self) -> str:
        return self.text


# Every point a tile of the set has, made once: what the layout hands out (`point_at`).
POINTS: dict[tuple[Tile, str], Point] = {
    (tile, side): Point(tile, side)
    for tile in DOUBLE_SIX_SET
    for side in (LONG_SIDES + BRANCHES if is_double(tile) else NON_DOUBLE_SIDES)}


def point_at(tile: Tile, side: str) -> Point:
    point = POINTS.get((tile, side))
    return point if point is not None else Point(tile, side)


@dataclass(slots=True, unsafe_hash=True)
class Contribution:
    """One counted end: a non-double's free end, or a whole double with a free long side.
    Never changed once made (slotted rather than frozen: it is made at every placement)."""

    tile: Tile
    side: str | None    # None for a double, which counts as one contribution of both halves
    value: int

    def sort_key(self) -> tuple:
        return (self.tile, SIDE_ORDER.get(self.side, -1))


class PlacedTile:
    """A tile on the table. Never changed once on the table: a tile joining it makes a new
    PlacedTile for it (`Layout.attach`), so copies of a layout share their PlacedTiles."""

    __slots__ = ("tile", "parent", "joined_side", "children", "free_points", "counted", "counted_sum")

    def __init__(self, tile: Tile, parent: Point | None = None, joined_side: str | None = None,
                 children: dict[str, Tile] | None = None) -> None:
        self.tile = tile
        self.parent = parent                  # where it hangs; None for the opening tile
        self.joined_side = joined_side        # its own side that touches the parent
        self.children: dict[str, Tile] = {} if children is None else children
        # Worked out by the layout when the tile or a child joins (`Layout.settle`), from the
        # rule functions `Layout.free_sides` and `tile_contributions`; never changed after:
        self.free_points: list[Point] = []    # its open attachment points, in listing order
        self.counted: list[Contribution] = [] # its counted ends, in listing order
        self.counted_sum = 0                  # their sum

    def occupied(self, side: str) -> bool:
        return side == self.joined_side or side in self.children

    def __repr__(self) -> str:
        return (f"PlacedTile(tile={self.tile!r}, parent={self.parent!r}, joined_side={self.joined_side!r}, "
                f"children={self.children!r})")


class Layout:
    """The tiles on the table, in placement order.

    Only a placement changes the layout, and a placement changes only two tiles: the new tile
    and the tile it joins. So each tile's open points and counted ends are worked out when it
    changes (`settle`) and kept; the layout's lists and end sum are put together from them."""

    def __init__(self) -> None:
        self.placed: dict[Tile, PlacedTile] = {}
        self.listing: list[Tile] = []                # the placed tiles in listing (tile) order
        self.version = 0                             # counts every change (views are kept per version)
        self._end_sum = 0                            # the sum of every tile's counted ends
        self._points: list[Point] | None = None     # attachment points, kept until the next placement
        self._counted: list[Contribution] | None = None

    def copy(self) -> "Layout":
        clone = Layout()
        clone.placed = dict(self.placed)             # PlacedTiles are never changed: shared
        clone.listing = list(self.listing)
        clone.version = self.version
        clone._end_sum = self._end_sum
        clone._points = self._points
        clone._counted = self._counted
        return clone

    def is_empty(self) -> bool:
        return not self.placed

    def tiles(self) -> list[Tile]:
        return list(self.placed)

    # -- DOM-DBL-1..3: which points of a placed tile are open ---------------------------

    def free_sides(self, placed: PlacedTile) -> list[str]:
        if not is_double(placed.tile):
            # DOM-PLACE-2: a non-double's free half is an end where the line goes on.
            return [side for side in NON_DOUBLE_SIDES if not placed.occupied(side)]
        free_long = [side for side in LONG_SIDES if not placed.occupied(side)]
        if not is_branching_double(placed) or not lies_crosswise(placed):
            return free_long                  # a double that does not branch: its line only
        if len(LONG_SIDES) - len(free_long) < LONG_SIDES_TAKEN_BEFORE_BRANCHES:
            # DOM-DBL-2: both long sides are taken, continuing the line, before any side branch.
            # DOM-DBL-4: both in-line continuations occupied before a side branch opens.
            return free_long
        if not any_branch_may_be_chosen():
            # (read otherwise: the branches open one at a time, branch A before branch B)
            return free_long + [side for side in BRANCHES if not placed.occupied(side)][:1]
        # DOM-DBL-3: then any free branch may be chosen (with both long sides taken, no long
        # side is left beside them).
        return free_long + [side for side in BRANCHES if not placed.occupied(side)]

    def attachment_points(self) -> list[Point]:
        """Every legal attachment point on the table (not only the counted ends), in listing
        order: each tile's open points (`free_sides`, kept by `settle`), tile by tile. Put
        together once per layout (the list is shared; callers do not change it)."""
        if self._points is None:
            placed = self.placed
            self._points = [point for tile in self.listing for point in placed[tile].free_points]
        return self._points

    # -- DOM-COUNT-1..7: the counted contributions (module functions below) ----------------

    def counted_contributions(self) -> list[Contribution]:
        """The scoring ends, tile by tile, in listing order (shared; callers do not change it)."""
        if self._counted is None:
            self._counted = counted_contributions(self)
        return self._counted

    def end_sum(self) -> int:
        return end_sum(self)

    # -- describing the tree as the walk-throughs do ------------------------------------

    def branching_doubles(self) -> list[Tile]:
        # DOM-COUNT-5: the outline marks a branching double, not an end that scores by itself.
        return [tile for tile, placed in self.placed.items() if marked_in_outline(placed)]

    def connections(self) -> list[tuple[Point, Point]]:
        """(parent point, child point) for every joined pair, in placement order."""
        return [(placed.parent, point_at(placed.tile, placed.joined_side))
                for placed in self.placed.values() if placed.parent is not None]

    # -- placing ------------------------------------------------------------------------

    def open_with(self, tile: Tile, field: str = "place") -> None:
        """The opening tile starts the layout (which tile may open: see `placements`)."""
        if self.placed:
            raise IllegalAction(field, "the layout is already open; name an attachment point with 'at'",
                                "DOM-PLACE-1")
        self.settle(PlacedTile(tile))

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
        if point not in target.free_points:
            raise IllegalAction(field, f"the branches of {tile_str(point.tile)} open only after both "
                                "long sides are taken", "DOM-DBL-2")
        if not joins(tile, point):
            raise IllegalAction(field, f"{tile_str(tile)} has no {point.value} to join {point}",
                                "DOM-PLACE-1")
        if is_double(tile) and self.lies_on_a_side_branch(point) and not double_may_lie_on_a_branch():
            raise IllegalAction(field, f"{tile_str(tile)} is a double: it may not be laid along a side "
                                "branch", "DOM-DBL-1")      # never taken: DOM-DBL-1 grants it
        if not is_counted_end(target, point) and not uncounted_point_takes_a_tile():
            raise IllegalAction(field, f"{point} is not a counted end", "DOM-COUNT-6")   # never taken

    def lies_on_a_side_branch(self, point: Point) -> bool:
        """Whether a tile joining `point` lies along a side branch: the point is a double's side
        branch, or its tile hangs, through the tiles it joins, from one."""
        while point.side not in BRANCHES:
            point = self.placed[point.tile].parent
            if point is None:
                return False
        return True

    def attach(self, tile: Tile, point: Point, field: str = "at", tile_field: str = "place") -> None:
        """Join the matching half; the other half becomes a new end (see `free_sides`)."""
        self.check_attachment(tile, point, field, tile_field)
        if is_double(tile):
            # a double lies crosswise, joined by its line A side (`joins_by_a_long_side`)
            joined = LINE_A if joins_by_a_long_side() else BRANCH_A
        else:
            joined = LOW if tile[0] == point.value else HIGH
        parent = self.placed[point.tile]
        self.settle(PlacedTile(parent.tile, parent.parent, parent.joined_side,
                               {**parent.children, point.side: tile}))
        self.settle(PlacedTile(tile, parent=point_at(point.tile, point.side), joined_side=joined))

    def settle(self, placed: PlacedTile) -> None:
        """Put `placed` on the table (new, or replacing the same tile with one more child) with
        its open points (`free_sides`) and counted ends (`tile_contributions`) worked out."""
        tile = placed.tile
        sides = self.free_sides(placed)
        if len(sides) > 1:
            sides = sorted(sides, key=SIDE_ORDER.__getitem__)
        placed.free_points = [point_at(tile, side) for side in sides]
        counted = tile_contributions(placed)
        if len(counted) > 1:
            counted = sorted(counted, key=Contribution.sort_key)
        placed.counted = counted
        counted_sum = 0
        for contribution in counted:       # none, one or two: a loop beats building a list to sum
            counted_sum += contribution.value
        placed.counted_sum = counted_sum
        before = self.placed.get(tile)
        if before is None:
            insort(self.listing, tile)
        else:
            self._end_sum -= before.counted_sum
        self._end_sum += placed.counted_sum
        self.placed[tile] = placed
        self.version += 1
        self._points = None
        self._counted = None


# -- placing: the one definition of a legal placement ---------------------------------------

def is_branching_double(placed: PlacedTile) -> bool:
    # DOM-DBL-1: every double is a branching double, the opening one and those on branches too.
    return is_double(placed.tile)


def marked_in_outline(placed: PlacedTile) -> bool:
    # DOM-COUNT-5 (the mark): «O contorno laranja identifica uma dupla de ramificação, não uma
    # extremidade que pontua»: a tile on the table is outlined when it is a branching double
    # (DOM-DBL-1's `is_branching_double`), not when it is an end of a line.
    return is_double(placed.tile) and is_branching_double(placed)


def joins_by_a_long_side() -> bool:
    # DOM-DBL-2 (joined in line): «Ocupa ambos lados largos, continuando la línea»: a double joins
    # the line by one of its long sides (line A), which the line then occupies: one more tile in
    # line, on line B, and its side branches open (not two, as if it had joined by a branch).
    return True


def any_branch_may_be_chosen() -> bool:
    # DOM-DBL-3 (either branch): once both long sides are taken the player chooses freely among
    # the free side branches: both are open at once, in no set order.
    return True


def lies_crosswise(placed: PlacedTile) -> bool:
    """Whether a double on the table lies crosswise, so that its side branches can open
    (`Layout.free_sides`): the opening double, and every double played after it
    (`later_double_lies_crosswise`)."""
    return placed.parent is None or later_double_lies_crosswise()


def later_double_lies_crosswise() -> bool:
    # DOM-DBL-1 (later doubles): a double played later, in a line or on a side branch, lies
    # crosswise too and its branches open: not the opening double's alone (as in plain Fives).
    return True


def double_may_lie_on_a_branch() -> bool:
    # DOM-DBL-1 (on a branch): «Cada doble es un doble de ramificación, incluido el de apertura y
    # los jugados en una rama existente»: a double may be laid along a side branch, at the branch's
    # start or further along it, as anywhere else (and branches there in its turn).
    return True


def is_counted_end(placed: PlacedTile, point: Point) -> bool:
    """Whether `point` is one of the counted ends of its tile (a non-double's free half, or a
    double's free long side while the double counts); a double's side branch never is."""
    return any(contribution.side in (point.side, None) for contribution in placed.counted)


def uncounted_point_takes_a_tile() -> bool:
    # DOM-COUNT-6 (a point that does not score): «Um ponto de encaixe disponível e uma
    # extremidade que pontua são coisas diferentes»: a tile may join any available attachment
    # point, a double's side branch (which adds nothing to the sum) included, not only the
    # counted ends.
    return True


def may_open_with(tile: Tile) -> bool:
    # DOM-OPEN-3: the opener may play any tile from hand.
    return True


def joins(tile: Tile, point: Point) -> bool:
    # DOM-PLACE-1: a tile joins an available attachment point with a half of the same value.
    return point.value in tile


def placements(layout: Layout, tiles: Iterable[Tile],
               points: list[Point] | None = None) -> Iterator[tuple[Tile, Point | None]]:
    """Every (tile, point) a player holding `tiles` may place: on an empty layout a tile that
    may open (point None, `may_open_with`); otherwise a tile joins a point it matches (`joins`).
    `points` narrows the attachment points offered (DOM-INT-2); by default all of them."""
    if layout.is_empty():
        for tile in tiles:
            if may_open_with(tile):
                yield tile, None
        return
    if points is None:
        points = layout.attachment_points()
    for tile in tiles:
        for point in points:
            if joins(tile, point):
                yield tile, point


def placement_decisions(layout: Layout, tile: Tile) -> list[str]:
    """The layout rules a placement just applied: how `tile` joined, what it did to the double it
    joined and how the ends it left are counted. Only this placement is looked at (never the
    rest of the table), so a step's record names the decisions that step took."""
    placed = layout.placed[tile]
    decided = []
    if placed.parent is not None:
        decided.append("DOM-PLACE-1")                      # joined a matching half
        parent = layout.placed[placed.parent.tile]
        if is_double(parent.tile):
            if placed.parent.side in BRANCHES:
                decided.append("DOM-DBL-3")                # a side branch, chosen freely
            elif not (parent.occupied(LINE_A) and parent.occupied(LINE_B)):
                decided += ["DOM-DBL-2", "DOM-COUNT-1"]    # branches withheld; still counts
            else:
                # both long sides now taken: the branches open (every double is a branching
                # double, DOM-DBL-1, the opening one or not), the double stops counting and its
                # unopened branches are attachment points that add nothing
                decided += ["DOM-DBL-4", "DOM-DBL-1", "DOM-COUNT-2", "DOM-COUNT-7", "DOM-COUNT-6", "DOM-PTS-1"]
    if is_double(tile):
        # a new double branches, counts both halves at the end of its line, branches withheld
        decided += ["DOM-DBL-1", "DOM-COUNT-5", "DOM-DBL-2", "DOM-COUNT-1", "DOM-COUNT-4"]
        if tile[0] == 0:
            decided.append("DOM-PTS-5")                    # a counted end worth zero
    else:
        decided += ["DOM-PLACE-2", "DOM-COUNT-3"]          # its free half(s) become counted ends
        # its counted ends (`settle`: its free halves, `end_contributions`)
        if 0 in [contribution.value for contribution in placed.counted]:
            decided.append("DOM-PTS-5")                    # a counted end worth zero
    return decided


def has_legal_placement(layout: Layout, tiles: Iterable[Tile]) -> bool:
    """Whether any of `tiles` can be placed now (drawing, passing and blocking ask this)."""
    return next(placements(layout, tiles), None) is not None


# -- counting the ends -------------------------------------------------------------------------

def double_contribution(placed: PlacedTile) -> Contribution | None:
    """What a double on the table adds to the end sum."""
    tile = placed.tile
    if not (placed.occupied(LINE_A) and placed.occupied(LINE_B)) or taken_double_counts():
        # DOM-COUNT-1: both halves while at least one long side is free.
        # DOM-COUNT-4: a double at the end of a line counts both halves until its line goes on.
        return Contribution(tile, None, tile[0] * HALVES_OF_A_COUNTED_DOUBLE)
    if unopened_branches_counted():
        # (read otherwise: each branch still free would add the double's number, as an end)
        unopened = [side for side in BRANCHES if not placed.occupied(side)]
        return Contribution(tile, None, tile[0] * len(unopened)) if unopened else None
    return None                           # both long sides taken: the double and its branches add nothing


def taken_double_counts() -> bool:
    # DOM-COUNT-2: once both long sides are taken the double itself counts zero.
    return False


def unopened_branches_counted() -> bool:
    # DOM-COUNT-2 (branches): the side branches not yet used count zero too;
    # DOM-COUNT-7: an unopened side branch adds nothing once both in-line continuations of its
    # double are occupied (an attachment point, not a counted end).
    return False


def end_contributions(placed: PlacedTile) -> list[Contribution]:
    # DOM-COUNT-3: the outer end of every line or branch already started.
    return [Contribution(placed.tile, side, point_at(placed.tile, side).value)
            for side in NON_DOUBLE_SIDES if is_outer_end(placed, side)]


def is_outer_end(placed: PlacedTile, side: str) -> bool:
    # DOM-COUNT-3 (outer): «los extremos exteriores»: a tile's half is counted when it is the outer
    # end of its line or branch, nothing joined to it; not the half by which it joined.
    return not placed.occupied(side)


def tile_contributions(placed: PlacedTile) -> list[Contribution]:
    """What one tile on the table adds to the end sum: its counted ends, those worth zero
    included (`zero_end_counted`)."""
    if is_double(placed.tile):
        contribution = double_contribution(placed)
        counted = [] if contribution is None else [contribution]
    else:
        counted = end_contributions(placed)
    return [contribution for contribution in counted if contribution.value or zero_end_counted()]


def zero_end_counted() -> bool:
    # DOM-PTS-5: every counted end is in the sum, ends worth zero included (it adds 0, but it is
    # one of the counted ends).
    return True


def counted_contributions(layout: Layout) -> list[Contribution]:
    """The scoring ends, tile by tile, in listing order."""
    placed = layout.placed
    return [contribution for tile in layout.listing for contribution in placed[tile].counted]


def contributions(layout: Layout) -> list[Contribution]:
    """The scoring ends, in placement order."""
    # DOM-COUNT-6: an attachment point and a scoring end are different things: this walks the
    # tiles' counted ends (`tile_contributions`), never `attachment_points()`.
    return [contribution for placed in layout.placed.values() for contribution in placed.counted]


def end_sum(layout: Layout) -> int:
    # DOM-PTS-1: the sum over the counted ends only, not over every attachment point (ends
    # worth zero included: `zero_end_counted`).
    # (Kept up to date by `Layout.settle`: the same sum as over `contributions(layout)`.)
    return layout._end_sum
