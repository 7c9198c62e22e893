"""The fuzzer's own machinery, judged by its work and not only by its results: the shrinker asks
about each candidate once and within its budget; a campaign counts its attempts exactly, says
why it stopped, times its cases, and lets no cached reference answer speak for a mutant.

Every test here runs under a SIGALRM time limit of 10 s (the `time_limit` fixture of
tests/conftest.py): a shrinker or campaign that loops fails in seconds instead of hanging the run."""

from __future__ import annotations

import contextlib
import json
import random
import time
from pathlib import Path
from unittest import mock

import pytest

from reference.core.fuzz import campaign as campaign_module
from reference.core.fuzz import cases as fuzz_cases
from reference.core.fuzz.campaign import Campaign, CampaignRun, Track, in_process, run_campaign
from reference.core.fuzz.shrink import MAX_ATTEMPTS, shrink, shrinker, simpler, trimmed
from reference.core.game import Mutant
from reference.core.vectors import load_cases
from tests.core.test_fuzz import FAKE, INPUTS, fake_generator, fake_impl, fuzz  # noqa: F401  (fixtures)

# every test under a time limit (tests/conftest.py): a loop fails in seconds
pytestmark = [pytest.mark.usefixtures("time_limit"), pytest.mark.time_limit(10)]


def candidates_of(numbers, diverges, budget=MAX_ATTEMPTS):
    """Drive the shrinker by hand: every candidate it asks about, and what it returns."""
    asked = []
    steps = shrinker(numbers, budget)
    try:
        candidate = next(steps)
        while True:
            asked.append(candidate)
            candidate = steps.send(bool(diverges(candidate)))
    except StopIteration as done:
        return asked, done.value


def random_predicates(rng: random.Random):
    """Divergence rules of the kinds a real one has: a number at a place, a length, a sum."""
    place, at_least, length = rng.randrange(6), rng.randrange(1, 50), rng.randrange(1, 12)
    return [
        lambda n: len(n) > place and n[place] >= at_least,
        lambda n: len(n) >= length,
        lambda n: sum(n) >= at_least * 3,
        lambda n: any(x % 7 == 3 for x in n),
        lambda n: len(n) >= 2 and n[0] < n[1],
    ]


# -- the shrinker's work ---------------------------------------------------------------------------

def test_the_shrinker_never_asks_about_a_candidate_twice_and_counts_every_question():
    """Each candidate is another run of the implementation under test: none is judged twice,
    the original is never asked again, every candidate is simpler than the best known when it
    is asked, and the attempts returned are exactly the questions asked."""
    rng = random.Random(31)
    for _ in range(60):
        numbers = [rng.randrange(100) for _ in range(rng.randrange(1, 30))]
        for diverges in random_predicates(rng):
            if not diverges(numbers):
                continue
            asked, (smallest, attempts) = candidates_of(numbers, diverges)
            assert len(asked) == attempts <= MAX_ATTEMPTS
            assert len({tuple(c) for c in asked}) == len(asked), "a candidate judged twice"
            assert tuple(trimmed(numbers)) not in {tuple(c) for c in asked}
            best = trimmed(numbers)
            for candidate in asked:
                assert simpler(candidate, best) and candidate == trimmed(candidate)
                if diverges(candidate):
                    best = candidate
            assert smallest == best and diverges(smallest)


@pytest.mark.parametrize("budget", [0, 1, 2, 3, 5, 8, 13, 40])
def test_the_shrinker_stops_within_any_attempt_budget(budget):
    rng = random.Random(budget)
    for _ in range(20):
        numbers = [rng.randrange(1, 1000) for _ in range(rng.randrange(1, 60))]
        for diverges in (lambda n: True, lambda n: len(n) >= 3, lambda n: sum(n) > 100):
            asked, (smallest, attempts) = candidates_of(numbers, diverges, budget)
            assert len(asked) == attempts <= budget
            if budget == 0:
                assert smallest == trimmed(numbers)


def test_the_shrinker_terminates_on_a_budget_it_can_never_spend():
    """With every candidate failing to diverge, the passes run out of untried candidates long
    before a huge budget: the shrinker must end on its own (the alarm fails a loop)."""
    asked, (smallest, attempts) = candidates_of(list(range(40, 0, -1)), lambda n: False, budget=10 ** 9)
    assert smallest == list(range(40, 0, -1)) and attempts == len(asked) < 10 ** 4


