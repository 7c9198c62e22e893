"""Forked worker pools that end without `Pool.terminate`.

`with multiprocessing.Pool(...) as pool:` ends with `terminate()`, which can hang for good when a
worker is being started at that moment (a pool with `maxtasksperchild` restarts workers all the
time): the new worker waits on the task queue's lock and the pool waits for it (CPython issues
78178 and 96995, open). Seen here: `fuzz --all-mutants` inside the test suite stopped for 20
minutes. A pool whose work is done is closed and joined instead: every worker gets its sentinel
and exits. Only a run that fails or is interrupted still terminates its pool.
"""

from __future__ import annotations

import multiprocessing
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def forked_pool(workers: int, maxtasksperchild: int | None = None) -> Iterator[multiprocessing.pool.Pool]:
    pool = multiprocessing.get_context("fork").Pool(workers, maxtasksperchild=maxtasksperchild)
    try:
        yield pool
    except BaseException:
        pool.terminate()
        raise
    pool.close()
    pool.join()
