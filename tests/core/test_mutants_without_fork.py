"""The mutation self-check where the platform cannot fork (not POSIX): the mutants run one after
another in this process, with the verdicts the forked workers give, and the process's own
SIGALRM handler is given back afterwards (each mutant's cases are timed with SIGALRM)."""

from __future__ import annotations

import multiprocessing
import signal
from contextlib import nullcontext

from reference.core.game import Mutant, get_game
from reference.core.mutation import run_mutants_in_process
from reference.core.vectors import load_cases


def test_without_fork_the_mutants_run_here_with_the_same_verdicts_and_the_alarm_handler_is_given_back(monkeypatch):
    game = get_game("dominoes")
    cases = load_cases(["dominoes"], kinds=["settlement"])
    harmless = Mutant("reads-the-rules-right", "no change", ("DOM-SETTLE-1",), nullcontext)
    misreading = next(m for m in game.mutants() if m.name == "tied-winners-split")
    jobs = [(game, harmless, cases[:10]), (game, misreading, cases)]

    def ours(signum, frame):        # the caller's handler, which the run must leave in place
        raise AssertionError("not expected to fire")

    previous = signal.signal(signal.SIGALRM, ours)
    try:
        monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
        here = run_mutants_in_process(jobs, workers=1)
        assert signal.getsignal(signal.SIGALRM) is ours
    finally:
        signal.signal(signal.SIGALRM, previous)
    assert [r.mutant.name for r in here] == ["reads-the-rules-right", "tied-winners-split"]
    assert not here[0].killed and here[0].cases_run == 10 and not here[0].errored
    assert here[1].killed and not here[1].errored


def test_a_mutant_that_crashes_on_every_case_has_errored_cases_and_no_killer():
    """A crash is what the implementation's process would do: its cases are errored (reported
    apart), and an errored case is not a kill (as `horserace check` counts a crash)."""
    from contextlib import contextmanager

    from reference.core import adapter

    @contextmanager
    def crashing():
        def answer_case(message):
            raise RuntimeError("the engine crashed")
        real, adapter.answer_case = adapter.answer_case, answer_case
        try:
            yield
        finally:
            adapter.answer_case = real

    game = get_game("dominoes")
    cases = load_cases(["dominoes"], kinds=["settlement"])[:3]
    (result,) = run_mutants_in_process([(game, Mutant("crashes", "every answer raises", ("DOM-SETTLE-1",), crashing),
                                         cases)], full=True, workers=1)
    assert sorted(result.errored) == sorted(c["id"] for c in cases)
    assert result.killers == [] and not result.killed and result.cases_run == 3


def test_a_patch_also_reaches_the_games_package_when_it_holds_the_function(monkeypatch):
    """A rule function the game's package itself imports (`reference.<game>` re-exporting it)
    is called through the package too: importers_by_name names the package and every other
    module of it holding the very function, and nothing outside the package."""
    import sys
    from types import ModuleType

    from reference.core.mutation import importers_by_name

    def rule():
        return 1

    def replacement():
        return 2

    modules = {name: ModuleType(name) for name in ("reference.fakegame", "reference.fakegame.rules",
                                                    "reference.fakegame.replay", "reference.othergame.rules")}
    for module in modules.values():
        module.rule = rule
    for name, module in modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    found = importers_by_name(modules["reference.fakegame.rules"], "rule", rule, replacement)
    assert sorted(m.__name__ for m in found) == ["reference.fakegame", "reference.fakegame.replay"]


def test_an_alarm_due_just_as_the_answer_comes_is_an_errored_case_not_an_escaping_timeout(monkeypatch):
    """The case-time alarm may be delivered in the instant between the answer and the disarm.
    That is a timed-out case ("errored"): the CaseTimeout must not escape `verdict` (in a forked
    worker it would end the whole mutants run). Simulated by an alarm delivered by the disarm."""
    from reference.core import mutation

    real = signal.setitimer

    def alarm_on_disarm(which, seconds, *rest):
        if seconds == 0:
            real(which, 0)
            mutation._alarm(signal.SIGALRM, None)
        return real(which, seconds, *rest)

    case = load_cases(["cards"])[0]
    previous = signal.signal(signal.SIGALRM, mutation._alarm)
    try:
        monkeypatch.setattr(mutation.signal, "setitimer", alarm_on_disarm)
        assert mutation.verdict(case, timeout=30.0) == "errored"
    finally:
        monkeypatch.undo()
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
