"""Benchmarks (`horserace bench`): throughput of replays, games, perft and the runner.

Numbers are rates on this machine; rerun to compare. Timed with perf_counter over whole
batches, never inside tests (machines are noisy).
"""

from __future__ import annotations

import shlex
import sys
import time
from dataclasses import dataclass
from typing import Callable

from .adapter import answer_case
from .game import Game
from .protocol import case_message
from .results import judge
from .runner import run_cases
from .scenario import load_scenario, scenario_files
from .paths import SCENARIO_DIR
from .vectors import load_cases


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
    scenarios = [load_scenario(p) for p in scenario_files([str(SCENARIO_DIR / game.name)])]
    for _ in range(rounds):
        for scenario in scenarios:
            for _outcome in scenario.replay():
                pass
    return rounds * len(scenarios)


def in_process(cases) -> int:
    for case in cases:
        status, _ = judge(case, answer_case(case_message(1, case))["steps"])
        assert status == "passed", case["id"]
    return len(cases)


def through_protocol(game: Game, cases) -> int:
    command = f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter --game {game.name}"
    results, _ = run_cases(command, cases)
    assert all(r.status == "passed" for r in results)
    return len(cases)


def run_benchmarks(game: Game) -> list[Measure]:
    cases = load_cases([game.name])
    measures = [timed(game.name, "scenario replays", "scenarios", lambda: replay_scenarios(game))]
    for name, (unit, work) in game.benchmarks.items():
        measures.append(timed(game.name, name, unit, work))
    measures.append(timed(game.name, "vector cases, in process", "cases", lambda: in_process(cases)))
    measures.append(timed(game.name, "vector cases, through the protocol", "cases",
                          lambda: through_protocol(game, cases)))
    return measures
