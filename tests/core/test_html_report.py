"""The HTML report (`horserace check --html`, `horserace report`): the dashboard's matrix, each failure's
step, field diff, charged clauses with their text and sources, links to the scenario page and
diagram; checked in Python and in headless Chromium (skipped with a message when it is absent)."""

from __future__ import annotations

import json
import re
import shlex
import sys
from html import escape
from pathlib import Path

import pytest

from horserace_cli.main import main
from reference.core.adapter import answer_case, hello_reply
from reference.core.catalog import load_catalog
from reference.core.html_report import attributed_clauses, marked
from reference.core.protocol import case_message
from reference.core.results import FAILING, STATUSES
from reference.core.site import page_name
from reference.core.vectors import load_cases
from tests.core.test_site import browse, structure

FAKE = Path(__file__).parent / "fakes" / "fake_impl.py"
GAME = "dominoes"
SCENARIO_CASE = "dom-wt-branch-opening"        # from a scenario: has a site page
GENERATED_CASE = "dom-gen1-perft-001"           # generated: no page
VECTORS = {c["id"]: c for c in load_cases([GAME], wanted=lambda case_id: case_id in (SCENARIO_CASE, GENERATED_CASE))}


def counts(**given: int) -> dict[str, int]:
    return {s: given.get(s, 0) for s in STATUSES}


def case(cid: str, status: str, **extra) -> dict:
    return {"id": cid, "game": GAME, "kind": VECTORS[cid]["kind"], "status": status, "seconds": 0.01,
            "clauses": VECTORS[cid]["clauses"], **extra}


def made_report(command: str, cases: list[dict], **announced) -> dict:
    clauses: dict[str, dict[str, int]] = {}
    for c in cases:
        for clause in c["clauses"]:
            clauses.setdefault(clause, counts())[c["status"]] += 1
    total = counts()
    for c in cases:
        total[c["status"]] += 1
    return {"schema": "https://horserace.invalid/schema/report.schema.json", "suite_version": "0.1.0",
            "implementation": {"command": command, "starts": 1, **announced}, "started": "2026-01-01T00:00:00+00:00",
            "totals": total, "games": {GAME: total}, "clauses": clauses, "cases": cases}


# step 4 of the branch opening is the only step that applies DOM-PTS-3 (its 15-point opening)
MISMATCH = {"step": 4, "action": "place 1|3 at 1|1 branch_b", "key": "points",
            "expected": "[3, 0]", "actual": "[4, 0]"}


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> tuple[Path, Path, Path]:
    folder = tmp_path_factory.mktemp("reports")
    good = made_report("./good", [case(SCENARIO_CASE, "passed"), case(GENERATED_CASE, "passed")],
                       implementation={"name": "good-engine", "version": "2.1", "language": "rust"})
    bad = made_report("bad-engine --fast", [case(SCENARIO_CASE, "failed", mismatch=MISMATCH),
                                            case(GENERATED_CASE, "errored", message="timed out after 10 s")])
    paths = folder / "good.json", folder / "bad.json"
    for path, data in zip(paths, (good, bad)):
        path.write_text(json.dumps(data), encoding="utf-8")
    out = folder / "html"
    assert main(["report", str(paths[0]), str(paths[1]), "-o", str(out)]) == 0
    return out, *paths


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_the_dashboard_has_every_implementation_and_the_clause_matrix(reports):
    out = reports[0]
    html = read(out / "index.html")
    parsed = structure(html)
    assert not parsed.errors and not parsed.stack and "<script" not in html
    assert "<td>1. good-engine 2.1</td>" in html and "<code>./good</code>" in html
    assert "<td>2. bad-engine --fast</td>" in html          # no name announced: the command
    rows = dict(re.findall(r'<tr id="([^"]+)">(.*?)</tr>', html, re.S))
    catalog = load_catalog(GAME)
    # DOM-PTS-3: one case in each report touches it; good passed it, bad failed it
    cells = re.findall(r'<td class="cell (\w+)"[^>]*>(.*?)</td>', rows["DOM-PTS-3"])
    assert [kind for kind, _ in cells] == ["pass", "fail"]
    assert re.sub("<[^>]+>|&thinsp;", "", cells[0][1]) == "1/0/0"
    assert 'href="impl-2.html#clause-DOM-PTS-3"' in cells[1][1]
    assert escape(catalog.clauses["DOM-PTS-3"].summary) in rows["DOM-PTS-3"]
    # DOM-DRAW-1 is exercised only by the generated case: errored counts as failing
    assert re.findall(r'<td class="cell (\w+)"', rows["DOM-DRAW-1"]) == ["pass", "fail"]


