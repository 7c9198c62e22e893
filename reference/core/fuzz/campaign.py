"""A fuzz campaign: cases from seeds, judged by the runner, one counterexample per bug.

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

Every case result goes through `Feed.record`, the one place where a campaign keeps what it
learns of a case: a line to the `--jsonl` stream, and counts in the run's `Tally` (tally.py).
Nothing else of a passing case is kept, so memory does not grow with the campaign. A failure
is diagnosed (diagnosis.py); the first `max_examples_per_bug` failures of each diagnosis are
shrunk, each candidate kept only while it fails with that same diagnosis (`Feed.shrink`).
With `--expected-failures`, `Feed.record` first judges the result as `check` does
(ExpectedFailures.apply): an accepted failure is xfailed (counted, not shrunk), a failure an
entry covers but does not fit is changed (a failure, shrunk as one); what the results say of
the entries is gathered as they come (expected_failures.Engagement), for the verdict at the end.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Protocol

from ..game import Mutant, get_game
from ..interrupts import uninterrupted
from ..mutation import clear_engine_caches
from ..results import CaseResult, judge
from .cases import InvalidCase, Made, case_id, case_seed, made
from .choices import Chooser
from .diagnosis import Diagnosis, diagnosis_of
from .shrink import MAX_ATTEMPTS, PassStats, Shrinker
from .tally import DIAGNOSED, PASSING, Tally

if TYPE_CHECKING:
    from ..expected_failures import Engagement, ExpectedFailures
    from ..runner import Implementation

SHRINK_SECONDS = 120.0
MAX_EXAMPLES_PER_BUG = 1
OTHER_DIAGNOSES_SHOWN = 5       # diagnoses met while shrinking, named in the counterexample


@dataclass(frozen=True)
class Track:
    kind: str
    options: dict[str, Any]          # the options that differ from the game's defaults

    def label(self) -> str:
        return self.kind + "".join(f" {k}={json.dumps(v)}" for k, v in sorted(self.options.items()))

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "options": self.options}


@dataclass
class Campaign:
    game: str
    tracks: list[Track]
    first: int = 0                   # first case index
    last: int | None = None          # last case index (inclusive); None: until a budget ends it
    seed: int | None = None          # one case of this seed instead of a range (a replay)
    index: int | None = None         # with `seed`: the campaign index it had (its track)
    budget_seconds: float | None = None
    shard: tuple[int, int] = (1, 1)
    workers: tuple[int, int] = (0, 1)   # this worker's slice of the shard (-j)
    shrink: bool = True
    shrink_attempts: int = MAX_ATTEMPTS
    shrink_seconds: float = SHRINK_SECONDS
    max_examples_per_bug: int = MAX_EXAMPLES_PER_BUG
    stop_at_first: bool = False      # mutant runs: the number of cases needed is the measure
    expected: ExpectedFailures | None = None   # --expected-failures: known differences are not failures
    modes: tuple[str, ...] = ()      # --mode: a case in another mode of play is deselected, never shrunk into
    label: str | None = None         # --label, for the reports

    def keeps_mode(self, case: dict[str, Any]) -> bool:
        """A case in one of the selected modes, or in none (as `check --mode` selects)."""
        return not self.modes or case.get("mode") is None or case["mode"] in self.modes

    def entries(self) -> Iterator[tuple[int | None, int, int]]:
        """(index, track number, seed) of this worker's cases, in index order; a replay of a
        seed without its index runs it on every track, with no index."""
        if self.seed is not None:
            plan: Iterable[tuple[int | None, int]] = ([(self.index, self.index % len(self.tracks))]
                                                      if self.index is not None else
                                                      [(None, t) for t in range(len(self.tracks))])
        else:
            indices = itertools.count(self.first) if self.last is None else range(self.first, self.last + 1)
            shard, count = self.shard
            plan = ((i, i % len(self.tracks)) for i in indices if i % count == shard - 1)
        worker, workers = self.workers
        for position, (index, track) in enumerate(plan):
            if position % workers != worker:
                continue
            if self.seed is not None:
                yield index, track, self.seed
            else:
                t = self.tracks[track]
                yield index, track, case_seed(self.game, t.kind, index, t.options)

    def stride(self) -> int:
        """How far apart the indices of one worker are."""
        return self.shard[1] * self.workers[1]


class Recorder(Protocol):
    """What the session does with what the campaign learns (session.SessionRecorder)."""

    def stream(self, line: dict[str, Any]) -> None:
        """One line of the --jsonl stream."""

    def replay(self, index: int | None, track: Track, seed: int) -> str:
        """The command that runs this case again."""

    def counterexample(self, case: dict[str, Any], mismatch: dict[str, Any], seed: int,
                       numbers: list[int], replay: str) -> dict[str, str]:
        """Write the scenario: {"scenario": path} or {"scenario_error": why}."""


class Quiet:
    """A Recorder that streams nothing and writes no file."""

    def stream(self, line: dict[str, Any]) -> None:
        pass

    def replay(self, index: int | None, track: Track, seed: int) -> str:
        return ""

    def counterexample(self, case, mismatch, seed, numbers, replay) -> dict[str, str]:
        return {}


@dataclass
class CampaignRun:
    tally: Tally
    stop_reason: str = "end of the seed range"
    announced: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    shrink_attempts: int = 0        # candidates judged
    shrink_runs: int = 0            # of those, sent to the implementation (the others: invalid, longer, known)
    shrink_passes: dict[str, PassStats] = field(default_factory=dict)
    engagement: Engagement | None = None        # with --expected-failures: what the cases said of its entries


def case_entry(index: int | None, seed: int, track: Track, case: dict[str, Any] | None, numbers: list[int],
               result: CaseResult) -> dict[str, Any]:
    """A case in the report's form (a --jsonl line; a kept failure or error)."""
    out: dict[str, Any] = {"index": index, "id": result.id, "seed": seed, "kind": track.kind, "status": result.status,
                           "steps": len(case["input"]["steps"]) if case else 0, "numbers": len(numbers)}
    if track.options:
        out["options"] = track.options
    if result.status not in PASSING:
        out["clauses"] = list(result.clauses)
    if result.message:
        out["message"] = result.message
    if result.mismatch:
        out["mismatch"] = result.mismatch
    return out


