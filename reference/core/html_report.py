"""A report people read in a browser, made from one or more JSON reports (schema/report.schema.json).

`write_html_report(out_dir, reports)` writes:
- `index.html`: a dashboard; per implementation its totals, then the clause x implementation
  matrix: per cell the first divergences charged to the clause, the cases that applied it and
  passed, and the skipped cases exercising it, coloured by what happened (a cell with
  divergences links to them);
- `impl-N.html` per implementation: every failing case (results.FAILING_STATUSES: failed, errored,
  unexpectedly passed, or failing otherwise than its expected-failure entry says)
  with its status, message, the divergent step and field, expected vs actual with the differing
  part marked, the attributed clauses with their text and rule-text sources, and a link to the
  scenario's page and to the diagram of that step on the site (`horserace site` naming);
- `site/`: the site pages those links point to, unless `site_url` names a published site.
Static HTML and inline CSS only: no scripts, no external resources.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence
from urllib.parse import quote, urlsplit

from .catalog import Clause, find_clause, rule_line
from .money import DEFINITIONS, words_used
from .standing import own_words_source
from .errors import HorseRaceError
from .game import UnknownGame, get_game
from .report import shown_differences
from .results import FAILING_STATUSES, STATUSES
from .site import build_site, e, page_name, write
from .site import page as site_page
from .vectors import load_cases

MAX_FAILURES_SHOWN = 1000        # per implementation page; the JSON report has them all
MAX_REPORT_BYTES = 256 * 1024 * 1024   # a capped report of every case is far smaller
MAX_DIFF_CHARS = 4000            # inline diffs of longer values are not marked character by character
REPORT_SCHEMA = "report.schema.json"


class HtmlReportError(HorseRaceError):
    """A JSON report that cannot be shown: not a report, or from another suite layout."""


CSS = """
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; color: #1f2937; margin: 20px auto;
       max-width: 1280px; padding: 0 16px; line-height: 1.4; font-size: 15px; background: #ffffff; }
