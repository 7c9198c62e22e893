"""Differential fuzzing: determinism, comparison through the runner, shrinking, shards, errors.

The game generators (reference/<game>/fuzzing.py) are written elsewhere; these tests inject a
fake domino generator that takes prefixes of the generated domino match vectors (valid inputs
the reference replays), so the fuzzing machinery is tested against the real domino engine as
the oracle. One end-to-end test per game runs once the game's generator exists.
"""

from __future__ import annotations

import importlib
import json
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from horserace_cli.main import main
from reference.core.fuzz import cases as fuzz_cases
from reference.core.fuzz.choices import Chooser
from reference.core.fuzz.report import without_run
from reference.core.fuzz.shrink import SHRINK_PASSES, Shrinker, shorten_counted_lists, shrink
from reference.core.paths import VECTORS_DIR
from tests.games import game_names
from tests.support import signals_as_a_terminal_gives_them


def domino_match_inputs(count: int = 4, min_steps: int = 10) -> list[dict]:
    """Inputs of the first generated default-option domino match vectors (full matches from a
    deal, so they settle rounds) with at least `min_steps` steps."""
    lines = (VECTORS_DIR / "dominoes" / "match.json").read_text(encoding="utf-8").split("\n")
    found = []
    for line in lines[lines.index('  "cases": [') + 1:]:
        if not line.startswith("    {"):
            break
        case = json.loads(line.strip().rstrip(","))
        if case["id"].startswith("dom-gen") and not case["options"] and len(case["input"]["steps"]) >= min_steps:
            found.append(case["input"])
        if len(found) == count:
            break
    return found


INPUTS = domino_match_inputs()


def fake_generate(choose: Chooser, kind: str, options: dict) -> dict:
    """Two numbers: which base match (0: the first), how many of its steps after the first."""
    base = INPUTS[choose.below(len(INPUTS))]
    steps = base["steps"][:1 + choose.below(len(base["steps"]))]
    return {"kind": kind, "options": options, "input": {"setup": base["setup"], "steps": steps}}


FAKE = SimpleNamespace(KINDS=("match",), generate=fake_generate)

ADAPTER_LOOP = """import json, sys
from reference.core.adapter import answer_case, hello_reply
SETUP
for raw in sys.stdin.buffer:
    message = json.loads(raw)
    if message["type"] == "bye":
        break
    if message["type"] == "hello":
        reply = hello_reply(["dominoes"])
    else:
        reply = answer_case(message)
FAULT
    sys.stdout.write(json.dumps(reply) + "\\n")
    sys.stdout.flush()
"""


def adapter_with_fault(fault: str, setup: str = "") -> str:
    """A script answering as the reference adapter, with `fault` run on each case's answer
    (`message` and `reply` in scope): a fake implementation with planted bugs."""
    return (ADAPTER_LOOP.replace("SETUP", textwrap.dedent(setup).strip())
            .replace("FAULT", textwrap.indent(textwrap.dedent(fault).strip(), " " * 8)))


# a shrinker or campaign that loops fails the test in 60 s (tests/conftest.py) instead of hanging the run
pytestmark = pytest.mark.usefixtures("time_limit")

# The fake implementation: the reference adapter with one planted fault.
FAKE_IMPL = adapter_with_fault("""
    if mode == "wrong-scores-at-step" and len(reply["steps"]) > at and "scores" in reply["steps"][at]:
        reply["steps"][at]["scores"] = [99, 99]
    if mode == "crash-at-seq" and message["seq"] == at:
        sys.exit(3)
""", setup="mode, at = sys.argv[1], int(sys.argv[2])")


@pytest.fixture
def fake_generator(monkeypatch):
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", FAKE)


@pytest.fixture
def fake_impl(tmp_path):
    script = tmp_path / "fake_impl.py"
    script.write_text(FAKE_IMPL, encoding="utf-8")
    return lambda mode, at: f"{sys.executable} {script} {mode} {at}"


def fuzz(*args: str) -> int:
    return main(["fuzz", "--game", "dominoes", *args])


# -- generation ------------------------------------------------------------------------------

