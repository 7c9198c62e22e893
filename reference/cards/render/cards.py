"""A card drawn face up (a track card, a horse, the card just revealed) or face down (the race deck)."""

from __future__ import annotations

from typing import Any

from reference.core.svg import Svg

from .style import CARD_FILL, CARD_H, CARD_W, DECK_BLUE, INK, ORANGE, SUIT_COLOUR, SYMBOL, split_card

def draw_card(svg: Svg, x: int, y: int, text: str, cls: str, w: int = CARD_W, h: int = CARD_H,
              tooltip: str | None = None, outline: str | None = None, **data: Any) -> None:
    """A face-up card: rank in the corner, the suit symbol large, in the suit's colour."""
    rank, suit = split_card(text)
    colour = SUIT_COLOUR.get(suit, INK)
    svg.open("g", tooltip, cls=cls, data_card=text, **data)
    svg.add("rect", cls="card-face", x=x, y=y, width=w, height=h, rx=5, fill=CARD_FILL, stroke=INK,
            stroke_width=1.2)
    svg.text(x + 4, y + 14, rank, size=12, fill=colour, font_weight="bold")
    svg.text(x + w // 2, y + h // 2 + 10, SYMBOL.get(suit, suit), size=min(w, h) // 2 + 4, fill=colour,
             text_anchor="middle")
    if outline:
        svg.add("rect", cls="outline", x=x - 3, y=y - 3, width=w + 6, height=h + 6, rx=7, fill="none",
                stroke=outline, stroke_width=3.5, stroke_dasharray="6 3" if outline == ORANGE else None)
    svg.close()


def draw_card_back(svg: Svg, x: int, y: int) -> None:
    svg.add("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=5, fill=DECK_BLUE, stroke="#ffffff", stroke_width=1.5)
    svg.add("rect", x=x + 5, y=y + 5, width=CARD_W - 10, height=CARD_H - 10, rx=3, fill="none",
            stroke="#93c5fd", stroke_width=1)
