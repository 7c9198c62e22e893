"""Run every plausible misreading of the rules against the vectors; all must be killed.

Each mutant is the reference engine with one misreading installed, judged on its game's
vectors as the runner judges an implementation. By default the mutants run in process, in
parallel over the cores, and each stops at its first failing case; --full runs every case
(the whole kill table); --via-protocol runs each mutant as a real implementation (the
reference adapter with the mutant installed) through the runner. Progress goes to stderr
(reference/core/progress.py). Exit status 1 if any mutant survives.

--held-out runs a game's held-out misreadings instead (reference/<game>/heldout.py, `BATCHES`):
batch 1 by default, `--held-out 2` the second batch, `--held-out 3` the third, `--held-out 4` the fourth,
`--held-out 5` the fifth, `--held-out 6` the sixth, `--held-out 7` the seventh, `--held-out 8`
the eighth, `--held-out 9` the ninth: the development batch, seen (written as the blind ones are,
then read and tuned to; not a blind figure), `--held-out 10` the tenth: the second development
batch, seen in the same way (written as the blind ones are, then read and tuned to; not a blind
figure), `--held-out 11` the eleventh: written blind, the eleventh session, `--held-out 12` the
twelfth: the third development batch, seen (written as the blind ones are, then read and tuned to;
not a blind figure), `--held-out 13` the thirteenth: written blind, the twelfth session, `--held-out
14` the fourteenth: written blind, the thirteenth session, `--held-out 15` the fifteenth: written
blind, the fourteenth session, `--held-out 16` the sixteenth: written blind, the fifteenth session,
`--held-out 17` the seventeenth: written blind, the sixteenth session, `--held-out 18` the
eighteenth: a development batch, seen, the fourth (written as the blind ones are, then read and
tuned to; not a blind figure).

--generated runs the generated operator mutants of every rules module instead
(reference/core/generated_mutants.py, run by reference/core/generated_run.py): per game how
many were generated, killed, survived and are listed as equivalent
(reference/<game>/equivalent_mutants.yaml), the score over the non-equivalent ones, and the
curated set's figures beside them. Exit status 1 if a survivor is not in the register, a
listed mutant is killed or no longer exists, or a mutant changes what the adapter offers.
"""

from __future__ import annotations

import argparse

