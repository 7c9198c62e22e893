"""Parts of the counterfactual search the end-to-end tests of test_counterfactual.py do not pin:
which decision points get alterations, where an alteration is installed, how deep a setup is
searched for a value (reference/core/counterfactual.py, decision_points.py)."""

from __future__ import annotations

import importlib
import time

import pytest

from reference.core.counterfactual import Call, _given, decision_alterations
from reference.core.decision_points import DecisionPoint, decision_points, holders


def test_a_decision_point_that_only_refused_gets_no_alteration():
    """A step whose only call of the point refused: whether to refuse is what differs, which the
    refusal alterations cover; one that also gave a value gets its alterations."""
    point = DecisionPoint("reference.dominoes.rules.match", "reaches_target", ("DOM-X-1",), "function",
                          True, True, (True, False), 1)
    assert decision_alterations("dominoes", {point: [Call((), "refused")]}) == []
    assert decision_alterations("dominoes", {point: [Call((), "refused"), Call((), "bool", True)]})


def test_a_function_is_altered_in_every_module_of_the_game_that_imported_it():
    """rules/turns.py does `from .layout import may_open_with`: an alteration installed only in
    layout would leave the name turns calls untouched."""
    turns = importlib.import_module("reference.dominoes.rules.turns")
    point = next(p for p in decision_points("dominoes") if p.qualname == "may_open_with")
    places = [(module.__name__, name) for module, name in holders("dominoes", point)]
    assert places[0] == ("reference.dominoes.rules.layout", "may_open_with")
    assert (turns.__name__, "may_open_with") in places


def test_a_setup_value_is_found_down_to_six_levels_and_no_deeper():
    def nested(levels: int) -> dict:
        setup: dict = {"target": 150}
        for _ in range(levels):
            setup = {"inner": setup}
        return setup
    assert _given(nested(0), "target", 150)
    assert _given(nested(6), "target", 150)
    assert not _given(nested(7), "target", 150)
    assert not _given(nested(2), "target", 151)


def test_two_changes_are_the_same_only_if_they_remove_the_same_facts_too():
    """Per-seat multisets (unordered_each) carry no length fact: dropping one item or two adds
    nothing in either case, and only what they remove tells the two misreadings apart."""
    from reference.core.counterfactual import Change
    expected, modes = {"hands": [[1, 2]]}, {"hands": "unordered_each"}
    one_dropped = Change(expected, {"hands": [[1]]}, modes)
    both_dropped = Change(expected, {"hands": [[]]}, modes)
    assert one_dropped.added == both_dropped.added
    assert not one_dropped.same_as(both_dropped)
    assert one_dropped.same_as(Change(expected, {"hands": [[1]]}, modes))


# -- an altered answer is charged to the block that gave it --------------------------------------

def _continuation_reason():
    """The decision point continuation_reason and the lines of its returns, in source order."""
    import ast
    point = next(p for p in decision_points("dominoes") if p.qualname == "continuation_reason")
    source = open(importlib.import_module(point.module).__file__, encoding="utf-8").read()
    function = next(n for n in ast.walk(ast.parse(source))
                    if isinstance(n, ast.FunctionDef) and n.name == "continuation_reason")
    return point, sorted(n.lineno for n in ast.walk(function) if isinstance(n, ast.Return))


def test_an_altered_answer_is_charged_to_the_clause_block_of_the_return_the_reference_took():
    """continuation_reason decides two clauses in blocks of their own: DOM-CONT-2 (a double that
    also scores gives one continuation) and DOM-CONT-1 (a double, or a scoring tile, continues).
    An answer the step took from one block names that clause alone; from a `return` that lies in
    neither block, or unseen (a cached answer), it names both."""
    from reference.core.counterfactual import answering_clauses
    point, (both, double, scored, closing) = _continuation_reason()
    assert set(point.clauses) == {"DOM-CONT-1", "DOM-CONT-2"}
    assert answering_clauses(point, [Call((), "other", line=both)]) == ("DOM-CONT-2",)
    assert answering_clauses(point, [Call((), "other", line=double)]) == ("DOM-CONT-1",)
    # the marker labels the statement after it (generated_mutants.clause_regions): `if raw_points:
    # return "scored"` follows the DOM-CONT-1 block and lies in none, as the closing return does
    assert set(answering_clauses(point, [Call((), "other", line=scored)])) == set(point.clauses)
    assert set(answering_clauses(point, [Call((), "none", line=closing)])) == set(point.clauses)
    assert set(answering_clauses(point, [Call((), "other")])) == set(point.clauses)
    # two calls at the step, one from each block: both
    assert set(answering_clauses(point, [Call((), "other", line=both), Call((), "other", line=double)])) \
        == set(point.clauses)


def test_the_step_records_which_return_each_decision_point_took():
    """Recording a step notes the line each call of a decision point returned from (through the
    profile that notes which rules ran), and the alterations of its answer carry the narrowed
    clauses."""
    from reference.core.counterfactual import _recorder, _watching
    point, (both, double, scored, closing) = _continuation_reason()
    calls: dict = {}
    module = importlib.import_module(point.module)
    patches = [(holder, name, _recorder(point, calls)) for holder, name in holders("dominoes", point)]
    with _watching("dominoes", {}, patches):
        assert module.continuation_reason((3, 3), 5) == "double_and_scored"
        assert module.continuation_reason((2, 3), 0) is None
    assert [c.line for c in calls[point]] == [both, closing]
    altered = {a.name: a for a in decision_alterations("dominoes", {point: calls[point][:1]})}
    answer = altered["None from continuation.continuation_reason"]
    assert answer.clauses == ("DOM-CONT-2",) and answer.answered


def test_a_shifted_argument_is_charged_to_the_block_of_the_rule_that_passed_it():
    """odds_after_race (HF-NEWODDS-1..4) reads a horse's place; set_new_odds (HF-NEWODDS-5,
    working down from the horse ranked first) counts the places and passes them. A place off
    by one is set_new_odds' reading: the argument alterations name HF-NEWODDS-5, not the rows'
    clauses. A call from outside the rules (a test, the adapter) names the callee's clauses."""
    import ast
    from reference.core.counterfactual import calling_clauses
    point = next(p for p in decision_points("horse_fever") if p.qualname == "odds_after_race")
    source = open(importlib.import_module(point.module).__file__, encoding="utf-8").read()
    caller = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef) and n.name == "set_new_odds")
    line = next(n.lineno for n in ast.walk(caller) if isinstance(n, ast.Call)
                and getattr(n.func, "id", "") == "odds_after_race")
    assert calling_clauses(point, [Call((0, 1), "int", 2, site=(point.module, line))]) == ("HF-NEWODDS-5",)
    assert calling_clauses(point, [Call((0, 1), "int", 2)]) == point.clauses
    shifted = {a.name: a for a in decision_alterations(
        "horse_fever", {point: [Call((0, 1), "int", 2, site=(point.module, line))]})}
    assert shifted["argument 0 + 1 to new_odds.odds_after_race"].clauses == ("HF-NEWODDS-5",)
    assert shifted["argument 0 + 1 to new_odds.odds_after_race"].by_caller


