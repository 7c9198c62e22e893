"""Every key and event docs/implementers.md documents has its meaning checked on the vectors
(issue 32 item 1): each game's registry (tests/<game>/documented_meanings.py) holds a check per
key and per event type of schema/<game>/observations.schema.json, and every check runs on every
occurrence in the game's vectors. A key or event added to a schema without a check, one no
vector shows, or a description the vectors contradict fails here."""

from __future__ import annotations

import importlib
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from reference.core.game import all_games
from reference.core.paths import SCHEMA_DIR
from tests.meanings import steps

GAMES = sorted(all_games())
SHOWN = 3                     # failures shown per key or event


def registry(game: str):
    return importlib.import_module(f"tests.{game}.documented_meanings")


def documented(game: str, root: Path = SCHEMA_DIR) -> tuple[set[str], set[str]]:
    schema = json.loads((root / game / "observations.schema.json").read_text(encoding="utf-8"))
    return set(schema["properties"]), set(schema.get("$defs", {}))


def unchecked(game: str, root: Path = SCHEMA_DIR) -> list[str]:
    """The documented keys and events (`events.<type>`) without a meaning check."""
    keys, events = documented(game, root)
    checks = registry(game)
    return sorted(keys - set(checks.KEYS)) + sorted(f"events.{e}" for e in events - set(checks.EVENTS))


@pytest.mark.parametrize("game", GAMES)
def test_every_documented_key_and_event_has_a_meaning_check(game):
    keys, events = documented(game)
    checks = registry(game)
    assert unchecked(game) == [], f"{game}: documented keys or events without a meaning check"
    assert sorted(set(checks.KEYS) - keys) == [] and sorted(set(checks.EVENTS) - events) == [], \
        f"{game}: meaning checks of keys or events no longer documented"


def test_a_key_or_event_added_to_a_schema_without_its_meaning_check_is_caught(tmp_path):
    root = tmp_path / "schema"
    shutil.copytree(SCHEMA_DIR, root)
    path = root / "cards" / "observations.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    schema["properties"]["photo_finish"] = {"type": "boolean", "description": "A new key, described."}
    schema["$defs"]["dead_heat"] = {"type": "object", "description": "A new event, described.",
                                    "properties": {"type": {"const": "dead_heat"}}}
    path.write_text(json.dumps(schema), encoding="utf-8")
    assert unchecked("cards", root) == ["photo_finish", "events.dead_heat"]


@pytest.mark.parametrize("game", GAMES)
def test_every_documented_meaning_holds_wherever_the_vectors_show_it(game):
    checks = registry(game)
    ran: Counter = Counter()
    failures: dict[str, list[str]] = {}

    def run(name: str, check, *args) -> None:
        ran[name] += 1
        try:
            check(*args)
        except (AssertionError, KeyError, TypeError, IndexError) as exc:
            shown = failures.setdefault(name, [])
            if len(shown) < SHOWN:
                shown.append(f"{args[0].where()}: {type(exc).__name__}: {str(exc)[:300]}")

    for step in steps(game):
        for key, value in step.obs.items():
            if key in checks.KEYS:
                run(key, checks.KEYS[key], step, value)
        for position, event in enumerate(step.obs.get("events") or []):
            if event.get("type") in checks.EVENTS:
                run(f"events.{event['type']}", checks.EVENTS[event["type"]], step, event, position)
    keys, events = documented(game)
    unseen = sorted(k for k in keys if not ran[k]) + sorted(f"events.{e}" for e in events if not ran[f"events.{e}"])
    assert failures == {}, f"{game}: the vectors contradict the documented meaning"
    assert unseen == [], f"{game}: documented but shown by no vector, so their meaning is checked nowhere"
