"""Reading what a diagram needs from an observation (observe.py)."""

from __future__ import annotations

from typing import Any, Mapping

from ..rules.components import COLOURS, ODDS_ROWS
from .style import FACE_DOWN_PHASES


# -- reading the observation -------------------------------------------------------------------------

def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_mapping(value: Any) -> bool:
    """A JSON object (a dict, checked first: the abstract Mapping check is slow) or another mapping."""
    return type(value) is dict or isinstance(value, Mapping)


def events_of(observation: Mapping[str, Any], kind: str) -> list[Mapping[str, Any]]:
    """This step's events of one type (a partial observation may list bare type names: skipped)."""
    return [e for e in observation.get("events") or [] if is_mapping(e) and e.get("type") == kind]


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
             if is_mapping(e) and e.get("type") in ("sprint", "sprint_lost") and e.get("horse") in COLOURS]
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
        if is_mapping(e) and e.get("type") in ("moved", "sprint") and is_int(e.get("spaces")):
            moved[e.get("horse")] = moved.get(e.get("horse"), 0) + e["spaces"]
    return moved


def cards_face_down(observation: Mapping[str, Any]) -> bool:
    return observation.get("phase") in FACE_DOWN_PHASES


def cards_by_lane(observation: Mapping[str, Any]) -> dict[str, list[tuple[int, str]]]:
    """horse -> (card number, state) for the cards on that horse: face_down, revealed, or this
    step's cancelled (HF-CANCEL-1) and discarded (HF-ACT-16/20) cards, which have left the horse.
    The events are read once for all six lanes."""
    on_horses = observation.get("cards_on_horses") or {}
    state = "face_down" if cards_face_down(observation) else "revealed"
    cards = {h: [(n, state) for n in on_horses.get(h) or [] if is_int(n)] for h in COLOURS}
    for e in observation.get("events") or []:
        if not is_mapping(e):
            continue
        gone = GONE_EVENTS.get(e.get("type"))
        horse = e.get("horse")
        if gone and isinstance(horse, str) and horse in cards:
            cards[horse] += [(n, gone) for n in e.get("cards") or [] if is_int(n)]
    return {h: sorted(c) for h, c in cards.items()}


GONE_EVENTS = {"cards_cancelled": "cancelled", "cards_discarded": "discarded"}