def test_the_step_records_the_rules_line_each_decision_point_was_called_from():
    """set_new_odds calls odds_after_race once per horse: each call is noted with set_new_odds'
    line (the site a shifted place is charged to); a call from outside the rules has none."""
    import ast
    from reference.core.counterfactual import _recorder, _rules_files, _watching
    from reference.core.log import StepLog
    point = next(p for p in decision_points("horse_fever") if p.qualname == "odds_after_race")
    module = importlib.import_module(point.module)
    caller = next(n for n in ast.walk(ast.parse(open(module.__file__, encoding="utf-8").read()))
                  if isinstance(n, ast.FunctionDef) and n.name == "set_new_odds")
    line = next(n.lineno for n in ast.walk(caller) if isinstance(n, ast.Call)
                and getattr(n.func, "id", "") == "odds_after_race")
    calls: dict = {}
    patches = [(holder, name, _recorder(point, calls, _rules_files("horse_fever")))
               for holder, name in holders("horse_fever", point)]
    with _watching("horse_fever", {}, patches):
        module.set_new_odds({"black": 3, "blue": 5}, ["black", "blue"], StepLog())
        module.odds_after_race(1, 3)
    assert [c.site for c in calls[point]] == [(point.module, line), (point.module, line), None]


# -- the evidence that sets tied alterations apart ------------------------------------------------

def _trial(name: str, clauses: tuple, exact: bool = True, score: float = 1.0):
    from contextlib import nullcontext
    from reference.core.counterfactual import Alteration, Trial
    alteration = Alteration(name, clauses, "decision", name, lambda: nullcontext())
    return Trial(alteration, {"scores": [0]}, exact=exact, score=score)


class _History:
    """A stage whose earlier steps agree with the alterations named."""
    def __init__(self, agreeing: set[str]):
        self.agreeing, self.asked = agreeing, []

    def history_agrees(self, install, limit):
        name = next(n for n, i in self.installs.items() if i is install)
        self.asked.append(name)
        return name in self.agreeing


def _history(trials, agreeing):
    stage = _History(agreeing)
    stage.installs = {t.alteration.name: t.alteration.install for t in trials}
    return stage


def test_tied_alterations_are_checked_by_clause_set_a_bounded_few_of_each():
    from reference.core.counterfactual import MAX_TIED_GROUPS, PER_GROUP, tied_groups
    trials = [_trial(f"a{n}", ("DOM-A-1",)) for n in range(PER_GROUP + 2)]
    trials += [_trial(f"g{n}", (f"DOM-G-{n}",)) for n in range(MAX_TIED_GROUPS + 3)]
    groups = tied_groups(trials)
    assert len(groups) == MAX_TIED_GROUPS
    assert [t.alteration.name for t in groups[0]] == [f"a{n}" for n in range(PER_GROUP)]
    assert all(len({t.alteration.clauses for t in g}) == 1 for g in groups)


def test_a_clause_set_is_kept_when_any_of_its_alterations_agrees_with_the_history():
    """The first two alterations of DOM-CONT-5 would have shown at an earlier step; its third
    would not: DOM-CONT-5 stays beside DOM-MATCH-2 (a cut after two of each lost it)."""
    import time
    from reference.core.counterfactual import agreeing_with_history
    trials = [_trial("negate cont", ("DOM-CONT-5",)), _trial("negate match", ("DOM-MATCH-2",)),
              _trial("gen cont 1", ("DOM-CONT-5",)), _trial("gen cont 2", ("DOM-CONT-5",))]
    stage = _history(trials, {"negate match", "gen cont 2"})
    kept = agreeing_with_history(stage, trials, trials, False, [], time.process_time() + 5)
    assert sorted(t.alteration.name for t in kept) == ["gen cont 2", "negate match"]


def test_when_no_exact_reproduction_agrees_with_the_history_a_close_one_that_does_is_charged():
    """Every exact reproduction would have shown at an earlier step, which the implementation
    matched: the next rank (a partial reproduction whose history agrees) is charged instead;
    when nothing agrees in the ranks looked at, the best stay as they were."""
    import time
    from reference.core.counterfactual import agreeing_with_history
    exact = _trial("left out of running", ("HF-RANK-5",))
    close = _trial("one less from moves", ("HF-ACT-6",), exact=False, score=0.8)
    far = _trial("far", ("HF-X-1",), exact=False, score=0.3)
    trials = [exact, close, far]
    kept = agreeing_with_history(_history(trials, {"one less from moves"}), trials, [exact], False, [],
                                 time.process_time() + 5)
    assert [t.alteration.name for t in kept] == ["one less from moves"]
    kept = agreeing_with_history(_history(trials, set()), trials, [exact], False, [], time.process_time() + 5)
    assert kept == [exact]


def test_a_tied_alteration_is_judged_on_the_passed_cases_of_its_own_clauses(monkeypatch):
    """Two alterations reproduce a failure alike, one of DOM-MATCH-2 and one of DOM-CONT-5. The
    implementation passed a case exercising DOM-MATCH-2 that the first alteration would break:
    that alteration is set aside, whatever the general sample of passed cases holds."""
    import time
    from reference.core import counterfactual as cf
    from reference.core import passed_cases
    saved = (dict(passed_cases.PASSED), dict(passed_cases.BY_CLAUSE))
    passed_cases.forget()
    cf._CONTRADICTED.clear()
    try:
        passed_cases.note_passed({"id": "m2", "game": "dominoes", "kind": "match", "clauses": ["DOM-MATCH-2"]})
        for n in range(10):
            passed_cases.note_passed({"id": f"other{n}", "game": "dominoes", "kind": "round", "clauses": ["DOM-PTS-1"]})
        breaks = {("m2", "alter match")}
        monkeypatch.setattr(cf, "_changes", lambda case, alteration, caches, deadline=None:
                            (case["id"], alteration.name) in breaks)
        trials = [_trial("alter match", ("DOM-MATCH-2",)), _trial("alter cont", ("DOM-CONT-5",))]
        failing = {"id": "f", "game": "dominoes", "kind": "round"}
        kept = cf.uncontradicted(trials, failing, [], time.process_time() + 5)
        assert [t.alteration.name for t in kept] == ["alter cont"]
    finally:
        passed_cases.forget()
        passed_cases.PASSED.update(saved[0])
        passed_cases.BY_CLAUSE.update(saved[1])
        cf._CONTRADICTED.clear()



@pytest.fixture
def fresh_evidence():
    """A run's evidence emptied for the test (whatever run this worker played before) and given
    back after it: the passed and failed cases kept, and the verdicts on alterations."""
    from reference.core import counterfactual as cf
    from reference.core import passed_cases
    saved = (dict(passed_cases.PASSED), dict(passed_cases.BY_CLAUSE), dict(passed_cases.EVERY),
             dict(passed_cases.FAILED), passed_cases.WIDE[0])
    passed_cases.forget(wide=True)
    cf._CONTRADICTED.clear()
    cf._WIDELY.clear()
    yield
    passed_cases.forget(wide=saved[4])
    for kept, before in zip((passed_cases.PASSED, passed_cases.BY_CLAUSE, passed_cases.EVERY, passed_cases.FAILED), saved):
        kept.update(before)
    cf._CONTRADICTED.clear()
    cf._WIDELY.clear()


