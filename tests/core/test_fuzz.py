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

from horserace_cli.main import main
from reference.core.fuzz import cases as fuzz_cases
from reference.core.fuzz.choices import Chooser
from reference.core.fuzz.report import without_run
from reference.core.fuzz.shrink import shrink
from reference.core.paths import VECTORS_DIR


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

# a shrinker or campaign that loops fails the test in 60 s (tests/conftest.py) instead of hanging the run
pytestmark = pytest.mark.usefixtures("time_limit")

# The fake implementation: the reference adapter with one planted fault.
FAKE_IMPL = textwrap.dedent("""
    import json, sys
    from reference.core.adapter import answer_case, hello_reply
    mode, at = sys.argv[1], int(sys.argv[2])
    for raw in sys.stdin.buffer:
        message = json.loads(raw)
        if message["type"] == "bye":
            break
        if message["type"] == "hello":
            reply = hello_reply(["dominoes"])
        else:
            reply = answer_case(message)
            if mode == "wrong-scores-at-step" and len(reply["steps"]) > at and "scores" in reply["steps"][at]:
                reply["steps"][at]["scores"] = [99, 99]
            if mode == "crash-at-seq" and message["seq"] == at:
                sys.exit(3)
        sys.stdout.write(json.dumps(reply) + "\\n")
        sys.stdout.flush()
""")


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


# -- comparison, shrinking and the counterexample, through the runner ----------------------------

def test_a_planted_divergence_is_attributed_shrunk_and_written_as_a_verifying_scenario(
        fake_generator, fake_impl, tmp_path, capsys):
    report_file, out = tmp_path / "r.json", tmp_path / "out"
    code = fuzz("--impl", fake_impl("wrong-scores-at-step", 2), "--budget-cases", "3",
                "--json", str(report_file), "--junit", str(tmp_path / "r.xml"), "--out", str(out))
    printed = capsys.readouterr().out
    assert code == 1
    report = json.loads(report_file.read_text())
    failed = [c for c in report["cases"] if c["status"] == "failed"]
    assert failed and report["totals"]["failed"] == len(failed)
    first = failed[0]
    m = first["mismatch"]
    assert m["step"] == 2 and m["key"] == "scores" and "[99, 99]" in m["actual"]
    assert m["clauses"]                                     # attributed, as check attributes
    # shrunk: the first base match (number 0) cut to the 3 steps the fault needs (number 2)
    assert first["shrunk"]["numbers"] == [0, 2] and first["shrunk"]["steps"] == 3
    scenario = Path(first["shrunk"]["scenario"])
    assert scenario.is_file()
    assert f"--seed {first['seed']}" in first["replay"] and "--kind match" in first["replay"]
    assert first["replay"] in printed and str(scenario) in printed
    for clause in first["shrunk"]["mismatch"]["clauses"]:
        assert clause in report["clauses"] and str(scenario) in report["clauses"][clause]["scenarios"]
    # the scenario passes verify against the reference and names the seed and both answers
    assert main(["verify", str(scenario)]) == 0
    text = scenario.read_text()
    assert str(first["seed"]) in text and "[99, 99]" in text
    # JUnit: one test case per campaign case, the failing ones with the divergence and the file
    from xml.etree import ElementTree as ET
    testcases = ET.parse(tmp_path / "r.xml").getroot().findall(".//testcase")
    assert [t.get("name") for t in testcases] == [c["id"] for c in report["cases"]]
    failures = [t.find("failure") for t in testcases if t.find("failure") is not None]
    assert len(failures) == len(failed) and "scores" in failures[0].text and str(scenario) in failures[0].text


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
    failed = [c for c in json.loads(report_file.read_text())["cases"] if c["status"] == "failed"]
    assert failed and any(c["steps"] < most for c in failed)
    for case in failed:
        assert case["shrunk"]["steps"] <= case["steps"], case


def test_a_crashing_implementation_is_reported_and_the_run_goes_on(fake_generator, fake_impl, tmp_path):
    report_file = tmp_path / "r.json"
    assert fuzz("--impl", fake_impl("crash-at-seq", 2), "--budget-cases", "4", "--no-shrink",
                "--json", str(report_file)) == 1
    report = json.loads(report_file.read_text())
    statuses = [c["status"] for c in report["cases"]]
    assert statuses == ["passed", "errored", "passed", "passed"]
    assert "exit" in report["cases"][1]["message"]
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
    assert [c["index"] for c in whole["cases"]] == list(range(3, 10))
    assert text("merged.json") == text("all.json") == text("again.json")
    assert [len(json.loads((shard_reports / f"s{i}.json").read_text())["cases"]) for i in (1, 2, 3)] == [3, 2, 2]   # 3,6,9 | 4,7 | 5,8


def test_merge_refuses_a_missing_or_repeated_shard(shard_reports, tmp_path, capsys):
    s1, s2 = (str(shard_reports / f"s{i}.json") for i in (1, 2))
    assert main(["merge-reports", s1, s2, "-o", str(tmp_path / "m.json")]) == 2
    assert "3/3 missing" in capsys.readouterr().err
    assert main(["merge-reports", s1, s1, "-o", str(tmp_path / "m.json")]) == 2
    assert not (tmp_path / "m.json").exists()


def test_option_all_makes_one_track_per_value_the_implementation_offers(fake_generator, tmp_path):
    report_file = tmp_path / "r.json"
    assert fuzz("--option", "opening_continues=all", "--option", "symmetric_points=canonical",
                "--budget-cases", "4", "--no-shrink", "--json", str(report_file)) == 0
    report = json.loads(report_file.read_text())
    # the reference offers opening_continues true (the default, so not named) and false
    assert report["campaign"]["tracks"] == [
        {"kind": "match", "options": {"symmetric_points": "canonical"}},
        {"kind": "match", "options": {"opening_continues": False, "symmetric_points": "canonical"}}]
    assert [c.get("options", {}).get("opening_continues") for c in report["cases"]] == [None, False, None, False]


# -- bad arguments -------------------------------------------------------------------------

@pytest.mark.parametrize("args, said", [
    (["--shard", "4/3"], "--shard"),
    (["--seeds", "9..2"], "--seeds"),
    (["--option", "nonsense"], "NAME=VALUE"),
    (["--option", "no_such_option=1"], "no option"),
    (["--kind", "perft"], "generator makes match"),
    (["--budget-cases", "0"], "--budget-cases"),
    (["--seed", "5", "--shard", "1/2"], "--seed"),
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


@pytest.mark.parametrize("game", ["dominoes", "cards", "horse_fever"])
def test_fuzzing_the_reference_finds_nothing(game, tmp_path):
    if not generator_available(game):
        pytest.skip(f"reference/{game}/fuzzing.py does not exist yet")
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
    errored = [c for c in report["cases"] if c["status"] == "errored"]
    assert errored and report["totals"]["passed"] == 12 - len(errored)
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
    assert "note: observe" in text
    assert main(["verify", str(path)]) == 0


def test_case_ids_are_valid_scenario_ids_for_every_game():
    from reference.core import schemas
    pattern = schemas.load_schema("common.schema.json")["$defs"]["caseId"]["pattern"]
    import re
    for game, kind in (("horse_fever", "probe"), ("dominoes", "match"), ("cards", "race")):
        assert re.fullmatch(pattern, fuzz_cases.case_id(game, kind, 123456789)), game
    assert fuzz_cases.case_id("horse_fever", "probe", 5) == "fuzz-horse-fever-probe-5"
