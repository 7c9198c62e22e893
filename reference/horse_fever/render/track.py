"""The track: six lanes, the spaces, the finish line, the pawns and this step's moves."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from reference.core.svg import Svg, drawn_once

from ..rules.components import COLOURS, tables
from .cards import STRUCK_NOTE, any_struck, cards_width, draw_lane_cards
from .reading import cards_by_lane, cards_face_down, moved_this_step, odds_of, positions_of, ranking_of
from .style import (CELL, GOLD, GOLD_FILL, GRID, HORSE_FILL, INK, LABEL_W, LANE_GAP, LANE_H, LANE_TINT, MUTED,
                    ON_HORSE, PAD, PAST_FILL, PAWN_R, STRIKE, ordinal, token)


# -- geometry of the track ---------------------------------------------------------------------------

def finish_space() -> int:
    return tables().finish_line


def last_space(positions: Mapping[str, int]) -> int:
    """The track runs to the finish line, or on to the furthest horse past it."""
    return max([finish_space(), *positions.values()])


def column_x(space: int) -> int:
    """Left edge of a space's column (0 = the start)."""
    return PAD + LABEL_W + space * CELL


def centre_x(space: int) -> int:
    return column_x(space) + CELL // 2


def lane_y(top: int, index: int) -> int:
    return top + index * (LANE_H + LANE_GAP)


# -- drawing the track ------------------------------------------------------------------------------

@drawn_once
def draw_track_header(svg: Svg, top: int, last: int) -> None:
    """Space numbers over the columns; 'finish' over the 12th; 'past the line' beyond it."""
    finish = finish_space()
    svg.text(PAD, top + 30, "space", size=11, fill=MUTED)
    svg.text(centre_x(finish), top + 12, "finish", size=11, fill=GOLD, text_anchor="middle", font_weight="bold")
    if last > finish:
        svg.text(column_x(finish + 1) + 2, top + 12, "past the line \u2192", size=11, fill=GOLD)
    for space in range(last + 1):
        label = "start" if space == 0 else str(space)
        svg.text(centre_x(space), top + 30, label, size=11 if space else 10, fill=MUTED, text_anchor="middle",
                 cls="space-number")


