"""The domino fuzz generator (reference/dominoes/fuzzing.py): cases in the vector form, refused
actions the engine really refuses, each followed by an observation that shows the state unchanged."""

from __future__ import annotations

import functools
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference.core.adapter import replay_case
from reference.core.fuzz.choices import Chooser
from reference.core.game import get_game
from reference.core.paths import VECTORS_DIR
from reference.core.schemas import schema_errors
from reference.core.vectors import VECTOR_SCHEMA, finish_case, load_vector_file
from reference.dominoes.fuzzing import KINDS, MAX_STEPS, generate

SEEDS = range(20)
OBSERVE = {"action": "observe"}


def make(seed: int, kind: str, options: dict | None = None) -> dict:
    return generate(Chooser.from_seed(seed), kind, options or {})


@functools.lru_cache(maxsize=None)
def _shared_case_text(seed: int, kind: str) -> str:
    return json.dumps(make(seed, kind))


def shared(seed: int, kind: str, options: dict | None = None) -> dict:
    """make's case; without options generated once per test process for the tests that read the
    same seeds (a fresh copy each call, so that no test sees another's changes). The
    determinism test calls the generator itself."""
    if options:
        return make(seed, kind, options)
    return json.loads(_shared_case_text(seed, kind))


def replayed(case: dict) -> list[dict]:
    return replay_case({**case, "game": "dominoes"})


def intended_refusals(case: dict) -> list[int]:
    """The steps the generator meant to be refused: those followed by an observe step."""
    steps = case["input"]["steps"]
    return [i for i in range(len(steps) - 1) if steps[i] != OBSERVE and steps[i + 1] == OBSERVE]


@pytest.fixture(scope="module")
def headers():
    """Each kind's committed vector file header (its cases are not read)."""
    return {kind: load_vector_file(VECTORS_DIR / "dominoes" / f"{kind}.json", validate=False,
                                   wanted=lambda case_id: False).header
            for kind in KINDS}


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_case(kind):
    for seed in (0, 1, 7, 123):
        assert json.dumps(make(seed, kind)) == json.dumps(make(seed, kind))
    assert make(1, kind) != make(2, kind)


@pytest.mark.parametrize("kind", KINDS)
def test_generated_cases_are_valid_vector_cases(kind, headers):
    game = get_game("dominoes")
    for seed in SEEDS:
        case = shared(seed, kind)
        assert set(case) == {"kind", "options", "input"} and case["kind"] == kind
        assert 1 <= len(case["input"]["steps"]) <= MAX_STEPS[kind]
        finished = finish_case(game, {"id": f"dom-fuzz-{kind}-{seed}", "description": "fuzz", **case})
        problems = schema_errors({**headers[kind], "cases": [finished]}, VECTOR_SCHEMA)
        assert not problems, (seed, problems[:3])
        # Refused exactly where the generator meant a refusal, nowhere else.
        errors = [i for i, o in enumerate(finished["expected"]) if "error" in o]
        assert errors == intended_refusals(case), (seed, errors)


def test_refused_actions_occur_and_leave_the_state_unchanged():
    """The property the refused steps check: the observe step after a refused action shows the
    state as it was before it (the same steps without the refused action, then observe)."""
    clauses: Counter = Counter()
    for kind, options in (("match", {}), ("match", {"symmetric_points": "canonical"}),
                          ("match", {"continuation": "optional"}), ("probe", {}), ("layout", {})):
        for seed in range(15):
            case = shared(seed, kind, options)
            observed = replayed(case)
            refusals = intended_refusals(case)
            # The same case with every refused action replaced by an observation: there, step i
            # shows the state just before the refused action.
            steps = [OBSERVE if i in refusals else step for i, step in enumerate(case["input"]["steps"])]
            before = replayed({**case, "input": {**case["input"], "steps": steps}})
            for i in refusals:
                clauses[observed[i]["error"]] += 1
                assert "error" not in before[i]
                assert before[i] == observed[i + 1], (kind, seed, i, case["input"]["steps"][i])
    # The refused forms of the rules turn up: hand and point, a tile on the table (layout), the
    # drawn tile, draw/pass, stop, twin point, a deal due, the match over.
    for clause in ("DOM-PLACE-1", "DOM-SET-1", "DOM-DRAW-1", "DOM-DRAW-3", "DOM-PASS-1",
                   "DOM-INT-7", "DOM-INT-2", "DOM-END-1", "DOM-MATCH-2"):
        assert clauses[clause] >= 1, (clause, clauses)
    assert sum(clauses.values()) >= 60


@pytest.mark.parametrize("kind", KINDS)
def test_all_zeros_give_the_simplest_case(kind):
    case = generate(Chooser.replaying([]), kind, {})
    steps = case["input"]["steps"]
    assert len(steps) == 1 and steps[0] != OBSERVE
    assert not any("error" in o for o in replayed(case))
    if kind == "match":
        setup = case["input"]["setup"]
        assert setup["players"] == 2 and setup["scores"] == [0, 0] and setup["deal"]["opener"] == 0
        assert setup["deal"]["hands"][0] == ["0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "0|6"]
        assert steps == [{"action": "place 0|0"}]        # the first legal action, in engine order


def test_options_are_passed_and_played():
    case = make(3, "match", {"continuation": "optional", "opening_continues": False})
    assert case["options"] == {"continuation": "optional", "opening_continues": False}
    stops = sum(s == {"action": "stop"} for seed in range(30)
                for s in make(seed, "match", {"continuation": "optional"})["input"]["steps"])
    assert stops > 0            # only offered under continuation: optional (DOM-INT-7)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(KINDS), st.lists(st.integers(0, 2**16), max_size=300))
def test_any_numbers_give_a_valid_case(kind, numbers):
    case = generate(Chooser.replaying(numbers), kind, {})
    steps = case["input"]["steps"]
    assert 1 <= len(steps) <= MAX_STEPS[kind]
    observed = replayed(case)
    assert [i for i, o in enumerate(observed) if "error" in o] == intended_refusals(case)
