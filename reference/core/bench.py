"""Benchmarks (`horserace bench`): throughput of replays, games, perft and the runner.

Numbers are rates on this machine; rerun to compare, or compare with another commit in the
same run (`compare`): both trees run the same workloads in turn, each in a fresh process.
Timed with perf_counter over whole batches, never inside tests (machines are noisy).
"""

from __future__ import annotations

import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .errors import HorseRaceError
from .game import Game
from .paths import REPO_ROOT


@dataclass
class Measure:
    game: str
    name: str
    unit: str
    count: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.count / self.seconds if self.seconds else float("inf")


def timed(game: str, name: str, unit: str, work: Callable[[], int]) -> Measure:
    started = time.perf_counter()
    count = work()
    return Measure(game, name, unit, count, time.perf_counter() - started)


def replay_scenarios(game: Game, rounds: int = 3) -> int:
    from .paths import SCENARIO_DIR
    from .scenario import load_scenario, scenario_files
    scenarios = [load_scenario(p) for p in scenario_files([str(SCENARIO_DIR / game.name)])]
    for _ in range(rounds):
        for scenario in scenarios:
            for _outcome in scenario.replay():
                pass
    return rounds * len(scenarios)


def in_process(cases) -> int:
    """The runner's work on each case but the transport: the same case message, the reference
    engines' answer, and the same judging and result bookkeeping, all in this process."""
    from .adapter import answer_case
    from .attribution import applied_clauses
    from .expected_failures import ExpectedFailures
    from .protocol import case_message
    from .results import CaseResult
    from .runner import compared_keys, judge_reply
    none_expected = ExpectedFailures([])
    for seq, case in enumerate(cases, 1):
        result = CaseResult(case["id"], case["game"], case["kind"], "errored", list(case["clauses"]),
                            applied=applied_clauses(case))
        observe = compared_keys(result, case, None)
        judge_reply(result, case, answer_case(case_message(seq, case, observe)), observe)
        none_expected.apply(result)
        assert result.bound().status == "passed", case["id"]
    return len(cases)


ALL_GAMES = "all games"


def adapter_command(*games: Game) -> str:
    """The command `horserace check` starts for these games: one adapter serving them all."""
    return f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter" + \
        "".join(f" --game {game.name}" for game in games)


def through_protocol(games: Game | list[Game], cases) -> int:
    """The cases already read: one adapter process started (and waited for), every case sent
    and judged."""
    from .runner import Implementation
    games = games if isinstance(games, list) else [games]
    return through_protocol_with(Implementation(adapter_command(*games)), cases)


def adapter_start(games: Game | list[Game], rounds: int = 3) -> int:
    """Starting the adapter and its handshake, alone: the fixed part of a protocol run."""
    from .runner import Implementation
    games = games if isinstance(games, list) else [games]
    for _ in range(rounds):
        implementation = Implementation(adapter_command(*games))
        implementation.start()
        implementation.stop()
    return rounds


def check_in_process(games: list[Game]) -> int:
    """A full `check` of these games without its transport: the selected cases read from the
    vector files as `check` reads them, then judged in process."""
    from .runner import Selection
    from .vectors import load_selected
    return in_process(load_selected(Selection(games=[game.name for game in games])))


def check_through_protocol(games: list[Game]) -> int:
    """A full `check` of these games as the command runs it: the adapter launched first, the
    cases read from the vector files while it starts, then run."""
    from .runner import Implementation, Selection
    from .vectors import load_selected
    implementation = Implementation(adapter_command(*games))
    implementation.launch()
    try:
        cases = load_selected(Selection(games=[game.name for game in games]))
        return through_protocol_with(implementation, cases)
    finally:
        implementation.stop()


def through_protocol_with(implementation, cases) -> int:
    from .runner import run_cases
    results, _ = run_cases(implementation, cases)
    assert all(r.status == "passed" for r in results)
    return len(cases)


CHECK_IN_PROCESS = "check: read and judge, in process"
CHECK_THROUGH_PROTOCOL = "check: read and run through the protocol"


def paired(label: str, works: list[tuple[str, str, Callable[[], tuple[int, float]]]], rounds: int) -> list[Measure]:
    """Each (name, unit, work -> (count, seconds)) run in turn, `rounds` times over (A B A B
    ...: a drift of the machine's speed touches both alike); each measure is the median round."""
    seconds: dict[str, list[float]] = {name: [] for name, _, _ in works}
    counts: dict[str, int] = {}
    for _ in range(max(1, rounds)):
        for name, unit, work in works:
            counts[name], spent = work()
            seconds[name].append(spent)
    return [Measure(label, name, unit, counts[name], statistics.median(seconds[name])) for name, unit, _ in works]


