"""Which cases an implementation takes: the option values it offers in its hello (README:
"give a range, bounds included: `"starting_balance":[{"min":1,"max":100}]`"), type-exact, and
the default of an option it lists. A wrong answer here skips cases silently (a `max` read as
exclusive skips every case at the top of the range), so both ends of every range are tested."""

from __future__ import annotations

import pytest

from reference.core.runner import Implementation, offers, unsupported_options


@pytest.mark.parametrize("low,high", [(1, 100), (2, 4), (0, 0), (-3, 3), (20, 20)])
def test_an_integer_range_includes_both_bounds_and_nothing_beyond(low, high):
    offered = [{"min": low, "max": high}]
    for value in range(low - 2, high + 3):
        assert offers(offered, value) == (low <= value <= high), value


def test_a_range_with_one_bound_is_open_on_the_other_side():
    assert offers([{"min": 5}], 5) and offers([{"min": 5}], 10 ** 9) and not offers([{"min": 5}], 4)
    assert offers([{"max": 5}], 5) and offers([{"max": 5}], -10 ** 9) and not offers([{"max": 5}], 6)


def test_a_range_holds_integers_only():
    offered = [{"min": 0, "max": 10}]
    for value in (True, False, 1.0, 5.5, "5", None, [5], {"min": 0, "max": 10}):
        assert not offers(offered, value), value


def test_plain_values_are_offered_type_exactly():
    assert offers(["draw", True, 20, [1, 2, 3, 5, 10]], "draw")
    assert offers([True], True) and not offers([True], 1) and not offers([1], True)
    assert offers([20], 20) and not offers([20], 20.0) and not offers([20.0], 20)
    assert offers([[1, 2, 3, 5, 10]], [1, 2, 3, 5, 10]) and not offers([[1, 2, 3, 5, 10]], [1, 2, 3, 5])
    assert not offers([], "draw") and not offers(["draw"], "pass")
    # an object that is not a range is a plain value
    assert offers([{"table": 1}], {"table": 1}) and not offers([{"table": 1}], 1)
    assert not offers([{}], 0) and offers([{}], {})


def test_any_entry_of_the_list_may_offer_the_value():
    offered = ["fixed", {"min": 1, "max": 3}, {"min": 10, "max": 12}, 7]
    assert [v for v in range(0, 14) if offers(offered, v)] == [1, 2, 3, 7, 10, 11, 12]
    assert offers(offered, "fixed")


def case(options: dict | None = None) -> dict:
    return {"id": "crd-x", "game": "cards", "kind": "race", "options": options or {}}


def test_a_case_runs_when_its_option_values_are_offered_at_either_end_of_a_range():
    offered = {"starting_balance": [{"min": 1, "max": 100}]}
    for balance in (1, 20, 100):
        assert unsupported_options(case({"starting_balance": balance}), offered) is None
    for balance in (0, 101):
        assert "starting_balance=" in unsupported_options(case({"starting_balance": balance}), offered)


def test_an_option_not_listed_supports_only_its_default():
    assert unsupported_options(case(), {}) is None
    assert unsupported_options(case({"starting_balance": 30}), {}) == \
        "option starting_balance=30 is not offered by the implementation"


def test_a_listed_option_must_also_offer_the_default_for_default_cases():
    # the default starting balance is 20 (CRD-INT register): a range that stops short of it
    assert unsupported_options(case(), {"starting_balance": [{"min": 1, "max": 20}]}) is None
    assert unsupported_options(case(), {"starting_balance": [{"min": 20, "max": 40}]}) is None
    message = unsupported_options(case(), {"starting_balance": [{"min": 21, "max": 40}]})
    assert message == ("the case needs option starting_balance at its default 20, which the implementation "
                       "does not offer")
    # an option the game does not have is no reason to skip
    assert unsupported_options(case(), {"no_such_option": ["x"]}) is None


def test_the_implementation_skips_by_game_kind_and_options():
    impl = Implementation("true")
    impl.announced = {"games": {"cards": {"kinds": ["race"], "options": {"starting_balance": [{"min": 10, "max": 20}]}}}}
    assert impl.unsupported(case()) is None
    assert impl.unsupported(case({"starting_balance": 10})) is None
    assert impl.unsupported(case({"starting_balance": 9})) == "option starting_balance=9 is not offered by the implementation"
    assert impl.unsupported({**case(), "kind": "session"}) == "the implementation does not take session cases"
    assert impl.unsupported({**case(), "game": "dominoes"}) == "the implementation does not play dominoes"
