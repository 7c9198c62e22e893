"""Running the generated mutants against the vectors (`horserace mutants --generated`).

Each mutant (reference/core/generated_mutants.py) runs in its own forked process, as the
curated ones do (reference/core/mutation.py): it installs the mutant, answers the cases as the
reference adapter would, judges each answer as the runner judges it, and stops at the first
kill. A kill is a case that fails (an observation differs) or errors (the engine crashed or
took longer than the per-case timeout: `horserace check` reports both), or a mutated module
that does not even import (the adapter could not start).

Only the cases that reach the mutated code are tried. Before forking, every case is replayed
once with the reference engine under a line tracer (its memoised results forgotten first), to
learn which lines of the rules it runs. A mutant changes one place; a case that never runs the
lines of that place runs exactly as the reference does (the engine is deterministic), so it
cannot kill it. Mutants installed by importing the game again (code that runs at import)
try every case. Within the reached cases the likeliest killers go first: those naming the
mutant's clause block, then mutation.focused_first's order.

A mutant whose code runs at import could change what the adapter offers in its hello or the
defaults the runner assumes (issue 25: four odds-table mutants did, and the runner skipped
nearly every case). Each such mutant's hello and option defaults are compared with the
reference's; a difference is reported as `advertises` and fails the run. A mutant inside a
function cannot: neither reads a rule function (tests/core/test_generated_run.py).
"""

from __future__ import annotations

import gc
import os
import pickle
import resource
import signal
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .game import Game, get_game
from .generated_mutants import FUNCTION, GeneratedMutant, MutantError, install, rules_modules, _module_path
from .mutation import CaseTimeout, engine_caches, clear_engine_caches, focused_first, verdict

KILLED, SURVIVED, ADVERTISES, BROKEN = "killed", "survived", "advertises", "broken"
MEMORY_HEADROOM = 1 << 30        # a worker may grow by 1 GiB over the parent (a runaway mutant stops there)
CPU_LIMIT = 300                  # seconds of CPU one mutant may take in all (a runaway stops there)


@dataclass
class GeneratedResult:
    mutant: GeneratedMutant
    status: str                  # KILLED, SURVIVED, ADVERTISES (changes the hello), BROKEN (the rules changed under it)
    killer: str = ""             # the first killing case
    how: str = ""                # 'failed', 'errored' (a crash), 'timeout' or 'import' (the module does not import)
    cases_run: int = 0
    reached: int = 0             # the cases that reach its code (all of them are tried if it survives)
    note: str = ""
    seconds: float = 0.0         # CPU seconds its worker took

    @property
    def killed(self) -> bool:
        return self.status == KILLED


# -- which cases reach which lines -------------------------------------------------------------

class LineCoverage:
    """Per line of the game's rules modules, the set of cases (a bit mask of their indices)
    that run it with the reference engine."""

    def __init__(self, game: Game, cases: Sequence[dict[str, Any]], modules: set[str] | None = None) -> None:
        """`modules`: trace only these rules modules (those of the mutants to run)."""
        self.files = {str(_module_path(m)): m for m in rules_modules(game.name) if modules is None or m in modules}
        self.masks: dict[tuple[str, int], int] = {}
        caches = engine_caches(game)
        lines: set[tuple[str, int]] = set()
        files = self.files

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "line":
                lines.add((frame.f_code.co_filename, frame.f_lineno))
            return local

        def calls(frame: Any, event: str, arg: Any) -> Any:
            if frame.f_code.co_filename in files:
                lines.add((frame.f_code.co_filename, frame.f_lineno))
                return local
            return None

        for index, case in enumerate(cases):
            clear_engine_caches(game, caches)          # what the case computes from scratch
            lines.clear()
            previous = sys.gettrace()
            sys.settrace(calls)
            try:
                verdict(case)
            finally:
                sys.settrace(previous)
            bit = 1 << index
            for filename, line in lines:
                key = (files[filename], line)
                self.masks[key] = self.masks.get(key, 0) | bit
        clear_engine_caches(game, caches)

    def reaching(self, mutant: GeneratedMutant) -> list[int]:
        """The indices of the cases that run any line of the mutated code."""
        mask = 0
        for line in range(mutant.line, max(mutant.line, mutant.end_line) + 1):
            mask |= self.masks.get((mutant.module, line), 0)
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out


