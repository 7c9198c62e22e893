"""Position starts (`setup.position`): a match case from an explicit layout, hands, pile,
scores, seat to act and phase. Expected values are worked out by hand from the texts."""

from __future__ import annotations

import copy

import pytest

from reference.core.errors import InputError
from reference.core.game import CaseInput
from reference.core.schemas import schema_errors
from reference.dominoes import GAME

# Layout 1|3 alone: counted ends 1 (low) and 3 (high). Seat 0 holds no 1 and no 3, drew
# 1|1 (playable on 1|3 low) and must place it now (DOM-DRAW-3).
DRAWN_DOUBLE = {
    "layout": ["place 1|3"],
    "hands": [["0|0", "0|2", "2|2", "2|4", "4|4", "5|5", "1|1"],
              ["0|1", "0|3", "0|4", "0|5", "0|6", "1|2", "1|4"]],
    "draw_pile": ["1|5", "1|6", "2|3", "2|5", "2|6", "3|3", "3|4", "3|5", "3|6", "4|5", "4|6", "5|6", "6|6"],
    "scores": [10, 20], "round": 2, "turn": 0, "phase": "place_drawn", "drawn_tile": "1|1", "continuing": False,
}


def replay(position, actions, players=2, mode="individual", refusals=False, **setup):
    case = CaseInput("probe", {"players": players, "mode": mode, "position": position, **setup},
                     [{"action": a} for a in actions], {}, refusals_are_results=refusals)
    return list(GAME.replay(case))


@pytest.mark.clause("DOM-CONT-6", "DOM-DRAW-4", "DOM-PTS-2")
def test_a_drawn_double_that_scores_is_placed_and_ends_the_turn():
    # 1|1 on 1|3 low: the double counts both halves (2) and 1|3's high end 3: 5 -> 1 point.
    # A double that scores would continue from hand; drawn, it ends the turn (DOM-CONT-6).
    [outcome] = replay(DRAWN_DOUBLE, ["place 1|1 at 1|3 low"])
    view = outcome.observation
    assert view["events"] == [
        {"type": "placed", "player": 0, "tile": "1|1", "at": "1|3 low", "source": "draw", "end_sum": 5,
         "raw": 5, "displayed": 1},
        {"type": "scored", "side": 0, "displayed": 1, "score": 11},
        {"type": "turn_ended", "player": 0, "reason": "drawn_tile", "next": 1},
    ]
    assert view["turn"] == 1 and view["phase"] == "play" and view["scores"] == [11, 20]
    # seat 1 may join 1|3 high (3) or 1|1 line B (1): 0|1, 1|2, 1|4 there, 0|3 on the 3
    assert sorted(view["legal_actions"]) == ["place 0|1 at 1|1 line_b", "place 0|3 at 1|3 high",
                                             "place 1|2 at 1|1 line_b", "place 1|4 at 1|1 line_b"]
    assert {"DOM-CONT-6", "DOM-DRAW-4"} <= set(outcome.clauses)


@pytest.mark.clause("DOM-DRAW-3")
def test_in_place_drawn_only_the_drawn_tile_may_be_placed():
    [outcome] = replay(DRAWN_DOUBLE, ["draw"], refusals=True)
    assert outcome.observation == {"error": "DOM-DRAW-3"}


@pytest.mark.clause("DOM-CONT-3", "DOM-DRAW-2")
def test_a_continuing_player_without_a_placement_draws_as_in_any_turn():
    # Seat 0 continues (it just played a double) on 1|3 with 3|3 on its high end: ends 1 (1|3
    # low) and 3|3 (6). It holds no 1 and no 3, so it draws: 1|5 fits 1|3 low (playable).
    position = copy.deepcopy(DRAWN_DOUBLE)
    position.update(layout=["place 1|3", "place 3|3 at 1|3 high"], phase="play", continuing=True,
                    drawn_tile=None)
    position["hands"][0] = ["0|0", "0|2", "2|2", "2|4", "4|4", "5|5"]
    position["hands"][1] = ["0|1", "0|3", "0|4", "0|5", "0|6", "1|2", "1|4", "1|1"]
    position["draw_pile"] = ["1|5", "1|6", "2|3", "2|5", "2|6", "3|4", "3|5", "3|6", "4|5", "4|6", "5|6", "6|6"]
    [outcome] = replay(position, ["draw"])
    assert outcome.observation["events"] == [{"type": "drew", "player": 0, "tile": "1|5", "playable": True}]
    assert outcome.observation["phase"] == "place_drawn"
    assert outcome.observation["legal_actions"] == ["place 1|5 at 1|3 low"]


def bad(mutate, field_part, clause=None, **setup):
    position = copy.deepcopy(DRAWN_DOUBLE)
    mutate(position)
    with pytest.raises(InputError) as info:
        replay(position, ["observe"], **setup)
    assert field_part in info.value.field, str(info.value)
    if clause:
        assert info.value.clause == clause
    return info.value


