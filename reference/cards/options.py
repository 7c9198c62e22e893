"""Reading the table's agreements (rules/agreements.py) from a scenario's or a message's
`options:` mapping, with every value checked and bounded."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Mapping

from reference.core.errors import InputError
from reference.core.options import check_choice

from .limits import MAX_CHIPS, MAX_ODDS, shown
from .rules.agreements import CHOICES, DEFAULTS, Options, is_count
from .rules.odds import SUGGESTED_ODDS

__all__ = ["CHOICES", "DEFAULTS", "Options", "SUGGESTED_ODDS", "is_count", "parse_options"]


def parse_options(raw: Mapping[str, Any] | None, field: str = "options") -> Options:
    if not raw:
        return DEFAULTS
    if not isinstance(raw, Mapping):
        raise InputError(field, f"{shown(raw)}: options are a mapping of names to values")
    values: dict[str, Any] = {}
    known = [f.name for f in fields(Options)]
    for name, value in raw.items():
        where = f"{field}.{name}"
        if name not in known:
            raise InputError(f"{field}.{shown(name)}" if not isinstance(name, str) else where,
                             f"unknown option; options are {', '.join(known)}")
        if name in CHOICES:
            if not isinstance(value, str):
                raise InputError(where, f"{shown(value)} is not allowed; choose one of {', '.join(CHOICES[name])}")
            check_choice(where, value, CHOICES[name])
        elif name == "starting_balance":
            if not is_count(value) or not 1 <= value <= MAX_CHIPS:
                raise InputError(where, f"{shown(value)}: the starting balance is a whole number of chips, "
                                 f"from 1 to {MAX_CHIPS}", "CRD-BET-1")
        elif name == "odds":
            if not isinstance(value, (list, tuple)) or len(value) != len(SUGGESTED_ODDS) \
                    or not all(is_count(v) and 1 <= v <= MAX_ODDS for v in value):
                raise InputError(where, "the odds table gives five whole net odds (N means N:1, from 1 to "
                                 f"{MAX_ODDS}), for 0, 1, 2, 3 and 4 track cards of the horse's suit, "
                                 "e.g. [1, 2, 3, 5, 10]", "CRD-ODDS-1")
            value = tuple(value)
        values[name] = value
    return Options(**values)
