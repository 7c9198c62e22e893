"""The mutation self-check: every misreading in a game's mutant list must be caught.

A mutant is killed when at least one vector case fails against it, judged exactly as the
runner judges an implementation's answer. The fast path (the default) replays the cases in
process: one forked worker per mutant installs the misreading, answers each case as the
reference adapter would, and stops at the first kill (`full=True` keeps the whole kill table);
the workers run in parallel over the cores. `via_protocol` runs a mutant as a real
implementation instead: the reference adapter with the mutant installed, driven by the runner.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shlex
import signal
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FunctionType, ModuleType
from typing import Any, Callable, Iterator

from .forked import forked_pool
from .game import Game, Mutant, get_game
from .vectors import REFUSAL_FLAG

_MISSING = object()


@contextmanager
def patched(*patches: tuple[Any, str, Any]) -> Iterator[None]:
    """Install (object, attribute, replacement) patches together; undo them on exit. The
    attribute must exist (a misspelt name fails loudly instead of patching nothing).

    A function patched on a module is replaced where it is called: also in every other module of
    the same package (`reference.<game>`) that imported it by name (`from .rules.betting import
    place_bet` binds the same function to the same name there, which a patch of the module
    attribute alone would not reach: the mutant would survive through that caller). The module
    that defines the replacement keeps its own binding (a replacement may call the original)."""
    saved: list[tuple[Any, str, Any]] = []
    try:
        for target, attribute, value in patches:
            original = getattr(target, attribute)
            for holder in [target, *importers_by_name(target, attribute, original, value)]:
                saved.append((holder, attribute, vars(holder).get(attribute, _MISSING)))
                setattr(holder, attribute, value)
        yield
    finally:
        for target, attribute, original in reversed(saved):
            if original is _MISSING:
                delattr(target, attribute)
            else:
                setattr(target, attribute, original)


def importers_by_name(target: Any, attribute: str, original: Any, replacement: Any) -> list[ModuleType]:
    """The other modules of `target`'s package (its first two dotted parts: `reference.cards`)
    that hold the function `original` under the same name, but the replacement's own module:
    where a patch of `target.attribute` must also go to reach every caller. Only functions (a
    constant or a class patched on a module is looked up through it: a mutant patches it there)."""
    if not isinstance(target, ModuleType) or not isinstance(original, FunctionType):
        return []
    package = ".".join(target.__name__.split(".")[:2])
    own = getattr(replacement, "__module__", None)
    return [module for name, module in list(sys.modules.items())
            if module is not None and module is not target and name != own
            and (name == package or name.startswith(package + "."))
            and vars(module).get(attribute) is original]


def mutant(name: str, description: str, clauses: tuple[str, ...], *patches: tuple[Any, str, Any]) -> Mutant:
    """A mutant made of plain patches, applied where each name is looked up at call time."""
    return Mutant(name, description, clauses, lambda: patched(*patches))


# -- judging one case in process, as the runner would ------------------------------------------

class CaseTimeout(Exception):
    pass


def verdict(case: dict[str, Any], timeout: float | None = None) -> str:
    """'passed', 'failed' or 'errored' for the installed engine, as `horserace check` would
    judge the reference adapter's answer (sent over JSON; a crash or a timeout is 'errored')."""
    from .adapter import answer_case
    from .protocol import case_message
    from .results import judge

    alarm = timeout and hasattr(signal, "setitimer")
    if alarm:
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        try:
            reply = json.loads(json.dumps(answer_case(case_message(1, case))))
        finally:
            # an alarm due just as the answer came raises here, before the disarm: the outer
            # handler still takes it (the timer fires once, so nothing is left armed)
            if alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
    except CaseTimeout:
        return "errored"
    except Exception:              # the adapter process would have crashed: errored, not killed
        return "errored"
    if reply["type"] != "result":
        return "errored"
    # only the verdict counts, and the engine here may be a mutant: no counterfactual attribution
    return judge(case, reply["steps"], counterfactual=False)[0]


def in_process_killers(mutant_: Mutant, cases: list[dict[str, Any]], first_only: bool = True) -> list[str]:
    """The cases whose checked observations the mutant changes, judged as the runner judges:
    the first one found (the likeliest killers tried first), or with
    `first_only=False` all of them, in the given order."""
    killers = []
    with mutant_.patch():
        for case in likely_killers_first(mutant_, cases) if first_only else cases:
            if verdict(case) == "failed":
                killers.append(case["id"])
                if first_only:
                    break
    return killers