def test_a_failure_shows_step_field_diff_charged_clauses_with_sources_and_links(reports):
    out = reports[0]
    html = read(out / "impl-2.html")
    assert not structure(html).errors
    section = re.search(rf'<section class="failure" id="case-{SCENARIO_CASE}">(.*?)</section>', html, re.S).group(1)
    assert "step <b>4</b>" in section and "place 1|3 at 1|1 branch_b" in section
    assert '<code class="field">points</code>' in section
    assert "[<del>3</del>, 0]" in section and "[<ins>4</ins>, 0]" in section
    charged = re.findall(r'<li class="clause"><a href="[^"]*#([A-Z0-9-]+)"', section)
    assert "DOM-PTS-3" in charged and "DOM-PTS-2" not in charged      # the step's clauses, not the case's
    # attributed: of the clauses step 4 applied, only the one deciding the differing `points`
    assert set(charged) <= set(VECTORS[SCENARIO_CASE]["step_clauses"][4])
    assert set(charged) == {"DOM-PTS-3"}
    clause = load_catalog(GAME).clauses["DOM-PTS-3"]
    assert escape(clause.summary) in section
    for seed, heading in clause.sources:
        assert escape(seed) in section and escape(heading) in section
    page = f"site/{GAME}/{page_name(SCENARIO_CASE)}"
    assert f'href="{page}"' in section and f'href="{page}#step-4"' in section
    target = read(out / page)
    assert 'id="step-4"' in target and "<svg" in target.split('id="step-4"')[1]     # the step's diagram
    errored = re.search(rf'id="case-{GENERATED_CASE}">(.*?)</section>', html, re.S).group(1)
    assert "ERRORED" in errored and "timed out after 10 s" in errored and "no scenario page" in errored
    assert (out / f"site/{GAME}/index.html").exists()


def test_a_published_site_is_linked_instead_of_written(reports, tmp_path):
    _, good, bad = reports
    assert main(["report", str(bad), "-o", str(tmp_path), "--site-url", "https://example.invalid/suite/"]) == 0
    html = read(tmp_path / "impl-1.html")
    assert f'href="https://example.invalid/suite/{GAME}/{page_name(SCENARIO_CASE)}#step-4"' in html
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
    assert "broken.json: not a JSON report" in capsys.readouterr().err


def test_attribution_prefers_what_the_report_says():
    vector = VECTORS[SCENARIO_CASE]
    assert attributed_clauses({"game": GAME, "mismatch": dict(MISMATCH), "attributed": ["DOM-PTS-3"]},
                              vector) == ["DOM-PTS-3"]
    assert attributed_clauses({"game": GAME, "mismatch": dict(MISMATCH, clauses=["DOM-PTS-1"])}, vector) == ["DOM-PTS-1"]
    no_step = {"game": GAME, "clauses": ["DOM-PTS-5"], "message": "crashed"}
    assert attributed_clauses(no_step, vector) == ["DOM-PTS-5"]


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


# -- a real browser ----------------------------------------------------------------------------

def test_a_real_browser_shows_the_dashboard_and_the_failure_page(reports, tmp_path):
    out = reports[0]
    dom = browse(tmp_path, out / "index.html", "--dump-dom").stdout
    assert '<table class="matrix">' in dom and dom.count('class="cell fail"') >= 1
    assert "good-engine" in dom and "bad-engine --fast" in dom
    assert 'id="DOM-PTS-3"' in dom
    dom = browse(tmp_path, out / "impl-2.html", "--dump-dom").stdout
    assert f'id="case-{SCENARIO_CASE}"' in dom and "<del>3</del>" in dom and "<ins>4</ins>" in dom
    assert 'class="step-diagram"' in dom and 'class="attributed"' in dom
    assert "DOM-PTS-3" in dom


