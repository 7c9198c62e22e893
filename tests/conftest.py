"""Shared pytest setup. Tests name the clauses they check with @pytest.mark.clause(...)."""

import fcntl
import gc
import json
import os
import shutil
import signal
import tempfile
from pathlib import Path

import pytest


RUN_FOLDER_VARIABLE = "HORSERACE_TEST_RUN_FOLDER"


def pytest_configure(config):
    config.addinivalue_line("markers", "clause(*ids): the rule clauses a test checks")
    config.addinivalue_line("markers", "time_limit(seconds): with the time_limit fixture, the test's bound")
    folder = share_a_run_folder(config)
    if folder is not None:
        keep_bytecode_of_the_run(folder)


@pytest.hookimpl(hookwrapper=True)
def pytest_collection(session):
    """pytest-xdist workers collect one after the other. Collecting imports every test module
    and most of the package, and compiles them (with assertion rewriting) the first time; the
    workers start together, so on a fresh checkout each compiled everything itself. The first
    worker writes the bytecode; the others then read it. Nothing else is shared: each worker
    still collects every test."""
    folder = os.environ.get(RUN_FOLDER_VARIABLE)
    if not (folder and os.environ.get("PYTEST_XDIST_WORKER")):
        yield
        return
    with open(Path(folder) / "collection.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def pytest_collection_finish(session):
    """The objects alive once the tests are collected (modules, Hypothesis, the items) live until
    the run ends: the cyclic garbage collector stops walking them again at every full collection
    (gc.freeze), and collects less often (a larger young generation). The tests load and replay
    thousands of cases, each made of many small containers, and the collector spent much of
    their time going over the same long-lived heap. Only when it runs changes, not what it frees."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


def share_a_run_folder(config) -> Path | None:
    """A temporary folder for the whole run, removed when it ends, that the run's processes find
    through the environment (the controller makes it; pytest-xdist workers inherit it)."""
    if os.environ.get(RUN_FOLDER_VARIABLE):          # a worker: its controller made it
        return None
    folder = tempfile.mkdtemp(prefix="horserace-test-run-")
    os.environ[RUN_FOLDER_VARIABLE] = folder
    config.add_cleanup(lambda: (os.environ.pop(RUN_FOLDER_VARIABLE, None),
                                shutil.rmtree(folder, ignore_errors=True)))
    return Path(folder)


def keep_bytecode_of_the_run(folder: Path) -> None:
    """With PYTHONDONTWRITEBYTECODE set, every Python process the tests start (the CLI, adapters,
    pytest workers) would compile every module it imports from source again. The run's processes
    instead keep their bytecode in the run's folder (PYTHONPYCACHEPREFIX), never in the
    checkout, removed when the run ends: the setting's intent, no files beside the sources,
    holds."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    os.environ.pop("PYTHONDONTWRITEBYTECODE")
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder / "bytecode")


def run_folder(tmp_path_factory) -> Path:
    """A folder of this run that every test process of it sees: under pytest-xdist the parent of
    the workers' own temporary folders (made fresh for each run), else this process's own."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def made_once(folder: Path, name: str, make) -> dict[str, str]:
    """`make()` (file name -> text) computed by the first test process that asks, under an
    exclusive lock, and read back from `folder` by the others."""
    stored = folder / f"{name}.json"
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if stored.exists():
            return json.loads(stored.read_text(encoding="utf-8"))
        texts = make()
        partial = stored.with_suffix(".partial")
        partial.write_text(json.dumps(texts), encoding="utf-8")
        os.replace(partial, stored)
        return texts


@pytest.fixture(scope="session")
def fresh_vector_builds(tmp_path_factory):
    """`vectors.build_files` computed once per game and test run, from the working tree's sources,
    shared by the run's test processes through a file, placed under whatever vectors folder is
    current (tests move it to a copy). Generation is deterministic, which tests/core/test_vectors.py
    checks with a second, unshared build."""
    from reference.core import vectors

    folder = run_folder(tmp_path_factory)
    texts: dict[str, dict[str, str]] = {}
    real = vectors.build_files

    def build(game):
        if game.name not in texts:
            texts[game.name] = made_once(folder, f"fresh-vectors-{game.name}",
                                         lambda: {path.name: text for path, text in real(game).items()})
        return {vectors.VECTORS_DIR / game.name / name: text for name, text in texts[game.name].items()}

    build.uncached = real
    return build


@pytest.fixture
def built_once(monkeypatch, fresh_vector_builds):
    """Make `check_vectors` and friends use the once-per-run generation."""
    from reference.core import vectors

    monkeypatch.setattr(vectors, "build_files", fresh_vector_builds)
    return fresh_vector_builds


@pytest.fixture(scope="session")
def fresh_cases(fresh_vector_builds):
    """Game name -> the cases of a fresh generation (what `vectors.game_cases` returns, read back
    from the once-per-run build above, so the tests of a run share one generation), each
    carrying its game. Shared within the process: tests must not change them."""
    from reference.core import vectors
    from reference.core.game import get_game

    cases: dict[str, list[dict]] = {}

    def of(name: str) -> list[dict]:
        if name not in cases:
            files = fresh_vector_builds(get_game(name))
            read = [case for path, text in sorted(files.items())
                    for case in vectors.parse_vector_text(path, text, validate=False).cases]
            # as game_cases orders them: the scenarios' cases by file, then the generated ones
            cases[name] = sorted((c for c in read if c.get("origin")), key=lambda c: c["origin"]) + \
                [c for c in read if not c.get("origin")]
            for case in cases[name]:
                case["game"] = name
        return cases[name]

    return of


class TimeLimitExceeded(BaseException):
    """Raised in a test that ran past its time limit: a BaseException, so that no `except
    Exception` in the code under test swallows it."""


@pytest.fixture
def time_limit(request):
    """Fail the test after TIME_LIMIT seconds (or its `time_limit(seconds)` marker) instead of
    letting a loop hang the run: SIGALRM in the test's process (the main thread of a worker)."""
    marker = request.node.get_closest_marker("time_limit")
    seconds = marker.args[0] if marker else TIME_LIMIT

    def expired(signum, frame):
        raise TimeLimitExceeded(f"over {seconds} s: a loop that does not end?")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


TIME_LIMIT = 60
