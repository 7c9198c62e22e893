"""Record or update a baseline of expected failures from a run's JSON report or fuzz stream.

`horserace baseline record RUN.json -o FILE` writes a new baseline: one entry per failing case
of the run, pinning its diagnosis (attributed clauses, first divergent step, a differing key,
the values given or a digest of them), each with `reason: "TODO: ..."` to fill in, and the
cases the run compared. `horserace baseline update RUN.json -o FILE` updates FILE from a later
run: reasons and comments stay, new failures get entries, moved failures are re-pinned, fixed
ones are dropped, and the compared set follows the run. Both print what they changed, for
review. RUN.json is a `horserace check --json` report, or RUN.jsonl the `horserace fuzz --jsonl`
stream of a campaign (every case: a `fuzz --json` report keeps the first failures of each
diagnosis only); use the baseline with `check` or `fuzz --expected-failures FILE`. Exit status: 0 written; 2 usage error, a report or baseline
that cannot be read, or `record` over an existing file without --force.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from reference.core.baseline import BaselineError, read_run, summary, update_baseline
from reference.core.expected_failures import known_cases, shown_path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("record", "update"),
                        help="record: a new baseline; update: the baseline FILE brought up to this run")
    parser.add_argument("run_report", type=Path, metavar="RUN.json",
                        help="the run's report (horserace check --json), or a campaign's stream "
                             "(horserace fuzz --jsonl, a .jsonl file)")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="FILE",
                        help="the baseline (YAML, or JSON when it ends in .json)")
    parser.add_argument("--force", action="store_true", help="record over an existing FILE (its reasons are lost)")


def run(args: argparse.Namespace) -> int:
    if args.action == "record" and args.output.exists() and not args.force:
        print(f"horserace baseline: error: {shown_path(args.output)} exists: `horserace baseline update` keeps its "
              "reasons and comments (--force records over it)", file=sys.stderr)
        return 2
    if args.action == "record" and args.output.exists():
        args.output.unlink()
    try:
        cases, implementation = read_run(args.run_report)
        written = update_baseline(args.output, cases, implementation, shown_path(args.run_report),
                                  known=known_cases, create=args.action == "record")
    except BaselineError as exc:
        print(f"horserace baseline: error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(summary(written, args.action == "record")))
    return 0