def test_exact_attempt_counts_worked_by_hand():
    # [1], always diverging: the first question, [] (the number set to 0, trimmed), succeeds; nothing is left
    assert shrink([1], lambda n: True) == ([], 1)
    # [5], never diverging: 0, then the bisection 2, 3, 4 between the highest passing value and 5;
    # the deletion pass and the second lowering pass find every candidate already tried
    asked, result = candidates_of([5], lambda n: False)
    assert asked == [[], [2], [3], [4]] and result == ([5], 4)
    # trailing zeros are not numbers to shrink: [3, 0, 0] is [3]
    assert candidates_of([3, 0, 0], lambda n: False)[0] == [[], [1], [2]]
    # a divergence that needs the four leading 5s: pass 0 bisects each of them (0, 2, 3, 4: 16
    # questions); halving deletes the first half (fails) then the second (diverges: best is
    # [5, 5, 5, 5]); pass 0 again on the four (16 more, the last one's 0 trimmed to [5, 5, 5]);
    # a chunk of two gives [5, 5]; every single deletion is [5, 5, 5], already asked: 35 in all
    asked, result = candidates_of([5, 5, 5, 5, 1, 1, 1, 1], lambda n: n[:4] == [5, 5, 5, 5])
    assert result == ([5, 5, 5, 5], 35)
    assert asked[16:18] == [[1, 1, 1, 1], [5, 5, 5, 5]] and asked[30] == [5, 5, 5] and asked[-1] == [5, 5]


def test_the_first_number_is_a_size_too():
    """The leading numbers are lowered first (the generators draw the sizes first), the very
    first among them: with a budget of ten, a case needing a first number of 30 or more gets it
    bisected down from 200, not its hundreds of other numbers deleted."""
    numbers = [200] + [1] * 700
    smallest, attempts = shrink(numbers, lambda n: len(n) > 0 and n[0] >= 30, max_attempts=10)
    assert 30 <= smallest[0] <= 50 and attempts == 10


# -- a campaign's counts, stop reasons and timings ----------------------------------------------------

def recording_executor(fails):
    """An executor judging each case by `fails(case)`; it records every case it was asked."""
    from reference.core.results import CaseResult
    asked = []

    def execute(cases, on_result):
        for case in cases:
            asked.append(case)
            status = "failed" if fails(case) else "passed"
            mismatch = {"step": 0, "key": "scores", "clauses": ["DOM-PTS-1"]} if status == "failed" else None
            on_result(CaseResult(case["id"], case["game"], case["kind"], status, list(case["clauses"]),
                                 mismatch=mismatch, seconds=0.001))
        return {"command": "(recording)", "starts": 1}
    return execute, asked


def counting_shrinker(monkeypatch):
    """Count the candidates the campaign's shrinker yields (its attempts, whatever happens to them)."""
    yielded = []

    def counted(numbers, budget):
        steps = shrinker(numbers, budget)
        try:
            candidate = next(steps)
            while True:
                yielded.append(candidate)
                candidate = steps.send((yield candidate))
        except StopIteration as done:
            return done.value
    monkeypatch.setattr(campaign_module, "shrinker", counted)
    return yielded


def long_case(case) -> bool:
    return len(case["input"]["steps"]) >= 4


def test_a_seed_run_stops_for_its_one_seed_and_counts_its_shrink_attempts_exactly(fake_generator, monkeypatch):
    yielded = counting_shrinker(monkeypatch)
    execute, asked = recording_executor(long_case)
    seed = next(s for s in range(1000) if len(fuzz_cases.case_from_seed("dominoes", "match", {}, s)[0]["input"]["steps"]) >= 8)
    run = run_campaign(Campaign("dominoes", [Track("match", {})], seed=seed), execute)
    assert run.stop_reason == "the one seed given"
    [outcome] = run.outcomes
    assert outcome.seed == seed and outcome.result.status == "failed"
    assert outcome.shrunk["attempts"] == run.shrink_attempts == len(yielded) > 0
    sent = asked[1:]                                   # after the campaign case: the candidates sent
    assert len(sent) <= len(yielded)
    assert len({json.dumps(c["input"], sort_keys=True) for c in asked}) == len(asked), "a case judged twice"
    # the smallest that still fails: the 4 steps the rule needs
    assert len(outcome.shrunk["case"]["input"]["steps"]) == 4
    assert outcome.steps == len(asked[0]["input"]["steps"]) and outcome.numbers == 2


