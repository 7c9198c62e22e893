"""The Horse Fever fuzz generator (issue 10): deterministic, valid vector cases of the `game`,
`round`, `probe`, `race` and `odds` kinds, with refused actions that really are refused and leave the state
unchanged, a short case from all-zero choices, and a valid case from any number sequence."""

import functools
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from reference.core.adapter import replay_case
from reference.core.fuzz.choices import Chooser
from reference.core.game import get_game
from reference.core.vectors import expected_observations, parse_vector_text, render_file
from reference.horse_fever.fuzzing import KINDS, MAX_STEPS, PLAY_KINDS, generate
from reference.horse_fever.observe import OBSERVATION_KEYS

GAME = get_game("horse_fever")
SEEDS = range(30)
# The clauses a refused form of the generator is refused under (phases.py, betting.py,
# rigging.py, replay.check_by): a refusal under any other clause is not one the generator means.
REFUSAL_CLAUSES = {"HF-BET-1", "HF-BET2-1", "HF-RIG-1", "HF-RIG-2", "HF-MIN-1", "HF-BET2-2", "HF-BET-3",
                   "HF-BET2-4", "HF-BET-2", "HF-PLAY-4", "HF-REVEAL-1", "HF-RANK-6", "HF-NEWODDS-1", "HF-END-1",
                   "HF-MOVE-1"}


def case_for(seed: int, kind: str) -> dict:
    return generate(Chooser.from_seed(seed), kind, {})


@functools.lru_cache(maxsize=None)
def _shared_case_text(seed: int, kind: str) -> str:
    return json.dumps(case_for(seed, kind))


def shared_case(seed: int, kind: str) -> dict:
    """case_for's case, generated once per test process for the tests that read the same seeds
    (a fresh copy each call, so that no test sees another's changes). The determinism test
    calls the generator itself."""
    return json.loads(_shared_case_text(seed, kind))


def as_vector_case(case: dict, number: int) -> dict:
    """The case as `horserace generate` writes a vector case (expected values and step clauses
    from the reference; no flags, which only describe the case)."""
    case = {"id": f"hf-fuzz-{case['kind']}-{number}", "description": "fuzz case", **case}
    expected, step_clauses = expected_observations(GAME, case)
    return {"id": case["id"], "description": case["description"], "kind": case["kind"],
            "clauses": sorted({c for step in step_clauses for c in step}), "flags": [],
            "options": case["options"], "input": case["input"], "expected": expected, "step_clauses": step_clauses}


def refused_steps(case: dict) -> list[int]:
    return [i for i, step in enumerate(case["input"]["steps"])
            if i + 1 < len(case["input"]["steps"]) and case["input"]["steps"][i + 1] == {"action": "observe"}
            and step != {"action": "observe"}]


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_case(kind):
    for seed in (0, 7, 123):
        assert json.dumps(case_for(seed, kind), sort_keys=True) == json.dumps(case_for(seed, kind), sort_keys=True)
    assert case_for(1, kind) != case_for(2, kind)


@pytest.mark.parametrize("kind", KINDS)
def test_generated_cases_are_valid_vector_cases(kind, tmp_path):
    """Each case, finished as `horserace generate` finishes a vector case, passes the vector file
    schema and the file checks; replaying it refuses only the steps the generator meant to refuse."""
    cases = []
    for seed in SEEDS:
        case = shared_case(seed, kind)
        steps = case["input"]["steps"]
        assert 1 <= len(steps) <= MAX_STEPS[kind]
        finished = as_vector_case(case, seed)
        errors = [i for i, obs in enumerate(finished["expected"]) if "error" in obs]
        assert errors == refused_steps(case), (seed, errors)
        assert {finished["expected"][i]["error"] for i in errors} <= REFUSAL_CLAUSES
        cases.append(finished)
    path = tmp_path / f"{kind}.json"
    parsed = parse_vector_text(Path(f"vectors/horse_fever/{kind}.json"), render_file(GAME, kind, cases))
    assert len(parsed.cases) == len(SEEDS)


