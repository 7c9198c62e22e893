"""Diagrams of a Horse Fever table (standalone SVG), drawn from an observation alone (observe.py).

The track: six lanes, one per horse (white, blue, yellow, black, red, green), a column per space
from the start (0) to the chequered finish line on the 12th space, and on past it as far as the
furthest horse (spaces past the line count for the arrival order). Each horse is a pawn of its
colour at its position; a faint arrow shows this step's move; a horse in the ranking wears a gold
ring with its place. Beside each lane: the action cards on that horse (face down, or face up with
number, letter and name; cancelled and discarded ones struck through).

Below the track: the odds board (rows 1:2 .. 1:7, each stable's token on its row; before and
after with an arrow per stable when the step moved the tokens: new odds, Alfio Allibratore,
Steven Sting), the ranking board (places 1-6), the movement card just revealed (its number and
the spaces beside each odds row) and the two sprint dice. For a game: a row per player with VP,
Danari, stables owned, bets (or how they were settled) and the first player.

Every drawn thing carries data-* attributes (data-horse, data-position, data-place, data-row ...)
so tests and tools can read the diagram. Same input, same bytes; "" when there is nothing to draw
(a refused action, an observation with neither positions nor odds).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from reference.core.svg import Svg

from .rules.components import COLOURS, ODDS_ROWS, action_cards, movement_cards, tables


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


# -- reading the observation -------------------------------------------------------------------------

def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def events_of(observation: Mapping[str, Any], kind: str) -> list[Mapping[str, Any]]:
    """This step's events of one type (a partial observation may list bare type names: skipped)."""
    return [e for e in observation.get("events") or [] if isinstance(e, Mapping) and e.get("type") == kind]


def positions_of(observation: Mapping[str, Any]) -> dict[str, int]:
    positions = observation.get("positions") or {}
    return {h: positions[h] for h in COLOURS if is_int(positions.get(h))}


def odds_of(observation: Mapping[str, Any]) -> dict[str, int]:
    odds = observation.get("odds") or {}
    return {h: odds[h] for h in COLOURS if odds.get(h) in ODDS_ROWS}


def ranking_of(observation: Mapping[str, Any]) -> list[str]:
    """The ranking so far; an odds case has none, but its new_odds events give each place."""
    ranking = [h for h in observation.get("ranking") or [] if h in COLOURS]
    if ranking:
        return ranking
    placed = sorted((e.get("place"), e.get("horse")) for e in events_of(observation, "new_odds")
                    if is_int(e.get("place")) and e.get("horse") in COLOURS)
    return [h for _, h in placed]


def odds_changes(observation: Mapping[str, Any]) -> tuple[dict[str, tuple[int, int]], str]:
    """horse -> (row before, row after) when this step moved the stable tokens, and why."""
    for kind, reason in (("new_odds", "new odds"), ("odds_changed", "action cards")):
        events = events_of(observation, kind)
        if events:
            odds = odds_of(observation)
            changes = {h: (odds[h], odds[h]) for h in odds}
            for e in events:
                horse, before = e.get("horse"), e.get("before")
                if horse in COLOURS and before in ODDS_ROWS:
                    changes[horse] = (before, odds.get(horse, e.get("after")))
            return {h: c for h, c in changes.items() if c[1] in ODDS_ROWS}, reason
    return {}, ""


def sprint_dice(observation: Mapping[str, Any]) -> list[tuple[str, bool]]:
    """The two sprint dice as (colour, sprint lost), read from this step's sprint events: a double
    is a single sprint (HF-SPRINT-2), so both dice show its colour."""
    shown = [(e.get("horse"), e.get("type") == "sprint_lost", bool(e.get("double")))
             for e in observation.get("events") or []
             if isinstance(e, Mapping) and e.get("type") in ("sprint", "sprint_lost") and e.get("horse") in COLOURS]
    if len(shown) == 1 and shown[0][2]:
        return [shown[0][:2], shown[0][:2]]
    return [s[:2] for s in shown[:2]]


