"""`horserace bench --compare REF`: the same workloads on this tree and on a commit, side by side."""

import subprocess

import pytest

from horserace_cli.main import main
from reference.core.paths import REPO_ROOT


def in_a_git_checkout() -> bool:
    done = subprocess.run(["git", "-C", str(REPO_ROOT), "rev-parse", "--verify", "--quiet", "HEAD"],
                          capture_output=True)
    return done.returncode == 0


pytestmark = pytest.mark.skipif(not in_a_git_checkout(), reason="--compare needs a git checkout with a HEAD commit")


def test_compare_with_head_prints_both_rates_and_their_ratio(capsys):
    code = main(["bench", "--compare", "HEAD", "--game", "cards", "--only", "scenario replays",
                 "--rounds", "1", "--budget", "0"])
    out = capsys.readouterr().out
    assert code == 0, out
    row = next(line for line in out.splitlines() if line.startswith("cards ") and "scenario replays" in line)
    here, there, ratio = (float(x) for x in row.split()[-4:-1])
    assert here > 0 and there > 0 and abs(ratio - here / there) <= 0.006  # ratio printed to 2 decimals


def test_an_unknown_commit_is_a_located_error(capsys):
    assert main(["bench", "--compare", "no-such-ref-anywhere", "--game", "cards"]) == 2
    assert "'no-such-ref-anywhere' is not a commit" in capsys.readouterr().err


def test_paired_runs_alternate_and_report_the_median_round():
    from reference.core.bench import paired
    order: list[str] = []
    times = {"a": iter([3.0, 1.0, 2.0]), "b": iter([5.0, 9.0, 4.0])}

    def work(name):
        return lambda: (order.append(name), (7, next(times[name])))[1]

    a, b = paired("cards", [("a", "cases", work("a")), ("b", "cases", work("b"))], rounds=3)
    assert order == ["a", "b"] * 3
    assert (a.name, a.count, a.seconds) == ("a", 7, 2.0) and (b.name, b.seconds) == ("b", 5.0)


def test_the_in_process_side_runs_in_a_fresh_interpreter():
    from reference.core.bench import in_fresh_process
    from reference.core.game import get_game
    count, seconds = in_fresh_process("cases", [get_game("cards")])()
    assert count > 0 and seconds > 0
