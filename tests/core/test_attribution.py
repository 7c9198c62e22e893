"""Attribution: every difference at the first divergent step, charged to the clauses that step
applied and whose clause_keys cover what differs. Synthetic cases (the shapes of the vector
format: step_clauses per case, clause_keys in the file header), so the expectations do not
depend on what the engines log."""

import json
from contextlib import contextmanager
from datetime import datetime, timezone
from xml.etree import ElementTree

import pytest

from reference.core import coverage as coverage_module
from reference.core import mutant_attribution, report, schemas
from reference.core.attribution import attribute, clause_summary, covers, footprint_match, top_clause
from reference.core.vectors import load_cases
from reference.core.game import Mutant, get_game
from reference.core.results import CaseResult, first_mismatch, judge
from reference.core.vectors import VECTORS_DIR
from tests.games import game_names, skip_without_kinds

CLAUSE_KEYS = {
    "DOM-PTS-1": ["scores", "events.scored"],
    "DOM-TURN-1": ["turn", "events.turn_ended"],
    "DOM-SETTLE-4": ["events.settlement.bonus", "settlement.bonus", "scores"],
    "DOM-DRAW-2": ["draw_pile", "events.drew"],
}
SETTLEMENT = {"kind": "domino", "winners": [0], "bonus": [3, 0], "scores": [23, 30]}


def synthetic_case(**changes):
    case = {
        "id": "dom-synthetic-001", "game": "dominoes", "kind": "match",
        "clauses": ["DOM-DRAW-2", "DOM-PTS-1", "DOM-SETTLE-4", "DOM-TURN-1"],
        "input": {"setup": {}, "steps": [{"action": "place 6|6"}, {"action": "settle"}, {"action": "draw"}]},
        "expected": [
            {"scores": [5, 0], "turn": 1, "events": [{"type": "scored", "points": 5}, "turn_ended"]},
            {"scores": [23, 30], "settlement": SETTLEMENT,
             "events": ["round_won", {"type": "settlement", "bonus": [3, 0], "kind": "domino"}]},
            {"turn": 0, "events": ["drew"]},
        ],
        "step_clauses": [["DOM-PTS-1", "DOM-TURN-1"], ["DOM-SETTLE-4"], ["DOM-DRAW-2"]],
        "clause_keys": CLAUSE_KEYS,
    }
    case.update(changes)
    return case


def answer(case):
    """The steps an implementation that agrees everywhere would report (extra event fields included)."""
    return [
        {"scores": [5, 0], "turn": 1, "events": [{"type": "scored", "points": 5, "seat": 0},
                                                 {"type": "turn_ended", "seat": 0}]},
        {"scores": [23, 30], "settlement": dict(SETTLEMENT),
         "events": [{"type": "round_won", "player": 0},
                    {"type": "settlement", "bonus": [3, 0], "kind": "domino", "scores": [23, 30]}]},
        {"turn": 0, "events": [{"type": "drew", "seat": 0}]},
    ]


def test_an_agreeing_answer_passes():
    assert judge(synthetic_case(), answer(synthetic_case())) == ("passed", None)


def test_every_difference_of_the_first_divergent_step_is_listed_and_later_steps_are_not_compared():
    case = synthetic_case()
    steps = answer(case)
    steps[1]["scores"] = [20, 30]
    steps[1]["settlement"]["bonus"] = [0, 0]
    steps[1]["events"][1]["bonus"] = [0, 0]
    steps[2]["turn"] = 1                          # a later difference: not compared
    mismatch = first_mismatch(case, steps)
    assert mismatch["step"] == 1 and mismatch["action"] == "settle"
    fields = {d["field"]: d for d in mismatch["differences"]}
    assert set(fields) == {"scores", "settlement.bonus", "events[1].bonus"}
    assert fields["events[1].bonus"]["path"] == "events.settlement.bonus"
    assert (fields["events[1].bonus"]["expected"], fields["events[1].bonus"]["actual"]) == ("[3, 0]", "[0, 0]")
    assert fields["settlement.bonus"]["path"] == "settlement.bonus"
    assert mismatch["later_steps_not_compared"] == 1
    assert mismatch["clauses"] == ["DOM-SETTLE-4"] and mismatch["attributed_by"] == "footprint"