@drawn_once
def draw_lane(svg: Svg, y: int, horse: str, odds: int | None, last: int) -> None:
    """A horse's lane: its label and odds, a cell per space, the spaces past the line shaded."""
    right = column_x(last + 1)
    svg.add("rect", cls="lane-body", x=PAD, y=y, width=right - PAD, height=LANE_H, rx=6, fill=LANE_TINT[horse],
            data_horse=horse)
    beyond = column_x(finish_space() + 1)
    if last > finish_space():
        svg.add("rect", cls="past-line", x=beyond, y=y, width=right - beyond, height=LANE_H, fill=PAST_FILL,
                opacity=0.8)
    token(svg, PAD + 14, y + LANE_H // 2, horse, r=8)
    svg.text(PAD + 28, y + 18, horse, size=14, font_weight="bold")
    if odds is not None:
        svg.text(PAD + 28, y + 34, f"odds 1:{odds}", size=11, fill=MUTED, cls="lane-odds", data_horse=horse,
                 data_row=odds)
    svg.extend(lane_grid(y, last))


@lru_cache(maxsize=256)
def lane_grid(y: int, last: int) -> tuple[str, ...]:
    """The borders of a lane's cells: the same in every diagram with that lane and length."""
    svg = Svg()
    for space in range(1, last + 1):
        svg.add("line", x1=column_x(space), y1=y + 5, x2=column_x(space), y2=y + LANE_H - 5, stroke=GRID,
                stroke_width=1)
    return tuple(svg.parts)


@drawn_once
def draw_move_trail(svg: Svg, y: int, horse: str, position: int, spaces: int) -> None:
    """A faint arrow from where the horse stood before this step's race round."""
    start = max(position - spaces, 0)
    x1, x2, cy = centre_x(start), centre_x(position) - PAWN_R - 2, y + LANE_H // 2
    if x2 - x1 < 6:
        return
    colour = MUTED if horse == "white" else HORSE_FILL[horse]
    svg.open("g", f"{horse} moved {spaces} this race round, from {start} to {position}", cls="move-trail",
             data_horse=horse, data_from=start, data_to=position)
    svg.add("line", x1=x1, y1=cy, x2=x2 - 6, y2=cy, stroke=colour, stroke_width=3, opacity=0.45,
            stroke_linecap="round")
    svg.add("polygon", points=f"{x2},{cy} {x2 - 8},{cy - 5} {x2 - 8},{cy + 5}", fill=colour, opacity=0.6)
    svg.close()


@drawn_once
def draw_pawn(svg: Svg, y: int, horse: str, position: int, place: int | None) -> None:
    """The horse's pawn at its space; a ranked horse wears a gold ring and its place."""
    finish = finish_space()
    past = position - finish
    cx, cy = centre_x(max(position, 0)), y + LANE_H // 2
    where = ("at the start" if position <= 0 else f"on space {position}" if past < 0 else
             "on the finish line" if past == 0 else f"{past} past the finish line")
    tooltip = f"{horse} {where}" + (f": {ordinal(place)} in the ranking" if place else "")
    svg.open("g", tooltip, cls="horse finished" if place else "horse", data_horse=horse, data_position=position,
             data_place=place, data_past_line=past if past >= 0 else None)
    if place:
        svg.add("circle", cx=cx, cy=cy, r=PAWN_R + 4, fill=GOLD_FILL, stroke=GOLD, stroke_width=3)
    svg.add("circle", cls="pawn", cx=cx, cy=cy, r=PAWN_R, fill=HORSE_FILL[horse], stroke=INK, stroke_width=1.5)
    if place:
        svg.text(cx, cy + 5, str(place), size=14, fill=ON_HORSE.get(horse, "#ffffff"), font_weight="bold",
                 text_anchor="middle", cls="place")
    svg.close()


@drawn_once
def draw_lanes(svg: Svg, lanes_top: int, last: int, cards_x: int, odds: tuple[int | None, ...],
               cards: tuple[tuple[tuple[int, str], ...], ...]) -> None:
    """The six lanes, each with the action cards beside it: the same in every diagram of a race
    until the cards are revealed or a horse runs past the track drawn so far. `odds` and `cards`
    are given per horse, in the order of COLOURS."""
    for i, horse in enumerate(COLOURS):
        svg.open("g", cls="lane", data_horse=horse)
        draw_lane(svg, lane_y(lanes_top, i), horse, odds[i], last)
        draw_lane_cards(svg, cards_x, lane_y(lanes_top, i), horse, cards[i])
        svg.close()


def draw_lines(svg: Svg, top: int, bottom: int) -> None:
    """The start line after space 0; the chequered finish line across the 12th space."""
    svg.extend(line_parts(top, bottom, finish_space()))


@lru_cache(maxsize=64)
def line_parts(top: int, bottom: int, finish: int) -> tuple[str, ...]:
    """The lines' elements: the same in every diagram of a table of the same height, and the
    chequered finish line is a hundred small squares."""
    svg = Svg()
    svg.add("line", cls="start-line", x1=column_x(1), y1=top, x2=column_x(1), y2=bottom, stroke=INK,
            stroke_width=2, stroke_dasharray="5 4")
    x = centre_x(finish)
    size = 5
    svg.open("g", f"the finish line, the {ordinal(finish)} space: a horse on it or past it has finished",
             cls="finish-line", data_x=x, data_space=finish)
    for k, cell_y in enumerate(range(top, bottom, size)):
        for col in range(2):
            fill = INK if (k + col) % 2 == 0 else "#ffffff"
            svg.add("rect", x=x - size + col * size, y=cell_y, width=size, height=min(size, bottom - cell_y),
                    fill=fill, opacity=0.85)
    svg.add("rect", x=x - size, y=top, width=2 * size, height=bottom - top, fill="none", stroke=INK, stroke_width=1)
    svg.close()
    return tuple(svg.parts)


def draw_track(svg: Svg, top: int, observation: Mapping[str, Any]) -> tuple[int, int]:
    """The lanes, pawns, lines and action cards; returns (bottom, right edge)."""
    positions = positions_of(observation)
    ranking = ranking_of(observation)
    moved = moved_this_step(observation)
    odds = odds_of(observation)
    last = last_space(positions)
    by_lane = cards_by_lane(observation)
    horses = tuple((h, positions[h], moved.get(h), ranking.index(h) + 1 if h in ranking else None)
                   for h in COLOURS if h in positions)
    table = (top, last, horses, tuple(odds.get(h) for h in COLOURS), tuple(tuple(by_lane[h]) for h in COLOURS),
             cards_face_down(observation))
    if all(type(row) is int for row in odds.values()):
        draw_track_table(svg, *table)
    else:                   # a float row (2.0) is drawn as written: never keyed as equal to 2
        draw_track_table.__wrapped__(svg, *table)
    bottom = lane_y(top + 38, len(COLOURS)) - LANE_GAP
    return bottom + 4, column_x(last + 1) + 12 + cards_width(by_lane)


@drawn_once
def draw_track_table(svg: Svg, top: int, last: int, horses: tuple[tuple[str, int, int | None, int | None], ...],
                     lane_odds: tuple[int | None, ...], lane_cards: tuple[tuple[tuple[int, str], ...], ...],
                     face_down: bool) -> None:
    """The track as it stands: the same in every step that moves nothing on it (the bets, the
    rigging ...). `horses`: (horse, position, spaces moved this step, place) of each horse on
    the track; `lane_odds` and `lane_cards` per horse in the order of COLOURS."""
    draw_track_header(svg, top, last)
    lanes_top = top + 38
    cards_x = column_x(last + 1) + 12
    by_lane = dict(zip(COLOURS, lane_cards))
    if cards_width(by_lane):
        state = "face down" if face_down else "face up"
        svg.text(cards_x, top + 30, f"action cards ({state})", size=11, fill=MUTED)
        if any_struck(by_lane):
            svg.text(cards_x, top + 16, STRUCK_NOTE, size=10, fill=STRIKE)
    # the lanes, then the lines, then the horses on top
    if all(type(row) is int for row in lane_odds if row is not None):
        draw_lanes(svg, lanes_top, last, cards_x, lane_odds, lane_cards)
    else:                   # a float row (2.0) is drawn as written: never keyed as equal to 2
        draw_lanes.__wrapped__(svg, lanes_top, last, cards_x, lane_odds, lane_cards)
    bottom = lane_y(lanes_top, len(COLOURS)) - LANE_GAP
    draw_lines(svg, lanes_top - 4, bottom + 4)
    for horse, position, spaces, place in horses:
        y = lane_y(lanes_top, COLOURS.index(horse))
        if spaces:
            draw_move_trail(svg, y, horse, position, spaces)
        draw_pawn(svg, y, horse, position, place)
