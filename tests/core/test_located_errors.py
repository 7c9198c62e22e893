"""A person's mistake in a suite file is said with its file, line and *field*, and the words
that say what to do (the working agreement: "bad input gets a clear error naming file, line and
field"). The loader's tests pin the line and column of every refusal; these pin the field each
one names, the field text read back (`parse_field`), and the schema messages.

Every expected field is worked out by hand from the text given, never read from the loader."""

from __future__ import annotations

import pytest

from reference.core import schemas
from reference.core.errors import InputError, ScenarioError, SuiteLayoutError
from reference.core.scenario import load_scenario_text
from reference.core.verify import verify_scenario
from reference.core.yamlsource import MAX_DEPTH, format_field, load_yaml_text, parse_field

# A valid scenario of the suite (a dominoes layout: 5|5 opens, its ends sum to 10), the base
# each test spoils in one place.
SCENARIO = """\
id: dom-probe
title: probe
game: dominoes
kind: layout
clauses: [DOM-DBL-1]
setup: {}
steps:
  - place: 5|5
    expect: {end_sum: 10}
"""


def refusal(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        load_yaml_text(text, "probe.yaml")
    return caught.value


# (text, the field the refusal names): each refused value sits at a different depth and in
# lists and mappings alike, so a refusal located at the wrong level of the stack is seen.
REFUSED_AT = [
    ("a: 1\nb: *x\n", "b"),
    ("a:\n  b: [1, !tag 2]\n", "a.b[1]"),
    ("a:\n  - {x: 1}\n  - {y: .inf}\n", "a[1].y"),
    ("a:\n  b: 1\n  c:\n    d: 1\n    d: 2\n", "a.c.d"),
    ("a:\n  - [1, 2, 3]\n  - [4, &anchor 5]\n", "a[1][1]"),
    # the deepest container reached: the root mapping is level 1, the list at `a` level 2, and
    # level MAX_DEPTH is the list at a[0]...[0] with MAX_DEPTH - 2 indices; the next one is refused
    ("a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n", "a" + "[0]" * (MAX_DEPTH - 2)),
    # block mappings alike: level k is the mapping at k - 1 keys `a`
    ("".join(" " * i + "a:\n" for i in range(MAX_DEPTH + 1)) + " " * 80 + "1\n", ".".join(["a"] * (MAX_DEPTH - 1))),
]


@pytest.mark.parametrize("text, field", REFUSED_AT, ids=[f for _, f in REFUSED_AT])
def test_a_refused_value_names_its_own_field(text, field):
    error = refusal(text)
    assert error.field == field, str(error)
    assert f" {field}:" in str(error)


@pytest.mark.parametrize("path", [("steps", 3, "place"), ("setup", "deal", "hands", 1, 2), ("a",), (0, 1), ()])
def test_a_field_text_reads_back_as_its_path(path):
    assert parse_field(format_field(path)) == path


@pytest.mark.parametrize("text, path", [
    ("steps[3", ("steps", 3)),                  # an engine's field text cut short: the index is still read
    ("hands[12", ("hands", 12)),
    ("a.b[x", ("a", "b", "x")),
])
@pytest.mark.time_limit(5)          # a reader that goes back to an earlier position loops: fail, not hang
def test_a_field_text_with_an_unclosed_bracket_still_names_what_it_holds(text, path, time_limit):
    assert parse_field(text) == path


def test_a_misspelled_field_says_to_check_the_spelling_against_the_named_schema():
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(SCENARIO.replace("title:", "titel: x\ntitle:"), "probe.yaml")
    error = caught.value
    assert (error.file, error.line) == ("probe.yaml", 1)
    assert "'titel' was unexpected" in str(error)
    assert str(error).endswith("; check the spelling against the schema dominoes/scenario.schema.json")


def test_a_wrong_value_deeper_in_a_scenario_is_located_at_its_line():
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(SCENARIO.replace("kind: layout", "kind: 7"), "probe.yaml")
    assert (caught.value.line, caught.value.field) == (4, "kind")


@pytest.mark.parametrize("name, words", [
    ("nothing-here.schema.json", "schema/nothing-here.schema.json is missing"),
    ("newgame/steps.schema.json", "docs/adding-a-game.md"),
])
def test_a_schema_the_suite_does_not_hold_is_named_as_missing(name, words):
    with pytest.raises(SuiteLayoutError) as caught:
        schemas.load_schema(name)
    assert words in str(caught.value)
    assert name in str(caught.value)


@pytest.mark.parametrize("step, line, field, words", [
    # 1|2 has no 5: it cannot join the 5 of 5|5's long side (DOM-PLACE-1)
    ("  - place: 1|2\n    at: 5|5 line_a\n    expect: {end_sum: 13}\n", 11, "steps[1].at", "(rule DOM-PLACE-1)"),
    # halves run from 0 to 6 in the double-six set (DOM-SET-1)
    ("  - place: 7|7\n    at: 5|5 line_a\n    expect: {end_sum: 17}\n", 10, "steps[1].place", "(rule DOM-SET-1)"),
])
def test_a_step_the_engine_refuses_is_located_at_its_field_with_the_rule(step, line, field, words):
    result = verify_scenario(load_scenario_text(SCENARIO + step, "probe.yaml"))
    error = result.error
    assert isinstance(error, ScenarioError) and not result.mismatches
    assert (error.file, error.line, error.field) == ("probe.yaml", line, field)
    assert str(error).startswith(f"probe.yaml:{line}: {field}: ") and str(error).endswith(words)


@pytest.mark.parametrize("error, text", [
    (InputError("steps[3].place", "no such tile", "DOM-SET-1"), "steps[3].place: no such tile (rule DOM-SET-1)"),
    (InputError("steps[3].place", "no such tile"), "steps[3].place: no such tile"),
    (InputError("", "no such tile", "DOM-SET-1"), "no such tile (rule DOM-SET-1)"),
    (InputError("", "no such tile"), "no such tile"),
])
def test_an_engine_error_says_its_field_and_rule_only_when_it_has_them(error, text):
    assert str(error) == text
