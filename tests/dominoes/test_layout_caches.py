"""The layout keeps each tile's open points and counted ends, and its end sum, from placement to
placement (rules/layout.py, `Layout.settle`), and copies share the tiles a placement does not
touch. These tests recompute all of it from scratch after every step of random play, from the
connections alone and the rule text restated here, so a stale or shared cache cannot hide."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from reference.dominoes.options import Options
from reference.dominoes.playout import random_match
from reference.dominoes.rules.layout import (BRANCHES, LONG_SIDES, NON_DOUBLE_SIDES, SIDE_ORDER, Layout, Point,
                                             end_sum, joins, tile_contributions)
from reference.dominoes.rules.tiles import DOUBLE_SIX_SET, is_double


def taken_sides(layout: Layout) -> dict:
    """Which sides of each tile touch another tile, read from the parent links only."""
    taken = {tile: set() for tile in layout.placed}
    for placed in layout.placed.values():
        if placed.parent is not None:
            taken[placed.tile].add(placed.joined_side)
            taken[placed.parent.tile].add(placed.parent.side)
    return taken


def open_sides(tile, taken: set) -> list:
    # DOM-PLACE-2 / DOM-DBL-2..4, restated: a non-double's free halves; a double's free long
    # sides, and its free branches only once both long sides are taken.
    if not is_double(tile):
        return [side for side in NON_DOUBLE_SIDES if side not in taken]
    free_long = [side for side in LONG_SIDES if side not in taken]
    return free_long or [side for side in BRANCHES if side not in taken]


def counted_ends(tile, taken: set) -> list:
    # DOM-COUNT-1..3, restated: a double counts both halves while a long side is free; a
    # non-double counts each free half.
    if is_double(tile):
        return [(tile, tile[0] + tile[1])] if any(side not in taken for side in LONG_SIDES) else []
    return [(tile, tile[0] if side == "low" else tile[1]) for side in NON_DOUBLE_SIDES if side not in taken]


def recomputed(layout: Layout, taken: dict) -> dict:
    points = sorted(((tile, side) for tile in layout.placed for side in open_sides(tile, taken[tile])),
                    key=lambda p: (p[0], SIDE_ORDER[p[1]]))
    counted = sorted(end for tile in layout.placed for end in counted_ends(tile, taken[tile]))
    return {"points": points, "counted": counted, "end_sum": sum(value for _, value in counted)}


def kept(layout: Layout) -> dict:
    return {"points": [(p.tile, p.side) for p in layout.attachment_points()],
            "counted": sorted((c.tile, c.value) for c in layout.counted_contributions()),
            "end_sum": layout.end_sum()}


def check_caches(layout: Layout) -> None:
    taken = taken_sides(layout)
    assert kept(layout) == recomputed(layout, taken)
    assert end_sum(layout) == sum(c.value for c in layout.counted_contributions())
    assert layout.listing == sorted(layout.placed)
    # the listing order of counted ends, tile by tile
    listed = layout.counted_contributions()
    assert listed == sorted(listed, key=lambda c: c.sort_key())
    for tile, placed in layout.placed.items():
        # each tile's children are the tiles that hang on it
        assert {side for side in taken[tile] if side != placed.joined_side} == set(placed.children)
        # and its kept points and counted ends are what the rule functions say now
        assert [p.side for p in placed.free_points] == sorted(layout.free_sides(placed), key=SIDE_ORDER.get)
        assert sorted((c.tile, c.side, c.value) for c in placed.counted) == \
            sorted((c.tile, c.side, c.value) for c in tile_contributions(placed))


def everything_read(layout: Layout):
    """Every value of `layout` that `check_caches` and `kept` read, as plain data: the layout's
    lists, sums and kept lists, and each placed tile's links, children, open points and counted
    ends (the rule functions `check_caches` also calls read nothing else)."""
    return (list(layout.listing), layout.end_sum(),
            [(p.tile, p.side) for p in layout.attachment_points()],
            [(c.tile, c.side, c.value) for c in layout.counted_contributions()],
            {tile: (placed.tile, placed.parent, placed.joined_side, dict(placed.children),
                    [(p.tile, p.side) for p in placed.free_points],
                    [(c.tile, c.side, c.value) for c in placed.counted], placed.counted_sum)
             for tile, placed in layout.placed.items()})


class CopiesStayPut:
    """A copy taken at one step must not change when play goes on from the original. Each copy
    is checked against a recount when it is taken; at every later step, everything the recount
    reads must still be exactly as it was then (so the recount would come out the same), and
    what the copy shows (`kept`) too."""

    def __init__(self):
        self.copies = []

    def __call__(self, match, text, log):
        if match.round is None:
            return
        layout = match.round.layout
        check_caches(layout)
        for copy, view, read in self.copies:
            assert kept(copy) == view
            assert everything_read(copy) == read
        copy = layout.copy()
        check_caches(copy)
        self.copies = self.copies[-3:] + [(copy, kept(layout), everything_read(copy))]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kept_layout_values_equal_a_recount_after_every_step(seed, players):
    random_match(seed, players, on_step=CopiesStayPut())


def test_kept_values_hold_with_folded_twin_points():
    random_match(11, 4, mode="partnership", options=Options(symmetric_points="canonical"),
                 on_step=CopiesStayPut())


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_bare_layouts_keep_values_equal_to_a_recount(seed):
    """Any tile at any point it joins, with copies branching off on the way."""
    rng = random.Random(seed)
    layout = Layout()
    layout.open_with(rng.choice(DOUBLE_SIX_SET))
    copies = []
    while True:
        check_caches(layout)
        moves = [(tile, point) for tile in DOUBLE_SIX_SET if tile not in layout.placed
                 for point in layout.attachment_points() if joins(tile, point)]
        if not moves:
            break
        if rng.random() < 0.3:
            copies.append((layout.copy(), kept(layout)))
        tile, point = rng.choice(moves)
        layout.attach(tile, Point(point.tile, point.side))
    for copy, view in copies:
        assert kept(copy) == view
        check_caches(copy)


def test_a_step_narration_read_later_tells_that_step():
    """Narration is written when read (narrate.Narration): read after the match is over it must
    still tell the state of its own step, not the state play went on to."""
    from reference.dominoes.narrate import narrate_match_step

    now, later = [], []

    def on_step(match, text, log):
        now.append(list(narrate_match_step(match, log, text)))
        later.append(narrate_match_step(match, log, text))

    random_match(3, 3, on_step=on_step)
    assert any("  layout:" in lines for lines in now)
    assert [list(lines) for lines in later] == now