def test_a_tie_the_few_passed_cases_leave_is_judged_on_every_passed_case(monkeypatch, fresh_evidence):
    """Two alterations reproduce a failure alike, one of HF-BET-1 and one of HF-PLAY-1; neither
    breaks the few cases played first (the tied clauses' own, a spread of six), but the
    implementation also passed a case, far down the run, that the HF-PLAY-1 alteration would
    break. Every passed case is then played: HF-PLAY-1's is set aside. A case played with an
    alteration is played once a run: judged again, nothing is replayed."""
    import time
    from reference.core import counterfactual as cf
    from reference.core import passed_cases
    for n in range(200):        # more than the few: the one that tells is among the last
        passed_cases.note_passed({"id": f"p{n}", "game": "horse_fever", "kind": "game", "clauses": ["HF-BET-2"]})
    played = []

    def changes(case, alteration, caches, deadline=None, upto=None):
        played.append((case["id"], alteration.name))
        return (case["id"], alteration.name) == ("p197", "order reversed")
    monkeypatch.setattr(cf, "_changes", changes)
    trials = [_trial("order reversed", ("HF-PLAY-1",)), _trial("first bettor reversed", ("HF-BET-1",))]
    failing = {"id": "f", "game": "horse_fever", "kind": "round"}
    assert "p197" not in {c["id"] for c in cf._passed_sample(failing)}
    kept = cf.uncontradicted(trials, failing, [], time.process_time() + 5)
    assert [t.alteration.name for t in kept] == ["first bettor reversed"]
    assert ("p197", "order reversed") in played
    before = len(played)
    cf._CONTRADICTED.clear()                # the few are judged again; the wide check is not
    kept = cf.uncontradicted(trials, failing, [], time.process_time() + 5)
    assert [t.alteration.name for t in kept] == ["first bettor reversed"]
    widely = [p for p in played[before:] if p[0] not in {c["id"] for c in cf._passed_sample(failing)}]
    assert widely == []


def test_a_tie_that_every_passed_case_acquits_stays_a_tie(monkeypatch, fresh_evidence):
    """When no passed case tells two tied alterations apart, both stay (the vectors cannot
    separate them: a look-alike), and when every one is broken by some case, both stay too."""
    import time
    from reference.core import counterfactual as cf
    from reference.core import passed_cases
    for n in range(60):
        passed_cases.note_passed({"id": f"p{n}", "game": "horse_fever", "kind": "game", "clauses": []})
    failing = {"id": "f", "game": "horse_fever", "kind": "round"}
    trials = [_trial("one", ("HF-RIG-1",)), _trial("other", ("HF-RIG-2",))]
    monkeypatch.setattr(cf, "_changes", lambda case, alteration, caches, deadline=None, upto=None: False)
    assert len(cf.uncontradicted(trials, failing, [], time.process_time() + 5)) == 2
    cf._CONTRADICTED.clear()
    cf._WIDELY.clear()
    monkeypatch.setattr(cf, "_changes", lambda case, alteration, caches, deadline=None, upto=None:
                        case["id"] == "p50")
    assert len(cf.uncontradicted(trials, failing, [], time.process_time() + 5)) == 2

# -- the implementation's later steps as evidence ---------------------------------------------------

def test_the_reference_counts_the_later_steps_an_alteration_reproduces_in_a_row():
    """Standing at step 1 of a real match case, the unaltered reference reproduces every later
    step of the case's own expectations; when the implementation's third step differs, it
    reproduces the one before it only (a row stops at the first that differs)."""
    from contextlib import nullcontext
    from reference.core.counterfactual import Stage
    from reference.core.vectors import load_cases
    (case,) = load_cases(["dominoes"], wanted=lambda id_: id_ == "dom-match-pass-and-block")
    expected = case["expected"]
    assert len(expected) >= 4
    stage = Stage(case, 1)
    later = [dict(step) for step in expected[2:]]
    assert stage.later_steps_reproduced(lambda: nullcontext(), later) == len(later)
    changed = [dict(step) for step in later]
    key = next(k for k in changed[1] if k != "error")
    changed[1][key] = ["not", "what", "the reference says"]
    assert stage.later_steps_reproduced(lambda: nullcontext(), changed) == 1
    assert stage.later_steps_reproduced(lambda: nullcontext(), []) == 0


def test_among_tied_alterations_those_reproducing_more_later_steps_are_charged(monkeypatch):
    """Two alterations reproduce the divergent step alike; the implementation's next three
    steps are reproduced by one of them only: that one is charged. When none reproduces a later
    step, both stay."""
    import time
    from reference.core.counterfactual import reproducing_later
    caller, callee = _trial("shift the place", ("HF-NEWODDS-5",)), _trial("shift the row", ("HF-NEWODDS-2",))

    class Stage:
        def __init__(self, counts):
            self.counts = counts

        def later_steps_reproduced(self, install, later, limit):
            return self.counts[install]
    counts = {caller.alteration.install: 3, callee.alteration.install: 0}
    kept = reproducing_later(Stage(counts), [caller, callee], [{}] * 3, [], time.process_time() + 5)
    assert kept == [caller]
    counts = {caller.alteration.install: 0, callee.alteration.install: 0}
    assert reproducing_later(Stage(counts), [caller, callee], [{}] * 3, [], time.process_time() + 5) == [caller, callee]


def test_a_clause_set_reproduces_the_later_steps_as_well_as_its_best_alteration():
    """Two clauses tie at the divergent step. The first alteration of one clause (its list
    emptied) reproduces no later step, its second (the list cut short, as the implementation
    did) all three; the other clause's only alteration one. The first clause is charged: a
    clause is judged by its best alteration, not by whichever came first."""
    import time
    from reference.core.counterfactual import reproducing_later
    emptied, cut = _trial("empty the bettors", ("CRD-BET-3",)), _trial("cut the bettors", ("CRD-BET-3",))
    closed = _trial("close the bets early", ("CRD-BET-5",))

    class Stage:
        def later_steps_reproduced(self, install, later, limit):
            return {emptied.alteration.install: 0, cut.alteration.install: 3, closed.alteration.install: 1}[install]
    kept = reproducing_later(Stage(), [emptied, closed, cut], [{}] * 3, [], time.process_time() + 5)
    assert {t.alteration.clauses for t in kept} == {("CRD-BET-3",)}


def test_a_list_is_cut_at_its_end_or_reversed_only_when_it_holds_more_than_one_item():
    """For a one-item list, leaving out the last is leaving out the first, and reversing it
    changes nothing: those alterations are made only for a longer list."""
    point = DecisionPoint("reference.dominoes.rules.settlement", "blocked_round_winners", ("DOM-BLOCK-2",), "function",
                          True, False, (), 1)
    def names(length: int) -> set[str]:
        return {a.name.rsplit(" settlement.", 1)[0] for a in decision_alterations("dominoes", {point: [Call((), "list", length)]})}
    assert {"empty", "first left out of"} <= names(1)
    assert not {"last left out of", "the other way round"} & names(1)
    assert {"last left out of", "the other way round"} <= names(2)

