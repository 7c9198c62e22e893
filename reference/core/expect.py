"""Comparing an expectation with an observed value, by the game's compare mode."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

MISSING = object()


def canonical(value: Any) -> Any:
    """JSON-normalised value (tuples become lists, keys become strings)."""
    return json.loads(json.dumps(value, sort_keys=True))


def _key(value: Any) -> str:
    return json.dumps(canonical(value), sort_keys=True)


def subset_matches(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and subset_matches(v, actual[k]) for k, v in expected.items())
    return canonical(expected) == canonical(actual)


def event_matches(expected: Any, actual: Any) -> bool:
    if isinstance(expected, str):
        return isinstance(actual, dict) and actual.get("type") == expected
    return subset_matches(expected, actual)


def matches(expected: Any, actual: Any, mode: str) -> bool:
    if actual is MISSING:
        return False
    if mode == "exact":
        return canonical(expected) == canonical(actual)
    if mode == "subset":
        return subset_matches(expected, actual)
    if mode == "unordered":
        if not isinstance(expected, list) or not isinstance(actual, list):
            return canonical(expected) == canonical(actual)
        return Counter(map(_key, expected)) == Counter(map(_key, actual))
    if mode == "unordered_each":
        if not isinstance(expected, list) or not isinstance(actual, list) or len(expected) != len(actual):
            return False
        return all(matches(e, a, "unordered") for e, a in zip(expected, actual))
    if mode == "events":
        if not isinstance(expected, list) or not isinstance(actual, list) or len(expected) != len(actual):
            return False
        return all(event_matches(e, a) for e, a in zip(expected, actual))
    raise ValueError(f"unknown compare mode {mode!r}")


def show(value: Any, mode: str = "exact") -> str:
    """A compact, stable rendering for mismatch reports."""
    if value is MISSING:
        return "(not observed)"
    if mode == "events" and isinstance(value, list):
        return "[" + ", ".join(v if isinstance(v, str) else json.dumps(canonical(v), sort_keys=True)
                               for v in value) + "]"
    if mode == "unordered" and isinstance(value, list):
        value = sorted(canonical(value), key=_key)
    return json.dumps(canonical(value), sort_keys=True)
