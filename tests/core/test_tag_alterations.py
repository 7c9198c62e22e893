"""Issue 24: a component's effect read at a rule that should not see it is charged to the
component's clause (counterfactual.tag_alterations, decision_points.tag_clauses).

A Horse Fever horse carries the effects of its action cards as tags ("stops_on_line" for XIII,
HF-ACT-13). A rule looks for the tags it acts on (`if "never_sprints" in effects:`, HF-ACT-10,
in sprint_spaces). An implementation that has XIII also cost the horse its sprint misreads
HF-ACT-13, yet no code of XIII's own runs at the sprint: without these alterations the search
could only charge the sprint's own clauses or Serum Maleficum's. Each tag a rule is given is
now also read there as each tag the rule looks for, and charged to the clause the given tag
stands for.
"""

from unittest import mock

import pytest

from reference.core import counterfactual as cf
from reference.core.decision_points import decision_points, tag_clauses
from reference.core.game import Mutant, get_game
from reference.core.mutant_attribution import attribute_mutant
from reference.core.vectors import load_cases
from reference.horse_fever.rules import race, reveal, sprint
from tests.games import game_names


def point(name):
    return next(p for p in decision_points("horse_fever") if p.name == name)


def test_each_card_effect_stands_for_its_cards_clause():
    clauses = tag_clauses("horse_fever")
    # from the rule text (clauses.yaml): XIII is HF-ACT-13, Venenum Veneficum HF-ACT-11, Serum
    # Maleficum HF-ACT-10, Vigor Ferreum HF-ACT-7, Fustis et Radix HF-ACT-6
    assert clauses["stops_on_line"] == ("HF-ACT-13",)
    assert clauses["sprint_minus_1"] == ("HF-ACT-11",)
    assert clauses["never_sprints"] == ("HF-ACT-10",)
    assert clauses["line_plus_2"] == ("HF-ACT-6",)
    # looked for in card_spaces, a function of no clause block: the rules' table names it
    assert clauses["last_moves_4"] == ("HF-ACT-7",)


@pytest.mark.parametrize("game", game_names())
def test_every_tag_a_rule_looks_for_stands_for_a_clause(game):
    # a tag with no clause could be read as another but charged to nothing
    clauses = tag_clauses(game)
    looked_for = {tag for p in decision_points(game) for tag in p.tested}
    assert looked_for <= set(clauses), sorted(looked_for - set(clauses))


def test_a_rule_knows_the_tags_it_looks_for():
    # each sprint card's condition is its own decision: sprint_spaces looks for no tag itself
    assert point("sprint.sprint_spaces").tested == ()
    assert point("sprint.never_sprints").tested == ("never_sprints",)      # HF-ACT-10's own decision
    assert point("sprint.herba_magica_acts").tested == ("sprint_moves_2",)             # HF-ACT-4's
    assert point("sprint.venenum_veneficum_acts").tested == ("sprint_minus_1",)        # HF-ACT-11's
    assert point("sprint.flagellum_fulguris_acts").tested == ("sprint_plus_1",)        # HF-ACT-3's
    assert point("movement.move_with_line_cards").tested == ("stops_on_line", "line_plus_2")
    assert point("sprint.sprint_is_lost").tested == ()          # `horse in race.ranking`: a name, no tag


def test_a_tag_given_to_a_rule_is_read_there_as_each_tag_the_rule_looks_for():
    # Herba Magica's test is its own decision (herba_magica_acts): XIII read there as Herba Magica
    made = [cf.Call((), "bool", False, tags=((0, frozenset({"stops_on_line"})),))]
    found = {a.name: a for a in cf.tag_alterations("horse_fever", point("sprint.herba_magica_acts"), made)}
    assert set(found) == {"stops_on_line read as sprint_moves_2 by sprint.herba_magica_acts"}
    herba = found["stops_on_line read as sprint_moves_2 by sprint.herba_magica_acts"]
    assert herba.clauses == ("HF-ACT-13",)
    with herba.install():
        assert sprint.sprint_spaces({"stops_on_line"}) == 2                # 2 instead of 1
    # Serum Maleficum's test is its own decision (never_sprints), read there
    made = [cf.Call((), "bool", False, tags=((0, frozenset({"stops_on_line"})),))]
    found = {a.name: a for a in cf.tag_alterations("horse_fever", point("sprint.never_sprints"), made)}
    lost = found["stops_on_line read as never_sprints by sprint.never_sprints"]
    assert lost.clauses == ("HF-ACT-13",)
    with lost.install():
        assert sprint.sprint_spaces({"stops_on_line"}) == 0
        assert sprint.sprint_spaces({"sprint_plus_1"}) == 2         # a horse without XIII sprints as before
    assert sprint.sprint_spaces({"stops_on_line"}) == 1             # and uninstalled, XIII does not touch the sprint


def test_a_tag_the_rule_looks_for_itself_is_also_read_beside_another():
    # kinds_discarded_by looks for both discarding cards' tags: Friz Finden's read there as
    # Rochelle Recherche's as well (both kinds discarded), or instead (the positive kind only)
    made = [cf.Call((), "other", tags=((0, frozenset({"discard_negative"})),))]
    found = {a.name: a for a in cf.tag_alterations("horse_fever", point("reveal.kinds_discarded_by"), made)}
    both = found["discard_negative also read as discard_positive by reveal.kinds_discarded_by"]
    instead = found["discard_negative read as discard_positive by reveal.kinds_discarded_by"]
    with both.install():
        assert reveal.kinds_discarded_by({"discard_negative"}) == {"negative", "positive"}
    with instead.install():
        assert reveal.kinds_discarded_by({"discard_negative"}) == {"positive"}
    assert {a.clauses for a in found.values()} == {("HF-ACT-16",)}