class Feed:
    """The cases handed to the runner; the runner's on_result tells it each verdict."""

    def __init__(self, campaign: Campaign, run: CampaignRun, recorder: Recorder | None = None,
                 progress: Callable[..., None] | None = None):
        self.campaign = campaign
        self.run = run
        self.recorder = recorder or Quiet()
        self.last: CaseResult | None = None
        self.progress = progress or (lambda *_: None)

    def on_result(self, result: CaseResult) -> None:
        self.last = result

    def cases(self) -> Iterator[dict[str, Any]]:
        c = self.campaign
        started = time.monotonic()
        for index, number, seed in c.entries():
            if c.budget_seconds is not None and time.monotonic() - started >= c.budget_seconds:
                self.run.stop_reason = f"time budget of {c.budget_seconds:g} s spent"
                return
            track = c.tracks[number]
            try:
                original = made(c.game, track.kind, track.options, Chooser.from_seed(seed), seed)
            except InvalidCase as exc:
                result = CaseResult(case_id(c.game, track.kind, seed), c.game, track.kind, "errored",
                                    message=f"invalid case (a generator bug, not the implementation's): {exc}")
                self.record(index, number, seed, None, [], result)
                continue
            case = original.case
            if not c.keeps_mode(case):      # --mode: counted as deselected, neither run nor shrunk
                result = CaseResult(case["id"], c.game, track.kind, "deselected",
                                    message=f"mode {case['mode']}: not selected (--mode {' '.join(c.modes)})")
                self.record(index, number, seed, case, original.numbers, result)
                continue
            self.last = None
            yield case
            result = self.last or CaseResult(case["id"], c.game, track.kind, "errored",
                                             message="internal: the runner gave no verdict for this case")
            kept = self.record(index, number, seed, case, original.numbers, result)
            if kept is not None and c.shrink:
                kept["shrunk"] = yield from self.shrink(track, seed, original, result, kept["replay"])
                self.recorder.stream({"counterexample": {"index": index, "id": result.id,
                                                         "diagnosis": kept["diagnosis"], "shrunk": kept["shrunk"]}})
            if result.status in DIAGNOSED and c.stop_at_first:
                self.run.stop_reason = "first divergence found"
                return
        if c.seed is not None:
            self.run.stop_reason = "the one seed given"

    def record(self, index: int | None, number: int, seed: int, case: dict[str, Any] | None,
               numbers: list[int], result: CaseResult) -> dict[str, Any] | None:
        """The one place where a campaign case's result is recorded (a deselected case too):
        judged against the expected failures, streamed, counted, and kept when it is one of the
        first failures of its diagnosis (returned: the caller shrinks it)."""
        if self.campaign.expected is not None:
            self.campaign.expected.apply(result)     # xfailed, changed or xpassed, as `check` judges it
        track = self.campaign.tracks[number]
        entry = case_entry(index, seed, track, case, numbers, result)
        if result.status not in PASSING and result.status not in ("skipped", "deselected"):
            entry["replay"] = self.recorder.replay(index, track, seed)
        with uninterrupted():       # a signal cannot leave a case counted in one place and not another
            if self.run.engagement is not None:
                self.run.engagement.add(result)
            kept = self.run.tally.add(index, number, entry, result)
            self.recorder.stream({"case": entry})
        self.progress()
        return entry if kept else None

    def shrink(self, track: Track, seed: int, original: Made, result: CaseResult,
               replay: str) -> Iterator[dict[str, Any]]:
        """Feed the shrinker's candidates; the smallest case that still fails with the same
        diagnosis and status (a candidate failing with another diagnosis is a slip: counted,
        not kept; one the expected failures accept, or judge otherwise, is not kept). A candidate
        the generator cannot make into a valid case is not kept, nor one larger than the
        smallest so far (case_size). The implementation is never asked the
        same case twice: many lists make one case (a number read modulo its range, a number
        that changes nothing), so a verdict is kept by the case's input."""
        c = self.campaign
        target = diagnosis_of(result.mismatch)
        best_case, best_result = original.case, result
        shrinker = Shrinker(original.numbers, c.shrink_attempts, lists=original.lists)
        candidates = shrinker.run()
        verdicts: dict[bytes, bool] = {hashlib.sha256(canonical(best_case["input"])).digest(): True}
        slips: Counter[Diagnosis] = Counter()
        runs = 0
        stopped = ""
        deadline = time.monotonic() + c.shrink_seconds
        try:
            candidate = next(candidates)
            while True:
                if time.monotonic() >= deadline:
                    stopped = f"time limit of {c.shrink_seconds:g} s"
                    break
                try:
                    m: Made | None = made(c.game, track.kind, track.options, Chooser.replaying(candidate), seed)
                except InvalidCase:
                    m = None
                known = hashlib.sha256(canonical(m.case["input"])).digest() if m is not None else b""
                if m is None or not c.keeps_mode(m.case) or case_size(m.case) > case_size(best_case):
                    verdict = False         # no shrink leads into a case of a mode not selected
                elif known in verdicts:
                    verdict = verdicts[known]
                else:
                    self.last = None
                    yield m.case
                    runs += 1
                    got = self.last
                    if got is not None and c.expected is not None:
                        c.expected.apply(got)      # an accepted failure is not the failure being shrunk
                    found = diagnosis_of(got.mismatch) if got is not None and got.status in DIAGNOSED else None
                    verdict = found == target and got.status == result.status
                    if found is not None and not verdict:
                        slips[found] += 1
                    if verdict:
                        best_case, best_result = m.case, got
                if m is not None:
                    verdicts[known] = verdict
                candidate = candidates.send((verdict, m.numbers, m.lists) if m is not None else verdict)
        except StopIteration:
            stopped = shrinker.stop_reason()
        candidates.close()
        self.run.shrink_attempts += shrinker.attempts
        self.run.shrink_runs += runs
        for name, stats in shrinker.stats.items():
            total = self.run.shrink_passes.setdefault(name, PassStats())
            total.attempts += stats.attempts
            total.kept += stats.kept
            total.removed += stats.removed
        shrunk: dict[str, Any] = {
            "numbers": shrinker.best, "steps": len(best_case["input"]["steps"]),
            "attempts": shrinker.attempts, "runs": runs, "stopped": stopped,
            "passes": {name: stats.as_dict() for name, stats in shrinker.stats.items()},
            "mismatch": best_result.mismatch}
        if slips:
            shrunk["other_diagnoses"] = [{"diagnosis": d.as_dict(), "label": d.label(), "candidates": n}
                                         for d, n in sorted(slips.items(), key=lambda x: (-x[1], x[0]))
                                         [:OTHER_DIAGNOSES_SHOWN]]
        shrunk.update(self.recorder.counterexample(best_case, best_result.mismatch, seed, shrinker.best, replay))
        return shrunk


