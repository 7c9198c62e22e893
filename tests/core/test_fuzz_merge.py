"""`horserace merge-reports` on hostile input (issue 26, the merge-reports items): each input is
validated against the report schema first, with a clear error naming the file and the path in
it, never a traceback; overlapping or duplicate shards, a case kept twice and a campaign not run
whole are refused. The inputs are real `fuzz --json` shard reports, edited."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from horserace_cli.main import main
from reference.core.fuzz import cases as fuzz_cases
from tests.core.test_fuzz import FAKE

CAMPAIGN = ["--budget-cases", "6", "--seeds", "0..5", "--no-shrink"]


@pytest.fixture(scope="module")
def shards(tmp_path_factory) -> dict[str, dict]:
    """Shards 1/2 and 2/2 of a 6-case campaign, and the run of shard 1/2 of a campaign whose
    cases fail (every failure kept, for the tests that need a kept case)."""
    folder = tmp_path_factory.mktemp("merge")
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(fuzz_cases.OVERRIDES, "dominoes", FAKE)
        for i in (1, 2):
            assert main(["fuzz", "--game", "dominoes", *CAMPAIGN, "--shard", f"{i}/2",
                         "--json", str(folder / f"s{i}.json")]) == 0
        assert main(["fuzz", "--game", "dominoes", "--mutant", "draw-while-able", "--budget-cases", "6",
                     "--no-shrink", "--shard", "1/2", "--json", str(folder / "m1.json")]) == 1
    return {name: json.loads((folder / f"{name}.json").read_text()) for name in ("s1", "s2", "m1")}


def merge(tmp_path: Path, *reports: dict | str, raw: dict[str, str] | None = None) -> tuple[int, str]:
    names = []
    for n, report in enumerate(reports):
        path = tmp_path / f"in{n}.json"
        path.write_text(report if isinstance(report, str) else json.dumps(report), encoding="utf-8")
        names.append(str(path))
    out = tmp_path / "merged.json"
    return main(["merge-reports", *names, "-o", str(out)]), str(out)


def test_the_shards_merge_into_the_whole_campaign(shards, tmp_path, capsys):
    code, out = merge(tmp_path, shards["s2"], shards["s1"])
    assert code == 0
    merged = json.loads(Path(out).read_text())
    assert merged["ranges"] == [{"first": 0, "last": 5, "step": 1}] and merged["cases"] == 6
    assert merged["run"]["merged_from"] == ["1/2", "2/2"]


def edited(report: dict, change) -> dict:
    out = copy.deepcopy(report)
    change(out)
    return out


def set_path(report: dict, path: list, value) -> None:
    target = report
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


@pytest.mark.parametrize("path, value, said", [
    (["diagnoses"], [{"diagnosis": "DOM-DRAW-1", "label": "x", "count": 1, "first_index": 0, "examples": []}],
     "diagnoses[0].diagnosis"),
    (["coverage", "clauses"], {"DOM-DRAW-1": "3"}, "coverage.clauses.DOM-DRAW-1"),
    (["cases"], "3", "cases"),
    (["ranges"], [{"first": 0, "last": "4", "step": 2}], "ranges[0].last"),
    (["errors", "examples"], [{"index": 0}], "errors.examples[0]"),
    (["run", "shard"], "1/x", "run.shard"),
])
def test_an_input_that_is_not_a_report_is_named_with_its_path(shards, tmp_path, capsys, path, value, said):
    code, out = merge(tmp_path, edited(shards["s1"], lambda r: set_path(r, path, value)), shards["s2"])
    err = capsys.readouterr().err
    assert code == 2 and "in0.json" in err and said in err and "Traceback" not in err
    assert not Path(out).exists()


def test_a_mismatch_given_as_text_is_refused_with_its_path(shards, tmp_path, capsys):
    def text_mismatch(r):
        r["diagnoses"][0]["examples"][0]["mismatch"] = "scores differ"
    code, _ = merge(tmp_path, edited(shards["m1"], text_mismatch))
    err = capsys.readouterr().err
    assert code == 2 and "diagnoses[0].examples[0].mismatch" in err and "in0.json" in err


@pytest.mark.parametrize("text, said", [
    ("[" * 100_000 + "]" * 100_000, "nested deeper"),
    ('{"schema": 1, "schema": 2}', "duplicate key"),
    ('{"cases": NaN}', "not strict JSON"),
    ("{", "not JSON"),
    ("\xff", "not JSON"),
])
def test_malformed_json_is_a_clear_error(tmp_path, capsys, text, said):
    code, _ = merge(tmp_path, text)
    err = capsys.readouterr().err
    assert code == 2 and said in err and "in0.json" in err and "Traceback" not in err


def test_a_shard_given_twice_is_refused(shards, tmp_path, capsys):
    code, _ = merge(tmp_path, shards["s1"], shards["s1"], shards["s2"])
    assert code == 2 and "shard 1/2 is also" in capsys.readouterr().err


def test_overlapping_shards_are_refused(shards, tmp_path, capsys):
    # the second report claims the indices of shard 1 as well as its own
    def claims_more(r):
        r["ranges"] = [{"first": 0, "last": 5, "step": 1}]
        r["cases"] = 6
        r["totals"]["passed"] = 6
    code, _ = merge(tmp_path, shards["s1"], edited(shards["s2"], claims_more))
    err = capsys.readouterr().err
    assert code == 2 and "another shard" in err
    # a report of shard 2/2 that is a copy of shard 1/2's run: its indices overlap shard 1's
    code, _ = merge(tmp_path, shards["s1"], edited(shards["s1"], lambda r: set_path(r, ["run", "shard"], "2/2")))
    assert code == 2 and "another shard" in capsys.readouterr().err


def test_a_case_kept_twice_is_refused(shards, tmp_path, capsys):
    failing = shards["m1"]
    kept = failing["diagnoses"][0]["examples"][0]

    def same_case_in_shard_two(r):
        r["run"]["shard"] = "2/2"
        r["ranges"] = [{"first": 1, "last": 1, "step": 1}]
        r["diagnoses"][0]["examples"][0]["index"] = 1
        r["diagnoses"][0]["first_index"] = 1
    code, _ = merge(tmp_path, failing, edited(failing, same_case_in_shard_two))
    err = capsys.readouterr().err
    assert code == 2 and kept["id"] in err and "twice" in err


def test_shards_that_leave_cases_unrun_are_refused(shards, tmp_path, capsys):
    def stopped_early(r):        # shard 2/2 ran 1 and 3 but not 5
        r["ranges"] = [{"first": 1, "last": 3, "step": 2}]
        r["cases"] = 2
        r["totals"]["passed"] = 2
    code, _ = merge(tmp_path, shards["s1"], edited(shards["s2"], stopped_early))
    err = capsys.readouterr().err
    assert code == 2 and "ran 5 of the campaign's 6 case(s)" in err


def test_counts_that_disagree_with_the_ranges_are_refused(shards, tmp_path, capsys):
    code, _ = merge(tmp_path, shards["s1"], edited(shards["s2"], lambda r: set_path(r, ["cases"], 30)))
    assert code == 2 and "ranges hold 3" in capsys.readouterr().err


def test_a_missing_shard_is_refused(shards, tmp_path, capsys):
    code, _ = merge(tmp_path, shards["s1"])
    assert code == 2 and "2/2 missing" in capsys.readouterr().err


def test_shards_bounded_by_time_merge_with_the_indices_they_ran(tmp_path, monkeypatch):
    """Each shard stops on its own clock: no whole campaign to check, the merged ranges are what ran."""
    monkeypatch.setitem(fuzz_cases.OVERRIDES, "dominoes", FAKE)
    reports = []
    for i in (1, 2):
        path = tmp_path / f"t{i}.json"
        assert main(["fuzz", "--game", "dominoes", "--budget-seconds", "0.3", "--shard", f"{i}/2", "--no-shrink",
                     "--json", str(path)]) == 0
        reports.append(json.loads(path.read_text()))
    code, out = merge(tmp_path, *reports)
    assert code == 0
    merged = json.loads(Path(out).read_text())
    ran = sorted(i for r in reports for p in r["ranges"] for i in range(p["first"], p["last"] + 1, p["step"]))
    assert merged["cases"] == len(ran) == sum(r["cases"] for r in reports)
    assert sorted(i for p in merged["ranges"] for i in range(p["first"], p["last"] + 1, p["step"])) == ran
