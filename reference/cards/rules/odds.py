"""Posted net odds: by the number of the horse's suit on the track (CRD-ODDS-1, CRD-ODDS-2).

N means N:1 net: a winning stake of 1 gets its chip back plus N (CRD-PAY-2). The table is the
text's suggestion unless the table agrees another (options.odds, CRD-INT-7).
"""

from __future__ import annotations

from fractions import Fraction

from .cards import SUITS

# CRD-ODDS-2: the text's suggested net odds for 0, 1, 2, 3 and 4 track cards of the horse's suit
# are traditional prices, posted as they stand, not worked out as fair odds
SUGGESTED_ODDS = (1, 2, 3, 5, 10)


# CRD-ODDS-1: the price of a horse is looked up by its suit's count on the track
def odds_for_count(count: int, table: tuple[int, ...]) -> int | None:
    """0 -> 1:1, 1 -> 2:1, 2 -> 3:1, 3 -> 5:1, 4 -> 10:1 by default. A suit with five or more
    track cards has no price: such a track is re-laid (CRD-TRACK-4)."""
    return table[count] if 0 <= count < len(table) else None


def posted_odds(counts: dict[str, int], table: tuple[int, ...]) -> dict[str, int | None]:
    """Each horse's price, by its own suit's count on the track (CRD-ODDS-1)."""
    return {suit: odds_for_count(counts[suit], table) for suit in SUITS}


# CRD-ODDS-2 (the fair price): «no probabilidades matemáticamente justas»: the fair price these
# traditional ones are set beside is the price at which a chip breaks even, given as every price
# here is given, net (CRD-PAY-2): N:1 with p * N = 1 - p, for a horse that wins with chance p > 0
def fair_price(p: Fraction) -> Fraction:
    if price_counts_the_stake():
        return 1 / p        # never: the total a chip brings back, the misreading the rule rules out
    return (1 - p) / p


# CRD-ODDS-2 (set beside the posted): «no probabilidades matemáticamente justas»: the posted prices
# are told apart from the fair ones, so each horse that can win is given its fair price beside its
# posted one; a horse that cannot win (p = 0) has none, since no price breaks even on it
def fair_price_beside(p: Fraction) -> Fraction | None:
    return fair_price(p) if p else None


# CRD-ODDS-2 (net, as the posted): the fair price is given as the posted ones are, net (CRD-PAY-2
# «cuota neta no es total devuelto»): what a chip wins on top of its stake handed back, not the total
def price_counts_the_stake() -> bool:
    return False