def test_an_event_of_another_type_names_its_index_and_both_types():
    case = synthetic_case()
    steps = answer(case)
    steps[0]["events"] = [{"type": "scored", "points": 5}, {"type": "round_blocked"}]
    mismatch = first_mismatch(case, steps)
    assert [(d["field"], d["path"]) for d in mismatch["differences"]] == [
        ("events[1].type", "events.turn_ended"), ("events[1].type", "events.round_blocked")]
    assert mismatch["differences"][0]["expected"] == "turn_ended"
    assert mismatch["clauses"] == ["DOM-TURN-1"]          # turn_ended is the turn rule's, not the scoring's


def test_a_missing_event_is_reported_as_absent():
    case = synthetic_case()
    steps = answer(case)
    steps[0]["events"] = steps[0]["events"][:1]
    (difference,) = first_mismatch(case, steps)["differences"]
    assert difference["field"] == "events[1].type" and difference["actual"] == "(absent)"


def test_a_wrong_field_of_an_event_is_named_by_field():
    case = synthetic_case()
    steps = answer(case)
    steps[0]["events"][0]["points"] = 10
    mismatch = first_mismatch(case, steps)
    assert [(d["field"], d["path"], d["expected"], d["actual"]) for d in mismatch["differences"]] == [
        ("events[0].points", "events.scored.points", "5", "10")]
    assert mismatch["clauses"] == ["DOM-PTS-1"]


def test_a_refused_action_is_a_difference_of_its_own():
    case = synthetic_case()
    steps = answer(case)
    steps[0] = {"error": "DOM-OPEN-1"}
    mismatch = first_mismatch(case, steps)
    assert mismatch["key"] == "error" and "refused" in mismatch["actual"]
    assert mismatch["later_steps_not_compared"] == 2


def test_without_a_covering_clause_every_clause_of_the_step_is_charged():
    case = synthetic_case(step_clauses=[["DOM-PTS-1", "DOM-TURN-1"], ["DOM-PTS-1"], ["DOM-DRAW-2"]])
    steps = answer(case)
    steps[1]["settlement"]["kind"] = "block"     # no clause of step 1 decides settlement.kind
    mismatch = first_mismatch(case, steps)
    assert mismatch["differences"][0]["field"] == "settlement.kind"
    assert mismatch["clauses"] == ["DOM-PTS-1"] and mismatch["attributed_by"] == "step"


def test_a_step_that_applied_nothing_falls_back_to_the_case_clauses():
    case = synthetic_case(step_clauses=[[], [], []])
    steps = answer(case)
    steps[0]["turn"] = 0
    mismatch = first_mismatch(case, steps)
    assert mismatch["clauses"] == case["clauses"] and mismatch["attributed_by"] == "case"


def test_a_vector_file_without_step_clauses_falls_back_to_the_case_clauses():
    case = synthetic_case()
    del case["step_clauses"], case["clause_keys"]
    steps = answer(case)
    steps[2]["turn"] = 1
    mismatch = first_mismatch(case, steps)
    assert mismatch["step"] == 2 and mismatch["clauses"] == case["clauses"]


def test_prefix_cover_goes_both_ways_on_dotted_boundaries():
    assert covers("events.settlement", "events.settlement.bonus")
    assert covers("events.settlement.bonus", "events.settlement")
    assert covers("scores", "scores")
    assert not covers("events.settle", "events.settlement")
    assert attribute(["A", "B"], ["C"], ["x.y"], {"A": ["x"], "B": ["z"]}) == (["A"], "paths")


def test_the_clause_whose_footprint_best_matches_the_difference_is_charged():
    # Counting decides the counted pips and everything after; rounding only the bonus and after.
    keys = {"COUNT": ["settlement.counted_pips", "settlement.bonus", "scores"],
            "ROUND": ["settlement.bonus", "scores"],
            "OTHER": ["turn"]}
    # a rounding misread: the counted pips agree, the bonus and the scores differ
    assert attribute(["COUNT", "ROUND", "OTHER"], [], ["settlement.bonus", "scores"], keys) == (["ROUND"], "paths")
    # a counting misread: all three differ; only COUNT covers the counted pips
    assert attribute(["COUNT", "ROUND", "OTHER"], [], ["settlement.counted_pips", "settlement.bonus", "scores"],
                     keys) == (["COUNT"], "paths")
    # equal footprints are named together (no hidden preference)
    assert attribute(["A", "B"], [], ["x"], {"A": ["x"], "B": ["x"]}) == (["A", "B"], "paths")
    # 2 of 2 differing paths covered, one own path (counted_pips) that did not differ: 2 / (2 + 1)
    assert footprint_match(keys["COUNT"], ["settlement.bonus", "scores"]) == 2 / 3
    assert footprint_match(keys["OTHER"], ["scores"]) == 0.0


