"""The actions of the family game, one type per thing a player (or the first player, or the
bank) does. Their text form and parsing belong to the machinery (reference/horse_fever/actions.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .components import is_whole_number, shorten


@dataclass(frozen=True)
class Deal:
    deal: Any                    # the payload: {hands: [[card, card], ...]}

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True)
class PlaceBet:
    horse: str
    side: str
    amount: Any

    def __str__(self) -> str:
        return f"bet {self.horse} {shown(self.side)} {shown(self.amount)}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class PlayCard:
    card: int
    horse: str

    def __str__(self) -> str:
        return f"play {self.card} on {self.horse}"


@dataclass(frozen=True)
class Reveal:
    def __str__(self) -> str:
        return "reveal"


@dataclass(frozen=True)
class RaceRound:
    card: Any
    dice: Any
    photo: Any = None

    def __str__(self) -> str:
        return "race"

    def payload(self) -> dict[str, Any]:
        out = {"card": self.card, "dice": list(self.dice) if isinstance(self.dice, (list, tuple)) else self.dice}
        if self.photo:
            out["photo"] = list(self.photo)
        return out


@dataclass(frozen=True)
class Payouts:
    def __str__(self) -> str:
        return "payouts"


@dataclass(frozen=True)
class NewOdds:
    def __str__(self) -> str:
        return "new_odds"


@dataclass(frozen=True)
class EndRound:
    tie_break: Any = None

    def __str__(self) -> str:
        return "end_round"


Action = Deal | PlaceBet | Pass | PlayCard | Reveal | RaceRound | Payouts | NewOdds | EndRound


def shown(value: Any) -> str:
    """A value in an action's text form: as written when it is short, cut short otherwise."""
    if isinstance(value, str) and len(value) <= 40 or is_whole_number(value) and abs(value) < 10 ** 40:
        return str(value)
    return shorten(value)
