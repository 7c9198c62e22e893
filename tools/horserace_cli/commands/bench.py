"""Measure throughput: scenario replays, random games, perft nodes, and vector cases through
the runner protocol against in-process checking (the same judging and bookkeeping, the
reference engines called directly; the adapter's start is measured apart), per game and, with
more than one game, for all of them together as a full `check` runs them (one adapter). With --compare REF, run the same workloads
on this tree and on commit REF in turn, in fresh processes, and print both rates and their
ratio. Nothing is asserted."""

from __future__ import annotations

import argparse
import json
import platform
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--compare", metavar="REF", help="also measure commit REF, side by side (e.g. main, HEAD~3)")
    parser.add_argument("--only", default="", metavar="TEXT", help="with --compare: only workloads whose name holds TEXT")
    parser.add_argument("--rounds", type=int, default=None,
                        help="with --compare: runs per tree and workload (default 3); else: rounds of the in-process "
                             "and protocol runs of the vector cases, in turn, each figure their median (default 1)")
    parser.add_argument("--budget", type=float, default=1.0, metavar="SECONDS",
                        help="with --compare: repeat a workload's batch for at least this long per run (default 1)")


def run(args: argparse.Namespace) -> int:
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    if args.compare:
        return run_compare(args)
    from reference.core.bench import (ALL_GAMES, CHECK_IN_PROCESS, CHECK_THROUGH_PROTOCOL, run_all_games_benchmarks,
                                      run_benchmarks)
    from reference.core.game import all_games

    measures = []
    print(f"{'game':12} {'workload':40} {'count':>9} {'seconds':>9} {'per second':>12}")
    games = [game for name, game in all_games().items() if not args.game or name in args.game]

    def show(batch) -> None:
        for m in batch:
            measures.append(m)
            print(f"{m.game:12} {m.name:40} {m.count:9} {m.seconds:9.3f} {m.rate:12.1f} {m.unit}", flush=True)

    rounds = args.rounds or 1
    for game in games:
        show(run_benchmarks(game, rounds))
    if len(games) > 1:
        show(run_all_games_benchmarks(games, rounds))
    by_key = {(m.game, m.name): m for m in measures}
    for name in [game.name for game in games] + [ALL_GAMES]:
        inproc = by_key.get((name, "vector cases, in process"))
        proto = by_key.get((name, "vector cases, through the protocol"))
        start = by_key.get((name, "adapter start and handshake"))
        if inproc and proto:
            print(f"{name}: the protocol run takes {ratio(proto, inproc)} the in-process time "
                  f"({proto.seconds - inproc.seconds:+.2f} s for {proto.count} cases)", end="")
            if start and start.count and inproc.seconds:
                per_start = start.seconds / start.count
                print(f"; {(proto.seconds - per_start) / inproc.seconds:.2f}x without the adapter's start "
                      f"({per_start:.2f} s)", end="")
            checked_in, checked_proto = by_key.get((name, CHECK_IN_PROCESS)), by_key.get((name, CHECK_THROUGH_PROTOCOL))
            if checked_in and checked_proto:
                print(f"; as check runs (cases read while the adapter starts): {ratio(checked_proto, checked_in)}",
                      end="")
            print()
    if args.json:
        args.json.write_text(json.dumps([m.__dict__ | {"rate": m.rate} for m in measures], indent=1) + "\n")
    return 0


def ratio(slower, faster) -> str:
    return f"{slower.seconds / faster.seconds:.2f}x" if faster.seconds else "inf"


def rate(value: float) -> str:
    """Four significant figures at least, so the printed ratio can be checked from the rates."""
    return f"{value:12.1f}" if value >= 1000 else f"{value:12.4g}"


def run_compare(args: argparse.Namespace) -> int:
    from reference.core.bench import compare

    print(f"this tree against {args.compare}: {args.rounds or 3} runs each, alternating, "
          f"at least {args.budget:g} s per run; rates are units per second")
    print(f"{'game':12} {'workload':40} {'this tree':>12} {args.compare[:12]:>12} {'ratio':>7}")

    def show(row) -> None:
        print(f"{row.game:12} {row.name:40} {rate(row.here)} {rate(row.there)} {row.ratio:7.2f}  {row.unit}",
              flush=True)

    commit, rows = compare(args.compare, args.game or None, args.only, args.rounds or 3, args.budget, show)
    if not rows:
        print("no workload matches the selection")
        return 1
    print(f"ratio = this tree's rate / the rate at {commit[:12]} (above 1: this tree is faster)")
    if args.json:
        args.json.write_text(json.dumps({"ref": commit, "rows": [r.__dict__ | {"ratio": r.ratio} for r in rows]},
                                        indent=1) + "\n")
    return 0
