"""What a hand-kept attribution map adds, on a few failing cases of a misreading.

The games' tests use it to show why a map (`attribution.MAPS`: the footprints of clause_keys.py,
the finer paths of attribution_paths.py) is still kept: the misreading (a generated mutant, or
a curated one) answers the cases, and its failures are charged with the counterfactual search
on, as `horserace mutants [--generated] --attribution` charges them (the misreading withheld
from the search), once with every map and once with one switched off."""

from __future__ import annotations

from reference.core import attribution
from reference.core.game import get_game
from reference.core.generated_mutants import generated_mutants
from reference.core.mutant_attribution import attribute_mutant, generated_withheld
from reference.core.vectors import load_cases


def charged(game_name: str, key: str, case_ids: set[str], without: str | None = None) -> dict[str, list[str]]:
    """Case id -> the clauses its first divergence is charged to, for the generated mutant `key`
    of the game (`module:function:operator:hash:n`) or its curated mutant of that name, with
    every map (without=None) or with one switched off ('refinements' or 'footprints'). Also
    returns the mutant's own clauses under the key 'own'."""
    game = get_game(game_name)
    if ":" in key:
        mutant = next(m for m in generated_mutants(game_name) if m.key == key).as_mutant()
        withheld_for = generated_withheld
    else:
        mutant = next(m for m in game.mutants() if m.name == key)
        withheld_for = None             # attribute_mutant's own: the curated mutant itself
    cases = load_cases([game_name], wanted=lambda id_: id_ in case_ids)
    assert {c["id"] for c in cases} == case_ids
    if without is not None:
        attribution.MAPS[without] = False
    try:
        row = attribute_mutant(game, mutant, cases, per_mutant=len(cases), withheld_for=withheld_for)
    finally:
        attribution.MAPS.update(refinements=True, footprints=True)
    out = {charge.case: charge.clauses for charge in row.charges}
    out["own"] = list(mutant.clauses)
    return out
