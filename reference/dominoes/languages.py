"""The cases where the three texts' readings would diverge (languages.yaml, DOM-LANG-n).

Each detector looks at a case with its expected observations and says whether a reading of one
language alone would change it. reference.core.vectors adds the note's flag to such cases.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator


def events(case: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for observed in case["expected"]:
        yield from observed.get("events", [])


def reuses_blocked_opener(case: dict[str, Any]) -> bool:
    """DOM-LANG-1: a round after a blocked round opened by the blocked round's opener."""
    if case["kind"] != "match":
        return False
    opener = (case["input"]["setup"].get("deal") or {}).get("opener")
    blocked = False
    for event in events(case):
        if event.get("type") == "round_blocked":
            blocked = True
        elif event.get("type") == "round_started":
            if blocked and opener is not None and event.get("opener") == opener:
                return True
            opener, blocked = event.get("opener"), False
    return False


def rounded_award(pips: int) -> int:
    """DOM-SETTLE-2/3: to the nearest multiple of five (1-2 down, 3-4 up), divided by five."""
    return (pips + 2) // 5


def own_hand_would_count(case: dict[str, Any]) -> bool:
    """DOM-LANG-2: a blocked settlement where subtracting a winning side's own pips from its
    count would change its award."""
    for event in events(case):
        if event.get("type") == "settlement" and event.get("kind") == "blocked":
            for side in event.get("winners", []):
                counted, own = event["counted_pips"][side], event["side_pips"][side]
                if own and rounded_award(max(0, counted - own)) != event["bonus"][side]:
                    return True
    return False


def tied_block(case: dict[str, Any]) -> bool:
    """DOM-LANG-4: a blocked settlement with more than one side tied for the lowest sum."""
    return any(event.get("type") == "settlement" and event.get("kind") == "blocked"
               and len(event.get("winners", [])) > 1 for event in events(case))


DETECTORS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "DOM-LANG-1": reuses_blocked_opener,
    "DOM-LANG-2": own_hand_would_count,
    "DOM-LANG-4": tied_block,
}
