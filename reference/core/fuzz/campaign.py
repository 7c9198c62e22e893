"""A fuzz campaign: cases from seeds, judged by the runner, divergences shrunk.

Case `index` of a campaign belongs to track `index % len(tracks)` (a track is a kind and
its option values) and has the seed `case_seed(game, kind, index, options)`, so a campaign
is the same list of cases on every machine, and `--shard i/n` keeps the indices with
`index % n == i - 1`.

The cases go through `reference.core.runner.run_cases` (the code of `horserace check`), one
long-lived implementation process per campaign: the case feed is a generator that, when a
case fails, goes on to feed the shrinker's candidates to the same process before the next
campaign case. Judging, attribution, restarts after a crash and the circuit breaker are
therefore those of `check`. `in_process` answers with the reference adapter in this process
instead (mutant runs: the mutant is installed around the campaign).
"""

from __future__ import annotations

import itertools
import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from ..game import Mutant, get_game
from ..mutation import clear_engine_caches
from ..results import CaseResult, judge
from .cases import InvalidCase, case_from_numbers, case_from_seed, case_id, case_seed
from .shrink import MAX_ATTEMPTS, shrinker

if TYPE_CHECKING:
    from ..expected_failures import ExpectedFailures
    from ..runner import Implementation

SHRINK_SECONDS = 120.0
FAILED = ("failed", "changed")       # a divergence that is not an accepted one (--expected-failures)


@dataclass(frozen=True)
class Track:
    kind: str
    options: dict[str, Any]          # the options that differ from the game's defaults

    def label(self) -> str:
        return self.kind + "".join(f" {k}={json.dumps(v)}" for k, v in sorted(self.options.items()))


@dataclass
class Campaign:
    game: str
    tracks: list[Track]
    first: int = 0                   # first case index
    last: int | None = None          # last case index (inclusive); None: until a budget ends it
    seed: int | None = None          # one case of this seed per track instead of a range
    budget_seconds: float | None = None
    shard: tuple[int, int] = (1, 1)
    workers: tuple[int, int] = (0, 1)   # this worker's slice of the shard (-j)
    shrink: bool = True
    shrink_attempts: int = MAX_ATTEMPTS
    shrink_seconds: float = SHRINK_SECONDS
    stop_at_first: bool = False      # mutant runs: the number of cases needed is the measure
    expected: ExpectedFailures | None = None   # --expected-failures: known differences are not failures

    def entries(self) -> Iterator[tuple[int, Track, int]]:
        """(index, track, seed) of this shard's cases, in index order."""
        if self.seed is not None:
            indices: Iterable[int] = range(len(self.tracks))
        elif self.last is None:
            indices = itertools.count(self.first)
        else:
            indices = range(self.first, self.last + 1)
        shard, count = self.shard
        worker, workers = self.workers
        position = 0
        for index in indices:
            if index % count != shard - 1:
                continue
            position += 1
            if (position - 1) % workers != worker:
                continue
            track = self.tracks[index % len(self.tracks)]
            seed = self.seed if self.seed is not None else case_seed(self.game, track.kind, index, track.options)
            yield index, track, seed


@dataclass
class Outcome:
    """One campaign case as judged, with its shrunk counterexample when it failed."""
    index: int
    seed: int
    track: Track
    result: CaseResult
    steps: int
    numbers: int                               # chooser numbers drawn
    shrunk: dict[str, Any] | None = None       # numbers, case, result, attempts
    replay: str = ""                           # the command that runs this case again


@dataclass
class CampaignRun:
    outcomes: list[Outcome] = field(default_factory=list)
    stop_reason: str = "end of the seed range"
    announced: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    shrink_attempts: int = 0


