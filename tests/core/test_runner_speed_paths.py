"""The runner's quick paths give the verdicts of the plain ones: id selection (exact ids as a
set, globs compiled once), the selected cases held as text, comparing values read from JSON
without normalising them, the depth check of an answer line, and the adapter's options read
from the interpretations register alone."""

import json
import shlex
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.core import protocol, vectors
from reference.core.adapter import supported_options
from reference.core.catalog import load_catalog
from reference.core.expect import MODES, json_matches, json_observation_matches, matches
from reference.core.game import all_games
from reference.core.protocol import ProtocolError, check_bounds, parse_line
from reference.core.runner import Selection, id_matcher
from reference.core.vectors import load_selected
from tests.core.fakes.shared_cases import every_case_of


@pytest.fixture(scope="module")
def dominoes():
    return list(every_case_of("dominoes"))


# -- selecting by id ---------------------------------------------------------------------------

def test_a_thousand_exact_ids_select_exactly_the_named_cases(dominoes):
    real = [c["id"] for c in dominoes][::3]
    made_up = [f"dom-no-such-case-{n:04d}" for n in range(1000 - len(real))]
    chosen = load_selected(Selection(ids=made_up + real, games=["dominoes"]))
    assert [c["id"] for c in chosen] == real          # file order, each once, none invented
    assert len(chosen) == len(real) and chosen.games == ["dominoes"] * len(real)


def test_many_exact_ids_are_not_matched_pattern_by_pattern(monkeypatch):
    import fnmatch
    calls = []
    monkeypatch.setattr(fnmatch, "fnmatchcase", lambda *a: calls.append(a) or False)
    matcher = id_matcher([f"id-{n}" for n in range(1000)])
    assert all(matcher(f"id-{n}") for n in range(1000)) and not matcher("id-1000") and not calls


def test_a_glob_still_selects_and_mixes_with_exact_ids(dominoes):
    perft = sorted(c["id"] for c in dominoes if c["id"].startswith("dom-gen1-perft-"))
    assert perft
    chosen = load_selected(Selection(ids=["dom-gen1-perft-*", "dom-wt-lone-double"]))
    assert sorted(c["id"] for c in chosen) == sorted(perft + ["dom-wt-lone-double"])
    question = load_selected(Selection(ids=["dom-gen1-perft-00?"]))
    assert {c["id"] for c in question} == {i for i in perft if len(i) == len("dom-gen1-perft-001")}


@pytest.mark.parametrize("patterns, case_id, expected", [
    (["a*"], "abc", True), (["a*"], "bac", False), (["*c"], "abc", True), (["a?c"], "abc", True),
    (["a[bx]c"], "axc", True), (["a[!b]c"], "abc", False), (["[a"], "[a", True), (["[a"], "a", False),
    (["A*"], "abc", False), (["abc"], "abc", True), (["ab"], "abc", False), (["*"], "", True),
])
def test_the_matcher_agrees_with_fnmatchcase(patterns, case_id, expected):
    import fnmatch
    assert id_matcher(patterns)(case_id) is expected
    assert any(fnmatch.fnmatchcase(case_id, p) for p in patterns) is expected


def test_changing_the_ids_of_a_selection_changes_what_it_keeps():
    selection = Selection(ids=["x"])
    assert selection.keep({"id": "x", "game": "g", "kind": "k", "clauses": [], "flags": []})
    selection.ids = ["y"]
    assert not selection.keep({"id": "x", "game": "g", "kind": "k", "clauses": [], "flags": []})


# -- the selected cases, held as text ----------------------------------------------------------

def test_selected_cases_read_back_as_the_loaded_cases(dominoes):
    selection = Selection(kinds=["settlement", "perft"], skip_flags=["illegal-action"])
    expected = [c for c in dominoes if selection.keep(c)]
    chosen = load_selected(selection)
    assert len(chosen) == len(expected) > 0
    assert list(chosen) == expected and list(chosen) == expected      # read twice: the same
    assert chosen[0] == expected[0] and chosen[-1] == expected[-1]
    assert all(c["clause_keys"] for c in chosen)


def test_a_selection_holds_no_parsed_case(dominoes):
    chosen = load_selected(Selection(games=["dominoes"]))
    assert all(isinstance(row[3], str) for row in chosen.rows)
    assert json.loads(chosen.rows[0][3])["id"] == dominoes[0]["id"]


