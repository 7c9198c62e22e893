"""Reading a case's options (see rules/interpretations.py and interpretations.yaml)."""

from __future__ import annotations

from typing import Any, Mapping

from reference.core.options import options_dict, parse_choice_options

from .rules.interpretations import DEFAULTS, Options

__all__ = ["CHOICES", "DEFAULTS", "Options", "as_dict", "parse_options"]

CHOICES: dict[str, tuple] = {
    "continuation_when_unable": ("draw", "end_turn"),    # DOM-INT-1
    "symmetric_points": ("distinct", "canonical"),        # DOM-INT-2
    "opening_continues": (True, False),                   # DOM-INT-4
    "continuation": ("compulsory", "optional"),           # DOM-INT-7
}


def as_dict(options: Options) -> dict[str, Any]:
    return options_dict(options)


def parse_options(raw: Mapping[str, Any] | None, field: str = "options") -> Options:
    return parse_choice_options(raw, CHOICES, Options, field)
