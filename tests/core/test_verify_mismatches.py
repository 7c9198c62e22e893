"""`horserace verify`'s judgement of a scenario, beyond pass and fail: what a mismatch shows as
the actual value (the types alone where the expectation names event types alone; the value
itself otherwise), an expectation that compares nothing in every mode that compares only the
fields given, and an engine's crash said in one bounded paragraph."""

from __future__ import annotations

import pytest

from reference.core.errors import InternalError, ScenarioError
from reference.core.scenario import load_scenario_text
from reference.core.verify import verify_scenario

# The opening double of a dominoes match (vectors/scenarios/dominoes/int-opening-does-not-continue.yaml):
# seat 0 opens 5|5, which scores 10 (2 displayed points), and under this option the turn
# passes to seat 1: the events are placed, scored, turn_ended.
MATCH = """\
id: dom-probe
title: probe
game: dominoes
kind: match
clauses: [DOM-OPEN-4]
options: {opening_continues: false}
setup:
  players: 2
  deal:
    opener: 0
    hands:
      - [5|5, 0|5, 1|5, 2|5, 3|5, 4|5, 5|6]
      - [0|0, 0|1, 0|2, 0|3, 0|4, 0|6, 1|1]
    draw_pile: [1|2, 1|3, 1|4, 1|6, 2|2, 2|3, 2|4, 2|6, 3|3, 3|4, 3|6, 4|4, 4|6, 6|6]
steps:
  - place: 5|5
    expect:
      EXPECT
"""
LAYOUT = """\
id: dom-probe
title: probe
game: dominoes
kind: layout
clauses: [DOM-DBL-1]
setup: {}
steps:
  - place: 5|5
    expect:
      EXPECT
"""


def verified(template: str, expect: str):
    return verify_scenario(load_scenario_text(template.replace("EXPECT", expect), "probe.yaml"))


def test_the_base_scenarios_pass():
    assert verified(MATCH, "events: [placed, scored, turn_ended]").ok
    assert verified(LAYOUT, "attachment_points: [5|5 line_a, 5|5 line_b]").ok


def test_expected_event_types_alone_are_shown_against_the_actual_types_alone():
    result = verified(MATCH, "events: [placed, scored]")
    (mismatch,) = result.mismatches
    assert mismatch.key == "events" and mismatch.line == 18
    assert mismatch.expected == "[placed, scored]"
    assert mismatch.actual == "[placed, scored, turn_ended]"       # not the events' fields


def test_expected_event_objects_are_shown_against_the_whole_events():
    result = verified(MATCH, "events: [placed, {type: scored, displayed: 3}, turn_ended]")
    (mismatch,) = result.mismatches
    assert '"displayed": 2' in mismatch.actual and '"type": "scored"' in mismatch.actual


def test_a_list_of_text_in_another_mode_is_shown_as_the_list_itself():
    result = verified(LAYOUT, "attachment_points: [5|5 line_a]")
    assert result.error is None
    (mismatch,) = result.mismatches
    assert mismatch.actual == '["5|5 line_a", "5|5 line_b"]'


@pytest.mark.parametrize("expect", ["events: [placed, {}, turn_ended]", "events: [{}]"])
def test_an_event_that_names_no_field_never_passes(expect):
    """It would compare nothing (an event compares only the fields given): refused, by the
    schema or by verify, at its line."""
    try:
        error = verified(MATCH, expect).error
    except ScenarioError as refused:
        error = refused
    assert isinstance(error, ScenarioError) and error.line == 18


def test_an_empty_list_in_a_mode_that_compares_the_whole_value_is_compared():
    result = verified(LAYOUT, "attachment_points: []")
    assert result.error is None and len(result.mismatches) == 1


def test_an_engine_crash_is_one_paragraph_quoting_the_first_500_characters_of_the_exception(monkeypatch):
    from reference.core import scenario as scenario_module

    def crash(self):
        raise ValueError("x" * 10_000 + "\nsecond line")
        yield

    monkeypatch.setattr(scenario_module.Scenario, "replay", crash)
    result = verified(LAYOUT, "end_sum: 10")
    assert isinstance(result.error, InternalError)
    text = str(result.error)
    quoted = "ValueError: " + "x" * (500 - len("ValueError: "))      # 500 characters in all
    assert f"{quoted} (raised at " in text and "second line" not in text
    assert text.startswith("probe.yaml: step 0: internal error, a bug in the suite")
