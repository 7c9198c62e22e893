"""Comparisons are type-exact: a boolean is not a number, an integer is not a float."""

from __future__ import annotations

import json

import pytest

from reference.core import schemas
from reference.core.errors import ScenarioError
from reference.core.expect import MISSING, matches, same
from reference.core.paths import SCENARIO_DIR, VECTORS_DIR
from reference.core.results import judge
from reference.core.scenario import load_scenario_text
from reference.core.verify import verify_file

# Pairs Python's == calls equal and JSON does not.
LOOSE_PAIRS = [(1, True), (0, False), (1, 1.0), (0, 0.0), (True, 1.0), (-0.0, 0), ("1", 1), (None, False)]


@pytest.mark.parametrize("a,b", LOOSE_PAIRS)
def test_loose_pairs_differ_at_every_depth_and_in_every_mode(a, b):
    for x, y in ((a, b), (b, a)):
        assert not same(x, y)
        assert not same([x], [y]) and not same({"k": x}, {"k": y}) and not same([[{"k": [x]}]], [[{"k": [y]}]])
        assert not matches(x, y, "exact")
        assert not matches([x, 2], [y, 2], "unordered")
        assert not matches([2, x], [y, 2], "unordered")
        assert not matches([[x]], [[y]], "unordered_each")
        assert not matches({"k": x}, {"k": y, "other": 1}, "subset")
        assert not matches({"k": {"j": x}}, {"k": {"j": y}}, "subset")
        assert not matches([{"type": "scored", "score": x}], [{"type": "scored", "score": y}], "events")


def test_equal_values_still_match():
    assert same({"a": [1, 2.5, True, None, "x"]}, {"a": (1, 2.5, True, None, "x")})
    assert matches([[1, 2], [3]], [[3], [1, 2]], "unordered")
    assert matches([[1, 2]], [[2, 1]], "unordered_each")
    assert matches({"raw": 10}, {"raw": 10, "displayed": 2}, "subset")
    assert matches(["scored", {"type": "placed", "tile": "1|4"}],
                   [{"type": "scored", "side": 0}, {"type": "placed", "tile": "1|4", "raw": 5}], "events")


def test_multiset_counts_and_lengths_matter():
    assert not matches([1, 1, 2], [1, 2, 2], "unordered")
    assert not matches([1], [1, 1], "unordered")


def test_values_that_are_not_json_never_match_and_never_raise():
    assert not matches(1, float("nan"), "exact") and not matches([1], [float("nan")], "unordered")
    assert not matches(1, object(), "exact")
    assert not matches(1, MISSING, "exact")
    assert not matches(1, 10 ** 5000, "exact")    # past Python's integer-to-text bound
    with pytest.raises(ValueError, match="unknown compare mode"):
        matches(1, 1, "loose")


def test_event_type_names_compare_exactly():
    assert not matches(["scored"], [{"type": 1}], "events")
    assert not matches([1], [{"type": 1}], "events")


def replay_case() -> dict:
    return {"id": "dom-x", "game": "dominoes", "kind": "settlement",
            "input": {"setup": {}, "steps": [{"action": "settle"}]},
            "expected": [{"settlement": {"bonus": [0, 3], "winners": [1]}, "scores": [10, 23],
                          "match_winners": None}]}


@pytest.mark.parametrize("answer", [
    {"settlement": {"bonus": [False, 3], "winners": [1]}, "scores": [10, 23], "match_winners": None},
    {"settlement": {"bonus": [0, 3], "winners": [True]}, "scores": [10, 23], "match_winners": None},
    {"settlement": {"bonus": [0, 3.0], "winners": [1]}, "scores": [10, 23], "match_winners": None},
    {"settlement": {"bonus": [0, 3], "winners": [1]}, "scores": [10.0, 23], "match_winners": None},
    {"settlement": {"bonus": [0, 3], "winners": [1]}, "scores": [10, 23], "match_winners": False},
])
def test_the_runner_judges_retyped_answers_failed(answer):
    case = replay_case()
    assert judge(case, [case["expected"][0]])[0] == "passed"
    assert judge(case, [answer])[0] == "failed"