# -- comparing values read from JSON -----------------------------------------------------------

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([0.0, 1.0, 2.5, -1.0]),
                         st.sampled_from(["", "a", "b", "scored", "passed"]))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(["type", "a", "b", "score"]), inner, max_size=4)), max_leaves=12)


def parsed(value):
    return json.loads(json.dumps(value))


@settings(max_examples=400, deadline=None)
@given(json_values, json_values, st.sampled_from(MODES))
def test_json_matches_gives_the_verdict_of_matches(expected, actual, mode):
    expected, actual = parsed(expected), parsed(actual)
    assert json_matches(expected, actual, mode) == matches(expected, actual, mode)
    assert json_matches(expected, expected, mode) == matches(expected, parsed(expected), mode)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["events", "bets", "scores", "odds", "hands"]), json_values, min_size=1),
       st.dictionaries(st.sampled_from(["events", "bets", "scores", "odds", "hands"]), json_values),
       st.booleans())
def test_the_whole_observation_quick_yes_is_never_wrong(want, got, copy_want):
    modes = {"events": "events", "bets": "unordered", "odds": "subset", "hands": "unordered_each"}
    want = parsed(want)
    got = parsed(want) if copy_want else parsed(got)
    keys = list(want)
    if json_observation_matches(want, got, keys, modes):
        assert all(matches(want[k], got[k], modes.get(k, "exact")) for k in keys)


def test_type_exact_equality_holds_on_the_quick_path():
    assert not json_matches([1, 2], [True, 2], "exact") and not json_matches({"a": 1}, {"a": 1.0}, "subset")
    assert not json_observation_matches({"a": 1}, {"a": True}, ["a"], {})
    assert not json_matches(["scored"], ["scored"], "events")             # an event is an object
    assert json_matches(["scored"], [{"type": "scored", "score": 1}], "events")
    assert not json_matches("x", "x", "unordered_each")


# -- an answer line's depth and strings --------------------------------------------------------

@pytest.mark.parametrize("depth", [1, 2, 63, 64, 65, 70])
def test_the_depth_limit_is_the_walks_limit(depth):
    text = "[" * depth + "]" * depth
    deep_object = '{"a":' * depth + "1" + "}" * depth
    for line in (text, deep_object, '{"s":"[[[[","v":' + text + "}"):
        walked = walk_verdict(json.loads(line))
        try:
            parse_line(line.encode())
            quick = None
        except ProtocolError as exc:
            quick = str(exc)
        assert quick == walked


def walk_verdict(value):
    try:
        check_bounds(value)
        return None
    except ProtocolError as exc:
        return str(exc)


TRICKY_TEXT = st.text(alphabet='[]{}"\\/nu0aé😀 ', max_size=12)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | TRICKY_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TRICKY_TEXT, inner, max_size=3),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES, st.integers(min_value=55, max_value=66), st.booleans())
def test_the_quick_depth_agrees_with_the_walk_whatever_the_strings_hold(value, wrap, ascii_only):
    # strings full of brackets, quotes and backslashes, escaped or not, at depths around the limit
    line = "[" * wrap + json.dumps(value, ensure_ascii=ascii_only) + "]" * wrap
    try:
        parse_line(line.encode())
        quick = None
    except ProtocolError as exc:
        quick = str(exc)
    assert quick == walk_verdict(json.loads(line))


def test_brackets_inside_strings_do_not_count_toward_the_depth():
    line = json.dumps({"type": "result", "seq": 1, "steps": [{"s": "[" * 200 + '\\"{' * 100}]}).encode()
    assert parse_line(line)["seq"] == 1


def test_a_lone_surrogate_is_still_found_and_located():
    with pytest.raises(ProtocolError, match=r"lone surrogate \\ud800 in a string at steps\[0\]\.x"):
        parse_line(b'{"type":"result","seq":1,"steps":[{"x":"\\ud800"}]}')
    assert parse_line(b'{"x":"\\ud83d\\ude00"}') == {"x": "\U0001F600"}      # a pair is a character