class Feed:
    """The cases handed to the runner; the runner's on_result tells it each verdict."""

    def __init__(self, campaign: Campaign, run: CampaignRun, progress: Callable[..., None] | None = None):
        self.campaign = campaign
        self.run = run
        self.last: CaseResult | None = None
        self.progress = progress or (lambda *_: None)

    def on_result(self, result: CaseResult) -> None:
        if self.campaign.expected is not None:
            self.campaign.expected.apply(result)    # xfailed, or changed: judged as `check` judges it
        self.last = result

    def cases(self) -> Iterator[dict[str, Any]]:
        c = self.campaign
        started = time.monotonic()
        for index, track, seed in c.entries():
            if c.budget_seconds is not None and time.monotonic() - started >= c.budget_seconds:
                self.run.stop_reason = f"time budget of {c.budget_seconds:g} s spent"
                return
            try:
                case, numbers = case_from_seed(c.game, track.kind, track.options, seed)
            except InvalidCase as exc:
                result = CaseResult(case_id(c.game, track.kind, seed), c.game, track.kind, "errored",
                                    message=f"invalid case (a generator bug, not the implementation's): {exc}")
                self.run.outcomes.append(Outcome(index, seed, track, result, 0, 0))
                self.progress()
                continue
            self.last = None
            yield case
            result = self.last
            outcome = Outcome(index, seed, track, result, len(case["input"]["steps"]), len(numbers))
            self.run.outcomes.append(outcome)
            self.progress()
            if result.status in FAILED and c.shrink:
                outcome.shrunk = yield from self.shrink(track, seed, numbers, case, result)
            if result.status in FAILED and c.stop_at_first:
                self.run.stop_reason = "first divergence found"
                return
        if c.seed is not None:
            self.run.stop_reason = "the one seed given"

    def shrink(self, track: Track, seed: int, numbers: list[int], case: dict[str, Any],
               result: CaseResult) -> Iterator[dict[str, Any]]:
        """Feed the shrinker's candidates; the smallest case that still fails (any divergence).
        A candidate the generator cannot make into a valid case counts as not failing, and so
        does one with more steps than the smallest so far: fewer numbers may mean a longer case
        (a size a generator draws late), and the steps are what a reader replays."""
        c = self.campaign
        best = {"numbers": numbers, "case": case, "result": result}
        steps = shrinker(numbers, c.shrink_attempts)
        deadline = time.monotonic() + c.shrink_seconds
        attempts = 0
        try:
            candidate = next(steps)
            while time.monotonic() < deadline:
                attempts += 1
                verdict = False
                try:
                    shrunk_case, _ = case_from_numbers(c.game, track.kind, track.options, candidate, seed)
                except InvalidCase:
                    shrunk_case = None
                longest = len(best["case"]["input"]["steps"])
                if shrunk_case is not None and len(shrunk_case["input"]["steps"]) <= longest:
                    self.last = None
                    yield shrunk_case
                    verdict = self.last is not None and self.last.status in FAILED
                    if verdict:
                        best = {"numbers": candidate, "case": shrunk_case, "result": self.last}
                candidate = steps.send(verdict)
        except StopIteration:
            pass
        steps.close()
        self.run.shrink_attempts += attempts
        return {**best, "attempts": attempts}


def run_campaign(campaign: Campaign, execute: Callable[[Iterator[dict[str, Any]], Callable], dict[str, Any]],
                 progress: Callable[..., None] | None = None) -> CampaignRun:
    """Run a campaign with `execute(cases, on_result) -> announced` (the runner, or in process);
    `progress()` is called after each campaign case (not after shrink attempts)."""
    run = CampaignRun()
    feed = Feed(campaign, run, progress)
    started = time.perf_counter()
    run.announced = execute(feed.cases(), feed.on_result)
    run.seconds = time.perf_counter() - started
    run.outcomes.sort(key=lambda o: (o.index, o.track.label()))
    return run


def via_runner(command: str | Implementation, timeout: float, handshake_timeout: float,
               max_consecutive_errors: int) -> Callable:
    """An executor driving `command` (or an Implementation already started) through the runner
    of `horserace check`."""
    from ..runner import run_cases

    def execute(cases: Iterator[dict[str, Any]], on_result: Callable) -> dict[str, Any]:
        _, announced = run_cases(command, cases, timeout, on_result=on_result, handshake_timeout=handshake_timeout,
                                 max_consecutive_errors=max_consecutive_errors)
        return announced
    return execute


def in_process(games: list[str], mutant: Mutant | None = None) -> Callable:
    """An executor answering as the reference adapter does, in this process (judged as the runner
    judges; an exception is an errored case). A mutant is installed only while the answer is
    computed: the expected observations (the oracle) come from the unmutated engine."""
    from ..adapter import answer_case, hello_reply
    from ..protocol import case_message

    def answer(case: dict[str, Any]) -> dict[str, Any]:
        if mutant is None:
            return answer_case(case_message(1, case))
        game = get_game(case["game"])
        clear_engine_caches(game)           # nothing the reference computed may answer for the mutant
        try:
            with mutant.patch():
                return answer_case(case_message(1, case))
        finally:
            clear_engine_caches(game)       # nor the other way round

    def execute(cases: Iterator[dict[str, Any]], on_result: Callable) -> dict[str, Any]:
        for case in cases:
            result = CaseResult(case["id"], case["game"], case["kind"], "errored", list(case["clauses"]))
            started = time.perf_counter()
            try:
                reply = json.loads(json.dumps(answer(case)))
            except Exception as exc:          # the adapter process would have died
                reply = {"type": "errored", "message": f"{type(exc).__name__}: {exc}"}
            result.seconds = time.perf_counter() - started
            if reply["type"] == "result":
                result.status, result.mismatch = judge(case, reply["steps"])
            else:
                result.message = str(reply.get("message", ""))
            on_result(result.bound())
        return {**hello_reply(games), "command": "(in process)", "starts": 1}
    return execute
