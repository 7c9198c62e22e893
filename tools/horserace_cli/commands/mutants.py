"""Run every plausible misreading of the rules against the vectors; all must be killed.

Each mutant is the reference engine with one misreading installed, judged on its game's
vectors as the runner judges an implementation. By default the mutants run in process, in
parallel over the cores, and each stops at its first failing case; --full runs every case
(the whole kill table); --via-protocol runs each mutant as a real implementation (the
reference adapter with the mutant installed) through the runner. Progress is shown on a
terminal. Exit status 1 if any mutant survives.
"""

from __future__ import annotations

import argparse
import sys
import time


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--mutant", action="append", default=[], help="only this mutant (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--full", action="store_true",
                        help="run every case against every mutant (the whole kill table), not only up to the first kill")
    parser.add_argument("--via-protocol", action="store_true",
                        help="run each mutant as an implementation through the runner protocol (slower)")
    parser.add_argument("--jobs", type=int, default=0, metavar="N", help="parallel workers (default: one per core)")
    parser.add_argument("--show", type=int, default=3, metavar="N", help="killing cases shown per mutant (--full)")


class Progress:
    """One rewritten line on a terminal; nothing when stderr is a file or a pipe (CI)."""

    def __init__(self, total: int, stream=None):
        self.total, self.done, self.survivors = total, 0, 0
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty()
        self.started = time.perf_counter()

    def __call__(self, result) -> None:
        self.done += 1
        self.survivors += not result.killed
        if self.live:
            self.stream.write(f"\r  mutants: {self.done}/{self.total} done, {self.survivors} survived, "
                              f"{time.perf_counter() - self.started:.0f} s \x1b[K")
            self.stream.flush()

    def close(self) -> None:
        if self.live and self.done:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    from reference.core.game import all_games
    from reference.core.mutation import run_mutants, run_mutants_in_process
    from reference.core.vectors import load_cases

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
    progress = Progress(len(jobs))
    try:
        if args.via_protocol:
            results = run_mutants(jobs, workers=args.jobs or None, full=args.full, on_result=progress)
        else:
            results = run_mutants_in_process(jobs, full=args.full, workers=args.jobs or None, on_result=progress)
    finally:
        progress.close()
    full = args.full
    survivors = 0
    print(f"{'game':12} {'mutant':36} {'killed by' if full else 'cases run':>9}  "
          f"{'first killing cases' if full else 'first killing case'}")
    for r in results:
        survivors += not r.killed
        first = ", ".join(r.killers[:args.show] if full else r.killers[:1]) if r.killed else "SURVIVED"
        note = f" ({len(r.errored)} errored)" if r.errored else ""
        print(f"{r.game:12} {r.mutant.name:36} {len(r.killers) if full else r.cases_run:9}  {first}{note}")
    print(f"{len(results) - survivors} of {len(results)} mutants killed")
    return 1 if survivors else 0
