"""Every plausible misreading in the mutant list changes at least one observation of at least one
case (scenarios and generated cases), checked in process as the runner would judge it."""

from functools import lru_cache

import pytest

from reference.core.catalog import load_catalog
from reference.core.errors import HorseRaceError
from reference.core.game import CaseInput, get_game
from reference.core.results import first_mismatch
from reference.core.vectors import game_cases

GAME = get_game("horse_fever")


@lru_cache(maxsize=1)
def cases():
    out = game_cases(GAME)
    for case in out:
        case["game"] = GAME.name
    return out


def answer(case):
    inp = case["input"]
    steps = []
    for outcome in GAME.replay(CaseInput(case["kind"], inp["setup"], inp["steps"], case.get("options") or {},
                                         refusals_are_results=True)):
        obs = outcome.observation
        steps.append({"error": obs["error"] or "refused"} if "error" in obs else dict(obs))
    return steps


def test_the_reference_engine_passes_every_case():
    assert [c["id"] for c in cases() if first_mismatch(c, answer(c)) is not None] == []


def test_there_are_at_least_twelve_mutants_with_unique_names_and_known_clauses():
    mutants = GAME.mutants()
    assert len(mutants) >= 12
    assert len({m.name for m in mutants}) == len(mutants)
    clauses = load_catalog(GAME.name).clauses
    for m in mutants:
        assert m.name.startswith("hf-") and m.clauses and set(m.clauses) <= set(clauses)


@pytest.mark.parametrize("mutant", GAME.mutants(), ids=lambda m: m.name)
def test_every_mutant_changes_an_observation(mutant):
    with mutant.patch():
        for case in cases():
            try:
                steps = answer(case)
            except HorseRaceError:
                continue                      # an implementation that cannot answer is not a kill
            if first_mismatch(case, steps) is not None:
                return
    pytest.fail(f"{mutant.name} survives every case: {mutant.description}")
