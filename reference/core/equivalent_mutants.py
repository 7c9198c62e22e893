"""The register of equivalent generated mutants: `reference/<game>/equivalent_mutants.yaml`.

Every generated mutant (reference/core/generated_mutants.py) that no vector kills is either
killed by a new vector or listed here, by its key, with the change it makes (as
`horserace mutants --generated --list` prints it) and a reason a reviewer can check:

  unreachable   no input the protocol can give runs it (the vectors never reach it, and the
                `why` says why none could);
  same-result   it computes the same values by construction;
  order-free    it changes only an order the protocol compares as a multiset, or never shows;
  not-visible   it changes only what no observation shows (a setup the protocol never sends
                invalid, a value no observation key holds).

An entry names a mutant that exists today, with the same change (the key holds a hash of the
line's code, so an edit of that line makes a new mutant and leaves the entry stale); and a
listed mutant that a vector kills is not equivalent. `register_problems` says both.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .game import get_game
from .generated_mutants import GeneratedMutant

REGISTER_FILE = "equivalent_mutants.yaml"
REASONS = ("unreachable", "same-result", "order-free", "not-visible")


@dataclass(frozen=True)
class Equivalent:
    key: str
    change: str
    reason: str
    why: str
    where: str              # file:line of the entry, for messages


def register_path(game_name: str) -> Path:
    return get_game(game_name).package_dir / REGISTER_FILE


def load_register(game_name: str) -> dict[str, Equivalent]:
    """The game's register by key (empty when the file does not exist), schema-checked."""
    from . import schemas
    from .paths import display_path
    from .yamlsource import load_yaml_file
    path = register_path(game_name)
    if not path.exists():
        return {}
    doc = load_yaml_file(path)
    doc.path = display_path(path)
    schemas.check(doc.data, "equivalent-mutants.schema.json", doc)
    if doc.data["game"] != game_name:
        raise doc.error(("game",), f"this is {game_name}'s register; it says {doc.data['game']!r}")
    out: dict[str, Equivalent] = {}
    for index, raw in enumerate(doc.data["equivalents"]):
        where = f"{doc.path}:{doc.line_of(('equivalents', index, 'key')) or 1}"
        if raw["key"] in out:
            raise doc.error(("equivalents", index, "key"), f"{raw['key']} is listed twice")
        out[raw["key"]] = Equivalent(raw["key"], raw["change"], raw["reason"], raw["why"], where)
    return out


def register_problems(register: dict[str, Equivalent], mutants: Iterable[GeneratedMutant]) -> list[str]:
    """Entries that name no mutant of today's rules, or one whose change is not the entry's."""
    by_key = {m.key: m for m in mutants}
    problems = []
    for key, entry in register.items():
        mutant = by_key.get(key)
        if mutant is None:
            problems.append(f"{entry.where}: {key} names no generated mutant of today's rules "
                            "(its line changed, or it was removed): review it and update or remove the entry")
        elif mutant.change != entry.change:
            problems.append(f"{entry.where}: {key} changes '{mutant.change}', the entry says '{entry.change}'")
    return problems
