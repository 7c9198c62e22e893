"""A step's narration (the lines `horserace replay` and the site show), written when read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Callable


class Narration(Sequence):
    """A step's lines, written only when someone reads them (`horserace replay`, the site):
    checking a case never does. `write` works from a snapshot of the step's state (what the
    step's view held, the layout copied, ...), so later steps cannot change the text."""

    def __init__(self, write: Callable[[], list[str]]) -> None:
        self._write: Callable[[], list[str]] | None = write
        self._lines: tuple[str, ...] = ()

    def lines(self) -> tuple[str, ...]:
        if self._write is not None:
            self._lines = tuple(self._write())
            self._write = None
        return self._lines

    def __getitem__(self, index):
        return self.lines()[index]

    def __len__(self) -> int:
        return len(self.lines())

    def __repr__(self) -> str:
        return f"Narration({self.lines()!r})"