def test_each_stop_reason_is_the_one_that_stopped_the_campaign(fake_generator):
    track = [Track("match", {})]
    execute, asked = recording_executor(lambda case: False)
    run = run_campaign(Campaign("dominoes", track, first=3, last=7), execute)
    assert run.stop_reason == "end of the seed range" and [o.index for o in run.outcomes] == [3, 4, 5, 6, 7]
    assert len(asked) == 5
    execute, asked = recording_executor(long_case)
    run = run_campaign(Campaign("dominoes", track, first=0, last=50, stop_at_first=True, shrink=False), execute)
    assert run.stop_reason == "first divergence found"
    assert [o.result.status for o in run.outcomes][-1] == "failed"
    assert all(o.result.status == "passed" for o in run.outcomes[:-1]) and len(asked) == len(run.outcomes)
    execute, asked = recording_executor(lambda case: False)
    run = run_campaign(Campaign("dominoes", track, first=0, budget_seconds=0.2), execute)
    assert run.stop_reason == "time budget of 0.2 s spent" and run.outcomes
    # --seed: one case per track, whatever the range says
    two = [Track("match", {}), Track("match", {"continuation": "optional"})]
    execute, asked = recording_executor(lambda case: False)
    run = run_campaign(Campaign("dominoes", two, seed=11), execute)
    assert run.stop_reason == "the one seed given" and [o.seed for o in run.outcomes] == [11, 11]
    assert [o.track for o in run.outcomes] == two


def test_the_seed_run_through_the_command_reports_its_stop_reason_and_attempts(fake_generator, fake_impl, tmp_path):
    report_file = tmp_path / "r.json"
    command = fake_impl("wrong-scores-at-step", 2)
    assert fuzz("--impl", command, "--seed", "5", "--json", str(report_file), "--out", str(tmp_path / "out")) == 1
    report = json.loads(report_file.read_text())
    assert report["run"]["stop_reasons"] == ["the one seed given"]
    [case] = report["cases"]
    assert case["seed"] == 5 and case["status"] == "failed"
    assert report["run"]["shrink_attempts"] == case["shrunk"]["attempts"] > 0
    # the counterexample names the implementation it was found in, as the user gave it
    import yaml
    notes = yaml.safe_load(Path(case["shrunk"]["scenario"]).read_text(encoding="utf-8"))["notes"]
    assert f"Implementation: {command}." in notes and "seed 5" in notes


def test_shrinking_stops_at_its_time_limit(fake_generator, monkeypatch):
    yielded = counting_shrinker(monkeypatch)
    slow, asked = recording_executor(long_case)

    def execute(cases, on_result):
        def paced():
            for case in cases:
                time.sleep(0.05)
                yield case
        return slow(paced(), on_result)
    seed = next(s for s in range(1000) if len(fuzz_cases.case_from_seed("dominoes", "match", {}, s)[0]["input"]["steps"]) >= 8)
    started = time.monotonic()
    run = run_campaign(Campaign("dominoes", [Track("match", {})], seed=seed, shrink_seconds=0.12), execute)
    assert time.monotonic() - started < 5.0
    # each attempt costs 0.05 s: two or three fit in 0.12 s; the candidate drawn when time ran
    # out is not an attempt (it was never judged)
    assert 1 <= run.shrink_attempts <= 4 and len(asked) - 1 <= run.shrink_attempts
    assert len(yielded) == run.shrink_attempts + 1


# -- in process: timings, errors, and no cached reference answer for a mutant -------------------------

def odds_case() -> dict:
    return next(iter(load_cases(["cards"], kinds=["odds"])))


def results_of(execute, cases) -> list:
    out = []
    execute(iter(cases), out.append)
    return out


def test_a_mutant_never_answers_from_the_references_cache():
    """The exact odds are memoised (`cards.exact._win_probabilities`). A mutant that changes the
    arithmetic under that cache must be seen even right after the reference filled it, and the
    reference must be right again after the mutant (the cache is cleared both ways)."""
    from reference.cards import exact
    real = exact.polynomial_product

    def doubled(a, b):
        return [2 * x for x in real(a, b)]

    wrong_odds = Mutant("doubled-ways", "counts every way twice", ("CRD-ODDS-1",),
                        lambda: mock.patch.object(exact, "polynomial_product", doubled))
    case = odds_case()
    reference, mutated = in_process(["cards"]), in_process(["cards"], wrong_odds)
    statuses = [r.status for r in results_of(reference, [case]) + results_of(mutated, [case])
                + results_of(reference, [case])]
    assert statuses == ["passed", "failed", "passed"]
    assert exact.polynomial_product is real


