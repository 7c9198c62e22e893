"""One `horserace fuzz` run: the campaign over workers, the --jsonl stream, counterexample
files, the report.

`-j N` forks N workers; worker k takes every N-th case of the (shard's) campaign and drives
its own implementation process; their tallies are added as the shards' are by merge-reports
(tally.combine), so the report is the one a single worker gives (`run` aside).

The session keeps the runs it started in `Session.runs` while they go (a single worker fills
its run in place): `session_report` builds the report of whatever ran so far, so a caller
that is interrupted can still write it.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shlex
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ..errors import HorseRaceError
from ..expected_failures import Engagement, Verdict
from ..forked import forked_pool
from ..game import Mutant
from .campaign import Campaign, CampaignRun, Track, in_process, new_run, run_campaign, via_runner
from .report import json_report
from .scenario_out import scenario_data, shown_command, write_scenario
from .shrink import PassStats
from .tally import combine

if TYPE_CHECKING:
    from ..runner import Implementation


@dataclass
class Target:
    """What is fuzzed: a command over the protocol, or the reference (with a mutant) in process."""
    command: str | None = None                 # None: in process
    mutant: Mutant | None = None
    timeout: float = 10.0
    handshake_timeout: float = 30.0
    max_consecutive_errors: int = 5
    shown_impl: str | None = None              # --impl as the user gave it (for replay commands)
    # the process started to read the hello (horserace fuzz reads the options it offers before
    # the campaign is built): the one run that follows goes on with it instead of a second start
    started: Implementation | None = None

    def executor(self, game: str) -> Callable:
        if self.command is None:
            return in_process([game], self.mutant)
        started, self.started = self.started, None
        return via_runner(started or self.command, self.timeout, self.handshake_timeout,
                          self.max_consecutive_errors)

    def drop_started(self) -> None:
        """Stop the process started for the hello, if no run took it over."""
        if self.started is not None:
            self.started.stop()
            self.started = None

    def shown(self) -> str:
        """The implementation as a counterexample's notes name it."""
        if self.mutant is not None:
            return f"the reference adapter with mutant {self.mutant.name}"
        return shown_command(self.shown_impl) if self.shown_impl else "the reference adapter"


@dataclass
class Session:
    campaign: Campaign
    target: Target
    workers: int = 1
    out: Path = Path("fuzz-out")
    progress: Callable[..., None] | None = None
    jsonl: Path | None = None                  # --jsonl: one line per case, written as it is judged
    runs: list[CampaignRun] = field(default_factory=list)
    started: datetime | None = None
    workers_used: int = 1
    interrupted: str | None = None             # the signal that ended the run early, if one did


