"""Points: placement points (DOM-PTS-*) and the settlement arithmetic (DOM-SETTLE-*)."""

from __future__ import annotations

from dataclasses import dataclass

RAW_PER_DISPLAYED = 5   # DOM-SCORE-1: five raw points make one displayed point
TARGET = 61             # DOM-SCORE-1, DOM-MATCH-2: at least 61 displayed points (305 raw)


@dataclass(frozen=True)
class PlacementPoints:
    raw: int
    displayed: int


def placement_points(end_sum: int) -> PlacementPoints:
    """DOM-PTS-2/3: a positive multiple of five scores sum/5; zero and the rest score nothing."""
    if end_sum > 0 and end_sum % 5 == 0:
        return PlacementPoints(raw=end_sum, displayed=end_sum // RAW_PER_DISPLAYED)
    return PlacementPoints(raw=0, displayed=0)


def round_to_nearest_five(pips: int) -> int:
    """DOM-SETTLE-3: remainders 1 or 2 round down, 3 or 4 round up."""
    remainder = pips % 5
    return pips - remainder if remainder <= 2 else pips + (5 - remainder)


def settlement_bonus(opponent_pips: int) -> int:
    """DOM-SETTLE-2: sum first, round that one total, then divide by five."""
    return round_to_nearest_five(opponent_pips) // RAW_PER_DISPLAYED
