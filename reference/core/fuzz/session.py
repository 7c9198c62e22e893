"""One `horserace fuzz` run: the campaign over workers, counterexample files, the report.

`-j N` forks N workers; worker k takes every N-th case of the (shard's) campaign and drives
its own implementation process; their outcomes are put back in index order, so the report
is the one a single worker gives (`run` aside).
"""

from __future__ import annotations

import json
import multiprocessing
import shlex
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ..errors import HorseRaceError
from ..game import Mutant
from .campaign import FAILED, Campaign, CampaignRun, Outcome, in_process, run_campaign, via_runner
from .report import json_report
from .scenario_out import scenario_data, write_scenario

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


@dataclass
class Session:
    campaign: Campaign
    target: Target
    workers: int = 1
    out: Path = Path("fuzz-out")
    progress: Callable[..., None] | None = None


_JOBS: dict[int, tuple[Campaign, Target]] = {}


def _work(worker: int) -> CampaignRun:
    campaign, target = _JOBS[worker]
    return run_campaign(campaign, target.executor(campaign.game))


def run_session(session: Session) -> tuple[list[Outcome], dict[str, Any], dict[str, Any]]:
    """(outcomes in index order, announced, run facts)."""
    c, target = session.campaign, session.target
    started = datetime.now(timezone.utc)
    if session.workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        runs = [run_campaign(c, target.executor(c.game), session.progress)]
        workers = 1
    else:
        workers = session.workers
        target.drop_started()           # each forked worker starts its own process
        for k in range(workers):
            _JOBS[k] = (replace(c, workers=(k, workers)), target)
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            runs = []
            for run in pool.imap(_work, range(workers)):
                runs.append(run)
                if session.progress:
                    session.progress(count=len(run.outcomes))
        _JOBS.clear()
    outcomes = sorted((o for r in runs for o in r.outcomes), key=lambda o: (o.index, o.track.label()))
    announced = runs[0].announced
    facts = {"shard": f"{c.shard[0]}/{c.shard[1]}", "started": started.isoformat(timespec="seconds"),
             "seconds": round(max(r.seconds for r in runs), 3),
             "starts": sum(int(r.announced.get("starts", 0) or 0) for r in runs),
             "workers": workers,
             "shrink_attempts": sum(r.shrink_attempts for r in runs),
             "stop_reasons": sorted({r.stop_reason for r in runs}),
             "command": str(announced.get("command", ""))}
    return outcomes, announced, facts


def replay_command(c: Campaign, target: Target, outcome: Outcome) -> str:
    parts = ["horserace", "fuzz"]
    if target.mutant is not None:
        parts += ["--mutant", target.mutant.name]
    elif target.shown_impl is not None:
        parts += ["--impl", target.shown_impl]
    parts += ["--game", c.game, "--kind", outcome.track.kind, "--seed", str(outcome.seed)]
    for name, value in sorted(outcome.track.options.items()):
        parts += ["--option", f"{name}={json.dumps(value) if not isinstance(value, str) else value}"]
    return " ".join(shlex.quote(p) for p in parts)


def write_counterexamples(session: Session, outcomes: list[Outcome]) -> None:
    """A replay command for every failing case; a verified scenario for every shrunk one."""
    c, target = session.campaign, session.target
    implementation = target.shown_impl or (f"the reference adapter with mutant {target.mutant.name}"
                                           if target.mutant else "the reference adapter")
    for outcome in outcomes:
        if outcome.result.status not in FAILED:
            continue
        outcome.replay = replay_command(c, target, outcome)
        s = outcome.shrunk
        if not s or not s["result"].mismatch:
            continue
        data = scenario_data(s["case"], s["result"].mismatch, outcome.seed, s["numbers"],
                             outcome.replay, implementation)
        folder = session.out / target.mutant.name if target.mutant else session.out
        try:
            path = write_scenario(folder, data)
            s["scenario"] = path.as_posix()
        except HorseRaceError as exc:
            s["scenario_error"] = str(exc)


def campaign_fields(c: Campaign, target: Target) -> dict[str, Any]:
    fields: dict[str, Any] = {"game": c.game,
                              "tracks": [{"kind": t.kind, "options": t.options} for t in c.tracks],
                              "seeds": {"seed": c.seed} if c.seed is not None else {"first": c.first, "last": c.last},
                              "budget_seconds": c.budget_seconds, "shrink": c.shrink,
                              "shrink_attempts": c.shrink_attempts if c.shrink else 0}
    if target.mutant is not None:
        fields["mutant"] = target.mutant.name
    if c.stop_at_first:
        fields["stop_at_first"] = True
    return fields


def fuzz_report(session: Session) -> dict[str, Any]:
    outcomes, announced, facts = run_session(session)
    write_counterexamples(session, outcomes)
    return json_report(campaign_fields(session.campaign, session.target), announced, outcomes, facts)
