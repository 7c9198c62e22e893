"""Comparing an expectation with an observed value, by the game's compare mode.

This module is the one place where the suite decides whether two values are equal; verify
and the runner both call `matches` (and `same` for showing only the entries that differ).
Equality is JSON equality with exact types: `true` is not `1`, `1` is not `1.0`, `"1"` is
not `1`, at every depth and in every mode (lists, objects, multisets, events, subsets).
Python's own `==` says `True == 1 == 1.0`, so it is never used on values directly.
"""

from __future__ import annotations

import json
import marshal
from collections import Counter
from typing import Any

MISSING = object()
MODES = ("exact", "subset", "unordered", "unordered_each", "events")
SHAPED_MODES = ("unordered_each", "events")     # a value must be a list (events: of objects) to match


def canonical(value: Any) -> Any:
    """JSON-normalised value (tuples become lists, keys become strings); ValueError for NaN and
    the infinities, which JSON cannot write (so `inf` never matches `inf`, as NaN never does)."""
    return json.loads(json.dumps(value, allow_nan=False))


def _kind(value: Any) -> str:
    """The JSON type of a value, telling booleans from integers from floats."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "other"


def same(expected: Any, actual: Any) -> bool:
    """Type-exact JSON equality (an explicit stack: no recursion limit to hit)."""
    pending = [(expected, actual)]
    while pending:
        a, b = pending.pop()
        kind = _kind(a)
        if kind != _kind(b) or kind == "other":
            return False
        if kind == "array":
            if len(a) != len(b):
                return False
            pending.extend(zip(a, b))
        elif kind == "object":
            if len(a) != len(b) or any(k not in b for k in a):
                return False
            pending.extend((a[k], b[k]) for k in a)
        elif a != b:  # same kind of scalar: plain equality is exact here (NaN is never equal)
            return False
    return True


def _key(value: Any) -> str:
    """A multiset key: JSON text keeps true, 1 and 1.0 apart."""
    return json.dumps(value, sort_keys=True, allow_nan=False)


def subset_matches(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and subset_matches(v, actual[k]) for k, v in expected.items())
    return same(expected, actual)


def event_matches(expected: Any, actual: Any) -> bool:
    if isinstance(expected, str):
        return isinstance(actual, dict) and same(actual.get("type"), expected)
    return subset_matches(expected, actual)


def _matches(expected: Any, actual: Any, mode: str) -> bool:
    if mode == "exact":
        return same(expected, actual)
    if mode == "subset":
        return subset_matches(expected, actual)
    if mode == "unordered":
        if not isinstance(expected, list) or not isinstance(actual, list):
            return same(expected, actual)
        return len(expected) == len(actual) and Counter(map(_key, expected)) == Counter(map(_key, actual))
    if mode == "unordered_each":
        if not isinstance(expected, list) or not isinstance(actual, list) or len(expected) != len(actual):
            return False
        return all(_matches(e, a, "unordered") for e, a in zip(expected, actual))
    if mode == "events":
        if not isinstance(expected, list) or not isinstance(actual, list) or len(expected) != len(actual):
            return False
        return all(event_matches(e, a) for e, a in zip(expected, actual))
    raise ValueError(f"unknown compare mode {mode!r}")


def matches(expected: Any, actual: Any, mode: str) -> bool:
    """Does `actual` (an observation's value, or MISSING) match `expected` under `mode`?

    Both sides are JSON-normalised first, so an engine's tuples compare as lists; a value
    that is not JSON (NaN, a huge integer, an object) never matches. Raises only for an
    unknown mode, which is a bug in a game's table of modes.
    """
    if actual is MISSING:
        return False
    if mode not in MODES:
        raise ValueError(f"unknown compare mode {mode!r}")
    try:
        return _matches(canonical(expected), canonical(actual), mode)
    except (TypeError, ValueError, RecursionError):
        return False


def json_matches(expected: Any, actual: Any, mode: str) -> bool:
    """`matches` for two values that are already JSON as parsed (a vector's expectation, an
    answer line read by the runner): no normalising round trip, the same verdict."""
    if actual is MISSING:
        return False
    if mode not in MODES:
        raise ValueError(f"unknown compare mode {mode!r}")
    try:
        if _equal_json(expected, actual) and _equal_matches(expected, actual, mode):
            return True
        return _matches(expected, actual, mode)
    except (TypeError, ValueError, RecursionError):
        return False


def json_observation_matches(expected: dict[str, Any], actual: dict[str, Any], keys: list[str],
                             modes: dict[str, str]) -> bool:
    """A quick yes for a whole observation read from JSON: each of `keys` (expected keys, not
    'error') is in `actual` with a type-exact equal value that its mode (default exact)
    accepts. False says only "compare key by key"."""
    try:
        if any(key not in actual for key in keys):
            return False
        want = {key: expected[key] for key in keys}
        got = {key: actual[key] for key in keys}
        return _equal_json(want, got) and all(_equal_matches(want[k], got[k], modes.get(k, "exact")) for k in keys)
    except (TypeError, ValueError, RecursionError):
        return False


def json_equal(a: Any, b: Any) -> bool:
    """Type-exact equality of two parsed JSON values, decided in C (see _equal_json); False may
    also mean equal objects with their keys in another order. Never raises."""
    try:
        return _equal_json(a, b)
    except (TypeError, ValueError, RecursionError):
        return False


def matches_itself(value: Any, mode: str) -> bool:
    """Whether a parsed JSON value surely matches a type-exact equal value under `mode` (False:
    compare it as usual). Always true outside SHAPED_MODES."""
    return _equal_matches(value, value, mode)


def _equal_json(a: Any, b: Any) -> bool:
    """Type-exact equality of two parsed JSON values, decided in C: Python's `==` (which also
    says True == 1 == 1.0) and then their marshal encodings, which keep true, 1 and 1.0 apart
    (each value is written with its type). False may also mean equal objects with their keys
    in another order: the caller then compares step by step.

    Marshal format 2 writes every value in full (format 3 and later may write a repeated
    object as a reference to its first copy, so equal values could encode differently); it is
    several times quicker than writing the JSON texts."""
    return a == b and marshal.dumps(a, 2) == marshal.dumps(b, 2)


def _equal_matches(expected: Any, actual: Any, mode: str) -> bool:
    """Whether a value matches its type-exact equal under `mode`: always, but where the mode
    asks for lists (unordered_each, events) or for event objects (events)."""
    if mode in SHAPED_MODES and not isinstance(expected, list):
        return False
    return mode != "events" or all(isinstance(event, dict) for event in actual)


def show(value: Any, mode: str = "exact") -> str:
    """A compact, stable rendering for mismatch reports."""
    if value is MISSING:
        return "(not observed)"
    try:
        if mode == "events" and isinstance(value, list):
            return "[" + ", ".join(v if isinstance(v, str) else json.dumps(canonical(v), sort_keys=True)
                                   for v in value) + "]"
        if mode == "unordered" and isinstance(value, list):
            value = sorted(canonical(value), key=_key)
        return json.dumps(canonical(value), sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        try:
            return repr(value)[:2000]
        except RecursionError:      # Python's repr is recursive too
            return "(nested too deeply to show)"
