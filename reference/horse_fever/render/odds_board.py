"""The odds board: rows 1:2 .. 1:7 with each stable's token; before and after when tokens moved."""

from __future__ import annotations

from typing import Any, Mapping

from reference.core.svg import Svg, drawn_once

from ..rules.components import COLOURS, ODDS_ROWS
from .reading import odds_changes, odds_of
from .style import DOWN, ROW_H, SAME, TOKEN_STEP, UP, text_width, token


# -- the odds board ---------------------------------------------------------------------------------

@drawn_once
def draw_board_rows(svg: Svg, x: int, top: int, width: int) -> None:
    """Rows 1:2 (best) to 1:7 (worst)."""
    for k, row in enumerate(ODDS_ROWS):
        y = top + k * ROW_H
        svg.add("rect", cls="odds-row", x=x, y=y, width=width, height=ROW_H - 3, rx=4,
                fill="#f3f4f6" if k % 2 == 0 else "#f9fafb", data_row=row)
        svg.text(x + 6, y + 17, f"1:{row}", size=12, font_weight="bold")


def token_spots(odds: Mapping[str, int], x: int, top: int) -> dict[str, tuple[int, int]]:
    """Where each stable's token lies: on its row, side by side in stable order."""
    spots, used = {}, {row: 0 for row in ODDS_ROWS}
    for horse in COLOURS:
        row = odds.get(horse)
        if row in used:
            spots[horse] = (x + 48 + used[row] * TOKEN_STEP, top + ODDS_ROWS.index(row) * ROW_H + 12)
            used[row] += 1
    return spots


def draw_tokens(svg: Svg, odds: Mapping[str, int], x: int, top: int, cls: str) -> None:
    rows = tuple((h, row) for h, row in odds.items())
    if all(type(row) is int for _, row in rows):
        draw_token_set(svg, rows, x, top, cls)
    else:                   # a float row (2.0) is drawn as written: never keyed as equal to 2
        draw_token_set.__wrapped__(svg, rows, x, top, cls)


@drawn_once
def draw_token_set(svg: Svg, rows: tuple[tuple[str, int], ...], x: int, top: int, cls: str) -> None:
    """Every stable's token on the board; `rows`: (stable, row) pairs. A board recurs in every
    diagram until the odds change."""
    odds = dict(rows)
    for horse, (cx, cy) in token_spots(odds, x, top).items():
        draw_stable_token(svg, horse, odds[horse], cx, cy, cls)


@drawn_once
def draw_stable_token(svg: Svg, horse: str, row: int, cx: int, cy: int, cls: str) -> None:
    svg.open("g", f"{horse} stable at 1:{row}", cls=cls, data_stable=horse, data_horse=horse, data_row=row)
    token(svg, cx, cy, horse)
    svg.close()


BOARD_W = 48 + 6 * TOKEN_STEP         # a board wide enough for six tokens on one row
ARROWS_W = 84


def direction(before: int, after: int) -> str:
    return "up" if after < before else "down" if after > before else "same"


def row_slot(odds: Mapping[str, int], horse: str) -> float:
    """A horse's offset among the stables sharing its row: -1 .. 1, 0 when alone."""
    mates = [h for h in COLOURS if odds.get(h) == odds[horse]]
    return 0.0 if len(mates) == 1 else 2 * mates.index(horse) / (len(mates) - 1) - 1


def draw_odds_arrow(svg: Svg, x1: int, x2: int, top: int, horse: str, changes: Mapping[str, tuple[int, int]]) -> None:
    """An arrow from a stable's row before to its row after (green up, red down, grey same),
    starting at a small token of the stable."""
    before, after = changes[horse]
    way = direction(before, after)
    colour = {"up": UP, "down": DOWN, "same": SAME}[way]
    y1 = top + ODDS_ROWS.index(before) * ROW_H + 12 + 6 * row_slot({h: c[0] for h, c in changes.items()}, horse)
    y2 = top + ODDS_ROWS.index(after) * ROW_H + 12 + 6 * row_slot({h: c[1] for h, c in changes.items()}, horse)
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1.0)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    bx, by = x2 - 8 * ux, y2 - 8 * uy
    head = f"{x2:.1f},{y2:.1f} {bx - 4 * uy:.1f},{by + 4 * ux:.1f} {bx + 4 * uy:.1f},{by - 4 * ux:.1f}"
    svg.open("g", f"{horse}: 1:{before} \u2192 1:{after} ({way})", cls="odds-move", data_horse=horse,
             data_direction=way, data_before=before, data_after=after)
    svg.add("line", x1=x1, y1=f"{y1:.1f}", x2=f"{bx:.1f}", y2=f"{by:.1f}", stroke=colour, stroke_width=2)
    svg.add("polygon", points=head, fill=colour)
    token(svg, x1, f"{y1:.1f}", horse, r=4)
    svg.close()


def draw_odds_board(svg: Svg, x: int, top: int, observation: Mapping[str, Any]) -> tuple[int, int]:
    """The odds board; before and after with arrows when this step moved tokens. Returns (width, height)."""
    changes, reason = odds_changes(observation)
    svg.open("g", cls="odds-board")
    if not changes:
        svg.text(x, top + 14, "odds board", size=13, font_weight="bold")
        draw_board_rows(svg, x, top + 22, BOARD_W)
        draw_tokens(svg, odds_of(observation), x, top + 22, "odds-token")
        svg.close()
        return BOARD_W, 22 + len(ODDS_ROWS) * ROW_H
    labels = ("before the race", "new odds") if reason == "new odds" else ("before the cards", "after the cards")
    after_x = x + BOARD_W + ARROWS_W
    svg.text(x, top + 14, f"odds board: {labels[0]}", size=13, font_weight="bold")
    svg.text(after_x, top + 14, labels[1], size=13, font_weight="bold")
    draw_board_rows(svg, x, top + 22, BOARD_W)
    draw_board_rows(svg, after_x, top + 22, BOARD_W)
    draw_tokens(svg, {h: c[0] for h, c in changes.items()}, x, top + 22, "odds-token-before")
    draw_tokens(svg, {h: c[1] for h, c in changes.items()}, after_x, top + 22, "odds-token")
    for horse in changes:
        draw_odds_arrow(svg, x + BOARD_W + 8, after_x - 3, top + 22, horse, changes)
    legend_x, legend_y = x, top + 22 + len(ODDS_ROWS) * ROW_H + 14
    for way, colour, text in (("up", UP, "\u25b2 up a row (better odds)"), ("down", DOWN, "\u25bc down a row"),
                              ("same", SAME, "\u25b6 same row")):
        svg.text(legend_x, legend_y, text, size=11, fill=colour, cls=f"legend-{way}")
        legend_x += text_width(text, 11) + 14
    svg.close()
    return 2 * BOARD_W + ARROWS_W, 22 + len(ODDS_ROWS) * ROW_H + 18


