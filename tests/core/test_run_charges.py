"""Of the clauses a step names together, the run's earlier failures choose (reference/core/run_charges.py).

The ratios below are hand-computed from RUN_MAJORITY = 1.5: a tied clause is set aside when the
most charged of the tied clauses was charged at least 1.5 times as often in the failures before.
"""

import pytest

from reference.core import counterfactual as cf
from reference.core import results, run_charges
from reference.core.expected_failures import Diagnosis, Entry, ExpectedFailures
from reference.core.fuzz.diagnosis import diagnosis_of
from reference.core.game import get_game
from reference.core.vectors import load_cases


@pytest.fixture(autouse=True)
def fresh_run():
    saved, reproduced = dict(run_charges.CHARGED), dict(run_charges.REPRODUCED)
    refuted = dict(run_charges.REFUTED)
    run_charges.forget()
    yield
    run_charges.forget()
    run_charges.CHARGED.update(saved)
    run_charges.REPRODUCED.update(reproduced)
    run_charges.REFUTED.update(refuted)


def charged(game, *clauses):
    for clause in clauses:
        run_charges.note_charged(game, [clause])


@pytest.mark.parametrize("earlier, kept", [
    ((), ["A", "B"]),                       # nothing charged yet: the tie stands
    (("A",), ["A"]),                        # 1 against 0
    (("A", "A", "A", "B", "B"), ["A"]),     # 3 against 2: 3 >= 1.5 x 2
    (("A", "A", "B", "B"), ["A", "B"]),     # 2 against 2
    (("A",) * 4 + ("B",) * 3, ["A", "B"]),  # 4 against 3: 4 < 4.5
    (("B",) * 5 + ("A",) * 4, ["A", "B"]),  # 5 against 4, the other way round
])
def test_a_tied_clause_is_set_aside_only_when_another_was_charged_half_as_often_again(earlier, kept):
    charged("dominoes", *earlier)
    assert run_charges.choose_among_tied("dominoes", ["A", "B"]) == kept


def test_each_game_keeps_its_own_evidence():
    charged("cards", "A", "A")
    assert run_charges.choose_among_tied("dominoes", ["A", "B"]) == ["A", "B"]


def test_the_evidence_is_what_each_step_named_not_what_the_run_chose():
    """A clause set aside still counts as named: the evidence never feeds on its own choices."""
    charged("dominoes", "A", "A")
    assert results.chosen_by_the_run("dominoes", ["A", "B"], "counterfactual")[0] == ["A"]
    assert run_charges.CHARGED[("dominoes", "B")] == 1 and run_charges.CHARGED[("dominoes", "A")] == 3


@pytest.mark.parametrize("basis", ["step", "case"])
def test_a_fallback_charge_is_neither_chosen_among_nor_counted(basis):
    charged("dominoes", "A", "A")
    assert results.chosen_by_the_run("dominoes", ["A", "B"], basis)[0] == ["A", "B"]
    assert run_charges.CHARGED[("dominoes", "B")] == 0


def test_a_run_and_a_measured_misreading_start_with_no_evidence():
    from reference.core import runner
    charged("dominoes", "A")
    runner.run_started(None, "none", [], [], 1.0, None, None, 1)     # no cases: the run starts and ends
    assert not run_charges.CHARGED
    charged("dominoes", "A")
    run_charges.note_charged("dominoes", ["A"], [("negate x", ("A",))])
    cf.forget_explanations()                                         # mutants --attribution, per misreading
    assert not run_charges.CHARGED and not run_charges.REPRODUCED


# -- the run settles every tie when it ends, by its other failures -----------------------------------

def _failure(game, clauses, contenders=(), refuted=()):
    """A failure charged as results.divergence charges one: chosen by the failures before it,
    its report kept for the settling."""
    chosen, noted = results.chosen_by_the_run(game, list(clauses), "counterfactual", contenders, refuted)
    report = {"clauses": chosen, **({"tied": list(clauses)} if chosen != list(clauses) else {})}
    noted.report = report
    return report


