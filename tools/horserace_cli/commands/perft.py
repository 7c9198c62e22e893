"""Count legal action sequences from a perft vector's position, with divide, to bisect.

Give a perft case id; `--then ACTION` (repeatable) plays further actions first, so you can
descend into the first action whose divide count differs from your implementation's.
"""

from __future__ import annotations

import argparse

from reference.core.errors import HorseRaceError
from reference.core.game import CaseInput, get_game
from reference.core.vectors import load_cases


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("case", metavar="CASE_ID", help="a perft case id (see vectors/*/perft.json)")
    parser.add_argument("--then", action="append", default=[], metavar="ACTION",
                        help="play this action first (repeatable), e.g. --then 'place 1|4'")
    parser.add_argument("--depth", type=int, help="depth (default: the case's depth, minus the actions played)")


def run(args: argparse.Namespace) -> int:
    case = next((c for c in load_cases() if c["id"] == args.case), None)
    if case is None or case["kind"] != "perft":
        raise HorseRaceError(f"no perft case {args.case!r}")
    setup = dict(case["input"]["setup"])
    setup["moves"] = list(setup.get("moves", [])) + args.then
    depth = args.depth or max(1, case["input"]["steps"][0]["depth"] - len(args.then))
    game = get_game(case["game"])
    steps = [{"action": "perft", "depth": depth}]
    for outcome in game.replay(CaseInput("perft", setup, steps, case.get("options", {}))):
        counts = outcome.observation["perft"]
        print(f"position: {case['id']}" + (f" then {'; '.join(args.then)}" if args.then else ""))
        for d, n in enumerate(counts, 1):
            print(f"  perft({d}) = {n}")
        print(f"divide at depth {depth}:")
        for action, n in outcome.observation["divide"].items():
            print(f"  {action}: {n}")
    return 0
