"""The vectors of the `position` kind as reference/core/position_checks.py makes them, from toy
bases and near misses written here: one observed case per base, naming the rules its near misses
break; one refused case per near miss, its setup the base with the one change made (the base
itself untouched), described by the change's docstring (or its name); a near miss refused under
no rule of the game's catalog is a mistake of the game's checks, not a case."""

from __future__ import annotations

import pytest

from reference.core.position_checks import position_cases

GAME = "dominoes"          # data: any game's catalog; the clause ids below are two of its rules
BASES = {"first_turn": {"position": {"turn": 0, "hands": [7, 7]}},
         "late_game": {"position": {"turn": 9, "hands": [2, 1]}}}


def hands_too_big(position):
    """a hand holds more tiles than were dealt"""
    position["hands"][0] = 8


def turn_negative(position):
    position["turn"] = -1


def hand_empty(position):
    """a hand is empty before the match ends"""
    position["hands"][1] = 0


NEAR_MISSES = [("first_turn", "too-many-tiles", hands_too_big), ("first_turn", "before-the-first-turn", turn_negative),
               ("late_game", "empty-hand", hand_empty)]
RULE_OF = {8: "DOM-DEAL-1", -1: "DOM-OPEN-1", 0: "DOM-END-1"}


def refusing_clause(setup):
    position = setup["position"]
    for value in (position["hands"][0], position["turn"], position["hands"][1]):
        if value in RULE_OF:
            return RULE_OF[value]
    return None


def describe(phase):
    return {"first_turn": "The first turn", "late_game": "A late position"}[phase]


def made(near_misses=NEAR_MISSES, refusing=refusing_clause):
    return position_cases(GAME, "dom-pos1", BASES, near_misses, refusing, describe,
                          position=lambda setup: setup["position"])


def test_each_base_is_observed_naming_the_rules_its_own_near_misses_break():
    cases = {c["id"]: c for c in made()}
    observe = [{"action": "observe"}]
    assert cases["dom-pos1-reached-first-turn"] == {
        "id": "dom-pos1-reached-first-turn", "kind": "position", "options": {},
        "description": "The first turn as play reaches it: observed as it stands",
        "clauses": ["DOM-DEAL-1", "DOM-OPEN-1"],
        "input": {"setup": BASES["first_turn"], "steps": observe}}
    assert cases["dom-pos1-reached-late-game"]["clauses"] == ["DOM-END-1"]
    assert cases["dom-pos1-reached-late-game"]["input"]["setup"] == BASES["late_game"]


def test_each_near_miss_is_its_base_with_one_change_described_by_it():
    cases = {c["id"]: c for c in made()}
    assert list(cases) == ["dom-pos1-reached-first-turn", "dom-pos1-reached-late-game", "dom-pos1-too-many-tiles",
                           "dom-pos1-before-the-first-turn", "dom-pos1-empty-hand"]
    assert cases["dom-pos1-too-many-tiles"] == {
        "id": "dom-pos1-too-many-tiles", "kind": "position", "options": {},
        "description": "Refused: The first turn that no play reaches (a hand holds more tiles than were dealt)",
        "input": {"setup": {"position": {"turn": 0, "hands": [8, 7]}}, "steps": [{"action": "observe"}]}}
    # no docstring: the near miss's name
    assert cases["dom-pos1-before-the-first-turn"]["description"] == \
        "Refused: The first turn that no play reaches (before-the-first-turn)"
    assert cases["dom-pos1-before-the-first-turn"]["input"]["setup"] == {"position": {"turn": -1, "hands": [7, 7]}}
    assert cases["dom-pos1-empty-hand"]["input"]["setup"] == {"position": {"turn": 9, "hands": [2, 0]}}
    assert BASES == {"first_turn": {"position": {"turn": 0, "hands": [7, 7]}},
                     "late_game": {"position": {"turn": 9, "hands": [2, 1]}}}     # untouched


def test_the_cases_share_no_setup_with_the_bases_or_each_other():
    cases = made()
    cases[0]["input"]["setup"]["position"]["hands"].append(99)
    cases[2]["input"]["setup"]["position"]["turn"] = 5
    assert BASES["first_turn"] == {"position": {"turn": 0, "hands": [7, 7]}}
    assert made()[0]["input"]["setup"] == BASES["first_turn"]


@pytest.mark.parametrize("refusing", [lambda setup: None, lambda setup: "DOM-NOT-A-RULE-1"])
def test_a_near_miss_refused_under_no_rule_of_the_catalog_is_a_mistake(refusing):
    with pytest.raises(AssertionError):
        made([("first_turn", "too-many-tiles", hands_too_big)], refusing)
