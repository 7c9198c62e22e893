"""docs/implementers.md is generated from the schemas, and the schemas describe everything the
vectors hold: every observation key, every event type and field, every step form."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from reference.core.game import all_games
from reference.core.implementers_doc import (Schemas, document_problems, documented_paths, doc_path,
                                             fresh_document, implementers_markdown)
from reference.core.paths import SCHEMA_DIR
from reference.core.schemas import inlined_refs
from reference.core.vectors import vector_files

GAMES = sorted(all_games())


@lru_cache(maxsize=None)
def vector_data(game: str) -> tuple[tuple[str, dict], ...]:
    return tuple((path.name, json.loads(path.read_text(encoding="utf-8"))) for path in vector_files([game]))


def used_in_vectors(game: str) -> tuple[set[str], dict[str, set[str]]]:
    """Every observation key and, per event type, every field that the game's vectors use."""
    keys: set[str] = set()
    events: dict[str, set[str]] = {}
    for _, data in vector_data(game):
        keys.update(data["observation_keys"])
        for case in data["cases"]:
            for observation in case["expected"]:
                keys.update(observation)
                for event in observation.get("events", []):
                    events.setdefault(event["type"], set()).update(k for k in event if k != "type")
    return keys, events


def validator(game: str, name: str) -> Draft202012Validator:
    schema = json.loads((SCHEMA_DIR / game / name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    # its $refs resolved once (reference.core.schemas.inlined_refs), not at every use
    resolver = Registry().with_resource(schema["$id"], DRAFT202012.create_resource(schema)).resolver(schema["$id"])
    return Draft202012Validator(inlined_refs(schema, resolver))


@pytest.mark.parametrize("game", GAMES)
def test_every_key_and_event_field_in_the_vectors_is_described(game):
    used_keys, used_events = used_in_vectors(game)
    assert used_keys and used_events, f"{game}: the vectors hold no observation keys or events"
    keys, events = documented_paths(all_games()[game])
    assert sorted(used_keys - keys) == [], f"{game}: observation keys without a description"
    missing = {event: sorted(fields - events.get(event, set())) for event, fields in used_events.items()
               if event not in events or fields - events[event]}
    assert missing == {}, f"{game}: event types or fields without a description"


# An observation schema is a plain object of independent properties (no `required`, no keyword
# relating two keys) and its list-valued keys constrain only their items: an observation is valid
# exactly when each of its pieces is -- every key with its value, or with each one of its items
# for such a list -- so each distinct piece (events, hands and moves repeat a lot across the
# steps) is validated once, as the one-key observation {key: piece}. The test asserts the root's
# shape; a list key whose schema says more than `items` is validated whole.
PLAIN_ROOT = {"$schema", "$id", "title", "description", "type", "additionalProperties", "properties", "$defs"}
ITEMS_ONLY = {"type", "items", "description", "title"}


def split_keys(schema: dict) -> set[str]:
    """The list-valued keys whose schema constrains only their items."""
    return {key for key, rule in schema["properties"].items()
            if set(rule) <= ITEMS_ONLY and rule.get("type") == "array"}


def observation_pieces(split: set[str], observation: dict):
    """The one-key observations whose validity together is the observation's (`split`: the
    keys of split_keys(schema))."""
    for key, value in observation.items():
        if key in split and isinstance(value, list) and value:
            for item in value:
                yield {key: [item]}
        else:
            yield {key: value}


def seen_key(value) -> str:
    """A text that only one JSON value has, to validate each distinct value once: repr tells
    apart every value a JSON parse gives (true, 1 and 1.0; "1" and 1), at a fraction of the cost
    of json.dumps. Equal values with their keys in another order get two texts, so are merely
    validated twice."""
    return repr(value)


# An event schema is a closed object of independent properties: no keyword but these.
EVENT_SHAPE = {"type", "description", "title", "additionalProperties", "required", "properties"}


@dataclass
class EventSchema:
    whole: Draft202012Validator                     # the event's own schema
    keys: set[str]                                  # its properties, the only keys allowed
    required: set[str]
    values: dict[str, Draft202012Validator]         # key -> its property's schema


def event_validators(check: Draft202012Validator) -> dict[str, EventSchema]:
    """Event type -> that event's schema alone. The events' item schema is a oneOf of one
    schema per type, each requiring `type` to be its own constant, so an event with a known
    type is valid exactly when it is valid against its type's schema (every other branch fails
    on `type`). That schema is a closed object of independent properties (asserted): an event
    is valid against it exactly when its keys are among the properties, the required ones are
    there, and each value is valid against its property's schema."""
    items = check.schema["properties"]["events"]["items"]
    assert set(items) == {"oneOf"}
    out = {}
    for branch in items["oneOf"]:
        event_type = branch["properties"]["type"]["const"]
        assert "type" in branch["required"] and isinstance(event_type, str) and event_type not in out
        assert set(branch) <= EVENT_SHAPE and branch["type"] == "object" and branch["additionalProperties"] is False
        out[event_type] = EventSchema(check.evolve(schema=branch), set(branch["properties"]), set(branch["required"]),
                                      {key: check.evolve(schema=rule) for key, rule in branch["properties"].items()})
    return out


def piece_error(check: Draft202012Validator, events: dict[str, EventSchema], piece: dict, valid: set[str]):
    """The first of check.iter_errors(piece), None if there is none. A one-event piece of a
    known type is checked against its type's schema (event_validators): its keys, then each
    value against its property's schema, each distinct (type, key, value) once (`valid` holds
    those already found valid)."""
    if set(piece) == {"events"} and len(piece["events"]) == 1 and isinstance(piece["events"][0], dict):
        event = piece["events"][0]
        schema = events.get(event["type"]) if isinstance(event.get("type"), str) else None
        if schema is not None:
            if not (set(event) <= schema.keys and schema.required <= set(event)):
                return event_error(schema, event)
            for key, value in event.items():
                text = f"{event['type']}.{key}={value!r}"
                if text not in valid:
                    if not schema.values[key].is_valid(value):
                        return event_error(schema, event)
                    valid.add(text)
            return None
    return next(check.iter_errors(piece), None)


def event_error(schema: EventSchema, event: dict):
    error = next(schema.whole.iter_errors(event), None)
    assert error is not None, f"the event schema reads otherwise than event_validators says: {event}"
    return error


@pytest.mark.parametrize("game", GAMES)
def test_every_expected_observation_matches_the_described_types(game):
    """Types, enums and nullability in the schema are the vectors' (no undocumented field either:
    the observation and event objects do not allow other properties)."""
    check = validator(game, "observations.schema.json")
    assert set(check.schema) <= PLAIN_ROOT and check.schema["type"] == "object"
    events = event_validators(check)
    split = split_keys(check.schema)
    valid: set[str] = set()
    compared = 0
    for name, data in vector_data(game):
        for case in data["cases"]:
            for index, observation in enumerate(case["expected"]):
                assert isinstance(observation, dict), f"{name} {case['id']} step {index}: not an object"
                for piece in observation_pieces(split, observation):
                    text = seen_key(piece)
                    if text in valid:
                        continue
                    error = piece_error(check, events, piece, valid)
                    if error is not None:                # located in the whole observation
                        error = next(check.iter_errors(observation), error)
                    assert error is None, f"{name} {case['id']} step {index}: {list(error.absolute_path)}: {error.message}"
                    valid.add(text)
                compared += 1
    assert compared > 0


def step_form_check(check: Draft202012Validator):
    """step -> whether check.is_valid(step). The steps schema is a oneOf of forms, each an
    object requiring an `action` string of its own pattern (asserted): a step whose action
    matches the pattern of one form alone fails every other form, so it is valid exactly when
    it is valid against that one, and only that one is tried; any other step is validated
    against the whole oneOf."""
    forms = []
    for form in check.schema["oneOf"]:
        action = form["properties"]["action"]
        assert form["type"] == "object" and "action" in form["required"] and action["type"] == "string"
        forms.append((re.compile(action["pattern"]), check.evolve(schema=form)))

    def is_valid(step) -> bool:
        action = step.get("action") if isinstance(step, dict) else None
        matching = [form for pattern, form in forms if isinstance(action, str) and pattern.search(action)]
        return matching[0].is_valid(step) if len(matching) == 1 else check.is_valid(step)
    return is_valid


@pytest.mark.parametrize("game", GAMES)
def test_every_step_of_the_vectors_has_a_described_form(game):
    """Every accepted step; a refused one (expected `error`) may be malformed on purpose."""
    check = validator(game, "steps.schema.json")
    is_valid = step_form_check(check)
    valid: set[str] = set()                              # a step's form is its own: each distinct one once
    steps = 0
    for name, data in vector_data(game):
        for case in data["cases"]:
            for index, (step, expected) in enumerate(zip(case["input"]["steps"], case["expected"])):
                if "error" in expected:
                    continue
                text = seen_key(step)
                if text not in valid:
                    assert is_valid(step), f"{name} {case['id']} step {index}: {json.dumps(step)[:200]}"
                    valid.add(text)
                steps += 1
    assert steps > 0
    for form, definition in check.schema["$defs"].items():
        assert definition.get("description") and definition.get("title"), f"{game} step form {form}"


def test_the_committed_document_is_the_generated_one():
    assert document_problems() == []
    assert doc_path().read_text(encoding="utf-8") == fresh_document()


def test_the_document_names_every_key_event_field_form_and_setup():
    text = fresh_document()
    for name, game in all_games().items():
        section = text.split(f"(`{name}`)\n", 1)[1].split("\n## ", 1)[0]
        keys, events = documented_paths(game)
        for key in keys:
            assert f"| `{key}` |" in section, f"{name}: key {key} not in the document"
        for event, fields in events.items():
            heading = f"#### `{event}`"
            assert heading in section, f"{name}: event {event} not in the document"
            block = section.split(heading, 1)[1].split("\n####", 1)[0]
            for field in fields:
                assert f"| `{field}` |" in block, f"{name}: field {event}.{field} not in the document"
        for kind in game.observation_keys:
            assert f"| `{kind}` |" in section, f"{name}: kind {kind} has no row"
    for phrase in ("by SEAT", "exactly as it was", "`perft`", "`divide`", "`layout`", "step_clauses",
                   "clause_keys", "`counted_pips`", "`liability`"):
        assert phrase in text, phrase


@pytest.fixture
def schema_copy(tmp_path: Path) -> Path:
    root = tmp_path / "schema"
    shutil.copytree(SCHEMA_DIR, root)
    return root


def edit(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_a_key_or_field_without_a_description_counts_as_undocumented(schema_copy):
    def strip(data):
        del data["properties"]["turn"]["description"]
        del data["$defs"]["placed"]["properties"]["at"]["description"]
    edit(schema_copy / "dominoes" / "observations.schema.json", strip)
    keys, events = documented_paths(all_games()["dominoes"], Schemas(schema_copy))
    assert "turn" not in keys and "scores" in keys
    assert "at" not in events["placed"] and "tile" in events["placed"]


def test_a_new_setup_form_in_the_scenario_schema_reaches_the_document(schema_copy):
    """A kind or a setup field added to schema/<game>/scenario.schema.json (e.g. a position
    start) appears in the document without touching the generator."""
    def add(data):
        data["$defs"]["positionSetup"] = {"type": "object", "properties": {
            "position": {"type": "object", "description": "A position to start from, marker-7731.",
                         "properties": {"draw_pile": {"type": "array", "description": "Top first, marker-7732."},
                                        "turn": {"type": "integer", "description": "Seat to act, marker-7733."}}}}}
        data["allOf"].append({"if": {"properties": {"kind": {"const": "probe"}}},
                              "then": {"properties": {"setup": {"$ref": "#/$defs/positionSetup"}}}})
    edit(schema_copy / "dominoes" / "scenario.schema.json", add)
    text = implementers_markdown([all_games()["dominoes"]], Schemas(schema_copy))
    assert "**`probe`**" in text
    for marker in ("marker-7731", "marker-7732", "marker-7733"):
        assert marker in text


def test_generate_check_fails_on_a_stale_document_and_generate_rewrites_it(tmp_path, monkeypatch, capsys):
    import argparse

    import reference.core.implementers_doc as implementers_doc
    from horserace_cli.commands import generate

    stale = tmp_path / "implementers.md"
    stale.write_text(fresh_document().replace("## Rules every game shares", "## Rules"), encoding="utf-8")
    monkeypatch.setattr(implementers_doc, "doc_path", lambda: stale)
    monkeypatch.setattr(generate, "check_vectors", lambda games: [])
    monkeypatch.setattr(generate, "write_vectors", lambda games: [])
    assert generate.run(argparse.Namespace(check=True, game=[])) == 1
    assert "docs/implementers.md differs" in capsys.readouterr().out
    assert generate.run(argparse.Namespace(check=False, game=[])) == 0
    assert stale.read_text(encoding="utf-8") == fresh_document()
    assert generate.run(argparse.Namespace(check=True, game=[])) == 0
    stale.unlink()
    assert generate.run(argparse.Namespace(check=True, game=[])) == 1


# -- what issue 32 found the document left out or got wrong ---------------------------------------

def game_text(name: str) -> str:
    return fresh_document().split(f"(`{name}`)\n", 1)[1].split("\n## ", 1)[0]


def test_the_document_says_how_events_are_compared_and_what_an_observe_step_shows():
    text = fresh_document()
    assert "an extra, a missing or a misplaced event\n  fails the step" in text
    assert "its `events` are empty" in text
    # the domino settlement kind's settle step
    assert "a `settle` step (the `settlement` kind) gives `round_won` (a domino) or `round_blocked`" in game_text("dominoes")


def test_the_expected_failures_entries_are_documented_with_clause_step_and_key():
    text = fresh_document().split("## Expected failures", 1)[1].split("\n## ", 1)[0]
    for field in ("id", "clause", "reason", "step", "key"):
        assert f"| `{field}` |" in text
    assert "--horserace-expected-failures" in text and "horserace check --expected-failures" in text


def test_keys_with_fields_of_their_own_get_a_field_table():
    horse_fever = game_text("horse_fever")
    payouts = horse_fever.split("Key `payouts`, each item", 1)[1].split("\nKey ", 1)[0]
    assert "| `returned` |" in payouts and "| `odds` |" not in payouts and "| `place` |" not in payouts
    bank = horse_fever.split("Key `bank`", 1)[1].split("\nKey ", 1)[0]
    assert "| `danari_paid` |" in bank and "beyond its stake" in bank


def test_the_horse_fever_position_notes_give_the_minimum_with_the_vectors_counts():
    from reference.core.vectors import load_cases
    probes = len(load_cases(["horse_fever"], kinds=["probe"]))
    text = game_text("horse_fever").split("### Starting from a position", 1)[1].split("\n### ", 1)[0]
    assert f"The `probe` kind ({probes:,} cases)" in text
    for needed in ("`to_act`", "`token`", "`tokens`", "no race", "short-of-minimum penalty", "constructor"):
        assert needed in text, needed
    assert "| `first_bets` |" in text                      # the probes by phase, from the vectors


def test_the_events_each_step_gives_are_listed_from_the_vectors():
    cards = game_text("cards").split("### Events by step", 1)[1]
    assert "| `layout` | `lay` | `track_laid` |" in cards and "| `race` | `lay` | `track_laid` `odds_posted` |" in cards
    assert "| `layout` | `lay` | `track_laid` `odds_posted`" not in cards


def test_event_runs_and_repeated_groups_are_folded():
    from reference.core.implementers_doc import collapsed
    assert collapsed(["movement_card", "moved", "moved", "moved", "sprint"]) == "`movement_card` `moved`+ `sprint`"
    assert collapsed(["revealed", "moved", "revealed", "moved", "won"]) == "(`revealed` `moved`)+ `won`"
    assert collapsed([]) == "none"


def test_an_observe_step_in_a_card_layout_case_is_an_input_error_as_documented():
    from reference.core.errors import InputError
    from reference.core.game import CaseInput
    steps = [{"action": "lay", "lay": {"track": ["2S", "3S", "4S", "2H", "3H", "2D", "2C"]}}, {"action": "observe"}]
    with pytest.raises(InputError, match="only 'lay' steps"):
        list(all_games()["cards"].replay(CaseInput("layout", {}, steps, refusals_are_results=True)))
    assert "an `observe` there is an input error" in game_text("cards")
