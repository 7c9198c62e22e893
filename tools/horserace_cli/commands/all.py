"""The main job: verify every scenario, check the vectors are current, check clause coverage,
run the reference adapter through the runner and kill every mutant. Exit status 1 if any
part fails.

A part that passes is one line: its title, its time and its own last line (`136 files, 1658
checks: 136 passed, ...`, `105 of 105 mutants killed`). A part that fails prints everything it
printed (the coverage table, the failing cases); -v prints every part in full as it runs.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import time

from horserace_cli import main as cli

PARTS = [
    ("scenarios replay with every expectation met", ["verify", "-q"]),
    ("vectors and documents match a fresh generation", ["generate", "--check"]),
    ("the vectors are the current version's release", ["release", "--check"]),
    ("every clause covered or waived", ["coverage"]),
    ("the reference adapter passes every vector", ["check"]),
    ("every mutant is killed", ["mutants"]),
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--skip-mutants", action="store_true", help="leave out the slowest part")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print every part's output in full (by default only a failing part's)")


def run(args: argparse.Namespace) -> int:
    failed = []
    for title, argv in PARTS:
        if args.skip_mutants and argv[0] == "mutants":
            continue
        command = f"horserace {' '.join(argv)}"
        started = time.perf_counter()
        if args.verbose:
            print(f"== {command}: {title}", flush=True)
            code = cli.main(argv)
            print(f"== {'ok' if code == 0 else 'FAILED'} in {time.perf_counter() - started:.1f} s\n", flush=True)
        else:
            captured = io.StringIO()
            with contextlib.redirect_stdout(captured):
                code = cli.main(argv)
            seconds = time.perf_counter() - started
            if code == 0:
                print(f"ok      {command} ({seconds:.1f} s): {last_line(captured.getvalue())}", flush=True)
            else:
                print(f"== {command}: {title}\n{captured.getvalue().rstrip()}\n"
                      f"FAILED  {command} ({seconds:.1f} s)\n", flush=True)
        if code != 0:
            failed.append(" ".join(argv))
    if failed:
        print("failed: " + "; ".join(failed))
        return 1
    print("all parts passed" + ("" if args.verbose else " (-v prints each part in full)"))
    return 0


def last_line(output: str) -> str:
    """A part's summary: the last line it printed."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"