def results_of_a_run():
    good = synthetic_case(id="dom-synthetic-002")
    bad = synthetic_case()
    steps = answer(bad)
    steps[1]["scores"] = [20, 30]
    status, mismatch = judge(bad, steps)
    failed = CaseResult(bad["id"], "dominoes", "match", status, bad["clauses"], mismatch=mismatch,
                        applied=["DOM-DRAW-2", "DOM-PTS-1", "DOM-SETTLE-4", "DOM-TURN-1"])
    passed = CaseResult(good["id"], "dominoes", "match", "passed", good["clauses"],
                        applied=["DOM-PTS-1", "DOM-TURN-1"])
    return [failed.bound(), passed]


def test_the_clause_summary_counts_first_divergences_and_passes_apart():
    summary = clause_summary(results_of_a_run())
    # scores are decided by the scoring and the settlement clause; step 1 applied only the settlement
    assert summary["DOM-SETTLE-4"] == {"first_divergences": 1, "applied_and_passed": 0}
    assert summary["DOM-PTS-1"] == {"first_divergences": 0, "applied_and_passed": 1}
    assert summary["DOM-TURN-1"] == {"first_divergences": 0, "applied_and_passed": 1}
    assert "DOM-DRAW-2" not in summary       # applied only by the failing case, beyond its divergence


def test_the_reports_carry_the_attribution():
    results = results_of_a_run()
    data = report.json_report(results, {"command": "x"}, datetime.now(timezone.utc))
    assert schemas.schema_errors(data, "report.schema.json") == []
    mismatch = data["cases"][0]["mismatch"]
    assert mismatch["clauses"] == ["DOM-SETTLE-4"] and mismatch["differences"][0]["field"] == "scores"
    assert data["clauses"]["DOM-SETTLE-4"]["first_divergences"] == 1
    failure = ElementTree.fromstring(report.junit_xml(results)).find("testsuite/testcase/failure")
    assert "attributed to DOM-SETTLE-4" in failure.text and "scores: expected [23, 30], actual [20, 30]" in failure.text
    text = report.text_summary(results)
    assert "attributed to: DOM-SETTLE-4" in text and "later steps not compared: 1" in text
    assert "DOM-SETTLE-4: 1 first divergence(s), 0 passed" in text


def test_many_differences_stay_within_the_field_limit():
    case = synthetic_case()
    case["expected"][0]["events"] = [{"type": "scored", "points": i, "note": "x" * 300} for i in range(30)]
    steps = answer(case)
    steps[0]["events"] = [{"type": "scored", "points": -i - 1, "note": "y" * 300} for i in range(30)]
    status, mismatch = judge(case, steps)
    result = CaseResult(case["id"], "dominoes", "match", status, mismatch=mismatch).bound()
    kept = result.mismatch["differences"]
    assert len(json.dumps(kept).encode()) <= 2048
    assert len(kept) + result.mismatch["more_differences"] == 60      # points and note of 30 events


def test_loaded_vector_cases_carry_their_header_clause_keys():
    header = json.loads((VECTORS_DIR / "cards" / "layout.json").read_text())
    cases = [c for c in load_cases(["cards"]) if c["kind"] == "layout"]
    assert cases and all(c["clause_keys"] == header["clause_keys"] for c in cases)


def test_coverage_counts_what_the_steps_applied(monkeypatch):
    case = {"id": "dom-synthetic-003", "game": "dominoes", "kind": "match", "clauses": ["DOM-TURN-1", "DOM-PTS-1"],
            "step_clauses": [["DOM-PTS-1"]]}
    monkeypatch.setattr(coverage_module, "load_cases", lambda games, validate=True: [case])
    monkeypatch.setattr(coverage_module, "game_scenarios", lambda game: [])
    rows = {row.clause.id: row for row in coverage_module.game_coverage(get_game("dominoes"))}
    assert rows["DOM-PTS-1"].cases == ["dom-synthetic-003"]
    assert rows["DOM-TURN-1"].cases == []      # listed by the case, applied by no step


# -- mutants --------------------------------------------------------------------------------------

