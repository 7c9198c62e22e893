"""Shared pytest setup. Tests name the clauses they check with @pytest.mark.clause(...)."""


def pytest_configure(config):
    config.addinivalue_line("markers", "clause(*ids): the rule clauses a test checks")


import pytest


@pytest.fixture(scope="session")
def fresh_vector_builds():
    """`vectors.build_files` computed once per game and test process, placed under whatever
    vectors folder is current (tests move it to a copy). Generation is deterministic, which
    tests/core/test_vectors.py checks with a second, uncached build."""
    from reference.core import vectors

    texts: dict[str, dict[str, str]] = {}
    real = vectors.build_files

    def build(game):
        if game.name not in texts:
            texts[game.name] = {path.name: text for path, text in real(game).items()}
        return {vectors.VECTORS_DIR / game.name / name: text for name, text in texts[game.name].items()}

    build.uncached = real
    return build


@pytest.fixture
def built_once(monkeypatch, fresh_vector_builds):
    """Make `check_vectors` and friends use the once-per-session generation."""
    from reference.core import vectors

    monkeypatch.setattr(vectors, "build_files", fresh_vector_builds)
    return fresh_vector_builds


@pytest.fixture(scope="session")
def fresh_cases(fresh_vector_builds):
    """Game name -> the cases of a fresh generation (what `vectors.game_cases` returns, read back
    from the once-per-process build above, so tests of one process share one generation), each
    carrying its game. Shared: tests must not change them."""
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
