"""Judging one answer (`reference.core.results`, `attribution.value_differences`): where two
observations differ, down nested objects by dotted path, and the shape of the first divergence.

Expected values are worked out by hand from the inputs; the judging code is never asked what
it thinks the answer should be. Keys not in a game's table of modes compare exactly, so the
nested objects below use made-up keys (`deep`) that the dominoes table does not name."""

from __future__ import annotations

import pytest

from reference.core.attribution import MAX_DEPTH, MAX_DIFFERENCES, value_differences
from reference.core.results import FIELD_LIMIT, CaseResult, first_mismatch, judge


def nested(depth: int, leaf) -> dict:
    """{"l1": {"l2": ... {"lN": leaf}}}"""
    value = leaf
    for level in range(depth, 0, -1):
        value = {f"l{level}": value}
    return value


def fields(differences) -> dict[str, tuple[str, str, str]]:
    return {d.field: (d.path, d.expected, d.actual) for d in differences}


# -- nested objects: every level named, to MAX_DEPTH ------------------------------------------------

@pytest.mark.parametrize("mode", ["exact", "subset"])
def test_a_difference_three_levels_down_is_named_by_its_dotted_path(mode):
    expected = {"a": {"b": {"c": 1, "same": [1, 2]}, "kept": True}, "top": "x"}
    actual = {"a": {"b": {"c": 2, "same": [1, 2]}, "kept": True}, "top": "x"}
    assert fields(value_differences("deep", expected, actual, mode)) == {"deep.a.b.c": ("deep.a.b.c", "1", "2")}


def test_several_nested_differences_are_each_named_in_key_order():
    expected = {"z": {"y": 1}, "a": {"b": {"c": [1], "d": "x"}}, "m": 5}
    actual = {"z": {"y": 2}, "a": {"b": {"c": [2], "d": "x"}}, "m": 5.0}
    found = value_differences("deep", expected, actual, "exact")
    assert [d.field for d in found] == ["deep.a.b.c", "deep.m", "deep.z.y"]
    assert [(d.expected, d.actual) for d in found] == [("[1]", "[2]"), ("5", "5.0"), ("1", "2")]


def test_an_entry_on_one_side_only_is_shown_absent_on_the_other():
    expected = {"a": {"b": {"gone": 1}}}
    actual = {"a": {"b": {"new": 2}}}
    assert fields(value_differences("deep", expected, actual, "exact")) == {
        "deep.a.b.gone": ("deep.a.b.gone", "1", "(absent)"),
        "deep.a.b.new": ("deep.a.b.new", "(absent)", "2")}
    # subset: only what is expected is looked at; an entry missing from the answer still differs
    assert fields(value_differences("deep", expected, actual, "subset")) == {
        "deep.a.b.gone": ("deep.a.b.gone", "1", "(absent)")}


def test_a_subset_ignores_extra_entries_at_every_depth():
    expected = {"a": {"b": {"c": 1}}}
    actual = {"a": {"b": {"c": 1, "x": 9}, "y": 8}, "z": 7}
    assert value_differences("deep", expected, actual, "subset") == []
    assert judge(case_with({"deep": expected}, "dominoes"), [{"deep": actual}])[0] == "failed"   # exact key


def test_nesting_is_followed_max_depth_levels_then_shown_whole():
    assert MAX_DEPTH == 4
    expected, actual = nested(6, 1), nested(6, 2)
    [difference] = value_differences("deep", expected, actual, "exact")
    assert difference.field == difference.path == "deep.l1.l2.l3.l4"
    assert (difference.expected, difference.actual) == ('{"l5": {"l6": 1}}', '{"l5": {"l6": 2}}')
    # one level less: still followed to the leaf
    [difference] = value_differences("deep", nested(4, 1), nested(4, 2), "exact")
    assert difference.field == "deep.l1.l2.l3.l4" and difference.expected == "1"


def test_an_object_where_a_value_was_expected_is_one_difference_not_a_walk():
    [difference] = value_differences("deep", {"a": {"b": 1}}, {"a": {"b": {"c": 1}}}, "exact")
    assert (difference.field, difference.expected, difference.actual) == ("deep.a.b", "1", '{"c": 1}')
    [difference] = value_differences("deep", {"a": 1}, [1], "exact")
    assert (difference.field, difference.expected, difference.actual) == ("deep", '{"a": 1}', "[1]")