def case_size(case: dict[str, Any]) -> tuple[int, int]:
    """What a reader of a counterexample replays: its steps, then the length of its input (a
    layout's tiles, a deal's hands). A shrunk case is never larger: fewer chooser numbers can
    make a longer case (a size a generator draws late; more default tiles)."""
    return len(case["input"]["steps"]), len(canonical(case["input"]))


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode("utf-8")


def run_campaign(campaign: Campaign, execute: Callable[[Iterator[dict[str, Any]], Callable], dict[str, Any]],
                 progress: Callable[..., None] | None = None, recorder: Recorder | None = None,
                 run: CampaignRun | None = None) -> CampaignRun:
    """Run a campaign with `execute(cases, on_result) -> announced` (the runner, or in process);
    `progress()` is called after each campaign case (not after shrink attempts). `run`: the
    record to fill (a caller that may be interrupted keeps it, to report what ran)."""
    from ..runner import RunInterrupted
    run = run or new_run(campaign)
    feed = Feed(campaign, run, recorder, progress)
    started = time.perf_counter()
    try:
        run.announced = execute(feed.cases(), feed.on_result)
    except RunInterrupted as exc:       # a signal: the implementation is ended; the caller reports what ran
        run.announced = exc.announced   # with the processes of it that could not be ended
        raise
    finally:
        run.seconds = time.perf_counter() - started
    return run


