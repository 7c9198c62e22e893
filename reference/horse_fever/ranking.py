"""Finishing and the ranking: the finish line (HF-FINISH-1, HF-TABLE-3), arrival order
(HF-FINISH-2, HF-RANK-1..3) and the photo finish (HF-PHOTO-1/2, HF-ACT-5, HF-ACT-12)."""

from __future__ import annotations

from reference.core.errors import IllegalAction

from .components import tables
from .state import Race


def finish_line() -> int:
    return tables().finish_line


def has_finished(position: int) -> bool:
    """HF-FINISH-1: a horse on or past the finish line (the 12th space) has finished."""
    return position >= finish_line()


def photo_finish_key(race: Race, horse: str) -> tuple[int, int]:
    """HF-ACT-5 wins and HF-ACT-12 loses a photo finish whatever the odds; otherwise HF-PHOTO-1:
    the better odds (smaller N) first."""
    effects = race.effects(horse)
    card = 0 if "wins_photo_finish" in effects else 2 if "loses_photo_finish" in effects else 1
    return (card, race.odds[horse])


def arrival_key(race: Race, positions: dict[str, int], horse: str) -> tuple:
    """HF-FINISH-2: further past the line arrives first; equal distance goes to the photo finish."""
    return (-positions[horse],) + photo_finish_key(race, horse)


def ties_for_the_first_player(race: Race, positions: dict[str, int], horses: list[str]) -> list[list[str]]:
    """HF-PHOTO-2: groups still tied after distance, cards and odds."""
    groups: dict[tuple, list[str]] = {}
    for horse in horses:
        groups.setdefault(arrival_key(race, positions, horse), []).append(horse)
    return [group for group in groups.values() if len(group) > 1]


def check_photo_choice(race: Race, positions: dict[str, int], horses: list[str], photo: list[str],
                       field: str) -> None:
    ties = ties_for_the_first_player(race, positions, horses)
    tied = {h for group in ties for h in group}
    for index, horse in enumerate(photo):
        if horse not in tied:
            raise IllegalAction(f"{field}.photo[{index}]", f"{horse} is in no photo finish that the first "
                                "player decides (that needs equal distance past the line and equal odds)",
                                "HF-PHOTO-2")
        if photo.index(horse) != index:
            raise IllegalAction(f"{field}.photo[{index}]", f"{horse} is named twice", "HF-PHOTO-2")
    for group in ties:
        missing = [h for h in group if h not in photo]
        if missing:
            raise IllegalAction(f"{field}.photo", f"{' and '.join(group)} finish level at the same odds: the "
                                f"first player orders them; list them in 'photo'", "HF-PHOTO-2")


def arrival_order(race: Race, positions: dict[str, int], horses: list[str], photo: list[str],
                  field: str) -> list[str]:
    """HF-RANK-3: the order in which horses that finished in the same race round enter the ranking."""
    check_photo_choice(race, positions, horses, photo, field)
    return sorted(horses, key=lambda h: (arrival_key(race, positions, h),
                                         photo.index(h) if h in photo else 0))
