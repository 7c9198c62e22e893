"""Each domino mutant replaces one rule function (issue 15), and only inside its context."""

from __future__ import annotations

import reference.core.mutation as mutation
from reference.dominoes.mutants import mutants
from reference.dominoes.rules import settlement


def test_every_mutant_patches_exactly_one_rule_function(monkeypatch):
    seen = {}

    def recording(*patches):
        seen[current] = patches
        return original(*patches)

    original = mutation.patched
    monkeypatch.setattr(mutation, "patched", recording)
    for m in mutants():
        current = m.name
        with m.patch():
            pass
    assert set(seen) == {m.name for m in mutants()}
    for name, patches in seen.items():
        assert len(patches) == 1, f"{name} patches {len(patches)} places"
        target, attribute, _ = patches[0]
        module = getattr(target, "__module__", None) or target.__name__
        assert module.startswith("reference.dominoes.rules"), f"{name} patches {module}.{attribute}"


def test_a_patch_is_undone_on_leaving():
    before = settlement.round_to_nearest_five
    mutant = next(m for m in mutants() if m.name == "round-down-always")
    with mutant.patch():
        assert settlement.round_to_nearest_five(18) == 15
    assert settlement.round_to_nearest_five is before and before(18) == 20