def test_in_process_times_each_answer_and_reports_a_crash_as_errored():
    @contextlib.contextmanager
    def slow_and_harmless():
        time.sleep(0.05)
        yield

    @contextlib.contextmanager
    def crashing():
        raise KeyError("phase")
        yield                                                            # pragma: no cover

    case = odds_case()
    started = time.perf_counter()
    [result] = results_of(in_process(["cards"], Mutant("slow", "", (), slow_and_harmless)), [case])
    assert result.status == "passed" and 0.05 <= result.seconds <= time.perf_counter() - started
    [crashed, after] = results_of(in_process(["cards"], Mutant("crash", "", (), crashing)), [case, case])
    assert crashed.status == after.status == "errored"
    assert crashed.message == "KeyError: 'phase'" and crashed.mismatch is None
    announced = in_process(["cards"])(iter([]), lambda r: None)
    assert announced["command"] == "(in process)" and announced["starts"] == 1 and "cards" in announced["games"]


def test_a_campaign_records_its_wall_time_and_keeps_case_order(fake_generator):
    execute, _ = recording_executor(lambda case: False)

    def slow(cases, on_result):
        time.sleep(0.05)
        return execute(cases, on_result)
    run = run_campaign(Campaign("dominoes", [Track("match", {}), Track("match", {"continuation": "optional"})],
                                first=0, last=5), slow)
    assert 0.05 <= run.seconds < 10
    assert [(o.index, o.track.label()) for o in run.outcomes] == sorted((o.index, o.track.label()) for o in run.outcomes)
    assert [o.index for o in run.outcomes] == list(range(6))
    assert [o.track.options for o in run.outcomes[:2]] == [{}, {"continuation": "optional"}]
    assert isinstance(run, CampaignRun) and run.announced == {"command": "(recording)", "starts": 1}


def test_a_candidate_that_errors_or_is_skipped_is_not_a_smaller_failure(fake_generator):
    """Shrinking keeps a candidate only when it still *fails*: a crash (errored) or a skip on a
    smaller case says nothing about the divergence, and must not become the counterexample."""
    from reference.core.results import CaseResult

    def execute(cases, on_result):
        for case in cases:
            steps = len(case["input"]["steps"])
            status = "failed" if steps >= 6 else "errored" if steps % 2 else "skipped"
            on_result(CaseResult(case["id"], case["game"], case["kind"], status, list(case["clauses"]),
                                 mismatch={"step": 0, "key": "x", "clauses": []} if status == "failed" else None))
        return {"command": "(x)", "starts": 1}
    seed = next(s for s in range(1000) if len(fuzz_cases.case_from_seed("dominoes", "match", {}, s)[0]["input"]["steps"]) >= 9)
    run = run_campaign(Campaign("dominoes", [Track("match", {})], seed=seed), execute)
    shrunk = run.outcomes[0].shrunk
    assert shrunk["result"].status == "failed" and len(shrunk["case"]["input"]["steps"]) == 6


# -- the fuzz report's verdict and tables, the generator's loading --------------------------------

def test_a_fuzz_run_fails_on_a_failure_an_error_or_nothing_compared(capsys):
    from reference.core.fuzz.report import exit_status

    def made(compared, **totals):
        return {"totals": {"passed": 0, "failed": 0, "errored": 0, **totals}, "compared": compared}
    assert exit_status(made(3, passed=3), "fuzz") == 0
    assert exit_status(made(3, passed=2, failed=1), "fuzz") == 1
    assert exit_status(made(3, passed=3, errored=1), "fuzz") == 1
    assert capsys.readouterr().err == ""
    assert exit_status(made(0, skipped=4), "fuzz") == 1
    assert capsys.readouterr().err == "horserace fuzz: nothing was compared\n"


