"""Step-level clauses: each step records the rule decisions it took, not clauses read off the
state (issue 9). Expected sets follow from the rule text for the situation, worked by hand."""

import json
from pathlib import Path

import pytest

from reference.cards import EXPECTATION_MODES, GAME
from reference.cards.clause_keys import CLAUSE_KEYS
from reference.core.catalog import load_catalog

from .helpers import bet, lay, laid, racing, sit, step, table

VECTORS = Path(__file__).parents[2] / "vectors" / "cards"
RACE_MOVE = {"CRD-RACE-1", "CRD-RACE-2", "CRD-RACE-3", "CRD-RACE-4", "CRD-RACE-8", "CRD-RACE-9", "CRD-RACE-10",
             "CRD-FAQ-2"}
WIN = {"CRD-RACE-6", "CRD-RACE-7", "CRD-INTRO-2", "CRD-FAQ-1"}
# Decided by the setup or by the input's form, never by a step.
NOT_STEP = {"CRD-SET-1", "CRD-SET-2", "CRD-SET-3", "CRD-BET-1", "CRD-INTRO-1", "CRD-INTRO-3", "CRD-BET-7"}


@pytest.mark.clause("CRD-TRACK-4")
def test_a_standing_lay_is_judged_but_not_laid_again():
    t = table()
    log = lay(t, "2S 3S 4S 5S 2H 3H 2D")            # four spades: stands
    assert "CRD-TRACK-4" in log.clauses
    assert {"CRD-TRACK-5", "CRD-FAQ-3"}.isdisjoint(log.clauses)
    assert {"CRD-TRACK-1", "CRD-TRACK-2", "CRD-TRACK-3", "CRD-TRACK-6", "CRD-COUNT-1", "CRD-ODDS-1", "CRD-ODDS-2",
            "CRD-BET-2", "CRD-BET-3"} <= set(log.clauses)


@pytest.mark.clause("CRD-TRACK-5", "CRD-FAQ-3")
def test_a_relay_step_records_why_and_posts_nothing():
    t = table()
    log = lay(t, "2S 3S 4S 5S 6S 3H 2D")            # five spades: laid again
    assert {"CRD-TRACK-4", "CRD-TRACK-5", "CRD-FAQ-3"} <= set(log.clauses)
    assert {"CRD-ODDS-1", "CRD-BET-2", "CRD-TRACK-2", "CRD-COUNT-1"}.isdisjoint(log.clauses)


def test_a_bet_records_the_choice_not_the_race_nor_a_cover_that_restricts_nothing():
    t = laid("2S 3S 2H 3H 2D 3D 2C")
    log = bet(t, "S")
    assert set(log.clauses) == {"CRD-BET-3"}
    log = bet(t, "H")                                 # the last choice: the race starts
    assert set(log.clauses) == {"CRD-BET-3", "CRD-BET-5"}


@pytest.mark.clause("CRD-BET-4")
def test_handing_the_choice_to_a_bettor_the_bank_cannot_fully_cover_is_a_cover_decision():
    # Posted 3:1 on S, H and D (2 track cards each), 2:1 on C (1 card). A bank of 2
    # chips cannot pay 3 on S, H or D: the lay that hands seat 1 the choice decided that. A bank
    # of 20 restricts nothing, and that lay records no cover decision.
    poor, rich = table(balances=[2, 20, 20]), table(balances=[20, 20, 20])
    assert "CRD-BET-4" in lay(poor, "2S 3S 2H 3H 2D 3D 2C").clauses
    assert "CRD-BET-4" not in lay(rich, "2S 3S 2H 3H 2D 3D 2C").clauses


def test_a_reveal_records_the_move_and_nothing_of_the_lay():
    t = racing("2S 3S 2H 3H 2D 3D 2C", "4S", ["S", "H"])
    log = step(t)
    assert set(log.clauses) == RACE_MOVE


@pytest.mark.clause("CRD-RACE-5")
def test_reaching_the_last_mark_records_that_it_did_not_win():
    t = racing("2S 3S 2H 3H 2D 3D 2C", "4H 5H 6H 7H 8H 9H 10H JH", ["S", "H"])
    logs = [step(t) for _ in range(7)]
    assert all("CRD-RACE-5" not in log.clauses for log in logs[:6])
    assert set(logs[6].clauses) == RACE_MOVE | {"CRD-RACE-5", "CRD-FAQ-1"}


@pytest.mark.clause("CRD-PAY-1", "CRD-PAY-2", "CRD-PAY-3")
@pytest.mark.parametrize("bets, paid", [
    (["H", "S", "S"], {"CRD-PAY-1", "CRD-PAY-2"}),             # one winner, two losers
    (["H", "H", "S"], {"CRD-PAY-1", "CRD-PAY-2", "CRD-PAY-3"}),  # two back the winner
    (["S", "S", "D"], {"CRD-PAY-1"}),                          # nobody backed the winner
    (["H", "H", "H"], {"CRD-PAY-2", "CRD-PAY-3"}),             # nobody lost
])
def test_a_settlement_records_what_it_did(bets, paid):
    t = racing("2S 3S 2H 3H 2D 3D 2C", "4H 5H 6H 7H 8H 9H 10H JH", bets, players=4)
    step(t, 7)
    log = step(t)
    settlement = {"CRD-PAY-1", "CRD-PAY-2", "CRD-PAY-3"}
    assert set(log.clauses) & settlement == paid
    assert WIN | {"CRD-SESSION-3", "CRD-ROT-1"} <= set(log.clauses)


def test_a_sit_out_records_why():
    t = laid("2S 3S 2H 3H 2D 3D 2C", balances=[20, 0, 20])
    assert "CRD-BET-3" in sit(t).clauses


def test_vector_step_clauses_are_the_replays_and_never_setup_clauses():
    catalog = load_catalog("cards").clauses
    seen = set()
    for path in sorted(VECTORS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["clause_keys"] == {c: list(p) for c, p in sorted(CLAUSE_KEYS.items())}
        for case in data["cases"]:
            assert len(case["step_clauses"]) == len(case["input"]["steps"]), case["id"]
            for clauses in case["step_clauses"]:
                assert clauses == sorted(clauses) and set(clauses) <= set(catalog)
                if case["kind"] != "position":      # a position case's refusal is the setup's (CRD-SET-1 ...)
                    seen.update(clauses)
            assert set(case["clauses"]) >= {c for s in case["step_clauses"] for c in s} or "origin" in case
    assert seen.isdisjoint(NOT_STEP)
    assert seen == set(CLAUSE_KEYS)          # every clause a step applies has its observation paths


def test_clause_keys_name_real_observations():
    event_types = set()
    for path in sorted(VECTORS.glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            for obs in case["expected"]:
                event_types.update(e["type"] for e in obs.get("events", []) if isinstance(e, dict))
    schema_types = set(json.loads((Path(__file__).parents[2] / "schema/cards/scenario.schema.json")
                                  .read_text())["$defs"]["eventType"]["enum"])
    catalog = load_catalog("cards").clauses
    assert GAME.clause_keys is CLAUSE_KEYS
    for clause, paths in CLAUSE_KEYS.items():
        assert clause in catalog and paths
        for path in paths:
            head, _, rest = path.partition(".")
            assert head in EXPECTATION_MODES, (clause, path)
            if head == "events":
                assert rest.split(".")[0] in schema_types, (clause, path)
