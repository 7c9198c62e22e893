"""A one-off question for `horserace ruling`: a position in a game's short form, with what the short
form assumes and the chance it was given.

A game may offer a short form in `reference/<game>/question.py`, a function
`expand(data) -> Expanded` that rewrites a question file's data (game, kind, setup, steps ...)
into the game's full form before it is checked: a card race takes just the cards that will be
revealed, a domino position just the tiles that will be drawn. Whatever the short form fills in
is listed in `assumed`, and `supply` says how much chance was given, so that a ruling stops (and
says so) when play needs more than that instead of inventing it. Errors name the field of the
file (`InputError(field, message)`), as everywhere.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from .errors import InputError
from .paths import display_path
from .scenario import Scenario, from_doc
from .yamlsource import load_yaml_file


@dataclass(frozen=True)
class Supply:
    """The chance a question gave: `given` items (cards to reveal, tiles to draw), named `what`,
    given in `field`; `used(observations)` counts how many of them play has used after the steps
    observed so far (it may count more than given: the ruling stops there)."""
    given: int
    what: str
    field: str
    used: Callable[[Sequence[Mapping[str, Any]]], int]


@dataclass
class Expanded:
    data: dict[str, Any]                           # the question in the game's full form
    assumed: list[str] = field(default_factory=list)
    supply: Supply | None = None


def short_form(game_name: str):
    """The game's short position form (`reference/<game>/question.py`), if it has one."""
    try:
        return importlib.import_module(f"reference.{game_name}.question")
    except ModuleNotFoundError:
        return None


def actions_as_steps(data: Any) -> Any:
    """A question's step may be an action's text alone ("reveal", "bet red win 300 by 1"): it is
    that action in the protocol form ({"action": text}), unless the game's short form read it."""
    if isinstance(data, dict) and isinstance(data.get("steps"), list):
        return {**data, "steps": [{"action": s} if isinstance(s, str) else s for s in data["steps"]]}
    return data


def load_question_file(path: Path | str) -> tuple[Scenario, Expanded]:
    """A question file: a scenario whose id, title, clauses and expectations may be left out, in
    its game's short form if it has one, steps given as action texts allowed. Errors name the
    file, line and field."""
    doc = load_yaml_file(path)
    doc.path = display_path(path)
    expanded = Expanded(doc.data)
    data = doc.data
    if isinstance(data, dict) and isinstance(data.get("game"), str) and data["game"].isidentifier():
        module = short_form(data["game"])
        if module is not None:
            try:
                expanded = module.expand(data)
            except InputError as exc:
                rule = f" (rule {exc.clause})" if exc.clause else ""
                raise doc.error(exc.field, exc.message + rule) from None
    expanded.data = actions_as_steps(expanded.data)
    doc.data = expanded.data
    return from_doc(doc, question=True), expanded
