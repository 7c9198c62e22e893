"""Which rule's decision, altered, reproduces what an implementation did at its first
divergent step: attribution by counterfactual re-execution.

The runner has the case's input, and every step before the divergent one matched, so the
reference engine can stand where the implementation stood. The step is played once with every
decision point (decision_points.py) recording what it decided: the clauses that took part,
including those that decided *not* to act (61 not reached, no block yet, no continuation).
Then it is played again once per alteration, each changing one decision at that step only:

- generic alterations of a decision point, by what it decided: a yes/no negated, a count or a
  threshold shifted by one, the other branches its `return`s name, an effect dropped, a list
  emptied, cut short, reversed, started one place on or back, or read round the other way from
  the same first, a sort key's part left out or
  read the other way, a guard made to refuse;
- the game's curated mutants (and any other `Alteration` a caller adds, such as generated
  operator mutants) whose clauses took part in the step;
- after those, the decisions the steps before took and this one did not, the generated
  mutants of the functions they ran and it did not, and the curated mutants of the step's
  clauses (a misreading that keeps what an earlier step left: a continuation banked), altered
  from the setup on (`earlier_alterations`); one that changes an earlier observation explains
  nothing, since the implementation matched every earlier step.

An alteration is charged to the clauses of the code it changes. An altered answer of a
decision point that decides several clauses in blocks of their own names the blocks of the
`return`s the reference took there at this step (`answering_clauses`: the Serum Maleficum block
of sprint_spaces, not all four cards); a shifted argument names the block of the rules line that
passed it (`calling_clauses`: the places set_new_odds counts, not the rows odds_after_race
reads). A block is a marker's region as the generated mutants read it (clause_regions), so both
ways of naming code agree.

When the implementation's change is a number's type alone (5.0 where 5 was expected), which none
of those alterations can make, each decision of the step that answered whole numbers is first
tried answering them as floats (`float_alterations`: a count worked out by true division).

When nothing reproduces the step whole, two alterations that each made a part of the
implementation's change and nothing else, and together all of it, are played together
(`complementary_pairs`): one misreading may change two decisions (a continuing player refused
the draw and granted a pass), and the charge names both clauses.

Each altered observation is compared with the implementation's *actual* observation, values
and all (`closeness`): an alteration that reproduces it exactly comes first, then the others
by an Ochiai measure over the differing facts (as Metallaxis-FL ranks mutants; MUSE's insight
that a mutant at the faulty place reproduces the failure's change). The clauses of the best
alterations are charged, ties together; the footprints (clause_keys) only break a tie, and
take over when no alteration explains anything (results.py).

What else the implementation showed weighs in before the footprints, as Metallaxis counts every
test a mutant explains or breaks, checked per clause set, a bounded few alterations of each
(`tied_groups`):
- its earlier steps, which it matched: an alteration that, acting from the setup on as a
  misreading would, changes one of them is not its misreading; when every best alteration
  does, the next best rank that does not is charged (`agreeing_with_history`);
- its later steps: among tied alterations, those that go on reproducing its observations after
  the divergent step, most steps in a row, are charged (`reproducing_later`);
- the cases it passed: an alteration that would break a passed case, above all one that
  exercises the alteration's own clauses (passed_cases.BY_CLAUSE), is set aside
  (`uncontradicted`).

Refusals are decisions too. When the implementation refused an action the reference took, only
alterations that make the reference refuse it reproduce that, and the decisions that granted
it (a yes turned no) come before guards forced to refuse. When the implementation took an action
the reference refused, the clause the reference refused it under is charged (results.py).

A step reproduced exactly also speaks against the clauses none of whose alterations came near it
(`refuted_clauses`): the run's later ties set them aside (run_charges).

A failure's attribution is bounded by a count (MAX_TRIALS alterations played), not by time, so
that the same failure gets the same charge on a fast machine and a loaded one; CPU-time limits
(TRIAL_LIMIT per play, `budget` per failure) only stop an alteration that never ends, and a
search cut by one says so. What reproduced earlier failures is forgotten when a run starts
(runner.run_started), so a run's charges do not depend on what the process ran before. The
engine is never left altered: every alteration is undone before the next, and
the game's memoised results are forgotten around it (mutation.clear_engine_caches).
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib
import inspect
import json
import re
import math
import os
import textwrap
import signal
import sys
import threading
import time
from collections import Counter
from contextlib import ExitStack, contextmanager, nullcontext
from dataclasses import dataclass, field
from types import CodeType
from typing import Any, Callable, ContextManager, Iterator, Mapping, Sequence

from . import options, passed_cases, readings, run_charges
from .decision_points import (DecisionPoint, build, constant_holders, constant_points, decision_points, holders,
                              tag_clauses)
from .errors import IllegalAction
from .expect import MISSING
from .game import CaseInput, get_game

MAX_TRIALS = 400                # alterations played per failure: the search's bound, a count so that
                                # the same failure is charged the same on any machine, however loaded
TRIAL_LIMIT = 1.0               # seconds of CPU for one altered play: only an alteration that never
                                # ends reaches it (a full search plays about 200 in 0.5 s)
DEFAULT_BUDGET = 10.0           # seconds of CPU per failure: a safety net the count makes unreachable
                                # in practice; a search cut by it says so (budget_spent)
OBSERVE = {"action": "observe"}
MAX_LIST_ALTERATIONS = 2        # int arguments shifted per decision point
USE_GENERATED = True            # the generated operator mutants of the functions the step ran serve too


@dataclass(frozen=True)
class Alteration:
    """One changed decision, installed for the divergent step only."""

    name: str                               # "negate match.reaches_target", "mutant target-fifty"
    clauses: tuple[str, ...]
    source: str                             # "decision", "curated", "generated", ...
    site: str                               # where in the rules it changes something (leave-one-out)
    install: Callable[[], ContextManager]   # a context manager that installs it
    grants: bool = False                    # a "yes" the reference took, turned "no"
    # how the same misreading acts on the steps before (history checks); None: as `install`
    everywhere: Callable[[], ContextManager] | None = None
    function: tuple[str, str] | None = None  # (module, qualified name) of the function it changes, if one
    # a decision taken at an earlier step only: played from the setup on, and it explains
    # nothing when any earlier step's observation (which the implementation matched) changes
    earlier: bool = False
    # it changes what a decision point answered: charged to the clause blocks of the `return`s
    # the reference took there (`answering_clauses`), not to every clause of the function
    answered: bool = False
    # it shifts an argument a rule passed: charged to the block of the call (`calling_clauses`)
    by_caller: bool = False
    argument: int | None = None             # the position of the argument it shifts
    # for a decision that answered both yes and no at the step: its yeses alone turned no, which
    # must give the refusal too for the negation to count as granting (`confirm_grants`)
    yeses_turned_no: Callable[[], ContextManager] | None = None


@dataclass
class Trial:
    alteration: Alteration
    observation: dict[str, Any] | None      # None: the altered engine failed
    exact: bool = False
    score: float = 0.0
    from_setup: bool = False
    reach: float = 0.0          # Change.reach: where it changed things, values aside


@dataclass
class Finding:
    """What the counterfactual search concluded for one divergent step."""

    clauses: list[str]                      # the clauses of the best alterations (ties together)
    exact: bool                             # the best reproduce the actual observation exactly
    score: float                            # their closeness (1.0 when exact)
    best: list[str]                         # the best alterations' names
    tried: int                              # alterations played
    planned: int                            # alterations there were to play
    out_of_time: bool
    participating: list[str] = field(default_factory=list)
    producers: dict[str, list[str]] = field(default_factory=dict)   # item_producers of the step
    # the keys where some alteration gave one of the values the implementation reported
    reproduced_keys: set[str] = field(default_factory=set)
    # per clause, the best closeness of its alterations (as Metallaxis scores an element by its
    # best mutant), and their best reach
    clause_scores: dict[str, float] = field(default_factory=dict)
    clause_reach: dict[str, float] = field(default_factory=dict)
    # the best alterations before the tie-breaks, (name, clauses): what the run weighs when its
    # failures charge two clauses alike (run_charges)
    contenders: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    # the clauses none of whose alterations played here came near the step (REFUTED_BELOW), when
    # another's reproduced it exactly: evidence against them at the run's later ties (run_charges)
    refuted: list[str] = field(default_factory=list)
    # the clauses an alteration of theirs alone was played for at the step (one that gave an
    # observation): what the search could test one clause at a time (one charged to several, a
    # whole function dropped, tests none of them apart)
    tested: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        out = {"reproduced": "exactly" if self.exact else "in part" if self.clauses else "not at all",
               "closeness": round(self.score, 4),
               "best": self.best[:5], "alterations_tried": self.tried, "alterations_planned": self.planned}
        if self.out_of_time:
            out["budget_spent"] = True
        return out


class NotReplayable(Exception):
    """The reference does not reproduce the case's expected observation here (another suite
    version, a synthetic case): no counterfactual can be drawn."""


# -- what a caller sets for the searches it starts -------------------------------------------------

_SETTINGS = threading.local()


@contextmanager
def searching_with(withheld: Callable[[Alteration], bool] | None = None, extra: Sequence[Alteration] = (),
                   budget: float | None = None) -> Iterator[None]:
    """Within this block, every counterfactual search (the runner's, through results.judge) also
    tries `extra` alterations, leaves out those `withheld` picks and spends `budget` seconds
    per failure (None: DEFAULT_BUDGET). Measurements use it (mutant_attribution.py)."""
    previous = getattr(_SETTINGS, "value", None)
    _SETTINGS.value = (withheld, tuple(extra), budget)
    try:
        yield
    finally:
        _SETTINGS.value = previous


def settings() -> tuple[Callable[[Alteration], bool] | None, tuple[Alteration, ...], float | None]:
    return getattr(_SETTINGS, "value", None) or (None, (), None)


# -- playing the divergent step ------------------------------------------------------------------

_ACTIVE = threading.local()


def searching() -> bool:
    """Is a counterfactual search running in this thread (its engine may be altered)?"""
    return getattr(_ACTIVE, "depth", 0) > 0


@contextmanager
def _searching() -> Iterator[None]:
    _ACTIVE.depth = getattr(_ACTIVE, "depth", 0) + 1
    readable = options.READABLE[0]
    options.READABLE[0] = True          # the replays' options may be read another way (readings)
    try:
        yield
    finally:
        _ACTIVE.depth -= 1
        options.READABLE[0] = readable


class _Deadline(Exception):
    pass


# whether a CPU timer of `_cpu_limit` is running: a late alarm must not arm it again
_ARMED = [False]
REARM = 0.05            # seconds of CPU after which an alarm whose _Deadline was swallowed comes again


def _on_alarm(signum: int, frame: Any) -> None:
    # The alarm may come while a garbage-collection callback runs (hypothesis installs one), and
    # an exception raised there is printed and dropped: the play would go on with its timer
    # spent, and a loop that grows a list then grew a test worker by 23 GB. So, while the limit
    # lasts, the timer is armed again, and the deadline comes back until it is heard.
    if _ARMED[0]:
        signal.setitimer(signal.ITIMER_VIRTUAL, REARM)
    raise _Deadline()


def timer_usable() -> bool:
    """Can this thread stop a run by a CPU timer (the main thread, the timer free)? Free: not
    running, and its signal either unhandled or handled by this module's own `_on_alarm` (which a
    late alarm can leave installed: see `_time_limit`)."""
    return (hasattr(signal, "setitimer") and hasattr(signal, "SIGVTALRM")
            and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGVTALRM) in (signal.SIG_DFL, signal.SIG_IGN, None, _on_alarm)
            and signal.getitimer(signal.ITIMER_VIRTUAL) == (0.0, 0.0))


MEMORY_HEADROOM = 2 << 30      # bytes of address space an altered play may add to the process's


def _address_space() -> int | None:
    """This process's address space in bytes now (Linux's /proc), or None where it cannot be read."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[0])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


@contextmanager
def _memory_limit() -> Iterator[None]:
    """Stop an altered run that allocates without end: a loop an alteration keeps from ending
    that grows a list reaches gigabytes before a second of CPU is spent, and the operating
    system then kills the whole process (a test worker, a measurement). While it plays, the
    process's address space is bounded to its size now plus MEMORY_HEADROOM; past it the play
    fails with MemoryError, which, like any other failure of the altered engine, explains
    nothing. Where the bound cannot be set (no /proc, no `resource`), nothing changes."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):
        yield
        return
    size = _address_space()
    bound = None if size is None else size + MEMORY_HEADROOM
    if bound is not None and hard != resource.RLIM_INFINITY:
        bound = min(bound, hard)
    if bound is None or (soft != resource.RLIM_INFINITY and soft <= bound):
        yield                           # unknown, or a tighter bound is set already
        return
    resource.setrlimit(resource.RLIMIT_AS, (bound, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Stop an altered run that does not end (an alteration may loop forever): a timer of this
    process's CPU time (so a machine busy with others stops nothing early) where this thread
    may use one and nobody else does, else this thread's CPU clock (`_profiled_limit`, about
    three times slower to run under); and one that allocates without end (`_memory_limit`)."""
    with _memory_limit():
        with _cpu_limit(seconds):
            yield


