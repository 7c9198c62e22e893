"""Explain a clause, worked example, interpretation, language note or scenario.

The rule in plain English and in its own words (the sentence of each text), its status (decided /
open / convention, known misreadings), the interpretations and language notes on it, its source,
the scenarios that pin it, and for a scenario its play told step by step. Ids are taken in any
case (crd-race-4); an id that matches nothing gets the nearest ids and a `horserace find` to try.
"""

from __future__ import annotations

import argparse

from reference.core.explain import explain


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("id", metavar="ID", help="e.g. DOM-COUNT-1, dom-ex-3, DOM-INT-2, DOM-LANG-1, dom-wt-lone-double")


def run(args: argparse.Namespace) -> int:
    print("\n".join(explain(args.id)))
    return 0
