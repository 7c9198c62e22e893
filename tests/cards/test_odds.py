"""Posted odds (CRD-ODDS-1), why they are not fair (CRD-ODDS-2), and the exact odds module.
Exact probabilities are checked against an independent recursion (oracle.py), never against
the engine's own output."""

from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from horserace_cli.main import main
from reference.cards.exact import (all_compositions, composition_odds, composition_probability,
                                   expected_value, fair_net_odds, legal_compositions, relay_probability,
                                   win_probabilities)
from reference.cards.rules.odds import SUGGESTED_ODDS, odds_for_count, posted_odds

from .helpers import laid, view
from .oracle import forward_probabilities

SUITS = ("S", "H", "D", "C")


@pytest.mark.clause("CRD-ODDS-1")
@pytest.mark.parametrize("count, odds", [(0, 1), (1, 2), (2, 3), (3, 5), (4, 10)])
def test_suggested_net_odds_by_track_count(count, odds):
    assert odds_for_count(count, SUGGESTED_ODDS) == odds


@pytest.mark.clause("CRD-ODDS-1", "CRD-BET-2")
def test_the_worked_example_posts_three_three_two_three():
    t = laid("3S 9H 5D QC JS 4H 8C")
    assert view(t)["odds"] == {"S": 3, "H": 3, "D": 2, "C": 3}
    assert posted_odds({"S": 5, "H": 2, "D": 0, "C": 0}, SUGGESTED_ODDS) == {"S": None, "H": 3, "D": 1, "C": 1}


@pytest.mark.clause("CRD-ODDS-1")
def test_another_agreed_table_is_posted_instead():
    t = laid("2S 3S 4S 5S 2H 3H 2D", odds=(2, 3, 4, 6, 12))
    assert view(t)["odds"] == {"S": 12, "H": 4, "D": 3, "C": 2}


@pytest.mark.clause("CRD-ODDS-2")
def test_the_traditional_prices_are_not_fair():
    # Fair net odds make a chip's expected gain zero; the posted prices miss in both directions.
    signs = set()
    for counts in legal_compositions():
        for horse in composition_odds(counts, SUGGESTED_ODDS):
            assert horse.fair != horse.posted
            assert horse.expected == horse.probability * horse.posted - (1 - horse.probability)
            signs.add(horse.expected > 0)
    assert signs == {True, False}
    # the worked example: diamonds (1 track card) are a good bet at 2:1, the others bad at 3:1
    odds = {h.suit: h for h in composition_odds({"S": 2, "H": 2, "D": 1, "C": 2}, SUGGESTED_ODDS)}
    assert odds["D"].expected > 0 > odds["S"].expected


@pytest.mark.clause("CRD-ODDS-2", "CRD-COUNT-1")
@pytest.mark.parametrize("counts", [(2, 2, 1, 2), (4, 3, 0, 0), (4, 2, 1, 0), (4, 1, 1, 1), (3, 3, 1, 0),
                                    (3, 2, 2, 0), (3, 2, 1, 1), (0, 1, 2, 4), (5, 2, 0, 0), (7, 0, 0, 0)])
def test_exact_probabilities_agree_with_an_independent_recursion(counts):
    assert tuple(win_probabilities(dict(zip(SUITS, counts))).values()) == forward_probabilities(counts)


def test_the_worked_example_track_probabilities():
    p = win_probabilities({"S": 2, "H": 2, "D": 1, "C": 2})
    assert p["S"] == p["H"] == p["C"] < p["D"]
    assert p["D"] == Fraction(1636509107, 4333586348)      # by the independent recursion


@pytest.mark.clause("CRD-TRACK-4")
def test_eighty_compositions_stand_and_the_relay_chance_is_counted_by_hand():
    assert len(all_compositions()) == comb(10, 3)              # 7 cards over 4 suits: 120 splits
    assert len(legal_compositions()) == 120 - 4 * (comb(4, 2) + 3 + 1)   # minus a suit at 5, 6 or 7: 80
    by_hand = Fraction(4 * (comb(12, 5) * comb(36, 2) + comb(12, 6) * 36 + comb(12, 7)), comb(48, 7))
    assert by_hand == Fraction(1346, 46483) == relay_probability()
    assert sum(composition_probability(c) for c in all_compositions()) == 1


def test_fair_odds_and_expected_value_formulas():
    assert fair_net_odds(Fraction(1, 4)) == 3
    assert fair_net_odds(Fraction(0)) is None
    assert expected_value(Fraction(1, 4), 3) == 0
    assert expected_value(Fraction(1, 2), 1) == 0
    assert expected_value(Fraction(1, 3), 1) == Fraction(-1, 3)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(all_compositions()))
def test_the_four_probabilities_add_up_to_one(counts):
    p = win_probabilities(counts)
    assert sum(p.values()) == 1
    assert all(0 <= v <= 1 for v in p.values())
    # fewer track cards never makes a horse slower
    for a in SUITS:
        for b in SUITS:
            if counts[a] < counts[b]:
                assert p[a] > p[b] or (p[a] == p[b] == 0)


def test_the_odds_command_prints_the_table(capsys):
    assert main(["odds", "--exact"]) == 0
    out = capsys.readouterr().out
    assert "1346/46483" in out
    assert "80 compositions stand, in 7 shapes" in out
    assert "shape 2-2-2-1" in out and "1636509107/4333586348" in out
    assert main(["odds", "--counts", "5,2,0,0"]) == 0
    assert "No prices" in capsys.readouterr().out
    assert main(["odds", "--counts", "4,3,0,0"]) == 0
    assert "10:1" in capsys.readouterr().out   # spades, with four track cards, are posted at 10:1


@pytest.mark.clause("CRD-TRACK-4")
def test_the_odds_command_prices_no_relaid_track(capsys):
    # A track with five of a suit is laid again: no race, no price (odds: null in every kind).
    assert main(["odds", "--counts", "5,1,1,0"]) == 0
    out = capsys.readouterr().out
    assert "lay the track again" in out and "odds: null" in out
    block = out.split("track 5 spades")[1]
    assert "wins" not in block and ":1" not in block


def test_a_loaded_track_would_still_end_a_race():
    # Not a posted price (no race is run on it), but the exact figures the scenario's notes quote.
    p = win_probabilities({"S": 5, "H": 2, "D": 0, "C": 0})
    assert p == {"S": 0, "H": Fraction(1602586, 11324703), "D": Fraction(9722117, 22649406),
                 "C": Fraction(9722117, 22649406)}
    assert main(["odds", "--counts", "1,1"]) == 2


@pytest.mark.clause("CRD-TRACK-4")
def test_a_relaid_track_has_the_same_no_odds_form_in_every_kind():
    from reference.core.game import CaseInput
    from reference.cards.replay import replay
    track = ["2S", "3S", "4S", "5S", "6S", "2H", "2D"]          # five spades: laid again
    layout = list(replay(CaseInput("layout", {}, [{"action": "lay", "lay": {"track": track}}], {})))[0]
    odds = list(replay(CaseInput("odds", {"track": track}, [{"action": "observe"}], {})))[0]
    deck = [c for c in (r + s for s in "SHDC" for r in "2 3 4 5 6 7 8 9 10 J Q K".split()) if c not in track]
    race = list(replay(CaseInput("race", {"players": 3}, [{"action": "lay", "lay": {"track": track, "deck": deck}}],
                                 {})))[0]
    assert layout.observation["odds"] is None and race.observation["odds"] is None
    assert odds.observation["must_relay"] is True
    assert [odds.observation[k] for k in ("odds", "win_probability", "fair_odds", "expected_value")] == [None] * 4
