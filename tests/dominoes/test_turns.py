"""Turns: opening (DOM-OPEN-3/4), continuation (DOM-CONT-*), drawing (DOM-DRAW-*), passing
(DOM-PASS-1), blocking (DOM-BLOCK-1), clockwise play (DOM-TURN-1) and the options that
select other readings (DOM-INT-*). Deals are chosen so every value can be checked by hand."""

import pytest

from reference.core.errors import IllegalAction

from .helpers import act, actions, hand, start, types

TURN_RULES_HANDS = [["1|4", "4|4", "3|4", "0|0", "2|2", "2|5", "0|5"],
                    ["1|1", "1|6", "3|5", "2|3", "4|5", "0|1", "1|2"]]
TURN_RULES_PILE = ["0|2", "6|6", "0|3", "0|4", "0|6", "1|3", "1|5", "2|4", "2|6", "3|3", "3|6",
                   "4|6", "5|5", "5|6"]


def turn_rules_match(**options):
    return start(TURN_RULES_HANDS, pile=TURN_RULES_PILE, **options)


@pytest.mark.clause("DOM-OPEN-3", "DOM-OPEN-2")
def test_the_opener_may_play_any_tile_whatever_the_others_hold():
    match = start([["0|1", "0|2", "0|3", "0|4", "0|5"], ["6|6", "5|5", "4|4", "3|3", "2|2"],
                   ["1|1", "1|2", "1|3", "1|4", "1|5"], ["0|0", "0|6", "1|6", "2|3", "2|4"]], opener=0)
    assert actions(match) == ["place 0|1", "place 0|2", "place 0|3", "place 0|4", "place 0|5"]


@pytest.mark.clause("DOM-OPEN-4", "DOM-PTS-4", "DOM-CONT-1")
def test_a_scoring_opening_scores_and_continues():
    match = turn_rules_match()
    log = act(match, "place 1|4")
    assert types(log) == ["placed", "scored", "continued"]
    assert match.scores == [1, 0]
    assert match.to_play == 0


@pytest.mark.clause("DOM-CONT-1")
def test_a_double_continues_without_scoring():
    match = turn_rules_match()
    act(match, "place 1|4")
    log = act(match, "place 4|4 at 1|4 high")
    assert log.events[-1] == {"type": "continued", "player": 0, "reason": "double"}
    assert match.scores == [1, 0]


@pytest.mark.clause("DOM-CONT-4", "DOM-TURN-1")
def test_a_non_double_that_does_not_score_ends_the_turn_clockwise():
    match = turn_rules_match()
    act(match, "place 1|4")
    act(match, "place 4|4 at 1|4 high")
    log = act(match, "place 3|4 at 4|4 line_b")     # 1 + 3 = 4
    assert log.events[-1] == {"type": "turn_ended", "player": 0, "reason": "non_scoring_tile", "next": 1}
    assert match.to_play == 1


@pytest.mark.clause("DOM-CONT-2", "DOM-CONT-3")
def test_a_scoring_double_gives_one_continuation_not_two():
    match = turn_rules_match()
    for text in ("place 1|4", "place 4|4 at 1|4 high", "place 3|4 at 4|4 line_b"):
        act(match, text)
    log = act(match, "place 1|1 at 1|4 low")        # 2 + 3 = 5
    assert log.events[-1]["reason"] == "double_and_scored"
    log = act(match, "place 1|6 at 1|1 line_b")     # 6 + 3 = 9: the turn ends after this one tile
    assert log.events[-1]["type"] == "turn_ended"
    assert match.to_play == 0


@pytest.mark.clause("DOM-DRAW-1")
def test_drawing_or_passing_while_able_to_play_is_refused():
    match = turn_rules_match()
    with pytest.raises(IllegalAction) as info:
        act(match, "draw")
    assert info.value.clause == "DOM-DRAW-1"
    with pytest.raises(IllegalAction) as info:
        act(match, "pass")
    assert info.value.clause == "DOM-DRAW-1"


def play_to_seat_zero_drawing(match):
    for text in ("place 1|4", "place 4|4 at 1|4 high", "place 3|4 at 4|4 line_b",
                 "place 1|1 at 1|4 low", "place 1|6 at 1|1 line_b"):
        act(match, text)


@pytest.mark.clause("DOM-DRAW-2")
def test_draw_one_tile_at_a_time_unplayable_tiles_stay_in_hand():
    match = turn_rules_match()
    play_to_seat_zero_drawing(match)
    assert actions(match) == ["draw"]
    log = act(match, "draw")
    assert log.events == [{"type": "drew", "player": 0, "tile": "0|2", "playable": False}]
    assert hand(match, 0)[-1] == "0|2"
    assert actions(match) == ["draw"]


@pytest.mark.clause("DOM-DRAW-3", "DOM-DRAW-4", "DOM-CONT-6")
def test_the_first_playable_drawn_tile_is_placed_at_once_and_ends_the_turn():
    match = turn_rules_match()
    play_to_seat_zero_drawing(match)
    act(match, "draw")
    act(match, "draw")                               # 6|6, fits 1|6 high
    assert actions(match) == ["place 6|6 at 1|6 high"]
    with pytest.raises(IllegalAction) as info:
        act(match, "place 2|2 at 1|6 high")
    assert info.value.clause == "DOM-DRAW-3"
    with pytest.raises(IllegalAction):
        act(match, "draw")
    log = act(match, "place 6|6 at 1|6 high")        # 3 + 12 = 15: a scoring double
    assert types(log) == ["placed", "scored", "turn_ended"]
    assert log.events[-1]["reason"] == "drawn_tile"
    assert match.scores == [1 + 3, 1]
    assert match.to_play == 1


