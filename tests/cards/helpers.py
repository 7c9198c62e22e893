"""Small builders for card tests: cards from text, lays from a track and the first race cards,
tables played step by step."""

from __future__ import annotations

from reference.core.log import StepLog
from reference.cards.rules.betting import place_bet, sit_out
from reference.cards.notation import parse_card
from reference.cards.rules.cards import NON_ACES
from reference.cards.observe import legal_actions, table_view
from reference.cards.rules.agreements import Options
from reference.cards.rules.session import lay_track, new_table, reveal
from reference.cards.rules.track import Lay


def cards(text: str) -> list:
    return [parse_card(t, "test") for t in text.split()]


def lay_of(track: str, first: str = "") -> Lay:
    """The track, then the race deck: `first` on top, the other race cards after in pack order."""
    track_cards, top = cards(track), cards(first)
    rest = [c for c in NON_ACES if c not in track_cards and c not in top]
    return Lay(tuple(track_cards), tuple(top + rest))


def table(players: int = 3, banker: int = 0, balances=None, session: bool = False, **options):
    return new_table(players, banker, balances, Options(**options) if options else None, session)


def laid(track: str, first: str = "", players: int = 3, banker: int = 0, balances=None, **options):
    """A table whose track is laid and whose bettors still have to choose."""
    t = table(players, banker, balances, **options)
    lay_track(t, lay_of(track, first), StepLog(), "test")
    return t


def bet(t, horse: str, by=None) -> StepLog:
    log = StepLog()
    place_bet(t, horse, 1, by, log, "test")
    return log


def sit(t, by=None) -> StepLog:
    log = StepLog()
    sit_out(t, by, log, "test")
    return log


def lay(t, track: str, first: str = "") -> StepLog:
    log = StepLog()
    lay_track(t, lay_of(track, first), log, "test")
    return log


def step(t, count: int = 1) -> StepLog:
    """Reveal `count` race cards."""
    log = StepLog()
    for _ in range(count):
        reveal(t, log, "test")
    return log


def racing(track: str, first: str, bets: list[str], players: int = 3, balances=None, **options):
    t = laid(track, first, players, 0, balances, **options)
    for horse in bets:
        bet(t, horse)
    return t


def types(log: StepLog) -> list[str]:
    return [e["type"] for e in log.events]


def view(t, log: StepLog | None = None) -> dict:
    return table_view(t, log or StepLog())


def actions(t) -> list[str]:
    return legal_actions(t)