class SessionRecorder:
    """The campaign's Recorder for a session: the --jsonl stream, replay commands, scenarios."""

    def __init__(self, session: Session, jsonl_fd: int | None) -> None:
        self.session = session
        self.jsonl_fd = jsonl_fd

    def stream(self, line: dict[str, Any]) -> None:
        """One write per line to a file opened for appending: a crash or a signal loses no line
        already written, and the lines of -j workers never mix inside a line."""
        if self.jsonl_fd is not None:
            os.write(self.jsonl_fd, (json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8"))

    def replay(self, index: int | None, track: Track, seed: int) -> str:
        return replay_command(self.session.campaign, self.session.target, index, track, seed)

    def counterexample(self, case: dict[str, Any], mismatch: dict[str, Any] | None, seed: int,
                       numbers: list[int], replay: str) -> dict[str, str]:
        if not mismatch:
            return {}
        target = self.session.target
        data = scenario_data(case, mismatch, seed, numbers, shown_command(replay), target.shown())
        folder = self.session.out / target.mutant.name if target.mutant else self.session.out
        try:
            return {"scenario": write_scenario(folder, data).as_posix()}
        except HorseRaceError as exc:
            return {"scenario_error": str(exc)}


_JOBS: dict[int, tuple[Session, Campaign, int | None]] = {}


def _work(worker: int) -> CampaignRun:
    session, campaign, fd = _JOBS[worker]
    return run_campaign(campaign, session.target.executor(campaign.game), recorder=SessionRecorder(session, fd))


def run_session(session: Session) -> None:
    """Run the campaign; the runs are in session.runs (filled in place by a single worker)."""
    c, target = session.campaign, session.target
    session.started = datetime.now(timezone.utc)
    fd = (os.open(session.jsonl, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o644)
          if session.jsonl is not None else None)
    try:
        if session.workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
            run = new_run(c)
            session.runs.append(run)
            run_campaign(c, target.executor(c.game), session.progress, SessionRecorder(session, fd), run)
            return
        session.workers_used = session.workers
        target.drop_started()           # each forked worker starts its own process
        for k in range(session.workers):
            _JOBS[k] = (session, replace(c, workers=(k, session.workers)), fd)
        try:
            with forked_pool(session.workers) as pool:
                for run in pool.imap(_work, range(session.workers)):
                    session.runs.append(run)
                    if session.progress:
                        session.progress(count=run.tally.cases)
        finally:
            _JOBS.clear()
    finally:
        if fd is not None:
            os.close(fd)


def run_facts(session: Session) -> dict[str, Any]:
    """The `run` object: what differs between runs and machines."""
    c, runs = session.campaign, session.runs
    passes: dict[str, PassStats] = {}
    for r in runs:
        for name, stats in r.shrink_passes.items():
            total = passes.setdefault(name, PassStats())
            total.attempts += stats.attempts
            total.kept += stats.kept
            total.removed += stats.removed
    announced = runs[0].announced if runs else {}
    reasons = ([f"interrupted by {session.interrupted}"] if session.interrupted
               else sorted({r.stop_reason for r in runs}))
    facts = {"shard": f"{c.shard[0]}/{c.shard[1]}",
            "started": (session.started or datetime.now(timezone.utc)).isoformat(timespec="seconds"),
            "seconds": round(max((r.seconds for r in runs), default=0.0), 3),
            "starts": sum(int(r.announced.get("starts", 0) or 0) for r in runs),
            "workers": session.workers_used,
            "shrink_attempts": sum(r.shrink_attempts for r in runs),
            "shrink_runs": sum(r.shrink_runs for r in runs),
            "shrink_passes": {name: stats.as_dict() for name, stats in passes.items()},
            "stop_reasons": reasons,
            "command": str(announced.get("command", ""))}
    if session.interrupted:
        facts["interrupted"] = session.interrupted
    left = sorted({name for r in runs for name in r.announced.get("left_running", ())})
    if left:                            # processes of the implementation that could not be ended
        facts["left_running"] = left
    return facts


def replay_command(c: Campaign, target: Target, index: int | None, track: Track, seed: int) -> str:
    parts = ["horserace", "fuzz"]
    if target.mutant is not None:
        parts += ["--mutant", target.mutant.name]
    elif target.shown_impl is not None:
        parts += ["--impl", target.shown_impl]
    parts += ["--game", c.game, "--kind", track.kind, "--seed", str(seed)]
    if index is not None:
        parts += ["--index", str(index)]
    for name, value in sorted(track.options.items()):
        parts += ["--option", f"{name}={json.dumps(value) if not isinstance(value, str) else value}"]
    return " ".join(shlex.quote(p) for p in parts)


def campaign_fields(c: Campaign, target: Target) -> dict[str, Any]:
    seeds: dict[str, Any] = ({"seed": c.seed, "index": c.index} if c.seed is not None
                             else {"first": c.first, "last": c.last})
    fields: dict[str, Any] = {"game": c.game, "tracks": [t.as_dict() for t in c.tracks], "seeds": seeds,
                              "budget_seconds": c.budget_seconds, "shrink": c.shrink,
                              "shrink_attempts": c.shrink_attempts if c.shrink else 0,
                              "max_examples_per_bug": c.max_examples_per_bug}
    if target.mutant is not None:
        fields["mutant"] = target.mutant.name
    if c.modes:
        fields["modes"] = list(c.modes)
    if c.label:
        fields["label"] = c.label
    if c.expected is not None:
        fields["expected_failures"] = c.expected.source
    if c.stop_at_first:
        fields["stop_at_first"] = True
    return fields


def expected_verdict(session: Session) -> Verdict | None:
    """The verdict on the --expected-failures entries over every case the session ran (the
    workers' engagements added up). A campaign is a sample: an entry that matched nothing is a
    note, never an error (other seeds may hold its failures)."""
    parts = [r.engagement for r in session.runs if r.engagement is not None]
    if session.campaign.expected is None or not parts:
        return None
    total = Engagement(session.campaign.expected, keep_ids=False)
    for part in parts:
        total.merge(part)
    return total.verdict(sample=True)


def session_report(session: Session) -> dict[str, Any]:
    """The report of what the session ran (all of it, once run_session has returned)."""
    c = session.campaign
    fields = combine([r.tally.part() for r in session.runs], [t.as_dict() for t in c.tracks],
                     c.max_examples_per_bug)
    announced = session.runs[0].announced if session.runs else {}
    return json_report(campaign_fields(c, session.target), announced, fields, run_facts(session))


def fuzz_report(session: Session) -> dict[str, Any]:
    run_session(session)
    return session_report(session)
