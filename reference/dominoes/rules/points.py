"""Points: the scoring unit (DOM-SCORE-1) and the points of a placement (DOM-PTS-2..7).

Section "Puntuar tras cada colocación" and the pt/pl walk-through "from the end sum to points".
The end sum itself is counted in layout.py (DOM-PTS-1); the settlement's arithmetic is in
settlement.py.
"""

from __future__ import annotations

from dataclasses import dataclass

# DOM-SCORE-1: scores are kept in displayed points; five raw points make one displayed point.
RAW_PER_DISPLAYED = 5
TARGET = 61             # at least 61 displayed points (305 raw) win the match (DOM-MATCH-2)


# DOM-PTS-6: the award shown is exactly this one placement's, not the end sum or a round total.
# (Made at every placement: slotted, quick to make; never changed once made.)
@dataclass(slots=True)
class PlacementPoints:
    raw: int
    displayed: int


def placement_points(end_sum: int) -> PlacementPoints:
    if end_sum > 0 and end_sum % 5 == 0:
        # DOM-PTS-2: a positive multiple of five scores the sum divided by five (5 -> 1, 10 -> 2).
        # DOM-PTS-7: that many raw points; the displayed award is the raw award divided by 5.
        return PlacementPoints(raw=end_sum, displayed=displayed_award(end_sum))
    # DOM-PTS-3: a sum of zero or one that is not a multiple of five scores nothing.
    return PlacementPoints(raw=0, displayed=scores_nothing())


# DOM-PTS-3 (nothing): «Cero y los totales que no son múltiplos de cinco no puntúan»: such a
# placement's award is no points at all, zero displayed points added to the score
def scores_nothing() -> int:
    return 0


# DOM-PTS-7 (displayed): «O acréscimo exibido é o acréscimo bruto dividido por 5»: the displayed
# award is the raw award divided by five, a whole number of points (the raw award is a multiple of five)
def displayed_award(raw: int) -> int:
    return raw // RAW_PER_DISPLAYED


def award_shown_alone() -> bool:
    # DOM-PTS-6 (what is shown): «O acréscimo abaixo é o valor exato da colocação, não a soma das
    # extremidades nem o resultado da rodada inteira»: the award shown with a placement is that
    # placement's own displayed points, not its side's score with them added.
    return True


def scored_like_any_placement(opening: bool, last_tile: bool) -> bool:
    """Whether the opening tile (`opening_scored`) or the tile that empties a hand
    (`last_tile_scored`) is scored like any other placement."""
    if opening and not opening_scored():
        return False
    return not last_tile or last_tile_scored()


def opening_scored() -> bool:
    # DOM-OPEN-4: the opening placement scores like any other placement.
    return True


def last_tile_scored() -> bool:
    # DOM-PTS-4: the same scoring applies to the opening tile and to the last tile: the tile that
    # empties a hand is scored too.
    return True


def placement_decisions(placement: PlacementPoints) -> list[str]:
    """The scoring rules a placement's award applied (for the step's record)."""
    if placement.raw:
        return ["DOM-PTS-2", "DOM-PTS-7", "DOM-PTS-6", "DOM-SCORE-1"]
    return ["DOM-PTS-3"]
