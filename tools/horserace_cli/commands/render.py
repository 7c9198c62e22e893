"""Draw a scenario's state after one step as an SVG diagram, as the rule texts draw it.

Replays the scenario file and passes the observation after step N (default: the last) to
the game's diagram function. Writes the SVG to FILE (-o) or to standard output.
"""

from __future__ import annotations

import argparse
import sys

from reference.core.site import render_scenario_step


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", metavar="SCENARIO", help="a scenario file")
    parser.add_argument("--step", type=int, default=None, metavar="N",
                        help="the step to draw, numbered from 0 (default: the last)")
    parser.add_argument("-o", "--output", metavar="FILE", help="where to write the SVG (default: standard output)")


def run(args: argparse.Namespace) -> int:
    svg = render_scenario_step(args.scenario, args.step)
    if args.output:
        with open(args.output, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(svg)
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(svg)
    return 0