def test_the_first_failures_of_a_run_get_the_evidence_of_the_later_ones():
    """The first failure names A and B together with nothing before it; the two after it name A
    alone. When the run ends, the first is charged A (2 other failures against 0), its `tied`
    saying what its step named; the later ones are unchanged."""
    first = _failure("dominoes", ["A", "B"])
    assert first == {"clauses": ["A", "B"]}
    later = [_failure("dominoes", ["A"]), _failure("dominoes", ["A"])]
    assert run_charges.settle_ties() == 1
    assert first == {"clauses": ["A"], "tied": ["A", "B"]}
    assert later == [{"clauses": ["A"]}, {"clauses": ["A"]}]


def test_a_settled_charge_does_not_depend_on_the_order_the_cases_ran_in():
    """The same four failures in two orders settle alike: each tie is judged by the three
    others (A 2 + 1, B 1: 3 >= 1.5 x 1)."""
    def run(order):
        run_charges.forget()
        reports = {name: _failure("dominoes", clauses) for name, clauses in order}
        run_charges.settle_ties()
        return {name: report["clauses"] for name, report in reports.items()}
    failures = [("w", ["A", "B"]), ("x", ["A"]), ("y", ["A", "B"]), ("z", ["A"])]
    assert run(failures) == run(failures[::-1]) == {"w": ["A"], "x": ["A"], "y": ["A"], "z": ["A"]}


def test_a_failure_is_settled_without_its_own_evidence():
    """Two failures name A and B, two A alone, one B alone. Each tied failure is judged by the
    four others: A 3, B 2, and 3 >= 1.5 x 2, so A. Counting itself (A 4, B 3: 4 < 4.5) would
    have left the tie: a failure is no evidence about itself."""
    tied = [_failure("dominoes", ["A", "B"]), _failure("dominoes", ["A", "B"])]
    for clauses in (["A"], ["A"], ["B"]):
        _failure("dominoes", clauses)
    run_charges.settle_ties()
    assert tied == [{"clauses": ["A"], "tied": ["A", "B"]}] * 2


def test_a_tie_stays_when_the_other_failures_weigh_too_little():
    """Of the other failures, A is named in 4 and B in 3: 4 < 1.5 x 3, the tie stands (and a
    tie chosen during the run by fewer failures is undone when the whole run weighs less)."""
    _failure("dominoes", ["A"])
    early = _failure("dominoes", ["A", "B"])             # 1 against 0 before it: A chosen
    assert early["clauses"] == ["A"]
    for clauses in (["A"], ["A"], ["A", "B"], ["B"], ["B"]):
        _failure("dominoes", clauses)
    run_charges.settle_ties()
    assert early == {"clauses": ["A", "B"]}


def test_a_run_settles_its_ties_when_it_ends(monkeypatch):
    from reference.core import runner
    ended = []
    monkeypatch.setattr(run_charges, "settle_ties", lambda weigh=None: ended.append(True) or 0)
    runner.run_started(None, "none", [], [], 1.0, None, None, 1)     # no cases: the run starts and ends
    assert ended == [True]


def test_a_run_against_reused_revealed_cards_names_the_reveal_rule_alone(monkeypatch):
    """The cards misreading `revealed-cards-reused` (the revealed cards go back into the race
    deck, CRD-RACE-10) fails a case (crd-probe1-crd-rot-2-001) where, at the step, an alteration
    of the reveal itself (CRD-RACE-1) reproduces it as well. Its other failures are charged
    CRD-RACE-10 alone, so the run names CRD-RACE-10 alone everywhere; the second run, the choice
    switched off, shows the tie is there. (This was `win-at-seven`, until the cards rules asked
    where the line lies outside the win's block and that step's tie went.)"""
    from reference.core.mutant_attribution import attribute_mutant
    game = get_game("cards")
    mutant = next(m for m in game.mutants() if m.name == "revealed-cards-reused")
    cases = load_cases(["cards"])
    row = attribute_mutant(game, mutant, cases, per_mutant=8)
    assert len(row.charges) == 8 and all(c.clauses == ["CRD-RACE-10"] for c in row.charges)
    monkeypatch.setattr(results, "run_choice", lambda game, clauses, contenders=(), unnarrowed=None: list(clauses))
    monkeypatch.setattr(run_charges, "settle_ties", lambda weigh=None: 0)
    # and the wide check of the step's tie (counterfactual.acquitted_widely), which now sets the
    # reveal's alteration aside at that step by the run's other cases
    monkeypatch.setattr(cf, "MAX_WIDELY", 0)
    unchosen = attribute_mutant(game, mutant, cases, per_mutant=8)
    assert any(c.clauses == ["CRD-RACE-1", "CRD-RACE-10"] for c in unchosen.charges)


