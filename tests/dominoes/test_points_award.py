"""The award shown for a placement (DOM-PTS-6) and doubles as branching doubles (DOM-COUNT-5).

Every expected value is worked out by hand from the walk-throughs of 001 (pt) and 002 (pl):
"Da soma das extremidades aos pontos" and "Duplas na extremidade e no interior da mesa"."""

import pytest

from reference.dominoes.observe import layout_view, match_view

from .helpers import act, layout_of, start

HANDS = [["1|4", "4|4", "1|1", "3|4", "0|0", "2|2", "5|5"],
         ["1|6", "3|5", "2|3", "4|5", "0|1", "1|2", "0|2"]]
PILE = ["0|3", "6|6", "0|4", "0|5", "0|6", "1|3", "1|5", "2|4", "2|5", "2|6", "3|3", "3|6", "4|6", "5|6"]

# step, counted end sum, the award shown (raw, displayed) and seat 0's score after the step,
# all by hand. Seat 0 keeps the turn: each tile is a double or scores (DOM-CONT-1/2).
STEPS = [
    ("place 1|4", 5, (5, 1), 1),                  # opening 1|4: 4 + 1 = 5
    ("place 4|4 at 1|4 high", 9, (0, 0), 1),      # 1 + a terminal 4|4 counting both halves 8 = 9
    ("place 1|1 at 1|4 low", 10, (10, 2), 3),     # 2 + 8 = 10, the walk-through's first position
    ("place 3|4 at 4|4 line_b", 5, (5, 1), 4),    # 2 + 3 = 5, its second: 4|4 now inside the line
    ("draw", 5, None, 4),                         # 0|0, 2|2, 5|5 fit nowhere: draws 0|3, no placement
    ("place 0|3 at 3|4 low", 2, (0, 0), 4),       # 2 + 0 = 2; the unopened branches of 4|4 add nothing
]


@pytest.mark.clause("DOM-PTS-6", "DOM-PTS-7")
def test_the_award_shown_is_this_placements_not_the_end_sum_nor_the_score():
    match = start(HANDS, pile=PILE)
    for action, end_sum, award, score in STEPS:
        view = match_view(match, act(match, action))
        assert view["end_sum"] == end_sum, action
        expected = None if award is None else {"raw": award[0], "displayed": award[1]}
        assert view["points"] == expected, action
        assert view["scores"] == [score, 0], action


@pytest.mark.clause("DOM-PTS-6")
def test_a_step_without_a_placement_shows_no_award_even_after_a_scoring_one():
    match = start(HANDS, pile=PILE)
    for action, *_ in STEPS[:4]:
        act(match, action)
    view = match_view(match, act(match, "draw"))
    assert view["points"] is None and view["scores"] == [4, 0]


@pytest.mark.clause("DOM-COUNT-5")
def test_an_opening_double_is_a_branching_double_counted_once_with_both_halves():
    view = layout_view(layout_of("place 2|2"))
    assert view["branching_doubles"] == ["2|2"]
    assert view["counted"] == [["2|2", 4]] and view["end_sum"] == 4
    assert view["attachment_points"] == ["2|2 line_a", "2|2 line_b"]


@pytest.mark.clause("DOM-COUNT-5")
def test_a_double_inside_the_line_stays_a_branching_double_but_scores_nothing():
    view = layout_view(layout_of("place 1|4", "place 1|1 at 1|4 low", "place 4|4 at 1|4 high",
                                 "place 3|4 at 4|4 line_b"))
    assert view["branching_doubles"] == ["1|1", "4|4"]
    assert view["counted"] == [["1|1", 2], ["3|4", 3]] and view["end_sum"] == 5
