"""Commands a new user reaches for: `replay` by scenario id, `--version`, a quiet `all` when
everything passes, `--label` to tell runs of one engine apart in every report, and paths in
generated pages that never show where the suite is installed."""

import json
import re
import shlex
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

import reference
from horserace_cli.commands import all as all_command
from horserace_cli.main import main
from reference.core import paths, schemas
from reference.core.game import get_game

ADAPTER = f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter"


def test_replay_takes_a_scenario_id_as_render_and_explain_do(capsys):
    assert main(["replay", "dom-wt-branch-opening"]) == 0
    by_id = capsys.readouterr().out
    assert main(["replay", str(paths.SCENARIO_DIR / "dominoes" / "wt-branch-opening.yaml")]) == 0
    assert capsys.readouterr().out == by_id and by_id.startswith("dom-wt-branch-opening: ")
    assert main(["replay", "dom-no-such-scenario"]) == 2
    err = capsys.readouterr().err
    assert "'dom-no-such-scenario' is neither a scenario file nor a scenario id" in err and "Traceback" not in err


def test_version_names_the_suite_and_protocol_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"horserace {reference.__version__} (protocol 1)\n"


@pytest.fixture()
def cheap_parts(monkeypatch):
    """`all` with two quick parts (the real ones take minutes): one prints a long table."""
    one = str(paths.SCENARIO_DIR / "dominoes" / "wt-lone-double.yaml")
    monkeypatch.setattr(all_command, "PARTS", [("scenarios replay", ["verify", "-q", one]),
                                               ("every clause covered or waived", ["coverage"])])


def test_all_prints_a_line_per_part_when_everything_passes(cheap_parts, capsys):
    assert main(["all"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3, out
    assert out[0].startswith("ok      horserace verify -q ") and out[0].endswith("1 passed, 0 failed, 0 errors")
    assert out[1].startswith("ok      horserace coverage (") and "every clause is covered" in out[1]
    assert out[2].startswith("all parts passed")
    assert main(["all", "-v"]) == 0                     # the coverage table, in full
    verbose = capsys.readouterr().out
    assert re.search(r"^  DOM-COUNT-1 +covered", verbose, re.M) and "== horserace coverage" in verbose


def test_all_prints_a_failing_part_in_full(monkeypatch, capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: [unclosed\n", encoding="utf-8")
    monkeypatch.setattr(all_command, "PARTS", [("every clause covered or waived", ["coverage"]),
                                               ("scenarios replay", ["verify", str(bad)])])
    assert main(["all"]) == 1
    out = capsys.readouterr().out
    assert f"== horserace verify {bad}: scenarios replay" in out and "malformed YAML" in out
    assert f"FAILED  horserace verify {bad}" in out and f"failed: verify {bad}" in out
    assert not re.search(r"^  DOM-COUNT-1 +covered", out, re.M)    # the passing part stays one line


def test_a_label_tells_runs_of_one_engine_apart_in_every_report(tmp_path, capsys):
    runs = {}
    for label in ("nightly-x86", "nightly-arm"):
        files = {kind: tmp_path / f"{label}.{kind}" for kind in ("json", "xml")}
        assert main(["check", "--id", "dom-wt-lone-double", "--label", label, "--json", str(files["json"]),
                     "--junit", str(files["xml"])]) == 0
        runs[label] = files
        report = json.loads(files["json"].read_text())
        assert report["label"] == label and schemas.schema_errors(report, "report.schema.json") == []
        junit = ElementTree.parse(files["xml"]).getroot()
        assert junit.get("name") == f"horserace {label}"
        assert {p.get("name"): p.get("value") for p in junit.find("properties")}["label"] == label
    capsys.readouterr()
    assert main(["report", *(str(f["json"]) for f in runs.values()), "-o", str(tmp_path / "both"),
                 "--site-url", "https://example.invalid/"]) == 0
    index = (tmp_path / "both" / "index.html").read_text()
    assert '<th class="impl">1. nightly-x86: horserace-reference' in index
    assert '<th class="impl">2. nightly-arm: horserace-reference' in index
    # fuzz reports carry it too
    fuzzed = tmp_path / "fuzz.json"
    assert main(["fuzz", "--game", "dominoes", "--kind", "layout", "--budget-cases", "2", "--label", "nightly-x86",
                 "--json", str(fuzzed), "--out", str(tmp_path / "out")]) == 0
    assert json.loads(fuzzed.read_text())["campaign"]["label"] == "nightly-x86"
    assert main(["check", "--id", "dom-wt-lone-double", "--label", "bad\x1blabel"]) == 2
    assert "--label" in capsys.readouterr().err


def test_paths_in_pages_are_relative_to_the_data_or_the_package_never_absolute(monkeypatch, tmp_path):
    # installed from a wheel, the data root is reference/suite_data inside site-packages and a
    # catalog lies beside it in its game's package: shown from the package's folder, as in a checkout
    catalog = get_game("dominoes").catalog_file
    monkeypatch.setattr(paths, "DATA_ROOT", paths.PACKAGE_DIR / "suite_data")
    assert paths.display_path(catalog) == "reference/dominoes/clauses.yaml"
    elsewhere = tmp_path / "x.yaml"
    elsewhere.write_text("")
    assert paths.display_path(elsewhere) == str(elsewhere)     # outside the suite: as given


def test_the_catalog_path_shown_on_a_site_index_is_relative(tmp_path):
    assert main(["site", "-o", str(tmp_path), "--game", "cards"]) == 0
    index = (tmp_path / "cards" / "index.html").read_text()
    assert "<code>reference/cards/clauses.yaml</code>" in index
    assert str(Path(reference.__file__).parent) not in index


def test_outside_a_checkout_the_data_is_the_packages_suite_data(tmp_path):
    """Installed from a wheel (no pyproject.toml, schema/ and vectors/ beside the package), every
    data folder is under reference/suite_data (paths.py's docstring; setup.py copies them there).
    The modules paths.py needs are copied into a bare folder and imported there, in a fresh process."""
    import os
    import shutil
    import subprocess
    package = tmp_path / "site" / "reference"
    (package / "core").mkdir(parents=True)
    shutil.copy(Path(reference.__file__), package / "__init__.py")
    for name in ("__init__.py", "version.py", "errors.py", "paths.py"):
        shutil.copy(Path(paths.__file__).parent / name, package / "core" / name)
    probe = ("from reference.core import paths as p; print(p.IN_CHECKOUT); "
             "print('|'.join(str(d) for d in (p.DATA_ROOT, p.SCHEMA_DIR, p.VECTORS_DIR, p.SCENARIO_DIR, p.EXAMPLES_DIR)))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(tmp_path / "site")}, timeout=60)
    assert done.returncode == 0, done.stderr
    in_checkout, folders = done.stdout.split("\n")[:2]
    data = package.resolve() / "suite_data"
    assert in_checkout == "False"
    assert folders.split("|") == [str(data), str(data / "schema"), str(data / "vectors"),
                                  str(data / "vectors" / "scenarios"), str(data / "examples")]
