"""Scenario files: loading, schema validation, and the common envelope.

A scenario is YAML: an envelope every game shares (id, title, game, kind, clauses, source,
options, notes) around a game-specific `setup` and `steps`. See schema/scenario.schema.json.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from . import schemas
from .errors import InputError, ScenarioError
from .game import CaseInput, Game, StepOutcome, UnknownGame, get_game
from .paths import SCENARIO_DIR, display_path, require_dir
from .yamlsource import SourceDoc, load_yaml_file, load_yaml_text

ENVELOPE_SCHEMA = "scenario.schema.json"


@dataclass
class Scenario:
    id: str
    title: str
    game: Game
    kind: str
    clauses: list[str]
    sources: list[dict[str, Any]]
    interpretations: list[str]
    options: dict[str, Any]
    setup: dict[str, Any]
    steps: list[dict[str, Any]]
    doc: SourceDoc
    notes: str = ""
    examples: list[str] = field(default_factory=list)

    @property
    def path(self) -> str:
        return self.doc.path

    def error(self, exc: InputError) -> ScenarioError:
        """Locate an engine InputError (a field path in this file) as file:line."""
        rule = f" (rule {exc.clause})" if exc.clause else ""
        return self.doc.error(exc.field, exc.message + rule)

    def case_input(self) -> CaseInput:
        return CaseInput(self.kind, self.setup, self.steps, self.options)

    def replay(self) -> Iterator[StepOutcome]:
        """The game's replay, with input errors turned into located scenario errors."""
        try:
            yield from self.game.replay(self.case_input())
        except InputError as exc:
            raise self.error(exc) from None


# A scenario of the suite names itself and the clauses it exercises; a one-off question (replay,
# render, ruling of a position) need not: the schema asks only for game, kind and steps.
SUITE_FIELDS = ("id", "title", "clauses")


def from_doc(doc: SourceDoc, question: bool = False) -> Scenario:
    """A scenario from a parsed file; `question`: a one-off question, whose id, title and clauses
    may be left out (the id becomes the file's name, the title says it is a question)."""
    data = doc.data
    schemas.check(data, ENVELOPE_SCHEMA, doc)
    if not question:
        for name in SUITE_FIELDS:
            if name not in data:
                raise doc.error((), f"'{name}' is a required property (a scenario of the suite names its id, "
                                "title and the clauses it exercises; a one-off question for replay, render "
                                "or ruling may leave them out)")
    try:
        game = get_game(data["game"])
    except UnknownGame as exc:
        raise doc.error(("game",), str(exc)) from None
    schemas.check(data, game.scenario_schema, doc)
    for index, clause in enumerate(data.get("clauses", [])):
        if not clause.startswith(game.clause_prefix):
            raise doc.error(("clauses", index), f"{clause} is not a {game.name} clause "
                            f"(ids start with {game.clause_prefix})")
    if question:
        name = Path(str(doc.path)).name
        data = {"id": re.sub(r"[^a-z0-9]+", "-", Path(name).stem.lower()).strip("-") or "question",
                "title": f"a question ({name})", **data}
    return Scenario(
        id=data["id"], title=data["title"], game=game, kind=data["kind"],
        clauses=list(data.get("clauses", [])), sources=list(data.get("source", [])),
        interpretations=list(data.get("interpretations", [])), options=dict(data.get("options", {})),
        setup=data.get("setup", {}), steps=list(data.get("steps", [])), doc=doc,
        notes=data.get("notes", ""), examples=list(data.get("examples", [])))


def load_scenario(path: Path | str, question: bool = False) -> Scenario:
    """A scenario file; `question`: a one-off question (id, title and clauses may be left out)."""
    doc = load_yaml_file(path)
    doc.path = display_path(path)
    return from_doc(doc, question)


def load_scenario_text(text: str, name: str = "<text>") -> Scenario:
    return from_doc(load_yaml_text(text, name))


def scenario_files(paths: list[str] | None = None) -> list[Path]:
    """The YAML files named (folders searched recursively), or every scenario of every game."""
    if not paths:
        paths = [str(require_dir(SCENARIO_DIR, "scenario folder"))]
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.yaml")))
        else:
            files.append(path)
    return files


def game_scenarios(game: Game) -> list[Scenario]:
    folder = SCENARIO_DIR / game.name
    return [load_scenario(p) for p in scenario_files([str(folder)])] if folder.is_dir() else []


def scenario_clauses(scenario: Scenario) -> set[str]:
    """The clauses a scenario cites, at the top and on its steps."""
    cited = set(scenario.clauses)
    for step in scenario.steps:
        cited.update(step.get("clauses", []))
    return cited
