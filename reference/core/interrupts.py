"""SIGTERM and SIGHUP end a run as Ctrl-C (SIGINT) does.

A CI job that times out, a closed terminal or `kill` send SIGTERM or SIGHUP, whose default
action ends the process on the spot: the implementation (in a session of its own) would be
left running and no report written. While `signals_interrupt()` is in force each of the three
signals raises Interrupted (a KeyboardInterrupt) in the main thread, once: the run stops the
implementation and its processes, writes the reports of what ran, marked interrupted, and
exits 128 + the signal's number. A second signal while that cleanup runs (bounded: see
runner.Implementation.stop) is ignored, so the cleanup is not cut short. A block that must not
be cut in half (a fuzz campaign counting a case in its tallies and its --jsonl stream) runs
`uninterrupted()`: a signal arriving inside is raised when the block ends.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Any, Iterator

HANDLED = tuple(s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None),
                            getattr(signal, "SIGHUP", None)) if s is not None)


class Interrupted(KeyboardInterrupt):
    """The run was ended by a signal; `name` says which, `exit_code` is the shell's 128 + N."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum
        self.name = signal.Signals(signum).name
        self.exit_code = 128 + signum


class _Deferral:
    """The uninterrupted() blocks the main thread is in, and the signal held for their end."""
    depth = 0
    pending: int | None = None


_DEFERRAL = _Deferral()


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Inside, a signal that signals_interrupt handles is held, and raised (Interrupted) when the
    outermost block ends, so what the block records is recorded whole or not at all."""
    _DEFERRAL.depth += 1
    try:
        yield
    finally:
        _DEFERRAL.depth -= 1
    if _DEFERRAL.depth == 0 and _DEFERRAL.pending is not None:
        signum, _DEFERRAL.pending = _DEFERRAL.pending, None
        raise Interrupted(signum)


def signal_name(exc: BaseException) -> str:
    """SIGTERM, SIGHUP, or SIGINT for a plain KeyboardInterrupt (Ctrl-C's own)."""
    return getattr(exc, "signal", None) or getattr(exc, "name", None) or "SIGINT"


def exit_code(exc: BaseException) -> int:
    """128 + the signal's number, as a shell reports a process a signal ended (130 for Ctrl-C)."""
    return getattr(exc, "exit_code", None) or 128 + int(signal.SIGINT)


def exit_code_of(name: str) -> int:
    """128 + the number of the signal named (SIGTERM: 143)."""
    return 128 + int(signal.Signals[name])


@contextmanager
def signals_interrupt(signals: tuple[int, ...] = HANDLED) -> Iterator[list[int]]:
    """While inside, each of `signals` raises Interrupted once (in the main thread; elsewhere
    this does nothing). A handler somebody else installed is left in place. Yields the list
    the signal that fired is appended to."""
    fired: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield fired
        return

    def handler(signum: int, _frame: Any) -> None:
        if not fired:
            fired.append(signum)
            if _DEFERRAL.depth:         # inside uninterrupted(): raised when the block ends
                _DEFERRAL.pending = signum
                return
            raise Interrupted(signum)
        # a second signal during the cleanup the first one started: ignored

    previous: dict[int, Any] = {}
    for signum in signals:
        current = signal.getsignal(signum)
        if current in (signal.SIG_DFL, signal.default_int_handler):
            previous[signum] = current
            signal.signal(signum, handler)
    try:
        yield fired
    finally:
        for signum, current in previous.items():
            signal.signal(signum, current)