def test_a_constants_holders_are_the_modules_of_its_own_game_alone(monkeypatch):
    """A shifted constant is set in every module of the game holding it under its name (its
    own, and those that imported it), never in another game's module or one outside the games
    that happens to hold an equal number under the same name."""
    import sys
    from types import ModuleType

    from reference.core.decision_points import ConstantPoint, constant_holders
    modules = {}
    for name, value in (("reference.fakegame.rules", 61), ("reference.fakegame.scoring", 61),
                        ("reference.fakegame.other", 60), ("reference.othergame.rules", 61), ("fakegame_tools", 61)):
        modules[name] = ModuleType(name)
        modules[name].TARGET = value
        monkeypatch.setitem(sys.modules, name, modules[name])
    monkeypatch.setitem(sys.modules, "reference.fakegame.gone", None)       # a failed import leaves None
    point = ConstantPoint("reference.fakegame.rules", "TARGET", 61, ("FAKE-MATCH-2",))
    held = constant_holders("fakegame", point)
    assert sorted(module.__name__ for module, _ in held) == ["reference.fakegame.rules", "reference.fakegame.scoring"]
    assert {name for _, name in held} == {"TARGET"}


def test_an_answer_from_a_block_inside_the_function_s_own_block_names_the_inner_clause_alone():
    """odds_after_race is HF-NEWODDS-1 as a whole (its marker opens the body) and holds the blocks
    HF-NEWODDS-2, -3 and -4: the `return` of a horse placed higher than its token lies in both
    HF-NEWODDS-1's region and HF-NEWODDS-2's, and names the innermost, HF-NEWODDS-2, alone."""
    import ast
    from reference.core.counterfactual import answering_clauses
    point = next(p for p in decision_points("horse_fever") if p.qualname == "odds_after_race")
    source = open(importlib.import_module(point.module).__file__, encoding="utf-8").read()
    function = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef) and n.name == "odds_after_race")
    up, down, level = sorted(n.lineno for n in ast.walk(function) if isinstance(n, ast.Return))
    assert answering_clauses(point, [Call((0, 1), "int", 3, line=up)]) == ("HF-NEWODDS-2",)
    assert answering_clauses(point, [Call((0, 1), "int", 7, line=down)]) == ("HF-NEWODDS-3",)
    assert answering_clauses(point, [Call((0, 1), "int", 5, line=level)]) == ("HF-NEWODDS-4",)


# -- alterations of what earlier steps ran, and their bound in any thread ----------------------------

def test_a_generated_mutant_that_never_ends_is_stopped_in_a_runners_thread_too():
    """No CPU timer may be used outside the main thread (a runner's thread, the pytest plugin's):
    a generated mutant, which may loop forever, is stopped there by the thread's own CPU clock,
    read from a profile hook, and the hook is taken away after. So is any altered run under
    `_time_limit`: an altered answer can keep a loop of the rules from ending as well as a code
    change can, and before, a decision's alteration ran there without any bound."""
    import sys
    import threading
    from reference.core import counterfactual as cf
    from reference.core.generated_mutants import FUNCTION, generated_mutants
    mutant = next(m for m in generated_mutants("cards") if m.scope == FUNCTION and m.block)
    install = cf._swapping(mutant)
    seen: dict = {}

    def forever_under(limit, what: str) -> None:
        try:
            with limit:
                seen[f"{what} hooked"] = sys.getprofile() is not None
                while True:
                    len(())
        except cf._Deadline:
            seen[f"{what} stopped"] = True
        seen[f"hook after the {what}"] = sys.getprofile()

    def run() -> None:
        assert not cf.timer_usable()
        forever_under(install(), "code change")
        forever_under(cf._time_limit(0.05), "decision")

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(20)
    assert seen == {"code change hooked": True, "code change stopped": True, "hook after the code change": None,
                    "decision hooked": True, "decision stopped": True, "hook after the decision": None}


def test_the_generated_mutants_of_what_earlier_steps_ran_are_altered_from_the_setup_latest_first():
    """At the race step of hf-probe2-hf-betting-1-020 (pass, reveal, race) the reveal ran before
    and not at the step: the generated mutants of the reveal (reveal_cards, turn_face_up) are altered
    from the setup on (a flag left unset there shows only when the race is refused), named so, with the functions the
    latest steps ran before those of the first; the leave-one-out of a generated mutant withholds
    it played either way."""
    from reference.core import counterfactual as cf
    from reference.core.game import Mutant
    from reference.core.mutant_attribution import generated_withheld
    from reference.core.vectors import load_cases
    (case,) = load_cases(["horse_fever"], wanted=lambda id_: id_ == "hf-probe2-hf-betting-1-020")
    stage = cf.Stage(case, 2)
    _, calls = cf.record_step(stage)
    earlier = [a for a in cf.earlier_alterations(stage, calls, (), None) if a.source == "generated"]
    names = [a.name for a in earlier]
    flag = "generated reveal:turn_face_up:const_flip:2456f402:0 from the setup"
    assert flag in names and all(a.earlier for a in earlier)
    assert not any(a.function in stage.executed for a in earlier)
    passing = [n for n in names if ":pass_second_bet:" in n or ":close_bets:" in n]
    assert passing and names.index(flag) < min(names.index(n) for n in passing)
    withheld = generated_withheld(Mutant("horse_fever/reveal:turn_face_up:const_flip:2456f402:0", "", (), lambda: None))
    flagged = next(a for a in earlier if a.name == flag)
    assert withheld(flagged) and not withheld(earlier[0] if earlier[0] is not flagged else earlier[1])
    assert stage.play_agreeing(flagged.install, limit=5.0) == {"error": "HF-REVEAL-1"}


def test_an_earlier_steps_code_change_counts_only_when_it_gives_the_whole_observation(monkeypatch):
    """A code change of an earlier step, played from the setup, where the history never
    objects: when it gives the step's observation only in part it counts for nothing (it would
    outrank the step's own near misses), when it gives the whole it is charged. A decision of an
    earlier step (not a code change) counts in part as any alteration does. (The cards bettors'
    queue was the real example until the bettors came to be asked at every choice: here the
    plays are stand-ins, the rule is the search's.)"""
    from contextlib import contextmanager
    from reference.core import counterfactual as cf
    from reference.core.vectors import load_cases
    case = next(c for c in load_cases(["dominoes"]) if len(c["expected"]) > 2
                and isinstance(c["expected"][2].get("scores"), list) and len(c["expected"][2]["scores"]) == 2)
    index, expected = 2, case["expected"][2]
    actual = {**expected, "scores": [expected["scores"][0] + 5, expected["scores"][1] + 5]}
    partial = {**expected, "scores": [expected["scores"][0] + 5, expected["scores"][1]]}
    playing: list = []

    def alteration(name, source, gives):
        @contextmanager
        def install():
            playing.append(gives)
            try:
                yield
            finally:
                playing.pop()
        return cf.Alteration(name, ("DOM-X-9",) if "whole" in name else ("DOM-X-8",), source, name, install,
                             earlier=True)

    def play_agreeing(self, install, limit=None):
        with install():
            return playing[-1]
    monkeypatch.setattr(cf.Stage, "play_agreeing", play_agreeing)
    offered: list = []
    monkeypatch.setattr(cf, "earlier_alterations", lambda *a, **k: list(offered))
    only_these = lambda a: not a.name.startswith("stand-in")        # noqa: E731
    for given, named in ([[alteration("stand-in partial code", "generated", partial)], []],
                         [[alteration("stand-in partial decision", "decision", partial)], ["DOM-X-8"]],
                         [[alteration("stand-in partial code", "generated", partial),
                           alteration("stand-in whole code", "generated", actual)], ["DOM-X-9"]]):
        offered[:] = given
        cf.forget_explanations()
        finding = cf.counterfactual(case, index, expected, actual, withheld=only_these)
        assert finding.clauses == named, (given[-1].name, finding.best)


