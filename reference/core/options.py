"""Interpretation options: the shared checks for a game's `options:` mapping."""

from __future__ import annotations

import json
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import fields
from typing import Any, Iterator, Mapping, TypeVar

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


# -- which options a replay reads ---------------------------------------------------------------
# Generation flags a case with an interpretation when replaying it under another value of that
# interpretation's option changes an expectation (vectors.derived_flags). A replay that never
# looked at an option cannot change when only that option's value does: the engine is
# deterministic and took the very same path. So the reference replay records the options it
# reads, and the replays under another value of an option it never read are skipped. A game
# opts in by passing its parsed options through `watched` (one line in its replay); a game that
# does not is replayed under every alternative, as before.

class OptionReads:
    """The option names read during one tracked replay; `engaged` once the game's replay passed
    its options through `watched` (without that, nothing is known and nothing may be skipped)."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.engaged = False
        self.unwatched = False          # some options could not be watched: nothing may be skipped

    def may_skip(self, name: str) -> bool:
        """Whether a replay under another value of option `name` surely gives the same result."""
        return self.engaged and not self.unwatched and name not in self.names


_TRACKING: ContextVar[OptionReads | None] = ContextVar("option_reads", default=None)


@contextmanager
def tracking_option_reads() -> Iterator[OptionReads]:
    """Within the block, options passed through `watched` record every read of their fields."""
    reads = OptionReads()
    token = _TRACKING.set(reads)
    try:
        yield reads
    finally:
        _TRACKING.reset(token)


# An interpretation read the other way (readings.reading_as): while the counterfactual search
# runs (READABLE), the options `watched` hands out answer a field named here with this value
# instead of their own, so that one step, or a whole case, is played under another reading.
READ_AS: dict[str, Any] = {}
READABLE = [False]


def _read_as(name: str, own: Any) -> Any:
    other = READ_AS[name]
    return tuple(other) if isinstance(own, tuple) and isinstance(other, list) else other


def watched(options: T) -> T:
    """The options unchanged, or, while `tracking_option_reads` is on, an equal options object
    that records the name of every field read. Anything that reads the fields other than one by
    one (equality, hashing, `vars`) counts as reading them all. While the counterfactual search
    runs, such an object also reads a field as READ_AS gives it."""
    reads = _TRACKING.get()
    if reads is None and not READABLE[0]:
        return options
    if reads is None:
        reads = OptionReads()           # nobody asks what was read: a search's options
    base = type(options)
    try:
        state = dict(vars(options))
    except TypeError:                   # no instance dictionary (slots): reads cannot be seen
        reads.unwatched = True
        return options
    names = tuple(f.name for f in fields(base))
    every = set(names)

    def __getattribute__(self, name):
        if name in every:
            reads.names.add(name)
            if name in READ_AS:
                return _read_as(name, object.__getattribute__(self, name))
        elif name == "__dict__":
            reads.names.update(every)
        return object.__getattribute__(self, name)

    def values(self) -> tuple:
        reads.names.update(every)
        return tuple(object.__getattribute__(self, n) for n in names)

    def __eq__(self, other):
        if not isinstance(other, base):
            return NotImplemented
        return values(self) == tuple(getattr(other, n) for n in names)

    def __hash__(self):
        return hash(values(self))

    recording = type(base.__name__, (base,), {"__getattribute__": __getattribute__, "__eq__": __eq__,
                                               "__hash__": __hash__, "__qualname__": base.__qualname__,
                                               "__module__": base.__module__})
    copy = object.__new__(recording)
    object.__getattribute__(copy, "__dict__").update(state)
    reads.engaged = True
    return copy


# -- what an implementation's hello offers -------------------------------------------------------
# The hello lists, per game and option, the values the implementation supports. Each entry is a
# value of the option (checked against the option's shape in schema/<game>/scenario.schema.json,
# `options`), an integer range {"min": a, "max": b} (for an integer option) or {"any": true}
# (every value of the option's shape: an engine that takes any odds table, any starting balance).
# A wrong shape (one odds table [1, 2, 3, 5, 10] given where a list of tables is due) would
# otherwise offer nothing and skip every case silently, so the handshake refuses it by name.

ANY_VALUE = {"any": True}
RANGE_LIMIT = 12        # `--option NAME=all` runs every value of a range at most this long


def is_any(entry: Any) -> bool:
    """The entry {"any": true}: every value of the option's shape is offered (type-exact)."""
    return isinstance(entry, dict) and set(entry) == {"any"} and entry["any"] is True


def is_range(entry: Any) -> bool:
    """An integer range {"min": a, "max": b} (either bound may be left out: open on that side)."""
    return isinstance(entry, dict) and bool(entry) and set(entry) <= {"min", "max"}


def is_integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def option_shapes(game_name: str) -> dict[str, dict[str, Any]]:
    """Option name -> the JSON Schema its values must satisfy (the game's `options` in its
    scenario schema, with the suite's bounds), or {} for a game the schemas do not know."""
    from .game import UnknownGame, get_game
    from .schemas import _registry, inlined_refs, load_schema, schema_id
    try:
        name = get_game(game_name).scenario_schema
    except UnknownGame:
        return {}
    options = load_schema(name).get("properties", {}).get("options")
    if not isinstance(options, dict):
        return {}
    # only this part of the scenario schema, its references resolved (not the whole schema)
    options = inlined_refs(options, _registry()[0].resolver(schema_id(name)))
    shapes: dict[str, dict[str, Any]] = {}
    for part in [options, *options.get("allOf", [])]:
        for name, rule in (part.get("properties") or {}).items():
            shapes.setdefault(name, {"allOf": []})["allOf"].append(rule)
    return {name: shape for name, shape in shapes.items() if name in _declared(options)}


