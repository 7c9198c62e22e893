"""Counterexamples a reader can use (issue 27, item 8): layout cases keep only the tiles they
need, steps say which seat acts, notes carry no absolute path, summaries have bounded lines."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml

from horserace_cli.main import main
from reference.core import schemas
from reference.core.fuzz import cases as fuzz_cases
from reference.core.fuzz.cases import case_from_numbers, case_from_seed, case_seed
from reference.core.fuzz.report import text_summary
from reference.core.fuzz.scenario_out import scenario_data, shown_command, write_scenario
from tests.core.test_fuzz import FAKE, FAKE_IMPL, INPUTS, adapter_with_fault

# A layout bug that needs two tiles on the table and a double placed: the implementation drops
# the last tile from `tiles` when the setup holds two tiles or more and the step places a double.
DOUBLE_ON_TWO_TILES = adapter_with_fault("""
    words = message["input"]["steps"][0]["action"].split()
    tile = words[1] if len(words) > 1 else ""
    if len(message["input"]["setup"].get("layout", [])) >= 2 and tile[:1] == tile[-1:] and "tiles" in reply["steps"][0]:
        reply["steps"][0]["tiles"] = reply["steps"][0]["tiles"][:-1]
""")


def test_a_layout_counterexample_keeps_only_the_tiles_it_needs(tmp_path):
    """Case 17 of a layout campaign has 21 tiles on the table and places a double: two tiles do.
    (Deleting one setup tile at a time, its count lowered with it, gets there; lowering the count
    or deleting numbers alone stopped at 16 tiles.)"""
    script = tmp_path / "double_on_two_tiles.py"
    script.write_text(DOUBLE_ON_TWO_TILES, encoding="utf-8")
    report_file = tmp_path / "r.json"
    assert main(["fuzz", "--game", "dominoes", "--kind", "layout", "--impl", f"{sys.executable} {script}",
                 "--seeds", "17..17", "--json", str(report_file), "--out", str(tmp_path / "out")]) == 1
    [diagnosis] = json.loads(report_file.read_text())["diagnoses"]
    example = diagnosis["examples"][0]
    original, _ = case_from_seed("dominoes", "layout", {}, case_seed("dominoes", "layout", example["index"]))
    assert len(original["input"]["setup"]["layout"]) >= 9
    scenario = Path(example["shrunk"]["scenario"])
    written = yaml.safe_load(scenario.read_text())
    assert len(written["setup"]["layout"]) == 2 and len(written["steps"]) == 1
    tile = written["steps"][0]["place"]
    assert tile[0] == tile[-1]                                         # a double, as the bug needs
    assert main(["verify", str(scenario)]) == 0


@pytest.fixture
def draw_and_observe(monkeypatch):
    """Nine steps of a generated match that draws at step 7, an observation after the draw."""
    base = INPUTS[2]
    assert base["steps"][7] == {"action": "draw"}

    def generate(choose, kind, options):
        steps = base["steps"][:8] + [{"action": "observe"}] + base["steps"][8:9]
        return {"kind": kind, "options": options, "input": {"setup": base["setup"], "steps": steps}}
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", SimpleNamespace(KINDS=("match",), generate=generate))
    case, numbers = case_from_numbers("dominoes", "match", {}, [], 3)
    return case, numbers


def test_steps_say_which_seat_acts_and_the_reference_agrees(draw_and_observe, tmp_path):
    case, numbers = draw_and_observe
    mismatch = {"step": 9, "action": case["input"]["steps"][9]["action"], "key": "scores", "expected": "[0, 0]",
                "actual": "[1, 0]", "clauses": ["DOM-PTS-1"]}
    data = scenario_data(case, mismatch, 3, numbers, "horserace fuzz ...", "test")
    steps = data["steps"]
    assert all("by" in step for step in steps if "place" in step or "draw" in step)
    assert steps[7] == {"draw": None, "by": steps[7]["by"]}
    assert steps[8]["note"].startswith("observe (seat ") and steps[8]["note"].endswith(" to play)")
    path = write_scenario(tmp_path, data)
    assert yaml.safe_load(path.read_text())["steps"][7]["by"] == steps[7]["by"]
    assert main(["verify", str(path)]) == 0
    # the seats are checked (DOM-TURN-1): the draw given to the other seat does not verify
    wrong = copy.deepcopy(data)
    wrong["steps"][7]["by"] = 1 - steps[7]["by"]
    from reference.core.fuzz.scenario_out import scenario_text, verification_problem
    assert verification_problem(scenario_text(wrong), "wrong.yaml") is not None


@pytest.mark.parametrize("command, cwd, shown", [
    ("/usr/bin/python3 /home/me/engine.py --fast", "/home/me", "python3 engine.py --fast"),
    ("/usr/bin/node /opt/engines/e.js", "/home/me", "node e.js"),
    ("./engine --seed=3", "/home/me", "./engine --seed=3"),
    ("horserace fuzz --impl '/usr/bin/node /work/x/e.js' --game dominoes", "/work",
     "horserace fuzz --impl 'node x/e.js' --game dominoes"),
    ("engine --log=/home/me/logs/run.txt", "/home/me", "engine --log=logs/run.txt"),
])
def test_commands_are_shown_without_absolute_paths(command, cwd, shown):
    assert shown_command(command, Path(cwd)) == shown


def test_the_notes_name_the_implementation_without_its_absolute_path(tmp_path, monkeypatch):
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", FAKE)
    engines = tmp_path / "engines"
    engines.mkdir()
    script = engines / "fake_impl.py"
    script.write_text(FAKE_IMPL, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    report_file = tmp_path / "r.json"
    impl = f"{sys.executable} {script} wrong-scores-at-step 2"
    assert main(["fuzz", "--game", "dominoes", "--impl", impl, "--budget-cases", "2", "--json", str(report_file),
                 "--out", "out"]) == 1
    example = json.loads(report_file.read_text())["diagnoses"][0]["examples"][0]
    text = Path(example["shrunk"]["scenario"]).read_text()
    notes = yaml.safe_load(text)["notes"]
    assert str(tmp_path) not in text and sys.executable not in text
    assert f"{Path(sys.executable).name} engines/fake_impl.py wrong-scores-at-step 2" in notes
    assert str(script) in example["replay"]                 # the report's replay command runs as given


def test_summary_lines_stay_bounded_however_many_diagnoses_and_files(monkeypatch, tmp_path):
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", FAKE)
    script = tmp_path / "fake_impl.py"
    script.write_text(FAKE_IMPL, encoding="utf-8")
    report_file = tmp_path / "r.json"
    assert main(["fuzz", "--game", "dominoes", "--impl", f"{sys.executable} {script} wrong-scores-at-step 2",
                 "--budget-cases", "2", "--max-examples-per-bug", "2", "--json", str(report_file),
                 "--out", str(tmp_path / "out")]) == 1
    report = json.loads(report_file.read_text())
    record = report["diagnoses"][0]
    many = []
    for n in range(150):       # 150 bugs, each charged to 40 clauses, each with two long file names
        clauses = [f"DOM-X-{n}-{k}" for k in range(40)]
        copied = copy.deepcopy(record)
        copied.update(diagnosis={"clauses": clauses, "keys": ["scores"]}, label=", ".join(clauses) + " [scores]",
                      first_index=n)
        for example in copied["examples"]:
            example["shrunk"]["scenario"] = str(tmp_path / ("a-very-long-folder-name" * 4) / f"case-{n}.yaml")
        many.append(copied)
    report["diagnoses"] = many
    assert not schemas.schema_errors(report, "fuzz-report.schema.json")
    lines = text_summary(report).splitlines()
    assert max(len(line) for line in lines) <= 600
    assert len([line for line in lines if line.startswith("  ") and ". DOM-X-" in line]) == 150
