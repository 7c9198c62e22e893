"""Actions and their one-line text form, shared by scenarios, vectors and the runner protocol.

    lay               lay the track from the step's chance payload ('lay': shuffle or track+deck)
    bet D             the bettor to choose backs the ace of diamonds with 1 chip
    bet D stake 2     the same with another stake (refused: the stake is 1 chip, CRD-BET-3)
    bet D by 2        seat 2 bets (refused unless it is seat 2's turn to choose)
    sit out           a bettor who can back no horse (CRD-INT-2); also 'sit out by 2'
    reveal            the banker reveals the next race card
    reveal 5          the next five race cards, one after the other
    observe           nothing happens; the state is checked
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.core.errors import InputError

from .cards import parse_horse
from .track import Lay


@dataclass(frozen=True)
class LayTrack:
    lay: Lay

    def __str__(self) -> str:
        return "lay"


@dataclass(frozen=True)
class PlaceBet:
    horse: str
    stake: int = 1
    by: int | None = None       # the seat that claims to act (checked)

    def __str__(self) -> str:
        return (f"bet {self.horse}" + (f" stake {self.stake}" if self.stake != 1 else "")
                + (f" by {self.by}" if self.by is not None else ""))


@dataclass(frozen=True)
class SitOut:
    by: int | None = None

    def __str__(self) -> str:
        return "sit out" + (f" by {self.by}" if self.by is not None else "")


@dataclass(frozen=True)
class Reveal:
    count: int = 1

    def __str__(self) -> str:
        return "reveal" + (f" {self.count}" if self.count != 1 else "")


Action = LayTrack | PlaceBet | SitOut | Reveal
ACTION_HELP = "actions are 'lay', 'bet S|H|D|C' (optionally 'stake N', 'by SEAT'), 'sit out', 'reveal', 'reveal N' and 'observe'"


def parse_count(value: object, field: str) -> int:
    if value is None:
        return 1
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise InputError(field, f"{value!r}: reveal takes nothing or a number of cards, 1 or more")
    return value


def parse_stake(value: object, field: str) -> int:
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(field, f"{value!r} is not a number of chips", "CRD-BET-3")
    return value


def parse_seat(value: object, field: str) -> int:
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InputError(field, f"{value!r} is not a seat")
    return value


def parse_action_text(text: object, field: str) -> Action | None:
    """Protocol text -> action (None for 'observe'). 'lay' needs its payload: see replay."""
    words = str(text).split() if text is not None else ["observe"]
    if not words:
        raise InputError(field, f"empty action; {ACTION_HELP}")
    verb = words[0].lower()
    if verb in ("bet", "sit") and len(words) >= 3 and words[-2].lower() == "by":
        action = parse_action_text(" ".join(words[:-2]), field)
        by = parse_seat(words[-1], field)
        return PlaceBet(action.horse, action.stake, by) if isinstance(action, PlaceBet) else SitOut(by)
    if verb == "observe" and len(words) == 1:
        return None
    if verb == "bet" and len(words) == 2:
        return PlaceBet(parse_horse(words[1], field))
    if verb == "bet" and len(words) == 4 and words[2].lower() == "stake":
        return PlaceBet(parse_horse(words[1], field), parse_stake(words[3], field))
    if verb == "sit" and len(words) == 2 and words[1].lower() == "out":
        return SitOut()
    if verb == "reveal" and len(words) <= 2:
        return Reveal(parse_count(words[1] if len(words) == 2 else None, field))
    raise InputError(field, f"'{text}' is not an action; {ACTION_HELP}")
