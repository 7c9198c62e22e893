"""List every clause of every game with the scenarios and vector cases that exercise it.

Fails (exit status 1) when a clause has neither and carries no waiver.
"""

from __future__ import annotations

import argparse

from reference.core.coverage import game_coverage
from reference.core.game import all_games, get_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the scenario ids of each clause")


def run(args: argparse.Namespace) -> int:
    games = [get_game(n) for n in args.game] if args.game else list(all_games().values())
    uncovered = 0
    for game in games:
        rows = game_coverage(game)
        print(f"{game.title} ({game.name}): {len(rows)} clauses")
        for row in rows:
            status = row.status
            uncovered += status == "UNCOVERED"
            extra = f"  waiver: {row.clause.waiver}" if status == "waived" else ""
            print(f"  {row.clause.id:14} {status:9} {len(row.scenarios):3} scenarios {len(row.cases):5} cases{extra}")
            if args.verbose and row.scenarios:
                print("                 " + ", ".join(row.scenarios))
    if uncovered:
        print(f"{uncovered} clause(s) with no scenario, no vector case and no waiver")
        return 1
    print("every clause is covered or explicitly waived")
    return 0