def new_run(campaign: Campaign) -> CampaignRun:
    run = CampaignRun(Tally(campaign.tracks, campaign.stride(), campaign.max_examples_per_bug))
    if campaign.expected is not None:
        from ..expected_failures import Engagement
        run.engagement = Engagement(campaign.expected, keep_ids=False)    # no per-case memory
    return run


def via_runner(command: str | Implementation, timeout: float, handshake_timeout: float,
               max_consecutive_errors: int) -> Callable:
    """An executor driving `command` (or an Implementation already started) through the runner
    of `horserace check`, keeping no result (each goes to the feed)."""
    from ..runner import run_cases

    def execute(cases: Iterator[dict[str, Any]], on_result: Callable) -> dict[str, Any]:
        _, announced = run_cases(command, cases, timeout, on_result=on_result, handshake_timeout=handshake_timeout,
                                 max_consecutive_errors=max_consecutive_errors, keep_results=False)
        return announced
    return execute


def in_process(games: list[str], mutant: Mutant | None = None) -> Callable:
    """An executor answering as the reference adapter does, in this process (judged as the runner
    judges; an exception is an errored case). A mutant is installed only while the answer is
    computed: the expected observations (the oracle) come from the unmutated engine."""
    from ..adapter import answer_case, hello_reply
    from ..protocol import case_message
    from ..runner import new_result

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
            result = new_result(case)
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
