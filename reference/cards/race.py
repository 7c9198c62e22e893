"""The race: revealing race cards and moving the aces (CRD-RACE-1..10, CRD-TRACK-6, CRD-FAQ-1/2).

One function per rule; the engine's other modules call `open_race` and `reveal_next`.
"""

from __future__ import annotations

from reference.core.errors import InputError
from reference.core.log import StepLog

from .cards import SUITS, Card
from .state import RaceState
from .track import Lay

FINISH = 8    # CRD-RACE-6: crossing the line past the last mark (position 7)


def starting_positions(track: tuple[Card, ...]) -> dict[str, int]:
    """CRD-TRACK-1: every ace starts at 0; CRD-TRACK-6: track cards never move a horse."""
    return {suit: 0 for suit in SUITS}


def steps_for(c: Card) -> int:
    """CRD-RACE-2/3, CRD-FAQ-2: one position per card, whatever its rank (a king runs no farther
    than a two)."""
    return 1


def crossed_finish(position: int) -> bool:
    """CRD-RACE-5/6, CRD-FAQ-1: position 7 beside the last mark has not won; 8 has crossed."""
    return position >= FINISH


def to_revealed_pile(race: RaceState, c: Card) -> None:
    """CRD-RACE-1/4: a revealed card goes to its own pile, apart from the track;
    CRD-RACE-10: it never goes back into the race deck."""
    race.revealed.append(c)


def open_race(race: RaceState, lay: Lay) -> None:
    """The accepted lay: the track at positions 1-7, the race deck, the aces at the start."""
    race.track = lay.track
    race.deck = list(lay.deck)
    race.revealed = []
    race.positions = starting_positions(lay.track)
    race.winner = None


def reveal_next(race: RaceState, log: StepLog, field: str) -> str | None:
    """CRD-RACE-1: the banker turns the top race card; its suit's ace moves (CRD-RACE-2). Returns
    the winning suit when that move crosses the line (CRD-RACE-6), else None."""
    if not race.deck:
        # Cannot happen after CRD-TRACK-4: every suit keeps at least 8 race cards.
        raise InputError(field, "the race deck is empty and no horse has crossed", "CRD-TRACK-5")
    c = race.deck.pop(0)
    to_revealed_pile(race, c)
    log.event("revealed", "CRD-RACE-1", card=str(c), suit=c.suit, deck_size=len(race.deck))
    log.rule("CRD-RACE-4", "CRD-RACE-10")
    horse = c.suit
    before = race.positions[horse]
    race.positions[horse] = before + steps_for(c)
    # CRD-RACE-8/9: only this card's horse moves, and only forward.
    log.event("moved", "CRD-RACE-2", horse=horse, **{"from": before, "to": race.positions[horse]})
    log.rule("CRD-INTRO-1", "CRD-RACE-3", "CRD-FAQ-2", "CRD-RACE-8", "CRD-RACE-9", "CRD-INTRO-3")
    if crossed_finish(race.positions[horse]):
        race.winner = horse
        log.event("won", "CRD-RACE-6", horse=horse, card=str(c), positions=dict(race.positions))
        log.rule("CRD-RACE-7", "CRD-INTRO-2", "CRD-FAQ-1")
        return horse
    if race.positions[horse] == FINISH - 1:
        log.rule("CRD-RACE-5", "CRD-FAQ-1")
    return None
