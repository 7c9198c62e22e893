"""Print a scenario's play step by step for a person.

Shows, after every step, the layout, the counted ends, the points, whose turn it is
and why a turn ended.
"""

from __future__ import annotations

import argparse

from reference.core.question import load_question_file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a scenario file, or a question file: game, kind, setup and "
                                                     "steps are enough (no id, title or clauses)")


def run(args: argparse.Namespace) -> int:
    scenario = load_question_file(args.file)[0]       # a scenario or a one-off question file
    print(f"{scenario.id}: {scenario.title}")
    for source in scenario.sources:
        print(f"  source: {source['seed']} / {source['section']}")
    if scenario.options:
        print(f"  options: {scenario.options}")
    if scenario.clauses:
        print(f"  clauses: {', '.join(scenario.clauses)}")
    print()
    for outcome in scenario.replay():
        note = scenario.steps[outcome.index].get("note")
        print(f"[{outcome.index}] " + (outcome.narrative[0] if outcome.narrative else ""))
        if note:
            print(f"  note: {note}")
        for line in outcome.narrative[1:]:
            print(line)
    return 0
