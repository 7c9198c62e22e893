"""A race, a session step or a lay judged on its own: the caption, the track, the lanes, then
the deck and the seats (or the reason a loaded track is laid again)."""

from __future__ import annotations

from typing import Any, Mapping

from reference.core.svg import Svg

from ..rules.cards import SUIT_NAMES, SUITS
from .lanes import draw_lane, draw_side
from .style import LANE_GAP, LINE, PAD, SYMBOL, WIDTH, lane_y, seats_text, split_card
from .table import draw_deck_panel, draw_seats
from .track import draw_lines, draw_relay_note, draw_track_row, race_cards

def track_to_draw(observation: Mapping[str, Any]) -> tuple[list[str] | None, str | None]:
    """(the track cards, the loaded suit if the track must be laid again). A race whose lay was
    refused keeps no track: the refused one is in its 'relaid' event."""
    if observation.get("track"):
        loaded = observation.get("relay_suit") if observation.get("must_relay") else None
        return [str(c) for c in observation["track"]], loaded
    for event in observation.get("events") or []:
        if event.get("type") == "relaid" and event.get("track"):
            return [str(c) for c in event["track"]], event.get("suit")
    return None, None


def header_lines(kind: str, observation: Mapping[str, Any], loaded: str | None, track: list[str]) -> list[str]:
    """The title line and the state of play."""
    if kind == "layout":
        first = "A lay judged on its own"
    else:
        first = f"Race {observation.get('race', 1)}"
        if observation.get("banker") is not None:
            first += f" \u00b7 seat {observation['banker']} banks"
        if kind == "session":
            first = "Session \u00b7 " + first
    if loaded:
        count = sum(1 for c in track if split_card(c)[1] == loaded)
        return [first, f"The track is laid again: {count} {SUIT_NAMES[loaded]} on it"]
    return [first, state_text(kind, observation)]


def state_text(kind: str, observation: Mapping[str, Any]) -> str:
    if kind == "layout":
        return "The track stands: no suit has five or more; net odds by track cards of the suit"
    phase, winner = observation.get("phase"), observation.get("winner")
    if winner:
        text = f"{SYMBOL[winner]} {SUIT_NAMES[winner].capitalize()} cross the line and win"
        settlement = observation.get("settlement")
        if settlement:
            text += (f" at {settlement['odds']}:1; the bank collects {settlement['collected']} "
                     f"and pays {settlement['paid']}")
        return text
    if phase == "betting":
        seat = observation.get("to_bet")
        return "Betting" + (f": seat {seat} chooses" if seat is not None else "")
    if phase == "racing":
        return "Racing: the bank reveals race cards"
    if phase == "laying":
        return "The track is to be laid"
    return str(phase or "")


def render_race(kind: str, observation: Mapping[str, Any], track: list[str], loaded: str | None) -> str:
    svg = Svg()
    lines = header_lines(kind, observation, loaded, track)
    if observation.get("session_winners"):
        lines.append(f"Session over: {seats_text(observation['session_winners'])} won")
    for i, line in enumerate(lines):
        svg.text(PAD, PAD + 16 + LINE * i, line, size=17 if i == 0 else 14, cls="caption",
                 font_weight="bold" if i == 0 else None)
    top = PAD + LINE * len(lines) + 4
    draw_track_row(svg, top, track, loaded)
    lane_top = top + 108
    for i, suit in enumerate(SUITS):
        draw_lane(svg, lane_y(lane_top, i), suit, observation, track, loaded)
        draw_side(svg, lane_y(lane_top, i), suit, observation, loaded)
    bottom = lane_y(lane_top, len(SUITS)) - LANE_GAP
    draw_lines(svg, top + 18, bottom)
    y = bottom + 14
    if loaded:
        y += draw_relay_note(svg, y, track, loaded, race_cards(observation, track))
    elif kind != "layout":
        y += draw_deck_panel(svg, y, observation)
    if kind != "layout":
        y += draw_seats(svg, y, observation)
    positions = observation.get("positions") or {}
    where = " ".join(f"{SYMBOL[s]}{positions.get(s, 0)}" for s in SUITS)
    return svg.document(WIDTH, y + PAD // 2, "card-race", f"Horse Race cards: {lines[0]}; positions {where}")
