"""The passed cases the counterfactual search reads (reference/core/passed_cases.py): a bounded,
spread sample per game and kind, and the evidence counter that tells the search when to judge its
alterations again."""

from __future__ import annotations

import pytest

from reference.core import passed_cases
from reference.core.passed_cases import MAX_PASSED, NEW_EVIDENCE_EVERY, evidence, forget, note_passed


@pytest.fixture(autouse=True)
def fresh_sample():
    """Each test starts from an empty sample and leaves the module as it found it."""
    saved = {key: list(cases) for key, cases in passed_cases.PASSED.items()}
    passed_cases.PASSED.clear()
    yield
    passed_cases.PASSED.clear()
    passed_cases.PASSED.update(saved)


def case(number: int, game: str = "dominoes", kind: str = "round") -> dict:
    return {"id": f"{game}-{kind}-{number}", "game": game, "kind": kind}


def kept_ids(game: str = "dominoes", kind: str = "round") -> list[str]:
    return [c["id"] for c in passed_cases.PASSED.get((game, kind), [])]


def test_every_case_is_kept_until_the_bound_apart_per_game_and_kind():
    for n in range(MAX_PASSED):
        note_passed(case(n))
    note_passed(case(0, game="cards", kind="race"))
    assert kept_ids() == [f"dominoes-round-{n}" for n in range(MAX_PASSED)]
    assert kept_ids("cards", "race") == ["cards-race-0"]


def test_past_the_bound_every_other_case_is_dropped_so_the_sample_stays_spread():
    for n in range(MAX_PASSED + 1):
        note_passed(case(n))
    # the full sample lost its cases 0, 2, 4, ... before the new one came in
    assert kept_ids() == [f"dominoes-round-{n}" for n in range(1, MAX_PASSED, 2)] + [f"dominoes-round-{MAX_PASSED}"]


def test_the_sample_never_passes_its_bound():
    for n in range(3 * MAX_PASSED):
        note_passed(case(n))
        assert len(kept_ids()) <= MAX_PASSED


def test_the_evidence_grows_once_per_new_evidence_every_kept_cases():
    start = evidence[0]
    for n in range(NEW_EVIDENCE_EVERY - 1):
        note_passed(case(n))
    assert evidence[0] == start, "fewer new cases than NEW_EVIDENCE_EVERY: the verdicts still hold"
    note_passed(case(NEW_EVIDENCE_EVERY))
    assert evidence[0] == start + 1
    for n in range(NEW_EVIDENCE_EVERY):
        note_passed(case(100 + n))
    assert evidence[0] == start + 2


def test_forget_empties_the_sample_and_makes_new_evidence():
    note_passed(case(1))
    start = evidence[0]
    forget()
    assert passed_cases.PASSED == {}
    assert evidence[0] == start + 1


def test_the_cases_are_kept_by_the_clauses_they_exercise_too_each_clause_bounded():
    """The search sets apart two misreadings of different clauses by the passed cases that
    exercise each clause: every passed case is kept under each of its vector's `clauses`, at
    most MAX_PER_CLAUSE per clause (every other one dropped as more come), and forgotten with
    the rest."""
    from reference.core.passed_cases import BY_CLAUSE, MAX_PER_CLAUSE
    BY_CLAUSE.clear()
    for n in range(MAX_PER_CLAUSE + 1):
        note_passed({**case(n), "clauses": ["DOM-MATCH-2", "DOM-MATCH-3"] if n % 2 else ["DOM-MATCH-2"]})
    of_two = [c["id"] for c in BY_CLAUSE[("dominoes", "DOM-MATCH-2")]]
    assert len(of_two) <= MAX_PER_CLAUSE and of_two[-1] == f"dominoes-round-{MAX_PER_CLAUSE}"
    assert of_two == [f"dominoes-round-{n}" for n in range(1, MAX_PER_CLAUSE, 2)] + [f"dominoes-round-{MAX_PER_CLAUSE}"]
    assert [c["id"] for c in BY_CLAUSE[("dominoes", "DOM-MATCH-3")]] == \
        [f"dominoes-round-{n}" for n in range(1, MAX_PER_CLAUSE + 1, 2)]
    forget()
    assert BY_CLAUSE == {}
