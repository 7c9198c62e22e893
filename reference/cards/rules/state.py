"""The state of a table (a session or a single race) and of its current race: plain data.

`Log` is what the rules write each step to: the observable events and the clauses applied
(the suite passes its step log, reference/core/log.py; the rules only need these two calls).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .agreements import DEFAULTS, Options
from .cards import SUITS, Card
from .track import START

# Phases.
LAYING = "laying"      # the track is to be laid (or re-laid, CRD-TRACK-4)
BETTING = "betting"    # odds posted; the non-bankers choose in turn (CRD-BET-3)
RACING = "racing"      # choices fixed; the banker reveals race cards (CRD-RACE-1)
SETTLED = "settled"    # the race is paid and the bank has passed; the next race is to be laid
OVER = "over"          # the case is finished (the single race, or the whole session)


class Log(Protocol):
    def event(self, type_: str, clause: str, **fields: Any) -> dict[str, Any]: ...

    def rule(self, *clauses: str) -> None: ...


# CRD-INTRO-3: no Calcutta auction here: a bet is one fixed stake on one horse at the posted odds
@dataclass(frozen=True)
class Bet:
    seat: int
    horse: str          # the suit of the ace backed
    stake: int = 1      # the one chip every bettor stakes (betting.MAX_STAKE)

    def __deepcopy__(self, memo: dict) -> "Bet":
        return self         # frozen: a copy of a table (kept to undo a refused action) may share it


@dataclass
class RaceState:
    number: int                                   # 1-based within the session
    banker: int
    track: tuple[Card, ...] | None = None         # positions 1..7 once laid
    deck: list[Card] = field(default_factory=list)         # the race deck, top first
    # CRD-RACE-4: the revealed cards lie on their own pile, apart from the track
    revealed: list[Card] = field(default_factory=list)
    positions: dict[str, int] = field(default_factory=lambda: {s: START for s in SUITS})
    odds: dict[str, int | None] | None = None     # posted net odds (N means N:1)
    bets: list[Bet] = field(default_factory=list)
    sitting_out: list[int] = field(default_factory=list)
    waiting: list[int] = field(default_factory=list)       # seats still to choose, in order
    winner: str | None = None
    relays: int = 0

    def copy(self) -> "RaceState":
        """A copy with lists and maps of its own (what a copy.deepcopy gives, faster: the cards
        and bets in them are frozen, so they are shared)."""
        return RaceState(self.number, self.banker, self.track, list(self.deck), list(self.revealed),
                         dict(self.positions), None if self.odds is None else dict(self.odds), list(self.bets),
                         list(self.sitting_out), list(self.waiting), self.winner, self.relays)


@dataclass
class TableState:
    players: int
    balances: list[int]                # the recorded balances (CRD-ROT-1), changed at settlement
    race: RaceState
    options: Options = DEFAULTS
    session: bool = False              # a whole session (everyone banks once) or a single race
    phase: str = LAYING
    next_banker: int | None = None     # after a settlement: who banks the next race
    session_winners: list[int] | None = None

    def copy(self) -> "TableState":
        """A copy that shares nothing changeable with this table (kept to undo a refused action)."""
        return TableState(self.players, list(self.balances), self.race.copy(), self.options, self.session,
                          self.phase, self.next_banker,
                          None if self.session_winners is None else list(self.session_winners))

    def __deepcopy__(self, memo: dict) -> "TableState":
        return self.copy()     # what copy.deepcopy gives, without walking every card and bet

    @property
    def to_bet(self) -> int | None:
        return self.race.waiting[0] if self.phase == BETTING and self.race.waiting else None
