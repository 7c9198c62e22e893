"""The four lanes: each horse's label, its cells, the ace where it stands, and beside the lane
its posted net odds and the seats backing it."""

from __future__ import annotations

from typing import Any, Mapping

from reference.core.svg import Svg, drawn_once

from ..rules.betting import MAX_STAKE
from ..rules.cards import SUIT_NAMES, SUITS
from ..rules.race import FINISH
from ..rules.track import NEEDED_TO_FINISH
from .cards import draw_card
from .style import (CELL, GOLD, GOLD_FILL, GRID, HORSE_H, HORSE_W, INK, LANE_FILL, LANE_H, MUTED, ORANGE, PAD,
                    SIDE_X, SUIT_COLOUR, SYMBOL, column_x, palette_in_use, seats_text)
from .track import race_cards

def draw_lane(svg: Svg, y: int, suit: str, observation: Mapping[str, Any], track: list[str],
              loaded: str | None) -> None:
    """One horse's lane: its label, a cell per position and the ace where it stands."""
    winner = observation.get("winner") == suit
    position = int((observation.get("positions") or {}).get(suit, 0))
    draw_lane_parts(svg, y, suit, winner, race_cards(observation, track).get(suit), suit == loaded, position)


@drawn_once(context=palette_in_use)
def draw_lane_parts(svg: Svg, y: int, suit: str, winner: bool, available: Any, loaded: bool, position: int) -> None:
    svg.open("g", cls="lane winner" if winner else "lane", data_horse=suit)
    svg.add("rect", cls="lane-body", x=PAD, y=y, width=column_x(FINISH + 1) - PAD, height=LANE_H, rx=6,
            fill=GOLD_FILL if winner else LANE_FILL, stroke=GOLD if winner else "none",
            stroke_width=2.5 if winner else None)
    colour = SUIT_COLOUR[suit]
    svg.text(PAD + 8, y + 21, f"{SYMBOL[suit]} {SUIT_NAMES[suit]}", size=15, fill=colour, font_weight="bold")
    if available is not None:
        svg.text(PAD + 8, y + 38, f"{available} race cards", size=11,
                 fill=ORANGE if loaded else MUTED, cls="race-cards")
    for p in range(1, FINISH + 1):
        svg.add("line", x1=column_x(p), y1=y + 6, x2=column_x(p), y2=y + LANE_H - 6, stroke=GRID, stroke_width=1)
    draw_horse(svg, y, suit, position, winner)
    svg.close()


def draw_horse(svg: Svg, y: int, suit: str, position: int, winner: bool) -> None:
    x = column_x(min(max(position, 0), FINISH)) + (CELL - HORSE_W) // 2
    where = "past the finish line" if position >= FINISH else "at the start" if position == 0 else f"at {position}"
    draw_card(svg, x, y + (LANE_H - HORSE_H) // 2, f"A{suit}", "horse winner" if winner else "horse",
              w=HORSE_W, h=HORSE_H, tooltip=f"ace of {SUIT_NAMES[suit]} {where}" + (": the winner" if winner else ""),
              outline=GOLD if winner else None, data_horse=suit, data_position=position)


def bettors(observation: Mapping[str, Any]) -> dict[str, list[int]]:
    """horse -> the seats backing it."""
    out: dict[str, list[int]] = {s: [] for s in SUITS}
    for seat, horse in enumerate(observation.get("bets") or []):
        if horse in out:
            out[horse].append(seat)
    return out


def stakes(observation: Mapping[str, Any]) -> dict[int, int]:
    """seat -> stake: from this step's bet events, else the posted maximum every bettor stakes."""
    out = {seat: MAX_STAKE for seat, horse in enumerate(observation.get("bets") or []) if horse}
    for event in observation.get("events") or []:
        if event.get("type") == "bet":
            out[event["seat"]] = event.get("stake", MAX_STAKE)
    return out


def draw_side(svg: Svg, y: int, suit: str, observation: Mapping[str, Any], loaded: str | None) -> None:
    """Beside a lane: its posted net odds and who backs it."""
    odds = (observation.get("odds") or {}).get(suit)
    winner = observation.get("winner") == suit
    if odds is not None:
        label = f"{odds}:1" + ("  wins" if winner else "")
        svg.text(SIDE_X, y + 21, label, size=17, fill=GOLD if winner else INK, font_weight="bold",
                 cls="odds", data_horse=suit, data_odds=odds)
    elif suit == loaded:
        svg.text(SIDE_X, y + 21, "cannot finish", size=14, fill=ORANGE, font_weight="bold", cls="no-odds",
                 data_horse=suit)
    if suit == loaded:
        svg.text(SIDE_X, y + 38, f"it needs {NEEDED_TO_FINISH} race cards to reach {FINISH}", size=11, fill=ORANGE)
        return
    if observation.get("bets") is None:
        return
    seats = bettors(observation)[suit]
    if not seats:
        return
    chips = sum(stakes(observation)[s] for s in seats)
    who = seats_text(seats) if len(seats) <= 5 else f"{len(seats)} seats"
    svg.text(SIDE_X, y + 38, f"backed by {who} \u00b7 {chips} chip{'s' if chips != 1 else ''}", size=11,
             fill=INK, cls="bet", data_horse=suit, data_seats=" ".join(str(s) for s in seats), data_chips=chips)