def test_an_events_field_nested_inside_an_event_is_named_by_index_and_path():
    expected = [{"type": "settlement", "bonus": {"side": {"x": 1}}}]
    actual = [{"type": "settlement", "bonus": {"side": {"x": 2}}, "extra": 0}]
    assert fields(value_differences("events", expected, actual, "events")) == {
        "events[0].bonus.side.x": ("events.settlement.bonus.side.x", "1", "2")}


def case_with(expected_step: dict, game: str = "dominoes", steps: int = 1) -> dict:
    return {"id": "dom-judging-001", "game": game, "kind": "match", "clauses": ["DOM-PTS-1"],
            "input": {"setup": {}, "steps": [{"action": f"act {i}"} for i in range(steps)]},
            "expected": [expected_step] * steps}


@pytest.mark.parametrize("parsed", [False, True])
def test_judging_a_nested_difference_names_it_by_both_routes(parsed):
    """verify's route (normalising) and the runner's (an answer read from JSON) agree, and
    neither raises on a difference below the first level."""
    case = case_with({"deep": {"a": {"b": {"c": [1, 2]}}}, "scores": [1, 0]}, steps=3)
    answer = [{"deep": {"a": {"b": {"c": [1, 2]}}}, "scores": [1, 0]},
              {"deep": {"a": {"b": {"c": [2, 1]}}}, "scores": [1, 0]},
              {"deep": {}, "scores": [0, 0]}]
    status, mismatch = judge(case, answer, parsed=parsed)
    assert status == "failed"
    assert (mismatch["step"], mismatch["action"], mismatch["key"]) == (1, "act 1", "deep")
    assert [(d["field"], d["expected"], d["actual"]) for d in mismatch["differences"]] == [
        ("deep.a.b.c", "[1, 2]", "[2, 1]")]
    assert mismatch["later_steps_not_compared"] == 1


# -- the first divergence: which step, and the shapes an answer can take ------------------------------

@pytest.mark.parametrize("parsed", [False, True])
def test_the_first_divergent_step_is_the_first_that_differs(parsed):
    case = case_with({"scores": [1, 0]}, steps=4)
    answer = [{"scores": [1, 0]}] * 4
    assert judge(case, answer, parsed=parsed) == ("passed", None)
    for index in range(4):
        wrong = [dict(step) for step in answer]
        wrong[index] = {"scores": [0, 1]}
        if index < 3:
            wrong[3] = {"scores": [9, 9]}      # later differences are not what is reported
        status, mismatch = judge(case, wrong, parsed=parsed)
        assert status == "failed" and mismatch["step"] == index
        assert mismatch["later_steps_not_compared"] == 3 - index


@pytest.mark.parametrize("parsed", [False, True])
def test_too_few_too_many_or_no_list_of_observations_diverge_where_they_start(parsed):
    case = case_with({"scores": [1, 0]}, steps=3)
    good = {"scores": [1, 0]}
    status, mismatch = judge(case, [good], parsed=parsed)
    assert (mismatch["step"], mismatch["key"], mismatch["expected"], mismatch["actual"]) == \
        (1, "steps", "3 observations", "1 observations")
    status, mismatch = judge(case, [good] * 4, parsed=parsed)
    assert (mismatch["step"], mismatch["action"], mismatch["expected"], mismatch["actual"]) == \
        (3, None, "3 observations", "4 observations")
    assert mismatch["later_steps_not_compared"] == 0
    status, mismatch = judge(case, {"0": good}, parsed=parsed)
    assert (mismatch["step"], mismatch["key"]) == (0, "steps") and mismatch["expected"] == "a list of 3 observations"
    status, mismatch = judge(case, [good, "scores", good], parsed=parsed)
    assert (mismatch["step"], mismatch["key"], mismatch["expected"]) == (1, "(observation)", "an object")


