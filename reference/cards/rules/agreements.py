"""What the table agrees where the text leaves a point open (see interpretations.yaml).

Each field is one interpretation's option; the default is the suite's reading. Reading these
settings from a scenario or a message is machinery (reference/cards/options.py).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .odds import SUGGESTED_ODDS

CHOICES: dict[str, tuple] = {
    # The bank's cover (CRD-INT-1) is its own chips against the net winnings on one suit (gross),
    # or may count the losing stakes it would collect in the same race (net).
    "bank_cover": ("gross", "net"),
    # A bet the bank (or the bettor) cannot cover is refused, or stands on credit (CRD-INT-2).
    "when_uncovered": ("refuse", "owe"),
    # Every non-banker picks a horse and sits out only when none can be backed; or (CRD-INT-15's
    # known misreading) a bettor may sit out by choice.
    "sit_out": ("when_unable", "by_choice"),
}


@dataclass(frozen=True)
class Options:
    bank_cover: str = "gross"
    when_uncovered: str = "refuse"
    sit_out: str = "when_unable"
    starting_balance: int = 20                 # see CRD-INT-5
    odds: tuple[int, ...] = SUGGESTED_ODDS     # the posted table, by track count 0..4 (CRD-INT-7)

    def __deepcopy__(self, memo: dict) -> "Options":
        return self         # frozen: a copy of a table (kept to undo a refused action) may share it

    def as_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["odds"] = list(self.odds)
        return out


DEFAULTS = Options()


def is_count(value: Any) -> bool:
    """A whole number of chips (or cards, or seats): an int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)
