"""Colours, sizes, the geometry of the race table and small text helpers shared by every card
diagram."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator, Mapping, Sequence

from ..rules.cards import SUITS
from ..rules.race import FINISH

SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
# An ordinary deck: red hearts and diamonds, black spades and clubs. A four-colour pack (blue
# diamonds, green clubs) on request. SUIT_COLOUR is the palette in use; suit_palette() swaps it.
ORDINARY_COLOURS = {"S": "#111827", "H": "#dc2626", "D": "#dc2626", "C": "#111827"}
FOUR_COLOURS = {"S": "#111827", "H": "#dc2626", "D": "#1d4ed8", "C": "#15803d"}
SUIT_COLOUR = dict(ORDINARY_COLOURS)


@contextmanager
def suit_palette(four_colour: bool) -> Iterator[None]:
    """Draw with the four-colour pack (or the ordinary deck) inside the block, then restore."""
    before = dict(SUIT_COLOUR)
    SUIT_COLOUR.update(FOUR_COLOURS if four_colour else ORDINARY_COLOURS)
    try:
        yield
    finally:
        SUIT_COLOUR.update(before)


def palette_in_use() -> tuple[tuple[str, str], ...]:
    """The suit colours now in use: part of the key of every drawing reused across diagrams."""
    return tuple(SUIT_COLOUR.items())


INK = "#1f2937"
MUTED = "#6b7280"
GRID = "#d1d5db"
CARD_FILL = "#ffffff"
LANE_FILL = "#f3f4f6"
ORANGE = "#ff8c00"               # a loaded track's suit (as the domino diagrams' highlight)
GOLD, GOLD_FILL = "#d97706", "#fef3c7"     # the winner
BANK_FILL = "#e0e7ff"
DECK_BLUE = "#1e3a8a"

PAD = 20
LABEL_W = 108                    # lane labels, left of position 0
CELL = 58                        # one position
SIDE_W = 210                     # odds and bets, right of position 8
CARD_W, CARD_H = 44, 62          # a track card
HORSE_W, HORSE_H = 36, 40        # an ace in its lane
LANE_H, LANE_GAP = 48, 4
SEAT_W, SEAT_H, SEAT_GAP = 128, 56, 8
LINE = 22                        # header line height


# -- text ---------------------------------------------------------------------------------------------

def split_card(text: str) -> tuple[str, str]:
    """'10D' -> ('10', 'D')."""
    return text[:-1], text[-1]


def card_name(text: str) -> str:
    rank, suit = split_card(text)
    return f"{rank}{SYMBOL.get(suit, suit)}"


def counts_text(counts: Mapping[str, int]) -> str:
    return " ".join(f"{counts[s]}{SYMBOL[s]}" for s in SUITS if s in counts)


def signed_chips(change: int) -> str:
    return f"{change:+d}".replace("-", "\u2212") if change else "\u00b10"


def seats_text(seats: Sequence[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(s) for s in seats)


# -- geometry of the race table ----------------------------------------------------------------------

def column_x(position: int) -> int:
    """Left edge of a position's column (0 = start, 1-7 = the track, 8 = past the finish)."""
    return PAD + LABEL_W + position * CELL


def lane_y(lane_top: int, index: int) -> int:
    return lane_top + index * (LANE_H + LANE_GAP)


FINISH_X = column_x(FINISH)       # the finish line: after the last mark, position 7
START_X = column_x(1)             # the start line: after position 0
SIDE_X = column_x(FINISH + 1) + 12     # odds and bets beside the lanes
WIDTH = column_x(FINISH + 1) + SIDE_W + PAD