def test_a_seed_gives_the_same_case_and_numbers_every_time(fake_generator):
    seed = fuzz_cases.case_seed("dominoes", "match", 7)
    first, numbers = fuzz_cases.case_from_seed("dominoes", "match", {}, seed)
    again, numbers_again = fuzz_cases.case_from_seed("dominoes", "match", {}, seed)
    assert json.dumps(first) == json.dumps(again) and numbers == numbers_again
    assert first["id"] == f"fuzz-dominoes-match-{seed}"
    # the vector case form: expected and step_clauses per step, the game's clause_keys
    assert len(first["expected"]) == len(first["step_clauses"]) == len(first["input"]["steps"])
    assert first["clause_keys"] and first["clauses"]
    # the numbers alone rebuild the case (what shrinking relies on)
    replayed, _ = fuzz_cases.case_from_numbers("dominoes", "match", {}, numbers, seed)
    assert json.dumps(replayed) == json.dumps(first)


def test_a_generator_may_check_more_keys_at_some_steps(monkeypatch):
    """`checked_keys` adds observation keys at the steps that show them (a domino match checks
    hands only there), as a scenario step's expect does; a malformed list is an invalid case."""
    base = INPUTS[0]
    steps = base["steps"][:3]

    def with_hands(choose, kind, options):
        return {"kind": kind, "options": options, "input": {"setup": base["setup"], "steps": steps},
                "checked_keys": [[], ["hands"], []]}

    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", SimpleNamespace(KINDS=("match",), generate=with_hands))
    case, _ = fuzz_cases.case_from_numbers("dominoes", "match", {}, [], 5)
    assert ["hands" in step for step in case["expected"]] == [False, True, False]
    assert isinstance(case["expected"][1]["hands"], list) and "_checked_keys" not in case

    def malformed(choose, kind, options):
        return {**with_hands(choose, kind, options), "checked_keys": [["hands"]]}

    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", SimpleNamespace(KINDS=("match",), generate=malformed))
    with pytest.raises(fuzz_cases.InvalidCase, match="checked_keys"):
        fuzz_cases.case_from_numbers("dominoes", "match", {}, [], 5)


def test_a_repeated_list_records_where_each_item_was_drawn():
    chooser = Chooser.replaying([3, 7, 8, 5, 1, 1, 9])
    for _ in chooser.repeat(10):            # 3 items of two numbers, then one more number
        chooser.below(10), chooser.below(10)
    chooser.below(10)
    assert chooser.lists == [(0, [(1, 3), (3, 5), (5, 7)])]
    stopped = Chooser.replaying([4, 1, 1, 1])
    for item in stopped.repeat(10):           # a generator may stop early: the items drawn are recorded
        stopped.below(10)
        if item == 1:
            break
    assert stopped.lists == [(0, [(1, 2)])] and stopped.drawn == [4, 1, 1]


def test_case_seeds_are_fixed_numbers_not_salted_hashes():
    # SHA-256 of "dominoes/match/0": the same on every machine and in every process
    import hashlib
    digest = hashlib.sha256(b"dominoes/match/0").digest()
    assert fuzz_cases.case_seed("dominoes", "match", 0) == int.from_bytes(digest[:6], "big")
    assert fuzz_cases.case_seed("dominoes", "match", 1) != fuzz_cases.case_seed("dominoes", "match", 0)
    assert fuzz_cases.case_seed("dominoes", "match", 0, {"x": 1}) != fuzz_cases.case_seed("dominoes", "match", 0)


# -- shrinking -------------------------------------------------------------------------------

def test_the_shrinker_finds_the_smallest_list_with_a_number_of_five_or_more():
    diverges = lambda numbers: any(n >= 5 for n in numbers)
    assert shrink([3, 9, 1, 7, 2, 8, 0, 6], diverges)[0] == [5]


def test_the_shrinker_keeps_a_needed_position_and_drops_trailing_zeros():
    # diverges iff the third number is 5 or more: earlier numbers go to 0, later ones away
    diverges = lambda numbers: len(numbers) > 2 and numbers[2] >= 5
    smallest, attempts = shrink([4, 4, 9, 3, 3, 0], diverges)
    assert smallest == [0, 0, 5] and 0 < attempts <= 500