def test_the_discarding_cards_are_read_from_the_effects_they_are_given():
    # Friz Finden (card 16, HF-ACT-16) also read as Rochelle Recherche: Magna Velocitas (card 1,
    # positive) is discarded too. `discarded_kinds` gives the card effects to
    # `kinds_discarded_by`, so that a discarding card misread is charged to that card.
    point_ = point("reveal.kinds_discarded_by")
    assert point_.tested == ("discard_negative", "discard_positive")
    made = [cf.Call((), "other", tags=((0, frozenset({"discard_negative", "start_moves_4"})),))]
    found = {a.name: a for a in cf.tag_alterations("horse_fever", point_, made)}
    every_card = found["discard_negative also read as discard_positive by reveal.kinds_discarded_by"]
    assert every_card.clauses == ("HF-ACT-16",)
    assert reveal.discarded_kinds([16, 1]) == {"negative"}
    with every_card.install():
        assert reveal.discarded_kinds([16, 1]) == {"negative", "positive"}
        assert reveal.discarded_kinds([20, 1]) == {"positive"}       # Rochelle alone: as before


def sprint_lost_with(tag):
    """An implementation whose sprint ignores a horse holding `tag` (written as one would: the
    round resolved, then that horse's sprint taken back)."""
    original = race.resolve_round

    def resolve_round(race_, card, dice, options):
        positions, events, _ = original(race_, card, dice, options)
        out = []
        for type_, clause, fields in events:
            if type_ == "sprint" and tag in race_.effects(fields["horse"]):
                positions[fields["horse"]] -= fields["spaces"]
                fields = dict(fields, spaces=0)
            out.append((type_, clause, fields))
        finished = [h for h in race_.running() if race.ranking.has_finished(positions[h])]
        return positions, out, finished
    return lambda: mock.patch.object(race, "resolve_round", resolve_round)


# name, the card's tag and clause, cases that fail under it, the clauses every charge may name.
# Each runs with the card's probes beside them: a run's passed cases are evidence too.
MISREADINGS = [
    # XIII also costs the sprint: before, charged to the sprint (HF-SPRINT-1/2, HF-TABLE-4),
    # Serum Maleficum (HF-ACT-10) or Herba Magica (HF-ACT-4)
    ("xiii-loses-the-sprint", "stops_on_line", "HF-ACT-13",
     ["hf-probe2-hf-act-13-005", "hf-probe2-hf-act-20-003", "hf-probe2-hf-act-9-001", "hf-gen1-race-007"],
     {"HF-ACT-13"}),
    # Venenum stops the sprint whatever else the horse holds: before, charged to Flagellum
    # Fulguris (HF-ACT-3) alone; here the horse holds both, and Flagellum read as Venenum
    # gives the same step: the two are named together
    ("venenum-stops-the-sprint", "sprint_minus_1", "HF-ACT-11",
     ["hf-probe2-hf-act-11-001", "hf-probe2-hf-act-11-002"], {"HF-ACT-11", "HF-ACT-3"}),
]


@pytest.mark.parametrize("name, tag, clause, ids, allowed", MISREADINGS, ids=[m[0] for m in MISREADINGS])
def test_a_card_read_at_a_rule_that_should_not_see_it_is_charged_to_the_card(name, tag, clause, ids, allowed):
    probes = f"hf-probe2-{clause.lower()}-"
    cases = load_cases(["horse_fever"], wanted=lambda case_id: case_id in ids or case_id.startswith(probes))
    cf.forget_explanations()                    # as a run starts: no evidence from earlier tests
    mutant = Mutant(name, f"{clause} misread", (clause,), sprint_lost_with(tag))
    row = attribute_mutant(get_game("horse_fever"), mutant, cases, per_mutant=len(ids),
                           withheld=lambda alteration: alteration.source == "curated")
    assert row.failures == len(ids)             # only these fail: each is attributed
    charged = [(charge.case, charge.step, charge.clauses) for charge in row.charges]
    assert len(row.charges) == len(ids), charged
    assert all(clause in charge.clauses and set(charge.clauses) <= allowed for charge in row.charges), charged


def test_a_runs_passed_cases_set_apart_the_cards_one_step_cannot():
    """Vigor Ferreum read without "not at the Start" (tests/horse_fever/test_explicit_decisions.py):
    at hf-probe2-hf-act-1-007 the horse holds Serum Maleficum and In Igni Veritas too, and either
    read as Magna Velocitas moves it 4 at the Start as well. Alone, the step names the three
    cards. In a run, the cases it passed where those cards were at the Start refuse the other
    two readings: with the card probes as the run, Vigor Ferreum alone is named."""
    from tests.horse_fever.test_explicit_decisions import vigor_ferreum_at_the_start
    cases = load_cases(["horse_fever"], wanted=lambda case_id: case_id.startswith("hf-probe2-hf-act-"))
    cf.forget_explanations()
    mutant = Mutant("vigor-ferreum-at-the-start", "HF-ACT-7 misread", ("HF-ACT-7",), vigor_ferreum_at_the_start)
    one_step = attribute_mutant(get_game("horse_fever"), mutant, [c for c in cases if c["id"] == "hf-probe2-hf-act-1-007"],
                                withheld=lambda alteration: alteration.source == "curated")
    assert [c.clauses for c in one_step.charges] == [["HF-ACT-10", "HF-ACT-5", "HF-ACT-7"]]
    cf.forget_explanations()
    run = attribute_mutant(get_game("horse_fever"), mutant, cases, only={"hf-probe2-hf-act-1-007"},
                           withheld=lambda alteration: alteration.source == "curated")
    assert run.failures > 1
    assert [c.clauses for c in run.charges] == [["HF-ACT-7"]]
