"""The track: position headings, the seven track cards, the start and finish lines, and the note
on a loaded track that is laid again (CRD-TRACK-4/5, CRD-FAQ-3)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from reference.core.svg import Svg, drawn_once

from ..rules.cards import SUIT_NAMES, SUITS
from ..rules.race import FINISH
from ..rules.track import NEEDED_TO_FINISH, RACE_CARDS_PER_SUIT, RELAY_AT, TRACK_LENGTH
from .cards import draw_card
from .style import (CARD_W, CELL, FINISH_X, INK, MUTED, ORANGE, PAD, START_X, column_x, palette_in_use,
                    split_card)

def draw_track_row(svg: Svg, top: int, track: list[str], loaded: str | None) -> None:
    """Position headings, the seven track cards at positions 1-7, and their numbers."""
    draw_track_parts(svg, top, tuple(track[:TRACK_LENGTH]), loaded)


@drawn_once(context=palette_in_use)
def draw_track_parts(svg: Svg, top: int, track: tuple[str, ...], loaded: str | None) -> None:
    svg.text(column_x(0) + CELL // 2, top + 12, "start", size=11, fill=MUTED, text_anchor="middle")
    svg.text(column_x(FINISH) + CELL // 2, top + 12, "finish", size=11, fill=MUTED, text_anchor="middle")
    svg.text(PAD, top + 56, "track", size=13, fill=INK, font_weight="bold")
    for position, text in enumerate(track, start=1):
        suit = split_card(text)[1]
        marked = suit == loaded
        x = column_x(position) + (CELL - CARD_W) // 2
        draw_card(svg, x, top + 20, text, "track-card relay" if marked else "track-card",
                  tooltip=f"position {position}: {text}" + (" (the loaded suit)" if marked else ""),
                  outline=ORANGE if marked else None, data_position=position)
    svg.text(PAD, top + 98, "position", size=11, fill=MUTED)
    for position in range(FINISH + 1):
        svg.text(column_x(position) + CELL // 2, top + 98, str(position), size=12, fill=MUTED,
                 text_anchor="middle", cls="position-number")


def race_cards(observation: Mapping[str, Any], track: list[str]) -> dict[str, int]:
    """CRD-COUNT-1: each suit's race cards, 12 less its track cards (a refused lay reports none)."""
    if observation.get("available"):
        return dict(observation["available"])
    return {s: RACE_CARDS_PER_SUIT - sum(1 for c in track if split_card(c)[1] == s) for s in SUITS}


def draw_lines(svg: Svg, top: int, bottom: int) -> None:
    """The start line after position 0 and the chequered finish line after position 7."""
    svg.extend(line_parts(top, bottom))


@lru_cache(maxsize=64)
def line_parts(top: int, bottom: int) -> tuple[str, ...]:
    """The lines' elements: the same in every diagram of a table of the same height, and the
    chequered finish line is many small squares."""
    svg = Svg()
    svg.add("line", cls="start-line", x1=START_X, y1=top, x2=START_X, y2=bottom, stroke=INK, stroke_width=2,
            stroke_dasharray="5 4")
    svg.open("g", "the finish line: an ace crosses it by reaching position 8", cls="finish-line",
             data_x=FINISH_X)
    size = 5
    for k, y in enumerate(range(top, bottom, size)):
        for col in range(2):
            fill = INK if (k + col) % 2 == 0 else "#ffffff"
            svg.add("rect", x=FINISH_X - size + col * size, y=y, width=size, height=min(size, bottom - y), fill=fill)
    svg.add("rect", x=FINISH_X - size, y=top, width=2 * size, height=bottom - top, fill="none", stroke=INK,
            stroke_width=1)
    svg.close()
    return tuple(svg.parts)


def draw_relay_note(svg: Svg, top: int, track: list[str], loaded: str, available: Mapping[str, int]) -> int:
    """Why a loaded track is laid again (CRD-TRACK-4/5, CRD-FAQ-3); returns the height used."""
    count = sum(1 for c in track if split_card(c)[1] == loaded)
    left = available[loaded]
    name = SUIT_NAMES[loaded]
    svg.open("g", cls="relay-note", data_suit=loaded, data_count=count)
    svg.text(PAD, top + 16, f"Lay again: {count} {name} on the track ({RELAY_AT} or more of one suit)",
             size=15, fill=ORANGE, font_weight="bold")
    svg.text(PAD, top + 38, f"{name.capitalize()} keep {RACE_CARDS_PER_SUIT} \u2212 {count} = {left} race cards, "
             f"fewer than the {NEEDED_TO_FINISH} moves from 0 to {FINISH}: the 48 cards are shuffled and laid again.",
             size=12, fill=INK)
    svg.close()
    return 50