MISMATCH = {"step": 3, "key": "scores", "expected": "1", "actual": "2", "clauses": ["A"], "tied": ["A", "B"],
            "attributed_by": "counterfactual",
            "differences": [{"key": "scores", "field": "scores", "path": "scores", "expected": "1", "actual": "2"}]}


def test_a_fuzz_diagnosis_is_what_the_step_named():
    assert diagnosis_of(MISMATCH).clauses == ("A", "B")


def test_an_expected_failure_pins_what_the_step_named():
    """`clauses` pins and clause entries read the step's own charge: the same failure is
    expected alike whichever other cases the run held."""
    assert Diagnosis.of(MISMATCH).clauses == ("A", "B")
    result = results.CaseResult("c1", "dominoes", "match", "failed", mismatch=dict(MISMATCH))
    entries = ExpectedFailures([Entry("B misread", clause="B"), Entry("pinned", id="c1", clauses=("A", "B"))])
    entries.apply(result)
    assert result.status == "xfailed"


def test_the_mismatch_keeps_what_the_step_named_when_the_run_chose():
    """A failure of revealed-cards-reused (crd-probe1-crd-rot-2-001) whose step names CRD-RACE-1
    and CRD-RACE-10 together (a fresh run: nothing charged before it): after two failures charged
    CRD-RACE-10 alone, it is charged CRD-RACE-10, and the mismatch keeps the step's own pair as
    `tied` (what reports, expected failures and fuzz diagnoses read)."""
    from reference.core.adapter import replay_case
    from reference.core.results import first_mismatch
    mutant = next(m for m in get_game("cards").mutants() if m.name == "revealed-cards-reused")
    (case,) = load_cases(["cards"], wanted=lambda id_: id_ == "crd-probe1-crd-rot-2-001")
    with mutant.patch():
        steps = replay_case(case)
    cf.forget_explanations()
    alone = first_mismatch(case, steps)
    assert alone["clauses"] == ["CRD-RACE-1", "CRD-RACE-10"] and "tied" not in alone
    assert "contenders" not in alone        # the run's evidence, never part of the report
    cf.forget_explanations()
    charged("cards", "CRD-RACE-10", "CRD-RACE-10")
    chosen = first_mismatch(case, steps)
    assert chosen["clauses"] == ["CRD-RACE-10"] and chosen["tied"] == ["CRD-RACE-1", "CRD-RACE-10"]


# -- one misreading is one alteration: the same alteration reproducing the earlier failures ----

def reproduced(game, name, clauses, times):
    for _ in range(times):
        run_charges.note_charged(game, [], [(name, clauses)])


@pytest.mark.parametrize("earlier, kept", [
    ({}, ["A", "B"]),                                   # no alteration reproduced a failure yet
    ({"cmp": 3, "one less": 1}, ["A"]),                 # 3 against 1
    ({"cmp": 3, "one less": 2}, ["A"]),                 # 3 >= 1.5 x 2
    ({"cmp": 2, "one less": 2}, ["A", "B"]),            # alike
    ({"cmp": 4, "one less": 3}, ["A", "B"]),            # 4 < 4.5
    ({"one less": 2, "one more": 2}, ["B"]),            # B's best is 2 (either of its own), A's 0
])
def test_of_clauses_charged_alike_the_one_whose_same_alteration_reproduced_more_failures_is_kept(earlier, kept):
    """A and B were charged alike (twice each), so the clause counts leave the tie; the step's
    contenders are A's `cmp` and B's `one less` and `one more`: a clause weighs the earlier
    failures its most reproducing alteration reproduced."""
    charged("dominoes", "A", "B", "A", "B")
    for name, times in earlier.items():
        reproduced("dominoes", name, ("A",) if name == "cmp" else ("B",), times)
    contenders = [("cmp", ("A",)), ("one less", ("B",)), ("one more", ("B",))]
    assert run_charges.choose_among_tied("dominoes", ["A", "B"], contenders) == kept


