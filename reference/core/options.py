"""Interpretation options: the shared checks for a game's `options:` mapping."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Mapping, TypeVar

from .errors import InputError

T = TypeVar("T")


SHOWN_LIMIT = 80        # an option value is quoted at most this long in a message


def shown(value: Any) -> str:
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return text if len(text) <= SHOWN_LIMIT else text[:SHOWN_LIMIT] + f"... ({len(text)} characters)"


def check_choice(field: str, value: Any, allowed: tuple) -> None:
    if value not in allowed:
        raise InputError(field, f"'{shown(value)}' is not allowed; choose one of "
                         + ", ".join(shown(a) for a in allowed))


def parse_choice_options(raw: Mapping[str, Any] | None, choices: Mapping[str, tuple], options_type: type[T],
                         field: str = "options") -> T:
    """An options dataclass from a mapping whose every option is one of a few named values."""
    if not raw:
        return options_type()
    values = {}
    for name, value in raw.items():
        if name not in choices:
            raise InputError(f"{field}.{name}", f"unknown option; options are {', '.join(choices)}")
        check_choice(f"{field}.{name}", value, choices[name])
        values[name] = value
    return options_type(**values)


def options_dict(options: Any) -> dict[str, Any]:
    """An options dataclass as a plain mapping (for GAME.option_defaults)."""
    return {f.name: getattr(options, f.name) for f in fields(options)}
