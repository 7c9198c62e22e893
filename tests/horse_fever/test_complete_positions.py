"""A round under way holds every fact its outcome depends on (issue 32 item 2): which bet holds
a bet token, that the seat whose first bet is due has paid any short-of-minimum penalty, that a
first_bets position has no race yet; and the positions no game reaches are refused, as vectors
of the `position` kind."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from reference.core.errors import InputError
from reference.core.vectors import load_cases
from reference.horse_fever.round_position import round_under_way
from reference.horse_fever.rules.components import COLOURS, tables
from reference.horse_fever.rules.options import DEFAULTS


@pytest.fixture(scope="module")
def probes():
    return load_cases(["horse_fever"], kinds=["probe"])


@pytest.fixture(scope="module")
def positions():
    return {c["id"]: c for c in load_cases(["horse_fever"], kinds=["position"])}


def test_every_bet_of_a_probe_says_whether_it_holds_a_token_and_the_pool_agrees(probes):
    without = held = 0
    for case in probes:
        setup = case["input"]["setup"]
        per_colour = tables().bet_tokens_per_colour[setup["players"]]
        holding = Counter()
        emptied = set()
        for bet in setup.get("bets", []):
            assert isinstance(bet["token"], bool), case["id"]
            if bet["token"]:
                assert bet["horse"] not in emptied, case["id"]      # once the pool is empty, it stays so
                holding[bet["horse"]] += 1
                held += 1
            else:
                emptied.add(bet["horse"])
                without += 1
        for colour in COLOURS:
            assert holding[colour] + setup["tokens"][colour] == per_colour, (case["id"], colour)
    # the probes play the default reading of HF-INT-8: a bet on a horse whose tokens are all taken
    # is refused, so every bet of a probe holds a token (the near miss hf-pos1-token-after-an-empty-pool
    # has one without)
    assert held >= 100 and without == 0


def test_a_first_bets_probe_has_no_race_and_its_next_seat_covers_its_minimum(probes):
    first_bets = [c["input"]["setup"] for c in probes if c["input"]["setup"].get("phase") == "first_bets"]
    assert len(first_bets) >= 20
    for setup in first_bets:
        assert "race" not in setup
        seat = setup["to_act"][0]
        assert setup["danari"][seat] >= max(100 * setup["vp"][seat], 1)


def refused(setup) -> InputError:
    with pytest.raises(InputError) as info:
        round_under_way(setup, DEFAULTS)
    return info.value


def test_a_bet_without_its_token_field_is_refused(positions):
    setup = copy.deepcopy(positions["hf-pos1-reached-rigging"]["input"]["setup"])
    del setup["bets"][0]["token"]
    error = refused(setup)
    assert error.field == "setup.bets[0].token" and error.clause == "HF-BET-2"


@pytest.mark.parametrize("case_id, field, clause", [
    ("hf-pos1-token-pool-off", "setup.tokens.white", "HF-BET-2"),
    ("hf-pos1-token-after-an-empty-pool", "setup.bets[1].token", "HF-BET-2"),
    ("hf-pos1-first-bet-due-while-short", "setup.to_act[0]", "HF-MIN-2"),
    ("hf-pos1-race-in-first-bets", "setup.race", "HF-RIG-1"),
])
def test_the_new_position_checks_name_their_field_and_rule(positions, case_id, field, clause):
    error = refused(positions[case_id]["input"]["setup"])
    assert (error.field, error.clause) == (field, clause)
    assert positions[case_id]["expected"] == [{"error": clause}]


def test_position_vectors_observe_what_play_reaches_and_refuse_each_near_miss(positions):
    reached = [c for i, c in positions.items() if i.startswith("hf-pos1-reached-")]
    misses = [c for i, c in positions.items() if not i.startswith("hf-pos1-reached-")]
    assert len(reached) >= 4 and len(misses) >= 10
    for case in reached:
        assert "error" not in case["expected"][0] and case["clauses"], case["id"]
        round_under_way(case["input"]["setup"], DEFAULTS)
    for case in misses:
        assert case["input"]["steps"] == [{"action": "observe"}] and "error" in case["expected"][0], case["id"]
        assert "illegal-action" in case["flags"]
