"""Parts of the counterfactual search the end-to-end tests of test_counterfactual.py do not pin:
which decision points get alterations, where an alteration is installed, how deep a setup is
searched for a value (reference/core/counterfactual.py, decision_points.py)."""

from __future__ import annotations

import importlib

from reference.core.counterfactual import Call, _given, decision_alterations
from reference.core.decision_points import DecisionPoint, decision_points, holders


def test_a_decision_point_that_only_refused_gets_no_alteration():
    """A step whose only call of the point refused: whether to refuse is what differs, which the
    refusal alterations cover; one that also gave a value gets its alterations."""
    point = DecisionPoint("reference.dominoes.rules.match", "reaches_target", ("DOM-X-1",), "function",
                          True, True, (True, False), 1)
    assert decision_alterations("dominoes", {point: [Call((), "refused")]}) == []
    assert decision_alterations("dominoes", {point: [Call((), "refused"), Call((), "bool", True)]})


def test_a_function_is_altered_in_every_module_of_the_game_that_imported_it():
    """rules/turns.py does `from .layout import may_open_with`: an alteration installed only in
    layout would leave the name turns calls untouched."""
    turns = importlib.import_module("reference.dominoes.rules.turns")
    point = next(p for p in decision_points("dominoes") if p.qualname == "may_open_with")
    places = [(module.__name__, name) for module, name in holders("dominoes", point)]
    assert places[0] == ("reference.dominoes.rules.layout", "may_open_with")
    assert (turns.__name__, "may_open_with") in places


def test_a_setup_value_is_found_down_to_six_levels_and_no_deeper():
    def nested(levels: int) -> dict:
        setup: dict = {"target": 150}
        for _ in range(levels):
            setup = {"inner": setup}
        return setup
    assert _given(nested(0), "target", 150)
    assert _given(nested(6), "target", 150)
    assert not _given(nested(7), "target", 150)
    assert not _given(nested(2), "target", 151)


def test_two_changes_are_the_same_only_if_they_remove_the_same_facts_too():
    """Per-seat multisets (unordered_each) carry no length fact: dropping one item or two adds
    nothing in either case, and only what they remove tells the two misreadings apart."""
    from reference.core.counterfactual import Change
    expected, modes = {"hands": [[1, 2]]}, {"hands": "unordered_each"}
    one_dropped = Change(expected, {"hands": [[1]]}, modes)
    both_dropped = Change(expected, {"hands": [[]]}, modes)
    assert one_dropped.added == both_dropped.added
    assert not one_dropped.same_as(both_dropped)
    assert one_dropped.same_as(Change(expected, {"hands": [[1]]}, modes))
