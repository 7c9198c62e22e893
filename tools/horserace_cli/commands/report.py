"""Write an HTML report from JSON reports of `horserace check --json`, side by side.

One or more reports (several implementations) give a dashboard: totals per implementation and
a clause x implementation matrix of passed / failing / skipped counts; and a page per
implementation with every failing case (step, field diff, the clauses it is charged to with
their text and sources, a link to the scenario's page and diagram). Static HTML, no scripts.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from reference.core.html_report import load_report, remove_stale, write_html_report

MAX_REPORTS = 50


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("reports", nargs="+", type=Path, metavar="REPORT.json",
                        help="JSON reports written by horserace check --json (one per implementation)")
    parser.add_argument("-o", "--output", required=True, type=Path, metavar="DIR",
                        help="the folder to write index.html, impl-N.html and site/ to")
    parser.add_argument("--site-url", metavar="URL",
                        help="link scenario pages on this published site instead of writing them to DIR/site")


def run(args: argparse.Namespace) -> int:
    if len(args.reports) > MAX_REPORTS:
        print(f"horserace report: error: at most {MAX_REPORTS} reports side by side, not {len(args.reports)}",
              file=sys.stderr)
        return 2
    reports = [load_report(path) for path in args.reports]
    remove_stale(args.output)
    write_html_report(args.output, reports, args.site_url)
    print(f"wrote {args.output}/index.html ({len(reports)} implementation(s))")
    return 0
