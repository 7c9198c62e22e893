"""Hostile files given to the suite (issue 26, items 4 to 6): vector files and their manifest
changed after generation, and JSON reports given to `horserace report`. Each is refused by the
command with exit status 2 and a message naming the file (and the field, where there is one),
never a traceback; or, where modified vectors are allowed, checked as it is. Pages written
from a report link only http(s) or relative addresses."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from horserace_cli.main import main
from reference.core import vectors

CASE = "dom-wt-lone-double"          # a layout case: one step, answered in milliseconds
SELECT = ["--game", "dominoes", "--kind", "layout", "--id", CASE]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A copy of the committed dominoes vectors and the manifest, as the vectors folder."""
    copy = tmp_path / "vectors"
    shutil.copytree(vectors.VECTORS_DIR / "dominoes", copy / "dominoes")
    shutil.copy(vectors.manifest_path(), copy / vectors.MANIFEST_NAME)
    monkeypatch.setattr(vectors, "VECTORS_DIR", copy)
    return copy


def check(capsys, *extra):
    code = main(["check", *SELECT, *extra])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def layout_lines(folder):
    return (folder / "dominoes" / "layout.json").read_text(encoding="utf-8").split("\n")


def write_layout(folder, lines):
    (folder / "dominoes" / "layout.json").write_text("\n".join(lines), encoding="utf-8")


def test_the_copy_checks_green(folder, capsys):
    code, out, _ = check(capsys)
    assert code == 0 and "compared 1 of 1 cases (100%)" in out


def test_removed_cases_with_a_stale_hash_are_refused(folder, capsys):
    """A case removed, the header's count and the commas kept consistent: the manifest's hash no
    longer matches. Allowed, the file is checked as it is."""
    before = int(re.search(r"(\d+) deselected", check(capsys)[1]).group(1))
    lines = layout_lines(folder)
    start = lines.index(vectors.CASES_OPEN) + 1
    count = lines.index(vectors.CASES_CLOSE) - start
    victim = next(i for i in range(start, start + count - 1) if CASE not in lines[i])
    del lines[victim]
    write_layout(folder, [line.replace(f'"case_count": {count},', f'"case_count": {count - 1},') for line in lines])
    code, _, err = check(capsys)
    assert code == 2
    assert f"{folder / 'dominoes' / 'layout.json'}: its SHA-256 differs from the one" in err
    assert "--allow-modified-vectors" in err
    code, out, _ = check(capsys, "--allow-modified-vectors")
    assert code == 0 and f"{before - 1} deselected" in out          # the cases the file now holds


def test_a_removed_file_is_refused(folder, capsys):
    (folder / "dominoes" / "settlement.json").unlink()
    assert main(["check", "--game", "dominoes", "--id", CASE]) == 2
    err = capsys.readouterr().err
    assert "settlement.json: listed in" in err and "but missing" in err and "Traceback" not in err
    assert check(capsys)[0] == 0                  # a selection of another kind is not concerned


def test_a_file_holding_none_of_the_ids_asked_for_is_not_used(folder, capsys, monkeypatch):
    """`check --id X` reads, verifies and parses only the file that holds X: another file, even
    one changed after generation, is not used by the run. Asked for by a glob, every file of the
    selection is read and verified."""
    settlement = folder / "dominoes" / "settlement.json"
    settlement.write_text(settlement.read_text(encoding="utf-8").replace('"bonus":[3,0]', '"bonus":[4,0]', 1),
                          encoding="utf-8")
    verified = []
    real = vectors.verify_file
    monkeypatch.setattr(vectors, "verify_file", lambda path, *rest: verified.append(path.name) or real(path, *rest))
    assert main(["check", "--game", "dominoes", "--id", CASE]) == 0
    assert verified == ["layout.json"]
    assert main(["check", "--game", "dominoes", "--id", "dom-wt-lone-doubl?"]) == 2
    assert "settlement.json: its SHA-256 differs" in capsys.readouterr().err


def test_a_key_given_twice_in_a_vector_file_is_refused_at_its_line(folder, capsys):
    lines = layout_lines(folder)
    number = next(i for i, line in enumerate(lines) if CASE in line)
    lines[number] = lines[number].replace('{"id":', '{"kind":"layout","id":', 1)
    write_layout(folder, lines)
    assert "its SHA-256 differs" in check(capsys)[2]            # refused by its hash first
    code, _, err = check(capsys, "--allow-modified-vectors")
    assert code == 2
    assert f"layout.json:{number + 1}: cases[" in err and 'duplicate key "kind" in one object' in err


@pytest.mark.parametrize("text, cause", [
    ("[" * 100_000 + "]" * 100_000, "nested deeper than 4 levels"),
    ('{"schema_sha256": "", "files": {}, "files": {}}', 'duplicate key "files" in one object'),
    ("", "not JSON"),
])
def test_a_manifest_that_is_not_one_is_refused(folder, capsys, text, cause):
    (folder / vectors.MANIFEST_NAME).write_text(text, encoding="utf-8")
    code, _, err = check(capsys)
    assert code == 2 and f"{folder / 'MANIFEST.json'}: " in err and cause in err
    assert check(capsys, "--allow-modified-vectors")[0] == 0