def likely_killers_first(mutant: GeneratedMutant, indices: list[int], cases: Sequence[dict[str, Any]],
                         rank: dict[int, int]) -> list[int]:
    """The cases naming the mutant's clause block first, then focused_first's order."""
    return sorted(indices, key=lambda i: (not mutant.block or mutant.block not in cases[i]["clauses"], rank[i]))


# -- what the adapter and the runner take from the game ------------------------------------------

def advertised(game_name: str) -> tuple[Any, Any]:
    """The adapter's hello for the game and the option defaults the runner assumes."""
    from .adapter import hello_reply
    from .runner import option_defaults
    return hello_reply([game_name])["games"], option_defaults(game_name)


# -- the forked workers -------------------------------------------------------------------------

@dataclass
class _Plan:
    """What the workers inherit: per game its cases, caches and reference hello; the jobs."""
    cases: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    caches: dict[str, list[Any]] = field(default_factory=dict)
    hello: dict[str, Any] = field(default_factory=dict)
    jobs: list[tuple[GeneratedMutant, list[int]]] = field(default_factory=list)
    timeout: float = 1.0


_PLAN = _Plan()
_TIMED_OUT = [False]


def _alarm(signum: int, frame: Any) -> None:
    _TIMED_OUT[0] = True
    raise CaseTimeout()


def _limit_worker() -> None:
    try:
        with open("/proc/self/statm") as statm:
            size = int(statm.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (size + MEMORY_HEADROOM, resource.getrlimit(resource.RLIMIT_AS)[1]))
    except (OSError, ValueError):
        pass
    try:
        used = int(time.process_time())
        resource.setrlimit(resource.RLIMIT_CPU, (used + CPU_LIMIT, resource.getrlimit(resource.RLIMIT_CPU)[1]))
    except (OSError, ValueError):
        pass


def _run_job(number: int) -> tuple:
    """In the forked worker: install the mutant, try its cases, stop at the first kill."""
    mutant, indices = _PLAN.jobs[number]
    cases = _PLAN.cases[mutant.game]
    _limit_worker()
    signal.signal(signal.SIGALRM, _alarm)
    try:
        install(mutant)
    except MutantError as exc:
        return (number, BROKEN, "", "", 0, str(exc))
    except Exception as exc:                # the mutated module does not import: the adapter cannot start
        return (number, KILLED, "(import)", "import", 0, f"{type(exc).__name__}: {exc}")
    if mutant.scope != FUNCTION:
        try:
            now = advertised(mutant.game)
        except Exception as exc:
            return (number, KILLED, "(the hello)", "errored", 0, f"the adapter cannot answer a hello: {exc}")
        if now != _PLAN.hello[mutant.game]:
            return (number, ADVERTISES, "", "", 0, "changes the options or kinds the adapter offers, "
                    "or the defaults the runner assumes")
        game = get_game(mutant.game)                 # imported again: its memoised functions are new
        clear_engine_caches(game)
    else:
        clear_engine_caches(get_game(mutant.game), _PLAN.caches[mutant.game])
    run = 0
    for index in indices:
        run += 1
        _TIMED_OUT[0] = False
        status = verdict(cases[index], _PLAN.timeout)
        if status != "passed":
            how = "timeout" if _TIMED_OUT[0] else status
            return (number, KILLED, cases[index]["id"], how, run, "")
    return (number, SURVIVED, "", "", run, "")