def test_the_shrinker_lowers_the_leading_sizes_first():
    """A generator draws the case's sizes first (choices.py): on a long list the second number,
    a length the divergence needs to be 30 or more, is lowered within a few attempts, before a
    budget is spent deleting the hundreds of numbers after it."""
    numbers = [0, 200] + [1] * 700
    diverges = lambda n: len(n) > 1 and n[1] >= 30
    smallest, attempts = shrink(numbers, diverges, max_attempts=10)
    assert 30 <= smallest[1] <= 50 and attempts == 10
    assert shrink(numbers, diverges)[0] == [0, 30]


def test_the_shrinker_respects_its_attempt_budget():
    calls = []
    shrink(list(range(50, 100)), lambda n: calls.append(n) or len(n) >= 45, max_attempts=5)
    assert len(calls) == 5
    s = Shrinker(list(range(50, 100)), max_attempts=5)
    candidates = s.run()
    try:
        candidate = next(candidates)
        while True:
            candidate = candidates.send(len(candidate) >= 45)
    except StopIteration:
        pass
    assert s.attempts == 5 and s.stop_reason() == "attempt budget of 5 spent"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=40), st.integers(0, 300), st.integers(1, 200))
def test_the_shrinker_never_judges_a_list_twice_nor_past_its_budget(numbers, threshold, budget):
    """Hypothesis's cached_test_function and attempt limit: each candidate is judged once, none
    is the starting list, at most `budget` are judged, and the result is still interesting."""
    interesting = lambda n: sum(n) >= threshold
    if not interesting(numbers):
        numbers = numbers + [threshold]
    calls = []
    best, attempts = shrink(numbers, lambda n: calls.append(tuple(n)) or interesting(n), max_attempts=budget)
    assert len(calls) == len(set(calls)) == attempts <= budget
    assert tuple(numbers) not in calls and interesting(best)


def test_each_pass_counts_its_attempts_kept_candidates_and_removed_numbers():
    s = Shrinker([3, 9, 1, 7, 2, 8, 0, 6])
    candidates = s.run()
    try:
        candidate = next(candidates)
        while True:
            candidate = candidates.send(any(n >= 5 for n in candidate))
    except StopIteration:
        pass
    assert s.best == [5] and s.stop_reason() == "no pass keeps anything more"
    assert list(s.stats) == [p.__name__ for p in SHRINK_PASSES]
    assert sum(stats.attempts for stats in s.stats.values()) == s.attempts
    assert sum(stats.removed for stats in s.stats.values()) == 8 - 1
    assert all(stats.kept <= stats.attempts for stats in s.stats.values())


def test_the_numbers_a_generator_used_are_judged_with_the_candidate_and_kept_when_simpler():
    """A judge may say which numbers the case really used (values reduced to their ranges,
    numbers past the end dropped): the same case, so never proposed itself, and kept instead."""
    s = Shrinker([9, 9, 9])
    candidates = s.run()
    proposed, kept = [], []
    candidate = next(candidates)
    try:
        while True:
            proposed.append(candidate)
            used = [n % 4 for n in candidate[:2]]                 # the generator reads two numbers below 4
            kept.append(sum(used) >= 2)
            candidate = candidates.send((kept[-1], used))
    except StopIteration:
        pass
    assert s.best == [2]                                          # [2, 0] as used: sum 2
    first_kept = kept.index(True)
    assert any(n >= 4 for n in proposed[first_kept])              # kept as the numbers used, so every
    assert all(n < 4 for c in proposed[first_kept + 1:] for n in c)   # later candidate is below 4
    assert [2, 1] not in proposed and [0, 1] not in proposed      # used forms judged: never proposed


def test_a_leading_count_is_lowered_with_the_items_it_counts():
    """numbers[0] counts the items after it; the rest must start with 1. Lowering the count alone
    hands an item to the rest; deleting items alone leaves the count too high: only both at once
    (shorten_counted_lists) find [2, 3, 4, 1]."""
    def interesting(numbers):
        count = numbers[0] if numbers else 0
        items, rest = numbers[1:1 + count], numbers[1 + count:]
        return len(items) == count >= 2 and items[:2] == [3, 4] and rest[:1] == [1]
    start = [9, 3, 4, 7, 7, 7, 7, 7, 7, 7, 1]
    assert shrink(start, interesting)[0] == [2, 3, 4, 1]
    without = [p for p in SHRINK_PASSES if p is not shorten_counted_lists]
    s = Shrinker(start, passes=without)
    candidates = s.run()
    try:
        candidate = next(candidates)
        while True:
            candidate = candidates.send(interesting(candidate))
    except StopIteration:
        pass
    assert s.best[0] == 9                                          # stuck at its nine items


