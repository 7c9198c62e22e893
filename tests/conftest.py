"""Shared pytest setup. Tests name the clauses they check with @pytest.mark.clause(...)."""


def pytest_configure(config):
    config.addinivalue_line("markers", "clause(*ids): the rule clauses a test checks")