@contextmanager
def _cpu_limit(seconds: float) -> Iterator[None]:
    if not timer_usable():
        # a runner's thread (the pytest plugin's): its own CPU clock, read from a profile hook.
        # Not only a code change may loop forever: an answer altered can keep a loop of the
        # rules from ending just as well (Horse Fever's `advance` goes round for good when
        # begin_rigging, which no marker makes a decision, does nothing), and nothing in the
        # search rules that out.
        with _profiled_limit(seconds):
            yield
        return
    previous = signal.signal(signal.SIGVTALRM, _on_alarm)
    _ARMED[0] = True
    signal.setitimer(signal.ITIMER_VIRTUAL, max(seconds, 0.01))
    try:
        yield
    finally:
        _ARMED[0] = False
        # An alarm that comes as the run ends raises _Deadline here, in the middle of the
        # clean-up (the caller counts that run as out of time). The handler is put back even
        # then; and should the alarm come before even that, `_on_alarm` is left installed with
        # the timer spent, which `timer_usable` still counts as free. Once, before, a clean-up
        # cut short left every later run of the process without a limit, and an alteration
        # that never ends hung a measurement for good.
        try:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        finally:
            _ARMED[0] = False
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)      # an alarm armed again just before
            signal.signal(signal.SIGVTALRM, previous)


class _ProfiledHere(threading.local):
    active = False              # a _profiled_limit is running in this thread


_PROFILED = _ProfiledHere()
PROFILE_LOOK_EVERY = 256     # calls (Python's or C's) between looks at the thread's CPU clock


@contextmanager
def _profiled_limit(seconds: float) -> Iterator[None]:
    """Where no timer may be used (a runner's thread, or the timer taken), an altered run is
    stopped with _Deadline by this thread's CPU time, looked at from a profile hook every
    PROFILE_LOOK_EVERY calls. Every loop of the rules calls something (a predicate, len), so none
    runs on unseen; a hook already set (a recording's) still sees every call. The hook makes a
    replay about three times slower: only there, and never around a run that is not altered."""
    end = time.thread_time() + max(seconds, 0.01)
    previous = sys.getprofile()
    seen = [0]
    outer = _PROFILED.active

    def profile(frame: Any, event: str, arg: Any) -> None:
        if previous is not None:
            previous(frame, event, arg)
        seen[0] += 1
        if seen[0] % PROFILE_LOOK_EVERY == 0 and time.thread_time() > end:
            raise _Deadline()               # the hook is unset by the raise; restored below

    sys.setprofile(profile)
    _PROFILED.active = True
    try:
        yield
    finally:
        sys.setprofile(previous)
        _PROFILED.active = outer


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _case_input(case: Mapping[str, Any], steps: list, start: Any = None) -> CaseInput:
    inp = case["input"]
    return CaseInput(case["kind"], inp["setup"], steps, case.get("options") or {}, refusals_are_results=True,
                     start=start)


def _observation(outcome: Any) -> dict[str, Any]:
    observation = outcome.observation
    if "error" in observation:
        return {"error": observation["error"] or "refused"}
    return _json(dict(observation))


class Stage:
    """The reference standing just before step `index` of a case, ready to play that step as
    often as asked, each time with another alteration installed for that step only.

    The steps before it are played once; where the game's replay hands out its state (a
    StepOutcome's `state`), each play starts from a copy of it. Otherwise each play replays
    the case from its setup up to the step. An `observe` step is played first where the kind
    allows it, so that the setup is done before the step begins (`prepend`)."""

    def __init__(self, case: Mapping[str, Any], index: int, prepend: bool = True) -> None:
        self.case, self.index, self.prepend = case, index, prepend
        self.game = get_game(case["game"])
        self.step = case["input"]["steps"][index]
        self.state: Any = None
        self.before: dict[str, Any] | None = None      # the observation just before the step
        self.events: list[tuple[str, dict[str, Any]]] = []  # the step's events and their clauses (record_step)
        self.executed: dict[tuple[str, str], set] = {}       # the rules functions the step ran, their callers (record_step)
        self.executed_from_setup: dict[tuple[str, str], set] = {}   # ... and those the steps up to it ran
        self.last_called_from_setup: dict[tuple[str, str], int] = {}   # ... each by when it was last called
        before = ([OBSERVE] if prepend else []) + list(case["input"]["steps"][:index])
        if before:
            last = None
            for last in self.game.replay(_case_input(case, before)):
                pass
            self.before = None if last is None else _observation(last)
            if last is not None and last.state is not None and hasattr(last.state, "copy"):
                self.state = last.state.copy()

    def history_agrees(self, install: Callable[[], ContextManager], limit: float | None = None) -> bool:
        """With `install` active from the setup on, does every step before this one give its
        expected observation (compared on the expected keys)?"""
        from .results import step_differences
        steps = list(self.case["input"]["steps"][:self.index])
        expected = self.case["expected"]
        with _time_limit(limit) if limit is not None else nullcontext(), install():
            for number, outcome in enumerate(self.game.replay(_case_input(self.case, steps))):
                seen, want = _observation(outcome), expected[number]
                if "error" in want or "error" in seen:
                    if ("error" in want) != ("error" in seen):
                        return False
                    continue
                if step_differences(self.case["game"], want, seen, None):
                    return False
        return True

    def later_steps_reproduced(self, install: Callable[[], ContextManager], later: Sequence[Mapping[str, Any]],
                               limit: float | None = None) -> int:
        """With `install` active from the setup on: how many of the steps after this one, in a
        row, give the implementation's observation `later` (compared on the keys the case
        expects at each)."""
        from .results import step_differences
        expected = self.case["expected"]
        last = min(self.index + len(later), len(expected) - 1)
        steps = list(self.case["input"]["steps"][:last + 1])
        reproduced = 0
        with _time_limit(limit) if limit is not None else nullcontext(), install():
            for number, outcome in enumerate(self.game.replay(_case_input(self.case, steps))):
                if number <= self.index:
                    continue
                seen, theirs = _observation(outcome), later[number - self.index - 1]
                if ("error" in seen) != ("error" in theirs):
                    return reproduced
                if "error" not in seen:
                    keys = [k for k in expected[number] if k != "error"]
                    if any(k not in theirs for k in keys) or \
                            step_differences(self.case["game"], {k: theirs[k] for k in keys}, seen, None):
                        return reproduced
                reproduced += 1
        return reproduced

    def play_agreeing(self, install: Callable[[], ContextManager], limit: float | None = None) -> dict[str, Any] | None:
        """With `install` active from the setup on: the step's observation, or None when an
        earlier step's observation differs from the expected one (on the expected keys)."""
        from .results import step_differences
        steps = list(self.case["input"]["steps"][:self.index + 1])
        expected = self.case["expected"]
        with _time_limit(limit) if limit is not None else nullcontext(), install():
            for number, outcome in enumerate(self.game.replay(_case_input(self.case, steps))):
                seen = _observation(outcome)
                if number == self.index:
                    return seen
                want = expected[number]
                if ("error" in want) != ("error" in seen):
                    return None
                if "error" not in want and step_differences(self.case["game"], want, seen, None):
                    return None
        return None

    def play(self, install: Callable[[], ContextManager] | None = None, from_setup: bool = False,
             limit: float | None = None) -> dict[str, Any]:
        """The observation of the step (a refusal is {'error': clause}), with `install` active
        during that step only (from_setup: from the setup on, which step 0 shares)."""
        context = install() if install is not None else nullcontext()
        with _time_limit(limit) if limit is not None else nullcontext():
            if self.state is not None and not from_setup:
                outcomes = self.game.replay(_case_input(self.case, [self.step], self.state.copy()))
                with context:
                    return _observation(next(outcomes))
            steps = ([OBSERVE] if self.prepend and not from_setup else []) + \
                list(self.case["input"]["steps"][:self.index + 1])
            outcomes = self.game.replay(_case_input(self.case, steps))
            if from_setup:
                with context:
                    for _ in range(len(steps)):
                        outcome = next(outcomes)
                return _observation(outcome)
            for _ in range(len(steps) - 1):
                next(outcomes)
            with context:
                return _observation(next(outcomes))


# -- what the step decided ------------------------------------------------------------------------

@dataclass
class Call:
    ints: tuple[int, ...]       # positions of its arguments that are whole numbers (not bools)
    kind: str                   # what it gave: bool, int, none, list, generator, tuple, record, other; refused
    value: Any = None           # the bool or int it gave; a list's length
    answer: Any = None          # what it gave, when a plain value (a str, None, a number)
    first_int: bool = False     # a tuple whose first item is a whole number
    plain: bool = True          # every argument a plain value (no game object): a function of numbers
    line: int | None = None     # the line it returned from (None: not seen, e.g. a cached answer)
    site: tuple[str, int] | None = None     # (rules module, line) it was called from, if a rule called it
    # (position, names) of its arguments that are sets of names, for a point that looks for
    # names in a collection (DecisionPoint.tested): the tags it was given (a horse's card effects)
    tags: tuple[tuple[int, frozenset[str]], ...] = ()
    # positions of a tuple answer's parts that are numbers, or tuples of numbers (a sort key's parts)
    parts: tuple[int, ...] = ()


_PLAIN = (int, float, str, bool, type(None), list, tuple, dict, set, frozenset)
_NO_ANSWER = object()


def _call_kind(result: Any) -> tuple[str, Any, bool]:
    if isinstance(result, bool):
        return "bool", result, False
    if isinstance(result, int):
        return "int", result, False
    if result is None:
        return "none", None, False
    if isinstance(result, list):
        return "list", len(result), False
    if isinstance(result, tuple):
        return "tuple", len(result), bool(result) and type(result[0]) is int
    if hasattr(result, "__next__"):
        return "generator", None, False
    if dataclasses.is_dataclass(result) and any(type(getattr(result, f.name)) is int
                                                for f in dataclasses.fields(result)):
        return "record", None, False
    return "other", None, False


MAX_TAGS = 16          # names in one set argument, at most, for it to count as tags


MAX_PARTS = 4          # parts of a tuple answer altered, at most


def _is_number(value: Any) -> bool:
    return type(value) in (int, float)


def _number_parts(result: Any) -> tuple[int, ...]:
    """The positions of a tuple's parts that are numbers or tuples of numbers, when it has
    more than one part (a sort key: distance past the line, then the photo-finish cards)."""
    if not isinstance(result, tuple) or len(result) < 2:
        return ()
    return tuple(i for i, part in enumerate(result[:MAX_PARTS])
                 if _is_number(part) or (isinstance(part, tuple) and part and all(_is_number(x) for x in part)))


def _tag_arguments(args: Sequence[Any]) -> tuple[tuple[int, frozenset[str]], ...]:
    return tuple((i, frozenset(a)) for i, a in enumerate(args)
                 if isinstance(a, (set, frozenset)) and len(a) <= MAX_TAGS and all(type(x) is str for x in a))


def _recorder(point: DecisionPoint, calls: dict[DecisionPoint, list[Call]],
              files: Mapping[str, str] | None = None) -> Callable:
    original = point.original()
    code = getattr(getattr(original, "__wrapped__", original), "__code__", None)
    files = files or {}

    def recording(*args: Any, **kwargs: Any) -> Any:
        ints = tuple(i for i, a in enumerate(args) if type(a) is int)
        plain = all(isinstance(a, _PLAIN) for a in (*args, *kwargs.values()))
        caller = sys._getframe(1)
        site = (files[caller.f_code.co_filename], caller.f_lineno) if caller.f_code.co_filename in files else None
        _RETURNED.pop(code, None)
        try:
            result = original(*args, **kwargs)
        except IllegalAction:
            calls.setdefault(point, []).append(Call(ints, "refused", plain=plain, site=site))
            raise
        kind, value, first_int = _call_kind(result)
        answer = result if type(result) in _SCALARS else None
        calls.setdefault(point, []).append(Call(ints, kind, value, answer=answer, first_int=first_int, plain=plain,
                                                line=_RETURNED.pop(code, None), site=site,
                                                tags=_tag_arguments(args) if point.tested else (),
                                                parts=_number_parts(result)))
        return result
    return recording


# code object -> the line its last call returned from, noted by the profile of `_watching`
_RETURNED: dict[Any, int] = {}


def _replacing(game: str, point: DecisionPoint, function: Callable) -> list[tuple[Any, str, Any]]:
    value = property(function) if point.kind == "property" else function
    return [(holder, attribute, value) for holder, attribute in holders(game, point)]


@contextmanager
def _patched(patches: Sequence[tuple[Any, str, Any]]) -> Iterator[None]:
    from .mutation import patched
    with patched(*patches):
        yield


def record_step(stage: Stage, from_setup: bool = False) -> tuple[dict[str, Any], dict[DecisionPoint, list[Call]]]:
    """The reference's observation of the step and every decision point it consulted, with
    what each decided, in the order first consulted; the step's events, each with the clause
    that produced it, go to `stage.events`."""
    from .log import StepLog
    game = stage.case["game"]
    calls: dict[DecisionPoint, list[Call]] = {}
    events: list[tuple[str, dict[str, Any]]] = []
    original_event = StepLog.event

    def event(log: StepLog, type_: str, clause: str, **fields: Any) -> dict[str, Any]:
        made = original_event(log, type_, clause, **fields)
        events.append((clause, made))
        return made

    files = _rules_files(game)
    patches = [p for point in decision_points(game) for p in _replacing(game, point, _recorder(point, calls, files))]
    executed: dict[tuple[str, str], set] = {}
    last_called: dict[tuple[str, str], int] = {}
    # the engine's memos emptied first (and after): a rule asked only inside a memoised function
    # (the cards' win probabilities asking whether a suit can still finish) runs, and is recorded,
    # only when the memo does not already hold the answer the step played before left in it
    caches = _caches(game)
    _forget(caches)
    try:
        observation = stage.play(lambda: _watching(game, executed, patches + [(StepLog, "event", event)], last_called),
                                 from_setup)
    finally:
        _forget(caches)
    if not from_setup:
        stage.events = events
        stage.executed = executed
    else:
        stage.executed_from_setup = executed
        stage.last_called_from_setup = last_called
    return observation, calls


