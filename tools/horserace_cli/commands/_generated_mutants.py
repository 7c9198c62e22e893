"""`horserace mutants --generated`: the generated operator mutants of the rules against the
vectors, with the register of equivalents and the curated set's figures beside them."""

from __future__ import annotations

import argparse
from collections import Counter

from reference.core.progress import Progress

REASON_HELP = "why each is equivalent: reference/<game>/equivalent_mutants.yaml"


def run_generated_command(args: argparse.Namespace) -> int:
    from reference.core.equivalent_mutants import load_register, register_path, register_problems
    from reference.core.game import all_games
    from reference.core.generated_mutants import generated_mutants, left_out, sample

    games = [name for name in all_games() if not args.game or name in args.game]
    population = {game: generated_mutants(game) for game in games}
    chosen = [m for game in games for m in population[game]]
    if args.mutant:
        chosen = [m for m in chosen if m.key in args.mutant or m.name in args.mutant]
    if args.sample:
        chosen = sample(chosen, args.sample, args.seed)
    if args.list:
        for m in chosen:
            print(f"{m.game:12} {m.key:60} {m.block or '-':14} {m.change}")
        return 0
    if not chosen:
        print("no generated mutant matches the selection")
        return 1
    registers = {game: load_register(game) for game in games}
    problems = [p for game in games for p in register_problems(registers[game], population[game])]

    started = cpu_seconds()
    results = run_all(chosen, args)
    generated_cpu = cpu_seconds() - started
    curated = curated_results(games, args) if not args.sample and not args.mutant else {}

    rows = []
    survivors, listed_killed, other = [], [], []
    for game in games:
        mine = [r for r in results if r.mutant.game == game]
        listed = registers[game]
        killed = [r for r in mine if r.killed]
        equivalent = [r for r in mine if not r.killed and r.mutant.key in listed]
        survived = [r for r in mine if r.status == "survived" and r.mutant.key not in listed]
        survivors += survived
        listed_killed += [r for r in killed if r.mutant.key in listed]
        other += [r for r in mine if r.status not in ("killed", "survived")]
        scored = len(mine) - len(equivalent)
        score = f"{len(killed) / scored:.1%}" if scored else "-"
        row = (game, len(mine), len(killed), len(survived), len(equivalent), score)
        if curated:
            done = curated.get(game, [])
            row += (len(done), sum(r.killed for r in done))
        rows.append(row)
    print_table(rows, bool(curated))
    how = Counter(r.how for r in results if r.killed)
    print(f"first kills: {how['failed']} by an observation that differs, {how['errored']} by a crash, "
          f"{how['timeout']} by a hang (over {args.timeout:g} s a case), {how['import']} by a module that does not import")
    skipped = Counter(site.rule for game in games for site in left_out(game))
    print("left out by rule (the protocol cannot show them): "
          + ", ".join(f"{rule} {count}" for rule, count in sorted(skipped.items())))
    print(f"CPU time: {generated_cpu:.0f} s for the generated mutants (tracing the cases and every worker), "
          f"{cpu_seconds():.0f} s for the whole command")
    if args.sample:
        print(f"a sample of {len(chosen)} of {sum(map(len, population.values()))} generated mutants (--seed {args.seed})")

    for r in survivors:
        print(f"SURVIVED {r.mutant.name}  {r.mutant.describe()}  [{r.mutant.block or 'unmarked'}; "
              f"{r.reached} cases reach it]")
    for r in listed_killed:
        print(f"LISTED BUT KILLED {r.mutant.name}  by {r.killer}: it is not equivalent; remove it from "
              f"{register_path(r.mutant.game)}")
    for r in other:
        print(f"{r.status.upper()} {r.mutant.name}  {r.mutant.describe()}: {r.note}")
    for problem in problems:
        print(f"STALE {problem}")
    if survivors:
        print(f"{len(survivors)} survivor(s) neither killed nor listed: add a vector that kills each, or list it "
              f"with its reason ({REASON_HELP})")
    return 1 if survivors or listed_killed or other or problems else 0


def run_all(chosen: list, args: argparse.Namespace) -> list:
    from reference.core.generated_run import run_generated
    with Progress("mutants --generated", total=len(chosen), unit="mutants") as progress:
        return run_generated(chosen, workers=args.jobs or None, timeout=args.timeout, on_result=progress.advance)


def curated_results(games: list[str], args: argparse.Namespace) -> dict[str, list]:
    """The curated misreadings of the same games, run as `horserace mutants` runs them."""
    from reference.core.game import get_game
    from reference.core.mutation import run_mutants_in_process
    from reference.core.vectors import load_cases
    jobs = []
    for game_name in games:
        game = get_game(game_name)
        mutants = game.mutants() if game.mutants else []
        cases = load_cases([game_name]) if mutants else []
        jobs += [(game, m, cases) for m in mutants]
    out: dict[str, list] = {}
    for result in run_mutants_in_process(jobs, workers=args.jobs or None):
        out.setdefault(result.game, []).append(result)
    return out


def print_table(rows: list[tuple], with_curated: bool) -> None:
    head = f"{'game':12} {'generated':>9} {'killed':>7} {'survived':>8} {'equivalent':>10} {'score':>7}"
    if with_curated:
        head += f"   {'curated':>7} {'killed':>7}"
    print(head)
    total = [0, 0, 0, 0, 0, 0]
    for row in rows:
        line = f"{row[0]:12} {row[1]:9} {row[2]:7} {row[3]:8} {row[4]:10} {row[5]:>7}"
        if with_curated:
            line += f"   {row[6]:7} {row[7]:7}"
            total[4] += row[6]
            total[5] += row[7]
        for i in range(4):
            total[i] += row[i + 1]
        print(line)
    if len(rows) > 1:
        scored = total[0] - total[3]
        score = f"{total[1] / scored:.1%}" if scored else "-"
        line = f"{'all':12} {total[0]:9} {total[1]:7} {total[2]:8} {total[3]:10} {score:>7}"
        if with_curated:
            line += f"   {total[4]:7} {total[5]:7}"
        print(line)
    print("score: killed over the generated mutants not listed as equivalent")


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished workers, user and system."""
    import resource
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
