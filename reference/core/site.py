"""Static HTML pages for people, generated from the catalogs, registers and scenarios.

`build_site(out_dir)` writes a top index, an index per game (every clause, worked example,
interpretation and scenario, cross-linked) and a page per scenario (its envelope, then every
step: action, note, expectations, the engine's narration and the game's diagram when it
draws one). Nothing is hand-written; no scripts, no external resources; same input, same bytes.
"""

from __future__ import annotations

import functools
import inspect
import json
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import yaml

from .catalog import Catalog, load_catalog
from .standing import KNOWN_MISREADING, STATUS_LABEL, interpretation_status, language_notes, \
    notes_of_interpretation, own_words_source, touching
from .errors import HorseRaceError
from .game import Game, StepOutcome, UnknownGame, all_games, get_game
from .paths import SCENARIO_DIR, display_path
from .question import load_question_file
from .scenario import Scenario, load_scenario, scenario_files

Renderer = Callable[[str, Mapping[str, Any]], str]


class SiteError(HorseRaceError):
    """A diagram or page cannot be made: a step out of range, a game that draws no diagrams."""


def renderer(game: Game) -> Renderer | None:
    """The game's diagram function, if it has one."""
    return getattr(game, "render_step", None)


# -- one diagram --------------------------------------------------------------------------------

def scenario_path(identifier: Path | str) -> Path:
    """A scenario file named by its path or by its id (as `explain` takes it: dom-wt-branch-opening)."""
    path = Path(identifier)
    if path.exists() or path.suffix in (".yaml", ".yml") or "/" in str(identifier):
        return path
    files = scenario_files([str(SCENARIO_DIR)]) if SCENARIO_DIR.is_dir() else []
    # a scenario's file is usually named by its id without the game prefix: try those first
    likely = [f for f in files if str(identifier).endswith(f.stem)]
    for candidate in likely + [f for f in files if f not in likely]:
        if load_scenario(candidate).id == identifier:
            return candidate
    raise SiteError(f"{identifier!r} is neither a scenario file nor a scenario id "
                    f"(ids look like dom-wt-branch-opening; files are under {display_path(SCENARIO_DIR)})")


def default_step(outcomes: Sequence[StepOutcome]) -> int:
    """The last step, or the last one before a run of refused steps at the end (a refusal leaves
    the table as it was, and its observation draws nothing)."""
    index = len(outcomes) - 1
    while index > 0 and "error" in outcomes[index].observation:
        index -= 1
    return index


def render_scenario_step(path: Path | str, step: int | None = None, four_colour: bool = False) -> str:
    """Replay a scenario (file or id) and draw the state after step `step` (default: the last
    step that was not refused); `four_colour`: a four-colour pack, for games that draw cards."""
    scenario = load_question_file(scenario_path(path))[0]     # a one-off question file need not name clauses
    draw = renderer(scenario.game)
    if draw is None:
        raise SiteError(f"the game {scenario.game.name} draws no diagrams (its GAME has no render_step)")
    if four_colour:
        if "four_colour" not in inspect.signature(draw).parameters:
            raise SiteError(f"the game {scenario.game.name} draws no card suits: --four-colour does not apply")
        draw = functools.partial(draw, four_colour=True)
    outcomes = list(scenario.replay())
    if not outcomes:
        raise SiteError(f"{scenario.path}: the scenario has no steps to draw")
    index = default_step(outcomes) if step is None else step
    if not 0 <= index < len(outcomes):
        raise SiteError(f"{scenario.path}: step {step} is out of range; the steps are numbered "
                        f"0 to {len(outcomes) - 1}")
    outcome = outcomes[index]
    svg = draw(scenario.kind, outcome.observation)
    if not svg:
        raise SiteError(f"{scenario.path}: step {index} ({outcome.action or 'check'}) has nothing to draw "
                        "(its observation holds no layout); pick another step with --step")
    return svg


# -- collecting a game's data -------------------------------------------------------------------

@dataclass
class GameData:
    game: Game
    catalog: Catalog
    scenarios: list[Scenario]
    outcomes: dict[str, list[StepOutcome]]     # scenario id -> its replay

    def citing(self, clause_id: str) -> list[Scenario]:
        return [s for s in self.scenarios if clause_id in s.clauses]

    def replaying(self, example_id: str) -> list[Scenario]:
        return [s for s in self.scenarios if example_id in s.examples]

    def scenario_ids(self) -> set[str]:
        return {s.id for s in self.scenarios}