def test_an_earlier_steps_code_is_altered_only_when_the_steps_own_decisions_explain_nothing_exactly(monkeypatch):
    """Each alteration of an earlier step's code replays the case from the setup: they are played
    only when nothing at the step reproduces the observation exactly (a search three times the
    cost otherwise). The race's start dropped (the close's `table.phase = RACING` deleted,
    crd-gen1-race-021) is reproduced exactly at the step; the same failure with a value no
    alteration of the step gives is not."""
    from reference.core import counterfactual as cf
    from reference.core import generated_mutants as generated
    from reference.core.adapter import replay_case
    from reference.core.mutant_attribution import generated_withheld
    from reference.core.results import first_mismatch
    from reference.core.vectors import load_cases
    asked: list = []
    earlier = cf.earlier_alterations

    def spy(*a, generated: bool = True):
        asked.append(generated)
        return earlier(*a, generated=generated)
    monkeypatch.setattr(cf, "earlier_alterations", spy)
    (case,) = load_cases(["cards"], wanted=lambda id_: id_ == "crd-gen1-race-021")
    # `table.phase = RACING` deleted, in whichever function decides the close (betting.close_bets)
    found = next(m for m in generated.generated_mutants("cards") if m.key.endswith(":delete:a431c9f3:0"))
    with generated.installed(found):
        actual = replay_case(case)
    index = first_mismatch(case, actual, counterfactual=False)["step"]
    withheld = generated_withheld(found.as_mutant())
    cf.forget_explanations()
    cf.counterfactual(case, index, case["expected"][index], actual[index], withheld=withheld)
    odd = {**actual[index], **{k: "no rule gives this" for k in case["expected"][index] if k != "error"}}
    cf.forget_explanations()
    cf.counterfactual(case, index, case["expected"][index], odd, withheld=withheld)
    assert asked == [False, True]


def test_an_alarm_that_comes_as_a_run_ends_leaves_the_timer_usable(monkeypatch):
    """A run's CPU limit ends in a clean-up that the alarm itself may cut short (it comes between
    two instructions, just as the run ends). Before, that left `_on_alarm` installed, every later
    `_time_limit` of the process ran without a limit, and an alteration that never ends hung a
    measurement for good (a held-out run of 27 minutes on one misreading)."""
    import signal
    from reference.core import counterfactual as cf
    if not cf.timer_usable():
        pytest.skip("the CPU timer is taken in this process")
    before = signal.getsignal(signal.SIGVTALRM)
    real = signal.setitimer
    late = {"alarm": True}

    def alarm_at_the_clean_up(which, seconds, *rest):
        if seconds == 0 and late.pop("alarm", False):
            real(which, 0)
            raise cf._Deadline()            # as the handler raises when the alarm comes here
        return real(which, seconds, *rest)

    monkeypatch.setattr(signal, "setitimer", alarm_at_the_clean_up)
    with pytest.raises(cf._Deadline):
        with cf._time_limit(5.0):
            pass
    assert signal.getsignal(signal.SIGVTALRM) == before and cf.timer_usable()
    # the alarm came even before the handler could be put back: ours is left, the timer spent
    signal.signal(signal.SIGVTALRM, cf._on_alarm)
    try:
        assert cf.timer_usable()
        with pytest.raises(cf._Deadline):
            with cf._time_limit(0.05):
                while True:
                    len(())
    finally:
        signal.signal(signal.SIGVTALRM, before)


def test_an_argument_passed_as_read_from_the_state_is_the_callees_reading():
    """reaches_target (DOM-MATCH-3: 61 or more) is given the side's score as the match holds it
    (`reaches_target(match.scores[side])`, in DOM-MATCH-2's block). The score one off is
    reaches_target's reading of its own threshold, not a value the caller computed wrong: the
    shift names DOM-MATCH-3. odds_after_race's place is counted by set_new_odds (a local of its
    loop) and stays the caller's; its odds, read from the table (`odds[horse]`), are the callee's."""
    from reference.core.counterfactual import calling_clauses, passed_as_read
    point = next(p for p in decision_points("dominoes") if p.name == "match.reaches_target")
    text = open(importlib.import_module(point.module).__file__, encoding="utf-8").read().splitlines()
    line = next(n for n, t in enumerate(text, start=1) if "if not reaches_target(match.scores[side]):" in t)
    made = [Call((0,), "bool", False, site=(point.module, line))]
    assert passed_as_read(point.module, line, "reaches_target", 0)
    assert calling_clauses(point, made, 0) == ("DOM-MATCH-3",)
    assert calling_clauses(point, made) == ("DOM-MATCH-2",)     # no argument named: the block of the call
    shifted = {a.name: a for a in decision_alterations("dominoes", {point: made})}
    assert shifted["argument 0 + 1 to match.reaches_target"].clauses == ("DOM-MATCH-3",)
    odds = next(p for p in decision_points("horse_fever") if p.qualname == "odds_after_race")
    text = open(importlib.import_module(odds.module).__file__, encoding="utf-8").read().splitlines()
    line = next(n for n, t in enumerate(text, start=1) if "= odds_after_race(place, odds[horse])" in t)
    assert not passed_as_read(odds.module, line, "odds_after_race", 0)
    assert passed_as_read(odds.module, line, "odds_after_race", 1)


def test_a_methods_argument_is_found_where_the_call_writes_it():
    """Seating.side_of (DOM-SET-3: partners sit opposite) is given its seat as the caller was
    given it (`side = match.seating.side_of(seat)` in DOM-MATCH-2's block). A method's recorded
    arguments begin with its receiver, so the seat is recorded at position 1 while the call
    writes it at 0: read at 1 in the source, the seat was never found passed on, and a seat
    shifted by one inside side_of was charged to its callers' blocks (DOM-MATCH-1, DOM-MATCH-2)
    with DOM-SET-3."""
    from reference.core.counterfactual import calling_clauses
    point = next(p for p in decision_points("dominoes") if p.qualname == "Seating.side_of")
    assert point.kind == "method"
    text = open(importlib.import_module("reference.dominoes.rules.match").__file__, encoding="utf-8").read().splitlines()
    line = next(n for n, t in enumerate(text, start=1)
                if "side = match.seating.side_of(seat)" in t and "reaches_target" in text[n])
    made = [Call((1,), "int", 0, site=("reference.dominoes.rules.match", line))]
    assert calling_clauses(point, made, 1) == ("DOM-SET-3",)
    assert calling_clauses(point, made) == ("DOM-MATCH-2",)     # no argument named: the block of the call
    shifted = {a.name: a for a in decision_alterations("dominoes", {point: made})}
    assert shifted["argument 1 + 1 to seating.Seating.side_of"].clauses == ("DOM-SET-3",)