@pytest.mark.parametrize("parsed", [False, True])
def test_a_refusal_needs_a_reason_and_an_accepted_action_none(parsed):
    case = case_with({"error": "DOM-DRAW-1"})
    assert judge(case, [{"error": "you may not draw"}], parsed=parsed)[0] == "passed"
    for answer in ({"error": ""}, {"error": True}, {"error": None}, {}, {"scores": [0, 0]}):
        assert judge(case, [answer], parsed=parsed)[0] == "failed", answer
    accepted = case_with({"scores": [1, 0]})
    status, mismatch = judge(accepted, [{"scores": [1, 0], "error": "refused"}], parsed=parsed)
    assert status == "failed" and mismatch["key"] == "error"
    assert mismatch["expected"] == "the action is accepted" and '"refused"' in mismatch["actual"]


@pytest.mark.parametrize("parsed", [False, True])
def test_only_the_compared_keys_are_judged(parsed):
    case = case_with({"scores": [1, 0], "turn": 1})
    answer = [{"scores": [1, 0], "turn": 0}]
    assert judge(case, answer, compared_keys=["scores"], parsed=parsed) == ("passed", None)
    assert judge(case, answer, compared_keys=["turn"], parsed=parsed)[0] == "failed"
    assert judge(case, answer, compared_keys=[], parsed=parsed) == ("passed", None)
    # a refusal is judged whatever keys are compared
    refused = case_with({"error": "DOM-DRAW-1", "turn": 1})
    assert judge(refused, [{"turn": 1}], compared_keys=["turn"], parsed=parsed)[0] == "failed"


def test_a_missing_key_is_shown_not_observed():
    status, mismatch = judge(case_with({"scores": [1, 0], "turn": 1}), [{"turn": 1}])
    assert (mismatch["key"], mismatch["expected"], mismatch["actual"]) == ("scores", "[1, 0]", "(not observed)")


def test_many_differences_are_listed_up_to_the_bound_and_the_rest_counted():
    expected = {f"k{i:02}": i for i in range(MAX_DIFFERENCES + 5)}
    actual = {key: value + 1 for key, value in expected.items()}
    status, mismatch = judge(case_with({"deep": expected}), [{"deep": actual}])
    assert len(mismatch["differences"]) == MAX_DIFFERENCES
    assert mismatch["more_differences"] == 5
    assert mismatch["differences"][0]["field"] == "deep.k00"
    first = dict(list(expected.items())[:MAX_DIFFERENCES])
    status, mismatch = judge(case_with({"deep": first}), [{"deep": {k: v + 1 for k, v in first.items()}}])
    assert len(mismatch["differences"]) == MAX_DIFFERENCES and "more_differences" not in mismatch


def test_a_bound_result_keeps_every_text_within_the_field_limit():
    long = "x" * (3 * FIELD_LIMIT)
    status, mismatch = judge(case_with({"deep": {f"k{i}": long for i in range(8)}}),
                             [{"deep": {f"k{i}": long + "y" for i in range(8)}}])
    result = CaseResult("dom-judging-001", "dominoes", "match", status, message=long + "\x1b", mismatch=mismatch).bound()
    assert len(result.message.encode()) <= FIELD_LIMIT + 40
    # 3 * FIELD_LIMIT x and the escape written as 4 characters; FIELD_LIMIT kept
    assert result.message.startswith("x") and result.message.endswith(f"(truncated {2 * FIELD_LIMIT + 4} bytes)")
    total = sum(len(d["expected"]) + len(d["actual"]) for d in result.mismatch["differences"])
    assert total <= FIELD_LIMIT
    kept = len(result.mismatch["differences"])
    assert kept + result.mismatch.get("more_differences", 0) == 8
    assert len(result.mismatch["expected"].encode()) <= FIELD_LIMIT + 40


# -- the quick yes of the parsed route never says yes where the comparison says no ------------------

def test_an_answer_that_repeats_bare_event_names_fails_by_both_routes():
    """An expected event may be a bare type name; the answer must give an event object. An
    answer that copies the expectation word for word is type-exact equal to it, so the runner's
    quick path (a whole answer equal to the expectations passes) must not take it."""
    case = case_with({"events": ["turn_ended", {"type": "scored", "side": 0}], "scores": [1, 0]})
    literal = [{"events": ["turn_ended", {"type": "scored", "side": 0}], "scores": [1, 0]}]
    objects = [{"events": [{"type": "turn_ended", "player": 0}, {"type": "scored", "side": 0}], "scores": [1, 0]}]
    for parsed in (False, True):
        assert judge(case, objects, parsed=parsed) == ("passed", None)
        status, mismatch = judge(case, literal, parsed=parsed)
        assert status == "failed" and mismatch["key"] == "events", parsed