def collect(game: Game, on_scenario: Callable[[], None] | None = None) -> GameData:
    """Load and replay every scenario of `game` (calling `on_scenario` after each, for progress)."""
    catalog = load_catalog(game.name) if game.catalog_file.exists() else Catalog(game.name, game.title)
    folder = SCENARIO_DIR / game.name
    files = scenario_files([str(folder)]) if folder.is_dir() else []
    scenarios = [s for s in (load_scenario(f) for f in files) if s.game.name == game.name]
    scenarios.sort(key=lambda s: s.id)
    outcomes = {}
    for s in scenarios:
        outcomes[s.id] = list(s.replay())
        if on_scenario:
            on_scenario()
    return GameData(game, catalog, scenarios, outcomes)


def selected_games(names: Sequence[str | Game] | None) -> list[Game]:
    if names:
        games: dict[str, Game] = {}
        for name in names:
            game = name if isinstance(name, Game) else get_game(name)
            games.setdefault(game.name, game)
        return list(games.values())
    try:
        return list(all_games().values())
    except UnknownGame as exc:
        raise SiteError(f"{exc}; name the games to publish with --game") from None


# -- HTML helpers -------------------------------------------------------------------------------

CSS = """
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; color: #1f2937; margin: 20px auto;
       max-width: 1180px; padding: 0 16px; line-height: 1.4; font-size: 15px; background: #ffffff; }
h1 { font-size: 24px; margin: 8px 0; } h2 { font-size: 19px; margin: 20px 0 6px; }
h3 { font-size: 16px; margin: 6px 0; }
nav { font-size: 13px; } nav a { margin-right: 10px; }
code { background: #f3f4f6; padding: 0 3px; border-radius: 3px; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; vertical-align: top;
       border-bottom: 1px solid #e5e7eb; padding: 4px 8px; }
th { background: #f9fafb; } td code { white-space: nowrap; }
table.clause-list, table.clause-list code { font-size: 13.5px; } ul { margin: 4px 0; padding-left: 22px; }
.meta { color: #4b5563; font-size: 14px; } .small { font-size: 13px; color: #4b5563; }
.text { white-space: pre-line; }
.clauses { columns: 2 460px; column-gap: 28px; } .clauses li { break-inside: avoid; }
.overview { float: right; max-width: 46%; margin: 0 0 12px 18px; padding: 6px; border: 1px solid #e5e7eb; }
.overview svg { max-width: 100%; height: auto; } figcaption { font-size: 12px; color: #4b5563; }
h2.steps { clear: both; }
.step { border-top: 2px solid #e5e7eb; margin-top: 14px; padding-top: 6px; }
.step-body { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.diagram { flex: 0 1 auto; max-width: 100%; } .diagram svg { max-width: 100%; height: auto; }
.details { flex: 1 1 340px; min-width: 300px; }
dl { margin: 4px 0; } dt { font-weight: bold; font-size: 13px; } dd { margin: 0 0 4px 14px; }
pre { background: #f9fafb; border: 1px solid #e5e7eb; padding: 6px 8px; overflow-x: auto;
      font-size: 12.5px; margin: 4px 0; white-space: pre-wrap; }
.refused { color: #b91c1c; } .none { color: #6b7280; font-style: italic; }
.status { font-size: 12px; font-weight: bold; padding: 0 4px; border-radius: 3px; white-space: nowrap; }
.status-open { background: #fef3c7; color: #92400e; } .status-decided { background: #dcfce7; color: #166534; }
.status-convention { background: #e0e7ff; color: #3730a3; } .status-rule { background: #f3f4f6; color: #374151; }
.misreading { color: #b91c1c; font-weight: bold; } .lang { font-size: 12px; color: #4b5563; font-weight: bold; }
q.own { quotes: "\\00ab" "\\00bb"; } .words { margin: 0; padding-left: 0; list-style: none; } .words li { margin: 2px 0; }
"""


def e(value: Any) -> str:
    return escape(str(value), quote=True)


