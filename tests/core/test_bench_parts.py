"""`horserace bench`'s arithmetic and bookkeeping, without git and without timing anything real
(test_bench.py runs the whole `--compare` in a git checkout and skips elsewhere): the clock
read around a batch, the ratio of two rates, the order the two trees take in each round of a
comparison and the rates it adds up, and the count of a scenario replay workload."""

from __future__ import annotations

import pytest

from reference.core import bench
from reference.core.game import get_game
from reference.core.paths import SCENARIO_DIR


def fake_clock(monkeypatch, *readings: float) -> None:
    values = iter(readings)
    monkeypatch.setattr(bench.time, "perf_counter", lambda: next(values))


def test_a_clocked_batch_is_its_count_and_the_time_between_the_two_readings(monkeypatch):
    fake_clock(monkeypatch, 10.25, 12.75)
    assert bench.clocked(lambda: 7)() == (7, 2.5)


def test_a_timed_batch_is_measured_between_the_two_readings(monkeypatch):
    fake_clock(monkeypatch, 100.0, 104.0)
    measure = bench.timed("cards", "w", "cases", lambda: 10)
    assert (measure.count, measure.seconds, measure.rate) == (10, 4.0, 2.5)


@pytest.mark.parametrize("here, there, ratio", [(6.0, 3.0, 2.0), (3.0, 6.0, 0.5), (5.0, 0.0, float("inf"))])
def test_the_ratio_is_this_trees_rate_over_the_other_commits(here, there, ratio):
    assert bench.Comparison("cards", "w", "cases", here, there).ratio == ratio


def test_a_comparison_alternates_which_tree_goes_first_and_adds_up_each_trees_runs(monkeypatch, tmp_path):
    """Round 1 here first, round 2 the other commit first, round 3 here first again; each rate is
    the total count over the total seconds of its tree's runs."""
    here = bench.REPO_ROOT
    order = []
    seconds = {here: iter([1.0, 2.0, 3.0]), "there": iter([4.0, 4.0, 4.0])}

    def run_workload(tree, command, *args, timeout=600.0):
        side = here if tree == here else "there"
        if command == "list":
            return {"cards": ["w"]}
        order.append(side)
        return {"unit": "cases", "count": 12, "seconds": next(seconds[side])}

    monkeypatch.setattr(bench, "export_commit", lambda ref, target: "c0ffee")
    monkeypatch.setattr(bench, "run_workload", run_workload)
    commit, (row,) = bench.compare("HEAD", ["cards"], rounds=3)
    assert commit == "c0ffee"
    assert order == [here, "there", "there", here, here, "there"]
    assert (row.game, row.name, row.unit) == ("cards", "w", "cases")
    assert row.here == 36 / 6.0 and row.there == 36 / 12.0 and row.ratio == 2.0


def test_the_scenario_replays_count_every_scenario_of_the_game_each_round():
    files = sorted((SCENARIO_DIR / "cards").rglob("*.yaml"))
    assert len(files) > 10
    assert bench.replay_scenarios(get_game("cards"), rounds=2) == 2 * len(files)
