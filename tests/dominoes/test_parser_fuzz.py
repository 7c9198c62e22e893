"""Fuzzing the domino input parsers (issue 11): every input either parses or is refused with
the suite's input error (InputError, which names the field); never another exception.

Three levels: the text parsers (tiles, attachment points, actions), whole cases whose setup
or steps are arbitrary JSON-like values, and good cases with one field replaced by such a
value (which reaches the deeper checks)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference.core.errors import HorseRaceError, InputError
from reference.core.game import CaseInput
from reference.dominoes.actions import parse_action, parse_point, parse_tile
from reference.dominoes.replay import replay
from reference.dominoes.rules.tiles import DOUBLE_SIX_SET, tile_str
from tests.json_trees import json_trees

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Characters that make tile-like text: ASCII and other scripts' digits, superscripts, separators.
TILE_CHARS = "0123456789|[] \t\n-+_.٠١٢٣٤٥٦٧٨٩۰۱۲٣０１２３４５６²³¹①⑥ⅥIVx"
tile_like = st.text(alphabet=TILE_CHARS, max_size=12)
huge_numbers = st.sampled_from(["1" * 5000, "0" * 4999 + "1", "9" * 4301]).map(lambda d: f"{d}|1")
words = st.sampled_from(["place", "PLACE", "at", "draw", "pass", "stop", "line_a", "line_b", "branch_a",
                         "low", "high", "top", "deal", "settle", "perft", "observe", ""])
action_like = st.lists(st.one_of(words, tile_like), max_size=7).map(" ".join)

scalars = st.one_of(st.none(), st.booleans(), st.integers(), # built from a small choice: hypothesis itself cannot print a 5,000-digit choice
                    st.integers(0, 9).map(lambda k: 10 ** (4400 + k) + k),
                    st.floats(allow_nan=True), st.text(max_size=20), tile_like, huge_numbers, action_like)
json_like = json_trees(scalars, st.one_of(words, st.text(max_size=8)), size=5, max_leaves=25)


def refused_or_parsed(parse, value):
    try:
        return parse(value, "probe")
    except InputError as exc:
        assert exc.field.startswith("probe"), exc
        assert len(str(exc)) < 600, "a refusal repeats a bounded part of the input"
        return None


@FUZZ
@given(st.one_of(tile_like, huge_numbers, scalars))
def test_tiles_parse_to_the_set_or_are_refused(value):
    tile = refused_or_parsed(parse_tile, value)
    assert tile is None or tile in DOUBLE_SIX_SET


@FUZZ
@given(st.one_of(action_like, st.tuples(tile_like, words).map(" ".join), scalars))
def test_actions_and_points_parse_or_are_refused(value):
    action = refused_or_parsed(parse_action, value)
    if action is not None:
        assert parse_action(str(action), "again") == action       # the text form reads back
    refused_or_parsed(parse_point, value)


@pytest.mark.parametrize("text", ["١|٢", "٤|١", "1|٢", "²|1", "１|２", "1|4\u0663", "1" * 5000 + "|1",
                                  "0" * 5000 + "1|1", "1|" + "9" * 4301, "[" * 3000 + "1|1"])
def test_other_digits_and_huge_numbers_are_not_tiles(text):
    with pytest.raises(InputError) as info:
        parse_tile(text, "steps[0].place")
    assert info.value.field == "steps[0].place" and len(str(info.value)) < 300


# -- whole cases ---------------------------------------------------------------------------------

HANDS = [["1|4", "4|4", "3|4", "0|0", "2|2", "2|5", "0|5"], ["1|1", "1|6", "3|5", "2|3", "4|5", "0|1", "1|2"]]
PILE = ["0|2", "6|6", "0|3", "0|4", "0|6", "1|3", "1|5", "2|4", "2|6", "3|3", "3|6", "4|6", "5|5", "5|6"]
GOOD = {
    "match": ({"players": 2, "deal": {"opener": 0, "hands": HANDS, "draw_pile": PILE}},
              [{"place": "1|4"}, {"place": "4|4", "at": "1|4 high"}, {"action": "place 3|4 at 4|4 line_b"}]),
    "perft": ({"players": 2, "deal": {"opener": 0, "hands": HANDS, "draw_pile": PILE}, "moves": ["place 1|4"]},
              [{"perft": 2}]),
    "layout": ({"layout": ["place 1|4", "place 4|4 at 1|4 high"]}, [{"place": "3|4", "at": "4|4 line_b"}, {}]),
    "settlement": ({"players": 3, "scores": [5, 6, 7], "end": "domino", "last_player": 1,
                    "hands": [["2|6"], [], ["3|6"]]}, [{"action": "settle"}]),
}


def run(kind, setup, steps, refusals_are_results):
    try:
        for _ in replay(CaseInput(kind, setup, steps, {}, refusals_are_results=refusals_are_results)):
            pass
    except InputError as exc:
        assert isinstance(exc.field, str)
    except HorseRaceError:
        pass


def paths(value, prefix=()):
    """Every place in a nested setup/steps value that a fuzz value may replace."""
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, prefix + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from paths(inner, prefix + (index,))


def replaced(value, path, new):
    if not path:
        return new
    out = copy.deepcopy(value)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return out


@pytest.mark.parametrize("kind", sorted(GOOD))
def test_the_good_cases_replay(kind):
    setup, steps = GOOD[kind]
    outcomes = list(replay(CaseInput(kind, setup, steps, {})))
    assert len(outcomes) == len(steps)


@FUZZ
@given(kind=st.sampled_from(sorted(GOOD)), setup=json_like, steps=json_like, adapter=st.booleans())
def test_arbitrary_setups_and_steps_are_refused_cleanly(kind, setup, steps, adapter):
    run(kind, setup, steps, adapter)


@FUZZ
@given(data=st.data(), kind=st.sampled_from(sorted(GOOD)), adapter=st.booleans())
def test_a_good_case_with_one_field_replaced_is_refused_cleanly(data, kind, adapter):
    setup, steps = GOOD[kind]
    case = {"setup": setup, "steps": steps}
    path = data.draw(st.sampled_from(list(paths(case))[1:]))
    new = data.draw(json_like)
    case = replaced(case, path, new)
    run(kind, case["setup"], case["steps"], adapter)


def test_a_tile_in_other_digits_is_refused_through_the_adapter():
    from reference.core.adapter import answer_case
    setup, _ = GOOD["match"]
    for text in ("place ١|٤", "place " + "1" * 5000 + "|4"):
        answer = answer_case({"type": "case", "seq": 7, "game": "dominoes", "kind": "match",
                              "input": {"setup": setup, "steps": [{"action": text}]}})
        assert answer["type"] == "errored" and answer["seq"] == 7
        assert answer["message"].startswith("InputError: steps[0].action: ")
        assert ("is not a tile" in answer["message"] or "too long" in answer["message"])
        assert len(answer["message"]) < 300
    assert tile_str(parse_tile("[4|1]", "x")) == "1|4"
