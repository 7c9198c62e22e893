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

import copy
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
from reference.core.results import FAILING_STATUSES, STATUSES
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
    # the misreading's failures are charged among its clauses (which of the two is attribution's
    # business: the narrower explanation, DOM-TIE-1 alone, where one alteration of it explains them)
    failing = {c for c, (kind, _) in mutant.items() if kind == "fail"}
    assert failing and failing <= MUTANT_CLAUSES
    assert all(mutant[c][1][0] > 0 for c in failing)
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


# -- every failing status, clauses from elsewhere, games the suite does not know ------------------
# Each report below is a real report of the `runs` fixture with its cases replaced, validated
# against the schema before `horserace report` reads it (which validates it again).

def with_cases(report: dict, cases: list[dict], **fields) -> dict:
    data = dict(copy.deepcopy(report), cases=cases, **fields)
    assert schemas.schema_errors(data, "report.schema.json") == []
    return data


def shown(tmp_path: Path, data: dict) -> tuple[str, str]:
    """(the implementation page, the dashboard) that `horserace report` writes of `data`."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["report", str(path), "-o", str(out), "--site-url", "https://x.invalid/"]) == 0
    return read(out / "impl-1.html"), read(out / "index.html")


def tied_failure(reports: dict) -> dict:
    [tied] = [c for c in reports["mutant"]["cases"] if c["id"] == TIED]
    assert tied["status"] == "failed" and tied["mismatch"]["clauses"]
    return copy.deepcopy(tied)


def test_every_failing_status_is_listed_and_charged_by_clause(runs, tmp_path):
    """results.FAILING_STATUSES is the one definition: a changed failure (listed as expected,
    failing otherwise) is listed and charged by clause like a plain failure, styled red; the
    passing, skipped and expected statuses are not."""
    _, reports = runs
    tied = tied_failure(reports)
    cases = [dict(copy.deepcopy(tied), id=f"{TIED}-{status}", status=status) for status in STATUSES]
    page, _ = shown(tmp_path, with_cases(reports["mutant"], cases))
    listed = re.findall(r'<section class="failure" id="case-([^"]+)">', page)
    assert listed == [f"{TIED}-{s}" for s in STATUSES if s in FAILING_STATUSES]
    assert "changed" in FAILING_STATUSES and 'class="status-changed">CHANGED<' in page
    assert re.search(r"\.status-changed \{ color: #b91c1c", page)           # red, as failed
    for clause in tied["mismatch"]["clauses"]:
        row = page.split(f'<tr id="clause-{clause}">')[1].split("</tr>")[0]
        assert f"<td>{len(FAILING_STATUSES)}</td>" in row
        assert all(f"#case-{TIED}-{s}" in row for s in FAILING_STATUSES)
    assert f'<h2 id="failures">Failing cases ({len(FAILING_STATUSES)})</h2>' in page


def test_a_clause_the_catalogs_do_not_know_is_shown_not_a_crash(runs, tmp_path):
    """A report from an older or newer suite may charge clause ids this suite's catalogs lack."""
    _, reports = runs
    tied = tied_failure(reports)
    old = dict(tied, clauses=["DOM-OLD-99"], mismatch=dict(tied["mismatch"], clauses=["DOM-OLD-99"]))
    page, index = shown(tmp_path, with_cases(reports["mutant"], [old],
                                             clauses={"DOM-OLD-99": {"first_divergences": 1, "applied_and_passed": 0}}))
    assert '<li class="clause">DOM-OLD-99 <span class="small">(not in the catalogs)</span></li>' in page
    assert '<tr id="clause-DOM-OLD-99">' in page
    row = index.split('<tr id="DOM-OLD-99">')[1].split("</tr>")[0]
    assert "<code>DOM-OLD-99</code>" in row and "(not in the catalogs)" in row and 'class="cell fail"' in row


def test_a_report_of_a_game_the_suite_does_not_know_still_renders(runs, tmp_path):
    _, reports = runs
    counts = {"passed": 0, "passed-partial": 0, "failed": 1, "skipped": 0, "errored": 0, "xfailed": 0, "xpassed": 0,
              "changed": 1}
    cases = [{"id": "chess-001", "game": "chess", "kind": "mate", "status": "failed", "seconds": 0.1,
              "clauses": ["CHS-1"], "mismatch": {"step": 0, "action": "e4", "key": "board", "expected": "a",
                                                  "actual": "b", "clauses": ["CHS-1"]}},
             {"id": "chess-002", "game": "chess", "kind": "mate", "status": "changed", "seconds": 0.1,
              "clauses": ["CHS-2"], "message": "changed failure",
              "mismatch": {"step": 1, "action": "e5", "key": "board", "expected": "a", "actual": "c", "clauses": ["CHS-2"]}}]
    data = with_cases(reports["mutant"], cases, totals=counts, games={"chess": counts},
                      clauses={"CHS-1": {"first_divergences": 1, "applied_and_passed": 0},
                               "CHS-2": {"first_divergences": 1, "applied_and_passed": 0}})
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["report", str(path), "-o", str(out)]) == 0          # a site is written for the known games: none
    assert not (out / "site").exists()
    page = read(out / "impl-1.html")
    assert 'id="case-chess-001"' in page and 'id="case-chess-002"' in page
    assert "CHS-1 <span" in page and "no scenario page" in page
    assert read(out / "index.html").count('class="cell fail"') == 2