@contextmanager
def _watching(game: str, executed: dict[tuple[str, str], set], patches: Sequence[tuple[Any, str, Any]],
              last_called: dict[tuple[str, str], int] | None = None) -> Iterator[None]:
    """The patches installed, and every function of the game's rules that runs noted in
    `executed` as (module, qualified name) -> the rules functions it was called from, at any
    remove (its callers, theirs, ...)."""
    files = _rules_files(game)
    calls_seen = [0]

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "return":
            if frame.f_code.co_filename in files:
                _RETURNED[frame.f_code] = frame.f_lineno
        elif event == "call":
            module = files.get(frame.f_code.co_filename)
            if module is not None:
                callers = set()
                caller = frame.f_back
                while caller is not None:
                    outer = files.get(caller.f_code.co_filename)
                    if outer is not None:
                        callers.add((outer, caller.f_code.co_qualname.replace(".<locals>", "")))
                    caller = caller.f_back
                name = (module, frame.f_code.co_qualname.replace(".<locals>", ""))
                executed.setdefault(name, set()).update(callers)
                if last_called is not None:
                    calls_seen[0] += 1
                    last_called[name] = calls_seen[0]

    previous = sys.getprofile()
    with _patched(patches):
        sys.setprofile(profile)
        try:
            yield
        finally:
            sys.setprofile(previous)


_RULES_FILES: dict[str, dict[str, str]] = {}


def _rules_files(game: str) -> dict[str, str]:
    """The source file of each module of the game's rules -> its module name."""
    if game not in _RULES_FILES:
        import importlib
        import pkgutil
        package = importlib.import_module(f"reference.{game}.rules")
        found = {}
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            found[module.__file__] = module.__name__
        _RULES_FILES[game] = found
    return _RULES_FILES[game]


def item_producers(stage: "Stage", expected: Mapping[str, Any], actual: Mapping[str, Any],
                   modes: Mapping[str, str]) -> dict[str, list[str]]:
    """For each multiset key (unordered) whose items differ: the clauses of the step's events
    that produced the expected items the actual observation lacks (an item is an event's: every
    field of the item is the event's). {} when no differing item comes from an event."""
    out: dict[str, list[str]] = {}
    for key, want in expected.items():
        if modes.get(key) != "unordered" or not isinstance(want, list):
            continue
        got = actual.get(key)
        have = Counter(_canon(item) for item in got) if isinstance(got, list) else Counter()
        clauses = []
        for item in want:
            text = _canon(item)
            if have[text] > 0:
                have[text] -= 1
                continue
            if not isinstance(item, dict):
                continue
            for clause, event in getattr(stage, "events", ()):
                if all(name in event and _same_value(event[name], value) for name, value in item.items()):
                    clauses.append(clause)
                    break
        if clauses:
            out[key] = list(dict.fromkeys(clauses))
    return out


# -- the alterations ----------------------------------------------------------------------------------

def _install(game: str, point: DecisionPoint, make: Callable[[Callable], Callable]) -> Callable[[], ContextManager]:
    def install() -> ContextManager:
        return _patched(_replacing(game, point, make(point.original())))
    return install


def _negated(original: Callable) -> Callable:
    return lambda *a, **k: not original(*a, **k)


def _shifted(by: int) -> Callable[[Callable], Callable]:
    return lambda original: (lambda *a, **k: original(*a, **k) + by)


def _argument_shifted(position: int, by: int) -> Callable[[Callable], Callable]:
    def make(original: Callable) -> Callable:
        def altered(*a: Any, **k: Any) -> Any:
            if position < len(a) and type(a[position]) is int:
                a = a[:position] + (a[position] + by,) + a[position + 1:]
            return original(*a, **k)
        return altered
    return make


def _constant(value: Any) -> Callable[[Callable], Callable]:
    """Another answer, the function's work done all the same: a decision that draws a tile and
    then says the turn goes on draws the tile and says the turn ends."""
    def make(original: Callable) -> Callable:
        def altered(*a: Any, **k: Any) -> Any:
            original(*a, **k)
            return value
        return altered
    return make


def _instead(answer: Any, value: Any) -> Callable[[Callable], Callable]:
    """`value` where the function gives `answer`, its own answer elsewhere: the everywhere form
    of a misreading that turns one decision into another."""
    def make(original: Callable) -> Callable:
        def altered(*a: Any, **k: Any) -> Any:
            result = original(*a, **k)
            return value if _same_value(result, answer) else result
        return altered
    return make


def _skipped(original: Callable) -> Callable:
    return lambda *a, **k: None


def _refusing(point: DecisionPoint) -> Callable[[Callable], Callable]:
    def make(original: Callable) -> Callable:
        def altered(*a: Any, **k: Any) -> Any:
            raise IllegalAction("action", f"(counterfactual) {point.name} refuses", point.clauses[0])
        return altered
    return make


def _list_cut(which: str) -> Callable[[Callable], Callable]:
    def make(original: Callable) -> Callable:
        def altered(*a: Any, **k: Any) -> Any:
            result = original(*a, **k)
            if not isinstance(result, list):
                return result
            return {"empty": [], "first": result[1:], "last": result[:-1], "reversed": result[::-1],
                    "one on": result[1:] + result[:1], "one back": result[-1:] + result[:-1],
                    "same first": result[:1] + result[:0:-1]}[which]
        return altered
    return make


def _part_changed(position: int, how: str) -> Callable[[Callable], Callable]:
    """A tuple answer with its part at `position` read as nothing (`how` "without": 0, or a
    tuple of zeros) or the other way round ("reversed": negated): a sort key read short, or
    one of its tie-breaks read backwards. The tuple keeps its length, so that it still
    compares with the reference's own keys."""
    def change(part: Any) -> Any:
        if _is_number(part):
            return type(part)(0) if how == "without" else -part
        return tuple(type(x)(0) if how == "without" else -x for x in part)

    def make(original: Callable) -> Callable:
        def altered(*a: Any, **k: Any) -> Any:
            result = original(*a, **k)
            if position not in _number_parts(result):
                return result
            return result[:position] + (change(result[position]),) + result[position + 1:]
        return altered
    return make


def _without_effect(original: Callable) -> Callable:
    """The function's value, but not what it did to its arguments: it runs on copies of them."""
    return lambda *a, **k: original(*copy.deepcopy(a), **copy.deepcopy(k))


def _opposite(original: Callable) -> Callable:
    return lambda *a, **k: -original(*a, **k)


def _zeroed(original: Callable) -> Callable:
    """A value whose numbers are all zero: 0 for a number, a copy of a plain record (a dataclass
    of numbers) with every number 0."""
    def altered(*a: Any, **k: Any) -> Any:
        result = original(*a, **k)
        if type(result) in (int, float):
            return type(result)(0)
        if dataclasses.is_dataclass(result) and not isinstance(result, type):
            numbers = {f.name: 0 for f in dataclasses.fields(result)
                       if type(getattr(result, f.name)) is int}
            return dataclasses.replace(result, **numbers)
        return result
    return altered


def _as_float(value: Any) -> Any:
    """The same value with its whole numbers as floats (5 -> 5.0), through lists, tuples and
    dicts; yes/no answers and everything else as they are."""
    if type(value) is int:
        return float(value)
    if type(value) in (list, tuple):
        return type(value)(_as_float(item) for item in value)
    if type(value) is dict:
        return {key: _as_float(item) for key, item in value.items()}
    return value


def _floated(original: Callable) -> Callable:
    return lambda *a, **k: _as_float(original(*a, **k))


def float_alterations(game: str, calls: Mapping[DecisionPoint, Sequence[Call]]) -> list[Alteration]:
    """Each decision of the step that answered whole numbers, answering them as floats (a count
    worked out by true division, `6 / 2` for `6 // 2`): tried first, and only where the
    implementation's change is a number's type alone (5.0 where 5 was expected), which no
    other alteration can make."""
    out = []
    for point, made in calls.items():
        if any(c.kind in ("int", "list", "tuple", "other") for c in made):
            out.append(Alteration(f"a float from {point.name}", answering_clauses(point, made), "decision",
                                  point.name, _install(game, point, _floated),
                                  function=(point.module, point.qualname), answered=True))
    return out


def _type_only(change: "Change") -> bool:
    """Some number the implementation reported differs from the expected one by its type alone."""
    return any(was == now and type(was) is not type(now) for was, now in change.numbers.values())


def _emptied(original: Callable) -> Callable:
    return lambda *a, **k: iter(())


def _first_shifted(by: int) -> Callable[[Callable], Callable]:
    def make(original: Callable) -> Callable:
        def altered(*a: Any, **k: Any) -> Any:
            result = original(*a, **k)
            if isinstance(result, tuple) and result and type(result[0]) is int:
                return (result[0] + by,) + result[1:]
            return result
        return altered
    return make


def _tag_read_as(position: int, tag: str, other: str, keep: bool) -> Callable[[Callable], Callable]:
    """The function given `other` wherever its set argument at `position` holds `tag`, in its
    place (one component's effect read, at this rule, as another's) or (`keep`) beside it."""
    def make(original: Callable) -> Callable:
        def altered(*a: Any, **k: Any) -> Any:
            if position < len(a) and isinstance(a[position], (set, frozenset)) and tag in a[position]:
                tags = (a[position] if keep else a[position] - {tag}) | {other}
                a = a[:position] + (type(a[position])(tags),) + a[position + 1:]
            return original(*a, **k)
        return altered
    return make


_OWN_PARTS: dict[tuple[str, str], set[int]] = {}


def own_parts(game: str, point: DecisionPoint) -> set[int]:
    """The positions of a tuple answer that the decision point computes itself: in each of its
    `return` statements, the items of a tuple written out (`(a, b)`) or tuples added together
    (`(a,) + key(...)`) up to the first part of unknown length, less those that are another
    decision point's answer (`photo_card_rank(...)`), which that point's own alterations
    change and charge (a key read short where another rule gave the part is that rule's)."""
    key = (point.module, point.qualname)
    if key not in _OWN_PARTS:
        others = {p.qualname.rsplit(".", 1)[-1] for p in decision_points(game)}
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(point.original())))
        except (OSError, TypeError, SyntaxError):
            tree = None

        def is_other(node: ast.AST) -> bool:
            func = getattr(node, "func", None)
            return isinstance(node, ast.Call) and (getattr(func, "id", None) in others or getattr(func, "attr", None) in others)

        def segments(node: ast.AST) -> list[ast.AST] | None:
            if isinstance(node, ast.Tuple):
                return list(node.elts)
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                left = segments(node.left)
                return None if left is None else left + (segments(node.right) or [None])
            return None

        found: set[int] | None = None
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.Return) and node.value is not None:
                items = segments(node.value) or []
                here = set()
                for position, item in enumerate(items):
                    if item is None or isinstance(item, ast.Starred):
                        break
                    if not is_other(item):
                        here.add(position)
                found = here if found is None else found & here
        _OWN_PARTS[key] = found or set()
    return _OWN_PARTS[key]


def tag_alterations(game: str, point: DecisionPoint, made: Sequence[Call]) -> list[Alteration]:
    """For a rule that looks for tags in a set it is given (a horse's card effects at the sprint),
    each tag it was given read there as each other tag it looks for, charged to the clause the
    given tag stands for (`decision_points.tag_clauses`): a card's effect applied at a rule that
    should not see it (XIII read at the sprint as Serum Maleficum: the horse loses its sprint) is
    a misreading of that card, though no code of the card's own runs at that rule."""
    if not point.tested:
        return []
    clauses_of = tag_clauses(game)
    given = sorted({(position, tag) for call in made for position, tags in call.tags for tag in tags
                    if tag in clauses_of})
    out = []
    for position, tag in given:
        # where the rule looks for the tag itself, read as another instead of, or as well as, itself;
        # elsewhere the two are the same
        ways = ((" read as", False), (" also read as", True)) if tag in point.tested else ((" read as", False),)
        for other in point.tested:
            for what, keep in ways if other != tag else ():
                out.append(Alteration(f"{tag}{what} {other} by {point.name}", clauses_of[tag], "decision", point.name,
                                      _install(game, point, _tag_read_as(position, tag, other, keep)),
                                      function=(point.module, point.qualname)))
    return out


