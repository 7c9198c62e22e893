"""Issue 9 for Horse Fever: a differing ranking is split into the part that differs (which
horses have finished, or the order they arrived in), so the clause that decides that part is
charged, not every clause that touches the ranking."""

from collections import Counter

import pytest

from reference.core.attribution import Difference, attribution_paths, covers
from reference.core.game import get_game
from reference.core.mutant_attribution import attribute_mutant
from reference.core.results import first_mismatch
from reference.core.vectors import load_cases
from reference.horse_fever.attribution_paths import difference_paths, ranking_paths
from reference.horse_fever.clause_keys import CLAUSE_KEYS

RANKING = Difference("ranking", "ranking", "ranking", "", "")


def paths(expected_ranking, actual_ranking):
    return list(difference_paths(RANKING, {"ranking": expected_ranking}, {"ranking": actual_ranking}))


def test_a_horse_missing_from_the_ranking_is_which_horses_finished():
    assert paths(["red", "green"], ["red"]) == ["ranking.finished"]
    assert paths(["red"], ["red", "green"]) == ["ranking.finished"]
    assert paths([], ["blue"]) == ["ranking.finished"]


def test_the_same_horses_in_another_order_is_the_arrival_order():
    assert paths(["red", "green", "blue"], ["green", "red", "blue"]) == ["ranking.order"]


def test_other_horses_and_another_order_name_both_parts():
    # green and red both finished but stand swapped; blue and white differ in membership
    assert paths(["red", "green", "blue"], ["green", "red", "white"]) == ["ranking.finished", "ranking.order"]


def test_a_missing_horse_alone_does_not_make_the_order_differ():
    # red then blue in both once green, which only one ranking holds, is left out
    assert paths(["red", "green", "blue"], ["red", "blue"]) == ["ranking.finished"]


@pytest.mark.parametrize("actual", ["red", ["red", "red"], [1, 2], None])
def test_a_ranking_that_is_not_distinct_colours_keeps_the_whole_path(actual):
    assert paths(["red", "green"], actual) == []
    assert ranking_paths(["red", "green"], actual) == []


def test_other_keys_keep_their_own_path():
    vp = Difference("vp", "vp", "vp", "[1, 2]", "[1, 3]")
    assert difference_paths(vp, {"vp": [1, 2]}, {"vp": [1, 3]}) == []
    odds = Difference("odds", "odds.red", "odds.red", "3", "4")
    assert difference_paths(odds, {"odds": {"red": 3}}, {"odds": {"red": 4}}) == []


def test_the_game_registers_the_refinement_and_the_runner_uses_it():
    assert get_game("horse_fever").difference_paths is difference_paths
    differences = [RANKING, Difference("positions", "positions.red", "positions.red", "12", "11")]
    got = attribution_paths("horse_fever", differences, {"ranking": ["red"]}, {"ranking": []})
    assert got == ["positions.red", "ranking.finished"]


def test_every_finer_ranking_path_in_the_footprints_is_one_the_refinement_names():
    named = {p for keys in CLAUSE_KEYS.values() for p in keys if p.startswith("ranking.")}
    assert named == {"ranking.finished", "ranking.order"}
    # a clause that lists the whole ranking (the end of the round) still covers both parts
    assert "ranking" in CLAUSE_KEYS["HF-END-1"] and covers("ranking", "ranking.order")


def race_case(expected_ranking, step_clauses):
    return {"id": "hf-synthetic-001", "game": "horse_fever", "kind": "race", "clauses": [],
            "input": {"setup": {}, "steps": [{"action": "race"}]},
            "expected": [{"ranking": expected_ranking}], "step_clauses": [step_clauses],
            "clause_keys": CLAUSE_KEYS}


# A race round that moved the horses, ranked one and ordered a photo finish: its clauses.
ROUND = ["HF-MOVE-2", "HF-MOVECARD-1", "HF-SPRINT-1", "HF-RANK-1", "HF-FINISH-1", "HF-TABLE-3",
         "HF-RANK-2", "HF-RANK-3", "HF-PHOTO-1"]


@pytest.mark.clause("HF-RANK-1")
def test_a_horse_on_the_line_left_out_of_the_ranking_is_charged_to_the_finish_rules():
    mismatch = first_mismatch(race_case(["green", "red"], ROUND), [{"ranking": ["green"]}])
    assert mismatch["paths"] == ["ranking.finished"]
    assert mismatch["clauses"] == ["HF-FINISH-1", "HF-RANK-1", "HF-TABLE-3"]


@pytest.mark.clause("HF-PHOTO-1")
def test_two_level_horses_swapped_are_charged_to_the_arrival_rules():
    mismatch = first_mismatch(race_case(["green", "red"], ROUND), [{"ranking": ["red", "green"]}])
    assert mismatch["paths"] == ["ranking.order"]
    assert mismatch["clauses"] == ["HF-PHOTO-1", "HF-RANK-2", "HF-RANK-3"]


@pytest.mark.clause("HF-ACT-6")
def test_a_line_card_that_changes_the_arrival_order_beats_the_card_move():
    # Fustis et Radix decides how far past the line a horse that reached it goes: the
    # position and the arrival order, never whether it finished
    case = race_case(["green", "red"], ["HF-MOVE-2", "HF-ACT-6", "HF-RANK-1", "HF-RANK-2"])
    case["expected"] = [{"ranking": ["green", "red"], "positions": {"green": 14}}]
    mismatch = first_mismatch(case, [{"ranking": ["red", "green"], "positions": {"green": 12}}])
    assert mismatch["clauses"] == ["HF-ACT-6"]


# Real mutant failures, on the race cases and the first probes (a few seconds in all).
@pytest.fixture(scope="module")
def some_cases():
    cases = load_cases(["horse_fever"])
    race = [c for c in cases if c["kind"] == "race"]
    probes = [c for c in cases if c["kind"] == "probe"][:150]
    return race + probes


# each with a rival: a clause of the same step that also touches what differs, and that the
# refinement (or a narrower footprint) tells apart from the mutant's own clause
@pytest.mark.parametrize("name, rival", [
    ("hf-finish-only-past-the-line", "HF-RANK-2"),      # arrival order: the ranking's other part
    ("hf-photo-finish-to-worse-odds", "HF-RANK-1"),     # which horses finished: the other part
    ("hf-ranked-horses-sprint", "HF-SPRINT-1"),         # the sprint of a horse still running
])
def test_real_mutant_failures_are_charged_to_their_own_clause(some_cases, name, rival):
    game = get_game("horse_fever")
    mutant = next(m for m in game.mutants() if m.name == name)
    row = attribute_mutant(game, mutant, some_cases)
    assert row.failures >= 3
    assert row.own, (row.top, row.share, mutant.clauses)
    named = Counter(c for clauses in row.attributions for c in set(clauses))
    assert named[rival] < named[row.top] / 2, named.most_common(6)
