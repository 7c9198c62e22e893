"""Tiles (DOM-SET-1), placing (DOM-PLACE-*), branching doubles (DOM-DBL-*) and counted ends
(DOM-COUNT-*). Expected values are worked out by hand from the rule text."""

import pytest

from reference.core.errors import IllegalAction, InputError
from reference.dominoes.rules.layout import Point
from reference.dominoes.actions import parse_tile
from reference.dominoes.rules.tiles import DOUBLE_SIX_SET

from .helpers import layout_of


def points(layout):
    return [str(p) for p in layout.attachment_points()]


def counted(layout):
    return sorted((f"{c.tile[0]}|{c.tile[1]}", c.value) for c in layout.counted_contributions())


@pytest.mark.clause("DOM-SET-1")
def test_double_six_set_has_28_distinct_tiles_with_7_doubles():
    assert len(DOUBLE_SIX_SET) == 28
    assert len(set(DOUBLE_SIX_SET)) == 28
    assert sum(1 for a, b in DOUBLE_SIX_SET if a == b) == 7
    # every pip value 0..6 appears on exactly 7 tiles
    for value in range(7):
        assert sum(1 for t in DOUBLE_SIX_SET if value in t) == 7


@pytest.mark.clause("DOM-SET-1")
@pytest.mark.parametrize("text", ["7|1", "1|9", "x", "1-4", "", "12"])
def test_tiles_outside_the_set_are_refused(text):
    with pytest.raises(InputError) as info:
        parse_tile(text, "steps[0].place")
    assert info.value.field == "steps[0].place"


def test_tile_halves_may_be_written_in_either_order():
    assert parse_tile("4|1", "f") == (1, 4) == parse_tile("[1|4]", "f")


@pytest.mark.clause("DOM-OPEN-3", "DOM-COUNT-3")
def test_an_opening_non_double_counts_both_halves():
    layout = layout_of("place 2|6")
    assert points(layout) == ["2|6 high", "2|6 low"]
    assert counted(layout) == [("2|6", 2), ("2|6", 6)]


@pytest.mark.clause("DOM-PLACE-1", "DOM-PLACE-2")
def test_the_matching_half_joins_and_the_other_half_becomes_the_end():
    layout = layout_of("place 2|6", "place 0|2 at 2|6 low")
    assert [str(p) + " -- " + str(c) for p, c in layout.connections()] == ["2|6 low -- 0|2 high"]
    assert points(layout) == ["0|2 low", "2|6 high"]
    assert layout.end_sum() == 0 + 6


@pytest.mark.clause("DOM-PLACE-1")
def test_a_tile_without_the_points_value_is_refused():
    layout = layout_of("place 2|6")
    with pytest.raises(IllegalAction) as info:
        layout.attach((3, 4), Point((2, 6), "low"))
    assert info.value.clause == "DOM-PLACE-1"
    assert "has no 2" in info.value.message


@pytest.mark.clause("DOM-PLACE-1")
def test_a_taken_point_and_a_missing_tile_are_refused():
    layout = layout_of("place 2|6", "place 0|2 at 2|6 low")
    with pytest.raises(IllegalAction, match="already taken by 0\\|2"):
        layout.attach((2, 2), Point((2, 6), "low"))
    with pytest.raises(IllegalAction, match="is not on the table"):
        layout.attach((3, 5), Point((5, 5), "line_a"))
    with pytest.raises(IllegalAction, match="no side 'line_a'"):
        layout.attach((0, 6), Point((2, 6), "line_a"))


@pytest.mark.clause("DOM-DBL-1", "DOM-COUNT-1")
def test_a_double_joins_with_line_a_and_counts_both_halves_while_line_b_is_free():
    layout = layout_of("place 3|6", "place 6|6 at 3|6 high")
    assert [str(c) for _, c in layout.connections()] == ["6|6 line_a"]
    assert points(layout) == ["3|6 low", "6|6 line_b"]
    assert counted(layout) == [("3|6", 3), ("6|6", 12)]


@pytest.mark.clause("DOM-DBL-2", "DOM-DBL-4")
def test_branches_wait_for_both_long_sides():
    layout = layout_of("place 5|5", "place 2|5 at 5|5 line_a")
    assert points(layout) == ["2|5 low", "5|5 line_b"]
    with pytest.raises(IllegalAction) as info:
        layout.attach((4, 5), Point((5, 5), "branch_a"))
    assert info.value.clause == "DOM-DBL-2"


@pytest.mark.clause("DOM-DBL-3", "DOM-COUNT-2", "DOM-COUNT-7")
def test_once_both_long_sides_are_taken_the_double_counts_zero_and_offers_both_branches():
    layout = layout_of("place 5|5", "place 2|5 at 5|5 line_a", "place 3|5 at 5|5 line_b")
    assert points(layout) == ["2|5 low", "3|5 low", "5|5 branch_a", "5|5 branch_b"]
    assert counted(layout) == [("2|5", 2), ("3|5", 3)]          # 5|5 and its branches add 0


@pytest.mark.clause("DOM-COUNT-3", "DOM-DBL-3")
def test_a_started_branch_counts_its_outer_end_and_branch_b_stays_open():
    layout = layout_of("place 5|5", "place 2|5 at 5|5 line_a", "place 3|5 at 5|5 line_b",
                       "place 4|5 at 5|5 branch_b")
    assert points(layout) == ["2|5 low", "3|5 low", "4|5 low", "5|5 branch_a"]
    assert layout.end_sum() == 2 + 3 + 4


@pytest.mark.clause("DOM-DBL-1", "DOM-COUNT-4", "DOM-COUNT-2")
def test_a_double_on_a_branch_is_itself_a_branching_double():
    layout = layout_of("place 5|5", "place 2|5 at 5|5 line_a", "place 3|5 at 5|5 line_b",
                       "place 5|6 at 5|5 branch_a", "place 6|6 at 5|6 high")
    assert points(layout) == ["2|5 low", "3|5 low", "5|5 branch_b", "6|6 line_b"]
    assert layout.end_sum() == 2 + 3 + 12
    layout.attach((1, 6), Point((6, 6), "line_b"))
    assert "6|6 branch_a" in points(layout)
    assert layout.end_sum() == 2 + 3 + 1


@pytest.mark.clause("DOM-COUNT-6", "DOM-PTS-1")
def test_attachment_points_are_not_scoring_ends():
    # both branches of 4|4 are attachment points but neither counts
    layout = layout_of("place 1|4", "place 4|4 at 1|4 high", "place 3|4 at 4|4 line_b")
    assert {"4|4 branch_a", "4|4 branch_b"} <= set(points(layout))
    assert layout.end_sum() == 1 + 3
    assert sum(p.value for p in layout.attachment_points()) == 1 + 3 + 4 + 4


@pytest.mark.clause("DOM-PTS-5")
def test_zero_ends_are_counted_contributions_worth_zero():
    layout = layout_of("place 0|5", "place 5|5 at 0|5 high")
    assert counted(layout) == [("0|5", 0), ("5|5", 10)]


def test_copy_is_independent():
    layout = layout_of("place 5|5")
    clone = layout.copy()
    clone.attach((2, 5), Point((5, 5), "line_a"))
    assert points(layout) == ["5|5 line_a", "5|5 line_b"]


@pytest.mark.clause("DOM-PLACE-1", "DOM-DBL-1")
def test_every_side_of_a_double_shows_its_one_number():
    for side in ("line_a", "line_b", "branch_a", "branch_b"):
        assert Point((4, 4), side).value == 4
    assert Point((1, 4), "low").value == 1 and Point((1, 4), "high").value == 4
