"""Measure throughput: scenario replays, random games, perft nodes, and vector cases through
the runner protocol against in-process checking. Rerun to compare; nothing is asserted."""

from __future__ import annotations

import argparse
import json
import platform
from pathlib import Path

from reference.core.bench import run_benchmarks
from reference.core.game import all_games


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")


def run(args: argparse.Namespace) -> int:
    measures = []
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{'game':12} {'workload':40} {'count':>9} {'seconds':>9} {'per second':>12}")
    for name, game in all_games().items():
        if args.game and name not in args.game:
            continue
        for m in run_benchmarks(game):
            measures.append(m)
            print(f"{m.game:12} {m.name:40} {m.count:9} {m.seconds:9.3f} {m.rate:12.1f} {m.unit}")
    by_key = {(m.game, m.name): m for m in measures}
    for name in all_games():
        inproc = by_key.get((name, "vector cases, in process"))
        proto = by_key.get((name, "vector cases, through the protocol"))
        if inproc and proto:
            overhead = proto.seconds / inproc.seconds if inproc.seconds else float("inf")
            print(f"{name}: the protocol run takes {overhead:.2f}x the in-process time "
                  f"({proto.seconds - inproc.seconds:+.2f} s for {proto.count} cases)")
    if args.json:
        args.json.write_text(json.dumps([m.__dict__ | {"rate": m.rate} for m in measures], indent=1) + "\n")
    return 0
