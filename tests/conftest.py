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
