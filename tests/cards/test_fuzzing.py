"""The card fuzz generator (reference/cards/fuzzing.py): deterministic, every case a valid vector
case, refused actions that really occur and leave the state as it was, all zeros the simplest."""

from __future__ import annotations

import functools
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from reference.cards import fuzzing
from reference.core.adapter import replay_case
from reference.core.fuzz.choices import Chooser
from reference.core.game import get_game
from reference.core.schemas import schema_errors
from reference.core.vectors import finish_case, render_file

SEEDS = range(40)
STEP_ONLY = ("events", "settlement")     # what the step did, not the state it left


def case_of(kind: str, seed: int, options: dict | None = None) -> dict:
    return fuzzing.generate(Chooser.from_seed(seed), kind, options or {})


def as_vector(case: dict, name: str) -> dict:
    return {"id": name, "description": "fuzz case", **case}


def observations(case: dict) -> list[dict]:
    return replay_case({"game": "cards", **case})


@functools.lru_cache(maxsize=None)
def _case_text(kind: str, seed: int) -> str:
    return json.dumps(case_of(kind, seed))


@functools.lru_cache(maxsize=None)
def _observations_text(kind: str, seed: int) -> str:
    return json.dumps(observations(shared_case(kind, seed)))


def shared_case(kind: str, seed: int) -> dict:
    """case_of's case without options, generated once per test process for the tests that read
    the same seeds (a fresh copy each call, so that no test sees another's changes). The
    determinism test calls the generator itself."""
    return json.loads(_case_text(kind, seed))


def shared_observations(kind: str, seed: int) -> list[dict]:
    """observations(shared_case(kind, seed)), replayed once per test process (a fresh copy)."""
    return json.loads(_observations_text(kind, seed))


def without_events(observation: dict) -> dict:
    """What a state shows: the events and the settlement belong to the step that made them."""
    return {k: v for k, v in observation.items() if k not in STEP_ONLY}


@pytest.mark.parametrize("kind", fuzzing.KINDS)
def test_the_same_seed_gives_the_same_case(kind):
    for seed in (0, 7, 123):
        assert json.dumps(case_of(kind, seed)) == json.dumps(case_of(kind, seed))
    assert json.dumps(case_of(kind, 1)) != json.dumps(case_of(kind, 2))


@pytest.mark.parametrize("kind", fuzzing.KINDS)
def test_generated_cases_are_valid_vector_cases(kind):
    """Each case, finished as `horserace generate` finishes a vector case (expected values from
    the reference), validates against the vector schema; its only errors are the refusals, and
    each refusal is followed by an observe step."""
    game = get_game("cards")
    finished = [finish_case(game, as_vector(shared_case(kind, seed), f"crd-fuzz-{kind}-{seed}")) for seed in range(20)]
    data = json.loads(render_file(game, kind, finished))
    assert schema_errors(data, "vectors.schema.json") == []
    for case in finished:
        steps = case["input"]["steps"]
        assert 1 <= len(steps) <= fuzzing.MAX_STEPS
        for index, expected in enumerate(case["expected"]):
            if "error" in expected:
                assert steps[index]["action"] != "observe"
                assert steps[index + 1] == {"action": "observe"}, (case["id"], index)


def test_refused_actions_occur_and_leave_the_state_unchanged():
    """The property fuzzing checks everywhere: the observe step after a refused action shows the
    state seen before it (or, first in the case, the state a bare observe shows)."""
    refused = Counter()
    for kind in fuzzing.TABLE_KINDS:
        for seed in SEEDS:
            case = shared_case(kind, seed)
            steps = case["input"]["steps"]
            seen = shared_observations(kind, seed)
            for index, observation in enumerate(seen):
                if "error" not in observation:
                    continue
                refused[(observation["error"], steps[index]["action"].split()[0])] += 1
                before = next((seen[i] for i in range(index - 1, -1, -1) if "error" not in seen[i]), None)
                if before is None:
                    before = observations({**case, "input": {**case["input"], "steps": [{"action": "observe"}]}})[0]
                assert without_events(seen[index + 1]) == without_events(before), (kind, seed, index)
    # the forms the rules refuse, each seen in play
    for clause, verb in [("CRD-RACE-7", "reveal"), ("CRD-BET-6", "bet"), ("CRD-BET-5", "reveal"),
                         ("CRD-INT-3", "bet"), ("CRD-BET-3", "bet"), ("CRD-BET-3", "sit"), ("CRD-ROT-2", "lay"),
                         ("CRD-TRACK-3", "reveal"), ("CRD-BET-2", "bet")]:
        assert refused[(clause, verb)] > 0, (clause, verb, refused)
    assert sum(refused.values()) > 100


