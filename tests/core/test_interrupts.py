"""interrupts.uninterrupted: a signal that arrives while a block records something is raised
when the block ends, so what it records is recorded whole (the w9-fuzz/w9-gate merge: a fuzz
campaign interrupted between counting a case and writing its --jsonl line reported a case its
ranges did not hold)."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from reference.core.interrupts import Interrupted, signals_interrupt, uninterrupted


@pytest.fixture(autouse=True)
def main_thread():
    if threading.current_thread() is not threading.main_thread():   # the handler would not be installed
        pytest.skip("signal handlers are installed only in the main thread")


def test_a_signal_inside_an_uninterrupted_block_is_raised_when_it_ends():
    done = []
    with signals_interrupt((signal.SIGTERM,)):
        with pytest.raises(Interrupted) as raised:
            with uninterrupted():
                os.kill(os.getpid(), signal.SIGTERM)
                done.append("first half")
                with uninterrupted():       # nested: held until the outermost block ends
                    done.append("inner")
                done.append("second half")
            done.append("after the block")  # not reached: the signal is raised at the block's end
    assert done == ["first half", "inner", "second half"]
    assert raised.value.name == "SIGTERM" and raised.value.exit_code == 128 + signal.SIGTERM


def test_outside_such_a_block_a_signal_is_raised_at_once():
    done = []
    with signals_interrupt((signal.SIGTERM,)):
        with pytest.raises(Interrupted):
            os.kill(os.getpid(), signal.SIGTERM)
            done.append("not reached")
        with uninterrupted():               # nothing held from before: the block runs through
            done.append("later block")
    assert done == ["later block"]