def clocked(work: Callable[[], int]) -> Callable[[], tuple[int, float]]:
    def run() -> tuple[int, float]:
        started = time.perf_counter()
        count = work()
        return count, time.perf_counter() - started
    return run


# The in-process runs of the comparison run in a fresh interpreter, as a check would: the
# engines' caches are as cold as in the adapter's process (the same cases again in this
# process would find them warm; that figure is printed apart). Imports are done before the
# clock starts: the adapter's imports are its start, measured apart. Both sides of the
# "check:" pair run in a fresh interpreter (reading the vectors fills caches too).
FRESH_IN_PROCESS = r"""
import json, sys, time
from reference.core import adapter, attribution, bench, expected_failures, protocol, results, runner, vectors
from reference.core.game import get_game
workload, names = sys.argv[1], sys.argv[2].split(",")
games = [get_game(name) for name in names]
if workload == "cases":
    cases = vectors.load_cases(names)
    started = time.perf_counter()
    count = bench.in_process(cases)
elif workload == "check":
    started = time.perf_counter()
    count = bench.check_in_process(games)
else:
    started = time.perf_counter()
    count = bench.check_through_protocol(games)
print(json.dumps({"count": count, "seconds": time.perf_counter() - started}))
"""


def in_fresh_process(workload: str, games: list[Game]) -> Callable[[], tuple[int, float]]:
    def run() -> tuple[int, float]:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO_ROOT), str(REPO_ROOT / "tools")])}
        done = subprocess.run([sys.executable, "-c", FRESH_IN_PROCESS, workload, ",".join(g.name for g in games)],
                              cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            raise HorseRaceError(f"the in-process run failed: {done.stderr.strip()[-500:]}")
        figure = json.loads(done.stdout.strip().splitlines()[-1])
        return figure["count"], figure["seconds"]
    return run


IN_PROCESS = "vector cases, in process"
IN_PROCESS_WARM = "vector cases, in process, again (warm)"
THROUGH_PROTOCOL = "vector cases, through the protocol"


def case_measures(label: str, games: list[Game], rounds: int) -> list[Measure]:
    """The vector cases in process against through the protocol: the cases already read (the
    adapter's start then counts in full), and as `check` runs (reading them while it starts)."""
    from .vectors import load_cases
    cases = load_cases([game.name for game in games])
    return paired(label, [
        (IN_PROCESS, "cases", in_fresh_process("cases", games)),
        (THROUGH_PROTOCOL, "cases", clocked(lambda: through_protocol(games, cases))),
        (CHECK_IN_PROCESS, "cases", in_fresh_process("check", games)),
        (CHECK_THROUGH_PROTOCOL, "cases", in_fresh_process("check-protocol", games)),
        (IN_PROCESS_WARM, "cases", clocked(lambda: in_process(cases)))], rounds) + [
        timed(label, "adapter start and handshake", "starts", lambda: adapter_start(games))]


def run_benchmarks(game: Game, rounds: int = 1) -> list[Measure]:
    measures = [timed(game.name, "scenario replays", "scenarios", lambda: replay_scenarios(game))]
    for name, (unit, work) in game.benchmarks.items():
        measures.append(timed(game.name, name, unit, work))
    return measures + case_measures(game.name, [game], rounds)


def run_all_games_benchmarks(games: list[Game], rounds: int = 1) -> list[Measure]:
    """A full `horserace check`: every case of every game, in process against one protocol run
    (one adapter process serving every game, as `check` starts it)."""
    return case_measures(ALL_GAMES, games, rounds)


# -- comparing two trees -------------------------------------------------------------------------
# The workloads are run by this script in a fresh interpreter whose `reference` package is the
# tree under test (PYTHONPATH), using only interfaces both trees have: the game registry, the
# games' own benchmarks, scenario replay and the adapter's answer to a vector case.

WORKLOAD_SCRIPT = r'''
import importlib, json, pkgutil, sys, time
import reference
from reference.core.game import Game, all_games

def games_of_this_tree(names):
    """The games named (all of the tree when none is), importing only those packages: a game
    the tree does not have, or whose package holds no GAME, is left out, as all_games leaves it."""
    if not names:
        return all_games()
    packages = {m.name for m in pkgutil.iter_modules(reference.__path__) if m.ispkg and m.name != "core"}
    found = {}
    for name in names:
        game = getattr(importlib.import_module(f"reference.{name}"), "GAME", None) if name in packages else None
        if isinstance(game, Game):
            found[game.name] = game
    return found

def workloads(game):
    out = {}
    def scenarios():
        from reference.core.paths import SCENARIO_DIR
        from reference.core.scenario import load_scenario, scenario_files
        files = scenario_files([str(SCENARIO_DIR / game.name)]) if (SCENARIO_DIR / game.name).is_dir() else []
        def work():
            for path in files:
                for _ in load_scenario(path).replay():
                    pass
            return len(files)
        return work
    def cases():
        from reference.core.vectors import load_cases
        from reference.core.adapter import answer_case
        from reference.core.protocol import case_message
        from reference.core.results import judge
        loaded = load_cases([game.name], validate=False)
        def work():
            for case in loaded:
                judge(case, answer_case(case_message(1, case))["steps"])
            return len(loaded)
        return work
    out["scenario replays"] = ("scenarios", scenarios)
    for name, (unit, work) in game.benchmarks.items():
        out[name] = (unit, lambda work=work: work)
    out["vector cases, in process"] = ("cases", cases)
    return out

command = sys.argv[1]
if command == "list":
    print(json.dumps({name: list(workloads(game)) for name, game in games_of_this_tree(sys.argv[2:]).items()}))
else:
    game_name, workload, budget = sys.argv[2], sys.argv[3], float(sys.argv[4])
    unit, prepare = workloads(games_of_this_tree([game_name])[game_name])[workload]
    work = prepare()
    count, started = 0, time.perf_counter()
    while True:
        count += work()
        seconds = time.perf_counter() - started
        if seconds >= budget:
            break
    print(json.dumps({"unit": unit, "count": count, "seconds": seconds}))
'''


class CompareError(HorseRaceError):
    pass


@dataclass
class Comparison:
    game: str
    name: str
    unit: str
    here: float            # units per second, this tree
    there: float           # units per second, the other commit

    @property
    def ratio(self) -> float:
        return self.here / self.there if self.there else float("inf")


def export_commit(ref: str, target: Path) -> str:
    """Write the tree of commit `ref` into `target` (nothing is added to the repository)."""
    def git(*args: str, **kwargs: Any) -> subprocess.CompletedProcess:
        return subprocess.run(["git", "-C", str(REPO_ROOT), *args], capture_output=True, **kwargs)

    resolved = git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}", text=True)
    if resolved.returncode != 0:
        raise CompareError(f"{ref!r} is not a commit of the repository at {REPO_ROOT}")
    commit = resolved.stdout.strip()
    archive = git("archive", "--format=tar", commit)
    if archive.returncode != 0:
        raise CompareError(f"cannot export {ref}: {archive.stderr.decode(errors='replace').strip()}")
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    return commit


