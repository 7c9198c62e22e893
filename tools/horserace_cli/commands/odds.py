"""Print the exact odds of Horse Race cards: each horse's win probability by track composition.

For every way the seven track cards can split over the four suits (no suit with five or more),
each horse's exact chance to cross first, the fair net odds, the posted net odds and the
bettor's expected gain per chip at those odds, and the chance that a random track must be
laid again. Fractions are exact; the decimals beside them are rounded. By default one block
per shape (compositions that differ only by which suit is which); --all lists all 80.
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from reference.cards.rules.cards import SUITS
from reference.cards.exact import (composition_odds, composition_probability, legal_compositions,
                                   relay_probability)
from reference.cards.rules.odds import SUGGESTED_ODDS
from reference.cards.rules.track import overloaded_suit
from reference.core.errors import HorseRaceError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--all", action="store_true", help="every composition (80), not one block per shape")
    parser.add_argument("--counts", metavar="S,H,D,C", help="only this composition, e.g. 2,2,1,2")
    parser.add_argument("--table", metavar="N,N,N,N,N", default=",".join(map(str, SUGGESTED_ODDS)),
                        help="posted net odds for 0-4 track cards (default: the text's 1,2,3,5,10)")


def parse_numbers(text: str, count: int, what: str) -> tuple[int, ...]:
    try:
        values = tuple(int(v) for v in text.split(","))
    except ValueError:
        values = ()
    if len(values) != count or any(v < 0 for v in values):
        raise HorseRaceError(f"{what}: give {count} whole numbers separated by commas, not {text!r}")
    return values


def fmt(value: Fraction | None, digits: int = 4) -> str:
    if value is None:
        return "-"
    return f"{value} (~{float(value):.{digits}f})" if value.denominator != 1 else str(value)


def horse_lines(counts: dict[str, int], table: tuple[int, ...], suits: list[str], by_suit: bool) -> list[str]:
    lines = []
    for h in composition_odds(counts, table):
        if h.suit not in suits:
            continue
        fair = f"{float(h.fair):.2f}:1" if h.fair is not None else "never wins"
        posted = f"{h.posted}:1" if h.posted is not None else "no price"
        who = f"{h.suit}" if by_suit else f"a suit with {h.count} on the track"
        lines.append(f"  {who}: {h.available} race cards; P(win) {fmt(h.probability, 6)}; fair {fair}; "
                     f"posted {posted}; expected gain per chip {fmt(h.expected)}")
    return lines


def run(args: argparse.Namespace) -> int:
    table = parse_numbers(args.table, len(SUGGESTED_ODDS), "--table")
    print("Horse Race cards: exact odds (seed 003). Race deck: a random order of the 41 race cards; a horse")
    print("wins with its 8th race card (12 minus its track cards are in the deck) before any other's 8th.")
    print(f"Posted net odds by track count 0-4: {', '.join(f'{o}:1' for o in table)}")
    print(f"A random track has five or more of one suit (and is laid again) with probability "
          f"{fmt(relay_probability(), 6)}")
    if args.counts:
        values = parse_numbers(args.counts, len(SUITS), "--counts")
        if sum(values) != 7:
            raise HorseRaceError(f"--counts: the track has 7 cards; {args.counts} adds up to {sum(values)}")
        counts = dict(zip(SUITS, values))
        print(f"\ntrack {' '.join(f'{s}{counts[s]}' for s in SUITS)} "
              f"(chance of this composition {fmt(composition_probability(counts), 6)})")
        loaded = overloaded_suit(counts)
        if loaded is not None:
            # The one form of a re-laid track in every kind: no race, so no odds (CRD-TRACK-4).
            print(f"  {counts[loaded]} track cards of {loaded}: the track is laid again (CRD-TRACK-4); no race is "
                  "run on it, so no odds are posted (odds: null)")
            return 0
        print("\n".join(horse_lines(counts, table, list(SUITS), True)))
        return 0
    compositions = legal_compositions()
    if args.all:
        for counts in compositions:
            print(f"\ntrack {' '.join(f'{s}{counts[s]}' for s in SUITS)} "
                  f"(chance {fmt(composition_probability(counts), 6)})")
            print("\n".join(horse_lines(counts, table, list(SUITS), True)))
        return 0
    shapes: dict[tuple[int, ...], list[dict[str, int]]] = {}
    for counts in compositions:
        shapes.setdefault(tuple(sorted(counts.values(), reverse=True)), []).append(counts)
    print(f"\n{len(compositions)} compositions stand, in {len(shapes)} shapes (which suit is which does not matter).")
    for shape, members in sorted(shapes.items(), reverse=True):
        chance = sum((composition_probability(c) for c in members), Fraction(0))
        print(f"\nshape {'-'.join(map(str, shape))}: {len(members)} compositions, chance {fmt(chance, 6)}")
        counts = members[0]
        shown, suits = set(), []
        for s in SUITS:
            if counts[s] not in shown:
                shown.add(counts[s])
                suits.append(s)
        print("\n".join(horse_lines(counts, table, suits, False)))
    return 0