def test_refused_actions_occur_and_leave_the_state_unchanged():
    """The property fuzzing checks everywhere: the observation after a refused action (its
    observe step) equals the observation before it. Every refused form comes up."""
    refused = 0
    forms = set()
    clauses = set()
    for kind in PLAY_KINDS:
        for seed in SEEDS:
            case = shared_case(seed, kind)
            steps = case["input"]["steps"]
            observations = replay_case({"game": "horse_fever", **case})
            for index in refused_steps(case):
                assert "error" in observations[index]
                refused += 1
                forms.add(form_of(steps[index]["action"], observations[index]["error"]))
                clauses.add(observations[index]["error"])
                if index > 0:
                    before = observations[index - 1]
                else:        # refused first step: compare with the case's start, observed alone
                    before = replay_case({"game": "horse_fever", **case,
                                          "input": {**case["input"], "steps": [{"action": "observe"}]}})[0]
                after = observations[index + 1]
                for key in OBSERVATION_KEYS[kind] + ["hands", "tokens", "cards_on_horses"]:
                    assert after[key] == before[key], (kind, seed, index, key)
    assert refused >= 100
    assert forms >= {"by", "bet", "play", "other"}, forms
    # below the minimum (first and second bets), above the Danari, the same side twice, a card
    # not held, a card or bet outside its phase
    assert clauses >= {"HF-MIN-1", "HF-BET2-2", "HF-BET-3", "HF-BET2-4", "HF-RIG-1", "HF-BET-1", "HF-RIG-2"}, clauses


def form_of(text: str, clause: str) -> str:
    if " by " in text:
        return "by"
    return {"bet": "bet", "play": "play"}.get(text.split()[0], "other")


@pytest.mark.parametrize("kind", PLAY_KINDS)
def test_all_zero_choices_give_the_shortest_case(kind):
    case = generate(Chooser.replaying([]), kind, {})
    steps = case["input"]["steps"]
    assert len(steps) == 1 and steps[0]["action"] == "deal"         # one step: the first round's deal
    assert case["input"]["setup"]["players"] == 2 and case["input"]["setup"]["first_player"] == 0
    assert "error" not in replay_case({"game": "horse_fever", **case})[0]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), numbers=st.lists(st.integers(0, 2 ** 16), max_size=400))
def test_any_number_sequence_gives_a_valid_case(kind, numbers):
    case = generate(Chooser.replaying(numbers), kind, {})
    finished = as_vector_case(case, 0)
    errors = [i for i, obs in enumerate(finished["expected"]) if "error" in obs]
    assert errors == refused_steps(case)
    schema_check = parse_vector_text(Path(f"vectors/horse_fever/{kind}.json"), render_file(GAME, kind, [finished]))
    assert len(schema_check.cases) == 1


def test_options_are_written_and_used():
    case = generate(Chooser.from_seed(3), "round", {"bet_without_token": "refused"})
    assert case["options"] == {"bet_without_token": "refused"}
    assert as_vector_case(case, 3)["expected"]


# -- sizes first, and what the cases check beside the kind's keys --------------------------------

@pytest.mark.parametrize("kind", PLAY_KINDS)
def test_the_sizes_are_the_first_numbers(kind):
    """Number 0 is the player count (0: two), number 1 the length in steps (0: one step); a
    probe's prefix of legal play is number 2. Lowering them shrinks the case and nothing else."""
    for players, length in ((0, 0), (1, 4), (2, 11)):
        case = generate(Chooser.replaying([players, length]), kind, {})
        assert case["input"]["setup"]["players"] == 2 + players
        assert len(case["input"]["steps"]) == length + 1
    start = generate(Chooser.replaying([0, 0]), "probe", {})["input"]["setup"]
    later = generate(Chooser.replaying([0, 0, 12]), "probe", {})["input"]["setup"]
    assert start["phase"] == "deal" and later["phase"] != "deal"


def built(numbers: list[int], kind: str = "game", options: dict | None = None) -> dict:
    from reference.core.fuzz.cases import case_from_numbers
    return case_from_numbers("horse_fever", kind, options or {}, numbers, 0)[0]