# -- comparison, shrinking and the counterexample, through the runner ----------------------------

def test_a_planted_divergence_is_attributed_shrunk_and_written_as_a_verifying_scenario(
        fake_generator, fake_impl, tmp_path, capsys):
    report_file, out = tmp_path / "r.json", tmp_path / "out"
    code = fuzz("--impl", fake_impl("wrong-scores-at-step", 2), "--budget-cases", "3",
                "--json", str(report_file), "--junit", str(tmp_path / "r.xml"), "--out", str(out))
    printed = capsys.readouterr().out
    assert code == 1
    report = json.loads(report_file.read_text())
    diagnoses = report["diagnoses"]
    assert diagnoses and sum(d["count"] for d in diagnoses) == report["totals"]["failed"] >= 1
    first = diagnoses[0]["examples"][0]
    m = first["mismatch"]
    assert m["step"] == 2 and m["key"] == "scores" and "[99, 99]" in m["actual"]
    assert m["clauses"]                                     # attributed, as check attributes
    # shrunk: cut to the 3 steps the fault needs (number 2), from a base match whose step 2 is
    # charged to the same clauses (the diagnosis is kept: base match 0 may be another's)
    assert first["shrunk"]["numbers"][1:] == [2] and first["shrunk"]["steps"] == 3
    assert first["shrunk"]["mismatch"]["clauses"] == m["clauses"]
    scenario = Path(first["shrunk"]["scenario"])
    assert scenario.is_file()
    assert f"--seed {first['seed']}" in first["replay"] and "--kind match" in first["replay"]
    assert first["replay"] in printed and str(scenario) in printed
    for clause in first["shrunk"]["mismatch"]["clauses"]:
        assert report["coverage"]["clauses"][clause]["first_divergences"] >= 1
    # the scenario passes verify against the reference and names the seed and both answers
    assert main(["verify", str(scenario)]) == 0
    text = scenario.read_text()
    assert str(first["seed"]) in text and "[99, 99]" in text
    # JUnit: one failing test case per diagnosis, with the divergence and the file; the passes per track
    from xml.etree import ElementTree as ET
    suite = ET.parse(tmp_path / "r.xml").getroot().find("testsuite")
    assert suite.get("tests") == "3" and suite.get("failures") == str(report["totals"]["failed"])
    failures = [t.find("failure") for t in suite.findall("testcase") if t.find("failure") is not None]
    assert len(failures) == len(diagnoses) and "scores" in failures[0].text and str(scenario) in failures[0].text


def test_shrinking_never_lengthens_the_case(fake_impl, monkeypatch, tmp_path):
    """A generator whose 0 is the LONGEST case (its length drawn as steps cut off the end): fewer
    or lower numbers would make the counterexample longer, and the shrinker keeps it no longer."""
    base = max(INPUTS, key=lambda inp: len(inp["steps"]))
    most = len(base["steps"])

    def cut_from_the_end(choose, kind, options):
        steps = base["steps"][:most - choose.below(most - 3)]          # 0: every step; at least 4
        return {"kind": kind, "options": options, "input": {"setup": base["setup"], "steps": steps}}

    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes",
                        SimpleNamespace(KINDS=("match",), generate=cut_from_the_end))
    report_file = tmp_path / "r.json"
    assert fuzz("--impl", fake_impl("wrong-scores-at-step", 2), "--budget-cases", "3",
                "--json", str(report_file), "--out", str(tmp_path / "out")) == 1
    examples = [e for d in json.loads(report_file.read_text())["diagnoses"] for e in d["examples"]]
    assert examples and any(e["steps"] < most for e in examples)
    for example in examples:
        assert example["shrunk"]["steps"] <= example["steps"], example


