"""Print a scenario's play step by step for a person.

SCENARIO is a scenario file or its id, as `render` and `explain` take it
(`horserace replay dom-wt-branch-opening`). Shows, after every step, what the engine did: in
dominoes the layout, the counted ends, the points, whose turn it is and why a turn ended; in
the card game and Horse Fever the table, each move and each payment.
"""

from __future__ import annotations

import argparse

from reference.core.question import load_question_file
from reference.core.site import scenario_path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", metavar="SCENARIO",
                        help="a scenario id (e.g. dom-wt-branch-opening), a scenario file, or a question file: "
                             "game, kind, setup and steps are enough (no id, title or clauses)")


def run(args: argparse.Namespace) -> int:
    scenario = load_question_file(scenario_path(args.scenario))[0]     # a scenario or a one-off question
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