def test_reports_are_bounded(reports, tmp_path, capsys, monkeypatch):
    _, good, _bad = reports
    monkeypatch.setattr("reference.core.html_report.MAX_REPORT_BYTES", 100)
    assert main(["report", str(good), "-o", str(tmp_path)]) == 2
    assert "a report over 100 bytes is refused" in capsys.readouterr().err
    assert main(["report", *[str(good)] * 51, "-o", str(tmp_path)]) == 2
    assert "at most 50 reports" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "missing.json"), "-o", str(tmp_path)]) == 2
    assert "missing.json: cannot read the report" in capsys.readouterr().err


# -- every failing status, clauses from elsewhere, games the suite does not know ------------------

def test_every_failing_status_is_listed_charged_by_clause_and_red_in_the_matrix(tmp_path):
    """results.FAILING is the one definition: a changed failure (listed as expected, failing
    otherwise) shows in the failure list and the table by clause like a plain failure; the
    passing and skipped statuses do not."""
    cases = [dict(case(SCENARIO_CASE, status, mismatch=MISMATCH), id=f"{SCENARIO_CASE}-{status}")
             for status in STATUSES]
    data = made_report("./engine", cases)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["report", str(path), "-o", str(tmp_path / "out"), "--site-url", "https://x.invalid/"]) == 0
    page = read(tmp_path / "out" / "impl-1.html")
    listed = re.findall(r'<section class="failure" id="case-([^"]+)">', page)
    assert listed == [f"{SCENARIO_CASE}-{s}" for s in STATUSES if s in FAILING]
    assert "changed" in FAILING and 'class="status-changed">CHANGED<' in page
    row = page.split('<tr id="clause-DOM-PTS-3">')[1].split("</tr>")[0]
    assert f"<td>{len(FAILING)}</td>" in row
    assert all(f"#case-{SCENARIO_CASE}-{s}" in row for s in FAILING)
    assert f'<h2 id="failures">Failing cases ({len(FAILING)})</h2>' in page
    # the matrix cell: passed / failing / skipped
    cells = re.findall(r'<td class="cell (\w+)"[^>]*>(.*?)</td>', read(tmp_path / "out" / "index.html"))
    kind, text = cells[0]
    assert kind == "fail" and re.sub("<[^>]+>|&thinsp;", "", text).split("/")[1:] == [str(len(FAILING)), "1"]


def test_a_clause_the_catalogs_do_not_know_is_shown_not_a_crash(tmp_path):
    """A report from an older or newer suite may charge clause ids this suite's catalogs lack."""
    mismatch = dict(MISMATCH, clauses=["DOM-OLD-99"])
    data = made_report("./engine", [dict(case(SCENARIO_CASE, "failed", mismatch=mismatch), clauses=["DOM-OLD-99"])])
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["report", str(path), "-o", str(tmp_path / "out"), "--site-url", "https://x.invalid/"]) == 0
    page = read(tmp_path / "out" / "impl-1.html")
    assert '<li class="clause">DOM-OLD-99 <span class="small">(not in the catalogs)</span></li>' in page
    assert '<tr id="clause-DOM-OLD-99">' in page
    index = read(tmp_path / "out" / "index.html")
    row = index.split('<tr id="DOM-OLD-99">')[1].split("</tr>")[0]
    assert "<code>DOM-OLD-99</code>" in row and "(not in the catalogs)" in row and 'class="cell fail"' in row


