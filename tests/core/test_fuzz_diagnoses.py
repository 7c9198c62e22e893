"""Slip-free fuzzing (issue 24, item 3): a failure's diagnosis is its first divergence's
attributed clauses and differing keys; each diagnosis is a bug with its own shrunk
counterexample, and shrinking never slips from one bug to another.

The implementation under test is the reference adapter with two independent planted bugs:

- A: the seventh step's `turn` is wrong (a case needs 7 steps to show it);
- B: a case of at most three steps reports wrong `scores` at its first step.

The stand-in generator takes 1 to 12 steps of one generated domino match, so a case of 7 or
more steps fails with A and one of 3 or fewer with B. Shrinking an A case by any divergence
would slip to B (any prefix of 1 to 3 steps fails); kept to its diagnosis it stays at 7 steps.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from horserace_cli.main import main
from reference.core import schemas
from reference.core.fuzz import cases as fuzz_cases
from reference.core.fuzz.choices import Chooser
from reference.core.fuzz.diagnosis import Diagnosis, diagnosis_of
from tests.core.test_fuzz import INPUTS, adapter_with_fault

BASE = INPUTS[0]
MOST_STEPS = 12


def prefix_of_one_match(choose: Chooser, kind: str, options: dict) -> dict:
    steps = BASE["steps"][:1 + choose.below(MOST_STEPS)]
    return {"kind": kind, "options": options, "input": {"setup": BASE["setup"], "steps": steps}}


TWO_BUGS = adapter_with_fault("""
    steps = reply["steps"]
    if len(steps) > 6:                      # bug A
        steps[6]["turn"] = 7
    if len(steps) <= 3:                     # bug B
        steps[0]["scores"] = [99, 99]
