"""Each rule whose plausible misreading had no code of its own now decides it in a small named
function under its marker, so that an alteration of that clause's own code reproduces the
misreading and the counterfactual search charges the clause (issue 24).

Each misreading below is written here as an implementation would misread the rule: a patch of
the *caller* of the new decision (never the decision itself, which is the very alteration the
search makes). It is run as a misreading (`Mutant`) over a few of its failing cases and
`attribute_mutant` charges them as the runner charges an implementation, the misreading withheld
from the search. Before the decisions were made explicit, each was charged to a neighbour:

- CRD-PAY-3 «varios pueden elegir mismo ganador», a backed horse closed to the others: charged
  to CRD-BET-5 or CRD-PAY-2 (nothing in the settlement loop reproduces a betting offer);
- CRD-BET-4, the cover not checked: mostly charged right before (bank_covers negated), but
  where the bank covered some suits and not others (three of the four cases below) CRD-PAY-2
  was charged (its net winnings zeroed empty the liability: every horse covered);
- CRD-ODDS-1, the odds read one row on: charged to CRD-ODDS-2 (the shifted count was passed by
  posted_odds, then CRD-ODDS-2's block);
- CRD-RACE-9, the hidden-track version's setback: charged to CRD-RACE-7, CRD-RACE-1 or
  CRD-RACE-3 (`forward` only ever adds);
- CRD-RACE-10, a revealed card put back under the deck: reproduced only by CRD-RACE-1's turn_up
  left without effect.
"""

from __future__ import annotations

import pytest

from reference.cards.rules import betting, odds, race
from reference.cards.rules.cards import SUITS, card
from reference.core.game import Mutant, get_game
from reference.core.mutant_attribution import attribute_mutant
from reference.core.mutation import patched
from reference.core.vectors import load_cases

# -- the misreadings, as an implementation would make them --------------------------------------


def backed_horse_closed():
    """CRD-PAY-3 read as 'one backer per horse': a horse someone has backed is not offered."""
    offered = betting.open_horses

    def open_horses(table):
        backed = {b.horse for b in table.race.bets}
        return [horse for horse in offered(table) if horse not in backed]
    return patched((betting, "open_horses", open_horses))


def cover_not_checked():
    """CRD-BET-4 skipped: the bank is taken to cover whatever it holds."""
    return patched((betting, "bank_covers", lambda bank_balance, owed: True))


def odds_one_row_on():
    """CRD-ODDS-1 read one row on (as if the table started at one track card): 0 -> 2:1, ..."""
    def posted_odds(counts, table):
        return {suit: table[counts[suit] + 1] if counts[suit] + 1 < len(table) else None for suit in SUITS}
    return patched((odds, "posted_odds", posted_odds))


def revealed_card_back_under_the_deck():
    """CRD-RACE-10 missed: a revealed card goes to its pile and back under the race deck."""
    def to_revealed_pile(r, card):
        r.revealed.append(card)
        r.deck.append(card)
    return patched((race, "to_revealed_pile", to_revealed_pile))


def setback_of_a_passed_mark():
    """CRD-RACE-9 missed, the popular hidden-track rule played anyway: when the last horse passes
    a mark, the horse of that mark's suit goes back one position."""
    reveal_next = race.reveal_next

    def with_setback(r, log, field):
        lowest_before = min(r.positions.values())
        winner = reveal_next(r, log, field)
        lowest = min(r.positions.values())
        if winner is None and lowest > lowest_before:
            r.positions[r.track[lowest - 1].suit] -= 1
        return winner
    return patched((race, "reveal_next", with_setback))


# (name, clause, patch, failing cases, strict: the clause alone is charged; else its own clause among
# at most three, as `horserace mutants --attribution` judges "named": over these few cases alone,
# without the many cases the misreading passes, a neighbour's alteration may stay tied)
MISREADINGS = [
    ("backed-horse-closed", "CRD-PAY-3", backed_horse_closed,
     ["crd-probe1-crd-bet-4-004", "crd-faq-reaching-last-mark"], False),
    ("cover-not-checked", "CRD-BET-4", cover_not_checked,
     ["crd-int-cover-net", "crd-int-starting-balance-five", "crd-int-uncovered-sit-out",
      "crd-race-refused-steps-poor-seats"], True),
    ("odds-one-row-on", "CRD-ODDS-1", odds_one_row_on,
     ["crd-probe1-crd-bet-3-006", "crd-probe1-crd-pay-2-010", "crd-faq-loaded-track-relaid"], True),
    ("setback-of-a-passed-mark", "CRD-RACE-9", setback_of_a_passed_mark,
     ["crd-probe1-crd-bet-6-009", "crd-gen1-race-007"], True),
    # turn_up left without effect (CRD-RACE-1) reproduces the first reveal too: tied, its own among them
    ("revealed-card-back-under-the-deck", "CRD-RACE-10", revealed_card_back_under_the_deck,
     ["crd-probe1-crd-pay-2-002", "crd-probe1-crd-rot-2-011"], False),
]


@pytest.mark.parametrize("name, clause, patch, case_ids, strict", MISREADINGS, ids=[m[0] for m in MISREADINGS])
def test_the_misreading_is_charged_to_its_own_clause(name, clause, patch, case_ids, strict):
    cases = load_cases(["cards"], wanted=lambda id_: id_ in case_ids)
    assert sorted(c["id"] for c in cases) == sorted(case_ids)
    mutant = Mutant(name, f"a misreading of {clause}", (clause,), patch)
    row = attribute_mutant(get_game("cards"), mutant, cases, per_mutant=len(cases))
    assert row.failures == len(case_ids), f"{name} fails only {row.failures} of {case_ids}"
    assert len(row.charges) == len(case_ids)
    for charge in row.charges:
        assert charge.basis == "counterfactual", (name, charge)
        if strict:
            assert charge.clauses == [clause], (name, charge)
        else:
            assert clause in charge.clauses and row.named(charge), (name, charge)


def test_the_explicit_decisions_answer_as_the_rules_say():
    """The reading the suite plays: several may back one horse, a revealed card stays out of the
    deck, no setback, and the bank covers its worst single suit."""
    assert betting.several_may_back_one_horse() is True
    assert race.goes_back_into_deck(card(10, "D")) is False
    assert race.passed_mark_sends_back() is False
    assert betting.cover_needed({"S": 2, "H": 0, "D": 3, "C": 1}) == 3
    assert betting.bank_covers(3, {"S": 2, "H": 0, "D": 3, "C": 1}) is True
    assert betting.bank_covers(2, {"S": 2, "H": 0, "D": 3, "C": 1}) is False
