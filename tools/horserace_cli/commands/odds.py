"""Print the odds of Horse Race cards for a bettor: each horse's chance, net result per chip, posted vs fair.

For a track composition (how the seven track cards split over the four suits), each horse's
chance to cross first, the bettor's average net result per chip staked at the posted price, and the
posted net odds beside the fair ones (the price at which the bet would break even). The chances
are exact (computed, not simulated); --exact prints them as fractions too. A track with five or
more of one suit is laid again (CRD-TRACK-4): it gets a note, not prices. By default one block
per shape (compositions that differ only by which suit is which); --all lists all 80.
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from reference.cards.exact import (HorseOdds, composition_odds, composition_probability, legal_compositions,
                                   relay_probability)
from reference.cards.rules.cards import SUITS
from reference.cards.rules.odds import SUGGESTED_ODDS
from reference.cards.rules.track import overloaded_suit
from reference.core.errors import HorseRaceError

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
TRACK_CARDS = 7


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--counts", metavar="S,H,D,C",
                        help="one track: its cards of spades, hearts, diamonds, clubs, e.g. 2,2,1,2")
    parser.add_argument("--all", action="store_true", help="every composition (80), not one block per shape")
    parser.add_argument("--exact", action="store_true", help="also print every chance and net result as an exact fraction")
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


def parse_counts(text: str) -> dict[str, int]:
    values = parse_numbers(text, len(SUITS), "--counts")
    if sum(values) != TRACK_CARDS:
        raise HorseRaceError(f"--counts: the track has {TRACK_CARDS} cards; {text} adds up to {sum(values)}")
    return dict(zip(SUITS, values))


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.2f}%"


def exact(value: Fraction | None, wanted: bool) -> str:
    return f" [{value}]" if wanted and value is not None and value.denominator != 1 else ""


def gain_text(h: HorseOdds) -> str:
    if h.expected is None:
        return "no bet"
    return f"{float(h.expected):+.4f}"


def verdict(h: HorseOdds) -> str:
    if h.posted is None or h.fair is None:
        return "never wins: no price"
    if h.posted > h.fair:
        return "posted above fair: the bettor gains on average"
    if h.posted < h.fair:
        return "posted below fair: the bank gains on average"
    return "posted equals fair"


def horse_lines(counts: dict[str, int], table: tuple[int, ...], suits: list[str], by_suit: bool,
                show_exact: bool) -> list[str]:
    lines = [f"  {'horse':<26} {'chance':>7}  {'net result/chip':>15}  {'posted':>6}  {'fair':>8}"]
    for h in composition_odds(counts, table):
        if h.suit not in suits:
            continue
        who = (f"{SUIT_NAMES[h.suit]} ({h.count} on the track)" if by_suit
               else f"a suit with {h.count} on the track")
        posted = f"{h.posted}:1" if h.posted is not None else "-"
        fair = f"{float(h.fair):.2f}:1" if h.fair is not None else "-"
        lines.append(f"  {who:<26} {percent(h.probability):>7}  {gain_text(h):>15}  {posted:>6}  {fair:>8}  "
                     f"{verdict(h)}")
        if show_exact:
            lines.append(f"  {'':<26} exact: chance {h.probability}, net result per chip "
                         f"{h.expected if h.expected is not None else '-'}, fair {h.fair if h.fair is not None else '-'}"
                         f" ({h.available} race cards)")
    return lines


def relaid_note(counts: dict[str, int]) -> str:
    suit = overloaded_suit(counts)
    return (f"  No prices: with {counts[suit]} {SUIT_NAMES[suit]} on the track the rules lay the track again "
            f"(CRD-TRACK-4): that horse would lack the 8 race cards it needs to finish, so no bet is "
            f"taken on this track (odds: null in the vectors).")


def track_title(counts: dict[str, int]) -> str:
    return ", ".join(f"{counts[s]} {SUIT_NAMES[s]}" for s in SUITS)


def header(table: tuple[int, ...], show_exact: bool) -> list[str]:
    relay = relay_probability()
    return ["Horse Race cards: the odds for a bettor (seed 003, exact chances).",
            "A stake of 1 chip on a horse at net odds N:1 brings N chips of net winnings if that horse crosses",
            "first (total returned N + 1, the stake included); otherwise the stake is lost. 'chance' is the",
            "horse's chance to cross first; 'net result/chip' is the bettor's average net result per chip",
            "staked; 'fair' is the price at which that average would be zero. (Money words: see the README.)",
            f"Posted net odds by the horse's track cards 0-4: {', '.join(f'{o}:1' for o in table)}",
            f"A shuffled track is laid again (five or more of one suit) {percent(relay)} of the time"
            + exact(relay, show_exact) + "."]


def run(args: argparse.Namespace) -> int:
    # every argument is read before anything is printed: an error comes alone
    table = parse_numbers(args.table, len(SUGGESTED_ODDS), "--table")
    counts = parse_counts(args.counts) if args.counts else None
    out = header(table, args.exact)
    if counts is not None:
        chance = composition_probability(counts)
        out.append(f"\ntrack {track_title(counts)} (a shuffled track comes out like this "
                   f"{percent(chance)} of the time{exact(chance, args.exact)})")
        if overloaded_suit(counts) is not None:
            out.append(relaid_note(counts))
        else:
            out += horse_lines(counts, table, list(SUITS), True, args.exact)
    elif args.all:
        for c in legal_compositions():
            chance = composition_probability(c)
            out.append(f"\ntrack {track_title(c)} ({percent(chance)}{exact(chance, args.exact)})")
            out += horse_lines(c, table, list(SUITS), True, args.exact)
    else:
        out += shapes_view(table, args.exact)
    print("\n".join(out))
    return 0


def shapes_view(table: tuple[int, ...], show_exact: bool) -> list[str]:
    compositions = legal_compositions()
    shapes: dict[tuple[int, ...], list[dict[str, int]]] = {}
    for counts in compositions:
        shapes.setdefault(tuple(sorted(counts.values(), reverse=True)), []).append(counts)
    out = [f"\n{len(compositions)} compositions stand, in {len(shapes)} shapes (which suit is which does not matter)."]
    for shape, members in sorted(shapes.items(), reverse=True):
        chance = sum((composition_probability(c) for c in members), Fraction(0))
        out.append(f"\nshape {'-'.join(map(str, shape))}: {len(members)} compositions, "
                   f"{percent(chance)} of tracks{exact(chance, show_exact)}")
        counts = members[0]
        shown, suits = set(), []
        for s in SUITS:
            if counts[s] not in shown:
                shown.add(counts[s])
                suits.append(s)
        out += horse_lines(counts, table, suits, False, show_exact)
    return out
