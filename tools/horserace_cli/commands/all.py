"""The main job: verify every scenario, check the vectors are current, check clause coverage,
run the reference adapter through the runner and kill every mutant. Exit status 1 if any
part fails."""

from __future__ import annotations

import argparse
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


def run(args: argparse.Namespace) -> int:
    failed = []
    for title, argv in PARTS:
        if args.skip_mutants and argv[0] == "mutants":
            continue
        print(f"== horserace {' '.join(argv)}: {title}")
        started = time.perf_counter()
        code = cli.main(argv)
        print(f"== {'ok' if code == 0 else 'FAILED'} in {time.perf_counter() - started:.1f} s\n")
        if code != 0:
            failed.append(" ".join(argv))
    if failed:
        print("failed: " + "; ".join(failed))
        return 1
    print("all parts passed")
    return 0
