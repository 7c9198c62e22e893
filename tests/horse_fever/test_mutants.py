"""Every plausible misreading in the mutant list changes at least one observation of at least one
case (scenarios and generated cases), checked in process as the runner would judge it."""

from functools import lru_cache

import pytest

from reference.core.catalog import load_catalog
from reference.core.game import get_game
from reference.core.adapter import replay_case
from reference.core.mutation import in_process_killers
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
    return replay_case(case)


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
    assert in_process_killers(mutant, cases()), f"{mutant.name} survives every case: {mutant.description}"
