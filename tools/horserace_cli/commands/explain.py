"""Explain a clause, worked example, interpretation or scenario: the rule in plain English,
its source, the interpretations that touch it, the scenarios that pin it, and for a
scenario its play told step by step."""

from __future__ import annotations

import argparse

from reference.core.explain import explain


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("id", metavar="ID", help="e.g. DOM-COUNT-1, DOM-EX-3, DOM-INT-2, dom-wt-lone-double")


def run(args: argparse.Namespace) -> int:
    print("\n".join(explain(args.id)))
    return 0