def test_a_crashing_implementation_is_reported_and_the_run_goes_on(fake_generator, fake_impl, tmp_path):
    report_file, stream = tmp_path / "r.json", tmp_path / "cases.jsonl"
    assert fuzz("--impl", fake_impl("crash-at-seq", 2), "--budget-cases", "4", "--no-shrink",
                "--json", str(report_file), "--jsonl", str(stream)) == 1
    report = json.loads(report_file.read_text())
    lines = [json.loads(line)["case"] for line in stream.read_text().splitlines()]
    assert [c["status"] for c in lines] == ["passed", "errored", "passed", "passed"]
    assert report["errors"]["count"] == 1 and report["errors"]["examples"] == [lines[1]]
    assert "exit" in lines[1]["message"] and lines[1]["index"] == 1
    assert report["run"]["starts"] >= 2                    # restarted after the crash


# -- determinism, shards and merging -------------------------------------------------------

SHARDED = ["--budget-cases", "7", "--seeds", "3..20"]


@pytest.fixture(scope="module")
def shard_reports(tmp_path_factory) -> Path:
    """The three shard reports s1..s3.json of one campaign (SHARDED), run once for the tests
    that merge them."""
    folder = tmp_path_factory.mktemp("shards")
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(fuzz_cases.OVERRIDES, "dominoes", FAKE)
        for i in (1, 2, 3):
            assert fuzz(*SHARDED, "--shard", f"{i}/3", "--json", str(folder / f"s{i}.json")) == 0
    return folder


def test_shards_merged_equal_the_unsharded_run_and_reports_repeat_byte_for_byte(fake_generator, shard_reports,
                                                                                 tmp_path):
    assert fuzz(*SHARDED, "--json", str(tmp_path / "all.json")) == 0
    assert fuzz(*SHARDED, "--json", str(tmp_path / "again.json"), "-j", "2") == 0
    assert main(["merge-reports", *(str(shard_reports / f"s{i}.json") for i in (3, 1, 2)),
                 "-o", str(tmp_path / "merged.json")]) == 0

    def text(name: str) -> str:
        return json.dumps(without_run(json.loads((tmp_path / name).read_text())), indent=1)
    whole = json.loads((tmp_path / "all.json").read_text())
    assert whole["ranges"] == [{"first": 3, "last": 9, "step": 1}] and whole["cases"] == 7
    assert text("merged.json") == text("all.json") == text("again.json")
    shards = [json.loads((shard_reports / f"s{i}.json").read_text()) for i in (1, 2, 3)]
    assert [s["cases"] for s in shards] == [3, 2, 2]                   # 3,6,9 | 4,7 | 5,8
    assert [s["ranges"] for s in shards] == [[{"first": 3, "last": 9, "step": 3}], [{"first": 4, "last": 7, "step": 3}],
                                             [{"first": 5, "last": 8, "step": 3}]]


def test_merge_refuses_a_missing_or_repeated_shard(shard_reports, tmp_path, capsys):
    s1, s2 = (str(shard_reports / f"s{i}.json") for i in (1, 2))
    assert main(["merge-reports", s1, s2, "-o", str(tmp_path / "m.json")]) == 2
    assert "3/3 missing" in capsys.readouterr().err
    assert main(["merge-reports", s1, s1, "-o", str(tmp_path / "m.json")]) == 2
    assert not (tmp_path / "m.json").exists()


def test_option_all_makes_one_track_per_value_the_implementation_offers(fake_generator, tmp_path):
    report_file, stream = tmp_path / "r.json", tmp_path / "cases.jsonl"
    assert fuzz("--option", "opening_continues=all", "--option", "symmetric_points=canonical",
                "--budget-cases", "4", "--no-shrink", "--json", str(report_file), "--jsonl", str(stream)) == 0
    report = json.loads(report_file.read_text())
    # the reference offers opening_continues true (the default, so not named) and false
    assert report["campaign"]["tracks"] == [
        {"kind": "match", "options": {"symmetric_points": "canonical"}},
        {"kind": "match", "options": {"opening_continues": False, "symmetric_points": "canonical"}}]
    cases = [json.loads(line)["case"] for line in stream.read_text().splitlines()]
    assert [c.get("options", {}).get("opening_continues") for c in cases] == [None, False, None, False]
    assert [t["totals"]["passed"] for t in report["coverage"]["tracks"]] == [2, 2]


# -- bad arguments -------------------------------------------------------------------------

