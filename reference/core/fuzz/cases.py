"""From a seed (or a list of chooser numbers) to a case in the vector case form.

A fuzz case is built exactly as a generated vector case is: the game's generator writes the
input, the reference engine replaying it gives `expected` and `step_clauses`
(`reference.core.vectors.expected_observations`), and the case carries the game's
`clause_keys` so a divergence is attributed as `horserace check` attributes one.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any, Sequence

from ..errors import HorseRaceError
from ..game import Game, get_game
from .choices import Chooser

SEED_BITS = 48              # a case seed is a whole number below 2**48 (15 digits at most)

# game name -> generator module; tests put a fake here (monkeypatch) instead of reference/<game>/fuzzing.py
OVERRIDES: dict[str, Any] = {}


class FuzzError(HorseRaceError):
    """A fuzzing request that cannot be met (no generator, an unknown kind, a bad option)."""


class InvalidCase(HorseRaceError):
    """The generator made a case the reference engine does not accept (a generator bug)."""


def load_generator(game_name: str) -> ModuleType | Any:
    """The game's generator module `reference/<game>/fuzzing.py` (KINDS, generate)."""
    if game_name in OVERRIDES:
        return OVERRIDES[game_name]
    get_game(game_name)                 # an unknown game is named as such
    try:
        module = importlib.import_module(f"reference.{game_name}.fuzzing")
    except ModuleNotFoundError as exc:
        if exc.name != f"reference.{game_name}.fuzzing":
            raise
        raise FuzzError(f"the game {game_name} has no fuzz generator (reference/{game_name}/fuzzing.py)") from None
    for name in ("KINDS", "generate"):
        if not hasattr(module, name):
            raise FuzzError(f"reference/{game_name}/fuzzing.py has no {name}")
    return module


def case_seed(game: str, kind: str, index: int, options: dict[str, Any] | None = None) -> int:
    """The seed of case `index` of a campaign: SHA-256 of its text, the same on every machine
    (Python's hash() is salted per process)."""
    text = f"{game}/{kind}/{index}"
    if options:
        text += "/" + json.dumps(options, sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:SEED_BITS // 8], "big")


def case_id(game: str, kind: str, seed: int) -> str:
    """fuzz-<game>-<kind>-<seed>, with '-' for '_' (case ids are lower-case words joined by '-' or '.')."""
    return f"fuzz-{game}-{kind}-{seed}".replace("_", "-")


def non_default(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """The options that differ from the game's defaults (a case names only those)."""
    defaults = game.option_defaults
    return {k: v for k, v in sorted(options.items())
            if k not in defaults or json.dumps(defaults[k]) != json.dumps(v)}


def build_case(game_name: str, kind: str, options: dict[str, Any], chooser: Chooser,
               seed: int | None = None) -> dict[str, Any]:
    """The vector-form case the generator makes from `chooser`; `chooser.drawn` then holds the
    numbers it used. Raises InvalidCase when the reference engine refuses the input."""
    from ..vectors import expected_observations
    game = get_game(game_name)
    generator = load_generator(game_name)
    chosen = non_default(game, options)
    try:
        made = generator.generate(chooser, kind, {**game.option_defaults, **options})
        inp = json.loads(json.dumps(made["input"]))      # plain JSON, as it travels
    except Exception as exc:     # a plug-in's bug (or an edited number list it cannot read): not the implementation's
        raise InvalidCase(f"the {game_name} generator failed: {type(exc).__name__}: {exc}") from None
    case: dict[str, Any] = {"id": case_id(game_name, kind, seed if seed is not None else 0),
                            "game": game_name, "kind": kind, "options": chosen, "input": inp}
    if not isinstance(inp, dict) or not inp.get("steps"):
        raise InvalidCase("the generator made a case without steps")
    checked = checked_keys(made, len(inp["steps"]))
    try:
        expected, step_clauses = expected_observations(game, {**case, "_checked_keys": checked} if checked else case)
    except HorseRaceError as exc:
        raise InvalidCase(f"the reference refuses the generated case: {exc}") from None
    except Exception as exc:     # an engine bug met on this input: reported with the case, the run goes on
        raise InvalidCase(f"the reference engine failed on the generated case (a bug in the suite): "
                          f"{type(exc).__name__}: {exc}") from None
    catalog = catalog_clauses(game_name)
    step_clauses = [[c for c in step if c in catalog] for step in step_clauses]
    case["clauses"] = sorted({c for step in step_clauses for c in step})
    if game.case_mode is not None and game.case_mode(kind, inp["setup"]) is not None:
        case["mode"] = game.case_mode(kind, inp["setup"])
    case["flags"] = ["illegal-action"] if any("error" in e for e in expected) else []
    case["expected"] = expected
    case["step_clauses"] = step_clauses
    case["clause_keys"] = {k: list(v) for k, v in sorted(game.clause_keys.items())}
    return case


def checked_keys(made: dict[str, Any], steps: int) -> list[list[str]] | None:
    """The generator's optional `checked_keys`: per step, observation keys checked there beside
    the kind's own (as a scenario step's `expect` adds keys to its vector case)."""
    checked = made.get("checked_keys")
    if checked is None:
        return None
    if (not isinstance(checked, list) or len(checked) != steps
            or not all(isinstance(keys, list) and all(isinstance(k, str) for k in keys) for keys in checked)):
        raise InvalidCase(f"the generator's checked_keys is not a list of {steps} lists of observation keys")
    return checked


@lru_cache(maxsize=None)
def catalog_clauses(game_name: str) -> frozenset[str]:
    """The game's clause ids, kept here: a mutant run clears the caches the game's modules hold
    (reference.core.mutation.clear_engine_caches), the catalog's among them, and reading the
    catalog again for every case would cost more than the case."""
    from ..catalog import load_catalog
    return frozenset(load_catalog(game_name).clauses)


@dataclass
class Made:
    """A case, the chooser numbers it used, and where its lists' items are (Chooser.lists)."""
    case: dict[str, Any]
    numbers: list[int]
    lists: list[tuple[int, list[tuple[int, int]]]]


def made(game: str, kind: str, options: dict[str, Any], chooser: Chooser, seed: int) -> Made:
    case = build_case(game, kind, options, chooser, seed)
    return Made(case, list(chooser.drawn), chooser.lists)


def case_from_seed(game: str, kind: str, options: dict[str, Any], seed: int) -> tuple[dict[str, Any], list[int]]:
    m = made(game, kind, options, Chooser.from_seed(seed), seed)
    return m.case, m.numbers


def case_from_numbers(game: str, kind: str, options: dict[str, Any], numbers: Sequence[int],
                      seed: int) -> tuple[dict[str, Any], list[int]]:
    """The case the numbers make (numbers past the end read as 0); also the numbers it used."""
    m = made(game, kind, options, Chooser.replaying(numbers), seed)
    return m.case, m.numbers