def test_overshooting_reveals_and_uncovered_bets_are_generated():
    overshoots = uncovered = 0
    for seed in range(80):
        steps = shared_case("race", seed)["input"]["steps"]
        for index, observation in enumerate(shared_observations("race", seed)):
            if observation.get("error") == "CRD-RACE-7" and steps[index]["action"].startswith("reveal "):
                overshoots += 1
            if observation.get("error") == "CRD-BET-4":
                uncovered += 1
    assert overshoots >= 5 and uncovered >= 2, (overshoots, uncovered)


@pytest.mark.parametrize("kind", fuzzing.TABLE_KINDS)
def test_all_zeros_give_the_simplest_case(kind):
    case = fuzzing.generate(Chooser.replaying([]), kind, {})
    steps = case["input"]["steps"]
    assert [s["action"] for s in steps] == ["lay"]
    seen = observations(case)
    assert seen[0]["phase"] == "betting"           # the unshuffled lay stands (no re-lay)
    setup = case["input"]["setup"]
    if kind == "probe":
        assert setup["position"]["phase"] == "laying" and setup["position"]["race"] == 1
    else:
        assert setup == {"players": 3, "banker": 0}


def test_a_session_can_run_to_its_end():
    ends = sum(shared_observations("session", seed)[-1].get("session_winners") is not None for seed in SEEDS)
    assert ends >= 5


@pytest.mark.parametrize("options", [{"bank_cover": "net"}, {"when_uncovered": "owe"}, {"starting_balance": 3},
                                     {"odds": [2, 3, 4, 6, 12]}])
def test_cases_under_other_options_replay_without_input_errors(options):
    for seed in range(12):
        case = case_of(fuzzing.KINDS[seed % len(fuzzing.KINDS)], seed, options)
        assert case["options"] == options
        assert len(observations(case)) == len(case["input"]["steps"])


def test_options_are_kept_and_used():
    case = case_of("race", 3, {"when_uncovered": "owe", "starting_balance": 5})
    assert case["options"] == {"when_uncovered": "owe", "starting_balance": 5}
    assert all("error" not in o or o["error"] != "CRD-BET-4" for o in observations(case))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(fuzzing.KINDS), numbers=st.lists(st.integers(0, 2 ** 16), max_size=400))
def test_any_numbers_give_a_valid_case(kind, numbers):
    case = fuzzing.generate(Chooser.replaying(numbers), kind, {})
    seen = observations(case)          # no input error: only refusals
    assert len(seen) == len(case["input"]["steps"]) >= 1
    for index, observation in enumerate(seen):
        if "error" in observation:
            assert case["input"]["steps"][index + 1] == {"action": "observe"}


# -- the function kinds (issue 32 item 5) -------------------------------------------------------

def test_layout_cases_judge_lays_that_stand_and_lays_laid_again():
    stands = relaid = 0
    for seed in SEEDS:
        case = shared_case("layout", seed)
        assert case["input"]["setup"] == {}
        steps = case["input"]["steps"]
        assert 1 <= len(steps) <= fuzzing.MAX_LAYS and all(set(s["lay"]) == {"track"} for s in steps)
        for observation in shared_observations("layout", seed):
            relaid += observation["must_relay"]
            stands += not observation["must_relay"]
            assert (observation["odds"] is None) == observation["must_relay"]
    assert stands >= 40 and relaid >= 5, (stands, relaid)


def test_odds_cases_give_a_track_as_cards_or_as_counts():
    forms = Counter()
    for seed in SEEDS:
        case = shared_case("odds", seed)
        forms[next(iter(case["input"]["setup"]))] += 1
        assert case["input"]["steps"] == [{"action": "observe"}]
        observation = shared_observations("odds", seed)[0]
        assert sum(observation["track_counts"].values()) == 7
    assert forms["track"] >= 5 and forms["track_counts"] >= 5, forms


def test_all_zeros_give_the_simplest_layout_and_odds_cases():
    layout = fuzzing.generate(Chooser.replaying([]), "layout", {})
    assert layout["input"]["steps"] == [{"action": "lay", "lay": {"track": ["2S", "2H", "2D", "2C", "3S", "3H", "3D"]}}]
    odds = fuzzing.generate(Chooser.replaying([]), "odds", {})
    assert odds["input"]["setup"] == {"track_counts": {"S": 2, "H": 2, "D": 2, "C": 1}}
