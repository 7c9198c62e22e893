"""The state of a table (a session or a single race) and of its current race.
Plain data; the rules live elsewhere."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SUITS, Card
from .options import DEFAULTS, Options

# Phases.
LAYING = "laying"      # the track is to be laid (or re-laid, CRD-TRACK-4)
BETTING = "betting"    # odds posted; the non-bankers choose in turn (CRD-BET-3)
RACING = "racing"      # choices fixed; the banker reveals race cards (CRD-RACE-1)
SETTLED = "settled"    # the race is paid and the bank has passed; the next race is to be laid
OVER = "over"          # the case is finished (the single race, or the whole session)


@dataclass(frozen=True)
class Bet:
    seat: int
    horse: str          # the suit of the ace backed
    stake: int = 1


@dataclass
class RaceState:
    number: int                                   # 1-based within the session
    banker: int
    track: tuple[Card, ...] | None = None         # positions 1..7 once laid
    deck: list[Card] = field(default_factory=list)         # the race deck, top first
    revealed: list[Card] = field(default_factory=list)     # the separate pile (CRD-RACE-1)
    positions: dict[str, int] = field(default_factory=lambda: {s: 0 for s in SUITS})
    odds: dict[str, int | None] | None = None     # posted net odds (N means N:1)
    bets: list[Bet] = field(default_factory=list)
    sitting_out: list[int] = field(default_factory=list)
    waiting: list[int] = field(default_factory=list)       # seats still to choose, in order
    winner: str | None = None
    relays: int = 0


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

    @property
    def races_total(self) -> int:
        """CRD-SESSION-1: a session has one race per person; a race case has one race."""
        return self.players if self.session else 1

    @property
    def to_bet(self) -> int | None:
        return self.race.waiting[0] if self.phase == BETTING and self.race.waiting else None
