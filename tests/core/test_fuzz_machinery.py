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
from reference.core.fuzz.shrink import MAX_ATTEMPTS, Shrinker, shrink, simpler, trimmed
from reference.core.game import Mutant
from reference.core.vectors import load_cases
from tests.core.test_fuzz import FAKE, INPUTS, fake_generator, fake_impl, fuzz  # noqa: F401  (fixtures)

# every test under a time limit (tests/conftest.py): a loop fails in seconds
pytestmark = [pytest.mark.usefixtures("time_limit"), pytest.mark.time_limit(10)]


def candidates_of(numbers, diverges, budget=MAX_ATTEMPTS):
    """Drive the shrinker by hand: every candidate it asks about, and what it returns with the
    attempts it counted (Shrinker.attempts: what the campaign adds to its shrink_attempts)."""
    asked = []
    s = Shrinker(numbers, budget)
    steps = s.run()
    try:
        candidate = next(steps)
        while True:
            asked.append(candidate)
            candidate = steps.send(bool(diverges(candidate)))
    except StopIteration as done:
        return asked, (done.value, s.attempts)


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
    # a divergence that needs the four leading 5s (no lists told: delete_list_items asks nothing):
    # lower_leading_sizes bisects each of them (0, 2, 3, 4: 16 questions); shorten_counted_lists
    # reads the first three 5s as lengths of lists of 1-number items that fit in the 8 numbers
    # and cuts each to 2 then 4 items (6 questions: [2, 5, 5, 1, 1], [4, 5, 5, 5, 1, 1, 1], ...);
    # delete_chunks deletes the first half (fails) then the second (diverges: best is
    # [5, 5, 5, 5]), bisects the four leading numbers again (16 more, the last one's 0 trimmed
    # to [5, 5, 5]), then a chunk of two gives [5, 5], and every other deletion is already asked;
    # delete_small_chunks asks [5] (a chunk of 3) and [] (of 4); lower_numbers and the second
    # round find every candidate asked: 16 + 6 + 2 + 16 + 1 + 2 = 43 in all
    asked, result = candidates_of([5, 5, 5, 5, 1, 1, 1, 1], lambda n: n[:4] == [5, 5, 5, 5])
    assert result == ([5, 5, 5, 5], 43)
    assert asked[16:22] == [[2, 5, 5, 1, 1], [4, 5, 5, 5, 1, 1, 1], [5, 2, 5, 5, 1], [5, 4, 5, 5, 1, 1, 1],
                            [5, 5, 2, 5, 1], [5, 5, 4, 5, 1, 1, 1]]
    assert asked[22:24] == [[1, 1, 1, 1], [5, 5, 5, 5]] and asked[36] == [5, 5, 5]
    assert asked[40:] == [[5, 5], [5], []]


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

    class Counted(Shrinker):
        def run(self):
            steps = super().run()
            try:
                candidate = next(steps)
                while True:
                    yielded.append(candidate)
                    candidate = steps.send((yield candidate))
            except StopIteration as done:
                return done.value
    monkeypatch.setattr(campaign_module, "Shrinker", Counted)
    return yielded


def examples(run: CampaignRun) -> list[dict]:
    """The failures the campaign kept (the first of each diagnosis), in the report's form."""
    return [example for record in run.tally.diagnoses.values() for example in record["examples"]]


def fuzz_id(index: int, options: dict | None = None) -> str:
    """The id of campaign case `index` of the dominoes match track with these options."""
    return fuzz_cases.case_id("dominoes", "match", fuzz_cases.case_seed("dominoes", "match", index, options or {}))


def long_case(case) -> bool:
    return len(case["input"]["steps"]) >= 4


