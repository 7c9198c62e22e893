"""The action cards beside each lane: face down, or face up with number, letter and name."""

from __future__ import annotations

from typing import Mapping, Sequence

from reference.core.svg import Svg, drawn_once

from ..rules.components import action_cards
from .style import CARD_BACK, CARD_GAP, CARD_H, CARD_W, INK, KIND_COLOUR, LANE_H, MUTED, STRIKE, text_width


# -- action cards beside a lane ---------------------------------------------------------------------

def name_lines(name: str) -> list[str]:
    """A card name on at most two lines, split where the lines are most even."""
    words = name.split()
    if len(words) < 2:
        return [name]
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    return list(min(splits, key=lambda s: max(len(s[0]), len(s[1]))))


@drawn_once
def draw_action_card(svg: Svg, x: int, y: int, horse: str, number: int, state: str) -> None:
    card = action_cards().get(number)
    name, letter, kind = (card.name, card.letter, card.kind) if card else (f"card {number}", None, "neutral")
    tooltip = (f"{name} ({number}, " + (f"letter {letter}" if letter else "no letter") + f", {kind}) "
               + {"face_down": "face down", "revealed": "face up", "cancelled": "cancelled by a card of the same "
                  "letter", "discarded": "discarded"}[state] + f" on {horse}")
    svg.open("g", tooltip, cls=f"action-card {state.replace('_', '-')}", data_horse=horse, data_card=number,
             data_letter=letter if state != "face_down" else None)
    if state == "face_down":
        svg.add("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=4, fill=CARD_BACK, stroke=INK, stroke_width=1)
        svg.add("rect", x=x + 4, y=y + 4, width=CARD_W - 8, height=CARD_H - 8, rx=3, fill="none", stroke="#93c5fd",
                stroke_width=1)
        svg.text(x + CARD_W // 2, y + CARD_H // 2 + 4, f"#{number}", size=10, fill="#bfdbfe", text_anchor="middle")
        svg.close()
        return
    gone = state in ("cancelled", "discarded")
    svg.add("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=4, fill="#ffffff", stroke=KIND_COLOUR[kind],
            stroke_width=1.5, opacity=0.55 if gone else None)
    svg.text(x + 4, y + 11, str(number), size=9, fill=MUTED)
    svg.text(x + CARD_W - 5, y + 12, letter or "\u2013", size=12, fill=KIND_COLOUR[kind], font_weight="bold",
             text_anchor="end", cls="card-letter")
    for i, line in enumerate(name_lines(name)):
        svg.text(x + 4, y + 22 + 9 * i, line, size=8, fill=MUTED if gone else INK, cls="card-name")
    if gone:
        svg.add("line", cls="strike", x1=x - 3, y1=y + CARD_H // 2 + 2, x2=x + CARD_W + 3, y2=y + CARD_H // 2 - 2,
                stroke=STRIKE, stroke_width=2.5)
    svg.close()


def draw_lane_cards(svg: Svg, x: int, y: int, horse: str, cards: Sequence[tuple[int, str]]) -> None:
    for i, (number, state) in enumerate(cards):
        draw_action_card(svg, x + i * (CARD_W + CARD_GAP), y + (LANE_H - CARD_H) // 2, horse, number, state)


CARDS_HEAD = "action cards (face down)"
STRUCK_NOTE = "struck through: cancelled or discarded"


def any_struck(by_lane: Mapping[str, Sequence[tuple[int, str]]]) -> bool:
    return any(state in ("cancelled", "discarded") for cards in by_lane.values() for _, state in cards)


def cards_width(by_lane: Mapping[str, Sequence[tuple[int, str]]]) -> int:
    """The column of action cards beside the lanes, wide enough for its heading."""
    most = max(len(cards) for cards in by_lane.values())
    if not most:
        return 0
    heading = max(text_width(CARDS_HEAD, 11), text_width(STRUCK_NOTE, 10) if any_struck(by_lane) else 0)
    return max(most * (CARD_W + CARD_GAP), heading) + 8