def retyped(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old,new", [
    ("bonus: [0, 4]", "bonus: [false, 4]"),
    ("bonus: [0, 4]", "bonus: [0.0, 4]"),
    ("counted_pips: [0, 18]", "counted_pips: [0, 18.0]"),
    ("winners: [1]", "winners: [true]"),
])
def test_verify_fails_an_expectation_written_with_the_wrong_type(tmp_path, old, new):
    """The issue's example: `bonus: [false, 3]` used to pass where [0, 3] is right."""
    source = (SCENARIO_DIR / "dominoes" / "ex-settle-blocked-pairs.yaml").read_text(encoding="utf-8")
    path = tmp_path / "retyped.yaml"
    path.write_text(retyped(source, old, new), encoding="utf-8")
    result = verify_file(path)
    assert not result.ok
    if result.error is None:
        assert result.mismatches[0].key == "settlement"
    else:
        assert isinstance(result.error, ScenarioError) and result.error.line


def test_schemas_count_only_ints_as_integers():
    assert schemas.schema_errors([{"id": "dom-a", "reason": "abc"}], "expected-failures.schema.json") == []
    validator = schemas.validator("vectors.schema.json")
    integer = schemas._Validator({"type": "integer"})
    assert integer.is_valid(2) and not integer.is_valid(2.0) and not integer.is_valid(True)
    choice = schemas._Validator({"enum": [2, 3, False, "x"]})
    assert choice.is_valid(3) and choice.is_valid(False) and not choice.is_valid(3.0)
    assert not choice.is_valid(0) and not choice.is_valid(True)
    assert not schemas._Validator({"const": 1}).is_valid(True)
    assert validator is schemas.validator("vectors.schema.json")


def test_a_float_where_the_schema_wants_an_integer_is_a_located_error():
    text = (SCENARIO_DIR / "dominoes" / "ex-settle-blocked-pairs.yaml").read_text(encoding="utf-8")
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if "players:" in line)
    lines[index] = lines[index].replace("players: 4", "players: 4.0")
    assert "4.0" in lines[index], "the scenario's setup changed; pick another integer field"
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text("\n".join(lines) + "\n", "probe.yaml")
    assert caught.value.line == index + 1 and "players" in caught.value.field


def test_a_vector_case_fails_when_one_of_its_integers_is_answered_as_a_float():
    cases = json.loads((VECTORS_DIR / "dominoes" / "settlement.json").read_text(encoding="utf-8"))["cases"]
    case = dict(next(c for c in cases if "bonus" in json.dumps(c["expected"])), game="dominoes")
    assert judge(case, case["expected"])[0] == "passed"
    text = json.dumps(case["expected"])
    start = text.index('"bonus": [') + len('"bonus": [')
    end = text.index(",", start)
    changed = json.loads(text[:start] + text[start:end] + ".0" + text[end:])   # [3, 0] -> [3.0, 0]
    assert judge(case, changed)[0] == "failed"


# -- shapes: a list is only ever matched by a list ------------------------------------------------

# Values that are not lists but hold what a list holds: its one element, its elements joined,
# an object keyed by them, the empty forms, null.
LISTS_AND_LOOKALIKES = [
    (["a"], ["a", {"a": 1}, {"a": "a"}, "[\"a\"]", None]),
    (["a", "b"], ["ab", {"a": 1, "b": 2}, {"a": "b"}, "a", None]),
    ([], [{}, "", None, 0, False]),
    ([1], [1, 1.0, True, {"1": 1}, "1"]),
    ([{"a": 1}], [{"a": 1}, {"0": {"a": 1}}, "a"]),
    ([[1, 2]], [[1, 2], {"1": 2}, "12"]),       # the inner list itself is a list, but one level short
]
ALL_MODES = ("exact", "subset", "unordered", "unordered_each", "events")


