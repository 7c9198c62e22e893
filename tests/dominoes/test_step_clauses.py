"""Step-level clauses: a step records the decisions IT took, not every clause the table at
large involves; `clause_keys` says which observation paths each decision determines; coverage
counts from those step-level records."""

from __future__ import annotations

import pytest

from reference.core.catalog import load_catalog
from reference.core.game import CaseInput
from reference.dominoes import GAME
from reference.dominoes.clause_keys import CLAUSE_KEYS

from .helpers import start


def steps_clauses(setup, actions, kind="match"):
    outcomes = GAME.replay(CaseInput(kind, setup, [{"action": a} for a in actions], {}, refusals_are_results=True))
    return [set(o.clauses) for o in outcomes]


DEAL_2P = {"hands": [["1|4", "4|4", "3|4", "0|0", "2|2", "2|5", "0|5"],
                     ["1|1", "1|6", "3|5", "2|3", "4|5", "0|1", "1|2"]],
           "draw_pile": ["0|2", "6|6", "0|3", "0|4", "0|6", "1|3", "1|5", "2|4", "2|6", "3|3", "3|6",
                         "4|6", "5|5", "5|6"],
           "opener": 0}


def test_a_plain_placement_does_not_log_the_doubles_elsewhere_on_the_table():
    # 1|4 opens (5: scores, continues), 4|4 on its high end (1 + 8 = 9), 3|4 on line B of 4|4
    # (1 + 3 = 4: neither double nor scoring, the turn ends), then seat 1's 1|6 on 1|4's low end
    # (6 + 3 = 9). The third step took the 4|4's second long side: its branches open, as every
    # double's do (DOM-DBL-1, DBL-4), and it stops counting (COUNT-2). The fourth touched no
    # double; the layout-wide reading logged COUNT-1 and DBL-1 for every double on the table at
    # every step.
    steps = steps_clauses({"players": 2, "deal": DEAL_2P},
                          ["place 1|4", "place 4|4 at 1|4 high", "place 3|4 at 4|4 line_b", "place 1|6 at 1|4 low"])
    third = steps[2]
    assert {"DOM-PLACE-1", "DOM-DBL-4", "DOM-DBL-1", "DOM-COUNT-2", "DOM-PTS-3", "DOM-CONT-4", "DOM-TURN-1"} <= third
    assert not third & {"DOM-COUNT-1", "DOM-COUNT-4", "DOM-PTS-2", "DOM-MATCH-1", "DOM-CONT-1"}
    fourth = steps[3]
    assert {"DOM-PLACE-1", "DOM-COUNT-3", "DOM-PTS-3", "DOM-CONT-4"} <= fourth
    assert not fourth & {"DOM-DBL-1", "DOM-DBL-4", "DOM-COUNT-1", "DOM-COUNT-2", "DOM-COUNT-4"}
    # the opening scored 5 (1 displayed) and continued from hand
    assert {"DOM-OPEN-4", "DOM-PTS-2", "DOM-MATCH-1", "DOM-CONT-1", "DOM-CONT-3"} <= steps[0]
    assert "DOM-PLACE-1" not in steps[0]            # the opening joins nothing
    # a double placed on an end: branches, counts both halves, no points (9)
    assert {"DOM-DBL-1", "DOM-COUNT-1", "DOM-CONT-1", "DOM-PTS-3"} <= steps[1]
    assert "DOM-PTS-2" not in steps[1]


def test_a_drawn_tile_that_neither_doubles_nor_scores_does_not_apply_the_drawn_tile_exception():
    # Layout 1|3 (ends 1 + 3); seat 0 waits to place a drawn 0|1 on 1|3 low: ends 0 + 3 = 3.
    # DOM-DRAW-4 ends the turn; DOM-CONT-6 (the exception for doubles and scoring tiles) was
    # not needed.
    position = {"layout": ["place 1|3"],
                "hands": [["0|0", "0|2", "2|2", "2|4", "4|4", "5|5", "0|1"],
                          ["1|1", "0|3", "0|4", "0|5", "0|6", "1|2", "1|4"]],
                "draw_pile": ["1|5", "1|6", "2|3", "2|5", "2|6", "3|3", "3|4", "3|5", "3|6", "4|5", "4|6",
                              "5|6", "6|6"],
                "turn": 0, "phase": "place_drawn", "drawn_tile": "0|1"}
    [step] = steps_clauses({"players": 2, "position": position}, ["place 0|1 at 1|3 low"])
    assert "DOM-DRAW-4" in step and "DOM-CONT-6" not in step


