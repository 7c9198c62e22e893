"""Progress of long work (check, mutants, site, all), written to standard error.

On a terminal: one line redrawn in place (`check  ######----  312/569 cases  55%  ...`), erased
at the end so the command's own output reads as before. In CI (the CI variable set) or when
standard error is not a terminal: quiet lines, at most one every `interval` seconds, so a short
run prints nothing and a long one shows it is alive. HORSERACE_PROGRESS=0 turns it off,
HORSERACE_PROGRESS=lines forces the line form. Standard output is never touched.

Usage: `with Progress("check", total=len(cases), unit="cases") as bar: ... bar.advance()`.
Thread-safe: `advance` may be called from worker threads.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Callable, Iterable, Iterator, TextIO, TypeVar

T = TypeVar("T")
BAR_WIDTH = 24
REDRAW_EVERY = 0.1          # seconds between redraws on a terminal
LINE_EVERY = 10.0           # seconds between lines in CI or in a pipe


def display_mode(stream: TextIO, environ: dict[str, str] | os._Environ = os.environ) -> str:
    """'bar' on an interactive terminal, 'lines' in CI or a pipe, 'off' when asked."""
    asked = environ.get("HORSERACE_PROGRESS", "").lower()
    if asked in ("0", "off", "no"):
        return "off"
    if asked == "lines" or environ.get("CI"):
        return "lines"
    try:
        return "bar" if stream.isatty() else "lines"
    except (AttributeError, ValueError):
        return "lines"


class Progress:
    def __init__(self, label: str, total: int | None = None, unit: str = "", stream: TextIO | None = None,
                 mode: str | None = None, interval: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label, self.total, self.unit = label, total, unit
        self.stream = stream if stream is not None else sys.stderr
        self.mode = mode or display_mode(self.stream)
        self.interval = LINE_EVERY if interval is None else interval
        self.clock = clock
        self.done = 0
        self.started = self.last_shown = clock()
        self.lines_written = 0
        self._width = 0
        self._lock = threading.Lock()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def advance(self, *_ignored: object, count: int = 1) -> None:
        """`count` more units done; positional arguments are ignored, so it serves as any callback
        (`on_result=bar.advance`)."""
        with self._lock:
            self.done += count
            now = self.clock()
            wait = REDRAW_EVERY if self.mode == "bar" else self.interval
            if self.mode != "off" and now - self.last_shown >= wait:
                self.last_shown = now
                self._show(now)

    def status(self, now: float) -> str:
        unit = f" {self.unit}" if self.unit else ""
        if self.total:
            share = min(self.done / self.total, 1.0)
            return f"{self.label}: {self.done}/{self.total}{unit} {share:4.0%}, {now - self.started:.0f} s"
        return f"{self.label}: {self.done}{unit}, {now - self.started:.0f} s"

    def _show(self, now: float) -> None:
        text = self.status(now)
        try:
            if self.mode == "bar":
                filled = int(BAR_WIDTH * min(self.done / self.total, 1.0)) if self.total else 0
                text = f"{'#' * filled}{'-' * (BAR_WIDTH - filled)} {text}" if self.total else text
                self.stream.write("\r" + text.ljust(self._width))
                self._width = len(text)
            else:
                self.stream.write(text + "\n")
                self.lines_written += 1
            self.stream.flush()
        except (OSError, ValueError):       # a closed or broken stream must not stop the work
            self.mode = "off"

    def close(self) -> None:
        """Erase the bar; in line form, end with a last line if any line was written."""
        with self._lock:
            try:
                if self.mode == "bar" and self._width:
                    self.stream.write("\r" + " " * self._width + "\r")
                    self.stream.flush()
                elif self.mode == "lines" and self.lines_written:
                    self.stream.write(self.status(self.clock()) + " (done)\n")
                    self.stream.flush()
            except (OSError, ValueError):
                pass
            self.mode = "off"


def track(items: Iterable[T], label: str, total: int | None = None, unit: str = "") -> Iterator[T]:
    """Yield `items`, advancing a progress display after each one."""
    if total is None and hasattr(items, "__len__"):
        total = len(items)          # type: ignore[arg-type]
    with Progress(label, total, unit) as bar:
        for item in items:
            yield item
            bar.advance()