def test_a_tile_twice_is_refused_where_it_appears_the_second_time():
    def dup(p):
        p["hands"][1][0] = "1|3"            # 1|3 is on the table
        p["draw_pile"].append("0|1")
    error = bad(dup, "hands[1][0]", "DOM-SET-1")
    assert "layout" in error.message


def test_a_missing_tile_is_refused_and_named():
    error = bad(lambda p: p["draw_pile"].remove("6|6"), "position", "DOM-SET-1")
    assert "6|6" in error.message


def test_a_pile_larger_than_the_deal_leaves_is_refused():
    def big(p):
        p["draw_pile"] += p["hands"][1][:2]
        p["hands"][1] = p["hands"][1][2:]
    bad(big, "draw_pile", "DOM-DEAL-3")


def test_an_empty_hand_means_the_round_is_over():
    def empty(p):
        p["draw_pile"] = p["draw_pile"][:1]
        p["hands"][0] += p["hands"][1] + DRAWN_DOUBLE["draw_pile"][1:]
        p["hands"][1] = []
    bad(empty, "hands[1]", "DOM-END-1")


def test_a_drawn_tile_that_fits_nowhere_is_refused():
    bad(lambda p: p.update(drawn_tile="5|5"), "drawn_tile", "DOM-DRAW-2")


def test_a_drawn_tile_not_in_the_hand_is_refused():
    bad(lambda p: p.update(drawn_tile="1|5"), "drawn_tile", "DOM-DRAW-3")


def test_a_blocked_table_is_refused():
    # Every tile with a 0 is on the table and both free points show 0 (0|5 low, 0|0 line B);
    # the pile is empty and the hands hold no 0: nobody can place, the round is over.
    layout = ["place 1|3", "place 0|1 at 1|3 low", "place 0|3 at 1|3 high", "place 0|4 at 0|1 low",
              "place 4|5 at 0|4 high", "place 0|5 at 4|5 high", "place 0|6 at 0|3 low", "place 2|6 at 0|6 high",
              "place 0|2 at 2|6 low", "place 0|0 at 0|2 low"]
    rest = ["1|1", "1|2", "1|4", "1|5", "1|6", "2|2", "2|3", "2|4", "2|5",
            "3|3", "3|4", "3|5", "3|6", "4|4", "4|6", "5|5", "5|6", "6|6"]
    position = {"layout": layout, "hands": [rest[:9], rest[9:]], "draw_pile": [], "turn": 0}
    with pytest.raises(InputError) as info:
        replay(position, ["observe"])
    assert info.value.clause == "DOM-BLOCK-1" and info.value.field == "setup.position"
    position.update(hands=[rest[:9], rest[9:17]], draw_pile=rest[17:])    # one tile still to draw
    [outcome] = replay(position, ["observe"])
    assert outcome.observation["legal_actions"] == ["draw"]


def test_an_impossible_layout_is_refused_at_its_placement():
    bad(lambda p: p.update(layout=["place 1|3", "place 5|5 at 1|3 high"]), "layout[1]", "DOM-PLACE-1")


def test_deal_and_position_together_are_refused():
    with pytest.raises(InputError) as info:
        replay(DRAWN_DOUBLE, ["observe"], deal={"hands": [], "draw_pile": []})
    assert info.value.field == "setup.deal"


def test_an_opening_position_must_be_a_fresh_deal():
    position = {"layout": [], "hands": [["1|3"], ["0|1"]], "draw_pile": [], "turn": 0}
    with pytest.raises(InputError):
        replay(position, ["observe"])


@pytest.mark.clause("DOM-MATCH-2")
def test_scores_in_the_position_count_toward_the_target():
    # Seat 0 at 60: the drawn 1|1 scores 1 displayed -> 61, which ends the match at once.
    position = copy.deepcopy(DRAWN_DOUBLE)
    position["scores"] = [60, 20]
    [outcome] = replay(position, ["place 1|1 at 1|3 low"])
    assert outcome.observation["phase"] == "over"
    assert outcome.observation["events"][-1] == {"type": "match_won", "winners": [0], "by": "placement",
                                                 "scores": [61, 20]}


def test_the_schema_accepts_a_position_and_refuses_an_unknown_field():
    scenario = {"game": "dominoes", "kind": "match", "setup": {"players": 2, "position": DRAWN_DOUBLE},
                "steps": [{"place": "1|1", "at": "1|3 low"}]}
    assert schema_errors(scenario, "dominoes/scenario.schema.json") == []
    broken = copy.deepcopy(scenario)
    broken["setup"]["position"]["hand"] = []
    assert schema_errors(broken, "dominoes/scenario.schema.json")
    both = copy.deepcopy(scenario)
    both["setup"]["deal"] = {"hands": [], "draw_pile": []}
    assert schema_errors(both, "dominoes/scenario.schema.json")