def test_a_report_of_a_game_the_suite_does_not_know_still_renders(tmp_path):
    cases = [{"id": "chess-001", "game": "chess", "kind": "mate", "status": "failed", "seconds": 0.1,
              "clauses": ["CHS-1"], "mismatch": {"step": 0, "action": "e4", "key": "board", "expected": "a",
                                                  "actual": "b"}},
             {"id": "chess-002", "game": "chess", "kind": "mate", "status": "changed", "seconds": 0.1,
              "clauses": ["CHS-2"], "message": "changed failure"}]
    data = {"schema": "x", "suite_version": "0.0.1", "implementation": {"command": "./chess"},
            "started": "2026-01-01T00:00:00+00:00", "totals": {"failed": 1, "changed": 1},
            "games": {"chess": {"failed": 1, "changed": 1}},
            "clauses": {"CHS-1": {"failed": 1}, "CHS-2": {"changed": 1}}, "cases": cases}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["report", str(path), "-o", str(out)]) == 0          # a site is written for the known games: none
    assert not (out / "site").exists()
    page = read(out / "impl-1.html")
    assert 'id="case-chess-001"' in page and 'id="case-chess-002"' in page
    assert "CHS-1 <span" in page and "no scenario page" in page
    index = read(out / "index.html")
    assert index.count('class="cell fail"') == 2


def test_a_clause_with_many_failures_lists_twenty_and_counts_the_rest(tmp_path, monkeypatch):
    cases = [dict(case(SCENARIO_CASE, "failed", mismatch=MISMATCH), id=f"{SCENARIO_CASE}-{i:02}") for i in range(25)]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(made_report("./engine", cases)), encoding="utf-8")
    monkeypatch.setattr("reference.core.html_report.MAX_FAILURES_SHOWN", 10)
    assert main(["report", str(path), "-o", str(tmp_path / "out"), "--site-url", "https://x.invalid/"]) == 0
    page = read(tmp_path / "out" / "impl-1.html")
    row = page.split('<tr id="clause-DOM-PTS-3">')[1].split("</tr>")[0]
    assert "<td>25</td>" in row and row.count('<a href="#case-') == 20 and row.endswith(" and 5 more</td>")
    assert f"#case-{SCENARIO_CASE}-19" in row and f"#case-{SCENARIO_CASE}-20" not in row
    # the page shows the first MAX_FAILURES_SHOWN failures and says how many it left to the JSON report
    assert page.count('<section class="failure"') == 10
    assert "<p>15 more failing cases: see the JSON report.</p>" in page


def test_each_implementation_links_its_own_page_and_says_how_many_clauses_it_is_charged_to(reports):
    out = reports[0]
    index = read(out / "index.html")
    assert '<a href="impl-1.html">impl-1.html</a>' in index and '<a href="impl-2.html">impl-2.html</a>' in index
    page = read(out / "impl-2.html")
    assert "more failing cases" not in page              # all of them are shown
    generated = re.search(rf'id="case-{GENERATED_CASE}">(.*?)</section>', page, re.S).group(1)
    scenario = re.search(rf'id="case-{SCENARIO_CASE}">(.*?)</section>', page, re.S).group(1)
    charged = [re.findall(r'<li class="clause">', section) for section in (generated, scenario)]
    for section, items in zip((generated, scenario), charged):
        word = "clause" if len(items) == 1 else "clauses"
        assert f"<p>charged to {word}:</p>" in section, (len(items), section[:200])
    assert len(charged[0]) > 1 and len(charged[1]) == 1       # the errored case: its clauses; the failure: one


def test_a_matrix_cell_counts_expected_failures_with_the_passed_and_unexpected_passes_with_the_failing():
    from reference.core.html_report import cell
    counts_ = {"passed": 2, "xfailed": 1, "skipped": 1, "failed": 0}
    assert re.sub("<[^>]+>|&thinsp;", "", cell(counts_, "x")) == "3/0/1"
    assert 'class="cell pass"' in cell(counts_, "x")
    failing = {"passed": 1, "xpassed": 2, "changed": 1, "errored": 1, "failed": 1, "skipped": 0}
    assert re.sub("<[^>]+>|&thinsp;", "", cell(failing, "x")) == "1/5/0" and 'href="x"' in cell(failing, "x")
    assert 'class="cell skip"' in cell({"skipped": 2}, "x") and 'class="cell none"' in cell({}, "x")