def movement_card_shown(observation: Mapping[str, Any]) -> tuple[int, bool] | None:
    """(number, is the Start card) of the movement card revealed in this step."""
    for e in events_of(observation, "movement_card"):
        if is_int(e.get("card")):
            return e["card"], bool(e.get("start"))
    return None


def moved_this_step(observation: Mapping[str, Any]) -> dict[str, int]:
    """Spaces each horse moved in this step's race round (card and sprint)."""
    moved: dict[str, int] = {}
    for e in observation.get("events") or []:
        if isinstance(e, Mapping) and e.get("type") in ("moved", "sprint") and is_int(e.get("spaces")):
            moved[e.get("horse")] = moved.get(e.get("horse"), 0) + e["spaces"]
    return moved


def cards_face_down(observation: Mapping[str, Any]) -> bool:
    return observation.get("phase") in FACE_DOWN_PHASES


def cards_to_draw(observation: Mapping[str, Any], horse: str) -> list[tuple[int, str]]:
    """(card number, state) for the cards on a horse: face_down, revealed, or this step's
    cancelled (HF-CANCEL-1) and discarded (HF-ACT-16/20) cards, which have left the horse."""
    on_horse = (observation.get("cards_on_horses") or {}).get(horse) or []
    state = "face_down" if cards_face_down(observation) else "revealed"
    cards = [(n, state) for n in on_horse if is_int(n)]
    for kind, gone in (("cards_cancelled", "cancelled"), ("cards_discarded", "discarded")):
        for e in events_of(observation, kind):
            if e.get("horse") == horse:
                cards += [(n, gone) for n in e.get("cards") or [] if is_int(n)]
    return sorted(cards)


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


def draw_lane(svg: Svg, y: int, horse: str, observation: Mapping[str, Any], last: int) -> None:
    """A horse's lane: its label and odds, a cell per space, the spaces past the line shaded."""
    odds = odds_of(observation).get(horse)
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
    for space in range(1, last + 1):
        svg.add("line", x1=column_x(space), y1=y + 5, x2=column_x(space), y2=y + LANE_H - 5, stroke=GRID,
                stroke_width=1)


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


def draw_lines(svg: Svg, top: int, bottom: int) -> None:
    """The start line after space 0; the chequered finish line across the 12th space."""
    svg.add("line", cls="start-line", x1=column_x(1), y1=top, x2=column_x(1), y2=bottom, stroke=INK,
            stroke_width=2, stroke_dasharray="5 4")
    x = centre_x(finish_space())
    size = 5
    svg.open("g", f"the finish line, the {ordinal(finish_space())} space: a horse on it or past it has finished",
             cls="finish-line", data_x=x, data_space=finish_space())
    for k, cell_y in enumerate(range(top, bottom, size)):
        for col in range(2):
            fill = INK if (k + col) % 2 == 0 else "#ffffff"
            svg.add("rect", x=x - size + col * size, y=cell_y, width=size, height=min(size, bottom - cell_y),
                    fill=fill, opacity=0.85)
    svg.add("rect", x=x - size, y=top, width=2 * size, height=bottom - top, fill="none", stroke=INK, stroke_width=1)
    svg.close()


# -- action cards beside a lane ---------------------------------------------------------------------

def name_lines(name: str) -> list[str]:
    """A card name on at most two lines, split where the lines are most even."""
    words = name.split()
    if len(words) < 2:
        return [name]
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    return list(min(splits, key=lambda s: max(len(s[0]), len(s[1]))))


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