def test_a_seed_run_stops_for_its_one_seed_and_counts_its_shrink_attempts_exactly(fake_generator, monkeypatch):
    yielded = counting_shrinker(monkeypatch)
    execute, asked = recording_executor(long_case)
    seed = next(s for s in range(1000) if len(fuzz_cases.case_from_seed("dominoes", "match", {}, s)[0]["input"]["steps"]) >= 8)
    run = run_campaign(Campaign("dominoes", [Track("match", {})], seed=seed), execute)
    assert run.stop_reason == "the one seed given" and run.tally.cases == 1
    [example] = examples(run)
    assert example["seed"] == seed and example["status"] == "failed"
    shrunk = example["shrunk"]
    assert shrunk["attempts"] == run.shrink_attempts == len(yielded) > 0
    # after the campaign case: the candidates sent to the implementation, each a case not asked before
    assert shrunk["runs"] == run.shrink_runs == len(asked) - 1 <= len(yielded)
    assert len({json.dumps(c["input"], sort_keys=True) for c in asked}) == len(asked), "a case judged twice"
    assert sum(p["attempts"] for p in shrunk["passes"].values()) == shrunk["attempts"]
    # the smallest that still fails: the 4 steps the rule needs
    assert shrunk["steps"] == 4 and shrunk["stopped"] == "no pass keeps anything more"
    assert example["steps"] == len(asked[0]["input"]["steps"]) and example["numbers"] == 2


def test_a_case_made_by_other_numbers_is_not_asked_again(monkeypatch):
    """Many lists make one case (here a drawn number the case does not use): the shrinker
    never proposes the same list twice, but the campaign must not send the same *case* twice,
    each time another run of the implementation under test."""
    from types import SimpleNamespace

    from tests.core.test_fuzz import fake_generate

    def with_an_unused_number(choose, kind, options):
        case = fake_generate(choose, kind, options)
        choose.below(50)                                  # drawn, and changes nothing
        return case
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", SimpleNamespace(KINDS=("match",), generate=with_an_unused_number))
    execute, asked = recording_executor(long_case)
    seed = next(s for s in range(1000)
                if len((made := fuzz_cases.case_from_seed("dominoes", "match", {}, s))[0]["input"]["steps"]) >= 8
                and made[1][2] > 0)
    run = run_campaign(Campaign("dominoes", [Track("match", {})], seed=seed), execute)
    [example] = examples(run)
    assert len({json.dumps(c["input"], sort_keys=True) for c in asked}) == len(asked), "a case sent twice"
    assert example["shrunk"]["steps"] == 4 and example["shrunk"]["runs"] == len(asked) - 1
    assert example["shrunk"]["runs"] < example["shrunk"]["attempts"]       # some candidates were known cases


def test_each_stop_reason_is_the_one_that_stopped_the_campaign(fake_generator):
    track = [Track("match", {})]
    execute, asked = recording_executor(lambda case: False)
    run = run_campaign(Campaign("dominoes", track, first=3, last=7), execute)
    assert run.stop_reason == "end of the seed range" and [c["id"] for c in asked] == [fuzz_id(i) for i in range(3, 8)]
    assert run.tally.cases == 5
    execute, asked = recording_executor(long_case)
    run = run_campaign(Campaign("dominoes", track, first=0, last=50, stop_at_first=True, shrink=False), execute)
    assert run.stop_reason == "first divergence found"
    assert long_case(asked[-1]) and not any(long_case(c) for c in asked[:-1])
    assert (run.tally.totals["failed"], run.tally.totals["passed"]) == (1, len(asked) - 1)
    execute, asked = recording_executor(lambda case: False)
    run = run_campaign(Campaign("dominoes", track, first=0, budget_seconds=0.2), execute)
    assert run.stop_reason == "time budget of 0.2 s spent" and run.tally.cases == len(asked) > 0
    # --seed: one case per track, whatever the range says
    two = [Track("match", {}), Track("match", {"continuation": "optional"})]
    execute, asked = recording_executor(lambda case: False)
    run = run_campaign(Campaign("dominoes", two, seed=11), execute)
    assert run.stop_reason == "the one seed given" and [c["id"] for c in asked] == ["fuzz-dominoes-match-11"] * 2
    assert [sum(counts.values()) for counts in run.tally.by_track] == [1, 1]


