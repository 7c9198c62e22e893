"""The new odds after a race (HF-NEWODDS-1..5): each stable token is compared with its
horse's place and moves one row at most, within 1:2 .. 1:7 (HF-ODDS-1)."""

from __future__ import annotations

from reference.core.log import StepLog

from .components import BEST_ODDS, WORST_ODDS

ROW_STEP = 1                     # HF-NEWODDS-2/3: one row


def token_place(odds: int) -> int:
    """HF-INT-11: the row 1:N stands level with place N-1 of the ranking (1:2 with 1st ... 1:7 with 6th)."""
    return odds - 1


def keep_on_board(odds: int) -> int:
    """HF-ODDS-1: never past 1:2 or 1:7."""
    return min(max(odds, BEST_ODDS), WORST_ODDS)


def odds_after_race(place: int, odds: int) -> int:
    row = token_place(odds)
    if place < row:
        return keep_on_board(odds - ROW_STEP)       # HF-NEWODDS-2: placed higher, up one row
    if place > row:
        return keep_on_board(odds + ROW_STEP)       # HF-NEWODDS-3: placed lower, down one row
    return odds                                     # HF-NEWODDS-4: level, same row


def set_new_odds(odds: dict[str, int], ranking: list[str], log: StepLog) -> dict[str, int]:
    """HF-NEWODDS-1/5: from the horse ranked first downwards."""
    new = dict(odds)
    for place, horse in enumerate(ranking, start=1):
        new[horse] = odds_after_race(place, odds[horse])
        clause = ("HF-NEWODDS-2" if new[horse] < odds[horse] else
                  "HF-NEWODDS-3" if new[horse] > odds[horse] else "HF-NEWODDS-4")
        log.event("new_odds", clause, horse=horse, place=place, before=odds[horse], after=new[horse])
    log.rule("HF-NEWODDS-1", "HF-NEWODDS-5")
    if len(set(new.values())) < len(new):
        log.rule("HF-ODDS-4")                       # stables sharing a row, rows left empty
    return new
