"""Check an implementation against the vectors over the JSON-lines protocol.

Starts the implementation once (`--impl "COMMAND"`, default: the reference adapter), sends every
selected case with a sequence number and judges the answers. Prints the first divergence of
failing cases, a summary per game and per clause; writes --json and --junit reports. Exit
status 1 if any case failed or errored, or an expected failure passed.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from datetime import datetime, timezone
from pathlib import Path

from reference.core import report
from reference.core.runner import Selection, run_cases
from reference.core.vectors import load_selected

REFERENCE_ADAPTER = f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", metavar="COMMAND",
                        help="command that starts the implementation (default: the reference adapter)")
    add_selection_arguments(parser)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per case (default 10)")
    parser.add_argument("--expected-failures", type=Path, metavar="FILE",
                        help="YAML/JSON list of {id, reason} the implementation is known to fail")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write a JSON report")
    parser.add_argument("--junit", type=Path, metavar="FILE", help="write a JUnit XML report")
    parser.add_argument("--show", type=int, default=10, metavar="N", help="show at most N failing cases")
    parser.add_argument("--all-clauses", action="store_true", help="list every clause in the summary")


def add_selection_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--id", action="append", default=[], help="case id or glob (repeatable)")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--kind", action="append", default=[], help="only this case kind (repeatable)")
    parser.add_argument("--clause", action="append", default=[], help="only cases exercising this clause")
    parser.add_argument("--flag", action="append", default=[], help="only cases with this flag")
    parser.add_argument("--skip-flag", action="append", default=[], help="leave out cases with this flag")


def selection(args: argparse.Namespace) -> Selection:
    return Selection(args.id, args.game, args.kind, args.clause, args.flag, args.skip_flag)


def run(args: argparse.Namespace) -> int:
    chosen = selection(args)
    cases = load_selected(chosen)
    if not cases:
        print("no case matches the selection")
        return 1
    expected = report.load_expected_failures(args.expected_failures) if args.expected_failures else {}
    started = datetime.now(timezone.utc)
    games = sorted({c["game"] for c in cases})   # the reference adapter loads only these
    impl = args.impl or REFERENCE_ADAPTER + "".join(f" --game {shlex.quote(g)}" for g in games)
    results, announced = run_cases(impl, cases, args.timeout, expected)
    print(report.text_summary(results, args.show, args.all_clauses))
    if args.json:
        report.write_json(args.json, report.json_report(results, announced, started))
    if args.junit:
        args.junit.write_text(report.junit_xml(results), encoding="utf-8")
    return 0 if report.ok(results) else 1
