"""An action the implementation refused and the reference took: the granting decision turned no
is named before a guard made to refuse, but only among the alterations the evidence (earlier
steps, later steps, passed cases) left standing (reference/core/counterfactual.py:
`best_trials`, `granting_first`)."""

from __future__ import annotations

from contextlib import nullcontext

from reference.core import counterfactual as cf


def _trial(name, clauses, grants=False, exact=True):
    alteration = cf.Alteration(name, clauses, "decision", name, lambda: nullcontext(), grants)
    return cf.Trial(alteration, {"error": "refused"}, exact=exact, score=1.0 if exact else 0.5)


def test_every_exact_way_of_refusing_goes_to_the_evidence_not_only_the_grant():
    grant = _trial("negate token_left", ("HF-BET-2",), grants=True)
    guard = _trial("refuse at check_other_side", ("HF-BET2-4",))
    near = _trial("one more from minimum_bet", ("HF-MIN-1",), exact=False)
    assert cf.best_trials([guard, grant, near], refusal=True) == [guard, grant]


def test_of_what_the_evidence_left_the_granting_decision_is_named():
    grant = _trial("negate token_left", ("HF-BET-2",), grants=True)
    guard = _trial("refuse at check_other_side", ("HF-BET2-4",))
    assert cf.granting_first([guard, grant]) == [grant]


def test_a_guard_is_named_when_the_evidence_set_the_grant_aside():
    """The grant turned no would have refused a bet the implementation took in a passed case:
    only the guard is left, and it is named."""
    guard = _trial("refuse at check_other_side", ("HF-BET2-4",))
    assert cf.granting_first([guard]) == [guard]


def test_the_evidence_sets_a_grant_aside_that_a_passed_case_contradicts(monkeypatch):
    """uncontradicted, then granting_first, as the search runs them: the grant's alteration
    would change a passed case (contradicted), the guard's would not; the guard is named."""
    import time
    grant = _trial("negate token_left", ("HF-BET-2",), grants=True)
    guard = _trial("refuse at check_other_side", ("HF-BET2-4",))
    monkeypatch.setattr(cf, "_passed_sample", lambda case: [{"id": "passed-1"}])
    monkeypatch.setattr(cf, "_passed_of", lambda game, clauses: [])
    monkeypatch.setattr(cf, "_changes", lambda other, alteration, caches, deadline=None: alteration is grant.alteration)
    cf._CONTRADICTED.clear()
    kept = cf.uncontradicted([guard, grant], {"game": "horse_fever", "id": "x", "kind": "scenario"}, [],
                             time.process_time() + 5)
    assert cf.granting_first(kept) == [guard]
    cf._CONTRADICTED.clear()