@pytest.mark.parametrize("mode", ALL_MODES)
@pytest.mark.parametrize("listed,lookalikes", LISTS_AND_LOOKALIKES)
def test_a_list_on_one_side_only_never_matches_in_any_mode(mode, listed, lookalikes):
    """A false pass in the compare lets a wrong implementation through: an answer `{"a": 1}` for
    the expectation `["a"]`, or `"ab"` for `["a", "b"]`, fails whichever side holds the list,
    in every mode, by the normalising route (verify) and the parsed-JSON route (the runner)."""
    from reference.core.expect import json_matches
    for other in lookalikes:
        if other == listed and isinstance(other, list):
            continue
        for expected, actual in ((listed, other), (other, listed)):
            assert not matches(expected, actual, mode), (expected, actual)
            assert not json_matches(expected, actual, mode), (expected, actual)


@pytest.mark.parametrize("mode", ("unordered", "unordered_each", "events", "exact"))
def test_lists_of_different_lengths_never_match_whichever_is_longer(mode):
    short, long = [["x"]], [["x"], ["y"]]
    if mode == "events":
        short, long = [{"type": "x"}], [{"type": "x"}, {"type": "y"}]
    for expected, actual in ((short, long), (long, short)):
        assert not matches(expected, actual, mode), (expected, actual)


def test_the_runner_fails_an_object_or_a_string_answered_for_an_unordered_list():
    """Through `judge` on an answer read from JSON, as `horserace check` judges it: dominoes
    compares `attachment_points` as a multiset."""
    case = {"id": "dom-x", "game": "dominoes", "kind": "layout",
            "input": {"setup": {}, "steps": [{"action": "place 1|4"}]},
            "expected": [{"attachment_points": ["1|4 low", "1|4 high"], "end_sum": 5}]}
    assert judge(case, [{"attachment_points": ["1|4 high", "1|4 low"], "end_sum": 5}], parsed=True)[0] == "passed"
    for wrong in ({"1|4 low": 1, "1|4 high": 1}, "1|4 low1|4 high", "1|4 low", None):
        answer = [{"attachment_points": wrong, "end_sum": 5}]
        assert judge(case, answer, parsed=True)[0] == "failed", wrong
        assert judge(case, answer)[0] == "failed", wrong


@pytest.mark.parametrize("mode", ALL_MODES)
def test_a_value_that_is_not_json_does_not_even_match_itself(mode):
    nan = float("nan")
    for value in ([nan], [[nan]], [{"type": "x", "v": nan}]):
        assert not matches(value, value, mode)


def test_shown_values_are_stable_and_say_what_was_observed():
    from reference.core.expect import show
    assert show(MISSING) == "(not observed)"
    assert show(None) == "null" and show([True, 1, 1.0]) == "[true, 1, 1.0]"
    assert show({"b": 1, "a": (2,)}) == '{"a": [2], "b": 1}'
    # a multiset in one order whatever order it came in
    assert show(["b", "a", "c"], "unordered") == show(["c", "b", "a"], "unordered") == '["a", "b", "c"]'
    assert show(["b", "a"], "exact") == '["b", "a"]'
    # events: a bare name as itself, an event object as JSON
    assert show(["scored", {"type": "placed", "tile": "1|4"}], "events") == \
        '[scored, {"tile": "1|4", "type": "placed"}]'
    # not JSON: shown as Python shows it, capped
    assert show(float("nan")) == "nan" and show(float("-inf")) == "-inf"
    assert show(object()).startswith("<object object")
    assert len(show([object()] * 100000)) == 2000
    assert show(deep(5000, 1)) == "(nested too deeply to show)"


def deep(depth: int, leaf) -> list:
    value = [leaf]
    for _ in range(depth):
        value = [value]
    return value


NOT_JSON = [object(), {1, 2}, float("nan"), float("inf"), 10 ** 5000, b"bytes", deep(5000, 1)]


@pytest.mark.parametrize("mode", ALL_MODES)
def test_values_that_are_not_json_never_match_and_never_raise_by_either_route(mode):
    """An implementation's answer is parsed JSON, but the compare must not be the weak point if
    a caller hands it anything else: no exception escapes, and nothing odd matches."""
    from reference.core.expect import json_matches
    for odd in NOT_JSON:
        for expected, actual in ((odd, odd), ([odd], [odd]), ([1, odd], [odd, 1]), ([[odd]], [[odd]]),
                                 ([{"type": "x", "v": odd}], [{"type": "x", "v": odd}]), (1, odd), ([1], [odd])):
            assert matches(expected, actual, mode) is False, (mode, type(odd))
            # the parsed route trusts its input to be parsed JSON: a set, bytes or the very same
            # NaN object on both sides (which parsed JSON cannot hold) it may take for equal
            # values; it must still never raise, and an object or a value too deep never matches
            verdict = json_matches(expected, actual, mode)
            assert isinstance(verdict, bool) and not (verdict and isinstance(odd, (object, list)) and
                                                      type(odd) in (object, list)), (mode, type(odd))


