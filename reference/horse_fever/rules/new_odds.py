"""Nuevo orden de probabilidades: after a race each stable token is compared with its horse's
place and moves one row at most, within 1:2 .. 1:7 (HF-ODDS-1)."""

from __future__ import annotations

from .components import BEST_ODDS, WORST_ODDS
from .log import Log
from .options import Options
from .state import Race

ROW_STEP = 1                     # HF-NEWODDS-2/3: one row


# HF-NEWODDS-1 (the token's place): the horse's place is compared with «las probabilidades iniciales»
# of its stable, the token's own row, whatever rows the other tokens share or leave empty (HF-ODDS-4)
def token_place(odds: int) -> int:
    """HF-INT-11: the row 1:N stands level with place N-1 of the ranking (1:2 with 1st ... 1:7 with 6th)."""
    return odds - 1


def keep_on_board(odds: int) -> int:
    """Never past 1:2 or 1:7 (HF-ODDS-1)."""
    return min(max(odds, BEST_ODDS), WORST_ODDS)


# HF-INT-12: the new odds compare «las probabilidades iniciales de cada establo» with the ranking
# (HF-NEWODDS-1): the odds the race was run at, as the odds cards left the board; or
# (before_cards) the odds before the cards
def initial_odds(race: Race, options: Options) -> dict[str, int]:
    return race.odds_before_cards if options.new_odds_base == "before_cards" else race.odds


# HF-NEWODDS-1: a stable's new odds come from comparing its odds row with its horse's place
def odds_after_race(place: int, odds: int) -> int:
    row = token_place(odds)
    # HF-NEWODDS-2: a horse placed higher than its stable token moves the token up one row
    if placed_higher(place, row):
        return keep_on_board(odds - ROW_STEP)
    # HF-NEWODDS-3: a horse placed lower than its stable token moves the token down one row
    if placed_lower(place, row):
        return keep_on_board(odds + ROW_STEP)
    # HF-NEWODDS-4: a horse placed level with its stable token leaves it on its row
    return odds


# HF-NEWODDS-2 (placed higher): «Si el Caballo se coloca más alto en la Clasificación que la ficha»:
# the horse's place is a better (smaller) number than its token's row; level is not higher
def placed_higher(place: int, row: int) -> bool:
    return place < row


# HF-NEWODDS-3 (placed lower): «Si el Caballo se coloca más bajo en la Clasificación que la ficha»:
# the horse's place is a worse (larger) number than its token's row; level is not lower
def placed_lower(place: int, row: int) -> bool:
    return place > row


# HF-NEWODDS-5 (the record): «Empiece por el caballo clasificado en primer lugar»: each token's move
# goes on the record in turn, the horse ranked first's first
def record_new_odds(log: Log, clause: str, horse: str, place: int, before: int, after: int) -> None:
    log.event("new_odds", clause, horse=horse, place=place, before=before, after=after)


# HF-NEWODDS-5: the tokens are worked through from the horse ranked first downwards
def set_new_odds(odds: dict[str, int], ranking: list[str], log: Log) -> dict[str, int]:
    new = dict(odds)
    for place, horse in enumerate(ranking, start=1):
        new[horse] = odds_after_race(place, odds[horse])
        clause = ("HF-NEWODDS-2" if new[horse] < odds[horse] else
                  "HF-NEWODDS-3" if new[horse] > odds[horse] else "HF-NEWODDS-4")
        record_new_odds(log, clause, horse, place, odds[horse], new[horse])
    log.rule("HF-NEWODDS-1", "HF-NEWODDS-5")
    # HF-ODDS-4: several stables may share an odds row, leaving other rows empty
    if len(set(new.values())) < len(new):
        log.rule("HF-ODDS-4")
    return new