def test_an_argument_passed_on_as_the_caller_was_given_it_is_the_callees_reading():
    """shares_the_win (a DOM-MATCH-5 part) passes its own parameter, the side's score, on to
    reaches_target (DOM-MATCH-3) untouched: the score one off there is reaches_target's reading
    of its threshold, as when a caller reads it from the match (a match ended at 60 at a
    settlement was charged DOM-MATCH-5 at 59 of 220 failures). reached_target's loop variable,
    and a parameter the function assigns, are the caller's own."""
    import ast
    from reference.core.counterfactual import _calls_with_forwarded, calling_clauses, passed_as_read
    point = next(p for p in decision_points("dominoes") if p.name == "match.reaches_target")
    text = open(importlib.import_module(point.module).__file__, encoding="utf-8").read().splitlines()
    line = next(n for n, t in enumerate(text, start=1) if "return reaches_target(score)" in t)
    assert passed_as_read(point.module, line, "reaches_target", 0)
    assert calling_clauses(point, [Call((0,), "bool", False, site=(point.module, line))], 0) == ("DOM-MATCH-3",)
    loop = next(n for n, t in enumerate(text, start=1) if "if shares_the_win(score)]" in t)
    assert not passed_as_read(point.module, loop, "shares_the_win", 0)
    calls = _calls_with_forwarded("def f(a, b):\n    b = b + 1\n    g(a, b)\n    def h(c):\n        g(c, a)\n")
    forwarded = {(call.lineno, call.args[0].id): names for call, names in calls if getattr(call.func, "id", "") == "g"}
    assert forwarded == {(3, "a"): frozenset({"a"}), (5, "c"): frozenset({"c"})}


def test_a_finish_read_at_the_last_mark_is_charged_to_the_crossing_rule():
    """CRD-FAQ-1 misread: reaching the last mark wins. Its position shifted by one reproduces it
    at crossed_finish, which reveal_next asks outside any block; charged to CRD-FAQ-1 (it was
    charged to CRD-RACE-6 when the question was asked in that block)."""
    from unittest import mock
    from reference.core.game import Mutant, get_game
    from reference.core.mutant_attribution import attribute_mutant
    from reference.core.vectors import load_cases
    import reference.cards.rules.race as race_rules

    def patch():
        return mock.patch.object(race_rules, "crossed_finish", lambda position: position >= race_rules.LAST_MARK)
    cases = load_cases(["cards"], wanted={"crd-probe1-crd-faq-1-001", "crd-gen1-race-005"}.__contains__)
    row = attribute_mutant(get_game("cards"), Mutant("at-the-mark", "", ("CRD-FAQ-1",), patch), cases,
                           per_mutant=2, withheld=lambda a: a.source == "curated")
    assert row.failures == 2
    assert all(charge.clauses == ["CRD-FAQ-1"] for charge in row.charges), [c.clauses for c in row.charges]


def test_a_seat_given_with_the_games_objects_is_shifted_too():
    """end_match_by_placement(match, seat, log) is given the game's match and a seat: the seat
    read one off (the other side's score looked at) is a misreading of who reached the target,
    so whole-number arguments are shifted whatever else the function is given."""
    point = next(p for p in decision_points("dominoes") if p.name == "match.end_match_by_placement")
    found = {a.name for a in decision_alterations("dominoes", {point: [Call((1,), "bool", False, plain=False)]})}
    assert {"argument 1 + 1 to match.end_match_by_placement", "argument 1 - 1 to match.end_match_by_placement"} <= found


def test_a_curated_misreading_acts_from_the_setup_on_when_it_keeps_what_an_earlier_step_left():
    """DOM-CONT-2 misread, as an implementation would write it: a double that also scores banks a
    second continuation, spent by the next tile that neither doubles nor scores. The divergence
    shows a step after the double; at that step alone the curated twin (scoring-double-banks-two)
    has nothing banked and reproduces nothing, and the continuation's own decisions negated (a
    plain tile continues: DOM-CONT-1, DOM-CONT-4) were charged. Played from the setup on, as a
    misreading acts, the curated misreading reproduces the step and every step before it."""
    from unittest import mock
    from reference.core.game import Mutant, get_game
    from reference.core.mutant_attribution import attribute_mutant
    from reference.core.vectors import load_cases
    from reference.dominoes.rules import continuation

    original = continuation.after_tile_from_hand
    spare: dict[int, int] = {}

    def after_tile_from_hand(match, tile, raw_points, opening, log):
        r = match.round
        reason = continuation.continuation_reason(tile, raw_points)
        if reason is None and spare.get(id(r)):
            spare[id(r)] = 0
            return continuation.continue_turn(match, "double_and_scored", log)
        spare[id(r)] = 1 if reason == "double_and_scored" else spare.get(id(r), 0)
        return original(match, tile, raw_points, opening, log)

    def patch():
        spare.clear()
        return mock.patch.object(continuation, "after_tile_from_hand", after_tile_from_hand)
    ids = {"dom-probe2-dom-cont-2-006", "dom-gen1-match-2p-022"}
    cases = load_cases(["dominoes"], wanted=ids.__contains__)
    row = attribute_mutant(get_game("dominoes"), Mutant("second-continuation-banked", "", ("DOM-CONT-2",), patch),
                           cases, per_mutant=2)
    assert row.failures == 2
    assert all(charge.clauses == ["DOM-CONT-2"] for charge in row.charges), [c.clauses for c in row.charges]


def test_a_curated_misreading_from_the_setup_explains_nothing_when_it_changes_an_earlier_step():
    """The curated misreadings of a step's clauses, played from the setup on, are earlier-step
    alterations: named so, left out by the leave-one-out of their own site, and one that would
    have changed an observation before the step (which the implementation matched) gives no
    observation at all. Branches opened early (DOM-DBL-2) changes the first placement of
    dom-probe2-dom-cont-2-006: played from the setup it gives the step something, but not as
    a misreading the implementation could have."""
    from reference.core import counterfactual as cf
    from reference.core.vectors import load_cases
    (case,) = load_cases(["dominoes"], wanted=lambda id_: id_ == "dom-probe2-dom-cont-2-006")
    stage = cf.Stage(case, 1)
    _, calls = cf.record_step(stage)
    curated = {a.name: a for a in cf.earlier_alterations(stage, calls, (), None, generated=False)
               if a.source == "curated"}
    early = curated["mutant branches-open-early from the setup"]
    assert all(a.earlier and a.site == a.name.removesuffix(cf.FROM_SETUP) for a in curated.values())
    assert stage.play(early.install, from_setup=True) is not None
    assert stage.play_agreeing(early.install, limit=5.0) is None


