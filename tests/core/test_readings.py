"""An interpretation read the other way (reference/core/readings.py): the counterfactual search
plays a failing step with an option the step read set to another value the interpretations
register names, and charges such a play to the interpretations that option selects.

The misreadings here are written as an implementation would write them: a check written apart
from the rest of the engine, reading the other of an open point's readings there only."""

from __future__ import annotations

import dataclasses

from reference.core import counterfactual as cf
from reference.core import passed_cases, readings, run_charges
from reference.core.counterfactual import FROM_SETUP
from reference.core.errors import IllegalAction
from reference.core.game import Mutant, get_game
from reference.core.mutant_attribution import attribute_mutant
from reference.core.options import READ_AS, watched
from reference.core.vectors import load_cases
from reference.cards.rules import betting
from reference.cards.rules.state import BETTING
from reference.core.mutation import patched


@dataclasses.dataclass(frozen=True)
class Sample:
    colour: str = "red"
    odds: tuple = (1, 2)


def test_the_register_gives_each_option_its_interpretations_and_every_value_default_first():
    options = readings.interpretation_options("cards")
    assert options["bank_cover"] == (("CRD-INT-1",), ("gross", "net"))
    assert options["when_uncovered"] == (("CRD-INT-2",), ("refuse", "owe"))
    # one option that selects two interpretations charges both (HF-INT-1's and HF-INT-22's payout)
    assert readings.interpretation_options("horse_fever")["win_payout"][0] == ("HF-INT-1", "HF-INT-22")


def test_an_option_is_read_another_way_only_while_the_search_runs_and_the_reading_lasts(monkeypatch):
    assert watched(Sample()) == Sample()
    monkeypatch.setattr("reference.core.options.READABLE", [True])
    options = watched(Sample("blue", (3, 4)))
    with readings.reading_as("colour", "green"), readings.reading_as("odds", [5, 6]):
        # a list value of the register is read as the tuple the options hold
        assert (options.colour, options.odds) == ("green", (5, 6))
    assert (options.colour, options.odds) == ("blue", (3, 4)) and not READ_AS


def test_the_options_a_step_read_are_those_read_while_it_played():
    def replay():
        options = watched(Sample())
        options.colour
        yield "setup and first step"
        options.odds
        yield "second step"
    assert readings.options_read(replay, 0) == {"colour"}
    assert readings.options_read(replay, 1) == {"odds"}
    assert readings.options_read(lambda: iter(["unwatched"]), 0) is None     # not known: every option


def test_other_values_are_those_of_the_options_read_not_the_cases_own():
    others = readings.other_values("cards", {"bank_cover": "net"}, {"bank_cover", "starting_balance"})
    assert others == [("bank_cover", "gross", ("CRD-INT-1",)),
                      ("starting_balance", 10, ("CRD-INT-5",)), ("starting_balance", 5, ("CRD-INT-5",))]


def cover_checked_gross_at_the_bet():
    """CRD-INT-1 read gross where the bet is checked, whatever the table agreed: the horses offered
    are worked out with the agreed measure, but the bet's own check, written apart, measures the
    bank's cover gross, and a horse offered under the net measure is refused once named."""
    original = betting.place_bet

    def place_bet(table, horse, stake, by, log, field):
        if table.phase == BETTING and table.options.bank_cover == "net" and table.to_bet is not None:
            race, seat = table.race, table.to_bet
            owed = betting.liability(betting.bets_if_backed(race.bets, seat, horse), race.odds, "gross")
            if horse in owed and not betting.bank_covers(table.balances[race.banker], owed):
                raise IllegalAction(f"{field}.bet", "the bank could not pay", "CRD-BET-4")
        return original(table, horse, stake, by, log, field)
    return patched((betting, "place_bet", place_bet))


def test_an_interpretation_read_the_other_way_at_one_check_is_charged_to_that_interpretation():
    """Before, the refusal was charged to CRD-BET-4's decisions (one suit wins, turned round),
    the interpretation being no decision any alteration could turn."""
    cases = load_cases(["cards"])
    name = "cover-checked-gross-at-the-bet"
    mutant = Mutant(name, "CRD-INT-1 read gross at the bet", ("CRD-INT-1",), cover_checked_gross_at_the_bet)
    failing = ["crd-int-cover-net"]
    row = attribute_mutant(get_game("cards"), mutant, cases, per_mutant=len(failing), only=failing,
                           withheld=lambda alteration: alteration.name.removesuffix(FROM_SETUP) == f"mutant {name}")
    assert [charge.case for charge in row.charges] == failing
    assert all(charge.clauses == ["CRD-INT-1"] for charge in row.charges), row.charges


def test_without_the_interpretation_alterations_the_misreading_is_charged_elsewhere(monkeypatch):
    """The test above fails when the search has no interpretation read the other way."""
    monkeypatch.setattr(cf, "interpretation_alterations", lambda stage: [])
    cases = load_cases(["cards"])
    name = "cover-checked-gross-at-the-bet"
    mutant = Mutant(name, "CRD-INT-1 read gross at the bet", ("CRD-INT-1",), cover_checked_gross_at_the_bet)
    row = attribute_mutant(get_game("cards"), mutant, cases, per_mutant=1, only=["crd-int-cover-net"],
                           withheld=lambda alteration: alteration.name.removesuffix(FROM_SETUP) == f"mutant {name}")
    assert row.charges and all("CRD-INT-1" not in charge.clauses for charge in row.charges), row.charges


def test_the_report_tells_an_implementer_who_took_the_other_reading_how_to_say_so():
    from reference.core.report import reading_advice
    advice = reading_advice('bank_cover read as "gross"', "cards")
    assert advice == ['    that is CRD-INT-1\'s other reading: if your engine takes it, run with options.bank_cover = '
                      '"gross", or skip the flagged vectors (horserace explain CRD-INT-1)']
    # a decision's alteration, or an option the register does not name, gets no such line
    assert reading_advice("negate betting.one_suit_wins", "cards") == []
    assert reading_advice("colour read as 1", "cards") == []


def test_the_text_report_of_such_a_failure_names_the_interpretation_and_the_option():
    import json
    from reference.core.adapter import answer_case
    from reference.core.protocol import case_message
    from reference.core.report import text_summary
    from reference.core.results import CaseResult, judge
    [case] = load_cases(["cards"], wanted={"crd-int-cover-net"}.__contains__)
    with cover_checked_gross_at_the_bet():
        steps = answer_case(case_message(1, case))["steps"]
    # a run of this one case: nothing an earlier test's run kept (a runner forgets it when it starts)
    passed_cases.forget(wide=True)
    cf.forget_explanations()
    run_charges.forget()
    status, mismatch = judge(case, json.loads(json.dumps(steps)))
    # alone, the case cannot tell the reading from CRD-BET-4's one suit covered turned round: named together
    assert status == "failed" and mismatch["clauses"] == ["CRD-BET-4", "CRD-INT-1"], mismatch.get("clauses")
    lines = text_summary([CaseResult(case["id"], "cards", case["kind"], status, case["clauses"],
                                     mismatch=mismatch)]).splitlines()
    assert any('bank_cover read as "gross"' in line for line in lines)
    assert ('    that is CRD-INT-1\'s other reading: if your engine takes it, run with options.bank_cover = '
            '"gross", or skip the flagged vectors (horserace explain CRD-INT-1)') in lines