def run_workload(tree: Path, *args: str, timeout: float = 600.0) -> Any:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree), str(tree / "tools")])}
    done = subprocess.run([sys.executable, "-c", WORKLOAD_SCRIPT, *args], cwd=tree, env=env,
                          capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        tail = " | ".join(done.stderr.strip().splitlines()[-3:])
        raise CompareError(f"the workload {' '.join(args)} failed in {tree}: {tail}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def compare(ref: str, games: list[str] | None = None, only: str = "", rounds: int = 3, budget: float = 1.0,
            on_row: Callable[[Comparison], None] | None = None) -> tuple[str, list[Comparison]]:
    """Every workload both trees have, run `rounds` times in each tree, alternating which tree
    goes first; each rate is the total count over the total time of its tree's runs."""
    with tempfile.TemporaryDirectory(prefix="horserace-compare-") as folder:
        there_tree = Path(folder)
        commit = export_commit(ref, there_tree)
        here_tree = REPO_ROOT
        # only the asked games are imported in each process (all when none is asked)
        here_list, there_list = run_workload(here_tree, "list", *(games or [])), run_workload(there_tree, "list", *(games or []))
        rows = []
        for game, names in here_list.items():
            if games and game not in games:
                continue
            for name in names:
                if name not in there_list.get(game, []) or only.lower() not in name.lower():
                    continue
                totals = {here_tree: [0, 0.0], there_tree: [0, 0.0]}
                unit = ""
                for round_ in range(rounds):
                    order = (here_tree, there_tree) if round_ % 2 == 0 else (there_tree, here_tree)
                    for tree in order:
                        figure = run_workload(tree, "run", game, name, str(budget))
                        unit = figure["unit"]
                        totals[tree][0] += figure["count"]
                        totals[tree][1] += figure["seconds"]
                rate = {tree: (c / s if s else float("inf")) for tree, (c, s) in totals.items()}
                row = Comparison(game, name, unit, rate[here_tree], rate[there_tree])
                rows.append(row)
                if on_row:
                    on_row(row)
    return commit, rows
