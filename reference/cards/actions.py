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

from .limits import MAX_CHIPS, MAX_PLAYERS, MAX_REVEAL, number_text, shown
from .notation import parse_horse
from .rules.track import Lay


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
LONGEST_ACTION = 40     # 'bet D stake 1000000000 by 99' and room to spare


def is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_count(value: object, field: str) -> int:
    """'reveal N': at most the 41 cards a race deck holds."""
    if value is None:
        return 1
    value = number_text(value)
    if not is_whole(value) or not 1 <= value <= MAX_REVEAL:
        raise InputError(field, f"{shown(value)}: reveal takes nothing or a number of cards, from 1 to "
                         f"{MAX_REVEAL} (the race deck)")
    return value


def parse_stake(value: object, field: str) -> int:
    value = number_text(value)
    if not is_whole(value) or not -MAX_CHIPS <= value <= MAX_CHIPS:
        raise InputError(field, f"{shown(value)} is not a number of chips", "CRD-BET-3")
    return value


def parse_seat(value: object, field: str) -> int:
    value = number_text(value)
    if not is_whole(value) or not 0 <= value < MAX_PLAYERS:
        raise InputError(field, f"{shown(value)} is not a seat (0 to {MAX_PLAYERS - 1} at most)")
    return value


def parse_action_text(text: object, field: str) -> Action | None:
    """Protocol text -> action (None for 'observe'). 'lay' needs its payload: see replay."""
    if text is not None and not isinstance(text, str):
        raise InputError(field, f"{shown(text)} is not an action; {ACTION_HELP}")
    if text is not None and len(text) > LONGEST_ACTION:
        raise InputError(field, f"{shown(text)} is not an action; {ACTION_HELP}")
    words = text.split() if text is not None else ["observe"]
    if not words:
        raise InputError(field, f"empty action; {ACTION_HELP}")
    verb = words[0].lower()
    if verb in ("bet", "sit") and len(words) >= 3 and words[-2].lower() == "by":
        if any(w.lower() == "by" for w in words[:-2]):
            raise InputError(field, f"{shown(text)}: one 'by SEAT' at the end; {ACTION_HELP}")
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
    raise InputError(field, f"{shown(text)} is not an action; {ACTION_HELP}")