def _earlier(game: str, case_id: str, index: int):
    from reference.core import counterfactual as cf
    from reference.core.vectors import load_cases
    (case,) = load_cases([game], wanted=lambda id_: id_ == case_id)
    stage = cf.Stage(case, index)
    _, calls = cf.record_step(stage)
    return stage, cf.earlier_alterations(stage, calls, (), None, generated=False)


def test_the_decisions_the_latest_steps_consulted_are_altered_first_from_the_setup_on():
    """The search stops after MAX_TRIALS plays: the decisions of the deal, consulted first, must
    not keep out those the steps just before took. The earlier decisions come latest consulted
    first (`last_called_from_setup`), as the generated mutants of earlier steps do."""
    stage, out = _earlier("horse_fever", "hf-game-four-players-rotation", 20)
    recency = stage.last_called_from_setup
    order = [recency[a.function] for a in out if a.source == "decision" and a.function in recency]
    assert len(set(order)) > 5
    assert order == sorted(order, reverse=True)


def test_a_constant_only_earlier_steps_read_is_shifted_from_the_setup_on():
    """A whole-number constant of a rules module that only the steps before ran (the cards dealt
    to each player, read at the deal) is shifted by one both ways from the setup on, as an
    earlier-step alteration; none that the step itself may read is played twice."""
    from reference.core import counterfactual as cf
    stage, out = _earlier("horse_fever", "hf-game-four-players-rotation", 20)
    names = {a.name: a for a in out}
    for value in (1, 3):
        shifted = names[f"deal.CARDS_PER_PLAYER {value}{cf.FROM_SETUP}"]
        assert shifted.earlier and shifted.clauses
    at_the_step = {a.name for a in cf.constant_alterations("horse_fever", stage.executed, set())}
    assert not {n.removesuffix(cf.FROM_SETUP) for n in names} & at_the_step


def test_an_answer_turned_into_another_is_named_with_the_answer_it_replaces():
    """One plain answer at the step: "'pass' for 'draw'" is another misreading than "'pass' for
    'place'", so the run's other failures must not count one as the other (run_charges counts
    alterations by name). An answer that is no plain value (a record: Call.answer None, kind
    "record") is replaced everywhere and named without one."""
    point = DecisionPoint("reference.dominoes.rules.match", "reaches_target", ("DOM-X-1",), "function",
                          True, False, ("draw", "pass"), 1)
    names = [a.name for a in decision_alterations("dominoes", {point: [Call((), "other", answer="draw")]})]
    assert "'pass' for 'draw' from match.reaches_target" in names
    record = [a for a in decision_alterations("dominoes", {point: [Call((), "record", answer=None)]})
              if a.name.startswith("'pass'")]
    assert [a.name for a in record] == ["'pass' from match.reaches_target"] and record[0].everywhere is None


def test_first_bets_read_counter_clockwise_are_told_from_the_table_read_the_other_way(monkeypatch):
    """HF-BET-1 misread, as an implementation would write it: the first bets go round the table
    counter-clockwise. At a first bet the order reversed from the first player (HF-BET-1's
    decision) and the table's order reversed everywhere (HF-PLAY-1's clockwise_from) reproduce
    it alike, and so do the few passed cases played first; but the implementation passed cases
    of the rigging, which goes clockwise by HF-PLAY-1 too, and the table read the other way
    would have failed them. Charged to HF-BET-1 alone; without the wide check, HF-PLAY-1 too. (The
    run's failed cases say so as well, where the table read the other way would have answered the
    rigging otherwise than the implementation did: failures_reproduced, switched off with it.)"""
    from unittest import mock
    from reference.core import counterfactual as cf
    from reference.core import failures_reproduced
    from reference.core.game import Mutant, get_game
    from reference.core.mutant_attribution import attribute_mutant
    from reference.core.vectors import load_cases
    import reference.horse_fever.rules.betting as betting
    import reference.horse_fever.rules.seating as seating

    def counter_clockwise(state):
        return seating.still_in_game(state, seating.counter_clockwise_from(state.first_player, len(state.players)))

    def patch():
        return mock.patch.object(betting, "first_bet_order", counter_clockwise)
    cases = load_cases(["horse_fever"])
    failing = {"hf-probe2-hf-min-2-020"}

    def charged() -> list[list[str]]:
        row = attribute_mutant(get_game("horse_fever"), Mutant("counter-clockwise", "", ("HF-BET-1",), patch), cases,
                               per_mutant=1, only=failing)
        return [charge.clauses for charge in row.charges]
    assert charged() == [["HF-BET-1"]]
    monkeypatch.setattr(cf, "MAX_WIDELY", 0)
    monkeypatch.setattr(failures_reproduced, "weigh", lambda game, clauses, by_name: clauses)
    assert "HF-PLAY-1" in charged()[0]


def test_the_steps_a_failed_case_matched_before_its_divergence_are_evidence_too(monkeypatch, fresh_evidence):
    """A case the implementation failed at its third step answered the first two as expected: an
    alteration that changes one of those is set aside as a passed case would set it aside; one
    that changes the case only from its divergence on is not. A case failed at its first step
    holds no such evidence and is not kept."""
    import time
    from reference.core import counterfactual as cf
    from reference.core import passed_cases
    for n in range(10):         # cases that tell nothing apart: enough to acquit (MIN_ACQUITTAL)
        passed_cases.note_passed({"id": f"p{n}", "game": "horse_fever", "kind": "game", "clauses": []})
    passed_cases.note_failed({"id": "at-once", "game": "horse_fever", "kind": "race"}, 0)
    passed_cases.note_failed({"id": "later", "game": "horse_fever", "kind": "race"}, 2)
    assert [(c["id"], step) for c, step in passed_cases.FAILED["horse_fever"]] == [("later", 2)]
    played = []

    def changes(case, alteration, caches, deadline=None, upto=None):
        played.append((case["id"], alteration.name, upto))
        return (case["id"], alteration.name) == ("later", "dice read as one")
    monkeypatch.setattr(cf, "_changes", changes)
    trials = [_trial("dice read as one", ("HF-TABLE-4",)), _trial("every roll a double", ("HF-SPRINT-2",))]
    failing = {"id": "f", "game": "horse_fever", "kind": "race"}
    kept = cf.uncontradicted(trials, failing, [], time.process_time() + 5)
    assert [t.alteration.name for t in kept] == ["every roll a double"]
    assert ("later", "dice read as one", 2) in played