def decision_alterations(game: str, calls: Mapping[DecisionPoint, Sequence[Call]]) -> list[Alteration]:
    """The generic alterations of every decision point the step consulted (see the module text)."""
    out: list[Alteration] = []
    for point, made in calls.items():
        kinds = {c.kind for c in made}
        if kinds == {"refused"}:
            continue                                    # the step's refusal: whether to refuse is what differs

        def add(what: str, make: Callable[[Callable], Callable], grants: bool = False,
                everywhere: Callable[[Callable], Callable] | None = None, answered: bool = True,
                clauses: tuple[str, ...] | None = None, argument: int | None = None,
                yeses_turned_no: Callable[[Callable], Callable] | None = None) -> None:
            by_caller = clauses is not None
            clauses = clauses or (answering_clauses(point, made) if answered else point.clauses)
            out.append(Alteration(f"{what} {point.name}", clauses, "decision", point.name,
                                  _install(game, point, make), grants,
                                  _install(game, point, everywhere) if everywhere else None,
                                  (point.module, point.qualname), answered=answered, by_caller=by_caller,
                                  argument=argument,
                                  yeses_turned_no=_install(game, point, yeses_turned_no) if yeses_turned_no else None))

        answered = kinds - {"refused"}
        if answered == {"bool"}:
            decided = {c.value for c in made}
            # as a misreading, the other answer where the step got one answer: that answer always
            always = _constant(not decided.pop()) if len(decided) == 1 else None
            # a yes turned no grants the refused action only when that yes is what the refusal
            # turned on: a decision that also answered no (the race over? no before the round, yes
            # after it) may refuse by its no turned yes, a guard like any other
            mixed = always is None
            add("negate", _negated, grants=any(c.value is True for c in made), everywhere=always,
                yeses_turned_no=_instead(True, False) if mixed else None)
        if answered <= {"bool", "int"}:
            if "int" in answered:
                add("one more from", _shifted(1))
                add("one less from", _shifted(-1))
                if any(c.value for c in made):
                    add("zero from", _zeroed)
                    add("the opposite of", _opposite)       # a ranking key read the other way
            # a threshold, a count or a seat passed one off (who acts read as the next player): for
            # any function given whole numbers (the gate to functions of plain values only never
            # acted: Call's fields were filled out of order, and the seat shifted named misreadings
            # of the match's end the gated search lost)
            positions = sorted(set.intersection(*(set(c.ints) for c in made)))[:MAX_LIST_ALTERATIONS]
            # the argument is the caller's reading: charged to the block it was computed in
            for position in positions:
                by = calling_clauses(point, made, position)
                add(f"argument {position} + 1 to", _argument_shifted(position, 1), answered=False, clauses=by,
                    argument=position)
                add(f"argument {position} - 1 to", _argument_shifted(position, -1), answered=False, clauses=by,
                    argument=position)
        if answered == {"none"} and not point.returns_value:
            add("drop", _skipped, answered=False)
        if point.refuses or "refused" in kinds:
            add("refuse at", _refusing(point), answered=False)
        if "list" in answered:
            add("empty", _list_cut("empty"))
            if any(c.kind == "list" and c.value for c in made):
                add("first left out of", _list_cut("first"))
            if any(c.kind == "list" and c.value and c.value > 1 for c in made):
                add("last left out of", _list_cut("last"))
                add("the other way round", _list_cut("reversed"))      # an order read backwards
                # an order started one place on, or one back (who goes first read as the next, or the last)
                add("one on from", _list_cut("one on"))
                add("one back from", _list_cut("one back"))
            if any(c.kind == "list" and c.value and c.value > 2 for c in made):
                # round the table the other way from the same first (clockwise read as counter-
                # clockwise, who starts kept): with two items, the order itself
                add("the other way round from the first of", _list_cut("same first"))
        if "generator" in answered:
            add("nothing from", _emptied)
        if any(c.kind == "tuple" and c.first_int for c in made):
            add("one more first from", _first_shifted(1))
            add("one less first from", _first_shifted(-1))
        for position in sorted({p for c in made for p in c.parts} & own_parts(game, point)):
            # a key's part left out, or read the other way (a tie-break backwards)
            add(f"part {position} left out of", _part_changed(position, "without"))
            add(f"part {position} the other way in", _part_changed(position, "reversed"))
        if "record" in answered:
            add("zero from", _zeroed)
        if answered & {"other", "tuple", "list", "record"} and None in point.literals:
            add("None from", _constant(None))
        if answered - {"none"} and not all(c.plain for c in made):
            add("effect dropped from", _without_effect, answered=False)
        # the one plain answer the step got, if it got one (Call.answer is None for an answer
        # that is not a plain value too: only a call that gave None gave the answer None)
        plain = all(c.answer is not None or c.kind == "none" for c in made)
        answers = {_canon(c.answer) for c in made}
        answer = made[0].answer if plain and len(answers) == 1 and type(made[0].answer) in _SCALARS else _NO_ANSWER
        # where the step got one answer, the misreading is that answer turned into another
        # (`_instead`): named with the answer, since another answer turned into the same value is
        # another misreading, which the run's other failures must not count as this one
        instead = "" if answer is _NO_ANSWER else f" for {answer!r}"
        for literal in point.literals:
            if literal is None or isinstance(literal, bool):
                continue
            if isinstance(literal, int) and answered <= {"int"} and all(c.value == literal for c in made):
                continue
            add(f"{literal!r}{instead} from", _constant(literal),
                everywhere=_instead(answer, literal) if answer is not _NO_ANSWER else None)
        for name, value in _other_decisions(game, point, answered):
            add(f"{name}{instead} from", _constant(value),
                everywhere=_instead(answer, value) if answer is not _NO_ANSWER else None)
        out += tag_alterations(game, point, made)
    return out


def answering_clauses(point: DecisionPoint, made: Sequence[Call]) -> tuple[str, ...]:
    """The clauses an altered answer of `point` is charged to: those of the innermost clause
    blocks holding the `return`s the reference took at the step (`# HF-ACT-10: ...` above the
    branch that gave the sprint's spaces), for a function that decides several clauses in
    blocks of their own. All of the point's clauses when a return was not seen (a cached
    answer) or lies in no block of its own."""
    lines = {call.line for call in made if call.kind != "refused"}
    if not lines or None in lines:
        return point.clauses
    from .generated_mutants import innermost_clauses
    regions = _regions(point.module)
    found: list[str] = []
    for line in sorted(lines):
        here = innermost_clauses(regions, line, point.clauses)
        if not here:
            return point.clauses
        found += here
    return tuple(c for c in point.clauses if c in found) or point.clauses


def calling_clauses(point: DecisionPoint, made: Sequence[Call], position: int | None = None) -> tuple[str, ...]:
    """The clauses a shifted argument of `point` is charged to: those of the innermost clause
    blocks of the rules lines that called it with that argument (set_new_odds computing the row
    that odds_after_race reads). The point's own clauses when a call came from outside the rules
    or from a line in no block, and where the caller passed the argument (at `position`) as it
    read it from the game's state (`crossed_finish(race.positions[horse])`): a value the caller
    did not compute, read one off, is the callee's reading of it (a threshold of its own)."""
    sites = {call.site for call in made if call.kind != "refused"}
    if not sites or None in sites:
        return point.clauses
    from .generated_mutants import innermost_clauses
    found: list[str] = []
    # a method's recorded arguments begin with its receiver, which the call's source writes before
    # the dot (`match.seating.side_of(seat)`: the seat is recorded at 1, written at 0)
    written = position - 1 if position is not None and point.kind == "method" else position
    for module, line in sorted(sites):
        if written is not None and written >= 0 and \
                passed_as_read(module, line, point.qualname.rsplit(".", 1)[-1], written):
            found += point.clauses
            continue
        here = innermost_clauses(_regions(module), line)
        if not here:
            return point.clauses
        found += here
    return tuple(dict.fromkeys(found))


_CALLS_BY_MODULE: dict[str, list[tuple[ast.Call, frozenset[str]]]] = {}


