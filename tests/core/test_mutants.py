"""The mutation self-check runs in CI: every misreading is killed through the runner, and by
at least three cases (a single killing case is a pin that one edit could lose)."""

import pytest

from horserace_cli.main import main
from reference.core.adapter import replay_case
from reference.core.game import all_games
from reference.core.results import first_mismatch
from reference.core.vectors import load_cases

MIN_MUTANTS = 90
MIN_KILLERS = 3


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


def test_enough_mutants():
    total = sum(len(g.mutants()) for g in all_games().values() if g.mutants)
    assert total >= MIN_MUTANTS


def first_killers(mutant, cases, wanted):
    """Up to `wanted` cases whose checked observations the mutant changes (judged as the
    runner judges; a case the mutant crashes on does not count)."""
    killers = []
    with mutant.patch():
        for case in cases:
            try:
                steps = replay_case(case)
            except Exception:
                continue
            if first_mismatch(case, steps) is not None:
                killers.append(case["id"])
                if len(killers) == wanted:
                    break
    return killers


def cheapest_first(cases):
    """Short cases first, so that most mutants find their three killers quickly."""
    return sorted(cases, key=lambda c: (c["kind"] == "match", len(c["input"]["steps"]), c["id"]))


@pytest.mark.parametrize("game", [name for name, g in all_games().items() if g.mutants])
def test_every_mutant_is_killed_by_three_cases(game):
    cases = cheapest_first(load_cases([game]))
    thin = {}
    for mutant in all_games()[game].mutants():
        killers = first_killers(mutant, cases, MIN_KILLERS)
        if len(killers) < MIN_KILLERS:
            thin[mutant.name] = killers
    assert not thin, f"mutants killed by fewer than {MIN_KILLERS} cases: {thin}"
