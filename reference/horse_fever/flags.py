"""Which interpretation flags apply to a case: the situations that arose in it.

A flag marks a case whose expected values would differ under another reading (see
interpretations.yaml), so an implementation with that reading can skip exactly those cases.
Optioned readings' flags are derived for every game by replaying the case under the other option
values (reference.core.vectors.derived_flags); the others come from the events of the replay.
"""

from __future__ import annotations

from typing import Any

from reference.core.game import CaseInput
from reference.core.replay_context import vector_replays
from reference.core.vectors import REPLAYED

from .rules.components import COLOURS
from .replay import replay

def event_flags(case: dict[str, Any]) -> set[str]:
    """Flags from what happened in the case: readings no option value replays."""
    inp = case["input"]
    flags = set()
    observations = case.get(REPLAYED)          # the replay vectors.finish_case already made
    if observations is None:
        with vector_replays():
            observations = [outcome.observation for outcome in replay(
                CaseInput(case["kind"], inp["setup"], inp["steps"], case.get("options") or {},
                          refusals_are_results=True))]
    for step, observation in zip(inp["steps"], observations):
        events = observation.get("events", [])
        types = [e["type"] for e in events]
        if "tie_break" in step:
            flags.add("tie-break-input")
        if "movement_card" in types:
            flags.add("sprint-dice-colours")
        if "player_out" in types:
            # HF-INT-13 (leaving at once) and HF-INT-20's reading no option replays (the game ending for all)
            flags.update({"player-out-leaves-at-once", "last-player-left-wins"})
        if "penalty" in types or "player_out" in types:
            flags.add("short-of-minimum-when-due")       # HF-INT-18: checked before the deal, the events move
        if len(observation.get("movement_cards", [])) > 23:
            flags.add("movement-deck-reshuffled")
        if any(e["type"] == "bet_placed" and e["amount"] % 100 for e in events):
            flags.add("stake-whole-danari")
        if "new_odds" in types and len({e["before"] for e in events if e["type"] == "new_odds"}) < len(COLOURS):
            flags.add("odds-row-number")
        finished = [e["position"] for e in events if e["type"] == "finished"]
        if any(finished.count(p) >= 3 for p in finished):
            flags.add("photo-finish-sorted")
        if stacked_effects(observation, events):
            flags.add("stacked-card-effects")
        if any(e["type"] == "odds_changed" and one_by_one_differs(e) for e in events):
            flags.add("odds-card-clamp")
    return flags


def one_by_one_differs(event: dict[str, Any]) -> bool:
    """HF-INT-7: Alfio Allibratore and Steven Sting on one horse act together (net change, then
    the limit); applied one after the other, each stopping at 1:2 / 1:7, the row could differ."""
    if not {15, 19} <= set(event["cards"]):
        return False
    def clamp(odds: int) -> int:
        return min(max(odds, 2), 7)
    up_first = clamp(clamp(event["before"] - 2) + 2)
    down_first = clamp(clamp(event["before"] + 2) - 2)
    return up_first != event["after"] or down_first != event["after"]


LETTERED = {1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 13, 14}     # cards whose effects combine (HF-INT-10)


def stacked_effects(observation: dict[str, Any], events: list[dict[str, Any]]) -> bool:
    cards = observation.get("cards_on_horses") or {}
    if any(len([c for c in on if c in LETTERED]) >= 2 for on in cards.values()):
        return True
    for e in events:
        if e["type"] == "sprint" and e["double"] and {3, 4, 10, 11} & set(cards.get(e["horse"], [])):
            return True
        if e["type"] == "moved" and e.get("by") == "first_stays":
            return True
        if e["type"] == "finished" and {6, 13} & set(cards.get(e["horse"], [])):
            return True
    return False


def flags_for(case: dict[str, Any]) -> list[str]:
    # The optioned readings' flags are derived by reference.core.vectors.derived_flags.
    return sorted(event_flags(case))
