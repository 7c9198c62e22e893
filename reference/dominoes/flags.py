"""Which interpretation flags apply to a case: the situations that arose in it.

A flag marks a case whose expected values would differ under another reading (see
interpretations.yaml), so an implementation with that reading can skip exactly those cases.
"""

from __future__ import annotations

import re
from typing import Any

TWIN = re.compile(r"^place (\S+) at (\S+) (line|branch)_([ab])$")


def has_twin_moves(actions: list[str]) -> bool:
    seen = set()
    for action in actions:
        match = TWIN.match(action)
        if match:
            tile, target, kind, letter = match.groups()
            if (tile, target, kind, "b" if letter == "a" else "a") in seen:
                return True
            seen.add((tile, target, kind, letter))
    return False


def flags_for(case: dict[str, Any]) -> list[str]:
    flags = set()
    steps = case["input"]["steps"]
    expected = case["expected"]
    if case["kind"] == "perft":
        return ["continuation-compulsory", "draw-one-tile-per-step", "opening-continues", "symmetric-points-distinct"]
    if any(step.get("action") in ("draw", "pass") for step in steps):
        flags.add("draw-one-tile-per-step")          # DOM-INT-10: one tile a draw, the pass an action
    if case["kind"] not in ("match", "probe"):      # a probe is a match from a position: the same situations
        return sorted(flags)
    for index, observed in enumerate(expected):
        events = observed.get("events", [])
        types = [e.get("type") for e in events]
        if has_twin_moves(observed.get("legal_actions", [])):
            flags.add("symmetric-points-distinct")
        if "continued" in types:
            flags.add("continuation-compulsory")
            following = steps[index + 1]["action"] if index + 1 < len(steps) else None
            if types[-1] == "continued" and following == "draw":
                flags.add("continuation-draws")
        if any(e.get("reason") == "no_placement_to_continue" for e in events):
            flags.add("continuation-draws")
        if any(e.get("type") == "placed" and e.get("at") is None for e in events) and \
                ("continued" in types or any(e.get("reason") == "opening_tile" for e in events)):
            flags.add("opening-continues")
        if "round_blocked" in types:
            flags.add("block-immediate")
        if observed.get("phase") == "place_drawn" and len(observed.get("legal_actions", [])) > 1:
            flags.add("drawn-tile-point-choice")
    return sorted(flags)
