"""The HTML report (`horserace check --html`, `horserace report`): the dashboard's clause matrix,
each failure's step, field diffs, charged clauses with their text and sources, links to the
scenario page and diagram; checked in Python and in headless Chromium (skipped with a message
when it is absent).

Every report shown here comes from a real `horserace check --json` run (and is validated against
schema/report.schema.json before it is shown), so a change of the report's shape breaks these
tests, not the pages: the reference adapter (everything passes), the adapter with a misreading
installed (tied lowest hands score nothing: settlement failures charged to DOM-TIE-1/-2) and the
Python starter from examples/ (it answers layout cases from a stub, so they fail, and takes no
settlement case, so those are skipped)."""

from __future__ import annotations

import json
import re
import shlex
import sys
from html import escape, unescape
from pathlib import Path

import pytest

from horserace_cli.main import main
from reference.core.version import SUITE_VERSION
from reference.core import schemas
from reference.core.adapter import answer_case, hello_reply
from reference.core.catalog import load_catalog
from reference.core.html_report import attributed_clauses, marked
from reference.core.protocol import case_message
from reference.core.site import page_name
from reference.core.vectors import load_cases
from tests.core.test_site import browse, decode_png, structure

FAKE = Path(__file__).parent / "fakes" / "fake_impl.py"
STARTER = Path(__file__).resolve().parents[2] / "examples" / "python" / "dominoes.py"
GAME = "dominoes"
SELECTION = ["--game", GAME, "--kind", "layout", "--kind", "settlement"]
ADAPTER = f"{shlex.quote(sys.executable)} -m horserace_cli.main adapter"
MUTANT = "tie-scores-nothing"            # when the lowest sums tie, nobody scores
MUTANT_CLAUSES = {"DOM-TIE-1", "DOM-TIE-2"}
TIED = "dom-ex-settle-pairs-tied"        # a scenario: two sides tie for the lowest sum, each scores 2
IMPLEMENTATIONS = {                      # report file -> command
    "reference": ADAPTER,
    "mutant": f"{ADAPTER} --mutant {MUTANT}",
    "starter": f"{shlex.quote(sys.executable)} {shlex.quote(str(STARTER))}",
}
RED_CELL = (0xFE, 0xE2, 0xE2)            # td.fail's background


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> tuple[Path, dict[str, dict]]:
    """(the report folder written by `horserace report`, name -> the JSON report of each run)."""
    folder = tmp_path_factory.mktemp("reports")
    reports = {}
    for name, command in IMPLEMENTATIONS.items():
        path = folder / f"{name}.json"
        code = main(["check", *SELECTION, "--impl", command, "--json", str(path)])
        assert code == (0 if name == "reference" else 1), name
        reports[name] = json.loads(path.read_text(encoding="utf-8"))
        assert schemas.schema_errors(reports[name], "report.schema.json") == [], name
    out = folder / "html"
    assert main(["report", *(str(folder / f"{name}.json") for name in IMPLEMENTATIONS), "-o", str(out)]) == 0
    return out, reports


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def matrix(html: str) -> dict[str, list[tuple[str, tuple[int, int, int]]]]:
    """Clause -> per implementation (cell colour, (first divergences, applied and passed, skipped))
    as the page shows them."""
    rows = {}
    for clause, row in re.findall(r'<tr id="([A-Z]+-[A-Z0-9]+-\d+)">(.*?)</tr>', html, re.S):
        cells = []
        for kind, content in re.findall(r'<td class="cell (\w+)"[^>]*>(.*?)</td>', row, re.S):
            numbers = [int(n) for n in re.findall(r'<span class="n-\w+">(\d+)</span>', content)]
            cells.append((kind, tuple(numbers) if numbers else ()))
        rows[clause] = cells
    return rows


def skipped_with(report: dict, clause: str) -> int:
    return sum(1 for c in report["cases"] if c["status"] == "skipped" and clause in c["clauses"])


def check_matrix(rows: dict, reports: dict[str, dict]) -> None:
    """The cells say what the reports say, coloured by what happened."""
    names = list(IMPLEMENTATIONS)
    for clause, cells in rows.items():
        assert len(cells) == len(names), clause
        for name, (kind, numbers) in zip(names, cells):
            report = reports[name]
            summary = report["clauses"].get(clause, {"first_divergences": 0, "applied_and_passed": 0})
            wanted = (summary["first_divergences"], summary["applied_and_passed"], skipped_with(report, clause))
            if wanted == (0, 0, 0):
                assert kind == "none", (clause, name)
                continue
            assert numbers == wanted, (clause, name)
            assert kind == ("fail" if wanted[0] else "pass" if wanted[1] else "skip"), (clause, name, kind)
    # what each run did, independently of the reports' own tallies
    reference, mutant, starter = (rows_of(rows, i) for i in range(3))
    assert reference and all(kind in ("pass", "none") for kind, _ in reference.values())
    assert {c for c, (kind, _) in mutant.items() if kind == "fail"} <= MUTANT_CLAUSES
    assert all(mutant[c][0] == "fail" and mutant[c][1][0] > 0 for c in MUTANT_CLAUSES)
    # the settlement cases' clauses: skipped by the starter, never applied by it
    settle = {c for case in load_cases([GAME], kinds=["settlement"], validate=False) for c in case["clauses"]}
    assert settle and all(starter[c][1][2] > 0 and starter[c][1][1] == 0 for c in settle if c in starter)
    assert any(kind == "skip" for kind, _ in starter.values())
    assert any(kind == "fail" for kind, _ in starter.values())          # its stub fails the layouts


