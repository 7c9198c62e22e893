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

By what they draw: track (lanes, pawns, finish line), cards (action cards beside a lane),
odds_board, panels (ranking, movement card, dice), players; reading (what is taken from the
observation) and style (colours, sizes, small helpers). This module lays them out.
"""

from __future__ import annotations

from typing import Any, Mapping

from reference.core.svg import Svg

from .panels import draw_panels
from .players import draw_players
from .reading import events_of, is_int, odds_of, positions_of
from .style import LINE, PAD, ordinal, text_width
from .track import draw_track


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
    positions = positions_of(observation)
    if positions and kind != "odds":
        y, right = draw_track(svg, y, observation)
        y += 16
    y, panels_right = draw_panels(svg, y, observation, kind)
    y, players_right = draw_players(svg, y + 18, observation)
    width = max(right, panels_right, players_right, *(PAD + text_width(line, 15) for line in lines)) + PAD
    where = ", ".join(f"{h} {p}" for h, p in positions.items())
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