def test_a_stale_manifest_entry_is_refused(folder, capsys):
    manifest = folder / vectors.MANIFEST_NAME
    data = json.loads(manifest.read_text())
    data["files"]["dominoes/layout.json"]["sha256"] = "0" * 64
    manifest.write_text(json.dumps(data))
    code, _, err = check(capsys)
    assert code == 2 and "layout.json: its SHA-256 differs" in err


# -- JSON reports given to `horserace report` ----------------------------------------------------

@pytest.fixture(scope="module")
def good_report(tmp_path_factory) -> dict:
    """A real `check --json` report of one failing case (the reference adapter with its answer
    changed is not needed: a report that validates is all `report` reads)."""
    folder = tmp_path_factory.mktemp("report")
    path = folder / "r.json"
    assert main(["check", *SELECT, "--json", str(path)]) == 0
    report = json.loads(path.read_text())
    report["cases"][0].update(status="failed", mismatch={"step": 0, "action": "place 2|2", "key": "end_sum",
                                                         "expected": "4", "actual": "5"})
    return report


def write_report(tmp_path, report_text: str) -> Path:
    path = tmp_path / "hostile.json"
    path.write_text(report_text, encoding="utf-8")
    return path


def hostile_variants(good: dict) -> list[tuple[str, str, str]]:
    """(name, the report's text, what the refusal names)."""
    deep = json.loads(json.dumps(good))
    text = json.dumps(deep)
    mismatch_string = json.loads(text)
    mismatch_string["cases"][0]["mismatch"] = "it differs"
    cell_string = json.loads(text)
    cell_string["clauses"][next(iter(cell_string["clauses"]))] = "3 failed"
    case_string = json.loads(text)
    case_string["cases"].append("a case")
    return [
        ("deep nesting", text.replace('"message"', '"x": ' + "[" * 50_000 + "]" * 50_000 + ', "message"', 1)
         if '"message"' in text else text[:-1] + ', "x": ' + "[" * 50_000 + "]" * 50_000 + "}", "nested deeper than 64"),
        ("mismatch as a string", json.dumps(mismatch_string), "cases[0].mismatch: 'it differs' is not of type 'object'"),
        ("a clause cell as a string", json.dumps(cell_string), "is not of type 'object'"),
        ("a case as a string", json.dumps(case_string), "cases[1]: 'a case' is not of type 'object'"),
        ("a key twice", text.replace('"cases": [', '"cases": [], "cases": [', 1), 'duplicate key "cases"'),
        ("NaN", text.replace('"seconds": ', '"seconds": NaN, "s": ', 1), "NaN is not JSON"),
        ("a lone surrogate", text.replace('"command": "', '"command": "\\ud800', 1), "a lone surrogate \\ud800"),
        ("not an object", "[1, 2]", "(root): [1, 2] is not of type 'object'"),
        ("a huge integer", text.replace('"starts": ', '"starts": ' + "9" * 5000 + ', "s": ', 1), "too many digits"),
    ]


def test_hostile_reports_are_refused_naming_the_file_and_the_field(tmp_path, capsys, good_report):
    for name, text, cause in hostile_variants(good_report):
        path = write_report(tmp_path, text)
        code = main(["report", str(path), "-o", str(tmp_path / "html")])
        err = capsys.readouterr().err
        assert code == 2, name
        assert f"{path}" in err and cause in err and "Traceback" not in err, (name, err)
        assert len(err) < 1000, name


def hrefs(folder: Path) -> list[str]:
    return [href for page in folder.glob("*.html")
            for href in re.findall(r'href="([^"]*)"', page.read_text(encoding="utf-8"))]


def test_report_pages_link_only_http_or_relative_addresses(tmp_path, capsys, good_report):
    """A report with a case whose game is a script address (beside a real case, so the vectors are
    read and its id found): with `--site-url ''` its scenario link would read `javascript:...`;
    the game is a quoted path segment instead."""
    hostile = json.loads(json.dumps(good_report))
    hostile["cases"].append(dict(hostile["cases"][0], game="javascript:alert(document.domain)//"))
    path = write_report(tmp_path, json.dumps(hostile))
    for site_url in ("", "https://example.invalid/suite", "pages/"):
        out = tmp_path / f"html-{len(site_url)}"
        assert main(["report", str(path), "-o", str(out), "--site-url", site_url]) == 0
        links = hrefs(out)
        assert links and any("javascript" in link for link in links)      # the game is there, quoted
        for link in links:
            assert urlsplit(link).scheme in ("", "https"), link
    capsys.readouterr()


@pytest.mark.parametrize("site_url", ["javascript:alert(1)", "java\tscript:alert(1)", " javascript:alert(1)",
                                      "data:text/html,<b>x</b>", "//evil.invalid/", "http:", "file:///etc/"])
def test_a_site_url_that_is_not_http_or_relative_is_refused(tmp_path, capsys, good_report, site_url):
    path = write_report(tmp_path, json.dumps(good_report))
    assert main(["report", str(path), "-o", str(tmp_path / "html"), "--site-url", site_url]) == 2
    err = capsys.readouterr().err
    assert "--site-url" in err and "Traceback" not in err
