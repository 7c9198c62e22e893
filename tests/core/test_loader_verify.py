"""`horserace verify` reports every bad file and goes on; a run that checks nothing fails."""

from __future__ import annotations

import shutil

from horserace_cli.main import main
from reference.core.errors import InternalError, ScenarioError
from reference.core.paths import SCENARIO_DIR
from reference.core.verify import verify_file

GOOD = SCENARIO_DIR / "dominoes" / "ex-settle-blocked-pairs.yaml"


def test_each_bad_file_is_reported_and_the_others_are_checked(tmp_path, capsys):
    (tmp_path / "a-unclosed.yaml").write_text("id: x\nsteps: [1\n", encoding="utf-8")
    (tmp_path / "b-latin1.yaml").write_bytes(b"id: caf\xe9\n")
    (tmp_path / "c-alias.yaml").write_text("id: &x y\ntitle: *x\n", encoding="utf-8")
    shutil.copy(GOOD, tmp_path / "d-good.yaml")
    (tmp_path / "e-tag.yaml").write_text("id: !!python/name:os.system\n", encoding="utf-8")
    assert main(["verify", str(tmp_path), str(tmp_path / "f-absent.yaml")]) == 1
    out = capsys.readouterr().out
    for name, words in [("a-unclosed", "a-unclosed.yaml:3:1: malformed YAML"),
                        ("b-latin1", "b-latin1.yaml:1:8: not UTF-8"),
                        ("c-alias", "c-alias.yaml:1:5:"), ("e-tag", "e-tag.yaml:1:5:"),
                        ("f-absent", "no such file")]:
        assert f"ERROR {tmp_path / name}.yaml" in out and words in out, (name, out)
    assert f"PASS {tmp_path / 'd-good.yaml'}" in out
    assert out.strip().splitlines()[-1].startswith("6 files, 4 checks: 1 passed, 0 failed, 5 errors")
    assert "Traceback" not in out


def test_no_file_selected_is_not_a_pass(tmp_path, capsys):
    assert main(["verify", str(tmp_path)]) == 1
    assert "no scenario files selected" in capsys.readouterr().out


def test_a_scenario_that_checks_nothing_is_an_error(tmp_path):
    text = GOOD.read_text(encoding="utf-8")
    start = text.index("    expect:")
    path = tmp_path / "unchecked.yaml"
    path.write_text(text[:start], encoding="utf-8")
    result = verify_file(path)
    assert isinstance(result.error, ScenarioError) and result.checks == 0
    assert "compares nothing" in str(result.error) and result.error.field == "steps"


def test_an_engine_crash_is_reported_for_its_file_and_the_run_goes_on(tmp_path, monkeypatch, capsys):
    from reference.core import scenario as scenario_module

    shutil.copy(GOOD, tmp_path / "a.yaml")
    shutil.copy(SCENARIO_DIR / "cards" / "ex-eighth-diamond.yaml", tmp_path / "b.yaml")
    original = scenario_module.Scenario.replay

    def crash_on_dominoes(self):
        if self.game.name == "dominoes":
            raise TypeError("'<' not supported between instances of 'str' and 'int'")
        yield from original(self)

    monkeypatch.setattr(scenario_module.Scenario, "replay", crash_on_dominoes)
    result = verify_file(tmp_path / "a.yaml")
    assert isinstance(result.error, InternalError) and "TypeError" in str(result.error)
    assert "a bug in the suite" in str(result.error) and "a.yaml" in str(result.error)
    assert main(["verify", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"ERROR {tmp_path / 'a.yaml'}" in out and f"PASS {tmp_path / 'b.yaml'}" in out
    assert "1 passed, 0 failed, 1 errors" in out


def test_closed_standard_output_is_not_a_pass():
    """`horserace verify | head -1`: the run cannot finish its report, so it must not exit 0."""
    import subprocess
    import sys

    process = subprocess.Popen([sys.executable, "-m", "horserace_cli.main", "verify"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.readline()
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert process.returncode == 1, err
    assert b"standard output was closed" in err and b"Traceback" not in err


def test_an_empty_object_where_only_given_fields_compare_is_an_error(tmp_path):
    source = (SCENARIO_DIR / "dominoes" / "wt-lone-double.yaml").read_text(encoding="utf-8")
    start = source.index("points: {")
    end = source.index("}", start) + 1
    path = tmp_path / "empty-points.yaml"
    path.write_text(source[:start] + "points: {}" + source[end:], encoding="utf-8")
    result = verify_file(path)
    assert isinstance(result.error, ScenarioError) and "compares nothing" in str(result.error)
    assert result.error.field.endswith("expect.points") and result.error.line == source.count("\n", 0, start) + 1