@dataclass
class MutantResult:
    game: str
    mutant: Mutant
    killers: list[str] = field(default_factory=list)     # failing case ids
    errored: list[str] = field(default_factory=list)     # cases the mutant could not even answer
    cases_run: int = 0

    @property
    def killed(self) -> bool:
        return bool(self.killers)


def likely_killers_first(mutant_: Mutant, cases: list[dict[str, Any]], focused: bool = False) -> list[dict[str, Any]]:
    """The cases likeliest to kill the mutant first, so that the first kills come sooner; the
    order only changes how soon, never whether, a killing case is found. A mutant naming its
    game's refusal convention misreads what a refused action does, which only a case with a
    refused step can show: those come first; then the cases exercising the mutant's clauses.
    Within each group the cases keep the order of `focused_first` (`focused`: `cases` are in
    that order already, as when one list serves many mutants)."""
    clauses = set(mutant_.clauses)
    groups: tuple[list[dict[str, Any]], ...] = ([], [], [], [])
    for case in cases if focused else focused_first(cases):
        refuses = case.get("refusal_clause") in clauses and REFUSAL_FLAG in case.get("flags", ())
        groups[2 * (not refuses) + clauses.isdisjoint(case["clauses"])].append(case)
    return [case for group in groups for case in group]


def focused_first(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The hand-written scenarios (an `origin`) first, each written to check the clauses it
    names, then the cases naming the fewest clauses (the most focused), then the short ones
    (fewest steps); the given order between equals. The same for every mutant."""
    return sorted(cases, key=lambda case: ("origin" not in case, len(case["clauses"]), len(case["input"]["steps"])))


# The attribute a memoised function of a game sets (to True) when no misreading of the rules
# can change its result: it reads data files and calls no rule. It is kept across mutants. (Were
# that wrong, the reference's result would hide the misreading: a mutant would survive and the
# self-check fail, never a mutant be killed that should not.)
SAME_FOR_EVERY_READING = "same_for_every_reading"


def engine_caches(game: Game) -> list[Any]:
    """The memoised functions of the game's modules imported so far (what
    `clear_engine_caches` empties), but those SAME_FOR_EVERY_READING."""
    prefix = f"reference.{game.name}."
    found: dict[int, Any] = {}
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith(prefix) and module is not None:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)) and not getattr(value, SAME_FOR_EVERY_READING, False):
                    found.setdefault(id(value), value)
    return list(found.values())


def clear_engine_caches(game: Game, caches: list[Any] | None = None) -> None:
    """Forget what the engine computed before the mutant was installed (memoised results of
    the reference reading would hide the misreading), as a fresh process would. `caches`:
    the game's `engine_caches`, when the caller has listed them already."""
    for cache in engine_caches(game) if caches is None else caches:
        cache.cache_clear()


# -- the fast path: forked workers, one mutant each -----------------------------------------

# What the forked workers inherit from the parent: each mutant and its cases, likeliest killers
# first, and each game's memoised functions (listed once here: a worker walking every module
# of the game to find them would touch, and so copy, pages of the whole parent).
_CASES: dict[tuple[str, str], list[dict[str, Any]]] = {}
_MUTANTS: dict[tuple[str, str], Mutant] = {}
_CACHES: dict[str, list[Any]] = {}


def _alarm(signum: int, frame: Any) -> None:
    raise CaseTimeout()


def _run_in_worker(job: tuple[str, str, bool, float]) -> tuple[str, str, list[str], list[str], int]:
    game_name, mutant_name, full, timeout = job
    game = get_game(game_name)
    chosen = _MUTANTS[(game_name, mutant_name)]
    signal.signal(signal.SIGALRM, _alarm)
    clear_engine_caches(game, _CACHES.get(game_name))
    killers: list[str] = []
    errored: list[str] = []
    run = 0
    with chosen.patch():
        for case in _CASES[(game_name, mutant_name)]:
            run += 1
            status = verdict(case, timeout)
            if status == "failed":
                killers.append(case["id"])
                if not full:
                    break
            elif status == "errored":
                errored.append(case["id"])
    return game_name, mutant_name, killers, errored, run


def _import_what_verdict_needs() -> None:
    """Import, once in the parent, the modules `verdict` imports on first use: each forked
    worker would otherwise import them again (a tenth of a second each, more under pytest)."""
    from . import adapter, protocol, results  # noqa: F401