def test_the_clause_table_charges_both_the_campaign_case_and_its_shrunk_case_once():
    from reference.core.fuzz.report import summarise
    cases = [
        {"id": "a", "status": "failed", "mismatch": {"clauses": ["DOM-A-1", "DOM-B-1"]},
         "shrunk": {"mismatch": {"clauses": ["DOM-B-1", "DOM-C-1"]}, "scenario": "out/a.yaml"}},
        {"id": "b", "status": "failed", "mismatch": {"clauses": ["DOM-A-1"]}},
        {"id": "c", "status": "passed"},
        {"id": "d", "status": "errored", "mismatch": {"clauses": ["DOM-Z-1"]}},
    ]
    clauses = summarise(cases)["clauses"]
    assert clauses == {"DOM-A-1": {"divergences": 2, "cases": ["a", "b"], "scenarios": ["out/a.yaml"]},
                       "DOM-B-1": {"divergences": 1, "cases": ["a"], "scenarios": ["out/a.yaml"]},
                       "DOM-C-1": {"divergences": 1, "cases": ["a"], "scenarios": ["out/a.yaml"]}}


def test_a_generator_that_fails_to_import_something_else_is_not_a_missing_generator(monkeypatch):
    import importlib
    from reference.core.fuzz.cases import FuzzError, load_generator

    real = importlib.import_module

    def missing(name, *args):
        if name.endswith(".fuzzing"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, *args)

    def broken(name, *args):
        if name.endswith(".fuzzing"):
            raise ModuleNotFoundError("No module named 'numpy'", name="numpy")
        return real(name, *args)
    monkeypatch.setattr(importlib, "import_module", missing)
    with pytest.raises(FuzzError, match="the game dominoes has no fuzz generator"):
        load_generator("dominoes")
    monkeypatch.setattr(importlib, "import_module", broken)
    with pytest.raises(ModuleNotFoundError, match="numpy"):
        load_generator("dominoes")


def test_the_fuzz_summary_shows_the_first_failing_cases_and_counts_the_rest():
    from reference.core.fuzz.report import text_summary
    cases = [{"id": f"fuzz-{i}", "index": i, "steps": 3, "status": "failed" if i % 3 else "errored"} for i in range(13)]
    cases += [{"id": "fuzz-ok", "index": 13, "steps": 2, "status": "passed"}]
    totals = {"passed": 1, "passed-partial": 0, "failed": 8, "errored": 5, "skipped": 0}
    report = {"cases": cases, "clauses": {}, "totals": totals, "compared": 9}
    for show, more in ((10, 3), (12, 1), (13, 0), (5, 8)):
        lines = text_summary(report, show).splitlines()
        assert sum(line.startswith(("FAILED ", "ERRORED ")) for line in lines) == show
        assert [line for line in lines if line.startswith("...")] == (
            [f"... {more} more failing case(s); --json has them all"] if more else [])


def test_the_fuzz_junit_counts_and_caps_each_case():
    from xml.etree import ElementTree

    from reference.core.fuzz.report import junit_xml
    long = "y" * 900
    cases = [{"id": "f-1", "kind": "match", "status": "failed", "message": long},
             {"id": "f-2", "kind": "match", "status": "errored", "message": long},
             {"id": "f-3", "kind": "match", "status": "skipped", "message": long},
             {"id": "f-4", "kind": "match", "status": "passed"},
             {"id": "f-5", "kind": "match", "status": "failed",
              "mismatch": {"step": 2, "action": "draw", "key": "turn", "expected": "1", "actual": "0", "clauses": []},
              "shrunk": {"mismatch": {"step": 1, "action": None, "key": "hands", "expected": "[]", "actual": "[1]",
                                      "clauses": ["DOM-DRAW-1"]}, "scenario": "out/f-5.yaml"}}]
    report = {"cases": cases, "campaign": {"game": "dominoes"},
              "totals": {"failed": 2, "errored": 1, "skipped": 1, "passed": 1}}
    suite = ElementTree.fromstring(junit_xml(report)).find("testsuite")
    assert (suite.get("name"), suite.get("tests"), suite.get("failures"), suite.get("errors"), suite.get("skipped")) == \
        ("fuzz.dominoes", "5", "2", "1", "1")
    elements = {case.get("name"): list(case) for case in suite.iter("testcase")}
    for name in ("f-1", "f-2", "f-3"):
        [element] = elements[name]
        assert element.get("message") == "y" * 500 and (element.tag == "skipped" or element.text == long)
    assert elements["f-4"] == []
    [shrunk] = elements["f-5"]
    assert shrunk.text == "step 1 (None): hands: expected [], actual [1]; attributed to DOM-DRAW-1; scenario out/f-5.yaml"


# -- the counterexample scenario ----------------------------------------------------------------------

