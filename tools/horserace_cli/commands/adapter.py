"""Serve the reference engines over the runner protocol on stdin/stdout.

`horserace check` uses it by default; `--mutant NAME` plays a misreading of the rules instead
(see `horserace mutants --list`).
"""

from __future__ import annotations

import argparse
import sys

from reference.core.adapter import serve


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mutant", help="install this misreading of the rules")
    parser.add_argument("--game", action="append", default=[], help="announce only this game (repeatable)")


def run(args: argparse.Namespace) -> int:
    return serve(sys.stdin.buffer, sys.stdout.buffer, args.game or None, args.mutant)