def page(title: str, body: Iterable[str], css: str = CSS) -> str:
    """A whole static page: inline CSS, no scripts (the site's and the HTML report's)."""
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{e(title)}</title>\n<style>{css}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def page_name(scenario_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", scenario_id) + ".html"


def as_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def bullet(items: Sequence[str], empty: str = "none") -> str:
    if not items:
        return f'<span class="none">{e(empty)}</span>'
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def scenario_links(scenarios: Iterable[Scenario | str], known: set[str], prefix: str = "") -> list[str]:
    out = []
    for s in scenarios:
        sid = s if isinstance(s, str) else s.id
        out.append(f'<a href="{prefix}{page_name(sid)}">{e(sid)}</a>' if sid in known else
                   f'{e(sid)} <span class="none">(no such scenario)</span>')
    return out


def sources_list(sources: Iterable[tuple[str, str]]) -> list[str]:
    return [f"<code>{e(seed)}</code>: {e(heading)}" for seed, heading in sources]


def status_badge(status: str, text: str | None = None) -> str:
    """A status label (decided / open / convention, or a rule of the texts), coloured."""
    label = text or STATUS_LABEL.get(status, status)
    return f'<span class="status status-{e(status)}">{e(label)}</span>'


def quotes_list(quotes, says: bool = False) -> str:
    """The texts' own words, each with its language (and what it says in English, for a note)."""
    items = []
    for q in quotes:
        told = f' <span class="small">({e(q.says.strip())})</span>' if says and q.says else ""
        items.append(f'<li><span class="lang" title="{e(q.seed)}, {e(q.heading)}">{e(q.lang)}</span> '
                     f'<q class="own" lang="{e(q.lang if q.lang != "components" else "en")}">{e(q.text)}</q>{told}</li>')
    return '<ul class="words">' + "".join(items) + "</ul>" if items else ""


def own_words(entry) -> str:
    """A clause's or worked example's own words, or the table or diagram it is read from."""
    source = own_words_source(entry)
    extra = f'<span class="small">{e(source)}</span>' if source else ""
    return (quotes_list(entry.quotes) + extra) or '<span class="none">no words quoted</span>'


def clause_standing(catalog: Catalog, clause_id: str) -> str:
    """A clause's status cell: a rule of the texts, then every interpretation touching it with its
    own status and every language note on it, each linked."""
    parts = [status_badge("rule", "rule of the texts")]
    for it in touching(catalog, clause_id):
        parts.append(f'<a href="#{e(it.id)}">{e(it.id)}</a> {status_badge(it.status, it.status)}'
                     + (' <span class="misreading">known misreading</span>' if any(
                         a.get("known_misreading") for a in it.alternatives) else ""))
    for note in language_notes(catalog, clause_id):
        parts.append(f'<a href="#{e(note.id)}">{e(note.id)}</a> <span class="small">the languages differ</span>')
    return "<br>".join(parts)


# -- the scenario page --------------------------------------------------------------------------

def scenario_page(data: GameData, scenario: Scenario) -> str:
    catalog, draw = data.catalog, renderer(data.game)
    body = [f'<nav><a href="../index.html">All games</a><a href="index.html">{e(catalog.title)}</a></nav>',
            f"<h1>{e(scenario.title)}</h1>",
            f'<p class="meta">id <code>{e(scenario.id)}</code>; game {e(data.game.name)}; kind '
            f'{e(scenario.kind)}; file <code>{e(display_path(scenario.path))}</code></p>']
    outcomes = {o.index: o for o in data.outcomes.get(scenario.id, [])}
    diagrams = {i: draw(scenario.kind, o.observation) for i, o in outcomes.items()} if draw else {}
    drawn = [i for i in sorted(diagrams) if diagrams[i]]
    if drawn:
        body.append(f'<figure class="overview">{diagrams[drawn[-1]]}<figcaption>The table after step '
                    f'{drawn[-1]}, the last step with a diagram.</figcaption></figure>')
    body.append("<h2>Source</h2>")
    body.append(bullet([f"<code>{e(s.get('seed', ''))}</code>, section &ldquo;{e(s.get('section', ''))}&rdquo;"
                        + (f' <span class="small">({e(s["note"])})</span>' if s.get("note") else "")
                        for s in scenario.sources], "own scenario (no rule-text walk-through)"))
    if scenario.examples:
        body.append("<h2>Worked examples</h2>")
        body.append(bullet([f'<a href="index.html#{e(x)}">{e(x)}</a> '
                            + e(catalog.examples[x].summary if x in catalog.examples else "(not in the catalog)")
                            for x in scenario.examples]))
    body.append(f"<h2>Clauses ({len(scenario.clauses)})</h2>")
    body.append('<ul class="clauses">' + "".join(
        f'<li><a href="index.html#{e(c)}">{e(c)}</a> '
        f'{e(catalog.clauses[c].summary if c in catalog.clauses else "(not in the catalog)")}</li>'
        for c in scenario.clauses) + "</ul>")
    if scenario.interpretations:
        body.append("<h2>Interpretations</h2>")
        items = []
        for i in scenario.interpretations:
            it = catalog.interpretations.get(i)
            items.append(f'<a href="index.html#{e(i)}">{e(i)}</a> '
                         + (f"{status_badge(it.status, interpretation_status(it))} <b>{e(it.title)}</b>: {e(it.reading)}"
                            if it else "(not in the register)"))
        body.append(bullet(items))
    if scenario.options:
        body.append("<h2>Options</h2>")
        body.append(bullet([f"<code>{e(k)} = {e(as_json(v))}</code>" + misread_by(catalog, k, v)
                            for k, v in scenario.options.items()]))
    if scenario.notes:
        body.append(f'<h2>Notes</h2>\n<p class="text">{e(scenario.notes.strip())}</p>')
    if scenario.setup:
        body.append("<h2>Setup</h2>")
        setup = yaml.safe_dump(scenario.setup, sort_keys=False, allow_unicode=True, width=100,
                               default_flow_style=None)
        body.append(f"<pre>{e(setup)}</pre>")
    body.append(f'<h2 class="steps">Steps ({len(scenario.steps)})</h2>')
    for index, step in enumerate(scenario.steps):
        body.append(step_section(index, step, outcomes.get(index), diagrams.get(index, ""), draw is not None))
    return page(f"{scenario.id}: {scenario.title}", body)


def misread_by(catalog: Catalog, name: str, value: Any) -> str:
    """A mark on an option value that is a known misreading of some interpretation."""
    for it in catalog.interpretations.values():
        if it.option and it.option["name"] == name and it.is_known_misreading(value):
            return (f' <span class="misreading">{KNOWN_MISREADING}</span> of <a href="index.html#{e(it.id)}">'
                    f"{e(it.id)}</a>: not a reading of the texts")
    return ""


def step_section(index: int, step: Mapping[str, Any], outcome: StepOutcome | None, svg: str,
                 draws: bool) -> str:
    action = outcome.action if outcome and outcome.action else "check (no action)"
    parts = [f'<section class="step" id="step-{index}">', f"<h3>Step {index}: {e(action)}</h3>"]
    given = {k: v for k, v in step.items() if k not in ("expect", "note")}
    if given:
        parts.append(f'<p class="small">input: <code>{e(as_json(given))}</code></p>')
    if step.get("note"):
        parts.append(f'<p class="text">{e(str(step["note"]).strip())}</p>')
    parts.append('<div class="step-body">')
    if svg:
        parts.append(f'<div class="diagram">{svg}</div>')
    parts.append('<div class="details">')
    expect = step.get("expect") or {}
    parts.append("<h3>Expected</h3>")
    if expect:
        parts.append("<dl>" + "".join(f"<dt>{e(k)}</dt><dd><code>{e(as_json(v))}</code></dd>"
                                      for k, v in expect.items()) + "</dl>")
    else:
        parts.append('<p class="none">nothing checked at this step</p>')
    if outcome is None:
        parts.append('<p class="none">not replayed</p>')
    else:
        if "error" in outcome.observation:
            parts.append(f'<p class="refused">refused under {e(outcome.observation["error"])}; the state is unchanged</p>')
        parts.append("<h3>Engine</h3>")
        parts.append(f"<pre>{e(chr(10).join(outcome.narrative) or '(no narration)')}</pre>")
        if outcome.clauses:
            parts.append(f'<p class="small">clauses applied: {e(", ".join(outcome.clauses))}</p>')
        if draws and not svg:
            parts.append('<p class="none">no diagram: nothing on the table to draw at this step</p>')
    parts.append("</div></div></section>")
    return "\n".join(parts)


# -- the game index -----------------------------------------------------------------------------

def game_index(data: GameData) -> str:
    catalog, known = data.catalog, data.scenario_ids()
    body = ['<nav><a href="../index.html">All games</a></nav>',
            f"<h1>{e(catalog.title)}</h1>",
            f'<p class="meta">Generated from <code>{e(display_path(data.game.catalog_file))}</code>, '
            f'<code>{e(display_path(data.game.interpretations_file))}</code> and '
            f'{len(data.scenarios)} scenarios in <code>{e(display_path(SCENARIO_DIR / data.game.name))}</code>.</p>',
            '<p><a href="#clauses">Clauses</a> &middot; <a href="#examples">Worked examples</a> &middot; '
            '<a href="#interpretations">Interpretations</a> &middot; <a href="#languages">Language notes</a> '
            '&middot; <a href="#scenarios">Scenarios</a></p>',
            '<p class="small">Status: a clause is a rule the texts state; an interpretation is '
            f'{status_badge("decided", "decided")} (the texts decide it, quoted), {status_badge("open", "open")} '
            f'(the texts leave it open: the suite\'s reading is a choice) or a {status_badge("convention", "convention")} '
            'of the suite\'s format; an alternative the texts contradict is a <span class="misreading">known '
            'misreading</span>. Language notes mark where the es, pt and pl texts say different things.</p>',
            f'<h2 id="clauses">Clauses ({len(catalog.clauses)})</h2>',
            '<table class="clause-list"><tr><th>id</th><th>summary</th><th>the texts say</th><th>status</th>'
            "<th>source headings</th><th>cited by</th><th>waiver</th></tr>"]
    for clause in catalog.clauses.values():
        summary = e(clause.summary) + (" <b>(retired)</b>" if clause.retired else "")
        if clause.note:
            summary += f'<br><span class="small">{e(clause.note)}</span>'
        body.append(f'<tr id="{e(clause.id)}"><td><code>{e(clause.id)}</code></td><td>{summary}</td>'
                    f"<td>{own_words(clause)}</td><td>{clause_standing(catalog, clause.id)}</td>"
                    f"<td>{bullet(sources_list(clause.sources))}</td>"
                    f"<td>{bullet(scenario_links(data.citing(clause.id), known))}</td>"
                    f"<td>{e(clause.waiver) if clause.waiver else ''}</td></tr>")
    body.append("</table>")
    body.append(f'<h2 id="examples">Worked examples ({len(catalog.examples)})</h2>')
    body.append("<table><tr><th>id</th><th>summary</th><th>the texts say</th><th>source headings</th>"
                "<th>replayed by</th></tr>")
    for ex in catalog.examples.values():
        body.append(f'<tr id="{e(ex.id)}"><td><code>{e(ex.id)}</code></td><td>{e(ex.summary)}</td>'
                    f"<td>{own_words(ex)}</td><td>{bullet(sources_list(ex.sources))}</td>"
                    f"<td>{bullet(scenario_links(data.replaying(ex.id), known))}</td></tr>")
    body.append("</table>")
    body.append(f'<h2 id="interpretations">Interpretations ({len(catalog.interpretations)})</h2>')
    for it in catalog.interpretations.values():
        body.append(interpretation_section(it, known, catalog))
    body.append(f'<h2 id="languages">Language notes ({len(catalog.languages)})</h2>')
    if not catalog.languages:
        body.append('<p class="none">none: this game has one text</p>')
    for note in catalog.languages.values():
        body.append(language_section(note, catalog))
    body.append(f'<h2 id="scenarios">Scenarios ({len(data.scenarios)})</h2>')
    body.append("<table><tr><th>id</th><th>title</th><th>kind</th><th>steps</th><th>examples</th></tr>")
    for s in data.scenarios:
        body.append(f'<tr id="scenario-{e(s.id)}"><td><a href="{page_name(s.id)}">{e(s.id)}</a></td>'
                    f"<td>{e(s.title)}</td><td>{e(s.kind)}</td><td>{len(s.steps)}</td>"
                    f"<td>{e(', '.join(s.examples))}</td></tr>")
    body.append("</table>")
    return page(catalog.title, body)


def interpretation_section(it, known: set[str], catalog: Catalog | None = None) -> str:
    alternatives = []
    for alt in it.alternatives:
        text = e(alt.get("reading", ""))
        if alt.get("known_misreading"):
            text = f'<span class="misreading">{KNOWN_MISREADING}:</span> ' + text
        if "value" in alt:
            text += f" <code>(option value {e(as_json(alt['value']))})</code>"
        if alt.get("used_by"):
            text += f' <span class="small">used by: {e(alt["used_by"])}</span>'
        alternatives.append(text)
    option = (f"<code>{e(it.option['name'])}</code>, default <code>{e(as_json(it.option['default']))}</code>"
              if it.option else '<span class="none">none (not configurable)</span>')
    rows = [("status", status_badge(it.status, interpretation_status(it)))]
    if it.quotes:
        rows.append(("the texts decide it" if it.status == "decided" else "passages", quotes_list(it.quotes)))
    if it.still_open:
        rows.append(("still open", e(it.still_open)))
    rows += [("question", f'<span class="text">{e(it.question.strip())}</span>'),
            ("clauses", ", ".join(f'<a href="#{e(c)}">{e(c)}</a>' for c in it.clauses)),
            ("reading", f'<span class="text">{e(it.reading.strip())}</span>'),
            ("alternatives", bullet(alternatives)),
            ("option", option),
            ("flag", f"<code>{e(it.flag)}</code>"),
            ("how to skip", e(it.skip) if it.skip else '<span class="none">not stated</span>'),
            ("pinned by", bullet(scenario_links(it.scenarios, known)))]
    notes = notes_of_interpretation(catalog, it.id) if catalog else []
    if notes:
        rows.append(("language notes", ", ".join(f'<a href="#{e(n.id)}">{e(n.id)}</a> {e(n.title)}' for n in notes)))
    return (f'<section class="interpretation" id="{e(it.id)}"><h3>{e(it.id)}: {e(it.title)} '
            f'{status_badge(it.status, it.status)}</h3><dl>'
            + "".join(f"<dt>{e(k)}</dt><dd>{v}</dd>" for k, v in rows) + "</dl></section>")


def language_section(note, catalog: Catalog) -> str:
    """A language note: each text's passage and what it says, the reading used, the cases it
    marks, and the clauses (and interpretation) it is about, linked."""
    rows = [("passages", quotes_list(note.passages, says=True)),
            ("reading used", f'<span class="text">{e(note.reading.strip())}</span>'),
            ("where readings diverge", f'<span class="text">{e(note.diverges.strip())}</span>'),
            ("flag", f"<code>{e(note.flag)}</code>"),
            ("clauses", ", ".join(f'<a href="#{e(c)}">{e(c)}</a>' for c in note.clauses))]
    it = catalog.interpretations.get(note.interpretation)
    if it:
        rows.append(("interpretation", f'<a href="#{e(it.id)}">{e(it.id)}</a> {e(it.title)} '
                                       f"{status_badge(it.status, interpretation_status(it))}"))
    return (f'<section class="language" id="{e(note.id)}"><h3>{e(note.id)}: {e(note.title)}</h3><dl>'
            + "".join(f"<dt>{e(k)}</dt><dd>{v}</dd>" for k, v in rows) + "</dl></section>")


# -- the top index and the whole site -----------------------------------------------------------

def top_index(games: Sequence[GameData]) -> str:
    body = ["<h1>Horse Race conformance suite</h1>",
            '<p class="meta">Clause catalogs, interpretations registers and scenarios, generated by '
            "<code>horserace site</code>.</p>",
            "<table><tr><th>game</th><th>clauses</th><th>worked examples</th><th>interpretations</th>"
            "<th>open</th><th>language notes</th><th>scenarios</th><th>diagrams</th></tr>"]
    for data in games:
        c = data.catalog
        body.append(f'<tr><td><a href="{e(data.game.name)}/index.html">{e(c.title)}</a></td>'
                    f"<td>{len(c.clauses)}</td><td>{len(c.examples)}</td><td>{len(c.interpretations)}</td>"
                    f"<td>{sum(1 for i in c.interpretations.values() if i.status == 'open')}</td>"
                    f"<td>{len(c.languages)}</td>"
                    f"<td>{len(data.scenarios)}</td><td>{'yes' if renderer(data.game) else 'no'}</td></tr>")
    body.append("</table>")
    return page("Horse Race conformance suite", body)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    return path


def build_site(out_dir: Path | str, game_names: Sequence[str | Game] | None = None,
               on_scenario: Callable[[], None] | None = None) -> list[Path]:
    """Write the site under `out_dir` (every game, or those named); returns the files written.
    `on_scenario` is called after each scenario is replayed (a progress display)."""
    out = Path(out_dir)
    games = [collect(game, on_scenario) for game in selected_games(game_names)]
    written = []
    for data in games:
        folder = out / data.game.name
        written.append(write(folder / "index.html", game_index(data)))
        for scenario in data.scenarios:
            written.append(write(folder / page_name(scenario.id), scenario_page(data, scenario)))
    written.append(write(out / "index.html", top_index(games)))
    return written