def draw_lane_cards(svg: Svg, x: int, y: int, horse: str, observation: Mapping[str, Any]) -> None:
    for i, (number, state) in enumerate(cards_to_draw(observation, horse)):
        draw_action_card(svg, x + i * (CARD_W + CARD_GAP), y + (LANE_H - CARD_H) // 2, horse, number, state)


CARDS_HEAD = "action cards (face down)"
STRUCK_NOTE = "struck through: cancelled or discarded"


def any_struck(observation: Mapping[str, Any]) -> bool:
    return any(state in ("cancelled", "discarded") for h in COLOURS for _, state in cards_to_draw(observation, h))


def cards_width(observation: Mapping[str, Any]) -> int:
    """The column of action cards beside the lanes, wide enough for its heading."""
    most = max(len(cards_to_draw(observation, h)) for h in COLOURS)
    if not most:
        return 0
    heading = max(text_width(CARDS_HEAD, 11), text_width(STRUCK_NOTE, 10) if any_struck(observation) else 0)
    return max(most * (CARD_W + CARD_GAP), heading) + 8


def draw_track(svg: Svg, top: int, observation: Mapping[str, Any]) -> tuple[int, int]:
    """The lanes, pawns, lines and action cards; returns (bottom, right edge)."""
    positions = positions_of(observation)
    ranking = ranking_of(observation)
    moved = moved_this_step(observation)
    last = last_space(positions)
    draw_track_header(svg, top, last)
    lanes_top = top + 38
    cards_x = column_x(last + 1) + 12
    if cards_width(observation):
        state = "face down" if cards_face_down(observation) else "face up"
        svg.text(cards_x, top + 30, f"action cards ({state})", size=11, fill=MUTED)
        if any_struck(observation):
            svg.text(cards_x, top + 16, STRUCK_NOTE, size=10, fill=STRIKE)
    for i, horse in enumerate(COLOURS):          # the lanes, then the lines, then the horses on top
        svg.open("g", cls="lane", data_horse=horse)
        draw_lane(svg, lane_y(lanes_top, i), horse, observation, last)
        draw_lane_cards(svg, cards_x, lane_y(lanes_top, i), horse, observation)
        svg.close()
    bottom = lane_y(lanes_top, len(COLOURS)) - LANE_GAP
    draw_lines(svg, lanes_top - 4, bottom + 4)
    for horse in (h for h in COLOURS if h in positions):
        y = lane_y(lanes_top, COLOURS.index(horse))
        if moved.get(horse):
            draw_move_trail(svg, y, horse, positions[horse], moved[horse])
        place = ranking.index(horse) + 1 if horse in ranking else None
        draw_pawn(svg, y, horse, positions[horse], place)
    return bottom + 4, cards_x + cards_width(observation)


# -- the odds board ---------------------------------------------------------------------------------

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


def draw_tokens(svg: Svg, odds: Mapping[str, int], x: int, top: int, cls: str) -> dict[str, tuple[int, int]]:
    spots = token_spots(odds, x, top)
    for horse, (cx, cy) in spots.items():
        svg.open("g", f"{horse} stable at 1:{odds[horse]}", cls=cls, data_stable=horse, data_horse=horse,
                 data_row=odds[horse])
        token(svg, cx, cy, horse)
        svg.close()
    return spots


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


# -- ranking, movement card, dice ------------------------------------------------------------------

RANKING_W = 150


def draw_ranking(svg: Svg, x: int, top: int, ranking: Sequence[str]) -> tuple[int, int]:
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
    return RANKING_W, 22 + len(COLOURS) * ROW_H


MOVEMENT_W = 150


def draw_movement_card(svg: Svg, x: int, top: int, number: int, start: bool,
                       observation: Mapping[str, Any]) -> tuple[int, int]:
    """The card just revealed: its number, and the spaces beside each odds row with the stables there."""
    card = movement_cards().get(number)
    odds = odds_of(observation)
    rows_top = top + 50
    height = rows_top - top + len(ODDS_ROWS) * (ROW_H - 3) + 8
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
        for j, horse in enumerate(h for h in COLOURS if odds.get(h) == row):
            token(svg, x + 72 + j * 13, y + 9, horse, r=5)
    svg.close()
    return MOVEMENT_W, height


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


# -- the players --------------------------------------------------------------------------------------

def seat_bets(observation: Mapping[str, Any], seat: int) -> list[str]:
    """A seat's bets, or how they were settled in this step, and its stable-owner prizes."""
    settled = [p for p in observation.get("payouts") or [] if isinstance(p, Mapping) and p.get("player") == seat]
    if settled:
        out = []
        for p in settled:
            result = (f"+{p.get('returned')} D, +{p.get('vp')} VP" if p.get("won") else "stake lost")
            out.append(f"{p.get('side')} {p.get('amount')} D on {p.get('horse')}: {result}")
    else:
        out = [f"{b.get('side')} {b.get('amount')} D on {b.get('horse')}" for b in observation.get("bets") or []
               if isinstance(b, Mapping) and b.get("player") == seat]
    for e in events_of(observation, "owner_prize"):
        if e.get("player") == seat:
            vp = f", +{e.get('vp')} VP" if e.get("vp") else ""
            out.append(f"owner of {e.get('horse')} ({ordinal(e.get('place', 0))}): +{e.get('danari')} D{vp}")
    return out


def seat_roles(observation: Mapping[str, Any], seat: int) -> list[str]:
    roles = []
    if observation.get("first_player") == seat:
        roles.append("\u2605 first player")
    if observation.get("turn") == seat:
        roles.append("to play")
    if seat in (observation.get("players_out") or []):
        roles.append("out")
    if observation.get("winner") == seat:
        roles.append("wins the game")
    return roles


PLAYER_COLUMNS = {"seat": 0, "roles": 52, "vp": 190, "danari": 245, "owns": 330, "bets": 430}


def draw_player(svg: Svg, y: int, seat: int, observation: Mapping[str, Any]) -> tuple[int, int]:
    """One player's row, a line per bet; returns (its height, its right edge)."""
    vp = (observation.get("vp") or [])[seat:seat + 1]
    danari = (observation.get("danari") or [])[seat:seat + 1]
    owners = observation.get("owners") or {}
    owned = [h for h in COLOURS if owners.get(h) == seat]
    first = observation.get("first_player") == seat
    bets = seat_bets(observation, seat) or ["no bet"]
    col = {name: PAD + dx + 6 for name, dx in PLAYER_COLUMNS.items()}
    right = col["bets"] + max(text_width(b, 12) for b in bets)
    height = PLAYER_H + BET_LINE * (len(bets) - 1)
    svg.open("g", cls="player first-player" if first else "player", data_seat=seat,
             data_vp=vp[0] if vp else None, data_danari=danari[0] if danari else None,
             data_first="true" if first else None)
    svg.add("rect", x=PAD, y=y, width=right - PAD, height=height - 3, rx=4, fill=GOLD_FILL if first else "#f9fafb")
    svg.text(col["seat"], y + 15, f"seat {seat}", size=12, font_weight="bold")
    svg.text(col["roles"], y + 15, ", ".join(seat_roles(observation, seat)), size=11, fill=GOLD, cls="roles")
    if vp:
        svg.text(col["vp"], y + 15, f"{vp[0]} VP", size=12, cls="vp")
    if danari:
        svg.text(col["danari"], y + 15, f"{danari[0]} D", size=12, cls="danari")
    if owned:
        svg.text(col["owns"], y + 15, "owns", size=11, fill=MUTED)
        for i, horse in enumerate(owned):
            token(svg, col["owns"] + 40 + i * 18, y + 11, horse, r=7, cls="owned", data_horse=horse)
    for i, bet in enumerate(bets):
        svg.text(col["bets"], y + 15 + BET_LINE * i, bet, size=12, fill=MUTED if bet == "no bet" else INK,
                 cls="bet")
    svg.close()
    return height, right


def draw_players(svg: Svg, top: int, observation: Mapping[str, Any]) -> tuple[int, int]:
    """A row per seat; returns (bottom, right edge)."""
    seats = max(len(observation.get("vp") or []), len(observation.get("danari") or []))
    if not seats:
        return top, 0
    svg.text(PAD, top + 14, "players", size=13, font_weight="bold")
    heads = {"vp": "VP", "danari": "Danari", "bets": "bets" if not observation.get("payouts") else "bets settled"}
    for name, head in heads.items():
        svg.text(PAD + PLAYER_COLUMNS[name] + 6, top + 14, head, size=11, fill=MUTED)
    y, right = top + 22, 0
    for seat in range(seats):
        height, row_right = draw_player(svg, y, seat, observation)
        y, right = y + height, max(right, row_right)
    return y, right


# -- the header ----------------------------------------------------------------------------------------

def header_lines(kind: str, observation: Mapping[str, Any]) -> list[str]:
    """The title line (what is drawn, the round and race round) and what this step did."""
    if kind == "odds":
        first = "New odds" if events_of(observation, "new_odds") else "The odds board"
    else:
        first = "Race" if kind == "race" else "Horse Fever"
        if is_int(observation.get("round")):
            first += f" \u00b7 round {observation['round']}" + (
                f" of {observation['rounds']}" if is_int(observation.get("rounds")) else "")
        if is_int(observation.get("race_round")) and (observation["race_round"] or kind == "race"):
            first += f" \u00b7 race round {observation['race_round']}"
    if observation.get("phase"):
        first += f" \u00b7 phase {str(observation['phase']).replace('_', ' ')}"
    return [first] + [line for line in [step_summary(observation)] if line]


def step_summary(observation: Mapping[str, Any]) -> str:
    parts = []
    if events_of(observation, "cards_revealed"):
        parts.append("action cards revealed")
    finished = [f"{e.get('horse')} {ordinal(e.get('place', 0))} ({e.get('past_line')} past the line)"
                for e in events_of(observation, "finished")]
    if finished:
        parts.append("finished: " + ", ".join(finished))
    if events_of(observation, "race_over"):
        parts.append("race over")
    for e in events_of(observation, "game_over"):
        winner = e.get("winner")
        parts.append("game over: " + (f"seat {winner} wins (by {e.get('by')})" if winner is not None
                                      else "no player is left"))
    return "; ".join(parts)


# -- the hook -------------------------------------------------------------------------------------------

def render_table(kind: str, observation: Mapping[str, Any]) -> str:
    svg = Svg()
    lines = header_lines(kind, observation)
    for i, line in enumerate(lines):
        svg.text(PAD, PAD + 16 + LINE * i, line, size=17 if i == 0 else 13, cls="caption",
                 font_weight="bold" if i == 0 else None)
    y, right = PAD + LINE * len(lines) + 6, 0
    if positions_of(observation) and kind != "odds":
        y, right = draw_track(svg, y, observation)
        y += 16
    y, panels_right = draw_panels(svg, y, observation, kind)
    y, players_right = draw_players(svg, y + 18, observation)
    width = max(right, panels_right, players_right, *(PAD + text_width(line, 15) for line in lines)) + PAD
    where = ", ".join(f"{h} {p}" for h, p in positions_of(observation).items())
    title = f"Horse Fever: {lines[0]}" + (f"; positions {where}" if where else "")
    return svg.document(width, y + PAD, "hf-table" if kind != "odds" else "hf-odds", title)


def render_step(kind: str, observation: Mapping[str, Any]) -> str:
    """A standalone SVG of the table after a step; '' when there is nothing to draw (a refused
    action, an observation with neither positions nor an odds board)."""
    if not observation or "error" in observation:
        return ""
    if kind == "odds":
        return render_table(kind, observation) if odds_of(observation) else ""
    if not positions_of(observation) and not odds_of(observation):
        return ""
    return render_table(kind, observation)
