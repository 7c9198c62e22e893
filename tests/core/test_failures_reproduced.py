"""Of clauses still tied when a run ends, those another tied clause's alteration outdoes on the
run's failed cases are set aside (reference/core/failures_reproduced.py)."""

import inspect
from contextlib import nullcontext

import pytest

from reference.core import counterfactual as cf
from reference.core import failures_reproduced as fr
from reference.core import passed_cases, run_charges
from reference.core.game import get_game
from reference.core.generated_mutants import generated_mutants
from reference.core.mutant_attribution import attribute_mutant, generated_withheld
from reference.core.vectors import load_cases
from reference.horse_fever.rules import sprint


@pytest.fixture(autouse=True)
def fresh_run():
    run_charges.forget()
    passed_cases.forget()
    yield
    run_charges.forget()
    passed_cases.forget()


def found(first, whole=()):
    return fr.Reproduced(frozenset(first), frozenset(whole))


@pytest.mark.parametrize("evidence, set_aside", [
    # B reproduces the first divergence of cases 1 and 2, A of 1, 2 and 3: A covers B, and more
    ({"A": found({1, 2, 3}), "B": found({1, 2})}, {"B"}),
    # the same first divergences, but A gives every answer of case 1 and B of none
    ({"A": found({1, 2}, {1}), "B": found({1, 2})}, {"B"}),
    # each reproduces a case the other does not: neither speaks against the other
    ({"A": found({1, 2}), "B": found({2, 3})}, set()),
    # more first divergences, fewer whole cases: not covered either way
    ({"A": found({1, 2, 3}), "B": found({1, 2}, {1})}, set()),
    # the same evidence: a tie that stays
    ({"A": found({1}, {1}), "B": found({1}, {1})}, set()),
    # of three, the one both others cover, and the one the widest covers
    ({"A": found({1, 2, 3}, {1}), "B": found({1, 2}), "C": found({1})}, {"B", "C"}),
])
def test_a_clause_is_set_aside_when_another_reproduces_every_failure_it_does_and_more(evidence, set_aside):
    assert fr.dominated(evidence) == set_aside


class Fixed:
    """A stand-in alteration whose evidence is given (weigh's own plays are tested below)."""

    def __init__(self, name, clauses):
        self.name, self.clauses, self.everywhere = name, clauses, None

    def install(self):
        return nullcontext()


def tie(monkeypatch, evidence):
    """A failure tied between the clauses of `evidence` (clause -> Reproduced), each with one
    alteration kept by the run."""
    by_name = {}
    for clause, reproduced in evidence.items():
        run_charges.remember_alterations("dominoes", [Fixed(f"alter {clause}", (clause,))])
        by_name[f"alter {clause}"] = (clause,)
    given = {f"alter {clause}": reproduced for clause, reproduced in evidence.items()}
    monkeypatch.setattr(fr, "reproduced", lambda game, name: given.get(name))
    passed_cases.ANSWERED["dominoes"] = [({"id": "x"}, 0, [])]
    return by_name


def test_weigh_keeps_the_clauses_not_outdone(monkeypatch):
    by_name = tie(monkeypatch, {"A": found({1, 2}), "B": found({1})})
    assert fr.weigh("dominoes", ["A", "B"], by_name) == ["A"]


def test_nothing_is_set_aside_when_a_tied_clause_has_no_alteration_to_play(monkeypatch):
    by_name = tie(monkeypatch, {"A": found({1, 2}), "B": found({1})})
    by_name["alter C"] = ("C",)         # its alteration was never kept: no evidence for it
    assert fr.weigh("dominoes", ["A", "B", "C"], by_name) == ["A", "B", "C"]


def test_nothing_is_set_aside_when_no_alteration_reproduces_any_failure(monkeypatch):
    by_name = tie(monkeypatch, {"A": found(()), "B": found(())})
    assert fr.weigh("dominoes", ["A", "B"], by_name) == ["A", "B"]


def test_nothing_is_weighed_without_failed_cases_kept(monkeypatch):
    by_name = tie(monkeypatch, {"A": found({1, 2}), "B": found({1})})
    passed_cases.ANSWERED.clear()
    assert fr.weigh("dominoes", ["A", "B"], by_name) == ["A", "B"]


def test_a_settled_tie_keeps_what_weigh_keeps_and_reports_the_tie():
    chosen, noted = run_charges.run_choice("dominoes", ["A", "B"]), None
    noted = run_charges.note_charged("dominoes", chosen, [("alter A", ("A",)), ("alter B", ("B",))])
    report = {"clauses": chosen}
    noted.report = report
    run_charges.settle_ties(lambda game, clauses, by_name: [c for c in clauses if c != "B"])
    assert report == {"clauses": ["A"], "tied": ["A", "B"]}


