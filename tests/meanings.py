"""Documented meanings, checked against the vectors (issue 32 item 1).

docs/implementers.md gives each observation key and each event a meaning (its `description` in
schema/<game>/observations.schema.json). Each game's registry, tests/<game>/documented_meanings.py,
holds one check per key (`KEYS`) and per event type (`EVENTS`) that asserts what that description
says, and tests/core/test_documented_meanings.py runs every check on every occurrence in the
game's vectors: a description that no longer says what the vectors do fails there, and a key or
event added to a schema without a check fails too.

A check gets a `Step` (the case, the step's input and expected observation, and the state the
case's earlier steps showed) and the value: `check(step, value)` for a key, `check(step, event,
position)` for an event (position: its index in the step's events). It raises AssertionError
with what the description says and what the vector holds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Iterator

from reference.core.vectors import vector_files

KeyCheck = Callable[["Step", Any], None]
EventCheck = Callable[["Step", dict, int], None]


@dataclass
class Step:
    case: dict
    index: int
    obs: dict                       # the step's expected observation
    before: dict                    # the observation of the case's last accepted step before it ({}: none)
    start: dict = field(default_factory=dict)   # the first accepted step's observation

    @property
    def setup(self) -> dict:
        return self.case["input"]["setup"]

    @property
    def options(self) -> dict:
        return self.case.get("options") or {}

    @property
    def kind(self) -> str:
        return self.case["kind"]

    @property
    def input(self) -> dict:
        return self.case["input"]["steps"][self.index]

    @property
    def action(self) -> str:
        action = self.input.get("action")
        return action if isinstance(action, str) else ""

    @property
    def verb(self) -> str:
        words = self.action.split()
        return "sit out" if words[:2] == ["sit", "out"] else (words[0] if words else "")

    @property
    def events(self) -> list[dict]:
        return self.obs.get("events") or []

    @property
    def types(self) -> list[str]:
        return [e["type"] for e in self.events]

    def now(self, key: str, default: Any = None) -> Any:
        """The key's value after this step if this step shows it, else as the step before showed it."""
        return self.obs[key] if key in self.obs else self.before.get(key, default)

    def where(self) -> str:
        return f"{self.case['id']} step {self.index} ({self.action or 'observe'})"


@lru_cache(maxsize=None)
def vector_data(game: str) -> tuple[dict, ...]:
    return tuple(json.loads(path.read_text(encoding="utf-8")) for path in vector_files([game]))


def steps(game: str) -> Iterator[Step]:
    """Every step of every vector case of the game that the rules accepted, in order."""
    for data in vector_data(game):
        for case in data["cases"]:
            before: dict = {}
            start: dict = {}
            for index, obs in enumerate(case["expected"]):
                step = Step(case, index, obs, dict(before), start)
                yield step
                if "error" not in obs:          # a refused step leaves the state as it was
                    if not start:
                        start.update(obs)
                    before = obs


def fraction(text: str) -> Fraction:
    assert isinstance(text, str) and text, text
    return Fraction(text)


def is_seat(value: Any, players: int | None) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0 and \
        (players is None or value < players)