def test_the_clause_counts_choose_first_and_the_alterations_only_among_what_they_leave():
    charged("dominoes", "A", "A", "A", "B", "B", "B", "C")
    reproduced("dominoes", "negate c", ("C",), 9)
    contenders = [("negate a", ("A",)), ("negate c", ("C",))]
    # by the clauses: A and B (3 each) set C (1) aside, whose alteration reproduced most; then
    # A's alteration reproduced none earlier and B has none: the tie stands
    assert run_charges.choose_among_tied("dominoes", ["A", "B", "C"], contenders) == ["A", "B"]


def test_each_failure_counts_an_alteration_once_and_a_fallback_counts_none():
    results.chosen_by_the_run("dominoes", ["A"], "counterfactual", [("cmp", ("A",)), ("cmp", ("A",))])
    results.chosen_by_the_run("dominoes", ["A"], "step", [("cmp", ("A",))])
    assert run_charges.REPRODUCED[("dominoes", "cmp")] == 1


def test_the_steps_contenders_reach_the_runs_choice_and_stay_out_of_the_report(monkeypatch):
    """divergence passes the search's contenders (attribution.charge) to the run's choice and
    leaves them out of the mismatch."""
    from reference.core.attribution import Difference
    charged("dominoes", "DOM-SETTLE-2", "DOM-SETTLE-3")
    reproduced("dominoes", "cmp in round_to_nearest_five", ("DOM-SETTLE-3",), 2)
    found = {"clauses": ["DOM-SETTLE-2", "DOM-SETTLE-3"], "attributed_by": "counterfactual",
             "contenders": [("one less from settlement_total", ("DOM-SETTLE-2",)),
                            ("cmp in round_to_nearest_five", ("DOM-SETTLE-3",))],
             "counterfactual": {"reproduced": "exactly"}}
    monkeypatch.setattr(results, "charge", lambda *a, **k: dict(found))
    case = {"game": "dominoes", "id": "x", "expected": [{"scores": [1]}], "clauses": []}
    out = results.divergence(case, 0, "play", [Difference("scores", "scores", "scores", [1], [2])],
                             {"scores": [1]}, {"scores": [2]})
    assert out["clauses"] == ["DOM-SETTLE-3"] and out["tied"] == ["DOM-SETTLE-2", "DOM-SETTLE-3"]
    assert "contenders" not in out
    assert run_charges.REPRODUCED[("dominoes", "cmp in round_to_nearest_five")] == 3


def test_the_search_gives_its_best_alterations_before_its_tie_breaks_as_contenders():
    """win-at-seven at crd-probe1-crd-faq-1-001: the step names CRD-FAQ-1 and CRD-RACE-5
    together; each has an alteration among the contenders."""
    from reference.core.adapter import replay_case
    mutant = next(m for m in get_game("cards").mutants() if m.name == "win-at-seven")
    (case,) = load_cases(["cards"], wanted=lambda id_: id_ == "crd-probe1-crd-faq-1-001")
    with mutant.patch():
        steps = replay_case(case)
    cf.forget_explanations()
    index = next(i for i, (want, got) in enumerate(zip(case["expected"], steps))
                 if results.step_differences("cards", want, got, None))
    finding = cf.counterfactual(case, index, case["expected"][index], steps[index])
    named = {clause for _, clauses in finding.contenders for clause in clauses}
    assert {"CRD-FAQ-1", "CRD-RACE-5"} <= named
    assert all(isinstance(name, str) and clauses for name, clauses in finding.contenders)


def test_a_real_failure_counts_its_steps_best_alterations_for_the_run():
    """Through the runner's own path (first_mismatch → divergence → attribution.charge), a
    failure of win-at-seven adds its step's best alterations to the run's evidence: those of
    both clauses the step names."""
    from reference.core.adapter import replay_case
    from reference.core.results import first_mismatch
    mutant = next(m for m in get_game("cards").mutants() if m.name == "win-at-seven")
    (case,) = load_cases(["cards"], wanted=lambda id_: id_ == "crd-probe1-crd-faq-1-001")
    with mutant.patch():
        steps = replay_case(case)
    cf.forget_explanations()
    first_mismatch(case, steps)
    counted = [name for (game, name), times in run_charges.REPRODUCED.items() if game == "cards" and times == 1]
    assert counted, "the step's best alterations never reached the run's evidence"


