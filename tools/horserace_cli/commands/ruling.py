"""A ruling on a position, with the rules' own words and the outcome under every reading.

What the reference does, step by step, the clauses it applied with their own words, and the
outcome under every reading that touches the position, side by side.

QUESTION is a scenario id (crd-ex-eighth-diamond), a scenario file, or a short question file:
game, kind, setup and steps, and nothing else is required (no id, title, clauses or expect). In a
question a card race position may give just the cards to reveal (`reveal: [...]` instead of
revealed + deck), a domino position just the tiles to draw (`draw: [...]` instead of draw_pile),
and a Horse Fever round may leave out odds, owners and first_player; the ruling lists what it
assumed, and stops, saying so, if play needs more cards or tiles than were given. A refused
action is shown as refused, with its clause, and the ruling goes on. See the README, "Rulings".
"""

from __future__ import annotations

import argparse
import sys

LANGS = ("es", "pt", "pl", "components")
FORMAT_NAMES = ("text", "md", "html")       # reference.core.ruling.FORMATS, checked by a test


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("question", metavar="QUESTION", help="a question file, a scenario file or a scenario id")
    parser.add_argument("--step", type=int, default=None, metavar="N",
                        help="rule on step N (numbered from 0): the steps before it are shown briefly, "
                             "those after it not at all")
    parser.add_argument("--format", choices=FORMAT_NAMES, default="text",
                        help="text (default), md (Markdown) or html (a page to show or print)")
    parser.add_argument("--lang", action="append", choices=LANGS, metavar="LANG",
                        help="quote the rules in this language only (es, pt, pl, components); repeatable; "
                             "default: every language")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the ruling to FILE (default: standard output)")


def run(args: argparse.Namespace) -> int:
    # imported here: a ruling loads every game, which building the parser for another command needs not
    from reference.core.ruling import FORMATS, load_question, rule
    ruling = rule(load_question(args.question), args.step)
    written = FORMATS[args.format](ruling, args.lang)
    if args.output:
        with open(args.output, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(written)
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(written)
    return 0