def _declared(options: dict[str, Any]) -> set[str]:
    """The names the `options` object allows (its properties where additional ones are refused)."""
    names: set[str] = set()
    for part in [options, *options.get("allOf", [])]:
        if part.get("additionalProperties") is False:
            names |= set(part.get("properties") or {})
    return names or {n for p in [options, *options.get("allOf", [])] for n in (p.get("properties") or {})}


def shape_text(shape: dict[str, Any]) -> str:
    """A few words for what a value of the option looks like (the first part naming a type)."""
    for rule in shape.get("allOf", [shape]):
        if "enum" in rule:
            return "one of " + ", ".join(json.dumps(v) for v in rule["enum"])
        kind = rule.get("type")
        if kind == "array":
            items = rule.get("items", {}).get("type", "value")
            size = rule.get("minItems") if rule.get("minItems") == rule.get("maxItems") else None
            return f"a list of {size or 'some'} {items}s"
        if kind == "integer":
            return "a whole number" + (f" from {rule['minimum']}" if "minimum" in rule else "")
        if kind == "boolean":
            return "true or false"
        if kind:
            return f"a {kind}"
    return "a value"


def offered_option_problems(game_name: str, offered: Any) -> list[str]:
    """Why the hello's `games.<game>.options` does not say what it means, one line per entry
    (empty: every entry is a value of its option, an integer range of an integer option or
    {"any": true}). An option the game does not have is a problem too (a misspelt name would
    offer its default only)."""
    from .schemas import _Validator
    shapes = option_shapes(game_name)
    if not shapes or not isinstance(offered, Mapping):
        return []
    problems = []
    for name, entries in offered.items():
        where = f"games.{game_name}.options.{name}"
        if name not in shapes:
            problems.append(f"{where}: {game_name} has no option {shown(name)!r} (its options: "
                            f"{', '.join(sorted(shapes))})")
            continue
        check = _Validator(shapes[name])
        if not isinstance(entries, list):
            problems.append(f"{where}: list the values supported, e.g. [{json.dumps(entries)}]")
            continue
        if entries and not any(check.is_valid(e) or is_any(e) or is_range(e) for e in entries) \
                and check.is_valid(entries):
            problems.append(f"{where}: {shown(json.dumps(entries))} is one value of option {name}, not a list of "
                            f"values: write [{shown(json.dumps(entries))}] (each entry is one value supported; "
                            'or [{"any": true}] for every value)')
            continue
        for index, entry in enumerate(entries):
            problem = entry_problem(name, entry, shapes[name], check)
            if problem:
                problems.append(f"{where}[{index}]: {problem}")
    return problems


def entry_problem(name: str, entry: Any, shape: dict[str, Any], check: Any) -> str | None:
    if is_any(entry):
        return None
    if is_range(entry):
        if not check.is_valid(1) and not any(check.is_valid(v) for v in entry.values()):
            return (f"a range {{min, max}} is for an integer option; option {name} takes {shape_text(shape)}")
        for bound, value in entry.items():
            if not is_integer(value) or not check.is_valid(value):
                return f"{bound} {shown(json.dumps(value))} is not a value of option {name} ({shape_text(shape)})"
        if "min" in entry and "max" in entry and entry["min"] > entry["max"]:
            return f"the range's min {entry['min']} is above its max {entry['max']}: it offers nothing"
        return None
    if check.is_valid(entry):
        return None
    return f"{shown(json.dumps(entry))} is not a value of option {name}: it takes {shape_text(shape)}"


def values_to_run(offered: list[Any], register_values: list[Any], limit: int = RANGE_LIMIT) -> tuple[list[Any], list[str]]:
    """The values `--option NAME=all` runs from what the implementation offers, and a note per
    entry whose values are not all run: a concrete value is run; a range of at most `limit`
    values is run whole; a longer (or open) range is run at its bounds and at the register's
    values inside it; {"any": true} at the register's values (the default first)."""
    values: list[Any] = []
    notes: list[str] = []

    def add(value: Any) -> None:
        if not any(type(v) is type(value) and v == value for v in values):
            values.append(value)

    for entry in offered:
        if is_any(entry):
            for value in register_values:
                add(value)
            notes.append("any value is offered: runs the register's values "
                         + ", ".join(json.dumps(v) for v in register_values) + "; no other value is run")
        elif is_range(entry):
            low, high = entry.get("min"), entry.get("max")
            if low is not None and high is not None and high - low + 1 <= limit:
                for value in range(low, high + 1):
                    add(value)
                continue
            inside = [v for v in register_values if is_integer(v) and (low is None or v >= low)
                      and (high is None or v <= high)]
            chosen = sorted({*inside, *(b for b in (low, high) if b is not None)})
            for value in chosen:
                add(value)
            span = f"{'…' if low is None else low}..{'…' if high is None else high}"
            size = "an open range" if low is None or high is None else f"{high - low + 1} values"
            notes.append(f"the range {span} ({size}) is run at " + ", ".join(map(str, chosen))
                         + " (its bounds and the register's values in it); its other values are not run")
        else:
            add(entry)
    return values, notes
