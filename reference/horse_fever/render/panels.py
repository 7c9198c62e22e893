"""The panels below the track: the ranking board, the movement card just revealed, the sprint dice."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from reference.core.svg import Svg, drawn_once

from ..rules.components import COLOURS, ODDS_ROWS, movement_cards
from .odds_board import draw_odds_board
from .reading import movement_card_shown, odds_of, ranking_of, sprint_dice
from .style import GOLD, GOLD_FILL, GRID, HORSE_FILL, INK, MUTED, PAD, PANEL_GAP, ROW_H, STRIKE, ordinal, token


# -- ranking, movement card, dice ------------------------------------------------------------------

RANKING_W = 150


def draw_ranking(svg: Svg, x: int, top: int, ranking: Sequence[str]) -> tuple[int, int]:
    draw_ranking_board(svg, x, top, tuple(ranking))
    return RANKING_W, 22 + len(COLOURS) * ROW_H


@drawn_once
def draw_ranking_board(svg: Svg, x: int, top: int, ranking: tuple[str, ...]) -> None:
    svg.open("g", cls="ranking-board")
    svg.text(x, top + 14, "ranking", size=13, font_weight="bold")
    for k in range(len(COLOURS)):
        y, place = top + 22 + k * ROW_H, k + 1
        horse = ranking[k] if k < len(ranking) else None
        svg.open("g", cls="ranking-place", data_place=place, data_horse=horse)
        svg.add("rect", x=x, y=y, width=RANKING_W, height=ROW_H - 3, rx=4, fill=GOLD_FILL if horse else "#ffffff",
                stroke=GOLD if horse else GRID, stroke_width=1, stroke_dasharray=None if horse else "4 3")
        svg.text(x + 6, y + 17, ordinal(place), size=12, font_weight="bold")
        if horse:
            token(svg, x + 52, y + 12, horse)
            svg.text(x + 68, y + 17, horse, size=12)
        svg.close()
    svg.close()


MOVEMENT_W = 150


def draw_movement_card(svg: Svg, x: int, top: int, number: int, start: bool,
                       observation: Mapping[str, Any]) -> tuple[int, int]:
    """The card just revealed: its number, and the spaces beside each odds row with the stables there."""
    odds = odds_of(observation)
    on_rows = tuple(tuple(h for h in COLOURS if odds.get(h) == row) for row in ODDS_ROWS)
    draw_movement_card_face(svg, x, top, number, start, on_rows)
    return MOVEMENT_W, MOVEMENT_H


MOVEMENT_H = 50 + len(ODDS_ROWS) * (ROW_H - 3) + 8


@drawn_once
def draw_movement_card_face(svg: Svg, x: int, top: int, number: int, start: bool,
                            on_rows: tuple[tuple[str, ...], ...]) -> None:
    """`on_rows`: the stables on each odds row, best row first."""
    card = movement_cards().get(number)
    rows_top = top + 50
    height = MOVEMENT_H
    svg.open("g", f"movement card {number}" + (" (the Start card)" if start else ""), cls="movement-card",
             data_card=number, data_start="true" if start else None)
    svg.text(x, top + 14, "movement card" + (" (Start)" if start else ""), size=13, font_weight="bold")
    svg.add("rect", x=x, y=top + 20, width=MOVEMENT_W, height=height - 20, rx=6, fill="#fffbeb", stroke=INK,
            stroke_width=1.2)
    svg.text(x + MOVEMENT_W // 2, top + 43, str(number), size=20, font_weight="bold", text_anchor="middle",
             cls="card-number")
    for k, row in enumerate(ODDS_ROWS):
        y = rows_top + k * (ROW_H - 3)
        svg.text(x + 8, y + 14, f"1:{row}", size=12, fill=MUTED)
        if card is not None:
            svg.text(x + 58, y + 14, str(card.spaces(row)), size=14, font_weight="bold", text_anchor="end",
                     cls="movement-value", data_row=row, data_spaces=card.spaces(row))
        for j, horse in enumerate(on_rows[k]):
            token(svg, x + 72 + j * 13, y + 9, horse, r=5)
    svg.close()


DIE = 34
DICE_W = 2 * DIE + 30


def draw_dice(svg: Svg, x: int, top: int, dice: Sequence[tuple[str, bool]]) -> tuple[int, int]:
    svg.text(x, top + 14, "sprint dice", size=13, font_weight="bold")
    for i, (colour, lost) in enumerate(dice):
        dx = x + i * (DIE + 14)
        svg.open("g", f"sprint die: {colour}" + (" (its sprint is lost: already ranked)" if lost else ""),
                 cls="sprint-die", data_colour=colour, data_lost="true" if lost else None)
        svg.add("rect", x=dx, y=top + 24, width=DIE, height=DIE, rx=6, fill=HORSE_FILL[colour], stroke=INK,
                stroke_width=1.5)
        svg.text(dx + DIE // 2, top + 24 + DIE + 14, colour, size=11, text_anchor="middle")
        if lost:
            svg.text(dx + DIE // 2, top + 24 + DIE + 27, "lost", size=10, fill=STRIKE, text_anchor="middle")
        svg.close()
    if len(dice) == 2 and dice[0][0] == dice[1][0]:
        svg.text(x, top + 24 + DIE + 42, "double: one sprint", size=10, fill=MUTED)
    return DICE_W, 24 + DIE + 44


def draw_panels(svg: Svg, top: int, observation: Mapping[str, Any], kind: str) -> tuple[int, int]:
    """Odds board, ranking, movement card and dice side by side; returns (bottom, right edge)."""
    x, height = PAD, 0
    panels = []
    if odds_of(observation):
        panels.append(lambda px: draw_odds_board(svg, px, top, observation))
    if kind != "odds" or ranking_of(observation):
        panels.append(lambda px: draw_ranking(svg, px, top, ranking_of(observation)))
    shown = movement_card_shown(observation)
    if shown:
        panels.append(lambda px: draw_movement_card(svg, px, top, shown[0], shown[1], observation))
    dice = sprint_dice(observation)
    if dice:
        panels.append(lambda px: draw_dice(svg, px, top, dice))
    for draw in panels:
        width, h = draw(x)
        x, height = x + width + PANEL_GAP, max(height, h)
    return top + height, x - PANEL_GAP


