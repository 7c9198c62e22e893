"""Issue 9 for Horse Fever: a step's clauses are the decisions that step took (not what the
state at large could involve), every one of them is mapped to the observations it decides
(clause_keys), and an action names its seat as 'by SEAT' at the end of its text."""

import json

import pytest

from reference.core.catalog import load_catalog
from reference.core.errors import IllegalAction, InputError
from reference.core.game import CaseInput
from reference.core.paths import VECTORS_DIR
from reference.horse_fever import GAME
from reference.horse_fever.observe import OBSERVATION_KEYS
from reference.horse_fever.replay import compile_step

from tests.horse_fever.helpers import act, deal, game_state, race_at, run

# Card 83 moves the rows 1:2 and 1:3 three spaces (data/movement_cards.yaml); in the standard
# board red is on 1:3 and green on 1:2, so from space 9 both land exactly on the line (12).
LEVEL = {"red": 9, "green": 9}


@pytest.mark.clause("HF-PHOTO-1")
def test_a_photo_finish_by_odds_is_that_steps_decision():
    log = run(race_at(positions=LEVEL, rounds_played=1), 83, ["white", "blue"])
    assert [e["horse"] for e in log.events if e["type"] == "finished"] == ["green", "red"]
    assert "HF-PHOTO-1" in log.clauses and "HF-RANK-3" in log.clauses
    assert "HF-FINISH-2" not in log.clauses and "HF-PHOTO-2" not in log.clauses


@pytest.mark.clause("HF-FINISH-2")
def test_finishing_further_past_the_line_is_not_a_photo_finish():
    log = run(race_at(positions={"red": 9, "green": 10}, rounds_played=1), 83, ["white", "blue"])
    assert [e["horse"] for e in log.events if e["type"] == "finished"] == ["green", "red"]
    assert "HF-FINISH-2" in log.clauses and "HF-PHOTO-1" not in log.clauses


@pytest.mark.clause("HF-ACT-12")
def test_mala_tempora_deciding_a_photo_finish_is_recorded_and_the_odds_are_not():
    log = run(race_at(positions=LEVEL, rounds_played=1, cards={"green": [12]}), 83, ["white", "blue"])
    assert [e["horse"] for e in log.events if e["type"] == "finished"] == ["red", "green"]
    assert "HF-ACT-12" in log.clauses and "HF-PHOTO-1" not in log.clauses


@pytest.mark.clause("HF-ACT-4")
def test_a_sprint_card_is_recorded_only_when_its_horse_sprints():
    race = race_at(positions={"red": 2}, rounds_played=1, cards={"red": [4]})
    assert "HF-ACT-4" not in run(race, 83, ["white", "blue"]).clauses
    assert "HF-ACT-4" in run(race, 84, ["red", "blue"]).clauses


def test_a_race_round_without_finishers_records_no_ranking_rule():
    log = run(race_at(), 83, ["white", "blue"])
    assert not {"HF-RANK-1", "HF-RANK-3", "HF-PHOTO-1", "HF-FINISH-1", "HF-FINISH-2"} & set(log.clauses)
    assert {"HF-START-1", "HF-MOVE-2", "HF-SPRINT-1"} <= set(log.clauses)


def test_a_bet_records_betting_rules_only():
    state = game_state()
    deal(state, [[16, 5], [20, 12]])
    log = act(state, "bet red win 100")
    assert "HF-BET-1" in log.clauses and "HF-MIN-1" in log.clauses
    assert not [c for c in log.clauses if c.startswith(("HF-RACE", "HF-MOVE", "HF-PAY", "HF-NEWODDS"))]


# -- clause_keys --------------------------------------------------------------------------------

def vector_cases():
    for path in sorted((VECTORS_DIR / "horse_fever").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        yield data, data["cases"]


def test_every_clause_a_step_applies_has_its_observation_paths():
    catalog = set(load_catalog("horse_fever").clauses)
    applied = set()
    for header, cases in vector_cases():
        assert header["clause_keys"] == {c: list(p) for c, p in sorted(GAME.clause_keys.items())}
        for case in cases:
            for clauses, expected in zip(case["step_clauses"], case["expected"]):
                if "error" not in expected:
                    applied.update(clauses)
    assert applied == set(GAME.clause_keys)
    assert set(GAME.clause_keys) <= catalog


def test_clause_paths_name_observations_and_events_that_exist():
    keys = {k for kind in OBSERVATION_KEYS.values() for k in kind}
    event_types = set()
    for _, cases in vector_cases():
        for case in cases:
            inp = case["input"]
            for outcome in GAME.replay(CaseInput(case["kind"], inp["setup"], inp["steps"], case["options"],
                                                 refusals_are_results=True)):
                event_types.update(e["type"] for e in outcome.observation.get("events", []))
            if len(event_types) > 24:
                break
    for clause, paths in GAME.clause_keys.items():
        assert paths, clause
        for path in paths:
            head, *rest = path.split(".")
            if head == "events":
                assert rest and rest[0] in event_types, (clause, path)
            else:
                assert head in keys, (clause, path)


# -- 'by SEAT' ----------------------------------------------------------------------------------

def round_case(steps):
    setup = {"players": 2, "odds": {"white": 7, "blue": 6, "yellow": 5, "black": 4, "red": 3, "green": 2},
             "danari": [1000, 1000], "owners": {"white": 0, "blue": 1}, "first_player": 0}
    return list(GAME.replay(CaseInput("round", setup, [{"action": "deal", "deal": {"hands": [[16, 5], [20, 12]]}},
                                                       *steps], refusals_are_results=True)))


@pytest.mark.clause("HF-BET-1")
def test_by_seat_ends_the_action_text_and_acting_out_of_turn_is_refused():
    outcomes = round_case([{"action": "bet red win 100 by 1"}, {"action": "bet red win 100 by 0"},
                           {"action": "bet blue show 100 by 1"}])
    assert outcomes[1].observation == {"error": "HF-BET-1"}
    assert [b["player"] for b in outcomes[3].observation["bets"]] == [0, 1]


@pytest.mark.parametrize("action, words", [
    ("bet red win 100 by", "one 'by SEAT' at the end"),
    ("bet red by 0 win 100", "one 'by SEAT' at the end"),
    ("bet red win 100 by x", "is not a seat"),
    ("bet red win 100 by -1", "is not a seat"),
])
def test_a_malformed_by_is_a_located_input_error(action, words):
    with pytest.raises(InputError) as info:
        round_case([{"action": action}])
    assert info.value.field == "steps[1].action" and words in str(info.value)


def test_the_protocol_has_one_by_form():
    with pytest.raises(InputError) as info:
        round_case([{"action": "bet red win 100", "by": 0}])
    assert info.value.field == "steps[1].by" and "at the end of the action" in str(info.value)


def test_scenario_by_compiles_to_the_text_form_and_vectors_use_it():
    assert compile_step({"bet": "red", "side": "win", "amount": 100, "by": 2}) == {"action": "bet red win 100 by 2"}
    assert compile_step({"pass": None, "by": 0}) == {"action": "pass by 0"}
    texts = [s["action"] for _, cases in vector_cases() for c in cases for s in c["input"]["steps"]]
    assert any(t.endswith(" by 1") for t in texts)
    assert not any("by" in s for _, cases in vector_cases() for c in cases for s in c["input"]["steps"])