# -- a failure reproduced exactly speaks against the clauses that did not reproduce it ------------

def _trial(name, clauses, exact, played=True, score=0.4):
    from contextlib import nullcontext
    alteration = cf.Alteration(name, clauses, "decision", name, lambda: nullcontext())
    return cf.Trial(alteration, {"scores": [0]} if played else None, exact=exact, score=1.0 if exact else score)


def test_the_clauses_a_step_refutes_are_those_played_there_whose_alterations_came_nowhere_near():
    """Closeness 0.4 is under REFUTED_BELOW (0.5): refuted; 0.5 and over: a near miss, not."""
    trials = [_trial("negate lost", ("HF-SPRINT-3",), True),
              _trial("empty sprinters", ("HF-SPRINT-1",), False),                     # 0.4
              _trial("one less sprint", ("HF-ACT-10",), False),                       # 0.4
              _trial("zero sprint", ("HF-ACT-10", "HF-SPRINT-3"), False),             # SPRINT-3 had an exact one
              _trial("near", ("HF-ACT-11",), False, score=0.5),                       # came close
              _trial("crashed", ("HF-RACE-2",), False, played=False)]                 # the altered engine failed
    assert cf.refuted_clauses(trials) == ["HF-ACT-10", "HF-SPRINT-1"]


def test_a_partial_reproduction_refutes_nothing():
    """No alteration is exact: the misreading is approximated, by different alterations at
    different failures, so none is evidence against a clause."""
    assert cf.refuted_clauses([_trial("a", ("A",), False), _trial("b", ("B",), False)]) == []


@pytest.mark.parametrize("refuted, kept", [
    ((), ["A", "B", "C"]),              # nothing refuted: the tie stands
    (("B",), ["A", "C"]),               # B refuted once, A and C never
    (("B", "C"), ["A"]),
    (("A", "B", "C"), ["A", "B", "C"]),   # all refuted: none is set aside
])
def test_of_tied_clauses_those_an_earlier_exact_reproduction_refuted_are_set_aside(refuted, kept):
    run_charges.note_charged("horse_fever", ["X"], (), refuted)
    assert run_charges.choose_among_tied("horse_fever", ["A", "B", "C"]) == kept


def test_the_clause_counts_and_the_alterations_choose_before_the_refutations():
    """A was charged three times as often as B: B is set aside by the counts, even though A
    was refuted once and B never."""
    charged("dominoes", "A", "A", "A", "B")
    run_charges.note_charged("dominoes", ["C"], (), ["A"])
    assert run_charges.choose_among_tied("dominoes", ["A", "B"]) == ["A"]


def test_the_steps_refutations_reach_the_run_and_stay_out_of_the_report(monkeypatch):
    """divergence passes what the search refuted (attribution.charge) to the run's evidence,
    where a later tie is settled by it, and leaves it out of the mismatch."""
    from reference.core.attribution import Difference
    found = {"clauses": ["HF-SPRINT-3"], "attributed_by": "counterfactual",
             "refuted": ["HF-SPRINT-1"], "counterfactual": {"reproduced": "exactly"}}
    monkeypatch.setattr(results, "charge", lambda *a, **k: dict(found))
    case = {"game": "horse_fever", "id": "x", "expected": [{"positions": [1]}], "clauses": []}
    out = results.divergence(case, 0, "race", [Difference("positions", "positions", "positions", [1], [2])],
                             {"positions": [1]}, {"positions": [2]})
    assert "refuted" not in out
    assert run_charges.REFUTED[("horse_fever", "HF-SPRINT-1")] == 1
    assert results.chosen_by_the_run("horse_fever", ["HF-SPRINT-1", "HF-SPRINT-3"], "counterfactual")[0] == ["HF-SPRINT-3"]
    assert not run_charges.REFUTED[("horse_fever", "HF-SPRINT-3")]


