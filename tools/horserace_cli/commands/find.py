"""Find the rule by its words, in English, Spanish, Portuguese or Polish.

Ranked clauses, worked examples, interpretations, language notes and sentences of the rule texts,
each with its id, the matching sentence in its language and its status (decided / open /
convention, known misreadings). Case and accents do not matter; a number finds the rules that
decide about it (17: an end sum that is not a multiple of five scores nothing).
"""

from __future__ import annotations

import argparse

from reference.core.find import find_lines
from reference.core.game import get_game

DEFAULT_LIMIT = 8


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("words", nargs="+", metavar="WORD", help="e.g. última marca, 17, drawn tile, zaokrąglij")
    parser.add_argument("--game", action="append", metavar="GAME",
                        help="only this game (dominoes, cards, horse_fever); repeatable")
    parser.add_argument("--limit", type=int, default=DEFAULT_LIMIT, metavar="N",
                        help=f"how many matches to show (default {DEFAULT_LIMIT})")


def run(args: argparse.Namespace) -> int:
    games = [get_game(g).name for g in args.game] if args.game else None
    if args.limit < 1:
        raise SystemExit("horserace find: error: --limit must be 1 or more")
    lines, count = find_lines(args.words, games, args.limit)
    print("\n".join(lines))
    return 0 if count else 1