# -- the adapter's options -------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(all_games()))
def test_the_adapter_announces_the_options_the_catalog_registers(game):
    from_catalog: dict = {}
    for interpretation in load_catalog(game).interpretations.values():
        if not interpretation.option:
            continue
        values = from_catalog.setdefault(interpretation.option["name"], [interpretation.option["default"]])
        for alternative in interpretation.alternatives:
            if "value" in alternative and alternative["value"] not in values:
                values.append(alternative["value"])
    assert supported_options(game) == from_catalog


# -- a result message the schema certainly accepts -----------------------------------------------

@pytest.mark.parametrize("message", [
    {"type": "result", "seq": 1, "steps": []}, {"type": "result", "seq": 3, "steps": [{}, {"a": [1]}]},
    {"type": "result", "seq": 1.0, "steps": []}, {"type": "result", "seq": True, "steps": []},
    {"type": "result", "seq": 1, "steps": [[]]}, {"type": "result", "seq": 1, "steps": {}},
    {"type": "result", "seq": 1}, {"type": "result", "steps": []}, {"type": "result", "seq": "1", "steps": []},
])
def test_the_quick_yes_for_a_result_agrees_with_the_schema(message):
    from reference.core import schemas
    definition = schemas.load_schema(protocol.IMPLEMENTATION_SCHEMA)["$defs"]["result"]
    valid = not list(schemas.validator(protocol.IMPLEMENTATION_SCHEMA).evolve(schema=definition).iter_errors(message))
    if protocol.plainly_valid_result(message):
        assert valid
    try:
        protocol.validate_implementation_message(message)
        accepted = True
    except ProtocolError:
        accepted = False
    assert accepted == valid


# -- the next cases are sent while an answer is awaited and judged ---------------------------------

FAKE = Path(__file__).parent / "fakes" / "fake_impl.py"


@pytest.fixture(scope="module")
def settlement_answers(dominoes, tmp_path_factory):
    """The reference answers to the first four settlement cases, computed once: the runs below
    start an implementation each, and the fake replaying these starts without importing the engines."""
    from reference.core.adapter import answer_case, hello_reply
    from reference.core.protocol import case_message

    path = tmp_path_factory.mktemp("fake") / "answers.json"
    answers = {c["id"]: answer_case(case_message(1, c)) for c in [c for c in dominoes if c["kind"] == "settlement"][:4]}
    path.write_text(json.dumps({"hello": hello_reply(["dominoes"]), "answers": answers}))
    return path


@pytest.fixture
def reference_answers(settlement_answers, monkeypatch) -> str:
    """The command of an implementation that answers those cases as the reference adapter does."""
    monkeypatch.setenv("FAKE_ANSWERS", str(settlement_answers))
    return f"{shlex.quote(sys.executable)} -S {shlex.quote(str(FAKE))} good 0"     # -S: see fake_impl.py


@pytest.mark.parametrize("window_cases, window_bytes, judged_after", [
    (16, 32 * 1024, [4, 4, 4, 4]),      # the whole run fits in the window
    (2, 32 * 1024, [3, 4, 4, 4]),       # the case awaited and two more
    (16, 1, [2, 3, 4, 4]),              # one byte of room: one case ahead at most
])
def test_the_next_cases_are_sent_before_an_answer_is_judged(dominoes, monkeypatch, window_cases, window_bytes,
                                                              judged_after, reference_answers):
    from reference.core import runner
    monkeypatch.setattr(runner, "WINDOW_CASES", window_cases)
    monkeypatch.setattr(runner, "WINDOW_BYTES", window_bytes)
    cases = [c for c in dominoes if c["kind"] == "settlement"][:4]
    sent: list[int] = []
    judged: list[int] = []
    real_send, real_judge = runner.Implementation.send, runner.judge_reply
    monkeypatch.setattr(runner.Implementation, "send", lambda self, message, **flush: (
        sent.append(message.get("seq", 0)) if message.get("type") == "case" else None,
        real_send(self, message, **flush))[1])
    monkeypatch.setattr(runner, "judge_reply", lambda result, case, reply, observe: (
        judged.append(len(sent)), real_judge(result, case, reply, observe))[1])
    command = reference_answers
    results, _ = runner.run_cases(command, cases)
    assert [r.status for r in results] == ["passed"] * 4 and sent == [1, 2, 3, 4]
    assert judged == judged_after           # how many cases were on their way when each was judged