@pytest.mark.parametrize("hands, rounded", [
    ([["5|5"], []], False),           # 10 counted pips: nothing to round
    ([["5|6"], []], True),            # 11: a remainder of 1 is rounded down (DOM-SETTLE-3)
])
def test_the_rounding_rule_is_recorded_only_when_there_is_a_remainder(hands, rounded):
    setup = {"players": 2, "hands": hands, "end": "domino", "last_player": 1, "scores": [0, 0]}
    [step] = steps_clauses(setup, ["settle"], kind="settlement")
    assert ("DOM-SETTLE-3" in step) is rounded
    assert "DOM-SETTLE-4" not in step            # the winner (seat 1) holds nothing to leave out


def test_a_refused_step_records_only_the_refusing_clause():
    # seat 0 holds no 6|6
    [step] = steps_clauses({"players": 2, "deal": DEAL_2P}, ["place 6|6"])
    assert step == {"DOM-PLACE-1"}


def test_the_offer_after_a_step_records_a_draw_withheld_from_a_player_who_can_place():
    match = start([["1|4", "4|4", "3|4", "0|0", "2|2", "2|5", "0|5"],
                   ["1|1", "1|6", "3|5", "2|3", "4|5", "0|1", "1|2"]], pile=DEAL_2P["draw_pile"])
    from reference.core.log import StepLog
    from reference.dominoes.rules.turns import legal_actions
    log = StepLog()
    legal_actions(match, log)                  # empty layout: any tile of the opener's hand
    assert set(log.clauses) == {"DOM-OPEN-3", "DOM-DRAW-1"}


def test_clause_keys_name_catalog_clauses_and_observation_paths_of_the_game():
    catalog = load_catalog("dominoes")
    assert set(GAME.clause_keys) <= set(catalog.clauses)
    keys = {k for kind in GAME.observation_keys.values() for k in kind} | {"error", "hands", "draw_pile",
                                                                           "points", "settlement", "counted"}
    event_types = {"round_started", "placed", "scored", "continued", "turn_ended", "drew", "passed",
                   "round_won", "round_blocked", "settlement", "match_won", "next_opener"}
    for clause, paths in CLAUSE_KEYS.items():
        assert paths, clause
        for path in paths:
            head, _, rest = path.partition(".")
            assert head in keys | {"events", "tiles", "connections", "attachment_points", "end_sum",
                                   "branching_doubles", "continuing"}, (clause, path)
            if head == "events":
                assert rest.split(".")[0] in event_types, (clause, path)


def test_every_clause_a_vector_step_applies_has_clause_keys_and_the_header_carries_them():
    from reference.core.vectors import load_vector_file, vector_files
    for path in vector_files(["dominoes"]):
        vf = load_vector_file(path, validate=False)
        assert vf.header["clause_keys"] == {c: list(p) for c, p in sorted(CLAUSE_KEYS.items())}
        for case in vf.cases:
            assert len(case["step_clauses"]) == len(case["input"]["steps"]), case["id"]
            for step in case["step_clauses"]:
                assert set(step) <= set(CLAUSE_KEYS), (case["id"], set(step) - set(CLAUSE_KEYS))


def test_coverage_counts_the_clauses_a_step_applied_not_the_case_list(monkeypatch):
    import reference.core.coverage as coverage
    case = {"id": "dom-x", "game": "dominoes", "clauses": ["DOM-TIE-1"], "step_clauses": [["DOM-PTS-2"], []]}
    monkeypatch.setattr(coverage, "load_cases", lambda games, validate=False: [case])
    monkeypatch.setattr(coverage, "game_scenarios", lambda game: [])
    rows = {row.clause.id: row for row in coverage.game_coverage(GAME)}
    assert rows["DOM-PTS-2"].cases == ["dom-x"]
    assert rows["DOM-TIE-1"].cases == []

