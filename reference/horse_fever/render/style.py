"""Colours, sizes and small SVG helpers shared by every part of a Horse Fever diagram."""

from __future__ import annotations

from typing import Any

from reference.core.svg import Svg



HORSE_FILL = {"white": "#ffffff", "blue": "#2563eb", "yellow": "#facc15",
              "black": "#111827", "red": "#dc2626", "green": "#16a34a"}
LANE_TINT = {"white": "#f8fafc", "blue": "#e0ecff", "yellow": "#fef9c3",
             "black": "#e5e7eb", "red": "#fee2e2", "green": "#dcfce7"}
ON_HORSE = {"white": "#111827", "yellow": "#111827"}        # text on a pawn; white text otherwise
INK, MUTED, GRID = "#1f2937", "#6b7280", "#cbd5e1"
GOLD, GOLD_FILL = "#d97706", "#fef3c7"
PAST_FILL = "#fff7e6"                 # the spaces past the finish line
CARD_BACK = "#1e3a8a"
KIND_COLOUR = {"positive": "#15803d", "negative": "#b91c1c", "neutral": "#6b7280"}
UP, DOWN, SAME = "#15803d", "#b91c1c", "#9ca3af"
STRIKE = "#b91c1c"

PAD = 20
LINE = 22                             # header line height
LABEL_W = 112                         # lane labels, left of the start column
CELL = 40                             # one space
LANE_H, LANE_GAP = 40, 4
PAWN_R = 13
CARD_W, CARD_H, CARD_GAP = 66, 34, 4  # an action card beside a lane
ROW_H = 28                            # a row of the odds and ranking boards
TOKEN_R, TOKEN_STEP = 9, 22           # a stable token on the odds board
PANEL_GAP = 28
PLAYER_H = 24
BET_LINE = 16                         # another bet of the same player

FACE_DOWN_PHASES = ("deal", "first_bets", "rigging", "second_bets", "reveal")


# -- small SVG helpers ------------------------------------------------------------------------------

def text_width(text: str, size: int) -> int:
    """A generous estimate of drawn text width (no font metrics in a standalone SVG)."""
    return int(len(text) * size * 0.62) + 1


def ordinal(place: int) -> str:
    """1st .. 6th (places on the ranking board)."""
    return f"{place}" + {1: "st", 2: "nd", 3: "rd"}.get(place, "th")


def token(svg: Svg, cx: float, cy: float, horse: str, r: int = TOKEN_R, **attrs: Any) -> None:
    svg.add("circle", cx=cx, cy=cy, r=r, fill=HORSE_FILL.get(horse, GRID), stroke=INK, stroke_width=1.2, **attrs)