# -- the plays: a failed case replayed with an alteration ---------------------------------------------

@pytest.fixture(scope="module")
def a_race_case():
    case = next(c for c in load_cases(["horse_fever"]) if c["id"] == "hf-probe2-hf-act-4-001")
    return case


def expected_answers(case):
    return [dict(observation) for observation in case["expected"]]


def test_the_reference_unaltered_gives_every_answer_of_an_implementation_that_answered_as_expected(a_race_case):
    """The null alteration is the reference: an implementation that answered every step as
    expected is reproduced at its (nominal) divergence and in whole."""
    last = len(a_race_case["expected"]) - 1
    assert fr.replay_reproduces(a_race_case, last, expected_answers(a_race_case), Fixed("none", ())) == (True, True)


def test_an_answer_the_reference_does_not_give_is_not_reproduced(a_race_case):
    """The implementation's last answer refused where the reference took the step: the
    reference reproduces the steps before, not that one, so neither the divergence nor the
    whole case."""
    answers = expected_answers(a_race_case)
    answers[-1] = {"error": "refused"}
    assert fr.replay_reproduces(a_race_case, len(answers) - 1, answers, Fixed("none", ())) == (False, False)


def test_an_implementation_that_answers_fewer_steps_is_not_reproduced_in_whole(a_race_case):
    answers = expected_answers(a_race_case)[:-1]
    assert fr.replay_reproduces(a_race_case, len(answers) - 1, answers, Fixed("none", ()))[1] is False


def test_the_failed_cases_are_kept_with_their_answers_a_spread_few_and_forgotten_by_a_new_run():
    for number in range(passed_cases.MAX_ANSWERED + 10):
        passed_cases.note_failed({"game": "cards", "id": f"c{number}"}, 0, [{"n": number}])
    kept = [case["id"] for case, _, _ in passed_cases.ANSWERED["cards"]]
    # at 64 kept, every other one went (c1, c3, ... c63: 32), then c64 to c73 came (10 more)
    assert kept == [f"c{n}" for n in range(1, 64, 2)] + [f"c{n}" for n in range(64, 74)]
    passed_cases.forget()
    assert not passed_cases.ANSWERED


def test_a_run_that_keeps_no_results_keeps_no_answers():
    passed_cases.forget(wide=False)
    try:
        passed_cases.note_failed({"game": "cards", "id": "c"}, 2, [{}])
        assert not passed_cases.ANSWERED
    finally:
        passed_cases.forget(wide=True)


# -- a measured misreading: the tie at its steps, settled by its other failures --------------------

def herba_magica_negated():
    """The generated negation of HF-ACT-4's test in sprint_spaces (`if herba_magica_acts(...)`),
    found by its line, not its key, so that an edit elsewhere in the module does not lose it."""
    lines, start = inspect.getsourcelines(sprint.sprint_spaces)
    line = start + next(i for i, text in enumerate(lines) if "if herba_magica_acts(effects)" in text)
    return next(m for m in generated_mutants("horse_fever")
                if m.function == "sprint_spaces" and m.operator == "negate" and m.line == line).as_mutant()


def test_herba_magica_read_the_other_way_is_named_alone_once_its_other_failures_are_weighed(monkeypatch):
    """Herba Magica read the other way: a horse without it sprints 2, a horse with it 1. At a
    card-less horse's sprint, Flagellum Fulguris's test negated (HF-ACT-3: one extra space)
    gives the same 2, so the step ties HF-ACT-3 with HF-ACT-4. At the run's failures where a
    horse with Herba Magica sprints one space, Flagellum's negation gives it 3, and only
    HF-ACT-4's reproduces them: HF-ACT-4's alteration reproduces every failure HF-ACT-3's does,
    and more. The second run, the weighing switched off, shows the tie is there."""
    game = get_game("horse_fever")
    mutant = herba_magica_negated()
    cases = load_cases(["horse_fever"])
    options = dict(per_mutant=8, withheld_for=generated_withheld, shuffled=True)
    row = attribute_mutant(game, mutant, cases, **options)
    charged = [charge.clauses for charge in row.charges]
    assert len(charged) == 8 and all(clauses == ["HF-ACT-4"] for clauses in charged), charged
    settle = run_charges.settle_ties
    monkeypatch.setattr(run_charges, "settle_ties", lambda weigh=None: settle(None))
    unweighed = attribute_mutant(game, mutant, cases, **options)
    assert any(charge.clauses == ["HF-ACT-3", "HF-ACT-4"] for charge in unweighed.charges)
