"""Which interpretation flags apply to a case: the situations that arose in it.

A flag marks a case whose expected values would differ under another reading (see
interpretations.yaml), so an implementation with that reading can skip exactly those cases.
Optioned readings are found by replaying the case under the other option values; the others
from the events of the replay.
"""

from __future__ import annotations

from typing import Any

from reference.core.catalog import load_catalog
from reference.core.errors import HorseRaceError
from reference.core.game import CaseInput

from .rules.components import COLOURS
from .observe import OBSERVATION_KEYS
from .options import CHOICES, DEFAULTS
from .replay import replay

def observations(case: dict[str, Any], options: dict[str, Any]) -> list[Any] | None:
    """The case replayed under these options (None when the input does not even replay)."""
    inp = case["input"]
    keys = OBSERVATION_KEYS[case["kind"]]
    try:
        return [{k: o.observation.get(k) for k in keys + ["error"] if k in o.observation}
                for o in replay(CaseInput(case["kind"], inp["setup"], inp["steps"], options,
                                          refusals_are_results=True))]
    except HorseRaceError:
        return None


def option_flags(case: dict[str, Any]) -> set[str]:
    """The flag of every optioned interpretation whose other reading changes the case."""
    base = dict(case.get("options") or {})
    reference = observations(case, base)
    flags = set()
    for interpretation in load_catalog("horse_fever").interpretations.values():
        if not interpretation.option:
            continue
        name = interpretation.option["name"]
        current = base.get(name, getattr(DEFAULTS, name))
        for value in CHOICES[name]:
            if value != current and observations(case, {**base, name: value}) != reference:
                flags.add(interpretation.flag)
    return flags


def event_flags(case: dict[str, Any]) -> set[str]:
    """Flags of interpretations without an option, from what happened in the case."""
    inp = case["input"]
    flags = set()
    outcomes = list(replay(CaseInput(case["kind"], inp["setup"], inp["steps"], case.get("options") or {},
                                     refusals_are_results=True)))
    for step, outcome in zip(inp["steps"], outcomes):
        events = outcome.observation.get("events", [])
        types = [e["type"] for e in events]
        if "tie_break" in step:
            flags.add("tie-break-input")
        if "movement_card" in types:
            flags.add("sprint-dice-colours")
        if "player_out" in types:
            flags.add("player-out-leaves-at-once")
        if len(outcome.observation.get("movement_cards", [])) > 23:
            flags.add("movement-deck-reshuffled")
        if any(e["type"] == "bet_placed" and e["amount"] % 100 for e in events):
            flags.add("stake-whole-danari")
        if "new_odds" in types and len({e["before"] for e in events if e["type"] == "new_odds"}) < len(COLOURS):
            flags.add("odds-row-number")
        finished = [e["position"] for e in events if e["type"] == "finished"]
        if any(finished.count(p) >= 3 for p in finished):
            flags.add("photo-finish-sorted")
        if stacked_effects(outcome.observation, events):
            flags.add("stacked-card-effects")
    return flags


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
    return sorted(option_flags(case) | event_flags(case))