def rows_of(rows: dict, index: int) -> dict[str, tuple[str, tuple]]:
    return {clause: cells[index] for clause, cells in rows.items()}


def test_the_dashboard_shows_divergences_passes_and_skips_per_clause(runs):
    out, reports = runs
    html = read(out / "index.html")
    parsed = structure(html)
    assert not parsed.errors and not parsed.stack and "<script" not in html
    assert f"<td>1. horserace-reference {SUITE_VERSION}</td>" in html
    assert "<td>3. my-dominoes 0.0.1</td>" in html                       # the starter's announced name
    rows = matrix(html)
    assert set(rows) >= set(reports["mutant"]["clauses"])
    check_matrix(rows, reports)
    catalog = load_catalog(GAME)
    tie = re.search(r'<tr id="DOM-TIE-1">(.*?)</tr>', html, re.S).group(1)
    assert escape(catalog.clauses["DOM-TIE-1"].summary) in tie
    assert 'href="impl-2.html#clause-DOM-TIE-1"' in tie                 # a red cell links to its failures


def test_a_failure_shows_step_each_difference_once_charged_clauses_with_sources_and_links(runs):
    out, reports = runs
    html = read(out / "impl-2.html")
    assert not structure(html).errors
    [case] = [c for c in reports["mutant"]["cases"] if c["id"] == TIED]
    section = re.search(rf'<section class="failure" id="case-{TIED}">(.*?)</section>', html, re.S).group(1)
    assert "step <b>0</b>" in section and "<code>settle</code>" in section
    # each tied side should score 2 (17 counted pips rounded to 15 displayed, DOM-TIE-1/2 bonus)
    fields = re.findall(r'<code class="field">([^<]+)</code>', section)
    assert "settlement.bonus" in fields and len(fields) == len(set(fields))
    bonus = section.split('<code class="field">settlement.bonus</code>')[1]
    assert "[<del>2</del>, <del>2</del>]" in bonus and "[<ins>0</ins>, <ins>0</ins>]" in bonus
    charged = re.findall(r'<li class="clause"><a href="[^"]*#([A-Z0-9-]+)"', section)
    assert charged == case["mismatch"]["clauses"] and set(charged) <= MUTANT_CLAUSES
    clause = load_catalog(GAME).clauses[charged[0]]
    assert escape(clause.summary) in section
    for seed, heading in clause.sources:
        assert escape(seed) in section and escape(heading) in section
    page = f"site/{GAME}/{page_name(TIED)}"
    assert f'href="{page}"' in section and f'href="{page}#step-0"' in section
    assert 'id="step-0"' in read(out / page)
    # the starter's layout failures: generated cases have no page, scenario cases do
    starter = read(out / "impl-3.html")
    assert "no scenario page" in starter and 'class="scenario-page"' in starter


def test_a_whole_differing_event_is_one_line_named_as_the_event(tmp_path):
    # a last tile that reaches 61 is still followed by the settlement: the match_won event at
    # events[2] is a round_won instead, and the attribution lists it under both event types
    out = tmp_path / "html"
    case_id = "dom-match-last-tile-reaches-target"
    assert main(["check", "--id", case_id, "--impl", f"{ADAPTER} --mutant settle-after-winning-domino",
                 "--html", str(out)]) == 1
    section = read(out / "impl-1.html")
    fields = re.findall(r'<code class="field">([^<]+)</code>', section)
    assert fields.count("events[2]") == 1 and "events[2].type" not in fields
    whole = section.split('<code class="field">events[2]</code>')[1].split('<th colspan="2">')[0]
    expected, actual = (unescape(re.sub("<[^>]+>", "", part)) for part in whole.split("<th>actual</th>"))
    assert expected.startswith("expectedmatch_won {") and actual.startswith("round_won {")


def test_a_published_site_is_linked_instead_of_written(runs, tmp_path):
    out, _ = runs
    assert main(["report", str(out.parent / "mutant.json"), "-o", str(tmp_path),
                 "--site-url", "https://example.invalid/suite/"]) == 0
    html = read(tmp_path / "impl-1.html")
    assert f'href="https://example.invalid/suite/{GAME}/{page_name(TIED)}#step-0"' in html
    assert not (tmp_path / "site").exists()


