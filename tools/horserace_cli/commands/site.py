"""Generate static HTML pages: an index per game and a page per scenario with diagrams.

Everything comes from the clause catalogs, interpretations registers and scenarios: every
clause (with the scenarios that cite it), worked example, interpretation and scenario, and
for each scenario every step with its expectations, the engine's narration and a diagram.
No scripts or external resources; the same checkout gives the same bytes.
"""

from __future__ import annotations

import argparse

from reference.core.progress import Progress
from reference.core.site import build_site


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write the site to")
    parser.add_argument("--game", action="append", metavar="NAME",
                        help="publish only this game (repeatable; default: every game)")


def run(args: argparse.Namespace) -> int:
    with Progress("site", unit="scenarios replayed") as bar:
        written = build_site(args.output, args.game, on_scenario=bar.advance)
    print(f"wrote {len(written)} pages to {args.output}; open {args.output}/index.html")
    return 0