h1 { font-size: 24px; margin: 8px 0; } h2 { font-size: 19px; margin: 22px 0 6px; } h3 { font-size: 16px; margin: 6px 0; }
nav { font-size: 13px; } nav a { margin-right: 10px; }
code, pre { font-family: "DejaVu Sans Mono", monospace; } code { background: #f3f4f6; padding: 0 3px; }
table { border-collapse: collapse; } th, td { text-align: left; vertical-align: top;
       border: 1px solid #e5e7eb; padding: 3px 7px; font-size: 13.5px; }
th { background: #f9fafb; } .meta, .small { color: #4b5563; font-size: 13px; }
table.matrix td:first-child { white-space: nowrap; }
td.cell { text-align: center; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.pass { background: #dcfce7; } td.fail { background: #fee2e2; font-weight: bold; }
td.skip { background: #fef9c3; } td.xfail { background: #ffedd5; } td.none { background: #f3f4f6; color: #9ca3af; }
.failure { border-top: 2px solid #e5e7eb; margin-top: 14px; padding-top: 6px; }
.status-failed, .status-errored, .status-xpassed, .status-changed { color: #b91c1c; font-weight: bold; }
pre { background: #f9fafb; border: 1px solid #e5e7eb; padding: 5px 8px; white-space: pre-wrap;
      word-break: break-all; margin: 2px 0; font-size: 12.5px; }
del { background: #fecaca; text-decoration: none; } ins { background: #bbf7d0; text-decoration: none; }
.diff th { width: 80px; } .diff td { width: 1100px; }
"""


def page(title: str, body: Iterable[str]) -> str:
    return site_page(title, body, CSS)


# -- reading the reports ------------------------------------------------------------------------

def load_report(path: Path) -> dict[str, Any]:
    """A JSON report of `horserace check --json`, read strictly and validated against
    schema/report.schema.json before anything reads it (reference.core.json_reports);
    HtmlReportError names the file and the first field that is wrong."""
    from .json_reports import read_report
    return read_report(path, "a horserace check --json report", REPORT_SCHEMA, MAX_REPORT_BYTES, HtmlReportError)


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def implementation_name(report: Mapping[str, Any], index: int) -> str:
    """`N. name version` as the implementation announced itself, else its command; with the run's
    --label first (`N. nightly-x86: name version`), so runs of one implementation are told apart."""
    impl = report.get("implementation") or {}
    told = impl.get("implementation")
    if isinstance(told, dict) and isinstance(told.get("name"), str) and told["name"]:
        version = told.get("version")
        name = f"{told['name']} {version}" if isinstance(version, str) and version else told["name"]
    else:
        name = str(impl.get("command") or "implementation")
    label = report.get("label")
    return f"{index + 1}. {label}: {name}" if isinstance(label, str) and label else f"{index + 1}. {name}"


# -- what a failure is charged to ---------------------------------------------------------------

def attributed_clauses(case: Mapping[str, Any], vector: Mapping[str, Any] | None) -> list[str]:
    """The clauses a failure is charged to: as the report says when it says so; else the clauses
    the vector's divergent step applied (narrowed to those observing the differing key when the
    game maps clauses to keys); else every clause of the case."""
    mismatch = case.get("mismatch") or {}
    for source in (case, mismatch):
        for key in ("attributed", "attributed_clauses"):
            if isinstance(source.get(key), list) and source[key]:
                return [str(c) for c in source[key]]
        if isinstance(source.get("clause"), str) and source.get("clause"):
            return [source["clause"]]
    if "clauses" in mismatch and isinstance(mismatch["clauses"], list) and mismatch["clauses"]:
        return [str(c) for c in mismatch["clauses"]]
    step = mismatch.get("step")
    steps = (vector or {}).get("step_clauses")
    if isinstance(step, int) and isinstance(steps, list) and 0 <= step < len(steps) and steps[step]:
        applied = list(steps[step])
        try:
            keys_of = get_game(str(case.get("game"))).clause_keys
        except UnknownGame:
            keys_of = {}
        key = str(mismatch.get("key", "")).split(".")[0].split("[")[0]
        narrowed = [c for c in applied if key in keys_of.get(c, ())]
        return narrowed or applied
    return [str(c) for c in case.get("clauses") or []]


# -- the field diff -----------------------------------------------------------------------------

def marked(expected: str, actual: str) -> tuple[str, str]:
    """Both texts escaped, with what differs marked (<del> in expected, <ins> in actual)."""
    if len(expected) + len(actual) > MAX_DIFF_CHARS:
        return e(expected), e(actual)
    left, right = [], []
    for op, a1, a2, b1, b2 in difflib.SequenceMatcher(None, expected, actual, autojunk=False).get_opcodes():
        if op == "equal":
            left.append(e(expected[a1:a2]))
            right.append(e(actual[b1:b2]))
        else:
            if a2 > a1:
                left.append(f"<del>{e(expected[a1:a2])}</del>")
            if b2 > b1:
                right.append(f"<ins>{e(actual[b1:b2])}</ins>")
    return "".join(left), "".join(right)


# -- pages --------------------------------------------------------------------------------------

class Links:
    """Where the scenario pages live: a site written beside the report, or a published one.
    Every link is http(s) or relative (safe_base): a report's game names are path segments,
    percent-quoted, so none can turn a link into `javascript:` or another scheme."""

    def __init__(self, base: str) -> None:
        safe_base(base)
        self.base = base.rstrip("/") + "/" if base else ""

    def clause(self, clause: Clause | None, clause_id: str) -> str:
        if clause is None:
            return e(clause_id)
        return f'<a href="{e(self.base)}{e(quote(clause.game, safe=""))}/index.html#{e(clause_id)}">{e(clause_id)}</a>'

    def scenario(self, game: str, case_id: str, step: int | None) -> str:
        target = f"{self.base}{quote(game, safe='')}/{page_name(case_id)}"
        parts = [f'<a class="scenario-page" href="{e(target)}">scenario page</a>']
        if isinstance(step, int):
            parts.append(f'<a class="step-diagram" href="{e(target)}#step-{step}">step {step} and its diagram</a>')
        return " &middot; ".join(parts)


def safe_base(url: str) -> str:
    """`url` when it is http(s) (with a host) or relative (no scheme, no host); else HtmlReportError.
    A browser drops tabs and newlines inside a URL and ignores leading spaces, so no control
    character or space is accepted either (`java\tscript:` is `javascript:`)."""
    if any(ord(c) <= 0x20 or ord(c) == 0x7f for c in url):
        raise HtmlReportError(f"--site-url {url[:100]!r}: a URL holds no space or control character")
    try:
        parts = urlsplit(url)
    except ValueError:              # an unbalanced IPv6 bracket
        raise HtmlReportError(f"--site-url {url[:100]!r}: not a URL") from None
    if parts.scheme and (parts.scheme.lower() not in ("http", "https") or not parts.netloc):
        raise HtmlReportError(f"--site-url {url[:100]!r}: give an http(s) URL or a relative path")
    if not parts.scheme and (parts.netloc or url.startswith("//") or ":" in url.split("/", 1)[0]):
        raise HtmlReportError(f"--site-url {url[:100]!r}: give an http(s) URL or a relative path")
    return url


def clause_block(clause_id: str, links: Links) -> str:
    """A clause a failure is charged to: its summary, its own words in each language (or the table
    it is read from), the money words it uses, and its source headings."""
    clause = find_clause(clause_id)
    if clause is None:
        line = rule_line(clause_id)         # an interpretation: its title, the clauses it reads
        if line is None:
            return f'<li class="clause">{e(clause_id)} <span class="small">(not in the catalogs)</span></li>'
        return (f'<li class="clause">{e(clause_id)} <span class="clause-text">{e(line)}</span>'
                f'<br><span class="small">horserace explain {e(clause_id)}</span></li>')
    sources = "; ".join(f"<code>{e(seed)}</code>: {e(heading)}" for seed, heading in clause.sources)
    words = "".join(f'<br><span class="quote"><b>{e(q.lang)}</b> \u00ab{e(q.text)}\u00bb</span>' for q in clause.quotes)
    if own_words_source(clause):
        words += f'<br><span class="small">{e(own_words_source(clause))}</span>'
    money = "".join(f'<br><span class="small">{e(word)}: {e(text)}</span>' for word, text in
                    ((w, DEFINITIONS[w]) for w in words_used(clause.summary)))
    return (f'<li class="clause">{links.clause(clause, clause_id)} <span class="clause-text">{e(clause.summary)}</span>'
            f'{words}{money}<br><span class="small">source: {sources}</span></li>')


def failure_section(case: Mapping[str, Any], vector: Mapping[str, Any] | None, links: Links) -> str:
    cid, game, status = str(case.get("id")), str(case.get("game")), str(case.get("status"))
    mismatch = case.get("mismatch") or None
    parts = [f'<section class="failure" id="case-{e(cid)}">',
             f'<h3><span class="status-{e(status)}">{e(status.upper())}</span> <code>{e(cid)}</code> '
             f'<span class="small">{e(game)} {e(case.get("kind", ""))}</span></h3>']
    if vector and vector.get("description"):
        parts.append(f'<p class="small">{e(vector["description"])}</p>')
    if case.get("message"):
        parts.append(f'<pre class="message">{e(case["message"])}</pre>')
    if mismatch:
        step, action = mismatch.get("step"), mismatch.get("action")
        parts.append(f'<p class="step">first divergence at step <b>{e(step)}</b> '
                     f'(<code>{e(action or "setup")}</code>); later steps not compared</p>')
        parts.append('<table class="diff">')
        for field_name, expected, actual in shown_differences(mismatch):   # each difference once
            left, right = marked(str(expected), str(actual))
            parts.append(f'<tr><th colspan="2">field <code class="field">{e(field_name)}</code></th></tr>'
                         f'<tr><th>expected</th><td><pre>{left}</pre></td></tr>'
                         f'<tr><th>actual</th><td><pre>{right}</pre></td></tr>')
        parts.append("</table>")
        if mismatch.get("more_differences"):
            parts.append(f'<p class="small">{e(mismatch["more_differences"])} more difference(s) at this step '
                         "(cut from the report)</p>")
    clauses = attributed_clauses(case, vector)
    parts.append(f'<p>charged to {"clause" if len(clauses) == 1 else "clauses"}:</p>'
                 f'<ul class="attributed">{"".join(clause_block(c, links) for c in clauses)}</ul>')
    set_aside = [str(c) for c in (mismatch or {}).get("tied") or () if c not in clauses]
    if set_aside:           # run_charges: the run's other failures chose among the step's tie
        parts.append(f'<p class="small">this step alone names {e(", ".join(set_aside))} as well; the run&#x27;s '
                     "other failures point at the clauses above more often</p>")
    if vector and vector.get("origin"):
        step = mismatch.get("step") if mismatch else None
        parts.append(f'<p class="links">{links.scenario(game, cid, step)} '
                     f'<span class="small">(from <code>{e(vector["origin"])}</code>)</span></p>')
    else:
        parts.append('<p class="links small">a generated case: no scenario page; '
                     f'<code>horserace check --id {e(cid)}</code> reruns it</p>')
    parts.append("</section>")
    return "\n".join(parts)


def counts_text(c: Mapping[str, int]) -> str:
    return ", ".join(f"{c.get(s, 0)} {s}" for s in STATUSES if c.get(s, 0) or s in ("passed", "failed"))


def implementation_page(index: int, report: Mapping[str, Any], vectors: Mapping[str, dict], links: Links) -> str:
    name = implementation_name(report, index)
    cases = [c for c in report["cases"] if isinstance(c, dict)]
    failing = [c for c in cases if c.get("status") in FAILING_STATUSES]
    body = ['<nav><a href="index.html">All implementations</a></nav>',
            f"<h1>{e(name)}</h1>",
            f'<p class="meta">command <code>{e(report["implementation"].get("command", ""))}</code>; suite '
            f'{e(report.get("suite_version", "?"))}; started {e(report.get("started", "?"))}</p>',
            f'<p class="totals">{e(counts_text(report["totals"]))}</p>']
    if report["implementation"].get("start_error"):
        body.append(f'<p class="status-errored">could not be started: {e(report["implementation"]["start_error"])}</p>')
    by_clause: dict[str, list[str]] = {}
    for case in failing:
        for clause in attributed_clauses(case, vectors.get(str(case.get("id")))):
            by_clause.setdefault(clause, []).append(str(case.get("id")))
    if by_clause:
        body.append(f'<h2 id="by-clause">Failures by clause ({len(by_clause)})</h2><table class="by-clause">')
        for clause in sorted(by_clause):
            ids = by_clause[clause]
            shown = ", ".join(f'<a href="#case-{e(i)}">{e(i)}</a>' for i in ids[:20])
            more = f" and {len(ids) - 20} more" if len(ids) > 20 else ""
            body.append(f'<tr id="clause-{e(clause)}"><td><code>{e(clause)}</code></td><td>{len(ids)}</td>'
                        f"<td>{shown}{more}</td></tr>")
        body.append("</table>")
    body.append(f'<h2 id="failures">Failing cases ({len(failing)})</h2>')
    if not failing:
        body.append('<p class="none">none: every compared case passed</p>')
    for case in failing[:MAX_FAILURES_SHOWN]:
        body.append(failure_section(case, vectors.get(str(case.get("id"))), links))
    if len(failing) > MAX_FAILURES_SHOWN:
        body.append(f"<p>{len(failing) - MAX_FAILURES_SHOWN} more failing cases: see the JSON report.</p>")
    return page(f"{name}: horserace report", body)


@dataclass(frozen=True)
class ClauseCell:
    """What happened to one clause in one implementation's run: the failing cases whose first
    divergence is charged to it (`expected` of them listed as expected failures), the cases that
    applied it and passed (both from the report's `clauses`), and the skipped cases that
    exercise it (from its `cases`)."""
    divergences: int = 0
    expected: int = 0
    passed: int = 0
    skipped: int = 0

    @property
    def kind(self) -> str:
        """The cell's colour: a divergence not expected, then an expected one, then a pass."""
        if self.divergences > self.expected:
            return "fail"
        if self.divergences:
            return "xfail"
        return "pass" if self.passed else "skip" if self.skipped else "none"


def clause_cells(report: Mapping[str, Any]) -> dict[str, ClauseCell]:
    """Clause -> its cell, for every clause the report charges, saw passed or saw skipped."""
    expected: dict[str, int] = {}
    skipped: dict[str, int] = {}
    for case in report["cases"]:
        if not isinstance(case, dict):
            continue
        if case.get("status") == "skipped":
            for clause in case.get("clauses") or ():
                skipped[clause] = skipped.get(clause, 0) + 1
        elif case.get("status") == "xfailed":
            for clause in (case.get("mismatch") or {}).get("clauses") or ():
                expected[clause] = expected.get(clause, 0) + 1
    cells = {}
    for clause in set(report["clauses"]) | set(skipped):
        summary = report["clauses"].get(clause) or {}
        cells[clause] = ClauseCell(_count(summary, "first_divergences"), expected.get(clause, 0),
                                   _count(summary, "applied_and_passed"), skipped.get(clause, 0))
    return cells


def _count(summary: Mapping[str, Any], key: str) -> int:
    value = summary.get(key, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def cell(c: ClauseCell | None, clause_id: str, href: str) -> str:
    if c is None:
        return '<td class="cell none">&ndash;</td>'
    parts = [f'<span class="n-fail">{c.divergences}</span>', f'<span class="n-pass">{c.passed}</span>',
             f'<span class="n-skip">{c.skipped}</span>']
    text = "&thinsp;/&thinsp;".join(parts)
    if c.divergences:
        text = f'<a href="{e(href)}">{text}</a>'
    expected = f" ({c.expected} of them expected failures)" if c.expected else ""
    title = (f"{c.divergences} first divergence(s) charged to {clause_id}{expected}; {c.passed} case(s) "
             f"applied it and passed; {c.skipped} case(s) exercising it skipped")
    return f'<td class="cell {c.kind}" title="{e(title)}">{text}</td>'


def index_page(reports: Sequence[Mapping[str, Any]], links: Links) -> str:
    names = [implementation_name(r, i) for i, r in enumerate(reports)]
    body = ["<h1>Horse Race conformance report</h1>",
            f'<p class="meta">{len(reports)} implementation(s), from <code>horserace check --json</code> reports.</p>',
            '<h2 id="implementations">Implementations</h2>',
            '<table class="totals"><tr><th>implementation</th><th>command</th>'
            + "".join(f"<th>{s}</th>" for s in STATUSES) + "<th>details</th></tr>"]
    for i, (report, name) in enumerate(zip(reports, names)):
        t = report["totals"]
        command = report["implementation"].get("command", "")
        body.append(f'<tr><td>{e(name)}</td><td><code>{e(command)}</code></td>'
                    + "".join(f"<td>{e(t.get(s, 0))}</td>" for s in STATUSES)
                    + f'<td><a href="impl-{i + 1}.html">impl-{i + 1}.html</a></td></tr>')
    body.append("</table>")
    cells = [clause_cells(r) for r in reports]
    clauses = sorted({c for per_report in cells for c in per_report})
    body.append(f'<h2 id="matrix">Clauses &times; implementations ({len(clauses)} clauses)</h2>'
                '<p class="small">Each cell: <b>first divergences</b> charged to the clause / cases that '
                "<b>applied it and passed</b> / <b>skipped</b> cases exercising it. Red: a failure is charged "
                "to it; orange: only expected failures are; green: it was applied and passed; yellow: its "
                "cases were only skipped. A case that errored (crashed, timed out) is charged to no clause: "
                "see the totals above.</p>")
    body.append('<table class="matrix"><tr><th>clause</th><th>rule</th>'
                + "".join(f'<th class="impl">{e(n)}</th>' for n in names) + "</tr>")
    for clause_id in clauses:
        clause = find_clause(clause_id)
        line = None if clause else rule_line(clause_id)
        summary = e(clause.summary) if clause else e(line) if line else '<span class="small">(not in the catalogs)</span>'
        row = [f'<tr id="{e(clause_id)}"><td><code>{links.clause(clause, clause_id)}</code></td><td>{summary}</td>']
        for i, per_report in enumerate(cells):
            row.append(cell(per_report.get(clause_id), clause_id, f"impl-{i + 1}.html#clause-{clause_id}"))
        body.append("".join(row) + "</tr>")
    body.append("</table>")
    return page("Horse Race conformance report", body)


def vector_index(reports: Sequence[Mapping[str, Any]]) -> dict[str, dict]:
    """The vector case of every failing case id (for its description, origin and step clauses)."""
    failing = [c for r in reports for c in r["cases"] if isinstance(c, dict) and c.get("status") in FAILING_STATUSES]
    wanted = {str(c.get("id")) for c in failing}
    games = sorted({str(c.get("game")) for c in failing if _known_game(str(c.get("game")))})
    if not wanted or not games:
        return {}
    return {c["id"]: c for c in load_cases(games, validate=False, wanted=wanted.__contains__) if c["id"] in wanted}


def write_html_report(out_dir: Path | str, reports: Sequence[Mapping[str, Any]], site_url: str | None = None) -> list[Path]:
    """Write the dashboard and a page per implementation; returns the files written."""
    if not reports:
        raise HtmlReportError("no report to show")
    out = Path(out_dir)
    vectors = vector_index(reports)
    links = Links(site_url if site_url is not None else "site")
    written = [write(out / "index.html", index_page(reports, links))]
    for i, report in enumerate(reports):
        written.append(write(out / f"impl-{i + 1}.html", implementation_page(i, report, vectors, links)))
    if site_url is None:
        games = sorted({str(c.get("game")) for r in reports for c in r["cases"] if isinstance(c, dict)})
        known = [g for g in games if _known_game(g)]
        if known:
            written += build_site(out / "site", known)
    return written


def remove_stale(out_dir: Path | str) -> None:
    """Delete the pages an earlier report wrote to `out_dir` (not the folder, not other files)."""
    out = Path(out_dir)
    if out.is_dir():
        for stale in [out / "index.html", *out.glob("impl-*.html")]:
            stale.unlink(missing_ok=True)


def _known_game(name: str) -> bool:
    try:
        get_game(name)
        return True
    except UnknownGame:
        return False