def _calls_with_forwarded(source: str) -> list[tuple[ast.Call, frozenset[str]]]:
    """Every call of a module, with the parameters of the function it lies in that the function
    never assigns (passed on as they were given)."""
    tree = ast.parse(source)
    found: dict[int, tuple[ast.Call, frozenset[str]]] = {
        id(n): (n, frozenset()) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    for function in ast.walk(tree):     # outer functions first: an inner one's calls are its own
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        arguments = function.args
        params = {a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs}
        assigned = {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        forwarded = frozenset(params - assigned)
        for n in ast.walk(function):
            if isinstance(n, ast.Call):
                found[id(n)] = (n, forwarded)
    return list(found.values())


def passed_as_read(module: str, line: int, function: str, position: int) -> bool:
    """Does every call of `function` on the rules line `line` of `module` pass its argument at
    `position` as a read of the game's state (an attribute or an item: `race.positions[horse]`),
    or passed on as the caller was given it (its own parameter, never assigned: `reaches_target(score)`
    in `shares_the_win(score)`), not a value the caller computed or named (a local, a literal, an
    expression)? False when no such call is found there."""
    if module not in _CALLS_BY_MODULE:
        try:
            _CALLS_BY_MODULE[module] = _calls_with_forwarded(inspect.getsource(importlib.import_module(module)))
        except (OSError, TypeError, SyntaxError, ImportError):
            _CALLS_BY_MODULE[module] = []
    calls = [(n, forwarded) for n, forwarded in _CALLS_BY_MODULE[module]
             if n.lineno <= line <= (n.end_lineno or n.lineno)
             and (getattr(n.func, "id", None) == function or getattr(n.func, "attr", None) == function)]

    def read(argument: ast.expr, forwarded: frozenset[str]) -> bool:
        return isinstance(argument, (ast.Attribute, ast.Subscript)) or \
            (isinstance(argument, ast.Name) and argument.id in forwarded)
    return bool(calls) and all(position < len(n.args) and read(n.args[position], forwarded)
                               and not any(isinstance(a, ast.Starred) for a in n.args[:position + 1])
                               for n, forwarded in calls)


def answering_now(alteration: Alteration, calls: Mapping[DecisionPoint, Sequence[Call]]) -> Alteration:
    """A remembered alteration of an answer (or of an argument), charged by what the decision
    point answered (or where it was called from) at this step: its blocks may differ from those
    of the step it was remembered at."""
    if not (alteration.answered or alteration.by_caller) or alteration.function is None:
        return alteration
    for point, made in calls.items():
        if (point.module, point.qualname) == alteration.function:
            now = (answering_clauses(point, made) if alteration.answered
                   else calling_clauses(point, made, alteration.argument))
            return dataclasses.replace(alteration, clauses=now)
    return alteration


def _regions(module: str) -> list[Any]:
    """The clause regions of a rules module (generated_mutants.module_regions)."""
    from .generated_mutants import module_regions
    return module_regions(module)


MAX_OTHER_DECISIONS = 2


def _other_decisions(game: str, point: DecisionPoint, answered: set[str]) -> list[tuple[str, Any]]:
    """The other branches of a decision whose kind its annotation names (`EndTurn | None`): where
    it decided None, the first values that decisions of the same kind build (at most
    MAX_OTHER_DECISIONS); where it decided something, None when the kind allows it, and the
    values it builds itself."""
    if not point.annotation or not (point.constructed or "None" in point.annotation):
        return []
    if answered == {"none"}:
        kin = [(p, b) for p in decision_points(game) if p.annotation == point.annotation for b in p.constructed]
        chosen = list({b: p for p, b in kin}.items())[:MAX_OTHER_DECISIONS]
        return [(_shown(b), build(p, b)) for b, p in chosen]
    out = [("None", None)] if "None" in point.annotation.replace(" ", "").split("|") else []
    return out + [(_shown(b), build(point, b)) for b in point.constructed]


def _shown(built: tuple[str, tuple, tuple]) -> str:
    name, args, keywords = built
    return f"{name}({', '.join([repr(a) for a in args] + [f'{k}={v!r}' for k, v in keywords])})"


def constant_alterations(game: str, executed: Mapping[tuple[str, str], int], participating: set[str]) -> list[Alteration]:
    """Each whole-number constant a rule of the step may read (of a module whose functions the
    step ran, or naming a clause that took part) shifted by one, both ways."""
    modules = {module for module, _ in executed}
    out = []
    for point in constant_points(game):
        if point.module not in modules and not participating & set(point.clauses):
            continue
        for by in (1, -1):
            value = point.value + by
            out.append(Alteration(f"{point.label} {value}", point.clauses, "decision", point.label,
                                  _constant_install(game, point, value)))
    return out


def _constant_install(game: str, point: Any, value: int) -> Callable[[], ContextManager]:
    def install() -> ContextManager:
        return _patched([(holder, name, value) for holder, name in constant_holders(game, point)])
    return install


def generated_alterations(game: str, executed: Mapping[tuple[str, str], int]) -> list[Alteration]:
    """The generated operator mutants (generated_mutants.py) of the rules functions the step ran,
    each charged to the clause block it lies in (one in no block charges nothing: left out).
    Only those installed by swapping a function's code: a mutant of import-time code would
    import the game's package again, which a step cannot do."""
    from .generated_mutants import FUNCTION, generated_mutants
    listed = _registered(game)
    out = []
    for mutant in generated_mutants(game):
        if mutant.scope != FUNCTION or not mutant.block or (mutant.module, mutant.function) not in executed:
            continue
        twins = twin_keys(mutant)
        if listed.intersection(twins):
            continue            # equivalent by the register: it can change no observation, so it explains none
        if mutant.key == twins[0]:
            # one of twins played: the same code twice is one misreading, and would take two of MAX_TRIALS
            out.append(Alteration(f"generated {mutant.key}", block_clauses(mutant), "generated",
                                  f"{mutant.module}:{mutant.line}", _swapping(mutant),
                                  function=(mutant.module, mutant.function)))
    return out


_TWINS: dict[tuple[str, str], tuple[str, ...]] = {}      # (game, key): its twins' keys


def twin_keys(mutant: Any) -> tuple[str, ...]:
    """The keys of the generated mutants of the mutant's function whose code compiles the same
    as its own (the mutant's among them): deleting a one-line function's `return x` and
    returning None instead, or `not a < b` and `a >= b`, are one misreading written twice.
    The search plays one of them (`generated_alterations`), and a measurement that withholds a
    mutant withholds its twins (`mutant_attribution.generated_withheld`): the twin left in would
    reproduce it exactly, a leave-one-out that left it in. In file order: the first is the one
    played."""
    if (mutant.game, mutant.key) not in _TWINS:
        alike: dict[tuple, list[str]] = {}
        for other in _by_function(mutant.game)[(mutant.module, mutant.function, mutant.scope)]:
            try:
                behaviour = _fingerprint(_compiled(other)[2])
            except Exception:
                behaviour = ("not compiled", other.key)     # a twin of none; playing it reports why
            alike.setdefault(behaviour, []).append(other.key)
        for keys in alike.values():
            for key in keys:
                _TWINS[(mutant.game, key)] = tuple(keys)
    return _TWINS[(mutant.game, mutant.key)]


_BY_FUNCTION: dict[str, dict[tuple[str, str, str], list[Any]]] = {}


def _by_function(game: str) -> dict[tuple[str, str, str], list[Any]]:
    """The game's generated mutants by (module, function, scope), in file order (grouped once)."""
    if game not in _BY_FUNCTION:
        from .generated_mutants import generated_mutants
        grouped: dict[tuple[str, str, str], list[Any]] = {}
        for mutant in generated_mutants(game):
            grouped.setdefault((mutant.module, mutant.function, mutant.scope), []).append(mutant)
        _BY_FUNCTION[game] = grouped
    return _BY_FUNCTION[game]


def _fingerprint(code: Any) -> tuple:
    """What a function's code does, without where its lines are: the same fingerprint is the
    same behaviour (the same instructions, constants, names and nested code)."""
    consts = tuple(_fingerprint(c) if isinstance(c, CodeType) else (type(c).__name__, repr(c)) for c in code.co_consts)
    return (code.co_code, consts, code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars, code.co_flags)


_REGISTERED: dict[str, frozenset[str]] = {}


def _registered(game: str) -> frozenset[str]:
    """The keys of the game's equivalent generated mutants (equivalent_mutants.yaml): each one
    unreachable by any input, or the same values by construction, or a change no observation
    shows, so played at a step it changes nothing the implementation could have changed, and
    only spends the search's count (MAX_TRIALS) that later alterations need. An unreadable
    register leaves none out: it is `horserace mutants --generated`'s to report."""
    if game not in _REGISTERED:
        from .equivalent_mutants import load_register
        try:
            _REGISTERED[game] = frozenset(load_register(game))
        except Exception:
            _REGISTERED[game] = frozenset()
    return _REGISTERED[game]


def block_clauses(mutant: Any) -> tuple[str, ...]:
    """The clauses of the block a generated mutant lies in (generated_mutants.block_clauses)."""
    from .generated_mutants import block_clauses as of_block
    return of_block(mutant)


_CODES: dict[str, tuple[Any, Any, Any]] = {}
_SETUP_TIME = [0.0]         # CPU time spent compiling generated mutants (once each): not charged to a budget


def _swapping(mutant: Any) -> Callable[[], ContextManager]:
    """Installs a generated mutant by swapping in its compiled code (compiled once, kept)."""
    @contextmanager
    def install() -> Iterator[None]:
        function, original, mutated = _compiled(mutant)
        function.__code__ = mutated
        try:
            # a code change may loop forever: where no CPU timer may stop it (a runner's
            # thread), the thread's own clock does, even when it is installed outside a limit
            with nullcontext() if timer_usable() or _PROFILED.active else _profiled_limit(TRIAL_LIMIT):
                yield
        finally:
            function.__code__ = original
    return install


def _compiled(mutant: Any) -> tuple[Any, Any, Any]:
    """The mutant's function, its code, and the mutant's code (compiled once, kept)."""
    entry = _CODES.get(mutant.key)
    if entry is None:
        from . import generated_mutants as generated
        began = time.process_time()
        handle = generated.install(mutant)
        entry = (handle.function, handle.original_code, handle.function.__code__)
        generated.uninstall(handle)
        _CODES[mutant.key] = entry
        _SETUP_TIME[0] += time.process_time() - began
    return entry


_MUTANTS: dict[str, list[Any]] = {}


def _mutants(game: str) -> list[Any]:
    if game not in _MUTANTS:
        found = get_game(game)
        _MUTANTS[game] = list(found.mutants()) if found.mutants else []
    return _MUTANTS[game]


def mutant_alterations(game: str, participating: set[str]) -> list[Alteration]:
    """The game's curated mutants whose clauses took part in the step."""
    out = []
    for mutant in _mutants(game):
        if participating & set(mutant.clauses):
            out.append(Alteration(f"mutant {mutant.name}", tuple(mutant.clauses), "curated",
                                  f"mutant {mutant.name}", mutant.patch))
    return out


# -- how close an altered observation comes to the actual one -------------------------------------------

_SCALARS = (str, int, float, bool, type(None))


def _canon(value: Any) -> Any:
    """A value as a hashable fact that keeps true, 1 and 1.0 apart."""
    if type(value) in _SCALARS:
        return (type(value).__name__, value)
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        return repr(value)


def facts(observation: Mapping[str, Any], template: Mapping[str, Any], modes: Mapping[str, str]) -> Counter:
    """An observation as a multiset of (path, value) facts, for the keys of `template` (the
    expected observation): objects by their fields (a subset key only by the fields the template
    has), per-seat lists by index, a multiset key (unordered) by its items, events by type and
    occurrence (the n-th `settlement`), so that one differing item or field is one fact."""
    out: Counter = Counter()
    for key, want in template.items():
        value = observation.get(key, MISSING) if isinstance(observation, Mapping) else MISSING
        mode = "refusal" if key == "error" else modes.get(key, "exact")
        if value is MISSING:
            out[(key, "(absent)")] += 1
        elif mode == "refusal":
            out[(key, "refused")] += 1
        elif mode == "unordered" and isinstance(value, list):
            _item_facts(key, value, want if isinstance(want, list) else [], out)
        elif mode == "unordered_each" and isinstance(value, list):
            for index, inner in enumerate(value):
                items = inner if isinstance(inner, list) else [inner]
                out.update((f"{key}[{index}][]", _canon(item)) for item in items)
        elif mode == "events" and isinstance(value, list):
            _event_facts(key, value, want if isinstance(want, list) else [], out)
        else:
            _value_facts(key, value, want, mode == "subset", out)
    return out


def _item_facts(key: str, items: list, template: list, out: Counter) -> None:
    """A multiset key's items: those the template holds as they are, whole; each other object
    matched to its counterpart, the template's unmatched object it shares most fields with,
    and named by the fields where it differs from it (`payouts[1].won`), so that one changed
    field of one item is one fact; an item with no counterpart, whole."""
    wanted = Counter(_canon(item) for item in template)
    left = list(range(len(template)))
    spare = []
    for item in items:
        text = _canon(item)
        if wanted[text] > 0:
            wanted[text] -= 1
            left.remove(next(i for i in left if _canon(template[i]) == text))
            out[(f"{key}[]", text)] += 1
        else:
            spare.append(item)
    for item in spare:
        best = max(left, key=lambda i: _shared_fields(item, template[i]), default=None)
        if best is None or not isinstance(item, dict) or not _shared_fields(item, template[best]):
            out[(f"{key}[]", _canon(item))] += 1
            continue
        left.remove(best)
        counterpart = template[best]
        for name in sorted(set(item) | set(counterpart)):
            if name not in item:
                out[(f"{key}[{best}].{name}", "(absent)")] += 1
            elif name not in counterpart or not _same_value(item[name], counterpart[name]):
                out[(f"{key}[{best}].{name}", _canon(item[name]))] += 1


def _shared_fields(item: Any, other: Any) -> int:
    if not isinstance(item, dict) or not isinstance(other, dict):
        return 0
    return sum(1 for name in item if name in other and _same_value(item[name], other[name]))


def _same_value(a: Any, b: Any) -> bool:
    return _canon(a) == _canon(b)


def _value_facts(path: str, value: Any, want: Any, subset: bool, out: Counter) -> None:
    if isinstance(value, dict):
        names = [n for n in value if not subset or not isinstance(want, dict) or n in want]
        if isinstance(want, dict) and not subset:
            names += [n for n in want if n not in value]
        for name in names:
            inner = value.get(name, MISSING)
            if inner is MISSING:
                out[(f"{path}.{name}", "(absent)")] += 1
            else:
                _value_facts(f"{path}.{name}", inner, want.get(name) if isinstance(want, dict) else None, subset, out)
    elif isinstance(value, list) and value and all(not isinstance(v, (dict, list)) for v in value):
        out[(f"{path}#", len(value))] += 1
        out.update((f"{path}[{index}]", _canon(item)) for index, item in enumerate(value))
    elif isinstance(value, list) and value:
        out[(f"{path}#", len(value))] += 1
        for index, item in enumerate(value):
            _value_facts(f"{path}[{index}]", item, None, False, out)
    else:
        out[(path, _canon(value))] += 1


def _event_facts(key: str, events: list, template: list, out: Counter) -> None:
    seen: Counter = Counter()
    fields_of: dict[str, set[str] | None] = {}
    for event in template:
        if isinstance(event, dict) and isinstance(event.get("type"), str):
            fields_of.setdefault(event["type"], set()).update(k for k in event if k != "type")
        elif isinstance(event, str):
            fields_of.setdefault(event, set())
    order = []
    for event in events:
        kind = event.get("type") if isinstance(event, dict) else event if isinstance(event, str) else None
        kind = kind if isinstance(kind, str) else "?"
        order.append(kind)
        where = f"{key}.{kind}#{seen[kind]}"
        seen[kind] += 1
        out[(where, "present")] += 1
        if isinstance(event, dict):
            wanted = fields_of.get(kind)
            for name, value in event.items():
                if name != "type" and (wanted is None or name in wanted):
                    _value_facts(f"{where}.{name}", value, None, False, out)
    out[(f"{key}.order", _canon(order))] += 1


class Change:
    """What an observation changed against the expected one, as facts added and removed."""

    def __init__(self, expected: Mapping[str, Any], observation: Mapping[str, Any], modes: Mapping[str, str],
                 base: Counter | None = None) -> None:
        base = facts(expected, expected, modes) if base is None else base
        seen = facts(observation, expected, modes)
        self.base = base
        self.added, self.removed = seen - base, base - seen
        self.size = sum(self.added.values()) + sum(self.removed.values())
        self.numbers = _moved_numbers(self.added, self.removed)
        # where it changed something, whatever the values: its reach
        self.paths = {_reach_path(path) for path, _ in self.added + self.removed}

    def same_as(self, other: "Change") -> bool:
        return self.added == other.added and self.removed == other.removed

    def reach(self, other: "Change") -> float:
        """How much of where this change lies `other` changes too, values aside: an Ochiai
        coefficient of the two sets of paths (a misreading no alteration reproduces may still
        reach what one alteration reaches)."""
        if not self.paths or not other.paths:
            return 0.0
        return len(self.paths & other.paths) / math.sqrt(len(self.paths) * len(other.paths))

    def closeness(self, other: "Change") -> float:
        """How much of this change `other` makes the same way: the facts both removed or both
        added, over the square root of (all this change x all the other), an Ochiai coefficient
        of the two changes; a number both moved, but to different values, counts in part (the
        more, the nearer the value and if it moved the same way: `_nearness`). 1.0 when they
        are the same change; 0 when nothing is shared."""
        if not self.size or not other.size:
            return 0.0
        shared = sum((self.added & other.added).values()) + sum((self.removed & other.removed).values())
        for path, (was, theirs) in self.numbers.items():
            ours = other.numbers.get(path)
            if ours is not None and ours[1] != theirs:
                shared += _nearness(was, theirs, ours[1])
        return shared / math.sqrt(self.size * other.size)


def _reach_path(path: str) -> str:
    """A fact's path without item numbers (`scores[1]` -> `scores`, `payouts[2].won` -> `payouts.won`)."""
    return re.sub(r"\[\d*\]|#\d*", "", path)


def _moved_numbers(added: Counter, removed: Counter) -> dict[str, tuple[float, float]]:
    """path -> (expected number, observed number) for each single number that changed."""
    def numbers(facts_: Counter) -> dict[str, float]:
        out: dict[str, Any] = {}
        for (path, value), count in facts_.items():
            number = value[1] if isinstance(value, tuple) and value[0] in ("int", "float") else None
            out[path] = number if path not in out and count == 1 else None
        return {p: n for p, n in out.items() if n is not None}
    was, now = numbers(removed), numbers(added)
    return {path: (was[path], now[path]) for path in was.keys() & now.keys()}


def _nearness(expected: float, theirs: float, ours: float) -> float:
    """Partial credit for moving a number from `expected` to `ours` where they moved it to
    `theirs`: none for the other direction, else one less the miss over the two moves."""
    if (theirs - expected) * (ours - expected) <= 0:
        return 0.0
    return max(0.0, 1.0 - abs(ours - theirs) / (abs(theirs - expected) + abs(ours - expected)))


def closeness(expected: Mapping[str, Any], actual: Mapping[str, Any], altered: Mapping[str, Any],
              modes: Mapping[str, str]) -> float:
    """How much of what the implementation changed (actual vs expected) the alteration changed
    the same way (altered vs expected): Change.closeness."""
    return Change(expected, actual, modes).closeness(Change(expected, altered, modes))


# -- the search -------------------------------------------------------------------------------------------

def _reproduces(game: str, altered: Mapping[str, Any], actual: Mapping[str, Any], keys: Sequence[str]) -> bool:
    """The altered observation matches the actual one as the runner would judge it."""
    from .results import step_differences
    if "error" in altered or "error" in actual:
        return ("error" in altered) == ("error" in actual)
    return not step_differences(game, {k: altered[k] for k in keys if k in altered}, actual, None)


def counterfactual(case: Mapping[str, Any], index: int, expected: Mapping[str, Any], actual: Mapping[str, Any],
                   budget: float | None = None, extra: Sequence[Alteration] = (),
                   withheld: Callable[[Alteration], bool] | None = None,
                   later: Sequence[Mapping[str, Any]] = ()) -> Finding | None:
    """The clauses whose altered decision at step `index` best reproduces `actual` (none when no
    alteration changes anything the implementation changed); None when the reference cannot
    stand at that step (NotReplayable). `extra`: more alterations (generated mutants);
    `withheld`: those left out (a measurement's leave-one-out); both added to what
    `searching_with` sets. `later`: the implementation's observations of the steps after it,
    which set tied alterations apart (`reproducing_later`)."""
    if searching():
        return None
    set_withheld, set_extra, set_budget = settings()
    budget = budget if budget is not None else set_budget if set_budget is not None else DEFAULT_BUDGET
    extra = tuple(extra) + set_extra
    if set_withheld is not None:
        withheld = set_withheld if withheld is None else (lambda a, w=withheld: w(a) or set_withheld(a))
    game = case["game"]
    decision_points(game), _caches(game), _mutants(game)      # made once per process, outside the budget
    if USE_GENERATED:
        from .generated_mutants import generated_mutants
        generated_mutants(game)
    started = time.process_time()
    compiled_before = _SETUP_TIME[0]

    def spent() -> float:
        return time.process_time() - started - (_SETUP_TIME[0] - compiled_before)
    modes = get_game(game).expectation_modes
    keys = [k for k in expected if k != "error"]
    refused_by_them = "error" in actual
    with _searching():
        try:
            stage = _stage(case, index, expected, keys)
        except NotReplayable:
            return None
        theirs = Change(expected, actual, modes)
        trials: list[Trial] = []
        out_of_time = False
        reproduced: set[str] = set()
        caches = _caches(game)

        def attempt(alteration: Alteration, from_setup: bool) -> bool:
            """Play the step with the alteration; False when out of time."""
            nonlocal out_of_time, reproduced
            left = min(budget - spent(), TRIAL_LIMIT)
            if left <= 0 or len(trials) >= MAX_TRIALS:
                out_of_time = True
                return False
            trial = Trial(alteration, None, from_setup=from_setup)
            try:
                _forget(caches)
                if alteration.earlier:
                    trial.observation = stage.play_agreeing(alteration.install, limit=left)
                else:
                    trial.observation = stage.play(alteration.install, from_setup, limit=left)
            except (_Deadline, RecursionError):
                out_of_time = out_of_time or spent() >= budget
            except Exception:           # the altered engine failed: this alteration explains nothing
                pass
            finally:
                _forget(caches)
            if trial.observation is not None:
                altered = trial.observation
                if refused_by_them:
                    trial.exact = "error" in altered
                    trial.score = 1.0 if trial.exact else 0.0
                else:
                    made = Change(expected, altered, modes, theirs.base)
                    trial.exact = made.same_as(theirs) and _reproduces(game, altered, actual, keys)
                    trial.score = 1.0 if trial.exact else theirs.closeness(made)
                    trial.reach = 1.0 if trial.exact else theirs.reach(made)
                    reproduced |= {_top_key(path) for path, _ in theirs.added & made.added}
                if alteration.earlier and alteration.source == "generated" and not trial.exact:
                    # a code change of an earlier step names a decision no observation showed
                    # only by giving this one whole: in part, played from the setup (where the
                    # history never objects), it would outrank the step's own near misses
                    trial.score = trial.reach = 0.0
            trials.append(trial)
            return True

        # What reproduced earlier failures of the same kind exactly is tried first, before the
        # step is even recorded; when one of those reproduces this one exactly, the search ends
        # there (a run against one misreading fails the same way many times).
        fingerprint = (game, case["kind"], index == 0, refused_by_them,
                       tuple(sorted({_top_key(p) for p, _ in theirs.added + theirs.removed})))
        known = [(a, s) for a, s in _EXPLAINED.get(fingerprint, ()) if withheld is None or not withheld(a)]
        for alteration, from_setup in known:
            if not attempt(alteration, from_setup):
                break
        calls: dict = {}
        plan: list[tuple[Alteration, bool]] = list(known)
        if not any(t.exact for t in trials):
            try:
                _, calls = record_step(stage)
                setup_calls = record_step(stage, from_setup=True)[1] if index == 0 and stage.prepend else {}
            except Exception:
                setup_calls = {}
            participating = {c for point in calls for c in point.clauses}
            tried = {a.name for a, _ in known}
            rest = [(a, s) for a, s in _plan(case, index, calls, setup_calls, participating, extra, withheld,
                                             stage.executed, interpretation_alterations(stage)) if a.name not in tried]
            if _type_only(theirs):
                floats = [(a, False) for a in float_alterations(game, calls)]
                floats += [(a, True) for a in float_alterations(game, setup_calls)]
                rest = [(a, s) for a, s in floats if a.name not in tried] + rest
            plan += rest
            for alteration, from_setup in rest:
                if not attempt(alteration, from_setup):
                    break
            if index > 0 and not out_of_time:
                # decisions the steps before took and this one did not: their result may lie in
                # state no earlier observation showed (a list of bettors, a count kept)
                # (the code of earlier steps only when the step's own decisions explain nothing
                # exactly: each is a replay from the setup, three times the cost of a search)
                explained = any(t.exact for t in trials)
                earlier = [(a, True) for a in earlier_alterations(stage, calls, extra, withheld, generated=not explained)
                           if a.name not in tried]
                plan += earlier
                for alteration, from_setup in earlier:
                    if not attempt(alteration, from_setup):
                        break
        if not refused_by_them and not out_of_time and not any(t.exact for t in trials):
            # a misreading that changed two decisions at once (a draw refused where a pass is
            # granted): two alterations, each reproducing a part and nothing else, played together
            planned = {a.name for a, _ in plan}
            pairs = [(pair, from_setup) for pair, from_setup in complementary_pairs(trials, theirs, expected, modes)
                     if pair.name not in planned]
            plan += pairs
            for alteration, from_setup in pairs:
                if not attempt(alteration, from_setup):
                    break
        if any(t.alteration.answered or t.alteration.by_caller for t in trials[:len(known)]):
            # the remembered alterations of an answer, charged by what this step answered
            if not calls:
                try:
                    calls = record_step(stage)[1]
                except Exception:
                    calls = {}
            for trial in trials[:len(known)]:
                trial.alteration = answering_now(trial.alteration, calls)
        participating = {c for point in calls for c in point.clauses}
        if refused_by_them:
            confirm_grants(stage, trials, caches)
        best = best_trials(trials, refused_by_them)
        contenders = list({t.alteration.name: (t.alteration.name, t.alteration.clauses) for t in best}.values())
        run_charges.remember_alterations(game, [t.alteration for t in best])
        if best and not best[0].exact:
            best = near_best(trials, best)
        if best and index > 0:
            # the history checks get a share of their own, even when the search used it all
            allowance = max(budget - spent(), HISTORY_SHARE * budget)
            best = agreeing_with_history(stage, trials, best, refused_by_them, caches,
                                         time.process_time() + allowance)
        if best and best[0].exact:
            _remember(fingerprint, best)
        if len({t.alteration.clauses for t in best}) > 1:
            best = most_specific(best)
        if len({t.alteration.clauses for t in best}) > 1 and later:
            best = reproducing_later(stage, best, later, caches, started + budget + HISTORY_SHARE * budget)
        if len({t.alteration.clauses for t in best}) > 1:
            best = uncontradicted(best, case, caches, started + budget + HISTORY_SHARE * budget)
        producers = {} if refused_by_them else item_producers(stage, expected, actual, modes)
        if _DUMP.get("file"):
            _dump(case, index, trials, stage, caches, refused_by_them)
    scores: dict[str, float] = {}
    reach: dict[str, float] = {}
    for trial in trials:
        if trial.observation is not None and trial.score > 0:
            for clause in trial.alteration.clauses:
                scores[clause] = max(scores.get(clause, 0.0), trial.score)
        if trial.observation is not None and trial.reach > 0:
            for clause in trial.alteration.clauses:
                reach[clause] = max(reach.get(clause, 0.0), trial.reach)
    _CHARGED[:] = [t.alteration for t in best]
    if not best:
        return Finding([], False, 0.0, [], len(trials), len(plan), out_of_time, sorted(participating), producers,
                       reproduced, scores, reach)
    return Finding(list(dict.fromkeys(c for t in best for c in t.alteration.clauses)), best[0].exact,
                   best[0].score, [t.alteration.name for t in best], len(trials), len(plan), out_of_time,
                   sorted(participating), producers, reproduced, scores, reach, contenders, refuted_clauses(trials),
                   sorted({t.alteration.clauses[0] for t in trials
                           if t.observation is not None and len(t.alteration.clauses) == 1}))


_CHARGED: list[Alteration] = []     # the alterations the last search charged (charged_alterations)


def charged_alterations() -> list[Alteration]:
    """The alterations whose clauses the last search charged, forgotten as they are read (the
    measurement asks which of them behave as the misreading does on every case:
    mutant_attribution.look_alikes)."""
    out = list(_CHARGED)
    _CHARGED.clear()
    return out


REFUTED_BELOW = 0.5         # a clause's best closeness at a step reproduced exactly, under which it is refuted


def refuted_clauses(trials: Sequence[Trial]) -> list[str]:
    """The clauses whose alterations played at the step and came nowhere near it (none closer
    than REFUTED_BELOW), when another clause's reproduced it exactly: were one of them the
    misreading, some alteration of it would have explained this failure, or most of it. A
    clause whose alterations came close is not refuted (a misreading its alterations give only
    approximately); nothing is when no alteration is exact (a partial reproduction refutes
    nothing)."""
    played = [t for t in trials if t.observation is not None]
    if not any(t.exact for t in played):
        return []
    closest: dict[str, float] = {}
    for trial in played:
        for clause in trial.alteration.clauses:
            closest[clause] = max(closest.get(clause, 0.0), 1.0 if trial.exact else trial.score)
    return sorted(clause for clause, score in closest.items() if score < REFUTED_BELOW)


def _top_key(path: str) -> str:
    """The observation key a fact's path lies under ('events.settlement#0.bonus' -> 'events')."""
    return path.split(".", 1)[0].split("[", 1)[0].rstrip("#")


def _plan(case: Mapping[str, Any], index: int, calls: Mapping, setup_calls: Mapping, participating: set[str],
          extra: Sequence[Alteration], withheld: Callable[[Alteration], bool] | None,
          executed: Mapping[tuple[str, str], int] = {},
          interpretations: Sequence[Alteration] = ()) -> list[tuple[Alteration, bool]]:
    """The alterations to try, each with whether it acts from the setup on: the decisions of the
    step; the interpretations the step read, each read the other way; at the
    first step also the decisions the setup took (a decision misread there shows first at
    step 0); the mutants (given, curated and generated) of the clauses that took part, from the
    setup on at the first step (a misreading acts everywhere)."""
    game = case["game"]
    first = index == 0
    plan = [(a, False) for a in decision_alterations(game, calls)]
    plan += [(a, False) for a in interpretations]
    plan += [(a, True) for a in decision_alterations(game, setup_calls)]
    plan += [(a, first) for a in constant_alterations(game, executed, participating)]
    clauses = participating | set(_step_clauses(case, index))
    plan += [(a, first) for a in mutant_alterations(game, clauses)]
    plan += [(a, first) for a in extra if clauses & set(a.clauses)]
    if USE_GENERATED:
        plan += [(a, first) for a in generated_alterations(game, executed)]
    if withheld is not None:
        plan = [(a, s) for a, s in plan if not withheld(a)]
    return plan


FROM_SETUP = " from the setup"      # the name of an earlier-step alteration ends so


def interpretation_alterations(stage: "Stage") -> list[Alteration]:
    """Each interpretation whose option the step read, read as each other value the register
    names (readings): an engine that took another reading of an open point. At the step, and
    everywhere where the history and the passed cases are played; charged to the
    interpretations the option selects."""
    case = stage.case
    steps = list(case["input"]["steps"][:stage.index + 1])
    read = readings.options_read(lambda: stage.game.replay(_case_input(case, steps)), stage.index)
    out = []
    for name, value, ids in readings.other_values(case["game"], case.get("options") or {}, read):
        out.append(Alteration(f"{name} read as {json.dumps(value)}", ids, "interpretation", f"option {name}",
                              (lambda name=name, value=value: readings.reading_as(name, value)),
                              # a refusal it gives is the reading's, not a guard's forced: as a decision's
                              grants=True))
    return out


def earlier_alterations(stage: "Stage", calls: Mapping, extra: Sequence[Alteration],
                        withheld: Callable[[Alteration], bool] | None, generated: bool = True) -> list[Alteration]:
    """The alterations of what the steps before took and this one did not, each acting from the
    setup on and explaining nothing if an earlier observation changes (`Alteration.earlier`):
    the decision points the steps up to it consulted that it did not (the latest consulted
    first), the game's curated misreadings of the step's clauses, the whole-number constants of
    the rules modules only the steps before ran, then (`generated`) the
    generated mutants of the rules functions they ran that it did not run (a flag set wrong when
    the cards were revealed, seen only when the race moves). One that loops forever is stopped
    like any other generated mutant (`_swapping`: in a runner's thread by the thread's CPU
    clock). Such a code change counts only when it gives the whole observation (see
    `counterfactual`)."""
    game = stage.case["game"]
    try:
        _, before = record_step(stage, from_setup=True)
    except Exception:
        return []
    here = set(calls)
    # the decisions the latest steps consulted first, as the generated mutants below: the search
    # is cut after MAX_TRIALS plays, and a decision of the deal would keep a later step's out
    recency = stage.last_called_from_setup
    taken = sorted((p for p in before if p not in here), key=lambda p: -recency.get((p.module, p.qualname), 0))
    out = [dataclasses.replace(a, name=f"{a.name}{FROM_SETUP}", earlier=True)
           for a in decision_alterations(game, {p: before[p] for p in taken})]
    # the game's curated misreadings of the clauses that took part, acting from the setup on as a
    # misreading does: one may keep what an earlier step left (a continuation banked by a
    # double), which the step played alone does not have
    clauses = {c for point in calls for c in point.clauses} | set(_step_clauses(stage.case, stage.index))
    out += [dataclasses.replace(a, name=f"{a.name}{FROM_SETUP}", earlier=True)
            for a in mutant_alterations(game, clauses)]
    # the constants the rules the steps before ran may read, and this step's may not (a pair is two
    # cards: read as one when the cards were revealed, seen when the race moves)
    ran_before = {f: c for f, c in stage.executed_from_setup.items() if f not in stage.executed}
    at_the_step = {a.name for a in constant_alterations(game, stage.executed, clauses)}
    out += [dataclasses.replace(a, name=f"{a.name}{FROM_SETUP}", earlier=True)
            for a in constant_alterations(game, ran_before, set()) if a.name not in at_the_step]
    if USE_GENERATED and generated:
        # the functions the latest steps ran first: the search is cut after MAX_TRIALS plays
        changes = sorted(generated_alterations(game, ran_before), key=lambda a: -recency.get(a.function, 0))
        out += [dataclasses.replace(a, name=f"{a.name}{FROM_SETUP}", earlier=True) for a in changes]
    if withheld is not None:
        out = [a for a in out if not withheld(a)]
    return out


MAX_PAIRS = 4       # pairs of partial reproductions played together at one step


def complementary_pairs(trials: Sequence[Trial], theirs: "Change", expected: Mapping[str, Any],
                        modes: Mapping[str, str]) -> list[tuple[Alteration, bool]]:
    """Pairs of alterations played at the step that each made part of the implementation's
    change and nothing else, and that together make all of it: one misreading may change two
    decisions (a continuing player's draw refused and a pass granted in its place), which no
    single alteration gives whole. Each pair is one alteration charged to the clauses of both
    (`paired`), the best first, at most MAX_PAIRS; it still has to reproduce the step when
    played (the two may interact)."""
    parts: dict[tuple, tuple[Trial, Change]] = {}
    for trial in sorted((t for t in trials if t.observation is not None and t.score > 0 and not t.exact
                         and not t.alteration.earlier), key=lambda t: -t.score):
        made = Change(expected, trial.observation, modes, theirs.base)
        if not made.size or made.added - theirs.added or made.removed - theirs.removed:
            continue            # it changed something the implementation did not
        signature = (tuple(sorted(made.added.items())), tuple(sorted(made.removed.items())),
                     trial.alteration.clauses, trial.from_setup)
        parts.setdefault(signature, (trial, made))
    found: list[tuple[float, Alteration, bool]] = []
    kept = list(parts.values())
    for i, (first, one) in enumerate(kept):
        for second, other in kept[i + 1:]:
            if first.from_setup != second.from_setup:
                continue
            if one.added + other.added == theirs.added and one.removed + other.removed == theirs.removed:
                found.append((first.score + second.score, paired(first.alteration, second.alteration),
                              first.from_setup))
    found.sort(key=lambda item: -item[0])
    return [(alteration, from_setup) for _, alteration, from_setup in found[:MAX_PAIRS]]


def paired(first: Alteration, second: Alteration) -> Alteration:
    """Two alterations installed together, charged to the clauses of both."""
    def install(a: Callable[[], ContextManager] = first.install, b: Callable[[], ContextManager] = second.install):
        return _both(a, b)

    def everywhere(a: Callable[[], ContextManager] = first.everywhere or first.install,
                   b: Callable[[], ContextManager] = second.everywhere or second.install):
        return _both(a, b)
    return Alteration(f"{first.name} and {second.name}", tuple(dict.fromkeys(first.clauses + second.clauses)),
                      "pair", f"{first.site}+{second.site}", install, everywhere=everywhere)


@contextmanager
def _both(first: Callable[[], ContextManager], second: Callable[[], ContextManager]) -> Iterator[None]:
    with first(), second():
        yield


NEAR = 0.05     # partial reproductions this close to the best are as good


def near_best(trials: Sequence[Trial], best: list[Trial]) -> list[Trial]:
    """When no alteration reproduces the observation exactly, the alterations within NEAR of the
    best are as likely (narrower ones of a function before broader, `most_specific`), named
    together when they charge few clauses (MAX_NAMED); else the best alone."""
    from .attribution import MAX_NAMED
    band = most_specific([t for t in trials if t.observation is not None and t.score > 0
                          and t.score >= best[0].score * (1 - NEAR)])
    clauses = {c for t in band for c in t.alteration.clauses}
    return band if len(clauses) <= MAX_NAMED else best


def confirm_grants(stage: "Stage", trials: Sequence[Trial], caches: list[Any]) -> None:
    """A negation that turned yeses and noes of one decision around counts as granting the
    refused action only when its yeses alone, turned no, refuse it as well: else the refusal came
    from a no turned yes (`Race.is_over` asked before the round, no, and after it, yes: turned
    round, the round is refused by the first question, a guard, not a grant). One more play of
    each such exact reproduction."""
    for trial in trials:
        alteration = trial.alteration
        if not (trial.exact and alteration.grants and alteration.yeses_turned_no):
            continue
        try:
            _forget(caches)
            observation = stage.play(alteration.yeses_turned_no, trial.from_setup, limit=TRIAL_LIMIT)
        except Exception:           # the altered engine failed, or ran out of time: no refusal seen
            observation = None
        finally:
            _forget(caches)
        if observation is None or "error" not in observation:
            trial.alteration = dataclasses.replace(alteration, grants=False)


def best_trials(trials: Sequence[Trial], refusal: bool = False) -> list[Trial]:
    """The best trials: exact reproductions first, then the closest; for a refusal, a granting
    decision turned down before any other way of refusing."""
    scored = [t for t in trials if t.observation is not None and t.score > 0]
    if not scored:
        return []
    def rank(t: Trial) -> tuple:
        return (t.exact, round(t.score, 9), refusal and t.alteration.grants)
    top = max(rank(t) for t in scored)
    return [t for t in scored if rank(t) == top]


note_passed = passed_cases.note_passed      # the runner's and the measurement's entry points
note_failed = passed_cases.note_failed

_EXPLAINED: dict[tuple, list[tuple[Alteration, bool]]] = {}
MAX_REMEMBERED = 256        # kinds of failure remembered
MAX_EXPLANATIONS = 12       # alterations remembered per kind


def _remember(fingerprint: tuple, best: list[Trial]) -> None:
    """Keep the alterations that reproduced a failure exactly, for the next of its kind."""
    known = _EXPLAINED.pop(fingerprint, [])
    names = {a.name for a, _ in known}
    fresh = [(t.alteration, t.from_setup) for t in best if t.alteration.name not in names]
    _EXPLAINED[fingerprint] = (fresh + known)[:MAX_EXPLANATIONS]
    while len(_EXPLAINED) > MAX_REMEMBERED:
        _EXPLAINED.pop(next(iter(_EXPLAINED)))


def forget_explanations() -> None:
    """Forget what reproduced earlier failures, the cases that passed, what they contradict and
    the clauses the failures were charged to (a measurement starts each misreading afresh)."""
    _EXPLAINED.clear()
    passed_cases.forget()
    run_charges.forget()
    _CONTRADICTED.clear()
    _WIDELY.clear()


# -- the cases the implementation passed: a misreading they would show is not its misreading --

_CONTRADICTED: dict[tuple, bool] = {}      # (alteration, the tied clauses played) -> changes a passed case; valid for _JUDGED_ON
_JUDGED_ON = [-1]                           # the passed_cases.evidence the verdicts were made on
PASSED_CHECKED = 6          # of them, played with each tied alteration
MAX_TIE_EVIDENCE = 6        # clauses whose passed cases are played with each tied alteration


def uncontradicted(best: list[Trial], case: Mapping[str, Any], caches: list[Any], deadline: float) -> list[Trial]:
    """Among tied alterations, those that, acting everywhere as a misreading would, change none of
    the cases the implementation passed that exercise the tied clauses, nor a few others (MUSE's
    penalty for a mutant that breaks passing tests; Metallaxis counts the passing tests a mutant
    changes). A passed case of a clause is the evidence that sets two alterations apart: a
    misreading of that clause would have failed it; and a passed case of the *other* clause of
    the tie is where the two readings differ (the first bettor read as the next player, beside
    the players' order read the other way: the cases of the first bet that passed acquit the
    first and convict the second). Checked per clause set (`tied_groups`). All of them when
    none passes that test or time is up."""
    sample = _passed_sample(case)
    if not sample and not passed_cases.BY_CLAUSE and not passed_cases.FAILED.get(case["game"]):
        return best
    if _JUDGED_ON[0] != passed_cases.evidence[0]:     # new evidence: judge the alterations again
        _CONTRADICTED.clear()
        _JUDGED_ON[0] = passed_cases.evidence[0]
    kept = []
    groups = tied_groups(best, case["game"])
    # the evidence of the tie: the passed cases of every clause tied, each alteration's own first
    # (a case that exercises the other clause is where the two readings differ: a misreading
    # of the first bettor that a case of the bettors' order passed is not that misreading)
    tied = tuple(dict.fromkeys(c for group in groups for c in group[0].alteration.clauses))
    for group in groups:
        for trial in group:
            clauses = trial.alteration.clauses
            evidence = tuple(dict.fromkeys(clauses + tied))[:MAX_TIE_EVIDENCE]
            name = (trial.alteration.name, evidence)
            if name not in _CONTRADICTED:
                if time.process_time() > deadline:
                    return best
                passed = _passed_of(case["game"], evidence) + sample
                contradicted = any(_changes(other, trial.alteration, caches, deadline) for other in passed)
                if time.process_time() > deadline:
                    return best                 # cut short: judged on nothing
                _CONTRADICTED[name] = contradicted
            if not _CONTRADICTED[name]:
                kept.append(trial)
                break
    if len(kept) > 1:
        kept = acquitted_widely(kept, case, caches, deadline)
    return kept or best


_WIDELY: dict[tuple, tuple[bool, set]] = {}     # (alteration, its clauses) -> (changes a case, the cases played)
MAX_WIDELY = 1024           # passed cases played with each alteration still tied after the few
# cases an alteration must have been played on, each unchanged, to be acquitted: a run of three
# cases holds too little evidence to set a tied alteration aside for another that only one or two
# cases failed to contradict (a coincidence of the right clause, beside a narrow one of another
# clause that a whole run's cases would contradict as well)
MIN_ACQUITTAL = 8


def acquitted_widely(kept: list[Trial], case: Mapping[str, Any], caches: list[Any], deadline: float) -> list[Trial]:
    """Of the alterations still tied once the few passed cases are played (`uncontradicted`),
    those that change none of every passed case kept (passed_cases: a bounded, spread sample),
    nor any step a failed case answered as expected before its divergence, played until one
    changes: the few cases seldom hold the one that sets two readings apart
    (a first bettor read as the next player, beside the players' order read the other way,
    differ at five of the 700 cases a misreading of the first passes). Acquitted means played on
    MIN_ACQUITTAL cases at least, none changed: a run of a few cases sets nothing aside. A case
    once played stays played for the run (a verdict of guilt never expires; one of innocence is extended to the
    cases kept since), so a run pays for each case and alteration once. The tied clauses' own
    cases first, then the failing case's kind, then the others. All of them when each changes
    one, or time is up. (A failed case's earlier steps: the dice parsed as one colour tie with
    every roll read as a double at a sprint, and another failed case's earlier step, answered
    as expected, would have changed under the parsing.)"""
    game = case["game"]
    tied = [c for trial in kept for c in trial.alteration.clauses]
    pool: dict[str, Mapping[str, Any]] = {}
    for clause in tied:
        for other in passed_cases.BY_CLAUSE.get((game, clause), []):
            pool.setdefault(other["id"], other)
    for other in passed_cases.PASSED.get((game, case["kind"]), []):
        pool.setdefault(other["id"], other)
    for other in passed_cases.EVERY.get(game, []):
        pool.setdefault(other["id"], other)
    pool.pop(case["id"], None)
    played = [(other, None) for other in pool.values()][:MAX_WIDELY]
    # then the steps the implementation matched in the cases it failed, before each one's divergence
    played += [(other, upto) for other, upto in passed_cases.FAILED.get(game, []) if other["id"] != case["id"]][:MAX_WIDELY]
    survivors = []
    for trial in kept:
        key = (trial.alteration.name, trial.alteration.clauses)
        contradicted, checked = _WIDELY.get(key, (False, set()))
        for other, upto in played:
            if contradicted or time.process_time() > deadline:
                break
            seen = other["id"] if upto is None else f"{other['id']} before step {upto}"
            if seen in checked:
                continue
            contradicted = _changes(other, trial.alteration, caches, deadline, upto)
            checked.add(seen)
        _WIDELY[key] = (contradicted, checked)
        if time.process_time() > deadline:
            return kept                         # cut short: judged on part of the evidence
        if not contradicted and len(checked) >= MIN_ACQUITTAL:
            survivors.append(trial)
    return survivors or kept


MAX_TIED_GROUPS = 8         # clause sets among tied alterations whose evidence is checked
PER_GROUP = 4               # alterations of one clause set checked, until one passes


def tied_groups(best: list[Trial], game: str | None = None) -> list[list[Trial]]:
    """The tied alterations whose evidence is checked, by clause set: the first PER_GROUP of each,
    for the first MAX_TIED_GROUPS sets (a bound by count; the plan puts the decisions before the
    generated mutants, so a cut by trial alone would never reach a clause only those name). A
    clause set passes when one of its alterations does: the callers check each group's in
    turn and stop at the first that passes. When more sets tie than are checked, those the run's
    earlier failures charged come first (`game` given; run_charges.CHARGED): a refused race
    round that a dozen guards reproduce alike is checked first where the run's other failures
    point (a finish order misread, charged at the round before), not where the plan put it."""
    groups: dict[tuple[str, ...], list[Trial]] = {}
    for trial in best:
        group = groups.setdefault(trial.alteration.clauses, [])
        if len(group) < PER_GROUP:
            group.append(trial)
    ordered = list(groups.items())
    if game is not None and len(ordered) > MAX_TIED_GROUPS:
        def charged(item: tuple[tuple[str, ...], list[Trial]]) -> int:
            return max((run_charges.CHARGED[(game, clause)] for clause in item[0]), default=0)
        ordered.sort(key=lambda item: -charged(item))       # stable: the plan's order among equals
    return [group for _, group in ordered[:MAX_TIED_GROUPS]]


def _game_of(stage: Any) -> str | None:
    """The game of a stage's case (None for a stand-in without one)."""
    return getattr(stage, "case", {}).get("game")


PASSED_OF_CLAUSE = 2        # passed cases of each clause of an alteration played with it


def _passed_of(game: str, clauses: Sequence[str]) -> list[Mapping[str, Any]]:
    """A few passed cases that exercise each of the clauses (passed_cases.BY_CLAUSE), spread."""
    out: dict[str, Mapping[str, Any]] = {}
    for clause in clauses:
        of_clause = passed_cases.BY_CLAUSE.get((game, clause), [])
        step = max(1, len(of_clause) // PASSED_OF_CLAUSE)
        for other in of_clause[::step][:PASSED_OF_CLAUSE]:
            out.setdefault(other["id"], other)
    return list(out.values())


def _passed_sample(case: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    same = passed_cases.PASSED.get((case["game"], case["kind"]), [])
    others = [c for (game, kind), cases in passed_cases.PASSED.items() if game == case["game"] and kind != case["kind"]
              for c in cases]
    pool = [c for c in same + others if c["id"] != case["id"]]
    if len(pool) <= PASSED_CHECKED:
        return pool
    step = len(pool) / PASSED_CHECKED
    return [pool[int(i * step)] for i in range(PASSED_CHECKED)]


def _changes(case: Mapping[str, Any], alteration: Alteration, caches: list[Any], deadline: float | None = None,
             upto: int | None = None) -> bool:
    """Does the case, played with the alteration acting everywhere, give another observation
    than expected at some step (or fail to play, or not end by `deadline`: an alteration may
    loop forever)? With `upto`, its steps before that one only (a failed case's steps the
    implementation answered as expected)."""
    from .results import step_differences
    game = get_game(case["game"])
    limit = max(deadline - time.process_time(), 0.01) if deadline is not None else None
    steps = list(case["input"]["steps"])[:upto]       # all of them when `upto` is None
    try:
        _forget(caches)
        with _time_limit(limit) if limit is not None else nullcontext(), \
                alteration.everywhere() if alteration.everywhere else alteration.install():
            for number, outcome in enumerate(game.replay(_case_input(case, steps))):
                seen, want = _observation(outcome), case["expected"][number]
                if ("error" in want) != ("error" in seen):
                    return True
                if "error" not in want and step_differences(case["game"], want, seen, None):
                    return True
    except (Exception, _Deadline):
        return True
    finally:
        _forget(caches)
    return False


_DUMP: dict[str, Any] = {}


def dumping(path: str | None) -> None:
    """Every search writes its trials to `path` (JSON lines), for studying the ranking offline."""
    _DUMP["file"] = path


def _dump(case: Mapping[str, Any], index: int, trials: Sequence[Trial], stage: "Stage", caches: list[Any],
          refusal: bool) -> None:
    scored = sorted((t for t in trials if t.observation is not None and (t.score > 0 or t.reach > 0)),
                    key=lambda t: (-t.exact, -t.score))
    top = scored[0].score if scored else 0.0
    rows = []
    for number, trial in enumerate(scored):
        history = None
        if index > 0 and number < 16 and trial.score >= top * 0.5:
            try:
                _forget(caches)
                history = stage.history_agrees(trial.alteration.everywhere or trial.alteration.install, 5.0)
            except Exception:
                history = False
            finally:
                _forget(caches)
        function = trial.alteration.function
        callers = sorted("%s.%s" % f for f in stage.executed.get(function, ())) if function else None
        rows.append([trial.alteration.name, list(trial.alteration.clauses), trial.alteration.source,
                     trial.alteration.site, trial.exact, round(trial.score, 6), trial.alteration.grants,
                     "%s.%s" % function if function else None, history, callers, round(trial.reach, 6)])
    with open(_DUMP["file"], "a", encoding="utf-8") as out:
        out.write(json.dumps({**_DUMP.get("tag", {}), "case": case["id"], "step": index, "refusal": refusal,
                              "trials": rows}) + "\n")


def most_specific(best: list[Trial]) -> list[Trial]:
    """Among tied alterations, none charging more clauses than another does: a change of one
    clause block says more than a change of the whole function, and an alteration charged to
    one clause that explains the step as well as another charged to that clause and more is
    the narrower explanation of the same evidence (a hand-written misreading of three clauses,
    or a function deciding two, beside one decision of one of them)."""
    kept = [trial for trial in best
            if not any(set(other.alteration.clauses) < set(trial.alteration.clauses) for other in best)]
    return kept or best


HISTORY_SHARE = 0.5         # of the budget, kept for the history checks of tied alterations


def reproducing_later(stage: "Stage", best: list[Trial], later: Sequence[Mapping[str, Any]], caches: list[Any],
                      deadline: float) -> list[Trial]:
    """Among tied alterations, those that, acting from the setup on as a misreading would, also
    give the implementation's own observations of the most steps after the divergent one (in a
    row, on the keys the case expects there): the implementation went on playing with its
    misreading, so the right one keeps reproducing it where a look-alike stops (Metallaxis
    counts every observation a mutant reproduces). A clause set counts as its best alteration
    among the first few (`tied_groups`), each played until one reproduces every later step. All
    of them when none reproduces a later step, or time is up."""
    counts: dict[int, int] = {}
    for group in tied_groups(best, _game_of(stage)):
        # a clause set is as good as its best alteration: the first of a group may be a cruder
        # misreading of the same clause (a list emptied, where the implementation cut it short)
        for trial in group:
            left = deadline - time.process_time()
            if left <= 0:
                return best
            counts[id(trial)] = _everywhere(lambda install: stage.later_steps_reproduced(install, later, left),
                                            trial, caches, 0)
            if counts[id(trial)] >= len(later):
                break
    most = max(counts.values(), default=0)
    if most == 0:
        return best
    kept_groups = {t.alteration.clauses for t in best if counts.get(id(t)) == most}
    return [t for t in best if t.alteration.clauses in kept_groups]


def _everywhere(check: Callable[[Callable[[], ContextManager]], Any], trial: Trial, caches: list[Any],
                failed: Any) -> Any:
    """`check` of the case played with the trial's alteration acting as a misreading would (its
    everywhere form, else as installed at the step), the engine's memoised results forgotten
    around it; `failed` when the altered engine fails."""
    try:
        _forget(caches)
        return check(trial.alteration.everywhere or trial.alteration.install)
    except Exception:
        return failed
    finally:
        _forget(caches)


DESCENT_LEVELS = 3          # ranks of alterations looked through for one that agrees with the history


def agreeing_with_history(stage: "Stage", trials: Sequence[Trial], best: list[Trial], refusal: bool,
                          caches: list[Any], deadline: float) -> list[Trial]:
    """The best alterations that, acting from the setup on as a misreading would, still give
    every earlier step's expected observation (which the implementation matched): a misreading
    that would have shown earlier is not the one the implementation has (MUSE's penalty for
    mutants that break passing tests). When none of the best agrees, the next best rank is
    looked at (an exact reproduction the history contradicts says less than a close one it
    does not), down to DESCENT_LEVELS ranks; when none agrees there either, or time is up, the
    best as they were."""
    level = best
    rest = [t for t in trials if t.observation is not None and t.score > 0]
    for _ in range(DESCENT_LEVELS):
        agreeing = []
        for group in tied_groups(level, _game_of(stage)):
            for trial in group:
                left = deadline - time.process_time()
                if left <= 0:
                    return best
                if _everywhere(lambda install: stage.history_agrees(install, left), trial, caches, False):
                    agreeing.append(trial)
                    break
        if agreeing:
            return agreeing
        looked = {id(t) for t in level}
        rest = [t for t in rest if id(t) not in looked]
        level = best_trials(rest, refusal)
        if not level:
            break
        if not level[0].exact:
            level = near_best(rest, level)
    return best


def _stage(case: Mapping[str, Any], index: int, expected: Mapping[str, Any], keys: Sequence[str]) -> "Stage":
    """The stage of the step, with an `observe` step first where the kind allows it. Raises
    NotReplayable when the reference does not give the expected observation there."""
    game = case["game"]
    for prepend in (True, False):
        try:
            stage = Stage(case, index, prepend)
            observation = stage.play()
        except Exception:
            continue
        if _agrees(game, observation, expected, keys):
            return stage
    raise NotReplayable()


def _agrees(game: str, observation: Mapping[str, Any], expected: Mapping[str, Any], keys: Sequence[str]) -> bool:
    from .results import step_differences
    if "error" in expected or "error" in observation:
        return ("error" in expected) == ("error" in observation)
    return not step_differences(game, {k: expected[k] for k in keys}, observation, None)


def _step_clauses(case: Mapping[str, Any], index: int) -> list[str]:
    steps = case.get("step_clauses") or []
    return list(steps[index]) if index < len(steps) else []


_CACHE_LISTS: dict[str, list[Any]] = {}


def _caches(game: str) -> list[Any]:
    from .mutation import engine_caches
    if game not in _CACHE_LISTS:
        _CACHE_LISTS[game] = engine_caches(get_game(game))
    return _CACHE_LISTS[game]


def _forget(caches: list[Any]) -> None:
    for cache in caches:
        cache.cache_clear()


def _given(setup: Any, key: str, value: Any, depth: int = 0) -> bool:
    """Does the setup hold `value` under a field named `key`, at any depth?"""
    if depth > 6:
        return False
    if isinstance(setup, Mapping):
        if key in setup and _same_value(setup[key], value):
            return True
        return any(_given(inner, key, value, depth + 1) for inner in setup.values())
    if isinstance(setup, list):
        return any(_given(inner, key, value, depth + 1) for inner in setup[:64])
    return False


def carried_by_position(case: Mapping[str, Any], index: int, expected: Mapping[str, Any],
                        actual: Mapping[str, Any]) -> list[str]:
    """The differing keys, when each is a value the given position carried: the setup gives it
    in so many words (a field of that name holds the expected value), no earlier step observed
    the key, and the reference's value at this step is the one it read from the setup (its
    observation right after the setup), so no rule changed it on the way. [] otherwise. The
    caller asks this only when no alteration of the step gives the values reported there."""
    from .results import matches_safely, step_differences
    game = get_game(case["game"])
    keys = [k for k in expected if k != "error"]
    if "error" in actual or "error" in expected:
        return []
    differing = list(dict.fromkeys(d.key for d in step_differences(case["game"], {k: expected[k] for k in keys},
                                                                     actual, None)))
    if not differing:
        return []
    earlier = case["expected"][:index]
    if any(isinstance(e, dict) and key in e for e in earlier for key in differing):
        return []
    if not all(_given(case["input"]["setup"], key, expected[key]) for key in differing):
        return []
    with _searching():
        try:
            outcome = next(iter(game.replay(_case_input(case, [OBSERVE]))))
        except Exception:
            return []
    read = _observation(outcome)
    if "error" in read:
        return []
    modes = game.expectation_modes
    if all(key in read and matches_safely(expected[key], read[key], modes.get(key, "exact")) for key in differing):
        return sorted(differing)
    return []
