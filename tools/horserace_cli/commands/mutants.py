"""Run every plausible misreading of the rules as an implementation; all must be killed.

Each mutant is the reference adapter with one misreading installed, checked through the
runner against its game's vectors. Prints which cases kill each mutant; exit status 1 if
any mutant survives.
"""

from __future__ import annotations

import argparse

from reference.core.game import all_games
from reference.core.mutation import run_mutants
from reference.core.vectors import load_cases


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--mutant", action="append", default=[], help="only this mutant (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--attribution", action="store_true",
                        help="attribute each mutant's failures and print its top attributed clause and share")
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
    if args.attribution:
        return attribution_report(jobs)
    results = run_mutants(jobs)
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


def attribution_report(jobs: list) -> int:
    """The mutant attribution table; the cases carry their vector header's clause_keys."""
    from reference.core.attribution import load_cases as load_cases_with_keys
    from reference.core.mutant_attribution import attribute_mutant, attribution_table
    cases = {game.name: load_cases_with_keys([game.name]) for game in {g.name: g for g, _, _ in jobs}.values()}
    print(attribution_table([attribute_mutant(game, m, cases[game.name]) for game, m, _ in jobs]))
    return 0