def test_protocol_steps_become_scenario_steps():
    from reference.core.fuzz.scenario_out import scenario_step
    assert scenario_step({"action": "observe"}) == {"note": "observe"}
    assert scenario_step({"action": "place 6|6"}) == {"place": "6|6"}
    assert scenario_step({"action": "place 3|4 at 4|4 line_b"}) == {"place": "3|4", "at": "4|4 line_b"}
    assert scenario_step({"action": "draw"}) == {"draw": None}
    assert scenario_step({"action": "bet D by 2", "deal": {"x": 1}}) == {"bet": "D by 2", "deal": {"x": 1}}
    # a perft step's depth is the scenario's `perft`; every other field keeps its name
    assert scenario_step({"action": "count", "depth": 3, "zeta": 1, "dice": [1, 2], "abc": 0, "Z": 2}) == \
        {"count": None, "perft": 3, "zeta": 1, "dice": [1, 2], "abc": 0, "Z": 2}


def test_the_scenario_expects_the_divergent_step_and_every_refusal_however_long_the_case():
    from reference.core.fuzz.scenario_out import scenario_data, scenario_text
    steps = 300
    case = {"id": "fuzz-dominoes-match-1", "game": "dominoes", "kind": "match", "clauses": ["DOM-PTS-1"],
            "input": {"setup": {"players": 2}, "steps": [{"action": "draw"}] * steps},
            "expected": [{"turn": i % 2, "scores": [i, 0]} if i != 5 else {"error": "DOM-DRAW-1"}
                         for i in range(steps)]}
    for divergent in (280, 299):
        mismatch = {"step": int(str(divergent)), "action": "draw", "key": "turn", "expected": "0", "actual": "1",
                    "clauses": ["DOM-TURN-1"]}
        data = scenario_data(case, mismatch, 7, [1, 2], "horserace fuzz --seed 7", "./engine")
        expecting = [i for i, step in enumerate(data["steps"]) if "expect" in step]
        assert expecting == [5, divergent] and len(data["steps"]) == divergent + 1
    # the implementation answered more steps than asked: the divergence is past the last one
    mismatch = {"step": int(str(steps)), "action": None, "key": "steps", "expected": "300", "actual": "301"}
    data = scenario_data(case, mismatch, 7, [1, 2], "r", "./engine")
    assert len(data["steps"]) == steps and data["steps"][-1]["expect"] == case["expected"][-1]
    text = scenario_text({"id": "x", "notes": "the cafe rule: «10 €»"})      # written as it reads
    assert "the cafe rule: «10 €»" in text


def test_a_chance_of_p_percent_is_true_for_exactly_the_top_p_of_the_hundred_numbers():
    from reference.core.fuzz.choices import Chooser
    for percent in (0, 1, 30, 50, 99, 100):
        verdicts = [Chooser.replaying([n]).chance(percent) for n in range(100)]
        assert verdicts == [n >= 100 - percent for n in range(100)], percent
        assert Chooser.replaying([]).chance(percent) is (percent == 100)      # past the end: 0, the simplest
    chooser = Chooser.replaying([250, 7])
    assert chooser.chance(50) is True and chooser.drawn == [50]                 # reduced modulo the range
    assert chooser.more(10) is False and chooser.drawn == [50, 7]


def test_a_generator_that_never_stops_drawing_is_stopped_at_the_bound():
    from reference.core.fuzz.choices import MAX_DRAWS, Chooser, TooManyDraws
    chooser = Chooser.replaying([])
    for _ in range(MAX_DRAWS):
        chooser.below(2)
    with pytest.raises(TooManyDraws, match=f"more than {MAX_DRAWS} choices for one case"):
        chooser.below(2)
    with pytest.raises(ValueError, match="at least one number"):
        Chooser.replaying([]).below(0)


def test_a_shuffle_is_fisher_yates_from_the_front_and_reaches_every_order():
    from itertools import product

    from reference.core.fuzz.choices import Chooser
    assert Chooser.replaying([0, 0, 1]).shuffled("abcd") == list("abdc")       # the last swap is a choice too
    assert Chooser.replaying([3, 0, 0]).shuffled("abcd") == list("dbca")
    assert Chooser.replaying([]).shuffled("abcd") == list("abcd")              # all zeros keep the order
    orders = {tuple(Chooser.replaying(list(numbers)).shuffled("abc")) for numbers in product(range(3), range(2))}
    assert len(orders) == 6
    chooser = Chooser.replaying([7])
    assert chooser.below(5) == 2 and chooser.below(5) == 0 and chooser.drawn == [2, 0]   # past the end: 0