def _fork_pool(count: int, workers: int, on_result: Callable[[tuple], None]) -> None:
    """Run jobs 0..count-1, each in its own forked child, `workers` at a time. A child that
    dies without an answer (killed by its limits) is reported as a kill by a timeout."""
    running: dict[int, tuple[int, int]] = {}
    next_job = 0
    gc.collect()
    gc.freeze()                 # the children never walk the parent's objects (no copied pages)
    try:
        while next_job < count or running:
            while len(running) < workers and next_job < count:
                read_end, write_end = os.pipe()
                pid = os.fork()
                if pid == 0:                                    # pragma: no cover - in the child
                    os.close(read_end)
                    started = time.process_time()
                    try:
                        outcome = _run_job(next_job)
                    except BaseException as exc:
                        outcome = (next_job, KILLED, "(worker)", "errored", 0, f"the worker crashed: {type(exc).__name__}")
                    data = pickle.dumps(outcome + (time.process_time() - started,))
                    view = memoryview(data)
                    while view:
                        view = view[os.write(write_end, view):]
                    os._exit(0)
                os.close(write_end)
                running[pid] = (next_job, read_end)
                next_job += 1
            pid, _ = os.wait()
            if pid not in running:
                continue
            number, read_end = running.pop(pid)
            chunks = []
            while True:
                chunk = os.read(read_end, 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
            os.close(read_end)
            outcome = pickle.loads(b"".join(chunks)) if chunks else \
                (number, KILLED, "(worker)", "timeout", 0, "the worker was stopped by its CPU or memory limit", 0.0)
            on_result(outcome)
    finally:
        gc.unfreeze()
        for pid in running:                                     # interrupted: stop what is left
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


# -- the whole run --------------------------------------------------------------------------------

def run_generated(mutants: Sequence[GeneratedMutant], workers: int | None = None, timeout: float = 1.0,
                  on_result: Callable[[GeneratedResult], None] | None = None,
                  on_stage: Callable[[str], None] | None = None, reach: bool = True) -> list[GeneratedResult]:
    """Every mutant against its game's vectors; results in the given order. `reach=False` skips
    tracing which cases reach which lines (worth it for a few mutants only): each mutant may
    then try every case of its game, the likeliest killers first."""
    from .vectors import load_cases
    global _PLAN
    plan = _Plan(timeout=timeout)
    games = sorted({m.game for m in mutants})
    reached: dict[str, LineCoverage] = {}
    for game_name in games:
        game = get_game(game_name)
        cases = load_cases([game_name])
        plan.cases[game_name] = cases
        if reach:
            if on_stage:
                on_stage(f"{game_name}: tracing which cases reach which lines")
            reached[game_name] = LineCoverage(game, cases, {m.module for m in mutants if m.game == game_name})
        else:                   # the modules that answer and judge each kind, imported once here
            for kind in {case["kind"] for case in cases}:
                verdict(min((c for c in cases if c["kind"] == kind), key=lambda c: len(c["input"]["steps"])))
        plan.caches[game_name] = engine_caches(game)
        plan.hello[game_name] = advertised(game_name)
    ranks = {g: {id(c): r for r, c in enumerate(focused_first(plan.cases[g]))} for g in games}
    for mutant in mutants:
        cases = plan.cases[mutant.game]
        rank = {i: ranks[mutant.game][id(c)] for i, c in enumerate(cases)}
        indices = reached[mutant.game].reaching(mutant) if reach and mutant.scope == FUNCTION \
            else list(range(len(cases)))
        plan.jobs.append((mutant, likely_killers_first(mutant, indices, cases, rank)))
    _PLAN = plan
    found: dict[int, GeneratedResult] = {}

    def collect(outcome: tuple) -> None:
        number, status, killer, how, run, note, seconds = outcome
        mutant, indices = plan.jobs[number]
        result = GeneratedResult(mutant, status, killer, how, run, len(indices), note, seconds)
        found[number] = result
        if on_result:
            on_result(result)

    try:
        if hasattr(os, "fork"):
            _fork_pool(len(plan.jobs), max(1, workers or os.cpu_count() or 1), collect)
        else:  # pragma: no cover - no fork on this platform
            raise OSError("horserace mutants --generated needs fork (POSIX)")
    finally:
        _PLAN = _Plan()
    return [found[i] for i in range(len(plan.jobs))]