def test_the_seed_run_through_the_command_reports_its_stop_reason_and_attempts(fake_generator, fake_impl, tmp_path):
    report_file = tmp_path / "r.json"
    command = fake_impl("wrong-scores-at-step", 2)
    assert fuzz("--impl", command, "--seed", "5", "--json", str(report_file), "--out", str(tmp_path / "out")) == 1
    report = json.loads(report_file.read_text())
    assert report["run"]["stop_reasons"] == ["the one seed given"]
    [diagnosis] = report["diagnoses"]
    [case] = diagnosis["examples"]
    assert case["seed"] == 5 and case["status"] == "failed" and report["cases"] == 1
    assert report["run"]["shrink_attempts"] == case["shrunk"]["attempts"] > 0
    assert report["run"]["shrink_runs"] == case["shrunk"]["runs"] <= case["shrunk"]["attempts"]
    # the counterexample names the implementation it was found in, as the user gave it (with no
    # absolute path: scenario_out.shown_command), not the reference adapter
    import yaml

    from reference.core.fuzz.scenario_out import shown_command
    notes = yaml.safe_load(Path(case["shrunk"]["scenario"]).read_text(encoding="utf-8"))["notes"]
    assert f"Implementation: {shown_command(command)}." in notes and "fake_impl.py wrong-scores-at-step 2." in notes
    assert "seed 5" in notes


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
    [example] = examples(run)
    assert example["shrunk"]["stopped"] == "time limit of 0.12 s"
    # each run costs 0.05 s: two or three fit in 0.12 s; the candidate drawn when time ran out
    # was never sent (a candidate the campaign knew the verdict of is an attempt, not a run)
    assert 1 <= run.shrink_runs == len(asked) - 1 <= 4 and run.shrink_runs <= run.shrink_attempts
    assert len(yielded) == run.shrink_attempts


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
    execute, asked = recording_executor(lambda case: False)

    def slow(cases, on_result):
        time.sleep(0.05)
        return execute(cases, on_result)
    run = run_campaign(Campaign("dominoes", [Track("match", {}), Track("match", {"continuation": "optional"})],
                                first=0, last=5), slow)
    assert 0.05 <= run.seconds < 10
    # case i belongs to track i % 2, in index order
    tracks = [{}, {"continuation": "optional"}]
    assert [c["id"] for c in asked] == [fuzz_id(i, tracks[i % 2]) for i in range(6)]
    assert [sum(counts.values()) for counts in run.tally.by_track] == [3, 3]
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
    [example] = examples(run)
    assert example["shrunk"]["steps"] == 6 and example["shrunk"]["mismatch"]["key"] == "x"


# -- the fuzz report's verdict and tables, the generator's loading --------------------------------

def test_a_fuzz_run_fails_on_a_failure_an_error_or_nothing_compared(capsys):
    from reference.core.fuzz.report import exit_status

    def made(compared, **totals):
        return {"totals": {"passed": 0, "failed": 0, "errored": 0, **totals}, "compared": compared,
                "cases": sum(totals.values())}
    assert exit_status(made(3, passed=3), "fuzz") == 0
    assert exit_status(made(3, passed=2, failed=1), "fuzz") == 1
    assert exit_status(made(3, passed=3, errored=1), "fuzz") == 1
    assert exit_status(made(3, passed=2, changed=1), "fuzz") == 1       # --expected-failures: a changed failure
    assert exit_status(made(3, passed=2, xpassed=1), "fuzz") == 1
    assert exit_status(made(3, passed=2, xfailed=1), "fuzz") == 0
    assert capsys.readouterr().err == ""
    assert exit_status(made(0, skipped=4), "fuzz") == 1
    assert capsys.readouterr().err == "horserace fuzz: nothing was compared\n"


def test_the_clause_table_charges_each_clause_once_per_case_and_only_for_a_divergence():
    """As check's table: a case's first divergence charges each clause it is attributed to once
    (a clause listed twice is one charge), an accepted failure too; an errored case is never
    charged, whatever it carries; a passing case counts for the clauses it applied. (A shrunk
    case keeps its campaign case's diagnosis, so its clauses are those already charged.)"""
    from reference.core.fuzz.tally import Tally
    from reference.core.results import CaseResult
    tally = Tally([Track("match", {})], 1, 1)

    def add(index, status, clauses=(), applied=()):
        mismatch = {"step": 0, "key": "scores", "clauses": list(clauses)} if clauses else None
        result = CaseResult(f"c{index}", "dominoes", "match", status, list(clauses), mismatch=mismatch,
                            applied=list(applied))
        tally.add(index, 0, {"kind": "match", "index": index}, result)
    add(0, "failed", ["DOM-A-1", "DOM-B-1", "DOM-A-1"])
    add(1, "failed", ["DOM-A-1"])
    add(2, "xfailed", ["DOM-C-1"])
    add(3, "errored", ["DOM-Z-1"], applied=["DOM-Z-2"])
    add(4, "passed", applied=["DOM-A-1", "DOM-D-1"])
    add(5, "skipped", applied=["DOM-E-1"])
    assert tally.part()["clauses"] == {
        "DOM-A-1": {"first_divergences": 2, "applied_and_passed": 1},
        "DOM-B-1": {"first_divergences": 1, "applied_and_passed": 0},
        "DOM-C-1": {"first_divergences": 1, "applied_and_passed": 0},
        "DOM-D-1": {"first_divergences": 0, "applied_and_passed": 1}}


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


