"""The mutation self-check: every misreading in a game's mutant list must be caught.

Each mutant runs as an implementation through the runner (the reference adapter with the
mutant installed), against that game's vectors. A mutant is killed when at least one case
fails; the report lists the killing cases.
"""

from __future__ import annotations

import os
import shlex
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator
from unittest import mock

from .adapter import replay_case
from .game import Game, Mutant
from .results import first_mismatch
from .runner import run_cases


@contextmanager
def patched(*patches: tuple[Any, str, Any]) -> Iterator[None]:
    """Install (object, attribute, replacement) patches together; undo them on exit."""
    with ExitStack() as stack:
        for target, attribute, value in patches:
            stack.enter_context(mock.patch.object(target, attribute, value))
        yield


def mutant(name: str, description: str, clauses: tuple[str, ...], *patches: tuple[Any, str, Any]) -> Mutant:
    """A mutant made of plain patches, applied where each name is looked up at call time."""
    return Mutant(name, description, clauses, lambda: patched(*patches))


def in_process_killers(mutant_: Mutant, cases: list[dict[str, Any]]) -> list[str]:
    """The cases whose checked observations the mutant changes, judged as the runner judges,
    without the protocol (a quick check for tests; `horserace mutants` uses the runner)."""
    killers = []
    with mutant_.patch():
        for case in cases:
            try:
                steps = replay_case(case)
            except Exception:          # a mutant that crashes is 'errored' by the runner: no kill
                continue
            if first_mismatch(case, steps) is not None:
                killers.append(case["id"])
    return killers


@dataclass
class MutantResult:
    game: str
    mutant: Mutant
    killers: list[str] = field(default_factory=list)     # failing case ids
    errored: list[str] = field(default_factory=list)     # cases the mutant could not even answer

    @property
    def killed(self) -> bool:
        return bool(self.killers)


def adapter_command(mutant: str, game: str) -> str:
    return f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter --mutant {mutant} --game {game}"


def run_mutant(game: Game, mutant: Mutant, cases: list[dict[str, Any]], timeout: float) -> MutantResult:
    results, _ = run_cases(adapter_command(mutant.name, game.name), cases, timeout)
    out = MutantResult(game.name, mutant)
    for r in results:
        if r.status == "failed":
            out.killers.append(r.id)
        elif r.status == "errored":
            out.errored.append(r.id)
    return out


def run_mutants(jobs: list[tuple[Game, Mutant, list[dict[str, Any]]]], timeout: float = 20.0,
                workers: int | None = None, on_result: Callable[[Any], None] | None = None) -> list[MutantResult]:
    workers = workers or max(1, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run_mutant, game, mutant, cases, timeout) for game, mutant, cases in jobs]
        for future in futures if on_result else ():     # progress: called as each mutant is judged
            future.add_done_callback(on_result)
        return [f.result() for f in futures]