def _warm_up(game: Game, cases: list[dict[str, Any]]) -> None:
    """Answer the shortest case of each kind with the reference reading, once in the parent,
    then forget what the game's modules memoised: what stays is what no reading of the rules
    changes (schema validators, the catalog, the protocol's checks), which each forked worker
    would otherwise build again. The answers themselves are not used."""
    shortest: dict[str, dict[str, Any]] = {}
    for case in cases:
        known = shortest.get(case["kind"])
        if known is None or len(case["input"]["steps"]) < len(known["input"]["steps"]):
            shortest[case["kind"]] = case
    for case in shortest.values():
        verdict(case)
    _CACHES[game.name] = engine_caches(game)
    clear_engine_caches(game, _CACHES[game.name])


def run_mutants_in_process(jobs: list[tuple[Game, Mutant, list[dict[str, Any]]]], full: bool = False,
                           timeout: float = 20.0, workers: int | None = None,
                           on_result: Callable[[MutantResult], None] | None = None) -> list[MutantResult]:
    """Each mutant in its own forked worker (so nothing it does outlives it), `workers` at a
    time; results in job order. Without fork (not POSIX) the mutants run one after another here."""
    _import_what_verdict_needs()
    focused: dict[int, list[dict[str, Any]]] = {}        # per case list (a game's mutants share one)
    for game, mutant_, cases in jobs:
        # ordered here, once, before the fork: a worker sorting every case would touch (and so
        # copy) every page of the parent's cases
        if id(cases) not in focused:
            focused[id(cases)] = focused_first(cases)
        _CASES[(game.name, mutant_.name)] = likely_killers_first(mutant_, focused[id(cases)], focused=True)
        _MUTANTS[(game.name, mutant_.name)] = mutant_
    for game, _, cases in {game.name: (game, m, cases) for game, m, cases in jobs}.values():
        _warm_up(game, cases)               # the workers start from empty game caches
    by_key = {(game.name, m.name): m for game, m, _ in jobs}
    tasks = [(game.name, m.name, full, timeout) for game, m, _ in jobs]
    found: dict[tuple[str, str], MutantResult] = {}

    def collect(outcome: tuple[str, str, list[str], list[str], int]) -> None:
        game_name, mutant_name, killers, errored, run = outcome
        result = MutantResult(game_name, by_key[(game_name, mutant_name)], killers, errored, run)
        found[(game_name, mutant_name)] = result
        if on_result:
            on_result(result)

    try:
        if "fork" in multiprocessing.get_all_start_methods():
            workers = max(1, min(workers or os.cpu_count() or 1, len(tasks)))
            with forked_pool(workers, maxtasksperchild=1) as pool:
                for outcome in pool.imap_unordered(_run_in_worker, tasks):
                    collect(outcome)
        else:  # pragma: no cover - no fork on this platform
            previous = signal.getsignal(signal.SIGALRM) if hasattr(signal, "SIGALRM") else None
            try:
                for task in tasks:
                    collect(_run_in_worker(task))
            finally:
                if previous is not None:
                    signal.signal(signal.SIGALRM, previous)
    finally:
        for key in by_key:                  # the parent keeps no case list alive after the run
            _CASES.pop(key, None)
            _MUTANTS.pop(key, None)
        for game, _, _ in jobs:
            _CACHES.pop(game.name, None)
    return [found[(game.name, m.name)] for game, m, _ in jobs]


# -- the real protocol: the adapter with the mutant installed, driven by the runner ------------

def adapter_command(mutant: str, game: str) -> str:
    return f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter --mutant {mutant} --game {game}"


def run_mutant(game: Game, mutant: Mutant, cases: list[dict[str, Any]], timeout: float,
               full: bool = True) -> MutantResult:
    """One mutant through the runner; without `full` the runner is given no case after the
    first kill (the adapter named by `adapter_command` installs the mutant by name)."""
    from .runner import run_cases
    out = MutantResult(game.name, mutant)

    def tally(result: Any) -> None:
        out.cases_run += 1
        if result.status == "failed":
            out.killers.append(result.id)
        elif result.status == "errored":
            out.errored.append(result.id)

    ordered = cases if full else likely_killers_first(mutant, cases)
    feed = (case for case in ordered if full or not out.killers)
    run_cases(adapter_command(mutant.name, game.name), feed, timeout, on_result=tally)
    return out


def run_mutants(jobs: list[tuple[Game, Mutant, list[dict[str, Any]]]], timeout: float = 20.0,
                workers: int | None = None, full: bool = True,
                on_result: Callable[[MutantResult], None] | None = None) -> list[MutantResult]:
    """Every mutant through the runner protocol, `workers` at a time."""
    from concurrent.futures import ThreadPoolExecutor
    workers = workers or max(1, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run_mutant, game, mutant, cases, timeout, full) for game, mutant, cases in jobs]
        results = []
        for f in futures:
            results.append(f.result())
            if on_result:
                on_result(results[-1])
        return results
