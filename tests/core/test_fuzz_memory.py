"""Fuzz campaigns in flat memory (issue 35), the small form: a campaign keeps counts, ranges and
the failures, nothing per passing case, so a long campaign's peak memory is a short one's and
its report differs only in its counts and ranges.

The cases are the cheapest a domino campaign can have (one placement on an empty layout),
answered by the reference adapter; the memory measured is this process's (the campaign, the
runner, the report), with tracemalloc. The full measurement (2,000 against 32,000 cases, the
whole process's peak) is `python tools/fuzz_memory_bench.py`.
"""

from __future__ import annotations

import json
import tracemalloc
from types import SimpleNamespace

import pytest

from horserace_cli.main import main
from reference.core.fuzz import cases as fuzz_cases
from reference.core.fuzz.report import without_run

DOUBLES = [f"{i}|{i}" for i in range(7)]
SHORT, LONG = 100, 800


def one_placement(choose, kind: str, options: dict) -> dict:
    return {"kind": kind, "options": options,
            "input": {"setup": {"layout": []}, "steps": [{"action": f"place {choose.pick(DOUBLES)}"}]}}


@pytest.fixture
def cheap_cases(monkeypatch):
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", SimpleNamespace(KINDS=("layout",), generate=one_placement))
    monkeypatch.setenv("HORSERACE_PROGRESS", "0")


def campaign_peak(cases: int, report) -> int:
    """The peak of this process's allocations while a campaign of `cases` cases runs."""
    tracemalloc.start()
    try:
        assert main(["fuzz", "--game", "dominoes", "--budget-cases", str(cases), "--json", str(report)]) == 0
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_long_campaign_peaks_as_a_short_one_and_reports_the_same(cheap_cases, tmp_path, capsys):
    campaign_peak(20, tmp_path / "warm.json")          # imports and the engine's first caches
    short = campaign_peak(SHORT, tmp_path / "short.json")
    long = campaign_peak(LONG, tmp_path / "long.json")
    # 700 more passing cases; holding even 150 bytes of each would pass the bound
    assert long <= short * 1.10, (short, long)
    capsys.readouterr()
    reports = [without_run(json.loads((tmp_path / name).read_text())) for name in ("short.json", "long.json")]
    # the report of an all-passing campaign: the same but for its counts and its range
    for report, cases in zip(reports, (SHORT, LONG)):
        assert report["cases"] == report["totals"]["passed"] == cases
        assert report["ranges"] == [{"first": 0, "last": cases - 1, "step": 1}]
        assert report["diagnoses"] == [] and report["errors"] == {"count": 0, "examples": []}

    def counts_blanked(value):
        if isinstance(value, dict):
            return {k: counts_blanked(v) for k, v in value.items()}
        if isinstance(value, list):
            return [counts_blanked(v) for v in value]
        return 0 if isinstance(value, int) and not isinstance(value, bool) else value
    assert counts_blanked(reports[0]) == counts_blanked(reports[1])
    sizes = [len(json.dumps(r)) for r in reports]
    assert sizes[1] - sizes[0] < 60            # a few more digits


def test_a_runner_that_keeps_no_result_blames_a_late_second_answer_on_the_case_awaited():
    """run_cases(keep_results=False) forgets each result once handed over; a second answer to
    such a case (the fake answers seq 1 twice) errors the case awaited, and the run goes on."""
    import shlex
    import sys
    from pathlib import Path

    from reference.core.runner import run_cases
    from reference.core.vectors import load_cases

    ids = ["dom-ex-settle-seventeen", "dom-wt-lone-double", "dom-ex-sixty-plus-two"]
    by_id = {c["id"]: c for c in load_cases(["dominoes"], wanted=set(ids).__contains__)}
    fake = Path(__file__).parent / "fakes" / "fake_impl.py"
    handed: list = []
    kept, _ = run_cases(f"{shlex.quote(sys.executable)} {shlex.quote(str(fake))} duplicate 1",
                        (by_id[i] for i in ids), timeout=10, on_result=handed.append, keep_results=False)
    assert kept == []
    assert [r.status for r in handed] == ["passed", "errored", "passed"]
    assert "a second answer for seq 1, a case already reported" in handed[1].message
