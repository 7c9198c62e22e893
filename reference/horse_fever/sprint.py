"""The sprint dice (HF-SPRINT-1..3) and the cards that change a sprint (HF-ACT-3/4/10/11)."""

from __future__ import annotations

from .state import Race


def sprinting_horses(dice: tuple[str, str]) -> list[str]:
    """HF-SPRINT-1: the colours shown sprint; HF-SPRINT-2: a double is one sprint only."""
    return [dice[0]] if dice[0] == dice[1] else [dice[0], dice[1]]


def sprint_is_lost(race: Race, horse: str) -> bool:
    """HF-SPRINT-3: a horse already in the ranking does not sprint."""
    return horse in race.ranking


def sprint_spaces(effects: set[str]) -> int:
    """One space (HF-SPRINT-1); HF-ACT-10 never; HF-ACT-4 two instead of one, HF-ACT-11 one less,
    then HF-ACT-3 one extra (HF-INT-10)."""
    if "never_sprints" in effects:
        return 0
    spaces = 2 if "sprint_moves_2" in effects else 1
    if "sprint_minus_1" in effects:
        spaces = max(0, spaces - 1)
    if "sprint_plus_1" in effects:
        spaces += 1
    return spaces
