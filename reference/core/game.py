"""The small interface every game package provides, and the game registry.

A game is a subpackage of `reference` that exposes `GAME`, a `Game` value. Adding a game
means adding a folder; nothing in the core names a particular game.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from .errors import HorseRaceError

@dataclass(frozen=True)
class CaseInput:
    """What an engine replays: a scenario's kind, setup, steps and options, or the same from a
    vector case. Steps are in scenario form (e.g. {'place': '1|4', 'at': '...'}) or protocol
    form ({'action': 'place 1|4 at ...'}); games accept both.

    `refusals_are_results`: a refused action is reported as an observation {'error': clause}
    and play goes on (adapter mode) instead of being an input error (scenario mode, where only
    steps that expect `error` may be refused).
    """

    kind: str
    setup: Mapping[str, Any]
    steps: Sequence[Mapping[str, Any]]
    options: Mapping[str, Any] = field(default_factory=dict)
    refusals_are_results: bool = False


def may_refuse(case: CaseInput, step: Mapping[str, Any]) -> bool:
    """A refused action is a result in adapter mode, or where the scenario step expects it."""
    return case.refusals_are_results or "error" in (step.get("expect") or {})


@dataclass(frozen=True)
class Mutant:
    """A plausible misreading of a rule, applied to the reference engine for `horserace mutants`."""

    name: str
    description: str
    clauses: tuple[str, ...]
    patch: Callable[[], Any]          # returns a context manager that installs the misreading


@dataclass(frozen=True)
class StepOutcome:
    """What the engine did for one scenario step, and everything a scenario may check."""

    index: int                       # position in the scenario's steps
    action: str | None               # protocol form of the action, None for a pure check
    observation: Mapping[str, Any]   # observable values after the step, by expectation key
    clauses: tuple[str, ...]         # clause ids the engine applied during the step
    narrative: tuple[str, ...] = ()  # lines for a person (`horserace replay`)


def refused(index: int, action_text: str | None, exc: Any) -> "StepOutcome":
    """The outcome of a refused action (an InputError): reported; the state stays as it was."""
    return StepOutcome(index, action_text, {"error": exc.clause}, (exc.clause,) if exc.clause else (),
                       (action_text or "check", f"  refused under {exc.clause}: {exc.message}"))


# How an expectation is compared with the observed value:
#   exact     - equal after JSON normalisation
#   unordered - lists compared as multisets (the rule text lists them in no fixed order)
#   events    - ordered list; an expected entry may be a bare type name or a partial object
#   subset    - objects: only the expected fields are compared (recursively)
#   unordered_each - a list of lists, each inner list compared as a multiset (hands)
COMPARE_MODES = ("exact", "unordered", "events", "subset", "unordered_each")


@dataclass(frozen=True)
class Game:
    name: str                                  # folder name and `game:` value in scenarios
    title: str
    clause_prefix: str                         # every clause id of the game starts with it
    package_dir: Path
    scenario_schema: str                       # schema file (under schema/) for `setup` and `steps`
    expectation_modes: Mapping[str, str]       # expectation key -> compare mode
    replay: Callable[[CaseInput], Iterator[StepOutcome]]
    option_defaults: Mapping[str, Any] = field(default_factory=dict)
    # -- for vectors (reference.core.vectors) --------------------------------------------
    # kind -> the observation keys a vector of that kind checks after every step
    observation_keys: Mapping[str, Sequence[str]] = field(default_factory=dict)
    # scenario-form step -> protocol form ({'action': text} plus any chance input)
    compile_step: Callable[[Mapping[str, Any]], dict] | None = None
    # generated cases (random games, perft ...), each a dict in the vector case format
    generate_cases: Callable[[], Iterable[dict]] | None = None
    # case -> flags (interpretation-dependent situations that arose in it)
    flags_for: Callable[[dict], list[str]] | None = None
    # plausible misreadings for the mutation self-check
    mutants: Callable[[], Sequence[Mutant]] | None = None
    rules_edition: str = ""
    # name -> (unit, function doing one batch of work and returning how many units it did)
    benchmarks: Mapping[str, tuple[str, Callable[[], int]]] = field(default_factory=dict)
    # (kind, observation after a step) -> an SVG drawing of that state, as the rule texts draw it;
    # "" when the step has nothing to draw (a settlement, a refused action)
    render_step: Callable[[str, Mapping[str, Any]], str] | None = None
    # clause id -> the observation paths its decision determines ("key", "key.field",
    # "events.<type>", "events.<type>.<field>"): how a runner attributes a divergence at a step
    # to the clauses that step applied. Written into every vector file's header.
    clause_keys: Mapping[str, Sequence[str]] = field(default_factory=dict)
    # (difference, expected observation, actual observation) -> the finer paths it lies on, for
    # attribution: where a whole value differs (a list of legal actions, a per-seat list), which
    # part of it ("legal_actions.draw", "settlement.bonus.winner"). [] or None: the difference's own
    # path. The paths it returns are the ones the game's clause_keys may name. A hook with a
    # `before` keyword parameter also gets the expected observation of the step before.
    difference_paths: Callable[[Any, Mapping[str, Any], Mapping[str, Any]], Sequence[str]] | None = None
    # the register's convention that a refused action leaves the state exactly as it was: a
    # difference that first shows after a refused step (and that no later step decided) is
    # charged to it. Written into every vector file's header.
    refusal_clause: str = ""
    # the modes of play a case may be in, which an implementation may leave out whole (dominoes:
    # individual and partnership play; Horse Fever: the player counts), and (kind, setup) -> the
    # mode of a case, None for a case in no mode (a layout, a race): written into each vector
    # case as `mode`, selected by `--mode`.
    modes: Sequence[str] = ()
    case_mode: Callable[[str, Mapping[str, Any]], str | None] | None = None

    @property
    def catalog_file(self) -> Path:
        return self.package_dir / "clauses.yaml"

    @property
    def interpretations_file(self) -> Path:
        return self.package_dir / "interpretations.yaml"


class UnknownGame(HorseRaceError):
    pass


def _load(name: str) -> Game | None:
    try:
        package = importlib.import_module(f"reference.{name}")
    except ImportError as exc:
        raise UnknownGame(f"the game package reference/{name} does not import: {exc}") from None
    game = getattr(package, "GAME", None)
    return game if isinstance(game, Game) else None


@lru_cache(maxsize=1)
def all_games() -> dict[str, Game]:
    import reference

    games: dict[str, Game] = {}
    for module in pkgutil.iter_modules(reference.__path__):
        if module.ispkg and module.name != "core":
            game = _load(module.name)
            if game is not None:
                games[game.name] = game
    return dict(sorted(games.items()))


@lru_cache(maxsize=None)
def get_game(name: str) -> Game:
    import reference

    known = [m.name for m in pkgutil.iter_modules(reference.__path__) if m.ispkg and m.name != "core"]
    game = _load(name) if name in known else None
    if game is None:
        raise UnknownGame(f"unknown game {name!r}{nearest(name, known)}; known games: {', '.join(known) or 'none'}")
    return game


def nearest(name: str, known: Iterable[str]) -> str:
    """` (did you mean X?)` for the known name closest to a mistyped one, else nothing."""
    import difflib
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""
