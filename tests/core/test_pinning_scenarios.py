"""Every interpretation's pinning scenarios fail under each alternative reading it lists (issue 32
item 4): each scenario of an interpretation is replayed under every value of the interpretation's
option other than its own, and under each value at least one expectation of at least one of them
must fail. A register entry whose scenarios all pass under an alternative does not pin the
reading: an engine of that alternative would pass them. Alternatives without an option value
(readings no option selects) cannot be replayed; their cases are marked by situation flags."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import pytest

from reference.core.catalog import load_catalog
from reference.core.expect import same
from reference.core.game import all_games
from reference.core.scenario import Scenario, game_scenarios
from reference.core.verify import verify_scenario

GAMES = sorted(all_games())


@lru_cache(maxsize=None)
def scenarios(game: str) -> dict[str, Scenario]:
    return {s.id: s for s in game_scenarios(all_games()[game])}


def fails_under(scenario: Scenario, option: str, value) -> bool:
    """Does some expectation of the scenario fail (or a step it expects to be taken get refused)
    when it is replayed with the option at `value`?"""
    return not verify_scenario(dataclasses.replace(scenario, options={**scenario.options, option: value})).ok


def own_value(scenario: Scenario, option: dict):
    return scenario.options.get(option["name"], option["default"])


def options_entries(game: str):
    return [i for i in load_catalog(game).interpretations.values() if i.option]


@pytest.mark.parametrize("game", GAMES)
def test_every_alternative_value_fails_some_pinning_scenario(game):
    not_pinned = []
    checked = 0
    for entry in options_entries(game):
        name = entry.option["name"]
        pinning = [scenarios(game)[sid] for sid in entry.scenarios]
        assert pinning, f"{entry.id} names no scenario that pins it"
        for value in (entry.option["default"], *entry.option_alternatives):
            others = [s for s in pinning if not same(own_value(s, entry.option), value)]
            if not others:
                continue            # every scenario of the entry runs under this value already
            checked += 1
            if not any(fails_under(s, name, value) for s in others):
                not_pinned.append(f"{entry.id}: {name}={value!r} passes {', '.join(s.id for s in others)}")
    assert checked > 0
    assert not_pinned == [], "pinning scenarios that do not pin"


@pytest.mark.parametrize("scenario_id", ["hf-int-short-of-minimum-bet-after-penalty", "hf-minimum-bet-player-out"])
def test_the_short_of_minimum_scenarios_pin_the_penalty_paid_once(scenario_id):
    """Issue 32: both passed under "apply the penalty once, then bet if able", which the register
    now lists (HF-INT-18, how many times the penalty applies: short_of_minimum: penalty_once); each
    has a seat still short after one penalty."""
    entry = load_catalog("horse_fever").interpretations["HF-INT-18"]
    assert "penalty_once" in entry.option_alternatives and scenario_id in entry.scenarios
    scenario = scenarios("horse_fever")[scenario_id]
    assert verify_scenario(scenario).ok
    assert fails_under(scenario, "short_of_minimum", "penalty_once")