def test_a_real_step_where_only_the_lost_sprint_read_the_other_way_reproduces_refutes_the_sprinters():
    """A misreading of HF-SPRINT-3 (a sprint is lost by a horse *not* yet ranked) fails
    hf-probe2-hf-act-12-004 where a ranked horse's die shows: it sprints. Reading the lost
    sprint the other way reproduces that exactly; nothing of HF-SPRINT-1 (which horses sprint)
    does, so the step refutes HF-SPRINT-1 for the run's later ties (at other failures of the
    same misreading, where running horses do not sprint, emptying the sprinters ties with it)."""
    from reference.core.adapter import replay_case
    from reference.core.decision_points import decision_points, holders
    from reference.core.mutation import patched
    point = next(p for p in decision_points("horse_fever") if p.qualname == "sprint_is_lost")
    misread = lambda race, horse: horse not in race.ranking          # noqa: E731
    (case,) = load_cases(["horse_fever"], wanted=lambda id_: id_ == "hf-probe2-hf-act-12-004")
    with patched(*[(holder, name, misread) for holder, name in holders("horse_fever", point)]):
        steps = replay_case(case)
    index = next(i for i, (want, got) in enumerate(zip(case["expected"], steps))
                 if results.step_differences("horse_fever", want, got, None))
    cf.forget_explanations()
    same = lambda alteration: "sprint_is_lost:cmp" in alteration.name     # noqa: E731  the misreading itself, left out
    finding = cf.counterfactual(case, index, case["expected"][index], steps[index], withheld=same)
    assert finding.exact and "HF-SPRINT-3" in finding.clauses
    assert "HF-SPRINT-1" in finding.refuted and "HF-SPRINT-3" not in finding.refuted


def test_a_run_that_keeps_no_results_keeps_no_failures_to_settle():
    """A fuzz campaign's run keeps no results (its memory stays flat): nothing is kept for
    settling either."""
    from reference.core import runner
    runner.run_started(None, "none", [], [], 1.0, None, None, 1, keep_results=False)
    assert results.chosen_by_the_run("dominoes", ["A", "B"], "counterfactual")[1] is None
    assert not run_charges.NOTED
    run_charges.forget()
    assert results.chosen_by_the_run("dominoes", ["A", "B"], "counterfactual")[1] is not None


def test_a_report_replaced_when_it_is_bounded_is_the_one_settled():
    """The runner bounds each result's report into a new dict (CaseResult.bound): the record
    follows it, so the settled charge is the report the run returns."""
    judged = _failure("dominoes", ["A", "B"])
    bounded = dict(judged)
    run_charges.moved(judged, bounded)
    _failure("dominoes", ["A"])
    run_charges.settle_ties()
    assert bounded == {"clauses": ["A"], "tied": ["A", "B"]} and judged == {"clauses": ["A", "B"]}


def test_a_whole_runs_settled_reports_are_its_results_own():
    """A run of a misreading implementation through the runner: every failure's record for the
    settling holds the very report of the result the run returned (bounded, not a copy left
    behind), so what settle_ties decides is what the run reports."""
    import sys
    from pathlib import Path
    from reference.core.runner import run_cases
    fake = Path(__file__).parent / "fakes" / "misread_impl.py"
    cases = load_cases(["cards"], wanted=lambda id_: id_ in {"crd-probe1-crd-pay-2-001", "crd-probe1-crd-session-2-001",
                                                              "crd-int-cover-net"})
    results_, _ = run_cases(f"{sys.executable} {fake} misses-the-winning-card", cases, timeout=60.0)
    failed = [r for r in results_ if r.status == "failed"]
    assert len(failed) == 3
    assert {id(n.report) for n in run_charges.NOTED} == {id(r.mismatch) for r in failed}


def test_a_tie_is_settled_against_a_clause_another_failure_refuted():
    """Of A and B, tied at the first failure with nothing charged either way, B was refuted at
    another (an alteration reproduced it exactly, none of B's came near): B is set aside. A
    failure's own refutations are left out like the rest of its evidence."""
    tied = _failure("dominoes", ["A", "B"])
    _failure("dominoes", ["C"], refuted=["B"])
    run_charges.settle_ties()
    assert tied == {"clauses": ["A"], "tied": ["A", "B"]}
    run_charges.forget()
    alone = _failure("dominoes", ["A", "B"], refuted=["B"])
    run_charges.settle_ties()
    assert alone == {"clauses": ["A", "B"]}


