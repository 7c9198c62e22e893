"""Size bounds on card inputs: the suite's, not the rules'.

The text sets no upper limit on the number of people (CRD-SET-2: "hasta 10 por comodidad, no
como límite") nor on chips or odds; the suite bounds them so that no input can take unbounded
time or memory, and refuses anything beyond with a located input error.
"""

from __future__ import annotations

import re
import reprlib
from typing import Any

from reference.core.errors import InputError

from .rules.agreements import is_count
from .rules.track import RACE_DECK_SIZE

MAX_PLAYERS = 100           # a session is one race per person, each with every other person betting
MAX_CHIPS = 10 ** 9         # any balance, starting balance or stake, in absolute value
MAX_ODDS = 10 ** 6          # a posted net odds entry, N:1
MAX_REVEAL = RACE_DECK_SIZE     # 'reveal N': no race has more cards to turn
MAX_SHOWN = 40              # characters of an offending input quoted in a message

WHOLE_NUMBER = re.compile(r"[0-9]{1,12}")    # ASCII digits only, and never thousands of them


class ShortRepr(reprlib.Repr):
    """reprlib's bounded repr, also for integers too long to print (Python refuses past 4,300 digits)."""

    def repr_int(self, x: int, level: int) -> str:
        return f"<a {x.bit_length()}-bit number>" if x.bit_length() > 64 else repr(x)


SHORT = ShortRepr()


def shown(value: Any) -> str:
    """An offending input for a message: quoted, and cut short when long."""
    text = f"'{value}'" if isinstance(value, str) else SHORT.repr(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 3] + "..."


def number_text(value: object) -> object:
    """'12' -> 12 for numbers written as text (ASCII digits); anything else is returned as is."""
    if isinstance(value, str) and WHOLE_NUMBER.fullmatch(value):
        return int(value)
    return value


def check_bound(value: object, low: int, high: int, field: str, what: str, clause: str | None = None) -> int:
    """A whole number from low to high, or a located input error."""
    if not is_count(value) or not low <= value <= high:
        raise InputError(field, f"{shown(value)}: {what} is a whole number from {low} to {high}", clause)
    return value
