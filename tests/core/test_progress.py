"""The progress display: a redrawn bar on a terminal, quiet lines in CI and pipes, nothing on stdout."""

from __future__ import annotations

import io
import threading

import pytest

from horserace_cli.main import main
from reference.core import progress
from reference.core.game import get_game
from reference.core.progress import Progress, display_mode, track


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_mode_follows_the_terminal_ci_and_the_explicit_setting():
    assert display_mode(Terminal(), {}) == "bar"
    assert display_mode(io.StringIO(), {}) == "lines"                   # piped
    assert display_mode(Terminal(), {"CI": "true"}) == "lines"
    assert display_mode(Terminal(), {"HORSERACE_PROGRESS": "0"}) == "off"
    assert display_mode(io.StringIO(), {"CI": "1", "HORSERACE_PROGRESS": "off"}) == "off"
    assert display_mode(Terminal(), {"HORSERACE_PROGRESS": "lines"}) == "lines"


def test_on_a_terminal_the_bar_is_redrawn_in_place_and_erased_at_the_end():
    out, clock = Terminal(), Clock()
    with Progress("check", total=4, unit="cases", stream=out, mode="bar", clock=clock) as bar:
        for _ in range(4):
            clock.now += 1
            bar.advance()
    text = out.getvalue()
    assert "\n" not in text                                 # redrawn with carriage returns, never scrolled
    assert text.count("\r") >= 5
    assert "check: 2/4 cases  50%" in text and "############------------" in text
    assert text.endswith("\r") and text.rsplit("\r", 2)[-2].strip() == ""   # erased


def test_in_ci_a_short_run_prints_nothing_and_a_long_one_a_line_per_interval():
    out, clock = io.StringIO(), Clock()
    with Progress("mutants", total=3, stream=out, mode="lines", interval=10, clock=clock) as bar:
        bar.advance()
        bar.advance()
    assert out.getvalue() == ""

    out, clock = io.StringIO(), Clock()
    with Progress("mutants", total=100, unit="mutants", stream=out, mode="lines", interval=10, clock=clock) as bar:
        for _ in range(100):
            clock.now += 0.5                     # 50 s in all: a line every 10 s
            bar.advance()
    lines = out.getvalue().splitlines()
    assert lines[0] == "mutants: 20/100 mutants  20%, 10 s"
    assert len(lines) == 6 and lines[-1] == "mutants: 100/100 mutants 100%, 50 s (done)"
    assert "\r" not in out.getvalue()


def test_off_writes_nothing_and_a_broken_stream_does_not_stop_the_work():
    out = Terminal()
    with Progress("site", total=2, stream=out, mode="off", clock=Clock()) as bar:
        bar.advance()
    assert out.getvalue() == ""

    broken = Terminal()
    broken.close()
    clock = Clock()
    with Progress("site", total=2, stream=broken, mode="bar", clock=clock) as bar:
        clock.now = 5
        bar.advance()
        bar.advance()
    assert bar.done == 2


def test_advance_is_a_callback_and_is_safe_from_threads():
    clock = Clock()
    bar = Progress("mutants", total=800, stream=io.StringIO(), mode="lines", clock=clock)
    workers = [threading.Thread(target=lambda: [bar.advance("a result") for _ in range(100)]) for _ in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert bar.done == 800
    bar.advance(count=5)
    assert bar.done == 805


def test_track_yields_every_item(monkeypatch, capsys):
    monkeypatch.setenv("HORSERACE_PROGRESS", "lines")
    assert list(track(range(5), "work")) == [0, 1, 2, 3, 4]
    assert capsys.readouterr().out == ""                    # stdout is the command's own


# -- the commands that use it -------------------------------------------------------------------

@pytest.fixture
def every_step(monkeypatch):
    """Line form, a line at every step: what CI would show over a long run."""
    monkeypatch.setenv("HORSERACE_PROGRESS", "lines")
    monkeypatch.setattr(progress, "LINE_EVERY", 0.0)


def test_check_reports_progress_per_case_on_stderr_only(every_step, capsys):
    assert main(["check", "--game", "dominoes", "--id", "dom-wt-*"]) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert lines[0].startswith("check: 1/") and " cases " in lines[0]
    assert lines[-1].endswith("(done)") and "check:" not in out


def test_mutants_report_progress_per_mutant(every_step, capsys):
    name = next(m.name for m in get_game("cards").mutants())
    main(["mutants", "--game", "cards", "--mutant", name])
    err = capsys.readouterr().err
    assert "mutants: 1/1 mutants 100%" in err


def test_site_reports_progress_per_scenario(every_step, capsys, tmp_path):
    assert main(["site", "-o", str(tmp_path), "--game", "cards"]) == 0
    err = capsys.readouterr().err
    assert "site: 1 scenarios replayed" in err and "site: 2 scenarios replayed" in err