def test_a_clause_with_many_failures_lists_twenty_and_counts_the_rest(runs, tmp_path, monkeypatch):
    _, reports = runs
    tied = tied_failure(reports)
    cases = [dict(copy.deepcopy(tied), id=f"{TIED}-{i:02}") for i in range(21)]       # one more than listed
    monkeypatch.setattr("reference.core.html_report.MAX_FAILURES_SHOWN", 20)
    page, _ = shown(tmp_path, with_cases(reports["mutant"], cases))
    clause = tied["mismatch"]["clauses"][0]
    row = page.split(f'<tr id="clause-{clause}">')[1].split("</tr>")[0]
    assert "<td>21</td>" in row and row.count('<a href="#case-') == 20 and row.endswith(" and 1 more</td>")
    assert f"#case-{TIED}-19" in row and f"#case-{TIED}-20" not in row
    # the page shows the first MAX_FAILURES_SHOWN failures and says how many it left to the JSON report
    assert page.count('<section class="failure"') == 20
    assert "<p>1 more failing cases: see the JSON report.</p>" in page


def test_each_implementation_links_its_own_page_and_says_how_many_clauses_it_is_charged_to(runs, tmp_path):
    out, reports = runs
    index = read(out / "index.html")
    for i in range(1, len(IMPLEMENTATIONS) + 1):
        assert f'<a href="impl-{i}.html">impl-{i}.html</a>' in index
    assert "more failing cases" not in read(out / "impl-2.html")       # all of them are shown
    tied = tied_failure(reports)
    one = dict(copy.deepcopy(tied), id=f"{TIED}-one", mismatch=dict(tied["mismatch"], clauses=["DOM-TIE-1"]))
    two = dict(copy.deepcopy(tied), id=f"{TIED}-two", mismatch=dict(tied["mismatch"], clauses=["DOM-TIE-1", "DOM-TIE-2"]))
    page, _ = shown(tmp_path, with_cases(reports["mutant"], [one, two]))
    for case_id, word, count in ((f"{TIED}-one", "clause", 1), (f"{TIED}-two", "clauses", 2)):
        section = re.search(rf'id="case-{case_id}">(.*?)</section>', page, re.S).group(1)
        assert f"<p>charged to {word}:</p>" in section and section.count('<li class="clause">') == count


def test_a_matrix_cell_is_red_for_an_unexpected_divergence_orange_for_expected_ones_only():
    """The cell's colour: a first divergence not listed as expected (red), only expected ones
    (orange), applied and passed (green), only skipped (yellow), nothing (none); its counts
    link to the implementation's clause row only when something diverged."""
    from reference.core.html_report import ClauseCell, cell
    assert [ClauseCell(*c).kind for c in ((2, 1, 5, 5), (1, 0, 0, 0), (2, 2, 5, 5), (0, 0, 1, 3), (0, 0, 0, 1),
                                          (0, 0, 0, 0))] == ["fail", "fail", "xfail", "pass", "skip", "none"]
    red = cell(ClauseCell(2, 1, 3, 4), "DOM-X-1", "impl-1.html#clause-DOM-X-1")
    assert 'class="cell fail"' in red and 'href="impl-1.html#clause-DOM-X-1"' in red
    assert re.sub("<[^>]+>|&thinsp;", "", red) == "2/3/4" and "(1 of them expected failures)" in red
    green = cell(ClauseCell(0, 0, 3, 1), "DOM-X-1", "x")
    assert 'class="cell pass"' in green and "href" not in green and re.sub("<[^>]+>|&thinsp;", "", green) == "0/3/1"
    assert cell(None, "DOM-X-1", "x") == '<td class="cell none">&ndash;</td>'


def test_an_interpretation_charged_is_shown_with_its_title_and_the_clauses_it_reads(runs, tmp_path):
    """An interpretation id (DOM-INT-9, interpretations.yaml) is no clause of the catalog: the
    page says what it is about, where it said "not in the catalogs" before."""
    _, reports = runs
    tied = tied_failure(reports)
    charged = dict(tied, clauses=["DOM-INT-9"], mismatch=dict(tied["mismatch"], clauses=["DOM-INT-9"]))
    page, index = shown(tmp_path, with_cases(reports["mutant"], [charged],
                                             clauses={"DOM-INT-9": {"first_divergences": 1, "applied_and_passed": 0}}))
    title = "A refused action changes nothing (the suite&#x27;s reading of DOM-PLACE-1, DOM-DRAW-1"
    assert f'<li class="clause">DOM-INT-9 <span class="clause-text">{title}' in page
    row = index.split('<tr id="DOM-INT-9">')[1].split("</tr>")[0]
    assert title in row and "not in the catalogs" not in row


def test_a_charge_the_run_chose_among_a_tie_says_what_the_step_alone_named(runs, tmp_path):
    """`tied` (run_charges): the page names the clauses the run's other failures set aside."""
    _, reports = runs
    tied = tied_failure(reports)
    charged = dict(tied, clauses=["DOM-MATCH-2"],
                   mismatch=dict(tied["mismatch"], clauses=["DOM-MATCH-2"], tied=["DOM-CONT-5", "DOM-MATCH-2"]))
    page, _ = shown(tmp_path, with_cases(reports["mutant"], [charged],
                                         clauses={"DOM-MATCH-2": {"first_divergences": 1, "applied_and_passed": 0}}))
    assert ('<p class="small">this step alone names DOM-CONT-5 as well; the run&#x27;s other failures point at '
            'the clauses above more often</p>') in page