def test_the_token_pool_is_checked_at_every_step_and_the_payouts_order_at_payouts():
    """Two players, seat 1 first, 36 steps of the simplest play: a whole first round. The pool
    (HF-SETUP-6) is observed after every step, and the payouts step's events settle seat 1's
    bet before seat 0's (HF-PAY-1: clockwise from the first player), which only the order of
    the events shows."""
    case = built([0, 35, 1])
    steps = case["input"]["steps"]
    assert all("tokens" in expected for expected in case["expected"])
    payouts = [i for i, step in enumerate(steps) if step["action"] == "payouts"]
    assert payouts, "the simplest round reaches its payouts within 36 steps"
    events = case["expected"][payouts[0]]["events"]
    assert [e["player"] for e in events if e["type"] == "bet_settled"] == [1, 0]
    assert "payouts" in case["expected"][payouts[0]]
    others = [i for i, step in enumerate(steps) if step["action"] != "payouts"]
    assert not any("events" in case["expected"][i] for i in others)      # the kind does not check events


def test_four_player_games_run_short_of_tokens():
    """Crowd bets (a horse others back) empty a colour's pool in 4-player games (3 tokens per
    colour, HF-TABLE-1), and under bet_without_token=refused the bet that finds none is refused
    (HF-BET-2)."""
    emptied = refused = 0
    for seed in range(40):
        for options in ({}, {"bet_without_token": "refused"}):
            numbers = [2, 60 + seed] + random.Random(seed).choices(range(1000), k=400)
            case = built(numbers, "game", options)
            assert case["input"]["setup"]["players"] == 4
            emptied += any(0 in e.get("tokens", {}).values() for e in case["expected"])
            refused += any(e.get("error") == "HF-BET-2" for e in case["expected"])
    assert emptied >= 45 and refused >= 3, (emptied, refused)     # without crowd bets: 28 and 2


# -- the race and odds kinds (issue 32 item 5) --------------------------------------------------

def test_race_cases_start_at_the_start_or_under_way_and_run_to_the_end():
    starts = under_way = ended = 0
    refused: set[str] = set()
    for seed in SEEDS:
        case = shared_case(seed, "race")
        setup, steps = case["input"]["setup"], case["input"]["steps"]
        observations = replay_case({"game": "horse_fever", **case})
        if setup.get("race_rounds_played", 0) == 0:
            starts += 1
            assert steps[0]["action"] in ("reveal", "race")          # a race round before the reveal is refused
        else:
            under_way += 1
            assert len(setup["movement_cards"]) == setup["race_rounds_played"] and len(setup["ranking"]) < 6
        ended += observations[-1].get("phase") == "race_over" or any(
            o.get("phase") == "race_over" for o in observations)
        for index in refused_steps(case):
            refused.add(observations[index]["error"])
            after, before = observations[index + 1], observations[index - 1] if index else None
            if before is not None:
                assert {k: after[k] for k in OBSERVATION_KEYS["race"] if k != "events"} == \
                    {k: before[k] for k in OBSERVATION_KEYS["race"] if k != "events"}, (seed, index)
    assert starts >= 3 and under_way >= 10 and ended >= 20, (starts, under_way, ended)
    assert refused == {"HF-REVEAL-1", "HF-RANK-6", "HF-MOVE-1"}, refused


def test_all_zero_choices_give_the_simplest_race_and_odds_cases():
    race = generate(Chooser.replaying([]), "race", {})
    assert race["input"] == {"setup": {"odds": {c: 2 for c in ("white", "blue", "yellow", "black", "red", "green")},
                                       "cards": {}}, "steps": [{"action": "reveal"}]}
    odds = generate(Chooser.replaying([]), "odds", {})
    assert odds["input"]["setup"]["ranking"] == ["white", "blue", "yellow", "black", "red", "green"]
    assert odds["input"]["steps"] == [{"action": "new_odds"}]
    assert [o["phase"] for o in replay_case({"game": "horse_fever", **odds})] == ["odds_set"]


def test_odds_cases_refuse_a_second_new_odds():
    refused = 0
    for seed in SEEDS:
        case = shared_case(seed, "odds")
        observations = replay_case({"game": "horse_fever", **case})
        assert observations[0]["phase"] == "odds_set"
        if len(observations) == 3:
            refused += 1
            assert observations[1] == {"error": "HF-NEWODDS-1"} and observations[2]["odds"] == observations[0]["odds"]
    assert refused >= 1