def test_a_stream_of_cases_is_never_read_ahead(dominoes, reference_answers):
    from reference.core import runner
    cases = [c for c in dominoes if c["kind"] == "settlement"][:3]
    taken: list[int] = []

    def stream():
        for number, case in enumerate(cases, 1):
            taken.append(number)
            yield case

    command = reference_answers
    seen: list[list[int]] = []
    results, _ = runner.run_cases(command, stream(), on_result=lambda result: seen.append(list(taken)))
    assert [r.status for r in results] == ["passed"] * 3
    assert seen == [[1], [1, 2], [1, 2, 3]]     # each case taken only once the one before it is done


def test_the_cases_sent_ahead_go_in_one_write(dominoes, monkeypatch, reference_answers):
    from reference.core import runner
    cases = [c for c in dominoes if c["kind"] == "settlement"][:4]
    flushes: list[int] = []
    real_flush = runner.Implementation.flush
    monkeypatch.setattr(runner.Implementation, "flush", lambda self: (flushes.append(1), real_flush(self))[1])
    command = reference_answers
    results, _ = runner.run_cases(command, cases)
    assert [r.status for r in results] == ["passed"] * 4
    assert len(flushes) == 3        # the hello, the first case, then the three others together


# -- a whole answer equal to the expectations ------------------------------------------------------

@pytest.mark.parametrize("expected, steps, quick, passes", [
    ([{"scores": [1, 2]}], [{"scores": [1, 2]}], True, True),
    ([{"scores": [1, 2]}], [{"scores": [1, True]}], False, False),                # true is not 1
    ([{"end_sum": 1}], [{"end_sum": 1.0}], False, False),                         # 1.0 is not 1
    ([{"end_sum": 0.0}], [{"end_sum": -0.0}], False, True),
    ([{"error": "refused"}], [{"error": "refused"}], True, True),
    ([{"error": "refused"}], [{"error": "another reason"}], False, True),         # any reason is a refusal
    ([{"error": ""}], [{"error": ""}], False, False),                             # but an empty one is none
    ([{"events": ["placed"]}], [{"events": ["placed"]}], False, False),           # an event is an object
    ([{"events": [{"type": "placed"}]}], [{"events": [{"type": "placed"}]}], True, True),
    ([{"hands": "x"}], [{"hands": "x"}], False, False),                           # unordered_each wants lists
    ([{"hands": [[1, 2]]}], [{"hands": [[2, 1]]}], False, True),
    ([{"tiles": [1, 2], "turn": 0}], [{"turn": 0, "tiles": [1, 2]}], True, True),   # keys in another order
    ([{"turn": 0}], [{"turn": 0, "phase": "play"}], True, True),                  # a key more: not compared
    ([{"turn": 0}], [{"turn": 0, "error": "refused"}], False, False),             # refused, yet accepted
    ([{"turn": 0, "phase": "play"}], [{"turn": 0}], False, False),                # a key missing
    ([{"points": {"a": 1, "b": 2}}], [{"points": {"b": 2, "a": 1}}], False, True),
    ([{"turn": 0}, {"turn": 1}], [{"turn": 0}], False, False),
    ([{"turn": 0}], [{"turn": 0}, {"turn": 1}], False, False),
    ([{"turn": 0}], {"turn": 0}, False, False),
    ([{"turn": 0}], [[0]], False, False),
    ([], [], False, True),
])
def test_the_whole_answer_quick_yes_gives_the_verdict_step_by_step(expected, steps, quick, passes):
    from reference.core.results import answer_is_the_expectations, first_mismatch
    case = {"id": "c", "game": "dominoes", "kind": "match", "clauses": [], "expected": expected,
            "input": {"setup": {}, "steps": [{"action": "play"} for _ in expected]}}
    assert answer_is_the_expectations("dominoes", expected, steps) is quick
    all_keys = sorted({key for want in expected for key in want})      # compared one by one, no quick path
    assert (first_mismatch(case, steps, all_keys, parsed=True) is None) is passes
    assert (first_mismatch(case, steps, parsed=True) is None) is passes
    assert (first_mismatch(case, steps) is None) is passes                # as an engine's answer is judged
