"""Settings for the points the rule text leaves open (see interpretations.yaml).

Each field is one interpretation's option; the default is the suite's reading.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

from reference.core.errors import InputError
from reference.core.options import check_choice, options_dict

CHOICES: dict[str, tuple] = {
    # CRD-INT-1: the bank's cover is its own chips against the net winnings on one suit (gross),
    # or may count the losing stakes it would collect in the same race (net).
    "bank_cover": ("gross", "net"),
    # CRD-INT-2: a bet the bank (or the bettor) cannot cover is refused, or stands on credit.
    "when_uncovered": ("refuse", "owe"),
}

SUGGESTED_ODDS = (1, 2, 3, 5, 10)   # CRD-ODDS-1: net odds for 0, 1, 2, 3, 4 track cards of the suit


@dataclass(frozen=True)
class Options:
    bank_cover: str = "gross"
    when_uncovered: str = "refuse"
    starting_balance: int = 20                 # CRD-INT-5
    odds: tuple[int, ...] = SUGGESTED_ODDS     # CRD-INT-7: the posted table, by track count 0..4

    def as_dict(self) -> dict[str, Any]:
        out = options_dict(self)
        out["odds"] = list(self.odds)
        return out


DEFAULTS = Options()


def parse_options(raw: Mapping[str, Any] | None, field: str = "options") -> Options:
    if not raw:
        return DEFAULTS
    values: dict[str, Any] = {}
    known = [f.name for f in fields(Options)]
    for name, value in raw.items():
        where = f"{field}.{name}"
        if name not in known:
            raise InputError(where, f"unknown option; options are {', '.join(known)}")
        if name in CHOICES:
            check_choice(where, value, CHOICES[name])
        elif name == "starting_balance":
            if not is_count(value) or value < 1:
                raise InputError(where, f"{value!r}: the starting balance is a whole number of chips, 1 or more",
                                 "CRD-BET-1")
        elif name == "odds":
            if not isinstance(value, (list, tuple)) or len(value) != len(SUGGESTED_ODDS) \
                    or not all(is_count(v) and v >= 1 for v in value):
                raise InputError(where, "the odds table gives five whole net odds (N means N:1), for 0, 1, 2, 3 "
                                 "and 4 track cards of the horse's suit, e.g. [1, 2, 3, 5, 10]", "CRD-ODDS-1")
            value = tuple(value)
        values[name] = value
    return Options(**values)


def is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
