"""Issue 24: of alterations that explain a step equally well, the narrowest is charged.

An alteration is charged to the clauses of the code it changes. When one charged to a clause
and another charged to that clause and more reproduce the step alike, the evidence names no
more than the first: the wider one is set aside (`counterfactual.most_specific`), whether the
two change one function (a clause block beside the whole function) or two (a curated,
hand-written misreading of three clauses beside one decision of one of them).
"""

from reference.core import counterfactual as cf
from reference.core.game import Mutant, get_game
from reference.core.mutant_attribution import attribute_mutant
from reference.core.vectors import load_cases
from tests.horse_fever.test_explicit_decisions import felix_infernalis_at_the_start


def trial(name, clauses, function=None):
    return cf.Trial(cf.Alteration(name, tuple(clauses), "decision", name, lambda: None, function=function),
                    {}, exact=True, score=1.0)


def test_an_alteration_charging_more_clauses_than_a_tied_one_is_set_aside():
    narrow = trial("negate movement.felix_infernalis_acts", ["HF-ACT-14"], ("m", "felix_infernalis_acts"))
    wide = trial("mutant hf-vigor-felix-at-start", ["HF-ACT-7", "HF-ACT-14", "HF-START-1"])
    other = trial("drop race.x", ["HF-RACE-2"], ("m", "x"))
    assert cf.most_specific([wide, narrow]) == [narrow]
    # clauses that do not nest stay tied
    assert cf.most_specific([narrow, other]) == [narrow, other]
    assert cf.most_specific([wide, narrow, other]) == [narrow, other]
    # the same clauses twice: both kept
    again = trial("generated movement:felix_infernalis_acts:negate:0", ["HF-ACT-14"], ("m", "felix_infernalis_acts"))
    assert cf.most_specific([narrow, again]) == [narrow, again]


def test_a_curated_misreading_of_three_clauses_yields_to_one_clause_explaining_the_step_alike():
    # HF-ACT-14 read without "not at the Start", written in the caller as an implementation would
    # (tests/horse_fever/test_explicit_decisions.py); the curated mutant hf-vigor-felix-at-start (HF-ACT-7, HF-ACT-14, HF-START-1: both cards
    # act at the Start) reproduces this step as exactly as Felix's own decision negated does
    game = get_game("horse_fever")
    cases = load_cases(["horse_fever"], wanted="hf-probe2-hf-act-1-001".__eq__)
    mutant = Mutant("felix-at-the-start", "HF-ACT-14 misread", ("HF-ACT-14",), felix_infernalis_at_the_start)
    row = attribute_mutant(game, mutant, cases, per_mutant=1,
                           withheld=lambda a: a.site == "mutant felix-at-the-start")
    assert [charge.clauses for charge in row.charges] == [["HF-ACT-14"]]
