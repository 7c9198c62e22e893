"""Issue 9 for Horse Fever: rounds under way as positions (the `probe` kind), the rule probes
and their per-clause counts, and impossible positions refused with their field."""

import json
import random

import pytest

from reference.core.errors import InputError
from reference.core.game import CaseInput
from reference.core.log import StepLog
from reference.core.paths import VECTORS_DIR
from reference.horse_fever import GAME
from reference.horse_fever.actions import protocol_form
from reference.horse_fever.clause_keys import CLAUSE_KEYS
from reference.horse_fever.options import DEFAULTS
from reference.horse_fever.playout import RandomPlayer, next_action, random_state_setup
from reference.horse_fever.positions import game_in_progress
from reference.horse_fever.probes import TARGET, probe_counts
from reference.horse_fever.round_position import position_of, round_under_way
from reference.horse_fever.rules.phases import play

PROBES = VECTORS_DIR / "horse_fever" / "probe.json"
# Clauses that random play reaches too rarely for TARGET probes (listed in the README):
# a tie on VP and on Danari at the end of the game, settled by the tie-break die.
BELOW_TARGET = {"HF-GAMEEND-3"}


def probe_cases():
    return json.loads(PROBES.read_text(encoding="utf-8"))["cases"]


def test_every_step_applicable_clause_has_its_probes():
    counts = probe_counts(probe_cases())
    short = {c: counts.get(c, 0) for c in CLAUSE_KEYS if counts.get(c, 0) < TARGET}
    assert set(short) == BELOW_TARGET, short
    assert all(counts.get(c, 0) >= 1 for c in BELOW_TARGET)


def test_probes_are_short_and_never_pass_through_a_deal():
    cases = probe_cases()
    assert len(cases) >= TARGET * (len(CLAUSE_KEYS) - len(BELOW_TARGET)) // 10
    for case in cases:
        steps = case["input"]["steps"]
        assert 1 <= len(steps) <= 3, case["id"]
        assert all(step["action"] != "deal" for step in steps[1:]), case["id"]
        if steps[0]["action"] == "deal":           # the opening itself is the probe's target
            assert case["input"]["setup"]["phase"] == "deal"
        assert case["step_clauses"][0], case["id"]
        assert case["id"].startswith("hf-probe2-hf-")
        target = case["id"][len("hf-probe2-"):-len("-001")].upper()
        assert target in case["step_clauses"][0], case["id"]


def test_a_probe_replays_from_its_position_exactly_as_in_play():
    """The position written from play, read back, reaches the same observations as play itself."""
    compared = 0
    for seed in (4, 5, 6):
        rng = random.Random(seed)
        state = game_in_progress(random_state_setup(rng, 2 + seed % 3), DEFAULTS)
        player = RandomPlayer(rng)
        while state.phase != "over":
            setup = json.loads(json.dumps(position_of(state)))
            action = next_action(player, state)
            [outcome] = GAME.replay(CaseInput("probe", setup, [protocol_form(action)]))
            log = StepLog()
            play(state, action, log)
            after = position_of(state)
            for key in ("phase", "danari", "vp", "round", "first_player"):
                assert outcome.observation[key] == after[key], key
            assert outcome.observation["bets"] == [{k: b[k] for k in ("player", "horse", "side", "amount")}
                                                   for b in after.get("bets", [])]
            assert outcome.observation["events"] == log.events
            assert sorted(outcome.clauses) == sorted(log.clauses)
            compared += 1
    assert compared > 50


def test_position_round_trip_keeps_every_value():
    checked = 0
    for seed in (11, 12, 13):
        rng = random.Random(seed)
        state = game_in_progress(random_state_setup(rng, 3 + seed % 3), DEFAULTS)
        player = RandomPlayer(rng)
        while state.phase != "over":
            back = round_under_way(position_of(state), DEFAULTS)
            assert position_of(back) == position_of(state)
            assert [p.hand for p in back.players] == [p.hand for p in state.players]
            assert back.queue == state.queue and back.bets == state.bets and back.tokens == state.tokens
            # after the new odds the board before the cards is read no more (the race is cleared)
            if state.race is not None and state.phase != "end_round":
                assert back.race == state.race
            play(state, next_action(player, state), StepLog())
            checked += 1
    assert checked > 50


# -- impossible positions -------------------------------------------------------------------

BASE = {"players": 2, "odds": {"white": 7, "blue": 6, "yellow": 5, "black": 4, "red": 3, "green": 2},
        "vp": [1, 1], "danari": [1000, 1000], "owners": {"white": 0, "blue": 1}, "first_player": 0}
RIGGING = {**BASE, "phase": "rigging", "to_act": [1, 0, 1],
           "hands": [[16], [20, 5]], "bets": [{"player": 0, "horse": "red", "side": "win", "amount": 100, "token": True},
                                             {"player": 1, "horse": "blue", "side": "show", "amount": 100,
                                              "token": True}],
           "tokens": {"white": 1, "blue": 0, "yellow": 1, "black": 1, "red": 0, "green": 1},   # 1 a colour with 2 players
           "race": {"cards": {"red": [12]}, "revealed": False}}


def test_the_rigging_position_itself_is_good():
    state = round_under_way(RIGGING, DEFAULTS)
    assert state.to_play == 1 and state.players[1].hand == [20, 5]
    assert state.race.cards["red"] == [12]


@pytest.mark.clause("HF-SETUP-3")
@pytest.mark.parametrize("change, field, words", [
    ({"hands": [[12], [20, 5]]}, "setup.race.cards.red[0]", "card 12 is also in setup.hands[0]"),
    ({"hands": [[16, 1], [20, 5]]}, "setup.hands[0]", "seat 0 holds 1 now"),
    ({"to_act": []}, "setup.to_act", "still to act"),
    ({"to_act": [1, 0, 5]}, "setup.to_act[2]", "5"),
    ({"phase": "dinner"}, "setup.phase", "not a phase"),
    ({"race": {"cards": {"red": [12]}, "revealed": True}}, "setup.race.revealed", "face down"),
    ({"bets": [{"player": 0, "horse": "red", "side": "place", "amount": 100, "token": True}]}, "setup.bets[0].side",
     "not a side"),
    ({"bets": [{"player": 0, "horse": "red", "side": "win", "amount": 100, "second": True, "token": True}]},
     "setup.bets[0].second", "no second bet"),
    ({"out": [1]}, "setup.to_act[0]", "lost the game"),
    ({"owners": {"white": 0}}, "setup.owners", "seat 1 owns no stable"),
])
def test_impossible_positions_are_refused_with_their_field(change, field, words):
    with pytest.raises(InputError) as info:
        round_under_way({**RIGGING, **change}, DEFAULTS)
    assert info.value.field == field and words in str(info.value), str(info.value)


@pytest.mark.clause("HF-RANK-6")
def test_a_race_over_is_only_in_the_phases_after_the_race():
    race = {"cards": {}, "revealed": True, "race_rounds_played": 1, "movement_cards": [99],
            "positions": {c: 12 for c in BASE["odds"]}, "ranking": list(BASE["odds"])}
    with pytest.raises(InputError) as info:
        round_under_way({**BASE, "phase": "race", "race": race}, DEFAULTS)
    assert info.value.field == "setup.race.ranking"
    assert round_under_way({**BASE, "phase": "payouts", "race": race}, DEFAULTS).race.is_over()
