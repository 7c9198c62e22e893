"""Fuzzing the Horse Fever setup and action parsers (issue 11): every input either replays or is
refused with the suite's input error (InputError, located by its field) - never another exception,
never a hang. Inputs start from good setups and steps with some values replaced by anything JSON
or YAML can hold: wrong types, booleans, negative and huge numbers, long strings, nesting."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference.core.errors import InputError
from reference.core.game import CaseInput
from reference.horse_fever.actions import step_action
from reference.horse_fever.replay import replay
from tests.json_trees import json_trees

HUGE = [10 ** 30, 2 ** 63, -1, 0, 12, 99, 100, 105]


# An integer Python refuses to turn into text (more than 4,300 digits), made once: ints are never
# changed in place, and working it out again for every example cost a quarter of a millisecond.
TOO_LONG_TO_PRINT = 10 ** 5000

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.sampled_from(HUGE), st.just(TOO_LONG_TO_PRINT),
                    st.floats(allow_nan=True), st.text(max_size=30), st.just("x" * 10_000),
                    st.sampled_from(["white", "red", "win", "show", "on", "15", "race", "deal", "pass"]))
values = json_trees(scalars, st.one_of(st.text(max_size=10), st.integers(), st.sampled_from(
    ["white", "blue", "yellow", "black", "red", "green", "hands", "card", "dice", "photo"])), size=8, max_leaves=25)

ODDS = {"white": 7, "blue": 6, "yellow": 5, "black": 4, "red": 3, "green": 2}
GOOD_SETUPS = {
    "game": {"players": 3, "stables": ["white", "blue", "yellow", "black", "red", "green"],
             "characters": [71, 72, 73], "first_player": 1},
    "round": {"players": 2, "odds": ODDS, "vp": [2, 1], "danari": [1000, 1000], "owners": {"red": 0, "black": 1},
              "first_player": 0, "round": 2, "rounds": 4, "out": []},
    "race": {"odds": ODDS, "cards": {"white": [1, 15], "red": [10]}, "race_rounds_played": 1,
             "movement_cards": [99], "positions": {"white": 4, "red": 3}, "ranking": []},
    "odds": {"odds": ODDS, "ranking": ["red", "green", "white", "blue", "yellow", "black"]},
}
GOOD_STEPS = {
    "game": [{"action": "deal", "deal": {"hands": [[16, 5], [20, 12], [1, 2]]}}, {"action": "bet red win 100"},
             {"bet": "blue", "side": "show", "amount": 100}, {"action": "bet red show 100"},
             {"action": "play 20 on red"}],
    "round": [{"deal": {"hands": [[16, 5], [20, 12]]}}, {"bet": "red", "side": "win", "amount": 200, "by": 0},
              {"action": "bet blue show 100"}, {"play": 16, "horse": "white"}, {"action": "play 20 on white"}],
    "race": [{"action": "race", "race": {"card": 100, "dice": ["red", "green"]}}, {"race": {"card": 83,
             "dice": ["white", "white"]}}],
    "odds": [{"new_odds": None}, {"action": "observe"}],
}
FUZZ = settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow],
                derandomize=True)


def replays_or_refuses(kind, setup, steps, refusals_are_results=True):
    """The input replays, or the engine refuses it with an InputError naming a short field."""
    try:
        outcomes = list(replay(CaseInput(kind, setup, steps, {}, refusals_are_results=refusals_are_results)))
    except InputError as exc:
        assert isinstance(exc.field, str) and len(exc.field) < 200
        assert len(str(exc)) < 2000
        return None
    assert len(outcomes) == len(steps)
    return outcomes


def test_negative_card_number_on_a_horse_is_a_located_refusal():
    """The reproduction from issue 11: `cards: {white: -1}` was a TypeError."""
    with pytest.raises(InputError) as info:
        list(replay(CaseInput("race", {"odds": ODDS, "cards": {"white": -1}}, [], {})))
    assert info.value.field == "setup.cards.white"


@pytest.mark.parametrize("kind, key, value, field", [
    ("round", "danari", [10 ** 5000, 0], "setup.danari[0]"),
    ("round", "vp", [True, 1], "setup.vp[0]"),
    ("round", "rounds", "six", "setup.rounds"),
    ("round", "round", 10 ** 30, "setup.round"),
    ("round", "owners", ["red"], "setup.owners"),
    ("round", "out", 1, "setup.out"),
    ("game", "players", 10 ** 30, "setup.players"),
    ("race", "positions", {"white": 10 ** 9}, "setup.positions.white"),
    ("race", "race_rounds_played", -3, "setup.race_rounds_played"),
    ("race", "ranking", "red", "setup.ranking"),
])
def test_out_of_bounds_and_mistyped_setup_values_are_refused_with_their_field(kind, key, value, field):
    setup = {**GOOD_SETUPS[kind], key: value}
    with pytest.raises(InputError) as info:
        list(replay(CaseInput(kind, setup, [], {})))
    assert info.value.field == field


@pytest.mark.parametrize("kind", sorted(GOOD_SETUPS))
def test_the_good_inputs_replay(kind):
    assert replays_or_refuses(kind, GOOD_SETUPS[kind], GOOD_STEPS[kind], refusals_are_results=False)


@pytest.mark.parametrize("kind", sorted(GOOD_SETUPS))
@FUZZ
@given(data=st.data())
def test_fuzzed_setups_replay_or_are_refused(kind, data):
    setup = dict(GOOD_SETUPS[kind])
    for key in data.draw(st.lists(st.sampled_from(sorted(setup) + ["extra"]), min_size=1, max_size=3)):
        setup[key] = data.draw(values)
    replays_or_refuses(kind, setup, GOOD_STEPS[kind])


@FUZZ
@given(setup=values)
def test_a_setup_of_any_shape_is_refused_or_replayed(setup):
    for kind in GOOD_SETUPS:
        replays_or_refuses(kind, setup, [])


@pytest.mark.parametrize("kind", sorted(GOOD_SETUPS))
@FUZZ
@given(data=st.data())
def test_fuzzed_steps_replay_or_are_refused(kind, data):
    steps = [dict(s) for s in GOOD_STEPS[kind]]
    index = data.draw(st.integers(0, len(steps) - 1))
    step = steps[index]
    for key in data.draw(st.lists(st.sampled_from(sorted(step) + ["amount", "horse", "tie_break", "by", "race"]),
                                  min_size=1, max_size=3)):
        step[key] = data.draw(values)
    replays_or_refuses(kind, GOOD_SETUPS[kind], steps)


WORDS = st.sampled_from(["deal", "bet", "pass", "play", "on", "reveal", "race", "payouts", "new_odds",
                         "end_round", "red", "purple", "win", "show", "-1", "100", "1e9", "15", "17",
                         "9" * 5000, "٣", "observe", ""])


@FUZZ
@given(words=st.lists(WORDS, max_size=5), payload=values)
def test_fuzzed_action_text_is_parsed_or_refused(words, payload):
    step = {"action": " ".join(words), "deal": payload, "race": payload, "tie_break": payload}
    try:
        step_action(step, 0)
    except InputError as exc:
        assert len(str(exc)) < 2000
    replays_or_refuses("round", GOOD_SETUPS["round"], [GOOD_STEPS["round"][0], step])


def test_the_adapter_refuses_a_bad_setup_naming_its_field():
    from reference.core.adapter import answer_case
    answer = answer_case({"seq": 7, "game": "horse_fever", "kind": "race",
                          "input": {"setup": {"odds": ODDS, "cards": {"white": -1}}, "steps": []}})
    assert answer["type"] == "errored" and answer["seq"] == 7
    assert answer["message"].startswith("InputError: setup.cards.white: -1 is not a list")