def test_not_a_report_is_a_located_error(tmp_path, capsys):
    bad = tmp_path / "notes.json"
    bad.write_text('{"cases": 3}', encoding="utf-8")
    assert main(["report", str(bad), "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "notes.json" in err and "not a horserace check --json report" in err and "Traceback" not in err
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["report", str(broken), "-o", str(tmp_path / "out")]) == 2
    assert "broken.json:1: not a JSON report" in capsys.readouterr().err


def test_the_charged_clauses_are_the_reports_else_the_divergent_steps(runs):
    _, reports = runs
    [case] = [c for c in reports["mutant"]["cases"] if c["id"] == TIED]
    [vector] = load_cases([GAME], wanted=lambda case_id: case_id == TIED)
    assert attributed_clauses(case, vector) == case["mismatch"]["clauses"]
    # a report without the attribution (it is optional in the schema): the divergent step's
    # clauses that decide the differing key, else every clause of that step
    older = json.loads(json.dumps(case))
    del older["mismatch"]["clauses"], older["mismatch"]["attributed_by"]
    report = dict(reports["mutant"], cases=[older])
    assert schemas.schema_errors(report, "report.schema.json") == []
    step = set(vector["step_clauses"][older["mismatch"]["step"]])
    charged = attributed_clauses(older, vector)
    assert charged and set(charged) <= step


def test_the_diff_marks_only_what_differs_and_escapes():
    left, right = marked('{"a": "<1>"}', '{"a": "<2>"}')
    assert left == "{&quot;a&quot;: &quot;&lt;<del>1</del>&gt;&quot;}"
    assert right == "{&quot;a&quot;: &quot;&lt;<ins>2</ins>&gt;&quot;}"


def test_check_html_writes_the_report_of_the_run(tmp_path, capsys, monkeypatch):
    # an implementation that gets the settlement wrong: the fake answering from the reference
    # answers, precomputed here (it starts without importing the engines)
    settle = "dom-ex-settle-seventeen"
    [case] = load_cases([GAME], wanted=lambda case_id: case_id == settle)
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({"hello": hello_reply([GAME]), "answers": {settle: answer_case(case_message(1, case))}}))
    monkeypatch.setenv("FAKE_ANSWERS", str(answers))
    wrong = f"{shlex.quote(sys.executable)} -S {shlex.quote(str(FAKE))} wrong-answer 1"     # -S: see fake_impl.py
    out = tmp_path / "html"
    out.mkdir()
    (out / "impl-7.html").write_text("stale", encoding="utf-8")
    code = main(["check", "--game", GAME, "--id", settle, "--impl", wrong, "--html", str(out)])
    assert code == 1
    assert not (out / "impl-7.html").exists()                     # an earlier run's page is gone
    html = read(out / "impl-1.html")
    assert 'id="case-dom-ex-settle-seventeen"' in html and "FAILED" in html
    assert f'href="site/{GAME}/{page_name("dom-ex-settle-seventeen")}#step-0"' in html
    assert "1 failed" in read(out / "impl-1.html")
    index = read(out / "index.html")
    assert re.findall(r'<td class="cell (\w+)"', index).count("fail") >= 1


# -- a real browser ----------------------------------------------------------------------------

def test_a_real_browser_shows_the_cell_values_and_a_red_cell(runs, tmp_path):
    out, reports = runs
    shot = tmp_path / "dashboard.png"
    result = browse(tmp_path, out / "index.html", f"--screenshot={shot}", "--dump-dom")
    dom = result.stdout
    assert '<table class="matrix">' in dom and "horserace-reference" in dom and "my-dominoes" in dom
    rows = matrix(dom)                  # the values the browser rendered, not the file's text
    assert set(rows) >= MUTANT_CLAUSES
    check_matrix(rows, reports)
    assert shot.exists(), result.stderr[-2000:]
    width, height, pixels = decode_png(shot.read_bytes())
    colours: set[bytes] = set()
    red = False
    for row in pixels:                  # from the top, until both questions are settled
        seen = {row[i:i + 3] for i in range(0, len(row), 3)} - colours
        colours |= seen
        red = red or any(all(abs(c[k] - RED_CELL[k]) <= 6 for k in range(3)) for c in seen)
        if len(colours) > 20 and red:
            break
    assert len(colours) > 20, "the screenshot is (nearly) blank"
    assert red, "no red (failing) cell in the screenshot of a run with failures"


def test_a_real_browser_shows_the_failure_page(runs, tmp_path):
    out, _ = runs
    dom = browse(tmp_path, out / "impl-2.html", "--dump-dom").stdout
    assert f'id="case-{TIED}"' in dom and "<del>2</del>" in dom and "<ins>0</ins>" in dom
    assert 'class="scenario-page"' in dom and 'class="attributed"' in dom
    assert "DOM-TIE-" in dom


def test_reports_are_bounded(runs, tmp_path, capsys, monkeypatch):
    out, _ = runs
    good = out.parent / "reference.json"
    monkeypatch.setattr("reference.core.html_report.MAX_REPORT_BYTES", 100)
    assert main(["report", str(good), "-o", str(tmp_path)]) == 2
    assert "a report over 100 bytes is refused" in capsys.readouterr().err
    monkeypatch.undo()
    assert main(["report", *[str(good)] * 51, "-o", str(tmp_path)]) == 2
    assert "at most 50 reports" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "missing.json"), "-o", str(tmp_path)]) == 2
    assert "missing.json: cannot read the report" in capsys.readouterr().err