def test_top_clause_counts_each_failure_once_and_breaks_ties_by_id():
    assert top_clause([["B", "A"], ["A"], ["B"]]) == ("A", 2 / 3)
    assert top_clause([]) == (None, 0.0)


def test_the_mutant_table_judges_each_mutant_as_naming_is_judged(monkeypatch):
    """Two mutants: one breaks the scores (the settlement's), one the turn (the turn rule's).
    The first is charged to its clause; the second is declared against the wrong clause. A
    failing case is named right when an own clause is among at most three charged (strictly:
    exactly one, its own); a mutant when more than half its cases are. (The synthetic cases
    cannot be replayed: the footprints charge them.)"""
    active: list[str] = []

    @contextmanager
    def installing(name):
        active.append(name)
        try:
            yield
        finally:
            active.remove(name)

    def replay(case):
        steps = answer(case)
        if "scores" in active:
            steps[1]["scores"] = [0, 0]
        if "turn" in active:
            steps[0]["turn"] = 0
        return steps

    monkeypatch.setattr(mutant_attribution, "replay_case", replay)
    cases = [synthetic_case(id=f"dom-synthetic-{i:03}") for i in range(3)]
    scores = Mutant("scores", "settlement bonus lost", ("DOM-SETTLE-4",), lambda: installing("scores"))
    turn = Mutant("turn", "turn stays", ("DOM-PTS-1",), lambda: installing("turn"))
    game = get_game("dominoes")
    rows = [mutant_attribution.attribute_mutant(game, m, cases) for m in (scores, turn)]
    assert (rows[0].top, rows[0].failures, rows[0].share(), rows[0].share(strict=True)) == ("DOM-SETTLE-4", 3, 1.0, 1.0)
    assert rows[0].named_right() and rows[0].named_right(strict=True)
    assert (rows[1].top, rows[1].share(), rows[1].named_right()) == ("DOM-TURN-1", 0.0, False)
    table = mutant_attribution.attribution_table(rows)
    assert table.splitlines()[1].rstrip().endswith("yes") and table.splitlines()[2].rstrip().endswith("NO")
    summary = table.splitlines()[table.splitlines().index("") + 2]     # the per-game summary row
    assert summary.split()[:3] == ["dominoes", "2", "1"] and "50%" in summary
    assert "worst misses" in table and "turn" in table.split("worst misses")[1]


def test_a_spread_keeps_the_first_and_is_the_same_each_time():
    items = list(range(100))
    assert mutant_attribution.spread(items, 4) == [0, 25, 50, 75]
    assert mutant_attribution.spread(items[:3], 4) == [0, 1, 2]


def test_a_game_may_name_the_finer_path_a_whole_value_differs_on(monkeypatch):
    """Game.difference_paths: a list of legal actions differs as a whole; the game says which
    action is missing, and the clause whose footprint is that action is charged alone."""
    import dataclasses
    from reference.core import game as game_module

    keys = {"DOM-DRAW-1": ["legal_actions.draw"], "DOM-PASS-1": ["legal_actions.pass"],
            "DOM-PLACE-1": ["legal_actions.place", "tiles"]}
    case = synthetic_case(
        input={"setup": {}, "steps": [{"action": "observe"}]},
        expected=[{"legal_actions": ["draw", "place 1|2 at 2|2 line_b"]}],
        step_clauses=[["DOM-DRAW-1", "DOM-PASS-1", "DOM-PLACE-1"]], clause_keys=keys)
    got = [{"legal_actions": ["place 1|2 at 2|2 line_b"]}]          # the draw is not offered

    def by_action(difference, expected, actual):
        missing = set(expected[difference.key]) ^ set(actual[difference.key])
        return [f"{difference.key}.{a.split()[0]}" for a in missing]

    real = get_game("dominoes")
    monkeypatch.setattr(game_module, "get_game", lambda name: dataclasses.replace(real, difference_paths=None))
    whole = first_mismatch(case, got)
    # the whole list: draw and pass tie (place also names `tiles`, which did not differ)
    assert whole["clauses"] == ["DOM-DRAW-1", "DOM-PASS-1"]
    monkeypatch.setattr(game_module, "get_game", lambda name: dataclasses.replace(real, difference_paths=by_action))
    finer = first_mismatch(case, got)
    assert finer["paths"] == ["legal_actions.draw"]
    assert finer["clauses"] == ["DOM-DRAW-1"] and finer["attributed_by"] == "footprint"
    assert "by the differing parts: legal_actions.draw" in "\n".join(
        report.divergence_lines(CaseResult("dom-synthetic-001", "dominoes", "match", "failed", mismatch=finer)))


