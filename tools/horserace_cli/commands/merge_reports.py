"""Merge the JSON reports of the shards of one fuzz campaign into one report.

`horserace merge-reports a.json b.json c.json -o merged.json`: each input is the --json report
of one `horserace fuzz --shard i/n` run of the same campaign (same game, tracks, seeds, budget
and implementation); every shard 1/n..n/n must be given once. Each input is validated against
the report schema first (a clear error names the file and the path in it); shards that overlap,
repeat a case or leave indices of the campaign unrun are refused. The result equals the
unsharded run's report except for its `run` object (times, process starts). Prints the merged
text summary. Exit status: 0 nothing diverged and at least half of the selected cases were
compared; 1 a case failed or errored, nothing was compared, or less than half of the selected
cases were (--allow-skips accepts that); 2 the reports cannot be merged.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from reference.core.fuzz.merge import load_report, merge
from reference.core.fuzz.report import exit_status, junit_xml, text_summary, write_json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("reports", nargs="+", type=Path, metavar="REPORT", help="shard reports (fuzz --json)")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="FILE", help="the merged JSON report")
    parser.add_argument("--junit", type=Path, metavar="FILE", help="also write the merged JUnit XML report")
    parser.add_argument("--show", type=int, default=10, metavar="N", help="show at most N failing cases")
    parser.add_argument("--allow-skips", action="store_true",
                        help="exit 0 even if less than half of the cases were compared (as fuzz --allow-skips)")


def run(args: argparse.Namespace) -> int:
    args.output.unlink(missing_ok=True)
    merged = merge([(str(path), load_report(path)) for path in args.reports])
    write_json(args.output, merged)
    if args.junit:
        args.junit.write_text(junit_xml(merged), encoding="utf-8")
    print(text_summary(merged, args.show))
    return exit_status(merged, "merge-reports", args.allow_skips)