def fuzz_report(diagnoses: int, errors: int, errors_kept: int, **fields) -> dict:
    """A fuzz report's fields for the text and JUnit writers: `diagnoses` diagnoses of two
    failures each, `errors` errored cases of which the first `errors_kept` are kept."""
    records = [{"diagnosis": {"clauses": [f"DOM-X-{i}"], "keys": ["scores"]}, "label": f"DOM-X-{i} [scores]",
                "count": 2, "first_index": i,
                "examples": [{"index": i, "id": f"fuzz-{i}", "kind": "match", "steps": 3, "status": "failed"}]}
               for i in range(diagnoses)]
    kept = [{"index": 100 + i, "id": f"err-{i}", "kind": "match", "steps": 2, "status": "errored", "message": "boom"}
            for i in range(errors_kept)]
    totals = {"passed": 1, "passed-partial": 0, "failed": 2 * diagnoses, "errored": errors, "skipped": 0,
              "deselected": 0}
    report = {"campaign": {"game": "dominoes", "shrink": False}, "diagnoses": records,
              "errors": {"count": errors, "examples": kept}, "other_failures": 0, "accepted": [], "skip_reasons": [],
              "totals": totals, "ranges": [], "cases": sum(totals.values()), "compared": 1 + 2 * diagnoses,
              "coverage": {"tracks": [{"kind": "match", "options": {}, "totals": totals}]}}
    return {**report, **fields}


def test_the_fuzz_summary_shows_the_first_failing_cases_and_counts_the_rest():
    """The first `show` diagnoses in detail, then kept errored cases up to `show` in all; every
    diagnosis on one line; and the errored cases not shown are counted, never dropped silently."""
    from reference.core.fuzz.report import text_summary
    for diagnoses, errors, kept, show, shown_errors in ((8, 7, 5, 10, 2), (8, 7, 5, 13, 5), (8, 7, 5, 5, 0),
                                                        (8, 5, 5, 13, 5), (8, 5, 5, 10, 2), (0, 3, 3, 3, 3), (3, 0, 0, 2, 0)):
        lines = text_summary(fuzz_report(diagnoses, errors, kept), show).splitlines()
        assert sum(line.startswith("DIAGNOSIS ") for line in lines) == min(show, diagnoses)
        assert sum(line.startswith("ERRORED ") for line in lines) == shown_errors
        assert [line for line in lines if line.startswith("  ") and line[2:].split(".")[0].isdigit()] == \
            [f"  {i + 1}. DOM-X-{i} [scores]: 2 case(s); no scenario written (--no-shrink): replay the case"
             for i in range(diagnoses)]
        counted = [line for line in lines if "errored case(s) in all" in line]
        assert counted == ([f"{errors} errored case(s) in all; the report keeps the first {kept}"]
                           if errors > shown_errors else [])
    lines = text_summary(fuzz_report(2, 0, 0, other_failures=4), 10).splitlines()
    assert "  and 4 failing case(s) of diagnoses past the first 2 (counted only)" in lines