def test_a_difference_first_seen_after_a_refusal_is_charged_to_the_refused_step():
    """A refused action must leave the state as it was; the refused step compares only `error`,
    so a change it made shows at the next observation, which applies no clause. The refusal's
    clause is charged, not every clause of the case; a clause-applying step in between stops it."""
    case = synthetic_case(
        input={"setup": {}, "steps": [{"action": "draw"}, {"action": "bet 9 on spades"},
                                      {"action": "observe"}]},
        expected=[{"turn": 1}, {"error": "DOM-DRAW-2"}, {"turn": 1, "scores": [0, 0]}],
        step_clauses=[["DOM-TURN-1"], ["DOM-DRAW-2"], []])
    got = [{"turn": 1}, {"error": "DOM-DRAW-2"}, {"turn": 1, "scores": [0, 5]}, ]
    # the refusing clause decides the draw pile, not the scores: of the case's clauses, the one
    # whose footprint best matches the changed scores is charged (not the turn rule, not the
    # settlement's bonus rule, whose footprint is mostly the bonus)
    mismatch = first_mismatch(case, got)
    assert mismatch["step"] == 2 and mismatch["clauses"] == ["DOM-PTS-1"]
    assert mismatch["attributed_by"] == "refusal"
    # a refusal that changed what the refusing clause decides is charged to that clause alone
    case["expected"][2] = {"turn": 1, "draw_pile": 5}
    mismatch = first_mismatch(case, [{"turn": 1}, {"error": "DOM-DRAW-2"}, {"turn": 1, "draw_pile": 4}])
    assert mismatch["clauses"] == ["DOM-DRAW-2"] and mismatch["attributed_by"] == "refusal"
    # the same clause-less step after an accepted one: nothing to charge but the case's clauses
    accepted = synthetic_case(input=case["input"], expected=[{"turn": 1}, {"turn": 0}, case["expected"][2]],
                              step_clauses=[["DOM-TURN-1"], ["DOM-TURN-1"], []])
    mismatch = first_mismatch(accepted, [{"turn": 1}, {"turn": 0}, got[2]])
    assert mismatch["attributed_by"] == "case" and mismatch["clauses"] == sorted(accepted["clauses"])


def test_a_hook_taking_before_gets_the_previous_expected_observation(monkeypatch):
    import dataclasses
    from reference.core import game as game_module

    seen = []

    def hook(difference, expected, actual, before):
        seen.append(before)
        return [f"{difference.key}.{'bettor' if before.get('bets') else 'other'}"]

    real = get_game("dominoes")
    monkeypatch.setattr(game_module, "get_game", lambda name: dataclasses.replace(real, difference_paths=hook))
    case = synthetic_case(clause_keys={"DOM-PTS-1": ["scores.bettor"], "DOM-TURN-1": ["scores.other"]},
                          expected=[{"bets": [1]}, {"scores": [1, 0]}, {"turn": 0}],
                          step_clauses=[["DOM-PTS-1"], ["DOM-PTS-1", "DOM-TURN-1"], []])
    mismatch = first_mismatch(case, [{"bets": [1]}, {"scores": [0, 1]}, {"turn": 0}])
    assert seen == [{"bets": [1]}] and mismatch["paths"] == ["scores.bettor"]
    assert mismatch["clauses"] == ["DOM-PTS-1"]


def test_an_observe_step_that_records_the_offer_is_judged_by_its_own_clauses():
    """An `observe` that records the offer of actions after a refusal: what differs may be the
    offer's own misreading, so its clauses are charged, not the refusal."""
    case = synthetic_case(
        input={"setup": {}, "steps": [{"action": "pass"}, {"action": "observe"}]},
        expected=[{"error": "DOM-PASS-1"}, {"turn": 0}],
        step_clauses=[["DOM-PASS-1"], ["DOM-DRAW-2"]],
        clause_keys={"DOM-PASS-1": ["turn", "legal_actions"], "DOM-DRAW-2": ["turn"]})
    mismatch = first_mismatch(case, [{"error": "DOM-PASS-1"}, {"turn": 1}])
    assert mismatch["clauses"] == ["DOM-DRAW-2"] and mismatch["attributed_by"] == "footprint"