def test_a_measured_misreading_settles_its_ties_when_its_cases_are_charged(monkeypatch):
    """mutants --attribution charges a misreading's failing cases as one run, and settles them
    at its end, before its charges are counted."""
    from reference.core.mutant_attribution import attribute_mutant
    ended = []
    monkeypatch.setattr(run_charges, "settle_ties", lambda weigh=None: ended.append(len(run_charges.NOTED)) or 0)
    game = get_game("cards")
    mutant = next(m for m in game.mutants() if m.name == "revealed-cards-reused")
    cases = load_cases(["cards"], wanted=lambda id_: id_ == "crd-probe1-crd-rot-2-001")
    row = attribute_mutant(game, mutant, cases, per_mutant=1)
    assert len(row.charges) == 1 and ended == [1]


def _narrowed_failure(game, narrowed, whole, refuted=()):
    """A failure whose step tied `whole`, which the footprints narrowed to `narrowed`, charged as
    results.divergence charges one."""
    chosen, noted = results.chosen_by_the_run(game, list(narrowed), "counterfactual", (), refuted, list(whole))
    report = {"clauses": chosen, **({"tied": list(narrowed)} if chosen != list(narrowed) else {})}
    noted.report = report
    return report


def test_the_run_chooses_among_a_whole_tie_before_the_footprints_narrow_it():
    """Four clauses tied at each failure; the footprints kept A and B (more than three: they narrow).
    Another failure refuted A, B and C: the run sets them aside and charges D, which the
    footprints had dropped (the lost sprint that the sprinters' footprints outmatched). What the
    step named (`tied`, the identity of expected failures and fuzz diagnoses) stays the
    footprints' narrowing, as before."""
    tied = _narrowed_failure("horse_fever", ["A", "B"], ["A", "B", "C", "D"])
    _failure("horse_fever", ["X"], refuted=["A", "B", "C"])
    run_charges.settle_ties()
    assert tied == {"clauses": ["D"], "tied": ["A", "B"]}


def test_three_the_run_leaves_of_a_whole_tie_are_its_choice():
    """Of A, B, C and D tied (the footprints kept A), another failure refuted A alone: B, C and D
    are left, three, few enough to name together, so the run's choice stands, not the footprints'."""
    tied = _narrowed_failure("horse_fever", ["A"], ["A", "B", "C", "D"])
    _failure("horse_fever", ["X"], refuted=["A"])
    run_charges.settle_ties()
    assert tied == {"clauses": ["B", "C", "D"], "tied": ["A"]}


def test_the_footprints_choose_when_the_run_leaves_more_than_three():
    """Nothing in the run speaks against any of the four: the footprints' choice stands."""
    tied = _narrowed_failure("horse_fever", ["A", "B"], ["A", "B", "C", "D"])
    _failure("horse_fever", ["X"])
    run_charges.settle_ties()
    assert tied == {"clauses": ["A", "B"]}


def test_a_whole_tie_reaches_the_runs_choice_and_its_report(monkeypatch):
    """attribution.charge passes the tie before the footprints narrowed it (`unnarrowed`) to
    divergence, which gives it to the run's choice; the report keeps it out (`tied` stays what
    the step named after the footprints)."""
    seen = {}

    def charge(*args, **kwargs):
        return {"clauses": ["A", "B"], "attributed_by": "counterfactual", "unnarrowed": ["A", "B", "C", "D"],
                "counterfactual": {"reproduced": "exactly"}}

    def chosen_by_the_run(game, clauses, basis, contenders=(), refuted=(), unnarrowed=None):
        seen["unnarrowed"] = unnarrowed
        return ["C"], None
    monkeypatch.setattr(results, "charge", charge)
    monkeypatch.setattr(results, "chosen_by_the_run", chosen_by_the_run)
    case = load_cases(["dominoes"], wanted=lambda id_: id_ == "dom-ex-five-five-opening")[0]
    report = results.divergence(case, 0, None, [results.whole("phase", '"a"', '"b"')], {"phase": "a"},
                                {"phase": "b"})
    assert seen["unnarrowed"] == ["A", "B", "C", "D"]
    assert report["clauses"] == ["C"] and report["tied"] == ["A", "B"]
    assert "unnarrowed" not in report
