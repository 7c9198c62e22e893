"""The command line: exit codes, the mismatch report and the replay narration."""

from horserace_cli.main import main
from reference.core.paths import SCENARIO_DIR

TURN_RULES = SCENARIO_DIR / "dominoes" / "match-turn-rules.yaml"


def test_verify_all_scenarios_passes(capsys):
    assert main(["verify", "-q"]) == 0
    out = capsys.readouterr().out
    assert "0 failed, 0 errors" in out


def test_verify_reports_the_first_mismatch_with_step_values_and_clauses(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(TURN_RULES.read_text().replace("scores: [4, 1]", "scores: [5, 1]"))
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out
    assert "step 10 (place 6|6 at 1|6 high)" in out
    assert "expected: [5, 1]" in out and "actual:   [4, 1]" in out
    assert "DOM-DRAW-4" in out


def test_verify_of_a_broken_file_is_an_error_line_not_a_traceback(tmp_path, capsys):
    bad = tmp_path / "broken.yaml"
    bad.write_text("id: [unclosed\n")
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "ERROR" in out and "malformed YAML" in out and "Traceback" not in out


def test_replay_narrates_turns_points_and_reasons(capsys):
    assert main(["replay", str(TURN_RULES)]) == 0
    out = capsys.readouterr().out
    assert "seat 0 continues: a scoring tile from hand" in out
    assert "a tile placed from the draw always ends the turn" in out
    assert "counted ends: 3|4:3 + 6|6:12 = 15" in out
    assert "refused under DOM-DRAW-1" in out


def test_replay_of_a_missing_file_is_a_clear_error(capsys):
    assert main(["replay", "no/such/file.yaml"]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "Traceback" not in err