@pytest.mark.parametrize("args, said", [
    (["--shard", "4/3"], "--shard"),
    (["--seeds", "9..2"], "--seeds"),
    (["--option", "nonsense"], "NAME=VALUE"),
    (["--option", "no_such_option=1"], "no option"),
    (["--kind", "perft"], "generator makes match"),
    (["--budget-cases", "0"], "--budget-cases"),
    (["--seed", "5", "--shard", "1/2"], "--seed"),
    (["--index", "3"], "--index I goes with --seed N"),
    (["--max-examples-per-bug", "0"], "--max-examples-per-bug"),
    (["--impl", ""], "--impl is empty"),
    (["--impl", "/no/such/program"], "cannot start"),
])
def test_bad_arguments_are_usage_errors(fake_generator, capsys, args, said):
    assert fuzz(*args) == 2
    assert said in capsys.readouterr().err


def test_a_game_without_a_generator_is_a_clear_error(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "reference.dominoes.fuzzing", None)     # not importable
    assert fuzz("--budget-cases", "1") == 2
    assert "no fuzz generator" in capsys.readouterr().err


# -- mutants -------------------------------------------------------------------------------

def test_a_mutant_is_found_and_its_counterexample_verifies(fake_generator, tmp_path, capsys):
    out = tmp_path / "out"
    code = fuzz("--mutant", "round-remainder-two-up", "--budget-cases", "40", "--out", str(out))
    printed = capsys.readouterr().out
    assert code == 1                                       # a divergence: as check would say
    assert "mutant round-remainder-two-up: found at case" in printed
    written = list((out / "round-remainder-two-up").glob("*.yaml"))
    assert len(written) == 1 and main(["verify", str(written[0])]) == 0


# -- one end-to-end run per game, once its generator exists ---------------------------------

def generator_available(game: str) -> bool:
    try:
        importlib.import_module(f"reference.{game}.fuzzing")
    except ImportError:
        return False
    return True


@pytest.mark.parametrize("game", game_names())
def test_fuzzing_the_reference_finds_nothing(game, tmp_path):
    if not generator_available(game):
        pytest.skip(f"reference/{game}/fuzzing.py does not exist yet")
    if not fuzz_cases.load_generator(game).KINDS:
        pytest.skip(f"reference/{game}/fuzzing.py generates no kind yet")
    report_file = tmp_path / "r.json"
    assert main(["fuzz", "--game", game, "--budget-cases", "20", "--json", str(report_file)]) == 0
    report = json.loads(report_file.read_text())
    assert report["compared"] == 20 and report["totals"]["failed"] == 0


def test_a_generator_that_fails_is_reported_per_case_and_the_run_goes_on(monkeypatch, tmp_path):
    def flaky(choose: Chooser, kind: str, options: dict) -> dict:
        if choose.below(2):
            raise ValueError("planted generator bug")
        return fake_generate(choose, kind, options)
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", SimpleNamespace(KINDS=("match",), generate=flaky))
    report_file = tmp_path / "r.json"
    assert fuzz("--budget-cases", "12", "--json", str(report_file)) == 1
    report = json.loads(report_file.read_text())
    errored = report["errors"]["examples"]
    assert errored and report["totals"]["passed"] == 12 - len(errored) == 12 - report["errors"]["count"]
    assert all("planted generator bug" in c["message"] and "generator" in c["message"] for c in errored)


def test_all_mutants_reports_the_cases_needed_and_the_shrunk_length(fake_generator, monkeypatch, tmp_path, capsys):
    import dataclasses

    from reference.core import game as game_module
    dominoes = game_module.get_game("dominoes")
    chosen = [m for m in dominoes.mutants() if m.name in ("draw-while-able", "refused-placement-drops-tile")]
    only_two = dataclasses.replace(dominoes, mutants=lambda: chosen)
    monkeypatch.setattr(game_module, "all_games", lambda: {"dominoes": only_two})
    summary = tmp_path / "mutants.json"
    code = fuzz("--all-mutants", "--budget-cases", "3", "--out", str(tmp_path / "out"), "--json", str(summary))
    printed = capsys.readouterr().out
    # the stand-in generator never plays a refused placement: that mutant survives, so exit 1
    assert code == 1 and "1 of 2 mutant(s) found" in printed
    rows = {row["mutant"]: row for row in json.loads(summary.read_text())["mutants"]}
    found = rows["draw-while-able"]
    assert found["found"] and 1 <= found["cases"] <= 3 and 1 <= found["shrunk_steps"] <= found["steps"]
    assert found["scenario"] and main(["verify", found["scenario"]]) == 0
    assert {k: rows["refused-placement-drops-tile"][k] for k in ("found", "cases")} == {"found": False, "cases": 3}