""")

CAMPAIGN = ["--kind", "match", "--budget-cases", "24"]


@pytest.fixture(scope="module")
def two_bugs(tmp_path_factory):
    """The campaign run once against the two bugs: (report, printed summary, jsonl lines, folder)."""
    folder = tmp_path_factory.mktemp("two-bugs")
    script = folder / "two_bugs.py"
    script.write_text(TWO_BUGS, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(fuzz_cases.OVERRIDES, "dominoes", SimpleNamespace(KINDS=("match",), generate=prefix_of_one_match))
        capture = folder / "printed.txt"
        with capture.open("w") as stdout:
            patch.setattr(sys, "stdout", stdout)
            code = main(["fuzz", "--game", "dominoes", "--impl", f"{sys.executable} {script}", *CAMPAIGN,
                         "--json", str(folder / "r.json"), "--jsonl", str(folder / "cases.jsonl"),
                         "--out", str(folder / "out")])
    assert code == 1
    lines = [json.loads(line) for line in (folder / "cases.jsonl").read_text().splitlines()]
    return json.loads((folder / "r.json").read_text()), capture.read_text(), lines, folder


@pytest.fixture
def stand_in(monkeypatch):
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", SimpleNamespace(KINDS=("match",), generate=prefix_of_one_match))


def by_key(report: dict) -> dict[str, dict]:
    return {key: d for d in report["diagnoses"] for key in d["diagnosis"]["keys"]}


def test_two_independent_bugs_are_two_diagnoses(two_bugs):
    report, _, lines, _ = two_bugs
    assert sorted(tuple(d["diagnosis"]["keys"]) for d in report["diagnoses"]) == [("scores",), ("turn",)]
    a, b = by_key(report)["turn"], by_key(report)["scores"]
    cases = [line["case"] for line in lines if "case" in line]
    steps = {c["index"]: c["steps"] for c in cases}
    # every case of 7+ steps failed with A, every case of 3 or fewer with B, the others passed
    assert a["count"] == sum(s >= 7 for s in steps.values()) >= 2
    assert b["count"] == sum(s <= 3 for s in steps.values()) >= 2
    assert report["totals"]["failed"] == a["count"] + b["count"]
    assert report["totals"]["passed"] == sum(4 <= s <= 6 for s in steps.values())
    assert a["first_index"] == min(i for i, s in steps.items() if s >= 7)
    assert b["first_index"] == min(i for i, s in steps.items() if s <= 3)


def test_each_diagnosis_is_shrunk_to_its_own_counterexample_without_slipping(two_bugs):
    report, _, _, _ = two_bugs
    a, b = by_key(report)["turn"], by_key(report)["scores"]
    shrunk_a = a["examples"][0]["shrunk"]
    # A needs the seventh step: shorter prefixes fail too (with B) and were refused, not kept
    assert shrunk_a["steps"] == 7 and shrunk_a["mismatch"]["step"] == 6 and shrunk_a["mismatch"]["key"] == "turn"
    assert diagnosis_of(shrunk_a["mismatch"]) == Diagnosis.from_dict(a["diagnosis"])
    slipped = {tuple(o["diagnosis"]["keys"]) for o in shrunk_a["other_diagnoses"]}
    assert ("scores",) in slipped
    shrunk_b = b["examples"][0]["shrunk"]
    assert shrunk_b["steps"] == 1 and shrunk_b["numbers"] == [] and shrunk_b["mismatch"]["key"] == "scores"


def test_each_counterexample_verifies_and_its_replay_fails_with_its_diagnosis(two_bugs, stand_in, tmp_path, capsys):
    report, _, _, _ = two_bugs
    for record in report["diagnoses"]:
        example = record["examples"][0]
        scenario = Path(example["shrunk"]["scenario"])
        assert main(["verify", str(scenario)]) == 0        # the reference agrees with its expectations
        # the replay command runs the same case again, as the case of its campaign index
        words = shlex.split(example["replay"])
        assert words[:2] == ["horserace", "fuzz"] and words[words.index("--index") + 1] == str(example["index"])
        replay_file = tmp_path / f"replay-{example['index']}.json"
        assert main([*words[1:], "--json", str(replay_file), "--no-shrink"]) == 1
        replayed = json.loads(replay_file.read_text())
        assert replayed["ranges"] == [{"first": example["index"], "last": example["index"], "step": 1}]
        [again] = replayed["diagnoses"]
        assert again["diagnosis"] == record["diagnosis"] and again["first_index"] == example["index"]
        assert again["examples"][0]["id"] == example["id"]
    assert "no scenario written (--no-shrink)" in capsys.readouterr().out


def test_only_the_first_failures_of_a_diagnosis_are_shrunk(two_bugs):
    report, _, lines, _ = two_bugs
    counterexamples = [line["counterexample"] for line in lines if "counterexample" in line]
    assert len(counterexamples) == 2                               # one per diagnosis
    assert sorted(c["index"] for c in counterexamples) == sorted(d["first_index"] for d in report["diagnoses"])
    assert all(len(d["examples"]) == 1 for d in report["diagnoses"])
    assert len([line for line in lines if "case" in line]) == 24   # every case streamed


def test_the_summary_has_one_line_per_diagnosis_with_its_count_and_file(two_bugs):
    report, printed, _, _ = two_bugs
    for number, record in enumerate(report["diagnoses"], 1):
        [line] = [l for l in printed.splitlines() if l.startswith(f"  {number}. ")]
        assert record["label"] in line and f"{record['count']} case(s)" in line
        assert record["examples"][0]["shrunk"]["scenario"] in line


def test_max_examples_per_bug_shrinks_that_many_of_each(stand_in, tmp_path):
    script = tmp_path / "two_bugs.py"
    script.write_text(TWO_BUGS, encoding="utf-8")
    report_file = tmp_path / "r.json"
    assert main(["fuzz", "--game", "dominoes", "--impl", f"{sys.executable} {script}", *CAMPAIGN,
                 "--max-examples-per-bug", "2", "--json", str(report_file), "--out", str(tmp_path / "out")]) == 1
    report = json.loads(report_file.read_text())
    for record in report["diagnoses"]:
        examples = record["examples"]
        assert len(examples) == 2 and examples[0]["index"] == record["first_index"] < examples[1]["index"]
        assert all(Path(e["shrunk"]["scenario"]).is_file() for e in examples)
    assert len(list((tmp_path / "out").glob("*.yaml"))) == 4


def test_no_shrink_says_no_scenario_was_written(stand_in, tmp_path, capsys):
    script = tmp_path / "two_bugs.py"
    script.write_text(TWO_BUGS, encoding="utf-8")
    report_file = tmp_path / "r.json"
    assert main(["fuzz", "--game", "dominoes", "--impl", f"{sys.executable} {script}", *CAMPAIGN, "--no-shrink",
                 "--json", str(report_file), "--out", str(tmp_path / "out")]) == 1
    printed = capsys.readouterr().out
    report = json.loads(report_file.read_text())
    assert len(report["diagnoses"]) == 2 and not any("shrunk" in e for d in report["diagnoses"] for e in d["examples"])
    assert printed.count("no scenario written (--no-shrink)") >= 2 and not (tmp_path / "out").exists()


def test_the_jsonl_lines_follow_the_schema(two_bugs):
    _, _, lines, _ = two_bugs
    line_schema = {"$ref": "https://horserace.invalid/schema/fuzz-report.schema.json#/$defs/jsonlLine"}
    check = schemas.validator("fuzz-report.schema.json").evolve(schema=line_schema)
    for line in lines:
        assert not list(check.iter_errors(line)), line
    assert list(check.iter_errors({"case": {**lines[0]["case"], "index": "0"}}))


def test_shrinking_never_asks_the_implementation_the_same_case_twice(monkeypatch):
    """Many chooser lists make one case (a number is read modulo its range): the campaign knows a
    candidate by the numbers the generator used, so the implementation sees each case once."""
    from reference.core.adapter import answer_case
    from reference.core.fuzz.campaign import Campaign, Track, run_campaign
    from reference.core.protocol import case_message
    from reference.core.results import judge
    from reference.core.runner import new_result

    def wide_numbers(choose: Chooser, kind: str, options: dict) -> dict:
        steps = BASE["steps"][:1 + choose.below(2)]              # 1 or 2 steps
        choose.below(3)                                          # numbers that change nothing
        choose.below(3)
        return {"kind": kind, "options": options, "input": {"setup": BASE["setup"], "steps": steps}}
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", SimpleNamespace(KINDS=("match",), generate=wide_numbers))
    asked: list[str] = []

    def execute(cases, on_result):
        for case in cases:
            asked.append(json.dumps(case["input"], sort_keys=True))
            reply = answer_case(case_message(1, case))
            reply["steps"][0]["scores"] = [99, 99]               # every case fails, one diagnosis
            result = new_result(case)
            result.status, result.mismatch = judge(case, json.loads(json.dumps(reply["steps"])))
            on_result(result.bound())
        return {}
    seed = next(s for s in range(100) if Chooser.from_seed(s).below(2) == 1)   # a 2-step case
    run = run_campaign(Campaign("dominoes", [Track("match", {})], seed=seed), execute)
    assert run.tally.totals["failed"] == 1 and run.shrink_runs >= 1
    assert len(asked) == len(set(asked)) == 1 + run.shrink_runs     # the campaign case, then new cases only
    assert run.shrink_attempts > run.shrink_runs                     # lists that made a case already judged


def test_a_diagnosis_is_the_attributed_clauses_and_the_differing_keys():
    """Two failures differing in the same key but charged to different clauses are two bugs;
    the clauses are a set (sorted, once each, text only); a mismatch without clauses (none
    attributed, or an older report without the field) has the empty clause part."""
    one = diagnosis_of({"step": 3, "key": "scores", "clauses": ["DOM-SETTLE-3", "DOM-OPEN-1", "DOM-SETTLE-3", 7]})
    other = diagnosis_of({"step": 1, "key": "scores", "clauses": ["DOM-SETTLE-4"]})
    assert one == Diagnosis(("DOM-OPEN-1", "DOM-SETTLE-3"), ("scores",))
    assert other == Diagnosis(("DOM-SETTLE-4",), ("scores",)) and one != other
    assert one.label() == "DOM-OPEN-1, DOM-SETTLE-3 [scores]"
    for unattributed in ({"key": "scores"}, {"key": "scores", "clauses": None}, {"key": "scores", "clauses": []}):
        assert diagnosis_of(unattributed) == Diagnosis((), ("scores",))
    assert diagnosis_of(None) == diagnosis_of({}) == Diagnosis((), ())
