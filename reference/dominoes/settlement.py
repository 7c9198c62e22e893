"""Settling a round: who wins it and the bonus for the opponents' remaining tiles.

DOM-END-1 (domino), DOM-BLOCK-2/3 (blocked rounds), DOM-SETTLE-1..6, DOM-TIE-1/2.
Pure functions of the seating and the remaining hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from .scoring import settlement_bonus
from .seating import Seating
from .tiles import Tile, hand_pips

DOMINO, BLOCKED = "domino", "blocked"


@dataclass(frozen=True)
class Settlement:
    kind: str                    # DOMINO or BLOCKED
    hand_pips: list[int]         # per seat
    side_pips: list[int]         # per side (a pair adds both partners' hands)
    winners: list[int]           # sides that won the round
    counted_pips: list[int]      # per side: the opponents' pips it is paid for (0 if not a winner)
    bonus: list[int]             # per side: displayed points added (0 if not a winner)


def side_pips(seating: Seating, hands: list[list[Tile]]) -> list[int]:
    totals = [0] * seating.sides
    for seat, hand in enumerate(hands):
        totals[seating.side_of(seat)] += hand_pips(hand)
    return totals


def _pay_winners(kind: str, seating: Seating, hands: list[list[Tile]], winners: list[int]) -> Settlement:
    by_side = side_pips(seating, hands)
    counted = [0] * seating.sides
    bonus = [0] * seating.sides
    for winner in winners:
        # DOM-SETTLE-1/6, DOM-TIE-1/2: every other side's tiles, the winner's own (and its
        # partner's) excluded and never subtracted (DOM-SETTLE-4); tied winners pay each other.
        counted[winner] = sum(p for side, p in enumerate(by_side) if side != winner)
        # DOM-SETTLE-2/3: one total, rounded to the nearest five, divided by five.
        bonus[winner] = settlement_bonus(counted[winner])
    return Settlement(kind, [hand_pips(h) for h in hands], by_side, winners, counted, bonus)


def settle_domino_round(seating: Seating, hands: list[list[Tile]], last_player: int) -> Settlement:
    """DOM-END-1: the player who played the last tile wins the round for self or pair."""
    return _pay_winners(DOMINO, seating, hands, [seating.side_of(last_player)])


def settle_blocked_round(seating: Seating, hands: list[list[Tile]]) -> Settlement:
    """DOM-BLOCK-2/3: the lowest remaining sum wins (a pair's combined sum in partnerships);
    DOM-TIE-1/2: every side tied for lowest wins a full bonus."""
    by_side = side_pips(seating, hands)
    lowest = min(by_side)
    winners = [side for side, total in enumerate(by_side) if total == lowest]
    return _pay_winners(BLOCKED, seating, hands, winners)