def test_a_change_left_by_a_refusal_is_charged_to_the_games_refusal_convention():
    """With the header's refusal_clause, a difference a refused step left behind names the
    convention that a refused action changes nothing, and the report names the refused step and
    its clause; an observe whose own clauses decide none of what differs (the offer cannot
    explain a changed turn) does not stop it, one whose clauses decide it does."""
    case = synthetic_case(
        input={"setup": {}, "steps": [{"action": "place 6|6"}, {"action": "pass"}, {"action": "observe"}]},
        expected=[{"turn": 1}, {"error": "DOM-PASS-1"}, {"turn": 1, "legal_actions": ["draw"]}],
        step_clauses=[["DOM-TURN-1"], ["DOM-PASS-1"], ["DOM-DRAW-1"]],
        clause_keys={**CLAUSE_KEYS, "DOM-DRAW-1": ["legal_actions"], "DOM-PASS-1": ["legal_actions", "error"]},
        refusal_clause="DOM-INT-9")
    got = [{"turn": 1}, {"error": "DOM-PASS-1"}, {"turn": 2, "legal_actions": ["draw"]}]
    mismatch = first_mismatch(case, got)
    assert mismatch["step"] == 2 and mismatch["attributed_by"] == "refusal"
    assert mismatch["clauses"] == ["DOM-INT-9"]
    assert mismatch["refused_step"] == 1 and mismatch["refused_under"] == ["DOM-PASS-1"]
    text = "\n".join(report.divergence_lines(CaseResult("dom-synthetic-001", "dominoes", "match", "failed",
                                                        mismatch=mismatch)))
    assert "the refused step: 1 (refused under DOM-PASS-1)" in text
    # the offer itself differs: the observe's own clause decides it, not the refusal
    mismatch = first_mismatch(case, [{"turn": 1}, {"error": "DOM-PASS-1"}, {"turn": 1, "legal_actions": ["pass"]}])
    assert mismatch["attributed_by"] == "footprint" and mismatch["clauses"] == ["DOM-DRAW-1"]
    # a refusal under an interpretation (no catalog clause recorded) still counts as the refusal
    case["step_clauses"][1] = []
    mismatch = first_mismatch(case, got)
    assert mismatch["clauses"] == ["DOM-INT-9"] and mismatch["refused_under"] == []
    # a step expected to be refused itself, after a refusal: whether to refuse it is what differs
    twice = dict(case, expected=[{"turn": 1}, {"error": "DOM-PASS-1"}, {"error": "DOM-PASS-1"}])
    mismatch = first_mismatch(twice, [{"turn": 1}, {"error": "DOM-PASS-1"}, {"turn": 2}])
    assert mismatch["step"] == 2 and mismatch["attributed_by"] != "refusal" and "refused_step" not in mismatch
    # without the header's convention, the refusing clause or the case's clauses, as before
    del case["refusal_clause"]
    assert first_mismatch(case, got)["clauses"] != ["DOM-INT-9"]


@pytest.mark.parametrize("name", game_names())
def test_every_game_names_a_refusal_convention_of_its_register_in_the_vector_headers(name):
    from reference.core.catalog import load_catalog
    skip_without_kinds(name)
    game = get_game(name)
    convention = load_catalog(name).interpretations.get(game.refusal_clause)
    assert convention, f"{name}: GAME.refusal_clause {game.refusal_clause!r} is not an entry of its register"
    assert convention.status == "convention" and "refused" in convention.title.lower()
    cases = load_cases([name], validate=False)        # every kind's header (a game need not have probes)
    assert cases and all(c["refusal_clause"] == game.refusal_clause for c in cases)


def test_more_than_three_tied_clauses_are_narrowed_to_those_whose_footprints_match_best():
    """Four clauses tied by the search: the footprints keep the one whose paths cover what
    differs; when none covers anything, all four stay (nothing to choose by)."""
    from reference.core.attribution import narrowed
    keys = {"DOM-A-1": ["scores"], "DOM-B-1": ["turn"], "DOM-C-1": ["hands"], "DOM-D-1": ["phase"]}
    tied = ["DOM-D-1", "DOM-C-1", "DOM-B-1", "DOM-A-1"]
    assert narrowed(tied, ["scores"], keys) == ["DOM-A-1"]
    assert narrowed(tied, ["legal_actions"], keys) == sorted(tied)
    assert narrowed(tied[:3], ["scores"], keys) == sorted(tied[:3])      # three or fewer: all, as they are
