"""Parsing a case's `options:` mapping into the rules' Options (see rules/options.py and
interpretations.yaml)."""

from __future__ import annotations

from typing import Any, Mapping

from reference.core.options import parse_choice_options

from .rules.options import CHOICES, DEFAULTS, Options

__all__ = ["CHOICES", "DEFAULTS", "Options", "parse_options"]


def parse_options(raw: Mapping[str, Any] | None, field: str = "options") -> Options:
    return parse_choice_options(raw, CHOICES, Options, field)