PASS_HANDS = [["5|6", "4|6", "4|5", "2|6", "2|4"], ["4|4", "3|5", "5|5", "0|1", "3|4"],
              ["1|2", "0|4", "1|5", "2|2", "3|3"], ["1|6", "0|5", "1|1", "0|6", "6|6"]]
PASS_PILE = ["0|2", "0|0", "3|6", "2|5", "2|3", "1|4", "0|3", "1|3"]
PASS_PREFIX = ["place 2|6", "draw", "place 0|2 at 2|6 low", "place 0|4 at 0|2 low", "draw", "draw",
               "place 3|6 at 2|6 high", "draw", "draw", "place 2|3 at 3|6 low", "place 2|4 at 0|4 high",
               "draw", "draw", "draw"]


@pytest.mark.clause("DOM-PASS-1")
def test_pass_only_with_nothing_to_place_and_an_empty_pile():
    match = start(PASS_HANDS, pile=PASS_PILE)
    for text in PASS_PREFIX[:-1]:
        act(match, text)
    with pytest.raises(IllegalAction) as info:       # one tile left in the pile
        act(match, "pass")
    assert info.value.clause == "DOM-PASS-1"
    act(match, PASS_PREFIX[-1])
    assert actions(match) == ["pass"]
    log = act(match, "pass")
    assert types(log) == ["passed", "turn_ended"]
    assert match.to_play == 2


@pytest.mark.clause("DOM-BLOCK-1", "DOM-BLOCK-2")
def test_the_round_blocks_when_the_pile_is_empty_and_nobody_can_place():
    match = start(PASS_HANDS, pile=PASS_PILE)
    for text in PASS_PREFIX + ["pass", "place 2|2 at 2|3 low", "place 1|2 at 2|4 low",
                               "place 1|5 at 1|2 low"]:
        act(match, text)
    assert match.phase == "play"
    log = act(match, "place 2|5 at 1|5 high")        # every open end is a 2; nobody holds one
    assert types(log)[-3:] == ["round_blocked", "settlement", "next_opener"]
    assert match.phase == "awaiting_deal"
    assert match.scores == [0, 0, 2 + 1 + 22, 0]


@pytest.mark.clause("DOM-CONT-5", "DOM-END-1")
def test_a_last_tile_that_is_a_double_ends_the_round_without_continuing():
    match = start([["2|3", "3|3", "2|2", "1|3", "1|1"], ["0|0", "0|1", "0|2", "0|3", "0|4"],
                   ["0|5", "0|6", "2|4", "1|2", "1|4"], ["1|5", "1|6", "2|5", "2|6", "3|4"]])
    for text in ("place 2|3", "place 3|3 at 2|3 high", "place 2|2 at 2|3 low", "place 1|3 at 3|3 line_b"):
        act(match, text)                             # +1, 0, +2, +1
    log = act(match, "place 1|1 at 1|3 low")         # 4 + 2 = 6, a double, and seat 0's last tile
    assert types(log) == ["placed", "round_won", "settlement", "next_opener"]
    assert match.scores == [4 + 14, 0, 0, 0]         # 10 + 25 + 35 = 70 -> 14


@pytest.mark.clause("DOM-INT-1")
def test_option_end_turn_ends_a_continuation_with_nothing_to_place():
    match = start(PASS_HANDS, pile=PASS_PILE, continuation_when_unable="end_turn")
    for text in PASS_PREFIX[:3]:
        act(match, text)
    log = act(match, "place 0|4 at 0|2 low")
    assert log.events[-1] == {"type": "turn_ended", "player": 2, "reason": "no_placement_to_continue", "next": 3}


@pytest.mark.clause("DOM-INT-4")
def test_option_opening_does_not_continue():
    match = turn_rules_match(opening_continues=False)
    log = act(match, "place 1|4")
    assert log.events[-1]["reason"] == "opening_tile"
    assert match.scores == [1, 0] and match.to_play == 1


@pytest.mark.clause("DOM-INT-2")
def test_option_canonical_offers_one_of_two_twin_points():
    distinct = turn_rules_match()
    canonical = turn_rules_match(symmetric_points="canonical")
    for match in (distinct, canonical):
        act(match, "place 4|4")                      # lone double: line A and line B are free
    assert actions(distinct) == ["place 1|4 at 4|4 line_a", "place 1|4 at 4|4 line_b",
                                 "place 3|4 at 4|4 line_a", "place 3|4 at 4|4 line_b"]
    assert actions(canonical) == ["place 1|4 at 4|4 line_a", "place 3|4 at 4|4 line_a"]


@pytest.mark.clause("DOM-INT-7")
def test_option_optional_continuation_allows_stop():
    match = turn_rules_match(continuation="optional")
    act(match, "place 1|4")
    assert "stop" in actions(match)
    log = act(match, "stop")
    assert log.events == [{"type": "turn_ended", "player": 0, "reason": "stopped", "next": 1}]
    compulsory = turn_rules_match()
    act(compulsory, "place 1|4")
    assert "stop" not in actions(compulsory)
    with pytest.raises(IllegalAction):
        act(compulsory, "stop")
