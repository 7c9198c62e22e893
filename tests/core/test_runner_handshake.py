"""The handshake says what an implementation can honestly do (observations per kind, only some
option values, integer ranges), and every report says what the run left out (deselected)."""

import json
import shlex
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from horserace_cli.main import main
from reference.core.adapter import answer_case, hello_reply
from reference.core.protocol import case_message
from reference.core.runner import offers, run_cases, unsupported_options
from reference.core.vectors import load_cases

FAKE = Path(__file__).parent / "fakes" / "fake_impl.py"
IDS = ["dom-ex-settle-seventeen", "dom-wt-lone-double", "dom-ex-sixty-plus-two", "dom-gen1-layout-001"]


@pytest.fixture(scope="module")
def cases():
    by_id = {c["id"]: c for c in load_cases(["dominoes"], wanted=set(IDS).__contains__)}
    return [by_id[i] for i in IDS]


def good_fake(tmp_path, cases, **game_changes):
    """The fake implementation answering as the reference does, with its hello changed."""
    hello = hello_reply(["dominoes"])
    hello["games"]["dominoes"].update(game_changes)
    path = tmp_path / "answers.json"
    path.write_text(json.dumps({"hello": hello, "answers": {c["id"]: answer_case(case_message(1, c)) for c in cases}}))
    # -S: answering from FAKE_ANSWERS, the fake needs nothing from site-packages (a quicker start)
    return f"env FAKE_ANSWERS={shlex.quote(str(path))} {shlex.quote(sys.executable)} -S {shlex.quote(str(FAKE))} good 0"


def test_keys_an_implementation_does_not_produce_are_not_compared(tmp_path, cases):
    impl = good_fake(tmp_path, cases, observations={"settlement": ["scores", "events"]})
    results, _ = run_cases(impl, cases[:2])
    assert [r.status for r in results] == ["passed-partial", "passed"]
    assert results[0].not_compared == ["match_winners", "next_opener", "settlement"]
    assert "3 key(s) not compared" in results[0].message


def test_a_produced_key_that_differs_still_fails(tmp_path, cases):
    impl = good_fake(tmp_path, cases, observations={"settlement": ["scores"]})
    wrong = dict(cases[0], expected=[dict(cases[0]["expected"][0], scores=[0, 0])])
    results, _ = run_cases(impl, [wrong])
    assert results[0].status == "failed" and results[0].mismatch["key"] == "scores"


def test_a_key_left_out_is_not_compared_even_if_wrong(tmp_path, cases):
    impl = good_fake(tmp_path, cases, observations={"settlement": ["scores", "events", "settlement"]})
    wrong = dict(cases[0], expected=[dict(cases[0]["expected"][0], next_opener=1)])
    results, _ = run_cases(impl, [wrong])
    assert results[0].status == "passed-partial"


def test_an_implementation_of_the_alternative_reading_only_skips_the_default_cases(tmp_path, cases):
    impl = good_fake(tmp_path, cases, options={"continuation": ["optional"]})
    results, _ = run_cases(impl, cases[:1])
    assert results[0].status == "skipped"
    assert "needs option continuation at its default 'compulsory'" in results[0].message


def test_options_offered_by_value_or_integer_range():
    assert offers([{"min": 5, "max": 30}], 20) and not offers([{"min": 5, "max": 30}], 31)
    assert not offers([{"min": 0, "max": 3}], True)           # true is not 1
    assert not offers([1], True) and offers(["net"], "net")
    case = {"game": "cards", "options": {"starting_balance": 5}}
    assert unsupported_options(case, {"starting_balance": [{"min": 1, "max": 100}]}) is None
    assert "default 20" in unsupported_options({"game": "cards", "options": {}},
                                               {"starting_balance": [{"min": 1, "max": 10}]})
    assert "bank_cover='net' is not offered" in unsupported_options(
        {"game": "cards", "options": {"bank_cover": "net"}}, {"bank_cover": ["gross"]})
    assert "is not offered" in unsupported_options({"game": "cards", "options": {"bank_cover": "net"}}, {})


def use_only(monkeypatch, cases):
    """`horserace check` sees these cases as the whole suite (selected, counted and known)."""
    from horserace_cli.commands import check

    def totals(games=None):
        out = {}
        for c in cases:
            if not games or c["game"] in games:
                out[c["game"]] = out.get(c["game"], 0) + 1
        return out
    monkeypatch.setattr(check, "load_selected", lambda selection: [c for c in cases if selection.keep(c)])
    monkeypatch.setattr(check, "case_totals", totals)
    monkeypatch.setattr(check, "load_cases", lambda games=None, validate=True: cases)


def test_deselected_cases_are_counted_in_every_report(tmp_path, capsys, cases, monkeypatch):
    use_only(monkeypatch, cases)
    impl = good_fake(tmp_path, cases)
    code = main(["check", "--impl", impl, "--skip-flag", "illegal-action", "--kind", "layout",
                 "--json", str(tmp_path / "r.json"), "--junit", str(tmp_path / "r.xml")])
    out = capsys.readouterr().out
    assert code == 0
    assert "2 deselected" in out and "--skip-flag illegal-action" in out
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["selection"] == {"filters": {"kind": ["layout"], "skip_flag": ["illegal-action"]},
                                 "deselected": 2, "deselected_by_game": {"dominoes": 2}}
    assert data["implementation"]["games"]["dominoes"]["kinds"]
    junit = ElementTree.parse(tmp_path / "r.xml").getroot()
    properties = {p.get("name"): p.get("value") for p in junit.find("properties")}
    assert properties["deselected"] == "2" and properties["filter.skip_flag"] == "illegal-action"
    assert "horserace-reference" in properties["implementation"]


def test_a_selection_of_nothing_compares_nothing(tmp_path, capsys, cases, monkeypatch):
    use_only(monkeypatch, cases)
    assert main(["check", "--impl", good_fake(tmp_path, cases), "--kind", "perft"]) == 1
    assert "4 deselected" in capsys.readouterr().err
    assert main(["check", "--impl", good_fake(tmp_path, cases), "--kind", "perft", "--allow-empty"]) == 0


def test_an_expected_failures_entry_that_matches_nothing_fails_the_run(tmp_path, capsys, cases, monkeypatch):
    use_only(monkeypatch, cases)
    xfail = tmp_path / "xfail.yaml"
    xfail.write_text("- id: dom-ex-settle-sevnteen\n  reason: a typo must not pass\n")
    code = main(["check", "--impl", good_fake(tmp_path, cases), "--game", "dominoes",
                 "--expected-failures", str(xfail), "--json", str(tmp_path / "r.json")])
    assert code == 1
    assert "matches no case" in capsys.readouterr().out
    assert json.loads((tmp_path / "r.json").read_text())["expected_failures_unmatched"]
