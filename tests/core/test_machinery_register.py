"""The equivalents register of the machinery's mutation testing (tests/core/machinery_equivalents.yaml,
written by tools/machinery_mutants.py): every entry still points at code that exists, with a
one-line reason; and the helpers that identify a mutant without line numbers work."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_tool():
    spec = importlib.util.spec_from_file_location("machinery_mutants", ROOT / "tools" / "machinery_mutants.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("machinery_mutants", module)
    spec.loader.exec_module(module)
    return module


tool = load_tool()
REGISTER = tool.load_register()


def entry_name(entry: dict) -> str:
    return f"{entry.get('module', '?').removeprefix('reference/core/')}:{entry.get('function')}:{entry.get('code', '')[:40]}"


@pytest.mark.parametrize("entry", REGISTER, ids=[entry_name(e) for e in REGISTER])
def test_every_entry_points_at_code_that_exists_and_says_why(entry):
    assert tool.entry_problem(entry) == ""
    assert tool.repeats(entry) == 1, "the text stands more than once in the function: an entry would cover every copy"
    assert entry["operator"].startswith("core/") and entry["module"].startswith("reference/core/")
    assert len(entry["reason"]) >= 20, "a reason a reviewer can check, not a word"


def test_entries_are_listed_once_and_only_for_modules_the_command_measures():
    keys = [tuple(tool.register_keys([e]))[0] for e in REGISTER]
    assert len(keys) == len(set(keys))
    measured = {f"reference/core/{m}" for m in tool.AREAS}
    assert {e["module"] for e in REGISTER} <= measured


def test_every_area_names_test_files_that_exist():
    for module, area in tool.AREAS.items():
        assert (ROOT / "reference" / "core" / module).is_file(), module
        for test in area["tests"]:
            assert (ROOT / test).is_file(), f"{module}: {test}"
        source = (ROOT / "reference" / "core" / module).read_text(encoding="utf-8")
        defined = {name.split(".")[0] for name, _, _ in tool.definitions(source)}
        assert set(area.get("functions", ())) <= defined, module


def test_an_entry_whose_code_moved_away_is_reported(tmp_path):
    module = tmp_path / "reference" / "core" / "m.py"
    module.parent.mkdir(parents=True)
    module.write_text("def f(a, b):\n    if a > b:\n        return 1\n    return 0\n\n\nclass C:\n"
                      "    def g(self):\n        return [1]\n", encoding="utf-8")
    entry = {"module": "reference/core/m.py", "function": "f", "operator": "core/ReplaceComparisonOperator_Gt_GtE",
             "code": "if a > b:", "mutated": "if a >= b:", "reason": "a equals b never happens here, see the caller"}
    assert tool.entry_problem(entry, tmp_path) == ""
    assert tool.entry_problem({**entry, "function": "C.g", "code": "return [1]", "mutated": "return [2]"}, tmp_path) == ""
    assert "no function g" in tool.entry_problem({**entry, "function": "g"}, tmp_path)
    assert "no longer holds" in tool.entry_problem({**entry, "code": "if a < b:"}, tmp_path)
    assert "no longer holds" in tool.entry_problem({**entry, "function": "C.g"}, tmp_path)    # elsewhere in the file
    assert "does not exist" in tool.entry_problem({**entry, "module": "reference/core/gone.py"}, tmp_path)
    assert "missing reason" in tool.entry_problem({**entry, "reason": ""}, tmp_path)
    assert "one line" in tool.entry_problem({**entry, "reason": "a\nb"}, tmp_path)
    assert "same text" in tool.entry_problem({**entry, "mutated": " if a  > b:"}, tmp_path)


def test_a_mutant_is_named_by_its_function_and_text_not_by_its_line():
    source = "import x\n\nclass A:\n    @staticmethod\n    def f(v):\n        def inner():\n            return v + 1\n" \
             "        return inner\n\nTOP = 3\n"
    assert tool.enclosing(source, 7) == "A.f.inner"
    assert tool.enclosing(source, 4) == "A.f"             # a decorator belongs to its function
    assert tool.enclosing(source, 10) == "<module>"
    assert tool.function_source(source, "A.f.inner") == "        def inner():\n            return v + 1"
    assert tool.function_source(source, "nope") is None
    mutated = source.replace("v + 1", "v - 1")
    assert tool.changed_text(source, mutated) == (7, "return v + 1", "return v - 1")
    assert tool.fold("  a \n  b ") == "a b"


def test_mutants_inside_annotations_are_recognised_when_annotations_are_never_evaluated():
    lazy = "from __future__ import annotations\n\ndef f(a: int | None, *b: str) -> dict[str, int]:\n" \
           "    c: list[int] = [1 + 2]\n    return {}\n"
    spans = tool.annotation_spans(lazy)
    assert tool.in_annotation(spans, (3, 9)) and tool.in_annotation(spans, (3, 14))      # int | None
    assert tool.in_annotation(spans, (3, 36)) and not tool.in_annotation(spans, (3, 30))   # -> dict[...]
    assert tool.in_annotation(spans, (4, 7)) and not tool.in_annotation(spans, (4, 19))  # c: list, not 1 + 2
    eager = lazy.replace("from __future__ import annotations\n", "")
    assert tool.annotation_spans(eager) == []


def test_the_summary_scores_over_non_equivalent_mutants_and_lists_the_unregistered():
    def record(module, code, outcome):
        return {"module": module, "function": "f", "operator": "core/NumberReplacer", "code": code,
                "mutated": code + "1", "outcome": outcome}
    records = [record("reference/core/a.py", f"x = {i}", "killed") for i in range(8)] + [
        record("reference/core/a.py", "y = 1", "survived"), record("reference/core/a.py", "z = 1", "survived"),
        record("reference/core/a.py", "t = 1", "timeout"), record("reference/core/b.py", "w = 1", "survived")]
    register = [{k: v for k, v in records[8].items() if k != "outcome"} | {"reason": "why"}]
    rows, unlisted = tool.summarise(records, register)
    assert rows[0] == {"module": "reference/core/a.py", "mutants": 11, "killed": 9, "survived": 1, "equivalent": 1,
                       "score": 9 / 10}
    assert rows[1]["score"] == 0 and [r["code"] for r in unlisted] == ["z = 1", "w = 1"]
    table = tool.table(rows)
    assert "| reference/core/a.py | 11 | 9 | 1 | 1 | 90% |" in table and table.splitlines()[-1] == "| all | 12 | 9 | 2 | 1 | 82% |"


def test_the_scratch_copy_holds_the_checkout_and_is_not_the_checkout():
    import shutil
    shared = sorted((ROOT.parent / "shared").iterdir()) if (ROOT.parent / "shared").is_dir() else None
    copy = tool.scratch_copy()
    try:
        assert ROOT not in copy.parents and copy != ROOT
        for name in ("reference/core/expect.py", "tests/core/test_exact_compare.py", "pyproject.toml",
                     "tests/core/machinery_equivalents.yaml"):
            assert (copy / name).read_bytes() == (ROOT / name).read_bytes()
        if (ROOT.parent / "shared").is_dir():       # the rule texts beside it, as beside the checkout
            assert (copy.parent / "shared").resolve() == (ROOT.parent / "shared").resolve()
    finally:        # never more than the tool's own folder (a copy made elsewhere: only the copy)
        shutil.rmtree(copy.parent if copy.parent.name.startswith("horserace-mutants-") else copy)
    assert copy.parent.name.startswith("horserace-mutants-") and not copy.parent.exists()         # the folder goes whole; the link goes, not what it links to
    if shared is not None:
        assert sorted((ROOT.parent / "shared").iterdir()) == shared


def test_a_module_whose_area_fails_unmutated_is_not_measured_and_the_run_goes_on(tmp_path, monkeypatch, capsys):
    """One module refused (its area's tests fail without a mutant, e.g. a time limit on a loaded
    machine) must not lose what the other modules measured: --json keeps their outcomes and names
    the refused module, and the exit status is 1 (the run did not measure all it was asked)."""
    pytest.importorskip("cosmic_ray", reason="Cosmic Ray is a test extra: pip install -e '.[mutation]'")
    copy = tmp_path / "horserace-mutants-x" / "repo"
    copy.mkdir(parents=True)
    monkeypatch.setattr(tool, "scratch_copy", lambda: copy)
    monkeypatch.setattr(tool.signal, "signal", lambda *args: None)      # main's SIGTERM handler: not in pytest
    measured = {"module": "reference/core/log.py", "function": "f", "operator": "core/NumberReplacer",
                "code": "x = 1", "mutated": "x = 2", "occurrence": 0, "outcome": "killed"}

    def run_module(module, copy, sample, seed, records, **kwargs):
        if module == "expect.py":
            raise tool.AreaFails("expect.py: the tests of its area fail without a mutant:\nF")
        records.append(dict(measured))

    monkeypatch.setattr(tool, "run_module", run_module)
    out = tmp_path / "run.json"
    status = tool.main(["--module", "expect.py", "--module", "log.py", "--sample", "1", "--json", str(out)])
    saved = __import__("json").loads(out.read_text())
    assert status == 1 and saved["refused"] == ["expect.py"] and saved["mutants"] == [measured]
    printed = capsys.readouterr()
    assert "expect.py: not measured" in printed.err and "not measured, the tests of their area" in printed.out
    assert "| reference/core/log.py | 1 | 1 | 0 | 0 | 100% |" in printed.out
    # --again: a survivor of a refused module stays a survivor (not tested again is not killed)
    survivor = {**measured, "module": "reference/core/expect.py", "outcome": "survived"}
    saved = tmp_path / "saved.json"
    saved.write_text(__import__("json").dumps({"mutants": [survivor]}))
    copy.mkdir(parents=True)
    status = tool.main(["--again", str(saved), "--json", str(out)])
    again = __import__("json").loads(out.read_text())
    assert status == 1 and again["refused"] == ["expect.py"] and again["mutants"] == [survivor]


def test_with_cosmic_ray_every_entry_is_still_a_mutant_it_makes():
    pytest.importorskip("cosmic_ray", reason="Cosmic Ray is a test extra: pip install -e '.[mutation]'")
    assert tool.reproduced(REGISTER) == []
