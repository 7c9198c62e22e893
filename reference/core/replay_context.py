"""The replays of one case made for its vector, and what a game's replay may skip or keep in them.

Generation replays every case several times: for its expectations, then once per alternative
option value (derived_flags). Within `vector_replays()` (one case's replays) a game's replay
may save work no vector sees: it leaves a step's narrative empty (`narrating()`; a vector holds
no narration), and it may keep what it built from the case's setup in `replay_memo()` to hand
a copy to the case's next replay. Whatever is kept there must not depend on the options (the
replays differ in nothing else) and must be copied, never shared, since play changes it.
Outside (horserace replay, scenarios, mutants) every replay narrates and keeps nothing.
`without_narration()` leaves the narratives empty and keeps nothing: for replays that compare
observations alone but must not share what the case's replays built (tests that check the
generator's own replays).
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator

_VECTOR_REPLAYS: ContextVar[dict[Any, Any] | None] = ContextVar("vector_replays", default=None)
_SILENT: ContextVar[bool] = ContextVar("without_narration", default=False)


def narrating() -> bool:
    return _VECTOR_REPLAYS.get() is None and not _SILENT.get()


def replay_memo() -> dict[Any, Any] | None:
    return _VECTOR_REPLAYS.get()


@contextmanager
def vector_replays() -> Iterator[None]:
    """The replays of one case made for its vector (nested: those of the enclosing case)."""
    if _VECTOR_REPLAYS.get() is not None:
        yield
        return
    token = _VECTOR_REPLAYS.set({})
    try:
        yield
    finally:
        _VECTOR_REPLAYS.reset(token)


@contextmanager
def without_narration() -> Iterator[None]:
    """Replays that leave every step's narrative empty, and share nothing (no replay_memo)."""
    token = _SILENT.set(True)
    try:
        yield
    finally:
        _SILENT.reset(token)