from reference.core.progress import Progress


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
    parser.add_argument("--attribution", action="store_true",
                        help="charge each mutant's failing cases as the runner charges an implementation's (the "
                             "mutant itself withheld from the counterfactual search) and report, per game, the "
                             "share of mutants named right (own clause among at most three named; strictly: "
                             "nothing but its own clauses) and the ten worst misses")
    parser.add_argument("--held-out", nargs="?", type=int, const=1, default=None, choices=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18), metavar="BATCH",
                        help="the held-out misreadings (reference/<game>/heldout.py, never used to tune "
                             "attribution) instead of the curated mutants, one batch: `--held-out` alone (or 1) "
                             "batch 1, the set of the published figures; `--held-out 2` batch 2, the held2- "
                             "names, written after attribution was built and blind to it; `--held-out 3` batch 3, "
                             "the held3- names, written blind while the rules were being reshaped for attribution; "
                             "`--held-out 4` batch 4, the held4- names, written blind in the same way a session later; "
                             "`--held-out 5` batch 5, the held5- names, written blind again a session after that; "
                             "`--held-out 6` batch 6, the held6- names, written blind once more a session later; "
                             "`--held-out 7` batch 7, the held7- names, written blind again a session after that; "
                             "`--held-out 8` batch 8, the held8- names, written blind again a session after that; "
                             "`--held-out 9` batch 9, the dev9- names, the development batch, seen: written as "
                             "the blind ones are, then read and tuned to; not a blind figure; `--held-out 10` "
                             "batch 10, the dev10- names, the second development batch, seen in the same way: "
                             "written as the blind ones are, then read and tuned to; not a blind figure; `--held-out 11` "
                             "batch 11, the held11- names, written blind, the eleventh session; `--held-out 12` "
                             "batch 12, the dev12- names, a development batch, seen: the third, written as the "
                             "blind ones are, then read and tuned to; not a blind figure; `--held-out 13` batch 13, "
                             "the held13- names, written blind, the twelfth session; `--held-out 14` batch 14, "
                             "the held14- names, written blind, the thirteenth session; `--held-out 15` batch 15, "
                             "the held15- names, written blind, the fourteenth session; `--held-out 16` batch 16, "
                             "the held16- names, written blind, the fifteenth session; `--held-out 17` batch 17, "
                             "the held17- names, written blind, the sixteenth session; `--held-out 18` batch 18, "
                             "the dev18- names, a development batch, seen: the fourth, written as the blind ones "
                             "are, then read and tuned to; not a blind figure")
    parser.add_argument("--footprint-only", action="store_true",
                        help="with --attribution: charge by the footprints alone, as before the counterfactual "
                             "search (for comparison)")
    parser.add_argument("--per-mutant", type=int, default=0, metavar="N",
                        help="with --attribution: failing cases attributed per mutant, spread over its failures "
                             "(default 24)")
    parser.add_argument("--generated", action="store_true",
                        help="run the generated operator mutants of the rules code instead of the curated misreadings; "
                             "with --attribution only those in a clause block, each withheld from the counterfactual "
                             "search (leave-one-out)")
    parser.add_argument("--without", action="append", default=[], choices=["refinements", "footprints"],
                        help="with --attribution: switch off a hand-kept map, to measure what it adds: the games' "
                             "finer paths (attribution_paths.py) or the footprints (clause_keys) themselves")
    parser.add_argument("--same-site", action="store_true",
                        help="with --generated --attribution: withhold every alteration at the mutant's code site "
                             "(its module and line), not only the mutant itself")
    parser.add_argument("--look-alikes", action="store_true",
                        help="with --attribution: for each misreading not named strictly, answer every case again "
                             "with each alteration charged in place of its own clauses (at most 4); one that "
                             "answers every case as the misreading does is a look-alike no vector tells apart, "
                             "listed, and counted in a last column (named strictly or beside look-alikes only)")
    parser.add_argument("--sample", type=int, default=0, metavar="N",
                        help="with --generated: a seeded random sample of N mutants (of the selected games together; "
                             "with --attribution, N per game)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="with --sample: the sample's seed (default 0)")
    parser.add_argument("--timeout", type=float, default=1.0, metavar="SECONDS",
                        help="with --generated: seconds per case before a mutant counts as hanging (default 1)")


def run(args: argparse.Namespace) -> int:
    if args.generated and not args.attribution:
        from horserace_cli.commands._generated_mutants import run_generated_command
        return run_generated_command(args)
    from reference.core.game import all_games
    from reference.core.mutation import run_mutants, run_mutants_in_process
    from reference.core.vectors import load_cases

    games = [g for name, g in all_games().items() if not args.game or name in args.game]
    jobs = []
    for game in games:
        mutants = [m for m in (generated(game, args) if args.generated
                               else held_out(game, args.held_out) if args.held_out is not None
                               else game.mutants() if game.mutants else [])
                   if not args.mutant or m.name in args.mutant]
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
        return attribution_report(jobs, args)
    with Progress("mutants", total=len(jobs), unit="mutants") as progress:
        if args.via_protocol:
            results = run_mutants(jobs, workers=args.jobs or None, full=args.full, on_result=progress.advance)
        else:
            results = run_mutants_in_process(jobs, full=args.full, workers=args.jobs or None,
                                             on_result=progress.advance)
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


def held_out(game, batch: int = 1) -> list:
    """The game's held-out misreadings of one batch (reference/<game>/heldout.py: `BATCHES`; a
    module without it has batch 1 alone, its `heldout()`), if it has any."""
    import importlib
    try:
        module = importlib.import_module(f"reference.{game.name}.heldout")
    except ModuleNotFoundError:
        return []
    batches = getattr(module, "BATCHES", {1: module.heldout})
    return batches[batch]() if batch in batches else []


def generated(game, args: argparse.Namespace) -> list:
    """The game's generated mutants as mutants, labelled with their clause block: for the
    attribution yardstick, only those installed by a code swap and lying in a clause block."""
    from reference.core.generated_mutants import FUNCTION, generated_mutants, sample
    chosen = generated_mutants(game)
    if args.attribution:
        chosen = [m for m in chosen if m.scope == FUNCTION and m.block]
    if args.sample:
        chosen = sample(chosen, args.sample, args.seed)
    return [m.as_mutant() for m in chosen]


def attribution_report(jobs: list, args: argparse.Namespace) -> int:
    """The attribution table; the cases carry their vector header's clause_keys."""
    from reference.core.mutant_attribution import (PER_MUTANT, attribute_mutants, attribution_table,
                                                   generated_withheld)
    from reference.core.attribution import MAPS
    for name in args.without:
        MAPS[name] = False
    options = {"counterfactual": not args.footprint_only, "per_mutant": args.per_mutant or PER_MUTANT}
    if args.look_alikes:
        options["look_alikes"] = True
    if args.generated:
        options["withheld_for"] = lambda mutant: generated_withheld(mutant, same_site=args.same_site)
        options["shuffled"] = True
    with Progress("attribution", total=len(jobs), unit="mutants") as progress:
        rows = attribute_mutants(jobs, workers=args.jobs or None, on_result=progress.advance, **options)
    print(attribution_table(rows, look_alikes=args.look_alikes))
    return 0
