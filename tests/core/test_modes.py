"""Leaving out a whole mode of play: each vector case with players carries its `mode` (dominoes
individual or partnership, Horse Fever the player count), and `check`, `fuzz` and the pytest
plugin select by it (`--mode individual`), counting the cases left out as deselected. The
expected modes are read from each case's own setup, as the rule texts define the modes."""

import json
import shlex
import sys

import pytest

from horserace_cli.main import main
from reference.core import schemas
from reference.core.vectors import case_totals, load_cases

pytest_plugins = ["pytester"]

ADAPTER = f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter"


@pytest.fixture(scope="module")
def settlements() -> list[dict]:
    return load_cases(["dominoes"], kinds=["settlement"])


def setup_players(case: dict) -> int | None:
    setup = case["input"]["setup"]
    return setup.get("players")


def test_every_case_with_players_carries_its_mode():
    for case in load_cases(["dominoes", "horse_fever", "cards"], validate=False):
        setup, players = case["input"]["setup"], setup_players(case)
        if case["game"] == "dominoes" and players is not None:
            # seats 0+2 against 1+3 only when the setup says so; the default is individual play
            assert case["mode"] == ("partnership" if setup.get("mode") == "partnership" else "individual"), case["id"]
        elif case["game"] == "horse_fever" and players is not None:
            assert case["mode"] == f"{players}-players", case["id"]
        else:                       # a layout, a race or the odds alone, and the card game: no mode
            assert "mode" not in case, case["id"]
    partnership = [c for c in load_cases(["dominoes"], validate=False) if c.get("mode") == "partnership"]
    assert len(partnership) > 300          # the issue counted 305 of 1,537 before this round's probes


def test_check_mode_leaves_out_the_other_modes_as_deselected(settlements, tmp_path, capsys):
    pairs = [c for c in settlements if c["input"]["setup"].get("mode") == "partnership"]
    report = tmp_path / "r.json"
    assert main(["check", "--game", "dominoes", "--kind", "settlement", "--mode", "individual",
                 "--json", str(report)]) == 0
    out = capsys.readouterr().out
    data = json.loads(report.read_text())
    assert schemas.schema_errors(data, "report.schema.json") == []
    assert data["selection"]["filters"]["mode"] == ["individual"]
    assert data["totals"]["passed"] == len(settlements) - len(pairs)
    assert {c["id"] for c in data["cases"]} == {c["id"] for c in settlements} - {c["id"] for c in pairs}
    # left out: the other kinds' cases, and the pairs
    assert data["selection"]["deselected"] == case_totals(["dominoes"])["dominoes"] - len(settlements) + len(pairs)
    assert "--mode individual" in out


def test_an_expected_failure_whose_cases_are_all_deselected_does_not_fail_the_run(tmp_path, capsys):
    # partner-pips-counted misreads DOM-SETTLE-6 (a pair's domino counts the partner's tiles too):
    # only partnership settlements fail, and the list expects that
    listed = tmp_path / "xfail.yaml"
    listed.write_text("- {clause: DOM-SETTLE-6, reason: partner's tiles counted}\n"
                      "- {id: dom-ex-settle-partner-excluded, reason: the same}\n", encoding="utf-8")
    mutant = ["--impl", f"{ADAPTER} --mutant partner-pips-counted", "--game", "dominoes", "--kind", "settlement",
              "--expected-failures", str(listed)]
    assert main(["check", *mutant]) == 0
    assert " xfailed" in capsys.readouterr().out
    assert main(["check", *mutant, "--mode", "individual"]) == 0
    out = capsys.readouterr().out
    assert "MATCHES NOTHING" not in out and "xfailed" not in out and "0 failed" in out


def test_an_unknown_mode_is_named_with_the_modes_of_the_game(capsys):
    assert main(["check", "--game", "dominoes", "--mode", "partners"]) == 2
    err = capsys.readouterr().err
    assert "unknown mode 'partners' (did you mean partnership?)" in err and "individual, partnership" in err
    assert main(["check", "--game", "horse_fever", "--mode", "7-players"]) == 2
    assert "2-players, 3-players, 4-players, 5-players, 6-players" in capsys.readouterr().err


def test_fuzz_mode_runs_only_that_mode_and_counts_the_rest_as_deselected(tmp_path, capsys):
    report, stream = tmp_path / "fuzz.json", tmp_path / "cases.jsonl"
    assert main(["fuzz", "--game", "dominoes", "--kind", "settlement", "--mode", "partnership",
                 "--budget-cases", "12", "--json", str(report), "--jsonl", str(stream),
                 "--out", str(tmp_path / "out")]) == 0
    data = json.loads(report.read_text())
    assert schemas.schema_errors(data, "fuzz-report.schema.json") == []
    assert data["campaign"]["modes"] == ["partnership"]
    cases = [json.loads(line)["case"] for line in stream.read_text().splitlines()]   # the report is an aggregate
    run = [c for c in cases if c["status"] != "deselected"]
    left_out = [c for c in cases if c["status"] == "deselected"]
    assert run and left_out and len(cases) == data["cases"] == 12   # three formats of four are not pairs
    assert data["totals"]["deselected"] == len(left_out) and data["totals"]["passed"] == len(run)
    assert all("mode individual: not selected" in c["message"] for c in left_out)
    assert f"{len(left_out)} deselected" in capsys.readouterr().out
    assert main(["fuzz", "--game", "cards", "--mode", "individual"]) == 2
    assert "the modes of cards are none" in capsys.readouterr().err


def test_the_plugin_deselects_the_cases_of_other_modes(pytester, settlements):
    individual = [c for c in settlements if c.get("mode") == "individual"]
    result = pytester.runpytest("--horserace-impl", ADAPTER, "--horserace-game", "dominoes",
                                "--horserace-kind", "settlement", "--horserace-mode", "individual", "-p", "no:xdist")
    result.assert_outcomes(passed=len(individual), deselected=len(settlements) - len(individual))
    result = pytester.runpytest("--horserace-impl", ADAPTER, "--horserace-game", "dominoes",
                                "--horserace-mode", "pairs")
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*unknown mode 'pairs'*individual, partnership*"])
    result = pytester.runpytest("--horserace-impl", ADAPTER, "--horserace-game", "domino")
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*--horserace-game domino: no such game (did you mean dominoes?)*"])
