"""Forked pools end by closing and joining, never by terminate, which can hang for good when a
worker is being started at that moment (reference.core.forked)."""

import signal

import pytest

from reference.core.forked import forked_pool


def watched(pool):
    """Record whether the pool is terminated (and still let it be)."""
    calls = []
    real = pool.terminate
    pool.terminate = lambda: (calls.append("terminate"), real())[1]
    return calls


def test_a_pool_whose_work_is_done_is_closed_and_joined_not_terminated():
    with forked_pool(2) as pool:
        calls = watched(pool)
        workers = list(pool._pool)
        assert list(pool.imap(abs, range(-5, 5))) == [5, 4, 3, 2, 1, 0, 1, 2, 3, 4]
    assert calls == []
    assert [w.exitcode for w in workers] == [0, 0]      # each worker ended on its own sentinel


def test_a_pool_restarting_its_workers_after_each_task_still_ends():
    previous = signal.signal(signal.SIGALRM, lambda *_: pytest.fail("the pool did not end within 60 s"))
    signal.alarm(60)
    try:
        for _ in range(5):
            with forked_pool(2, maxtasksperchild=1) as pool:
                assert sorted(pool.imap_unordered(abs, range(-6, 6))) == sorted(abs(n) for n in range(-6, 6))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_a_failing_run_terminates_its_pool():
    with pytest.raises(ZeroDivisionError):
        with forked_pool(1) as pool:
            calls = watched(pool)
            workers = list(pool._pool)
            1 / 0
    assert calls == ["terminate"]
    assert all(not w.is_alive() for w in workers)
