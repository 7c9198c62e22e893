"""Clause catalogs and interpretation registers (data files of each game package)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from . import schemas
from .game import Game, all_games, get_game
from .paths import display_path
from .yamlsource import load_yaml_file


@dataclass(frozen=True)
class Clause:
    id: str
    game: str
    section: str
    summary: str
    sources: tuple[tuple[str, str], ...]   # (seed file, section heading) in each language
    note: str = ""
    waiver: str = ""
    retired: bool = False


@dataclass(frozen=True)
class Example:
    id: str
    game: str
    summary: str
    sources: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Interpretation:
    id: str
    game: str
    title: str
    question: str
    clauses: tuple[str, ...]
    reading: str
    alternatives: tuple[dict[str, Any], ...]
    flag: str
    scenarios: tuple[str, ...]
    option: dict[str, Any] | None = None
    skip: str = ""


@dataclass
class Catalog:
    game: str
    title: str
    clauses: dict[str, Clause] = field(default_factory=dict)
    examples: dict[str, Example] = field(default_factory=dict)
    interpretations: dict[str, Interpretation] = field(default_factory=dict)


def _sources(doc, data: dict, section: str, path: tuple) -> tuple[tuple[str, str], ...]:
    headings = data["sections"].get(section)
    if headings is None:
        raise doc.error(path, f"unknown section '{section}'; sections are {', '.join(data['sections'])}")
    out = []
    for lang, heading in headings.items():
        seed = data["seeds"].get(lang) or data.get("sources", {}).get(lang)
        if seed is None:
            raise doc.error(("sections", section, lang), f"no seed or source named '{lang}'")
        out.append((seed, heading))
    return tuple(out)


@lru_cache(maxsize=None)
def load_catalog(game_name: str) -> Catalog:
    game: Game = get_game(game_name)
    doc = load_yaml_file(game.catalog_file)
    doc.path = display_path(game.catalog_file)
    schemas.check(doc.data, "clauses.schema.json", doc)
    data = doc.data
    catalog = Catalog(game=game.name, title=data["title"])
    for index, raw in enumerate(data["clauses"]):
        path = ("clauses", index)
        if not raw["id"].startswith(game.clause_prefix):
            raise doc.error(path + ("id",), f"clause ids of {game.name} start with {game.clause_prefix}")
        if raw["id"] in catalog.clauses:
            raise doc.error(path + ("id",), f"duplicate clause id {raw['id']}")
        catalog.clauses[raw["id"]] = Clause(
            id=raw["id"], game=game.name, section=raw["section"], summary=raw["summary"],
            sources=_sources(doc, data, raw["section"], path + ("section",)),
            note=raw.get("note", ""), waiver=raw.get("waiver", ""), retired=raw.get("retired", False))
    for index, raw in enumerate(data.get("examples", [])):
        sources = tuple(s for k, sec in enumerate(raw["sections"])
                        for s in _sources(doc, data, sec, ("examples", index, "sections", k)))
        if raw["id"] in catalog.examples:
            raise doc.error(("examples", index, "id"), f"duplicate example id {raw['id']}")
        catalog.examples[raw["id"]] = Example(raw["id"], game.name, raw["summary"], sources)
    if game.interpretations_file.exists():
        _load_interpretations(game, catalog)
    return catalog


def _load_interpretations(game: Game, catalog: Catalog) -> None:
    doc = load_yaml_file(game.interpretations_file)
    doc.path = display_path(game.interpretations_file)
    schemas.check(doc.data, "interpretations.schema.json", doc)
    for index, raw in enumerate(doc.data["interpretations"]):
        path = ("interpretations", index)
        for k, clause in enumerate(raw["clauses"]):
            if clause not in catalog.clauses:
                raise doc.error(path + ("clauses", k), f"unknown clause {clause}")
        option = raw.get("option")
        if option and option["name"] not in game.option_defaults:
            raise doc.error(path + ("option", "name"), f"{game.name} has no option '{option['name']}'")
        if option and game.option_defaults[option["name"]] != option["default"]:
            raise doc.error(path + ("option", "default"),
                            f"the engine's default is {game.option_defaults[option['name']]!r}")
        if raw["id"] in catalog.interpretations:
            raise doc.error(path + ("id",), f"duplicate interpretation id {raw['id']}")
        catalog.interpretations[raw["id"]] = Interpretation(
            id=raw["id"], game=game.name, title=raw["title"], question=raw["question"],
            clauses=tuple(raw["clauses"]), reading=raw["reading"],
            alternatives=tuple(raw["alternatives"]), flag=raw["flag"],
            scenarios=tuple(raw["scenarios"]), option=option, skip=raw.get("skip", ""))


def all_catalogs() -> dict[str, Catalog]:
    return {name: load_catalog(name) for name in all_games()}


def find_clause(clause_id: str) -> Clause | None:
    for catalog in all_catalogs().values():
        if clause_id in catalog.clauses:
            return catalog.clauses[clause_id]
    return None

