"""Run every plausible misreading of the rules as an implementation; all must be killed.

Each mutant is the reference adapter with one misreading installed, checked through the
runner against its game's vectors. Prints which cases kill each mutant; exit status 1 if
any mutant survives.
"""

from __future__ import annotations

import argparse

from reference.core.game import all_games
from reference.core.mutation import run_mutants
from reference.core.progress import Progress
from reference.core.vectors import load_cases


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--mutant", action="append", default=[], help="only this mutant (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--show", type=int, default=3, metavar="N", help="killing cases shown per mutant")


def run(args: argparse.Namespace) -> int:
    games = [g for name, g in all_games().items() if not args.game or name in args.game]
    jobs = []
    for game in games:
        mutants = [m for m in (game.mutants() if game.mutants else []) if not args.mutant or m.name in args.mutant]
        if args.list:
            for m in mutants:
                print(f"{game.name:12} {m.name:36} {', '.join(m.clauses):28} {m.description}")
            continue
        cases = load_cases([game.name]) if mutants else []
        jobs += [(game, m, cases) for m in mutants]
    if args.list:
        return 0
    if not jobs:
        print("no mutant matches the selection")
        return 1
    with Progress("mutants", total=len(jobs), unit="mutants") as bar:
        results = run_mutants(jobs, on_result=bar.advance)
    survivors = 0
    print(f"{'game':12} {'mutant':36} {'killed by':>9}  first killing cases")
    for r in results:
        if not r.killed:
            survivors += 1
        first = ", ".join(r.killers[:args.show]) if r.killed else "SURVIVED"
        note = f" ({len(r.errored)} errored)" if r.errored else ""
        print(f"{r.game:12} {r.mutant.name:36} {len(r.killers):9}  {first}{note}")
    print(f"{len(results) - survivors} of {len(results)} mutants killed")
    return 1 if survivors else 0
