"""Exact odds: each horse's win probability for a track composition, the fair net odds, the
posted odds' expected value and the chance that a track must be re-laid (CRD-ODDS-2, CRD-TRACK-5).

The race deck is a uniformly random order of its race cards; suit s has a_s = 12 - t_s of
them (CRD-COUNT-1). Horse s wins when its 8th card comes before every other suit's 8th. The
first n cards hold exactly 7 of s and j_o of each other suit o (every j_o <= 7) with
probability C(a_s, 7) * prod C(a_o, j_o) / C(D, n) (multivariate hypergeometric, D cards in
all); the next card is then an s with probability (a_s - 7) / (D - n). The sum over the j_o is
a product of three polynomials (a dynamic programme over the other suits), so no order of the
deck is ever enumerated.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb

from .rules import odds as prices, settlement, track
from .rules.cards import SUITS
from .rules.odds import posted_odds
from .rules.track import NEEDED_TO_FINISH, RACE_CARDS_PER_SUIT, TRACK_LENGTH


def fraction_text(value: Fraction | None) -> str | None:
    """'1234/5678' (or '0', '1'); None stays None."""
    return None if value is None else str(value)


def polynomial_product(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


@lru_cache(maxsize=None)
def _win_probabilities(counts: tuple[int, ...]) -> tuple[Fraction, ...]:
    available = [RACE_CARDS_PER_SUIT - t for t in counts]
    deck = sum(available)
    last = NEEDED_TO_FINISH - 1            # 7 cards of the winner before its 8th
    result = []
    for s, a_s in enumerate(available):
        if not track.can_finish(a_s):       # it can never reach 8 (CRD-TRACK-5)
            result.append(Fraction(0))
            continue
        ways_others = [1]                   # coefficient m: ways to draw m cards of the others, each <= 7
        for o, a_o in enumerate(available):
            if o != s:
                ways_others = polynomial_product(ways_others, [comb(a_o, j) for j in range(min(last, a_o) + 1)])
        total = Fraction(0)
        for m, ways in enumerate(ways_others):
            n = last + m
            total += Fraction(comb(a_s, last) * ways * (a_s - last), comb(deck, n) * (deck - n))
        result.append(total)
    return tuple(result)


def win_probabilities(counts: dict[str, int]) -> dict[str, Fraction]:
    """counts: track cards per suit (summing to 7)."""
    return dict(zip(SUITS, _win_probabilities(tuple(counts[s] for s in SUITS))))


def fair_net_odds(p: Fraction) -> Fraction | None:
    """The net odds N:1 at which a 1-chip bet breaks even: p * N = 1 - p. None when p = 0. The rule
    is the rules' (odds.fair_price_beside, CRD-ODDS-2, CRD-PAY-2), asked here."""
    return prices.fair_price_beside(p)


def expected_value(p: Fraction, odds: int | None) -> Fraction | None:
    """A bettor's expected gain per chip at net odds N: p * N - (1 - p): with chance p the net
    winnings of the chip (CRD-PAY-2), else the chip lost to the bank (CRD-PAY-1). The rules' own
    settlement of a chip is asked here, so a misreading of it reaches this value too."""
    if odds is None:
        return None
    return p * settlement.net_winnings(1, odds) - (1 - p) * settlement.lost_stake(1)


def composition_probability(counts: dict[str, int]) -> Fraction:
    """The chance that a random 7-card track of the 48 has exactly these counts per suit."""
    ways = 1
    for s in SUITS:
        ways *= comb(RACE_CARDS_PER_SUIT, counts[s])
    return Fraction(ways, comb(len(SUITS) * RACE_CARDS_PER_SUIT, TRACK_LENGTH))


def all_compositions(max_count: int = TRACK_LENGTH) -> list[dict[str, int]]:
    """Every split of the 7 track cards over the four suits with each count <= max_count."""
    return [dict(zip(SUITS, counts)) for counts in _splits(max_count)]


@lru_cache(maxsize=None)
def _splits(max_count: int) -> tuple[tuple[int, ...], ...]:
    # Found once per bound among the 8**4 count tuples (each odds case asks for them again).
    return tuple(counts for counts in product(range(max_count + 1), repeat=len(SUITS))
                 if sum(counts) == TRACK_LENGTH)


def legal_compositions() -> list[dict[str, int]]:
    """CRD-TRACK-4: the compositions that stand (no suit with five or more); 80 of them."""
    return [counts for counts in all_compositions() if track.overloaded_suit(counts) is None]


def relay_probability() -> Fraction:
    """CRD-TRACK-4: the chance that a random track has five or more of one suit."""
    return sum((composition_probability(c) for c in all_compositions() if track.overloaded_suit(c) is not None),
               Fraction(0))


@dataclass(frozen=True)
class HorseOdds:
    suit: str
    count: int                   # its track cards
    available: int               # its race cards (CRD-COUNT-1)
    probability: Fraction
    fair: Fraction | None        # fair net odds
    posted: int | None           # posted net odds (CRD-ODDS-1)
    expected: Fraction | None    # the bettor's expected gain per chip at the posted odds


def composition_odds(counts: dict[str, int], table: tuple[int, ...]) -> list[HorseOdds]:
    probabilities = win_probabilities(counts)
    posted = posted_odds(counts, table)
    return [HorseOdds(s, counts[s], RACE_CARDS_PER_SUIT - counts[s], probabilities[s],
                      fair_net_odds(probabilities[s]), posted[s], expected_value(probabilities[s], posted[s]))
            for s in SUITS]