def test_keys_left_out_of_the_comparison_are_left_out_whatever_their_name():
    """`compared_keys` (the keys an implementation produces) leaves the others out, named before
    or after `error` in the alphabet; a refusal is judged whatever is compared."""
    want = {"attachment_points": ["1|4 low"], "counted": [["1|4", 5]], "deep": 1, "scores": [1, 0], "turn": 1}
    got = {"attachment_points": ["1|4 high"], "counted": [], "deep": 2, "scores": [0, 0], "turn": 0}
    case = case_with(want)
    for parsed in (False, True):
        for key in want:
            status, mismatch = judge(case, [dict(want, **{key: got[key]})], compared_keys=[k for k in want if k != key],
                                     parsed=parsed)
            assert status == "passed", (key, parsed)
            status, mismatch = judge(case, [dict(want, **{key: got[key]})], compared_keys=[key], parsed=parsed)
            assert status == "failed" and mismatch["key"] == key, (key, parsed)


def test_the_differences_kept_are_as_many_as_fit_in_the_field_limit():
    import json
    expected = {f"key{i:02}": "e" * 300 for i in range(MAX_DIFFERENCES)}
    actual = {key: "a" * 300 for key in expected}
    status, mismatch = judge(case_with({"deep": expected}), [{"deep": actual}])
    result = CaseResult("dom-judging-001", "dominoes", "match", status, mismatch=mismatch).bound()
    kept = result.mismatch["differences"]
    assert 1 <= len(kept) < MAX_DIFFERENCES
    assert len(kept) + result.mismatch["more_differences"] == MAX_DIFFERENCES
    size = len(json.dumps(kept).encode())
    assert size <= FIELD_LIMIT
    # one more (cut as short as the others) would not have fitted
    one_more = kept + [dict(kept[-1])]
    assert len(json.dumps(one_more).encode()) > FIELD_LIMIT
    assert all(d["field"] == f"deep.key{i:02}" for i, d in enumerate(kept))    # the first ones, in order


def test_a_game_hook_sees_nothing_before_the_first_step(monkeypatch):
    """Attribution hooks that take `before` get the expected observation of the step before the
    divergent one, and {} at the first step (never the last step's, as index -1 would give)."""
    import dataclasses
    from reference.core import game as game_module
    from reference.core.game import get_game

    seen = []

    def hook(difference, expected, actual, before):
        seen.append(before)
        return None

    real = get_game("dominoes")
    monkeypatch.setattr(game_module, "get_game", lambda name: dataclasses.replace(real, difference_paths=hook))
    case = {"id": "dom-judging-001", "game": "dominoes", "kind": "match", "clauses": ["DOM-PTS-1"],
            "input": {"setup": {}, "steps": [{"action": "a"}, {"action": "b"}, {"action": "c"}]},
            "expected": [{"scores": [1, 0]}, {"scores": [2, 0]}, {"scores": [3, 0]}]}
    judge(case, [{"scores": [0, 0]}, {"scores": [2, 0]}, {"scores": [3, 0]}])
    judge(case, [{"scores": [1, 0]}, {"scores": [2, 0]}, {"scores": [0, 0]}])
    assert seen == [{}, {"scores": [2, 0]}]


def test_the_runner_compares_each_key_by_its_games_mode_and_any_reason_as_a_refusal():
    from reference.core.game import all_games, get_game
    from reference.core.results import runner_mode
    for name in all_games():
        modes = get_game(name).expectation_modes
        for key, mode in modes.items():
            assert runner_mode(name, key) == ("refusal" if key == "error" else mode), (name, key)
        assert runner_mode(name, "error") == "refusal"
        assert runner_mode(name, "a-key-no-game-names") == "exact"
    assert runner_mode("dominoes", "counted") == "unordered" and runner_mode("dominoes", "events") == "events"
