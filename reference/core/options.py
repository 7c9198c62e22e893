"""Interpretation options: the shared checks for a game's `options:` mapping."""

from __future__ import annotations

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


def watched(options: T) -> T:
    """The options unchanged, or, while `tracking_option_reads` is on, an equal options object
    that records the name of every field read. Anything that reads the fields other than one by
    one (equality, hashing, `vars`) counts as reading them all."""
    reads = _TRACKING.get()
    if reads is None:
        return options
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