def test_the_fuzz_junit_counts_and_caps_each_case():
    from xml.etree import ElementTree

    from reference.core.fuzz.report import junit_xml
    long = "y" * 900
    report = fuzz_report(2, 1, 1)
    report["errors"]["examples"][0]["message"] = long
    report["diagnoses"][1]["examples"][0].update(
        replay="horserace fuzz --seed 7 " + "z" * 600,
        shrunk={"mismatch": {"step": 1, "action": None, "key": "hands", "expected": "[]", "actual": "[1]",
                             "clauses": ["DOM-DRAW-1"]}, "scenario": "out/f-5.yaml"})
    totals = dict(report["totals"], skipped=2, xfailed=1, changed=1, xpassed=1)
    report.update(totals=totals, cases=sum(totals.values()),
                  coverage={"tracks": [{"kind": "match", "options": {}, "totals": totals}]})
    xml = ElementTree.fromstring(junit_xml(report))
    suite = xml.find("testsuite")
    # failures: failed + changed + xpassed; errors: errored; skipped: skipped + xfailed
    assert (suite.get("name"), suite.get("tests"), suite.get("failures"), suite.get("errors"), suite.get("skipped")) == \
        ("fuzz.dominoes", str(totals["passed"] + 4 + 1 + 1 + 2 + 1 + 1), "6", "1", "3")
    elements = {case.get("name"): list(case) for case in suite.iter("testcase")}
    [error] = elements["err-0"]
    assert error.tag == "error" and error.get("message") == "y" * 500 and error.text == long
    [first] = elements["diagnosis 1: DOM-X-0 [scores]"]
    assert first.tag == "failure" and first.text == "2 failing case(s), the first is case 0"
    [shrunk] = elements["diagnosis 2: DOM-X-1 [scores]"]
    assert shrunk.text.startswith("2 failing case(s), the first is case 1; step 1 (None): hands: expected [], "
                                  "actual [1]; attributed to DOM-DRAW-1; scenario out/f-5.yaml; replay: horserace fuzz")
    assert len(shrunk.text) > 600 and shrunk.get("message") == shrunk.text[:500]
    assert elements["match: 1 case(s) passed"] == []
    [skipped] = elements["match: 2 case(s) skipped"]
    [xpassed] = elements["match: 1 case(s) xpassed"]
    assert (skipped.tag, xpassed.tag, xpassed.get("type")) == ("skipped", "failure", "horserace.xpassed")


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


# -- what the machinery sample of the merged modules left alive -------------------------------------

def test_a_diagnosis_label_names_its_clauses_and_keys_or_says_there_are_none():
    from reference.core.fuzz.diagnosis import Diagnosis
    assert Diagnosis(("DOM-PTS-1", "DOM-SETTLE-3"), ("scores", "settlement")).label() == \
        "DOM-PTS-1, DOM-SETTLE-3 [scores, settlement]"
    assert Diagnosis((), ()).label() == "(no clause) [-]"


def test_a_worker_of_a_shard_records_its_indices_as_one_progression(fake_generator):
    """A worker's indices are shard count × worker count apart: counted as one progression
    however long the run (flat memory), not one per case."""
    from reference.core.fuzz.ranges import Progression
    execute, asked = recording_executor(lambda case: False)
    run = run_campaign(Campaign("dominoes", [Track("match", {})], first=0, last=11, shard=(1, 2), workers=(0, 2)),
                       execute)
    assert [c["id"] for c in asked] == [fuzz_id(i) for i in (0, 4, 8)]
    assert run.tally.coverage.progressions == [Progression(0, 8, 4)]


def test_a_replay_command_gives_each_option_as_horserace_fuzz_reads_it_back():
    """The replay line of a counterexample must re-run the same track: each option written so
    that `--option NAME=VALUE` reads back the same value of the same type (text bare, others JSON)."""
    import shlex

    from horserace_cli.commands.fuzz import parse_options
    from reference.core.fuzz.campaign import Campaign, Track
    from reference.core.fuzz.session import Target, replay_command
    options = {"continuation_when_unable": "end_turn", "opening_continues": False, "target_points": 101}
    track = Track("match", options)
    line = replay_command(Campaign("dominoes", [track]), Target(shown_impl="node my engine.js"), 7, track, 12345)
    assert line == ("horserace fuzz --impl 'node my engine.js' --game dominoes --kind match --seed 12345 --index 7 "
                    "--option continuation_when_unable=end_turn --option opening_continues=false "
                    "--option target_points=101")
    words = shlex.split(line)
    pairs = [words[i + 1] for i, word in enumerate(words) if word == "--option"]
    assert parse_options(pairs) == (options, [])
    assert all(type(parse_options(pairs)[0][name]) is type(value) for name, value in options.items())