def test_every_roll_read_as_a_double_is_told_from_the_dice_read_as_one_colour(monkeypatch):
    """HF-SPRINT-2 misread: every roll counts as a double (only the first die's horse sprints).
    At a sprint, the dice parsed with the second read as the first (HF-TABLE-4's check_dice, a
    generated mutant of it) reproduce it alike, and every passed case acquits both; but one case
    the implementation failed had answered an earlier step as expected where the dice read as
    one colour would not have. Charged to HF-SPRINT-2 alone; without the failed cases' earlier
    steps as evidence, HF-TABLE-4 beside it."""
    from unittest import mock
    from reference.core import counterfactual as cf
    from reference.core.game import Mutant, get_game
    from reference.core.mutant_attribution import attribute_mutant
    from reference.core.vectors import load_cases
    import reference.horse_fever.rules.sprint as sprint

    def patch():
        return mock.patch.object(sprint, "shows_one_colour", lambda dice: dice[0] == dice[0])
    cases = load_cases(["horse_fever"])

    def charged() -> list[list[str]]:
        row = attribute_mutant(get_game("horse_fever"), Mutant("one-colour", "", ("HF-SPRINT-2",), patch), cases,
                               per_mutant=1, only={"hf-sprint-cards"})
        return [charge.clauses for charge in row.charges]
    assert charged() == [["HF-SPRINT-2"]]
    monkeypatch.setattr(cf, "note_failed", lambda case, step, answers=None: None)     # nor their answers
    assert charged() == [["HF-SPRINT-2", "HF-TABLE-4"]]



def test_a_run_of_a_few_cases_acquits_no_tied_alteration(monkeypatch, fresh_evidence):
    """Three cases in the run: one sets an alteration aside, but the other was played on two
    cases only, too few to acquit it (MIN_ACQUITTAL): the tie stays."""
    import time
    from reference.core import counterfactual as cf
    from reference.core import passed_cases
    passed_cases.note_failed({"id": "a", "game": "dominoes", "kind": "match"}, 66)
    passed_cases.note_failed({"id": "b", "game": "dominoes", "kind": "match"}, 3)
    monkeypatch.setattr(cf, "_changes", lambda case, alteration, caches, deadline=None, upto=None:
                        (case["id"], alteration.name) == ("a", "seat one on"))
    trials = [_trial("seat one on", ("DOM-MATCH-2",)), _trial("target read past", ("DOM-MATCH-3",))]
    failing = {"id": "f", "game": "dominoes", "kind": "match"}
    assert len(cf.uncontradicted(trials, failing, [], time.process_time() + 5)) == 2


def test_the_registers_equivalent_mutants_are_left_out_of_the_search():
    """A generated mutant the equivalent register lists (unreachable, the same values, or nothing
    an observation shows) explains nothing: it is not among the alterations of a function the step
    ran, while the function's other generated mutants are."""
    from reference.core import counterfactual as cf
    from reference.core.equivalent_mutants import load_register
    from reference.core.generated_mutants import FUNCTION, generated_mutants
    listed = load_register("dominoes")
    mutants = [m for m in generated_mutants("dominoes") if m.scope == FUNCTION and m.block]
    equivalent = next(m for m in mutants if m.key in listed)
    others = [m for m in mutants if (m.module, m.function) == (equivalent.module, equivalent.function)
              and m.key not in listed]
    assert others, "a function with a listed mutant and an unlisted one"
    names = {a.name for a in cf.generated_alterations("dominoes", {(equivalent.module, equivalent.function): 1})}
    assert f"generated {equivalent.key}" not in names
    assert {f"generated {m.key}" for m in others} <= names


def test_twin_mutants_are_one_alteration_and_withheld_together():
    """Two generated mutants whose code compiles the same are one misreading written twice:
    deleting `is_outer_end`'s only line, `return not placed.occupied(side)`, and returning None
    in its place. The search plays one of them (they took two of MAX_TRIALS), and measuring
    either withholds both: the twin left in would reproduce the withheld one exactly, a
    leave-one-out that left it in. The function's negation compiles differently and stays an
    alteration of its own."""
    from reference.core import counterfactual as cf
    from reference.core.generated_mutants import generated_mutants
    from reference.core.mutant_attribution import generated_withheld
    mutants = {m.operator: m for m in generated_mutants("dominoes") if m.function == "is_outer_end"}
    deleted, returns_none, negated = mutants["delete"], mutants["return_none"], mutants["negate"]
    assert set(cf.twin_keys(deleted)) == set(cf.twin_keys(returns_none)) == {deleted.key, returns_none.key}
    assert cf.twin_keys(negated) == (negated.key,)
    alterations = cf.generated_alterations("dominoes", {(deleted.module, deleted.function): 1})
    names = [a.name for a in alterations]
    assert f"generated {negated.key}" in names
    played = [n for n in names if n in (f"generated {deleted.key}", f"generated {returns_none.key}")]
    assert played == [f"generated {deleted.key}"]          # the first in file order, once
    twin = next(a for a in alterations if a.name == played[0])
    other = next(a for a in alterations if a.name == f"generated {negated.key}")
    for mutant in (deleted, returns_none):
        withheld = generated_withheld(mutant.as_mutant())
        assert withheld(twin) and not withheld(other)


def test_an_altered_play_that_allocates_without_end_fails_and_the_process_goes_on(monkeypatch):
    """A loop an alteration keeps from ending may grow a list by gigabytes before a second of CPU
    is spent; the operating system then kills the whole process (a test worker was). The play is
    bounded in address space too: it fails with MemoryError, and the bound is lifted after it."""
    import resource

    from reference.core import counterfactual as cf
    if cf._address_space() is None:
        pytest.skip("no /proc/self/statm: the bound cannot be set here")
    monkeypatch.setattr(cf, "MEMORY_HEADROOM", 64 << 20)
    before = resource.getrlimit(resource.RLIMIT_AS)
    grown = []
    with pytest.raises(MemoryError):
        with cf._time_limit(30):
            # the bound is set before anything grows (so that without it this test fails here,
            # not by exhausting the machine)
            bound = resource.getrlimit(resource.RLIMIT_AS)[0]
            assert bound != resource.RLIM_INFINITY and bound <= cf._address_space() + (64 << 20)
            while True:
                grown.append(bytearray(8 << 20))
    # stopped near the 64 MB allowed (the address space held free beside it counts too), far
    # short of what 30 s of CPU would have grown
    assert len(grown) * (8 << 20) < 1 << 30
    grown.clear()
    assert resource.getrlimit(resource.RLIMIT_AS) == before
    assert len(bytearray(128 << 20)) == 128 << 20       # past the play, the process may grow again


def test_a_deadline_swallowed_where_it_came_comes_again_until_it_is_heard():
    """The alarm may come inside a garbage-collection callback, where the exception it raises is
    dropped; the timer is armed again, so the play is still stopped (a test worker once looped
    on, unbounded, after hypothesis's callback swallowed its deadline)."""
    from reference.core import counterfactual as cf
    if not cf.timer_usable():
        pytest.skip("no CPU timer in this thread")
    swallowed = []
    started = time.process_time()
    with pytest.raises(cf._Deadline):
        with cf._time_limit(0.05):
            while True:
                try:                        # as a callback's caller drops what it raised
                    sum(range(1000))
                except cf._Deadline:
                    if not swallowed:
                        swallowed.append(True)
                        continue
                    raise
    assert swallowed and time.process_time() - started < 5
    assert cf.timer_usable()                # the timer is free again afterwards