def test_a_case_kind_without_a_scenario_form_is_written_as_one_that_verifies(monkeypatch, tmp_path):
    """Domino scenarios have no probe kind; a probe replays as a match does. Observe steps
    without an expectation and values shared between steps must still make a valid file."""
    from reference.core.fuzz.scenario_out import scenario_data, write_scenario

    def with_observes(choose: Chooser, kind: str, options: dict) -> dict:
        made = fake_generate(choose, kind, options)
        steps = [s for step in made["input"]["steps"] for s in (step, {"action": "observe"})]
        return {**made, "input": {**made["input"], "steps": steps}}
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes",
                        SimpleNamespace(KINDS=("probe",), generate=with_observes))
    case, numbers = fuzz_cases.case_from_numbers("dominoes", "probe", {}, [0, 3], 12)
    assert len(case["input"]["steps"]) == 8
    mismatch = {"step": 6, "action": case["input"]["steps"][6]["action"], "key": "scores",
                "expected": "[0, 0]", "actual": "[1, 0]", "clauses": ["DOM-MATCH-1"]}
    path = write_scenario(tmp_path, scenario_data(case, mismatch, 12, numbers, "horserace fuzz ...", "test"))
    text = path.read_text()
    assert "kind: match" in text and "no probe kind" in text and "&id" not in text
    assert "note: observe (seat " in text
    assert main(["verify", str(path)]) == 0


def test_case_ids_are_valid_scenario_ids_for_every_game():
    from reference.core import schemas
    pattern = schemas.load_schema("common.schema.json")["$defs"]["caseId"]["pattern"]
    import re
    for game in game_names():
        for kind in fuzz_cases.load_generator(game).KINDS:
            assert re.fullmatch(pattern, fuzz_cases.case_id(game, kind, 123456789)), (game, kind)
    assert fuzz_cases.case_id("horse_fever", "probe", 5) == "fuzz-horse-fever-probe-5"


def test_an_interrupted_campaign_writes_what_ran_and_the_stream_loses_nothing(tmp_path):
    """Ctrl-C (SIGINT) in the middle of a long campaign: exit 130, the --json report holds the
    cases run (marked interrupted), and every one of them is in the --jsonl stream."""
    import signal
    import subprocess
    import time
    report, stream = tmp_path / "r.json", tmp_path / "cases.jsonl"
    process = subprocess.Popen([sys.executable, "-m", "horserace_cli.main", "fuzz", "--game", "dominoes",
                                "--kind", "settlement", "--budget-cases", "1000000", "--json", str(report),
                                "--jsonl", str(stream)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               preexec_fn=signals_as_a_terminal_gives_them)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not stream.exists() or stream.read_text().count("\n") < 20):
        time.sleep(0.1)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    written = json.loads(report.read_text())
    lines = [json.loads(line)["case"] for line in stream.read_text().splitlines()]
    assert written["run"]["interrupted"] == "SIGINT" and written["run"]["stop_reasons"] == ["interrupted by SIGINT"]
    assert len(lines) >= 20 and 0 <= written["cases"] - len(lines) <= 1      # the signal may fall between the two
    assert [c["index"] for c in lines] == list(range(len(lines)))
    assert written["ranges"] == [{"first": 0, "last": written["cases"] - 1, "step": 1}]
    assert b"Traceback" not in err


def test_a_seed_replayed_under_another_index_is_said(fake_generator, tmp_path, capsys):
    report_file = tmp_path / "r.json"
    seed = fuzz_cases.case_seed("dominoes", "match", 3)
    assert fuzz("--seed", str(seed), "--index", "3", "--json", str(report_file)) == 0
    assert "note" not in capsys.readouterr().err
    assert json.loads(report_file.read_text())["ranges"] == [{"first": 3, "last": 3, "step": 1}]
    assert fuzz("--seed", str(seed), "--index", "4", "--json", str(report_file)) == 0
    assert f"seed {seed} is not the seed of case 4" in capsys.readouterr().err
