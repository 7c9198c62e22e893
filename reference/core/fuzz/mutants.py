"""`horserace fuzz --all-mutants`: how many random cases it takes to find each mutant.

Each mutant is fuzzed in its own forked worker (nothing it patches outlives it), in process:
the reference adapter answers with the mutant installed, the unmutated engine is the oracle.
The campaign stops at the first divergence; that case is shrunk and written as a scenario.
"""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..forked import forked_pool
from ..game import Mutant
from .campaign import Campaign
from .session import Session, Target, fuzz_report

_JOBS: list[tuple[Campaign, Mutant, Path]] = []


def facts(report: dict[str, Any]) -> dict[str, Any]:
    """Found or not, the cases run until then, the case's length and its shrunk length."""
    if not report["diagnoses"]:
        return {"found": False, "cases": report["cases"]}
    first = report["diagnoses"][0]["examples"][0]
    shrunk = first.get("shrunk") or {}
    return {"found": True, "cases": report["cases"], "steps": first["steps"],
            "shrunk_steps": shrunk.get("steps"), "scenario": shrunk.get("scenario"),
            **({"scenario_error": shrunk["scenario_error"]} if shrunk.get("scenario_error") else {}),
            "clauses": (shrunk.get("mismatch") or first.get("mismatch") or {}).get("clauses", [])}


def fuzz_one(position: int) -> tuple[str, str, dict[str, Any]]:
    campaign, mutant, out = _JOBS[position]
    report = fuzz_report(Session(replace(campaign, stop_at_first=True), Target(None, mutant), 1, out))
    return campaign.game, mutant.name, facts(report)


def fuzz_mutants(jobs: list[tuple[Campaign, Mutant]], out: Path, workers: int = 1) -> list[tuple[str, str, dict[str, Any]]]:
    _JOBS[:] = [(c, m, out) for c, m in jobs]
    try:
        if "fork" not in multiprocessing.get_all_start_methods():    # pragma: no cover
            return [fuzz_one(i) for i in range(len(jobs))]
        workers = max(1, min(workers or os.cpu_count() or 1, len(jobs) or 1))
        with forked_pool(workers, maxtasksperchild=1) as pool:
            return list(pool.imap(fuzz_one, range(len(jobs))))
    finally:
        _JOBS.clear()
