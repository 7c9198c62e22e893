"""The mutation self-check runs in CI: every misreading is killed through the runner."""

import pytest

from horserace_cli.main import main
from reference.core.game import all_games


@pytest.mark.parametrize("game", [name for name, g in all_games().items() if g.mutants])
def test_every_mutant_is_killed(game, capsys):
    code = main(["mutants", "--game", game])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "SURVIVED" not in out


def test_mutant_lists_name_their_clauses():
    from reference.core.catalog import load_catalog
    for name, game in all_games().items():
        if not game.mutants:
            continue
        catalog = load_catalog(name)
        mutants = game.mutants()
        assert len({m.name for m in mutants}) == len(mutants)
        for mutant in mutants:
            assert mutant.clauses and set(mutant.clauses) <= set(catalog.clauses), mutant.name
