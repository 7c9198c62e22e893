"""Draw a scenario's state after one step as an SVG diagram, as the rule texts draw it.

Replays the scenario (a file, or its id as `explain` takes it) and passes the observation after
step N to the game's diagram function; by default the last step, skipping refused steps at the
end (a refusal leaves the table unchanged). Card suits have an ordinary deck's colours unless
--four-colour is given. Writes the SVG to FILE (-o) or to standard output.
"""

from __future__ import annotations

import argparse
import sys

from reference.core.site import render_scenario_step


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", metavar="SCENARIO", help="a scenario file or id (e.g. crd-ex-eighth-diamond)")
    parser.add_argument("--step", type=int, default=None, metavar="N",
                        help="the step to draw, numbered from 0 (default: the last one not refused)")
    parser.add_argument("--four-colour", action="store_true",
                        help="cards: a four-colour pack (blue diamonds, green clubs) instead of red and black")
    parser.add_argument("-o", "--output", metavar="FILE", help="where to write the SVG (default: standard output)")


def run(args: argparse.Namespace) -> int:
    svg = render_scenario_step(args.scenario, args.step, args.four_colour)
    if args.output:
        with open(args.output, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(svg)
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(svg)
    return 0