def test_a_difference_deep_inside_a_value_is_judged_without_raising():
    expected, actual = deep(3000, 1), deep(3000, 2)
    assert not same(expected, actual) and same(expected, deep(3000, 1))      # an explicit stack: no recursion
    case = {"id": "dom-x", "game": "dominoes", "kind": "layout",
            "input": {"setup": {}, "steps": [{"action": "place 1|4"}]},
            "expected": [{"tiles": expected, "deep": expected}]}
    for parsed in (False, True):
        status, mismatch = judge(case, [{"tiles": actual, "deep": actual}], parsed=parsed)
        assert status == "failed" and {d["key"] for d in mismatch["differences"]} == {"tiles", "deep"}


def test_the_quick_observation_check_never_raises_and_a_no_only_means_look_closer():
    from reference.core.expect import json_observation_matches
    modes = {"tiles": "unordered", "events": "events"}
    for odd in NOT_JSON:
        for want in ({"a": odd}, {"tiles": [odd]}, {"events": [{"type": odd}]}):
            assert json_observation_matches(want, dict(want), list(want), modes) in (True, False)
            assert json_observation_matches(want, {"other": 1}, list(want), modes) is False
    assert json_observation_matches({"tiles": ["a", "b"], "x": 1}, {"tiles": ["a", "b"], "x": 1, "y": 2},
                                    ["tiles", "x"], modes) is True
    assert json_observation_matches({"x": 1}, {"x": True}, ["x"], modes) is False
    assert json_observation_matches({"events": ["scored"]}, {"events": ["scored"]}, ["events"], modes) is False


@pytest.mark.parametrize("mode", ("exact", "unordered", "unordered_each", "events"))
def test_objects_with_other_keys_are_never_the_same_at_any_depth(mode):
    """Same size, other names; one key more or less: unequal in every mode that compares whole
    objects (subset mode asks only for the expected keys, so an extra one in the answer is fine)."""
    pairs = [({"a": 1}, {"b": 1}), ({"a": 1}, {"a": 1, "b": 2}), ({"a": 1, "b": 2}, {"a": 1}), ({}, {"a": None}),
             ({"type": "x", "a": 1}, {"type": "x", "b": 1})]
    for want, got in pairs:
        assert not same(want, got) and not same([[want]], [[got]]) and not same({"k": want}, {"k": got})
        wrapped = {"exact": (want, got), "unordered": ([want], [got]), "unordered_each": ([[want]], [[got]]),
                   "events": ([want], [got])}[mode]
        if mode == "events" and set(want) <= set(got):
            continue                     # an expected event asks only for its own fields
        assert not matches(*wrapped, mode), (want, got)


def test_the_whole_answer_quick_yes_checks_every_shaped_key_whatever_its_name(monkeypatch):
    """The quick yes for a whole answer may say yes only when each value matches itself under its
    key's mode. A shaped key named before 'error' in the alphabet (a game's `deck`, compared
    unordered) is checked like `hands` or `events`: a value that cannot match itself under its
    mode (a number where lists of items are expected) is left to the step-by-step compare."""
    from types import SimpleNamespace
    from reference.core import results
    game = SimpleNamespace(expectation_modes={"deck": "unordered_each", "hands": "unordered_each"})
    monkeypatch.setattr(results, "get_game", lambda name: game)
    for key in ("deck", "hands"):
        assert not results.answer_is_the_expectations("any", [{key: 5}], [{key: 5}]), key
    assert results.answer_is_the_expectations("any", [{"deck": [[1, 2]]}], [{"deck": [[1, 2]]}])
