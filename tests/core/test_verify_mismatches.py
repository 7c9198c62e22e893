"""`horserace verify`'s judgement of a scenario, beyond pass and fail: what a mismatch shows as
the actual value (the types alone where the expectation names event types alone; the value
itself otherwise), an expected event that names no field never passing, an empty list still
compared, and an engine's crash said in one bounded paragraph."""

from __future__ import annotations

import pytest

from reference.core.errors import InternalError, ScenarioError
from reference.core.paths import SCENARIO_DIR
from reference.core.scenario import load_scenario_text
from reference.core.verify import verify_scenario

from tests.core.test_located_errors import SCENARIO as LAYOUT      # 5|5 opens a layout; its ends sum to 10

# Seat 0 opens a match with 5|5, which scores 10 (2 displayed points), and under this scenario's
# option the turn passes to seat 1: the events are placed, scored, turn_ended (line 22).
MATCH_FILE = SCENARIO_DIR / "dominoes" / "int-opening-does-not-continue.yaml"
EVENTS = "events: [placed, {type: scored, displayed: 2}, {type: turn_ended, player: 0, reason: opening_tile, next: 1}]"


def match(events: str):
    """The match scenario with its expected events replaced by `events` (a YAML mapping entry)."""
    text = MATCH_FILE.read_text(encoding="utf-8")
    assert text.splitlines()[21].strip() == EVENTS
    return verify_scenario(load_scenario_text(text.replace(EVENTS, events), "probe.yaml"))


def layout(expect: str):
    """The layout scenario with its expectation replaced by `expect` (a YAML mapping entry)."""
    return verify_scenario(load_scenario_text(LAYOUT.replace("expect: {end_sum: 10}", "expect: {" + expect + "}"),
                                              "probe.yaml"))


def test_the_base_scenarios_pass():
    assert match("events: [placed, scored, turn_ended]").ok
    assert layout("attachment_points: [5|5 line_a, 5|5 line_b]").ok


def test_expected_event_types_alone_are_shown_against_the_actual_types_alone():
    result = match("events: [placed, scored]")
    (mismatch,) = result.mismatches
    assert mismatch.key == "events" and mismatch.line == 22
    assert mismatch.expected == "[placed, scored]"
    assert mismatch.actual == "[placed, scored, turn_ended]"       # not the events' fields


def test_expected_event_objects_are_shown_against_the_whole_events():
    result = match("events: [placed, {type: scored, displayed: 3}, turn_ended]")
    (mismatch,) = result.mismatches
    assert '"displayed": 2' in mismatch.actual and '"type": "scored"' in mismatch.actual


def test_a_list_of_text_in_another_mode_is_shown_as_the_list_itself():
    result = layout("attachment_points: [5|5 line_a]")
    assert result.error is None
    (mismatch,) = result.mismatches
    assert mismatch.actual == '["5|5 line_a", "5|5 line_b"]'


@pytest.mark.parametrize("expect", ["events: [placed, {}, turn_ended]", "events: [{}]"])
def test_an_event_that_names_no_field_never_passes(expect):
    """It would compare nothing (an event compares only the fields given): refused, by the
    schema or by verify, at its line."""
    try:
        error = match(expect).error
    except ScenarioError as refused:
        error = refused
    assert isinstance(error, ScenarioError) and error.line == 22


def test_an_empty_list_in_a_mode_that_compares_the_whole_value_is_compared():
    result = layout("attachment_points: []")
    assert result.error is None and len(result.mismatches) == 1


def test_an_engine_crash_is_one_paragraph_quoting_the_first_500_characters_of_the_exception(monkeypatch):
    from reference.core import scenario as scenario_module

    def crash(self):
        raise ValueError("x" * 10_000 + "\nsecond line")
        yield

    monkeypatch.setattr(scenario_module.Scenario, "replay", crash)
    result = layout("end_sum: 10")
    assert isinstance(result.error, InternalError)
    text = str(result.error)
    quoted = "ValueError: " + "x" * (500 - len("ValueError: "))      # 500 characters in all
    assert f"{quoted} (raised at " in text and "second line" not in text
    assert text.startswith("probe.yaml: step 0: internal error, a bug in the suite")


def test_an_engine_crash_names_the_file_and_line_that_raised(monkeypatch):
    """The place given is the innermost frame, where the exception was raised (the bug), not a
    caller on the way out."""
    from reference.core import scenario as scenario_module

    def crash(self):
        raise KeyError("no such lane")
        yield

    monkeypatch.setattr(scenario_module.Scenario, "replay", crash)
    text = str(layout("end_sum: 10").error)
    assert text.endswith(f"KeyError: 'no such lane' (raised at {__file__}:{crash.__code__.co_firstlineno + 1})")
