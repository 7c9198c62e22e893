"""`horserace ruling`: what the reference does in a position, which rules decide it (with their own
words), and how the outcome changes under every reading that touches it.

A question is a scenario id, a scenario file, or a short question file: no id, title or clauses
are needed, no `expect`, and a game's short position form (reference/core/question.py) spares the
whole deck or pile (a card race takes just the cards to reveal). The position is replayed with
refusals as results: a refused action is shown as refused, with its clause, and the ruling goes
on from the unchanged state. Then every interpretation whose option the replay read is replayed
under each of its option values and the outcomes are set side by side; the interpretations that
touch the applied clauses but have no option are named with their status. `--format md|html`
gives a page a referee can show or print.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any, Mapping, Sequence

from .catalog import Catalog, Clause, Interpretation, LanguageNote, load_catalog
from .errors import HorseRaceError, InputError
from .expect import same
from .game import CaseInput, StepOutcome
from .money import glossary_lines
from .options import tracking_option_reads
from .paths import display_path
from .question import Supply, load_question_file
from .scenario import Scenario, load_scenario
from .site import SiteError, page, scenario_path
from .standing import KNOWN_MISREADING, interpretation_status, own_words_source

MAX_VALUE_CHARS = 70        # an observed value shown wider than this is cut in the text form


class RulingError(HorseRaceError):
    """A question that cannot be ruled on: no such file or scenario, a step out of range."""


# -- the question -------------------------------------------------------------------------------

@dataclass
class Question:
    scenario: Scenario
    source: str                                   # the file or scenario id asked about
    assumed: list[str] = field(default_factory=list)
    supply: Supply | None = None


def load_question(source: str) -> Question:
    """A question file (short form allowed) or a scenario id."""
    path = Path(source)
    if not (path.exists() or path.suffix in (".yaml", ".yml", ".json") or "/" in source):
        try:
            return Question(load_scenario(scenario_path(source), question=True), source)
        except SiteError as exc:
            raise RulingError(f"{exc}; or give a question file (see `horserace ruling --help`)") from None
    if not path.exists():
        raise RulingError(f"{source}: no such file")
    scenario, expanded = load_question_file(path)
    return Question(scenario, display_path(path), expanded.assumed, expanded.supply)


# -- replaying ----------------------------------------------------------------------------------

@dataclass
class Replay:
    outcomes: list[StepOutcome]
    stopped: str = ""          # why the replay stopped before the last step ("" if it did not)


def replay(question: Question, steps: Sequence[Mapping[str, Any]], options: Mapping[str, Any],
           strict: bool = True) -> Replay:
    """The question's steps replayed under `options`, a refused action being a result. A step that
    needs more chance than the question gave stops the replay. `strict`: an input error is the
    question's fault and raised; otherwise (another reading) it stops the replay, said why."""
    scenario = question.scenario
    case = CaseInput(scenario.kind, scenario.setup, list(steps), dict(options), refusals_are_results=True)
    outcomes: list[StepOutcome] = []
    try:
        for outcome in scenario.game.replay(case):
            supply = question.supply
            if supply and supply.used([o.observation for o in outcomes] + [outcome.observation]) > supply.given:
                return Replay(outcomes, f"step {outcome.index} ({outcome.action or 'check'}) needs more "
                                        f"{supply.what} than the {supply.given} given in {supply.field}: the "
                                        f"ruling stops here; add the next ones to {supply.field}")
            outcomes.append(outcome)
    except InputError as exc:
        error = scenario.error(exc)
        if strict:
            raise error from None
        return Replay(outcomes, f"this reading cannot replay the position: {error}")
    return Replay(outcomes)


# -- the ruling ---------------------------------------------------------------------------------

@dataclass
class Difference:
    """How the readings' replays differ at one step."""
    step: int
    action: str
    keys: list[str]                        # the observation keys that differ
    values: list[dict[str, Any]]           # per reading: key -> its value (a mapping narrowed to what differs)
    told: list[list[str]]                  # per reading: what its narration says that not every reading's does
    reached: list[bool]                    # per reading: whether its replay got to this step


@dataclass
class InterpretationRuling:
    interpretation: Interpretation
    values: list[Any]                      # the option values, the position's own first
    labels: list[str]                      # "the suite's default", "alternative", KNOWN_MISREADING
    readings: list[str]                    # the register's words for each
    stopped: list[str]                     # per reading: why its replay stopped early ("" if it did not)
    differences: list[Difference] = field(default_factory=list)    # the first step that differs and the last

    @property
    def differs(self) -> bool:
        return bool(self.differences)


@dataclass
class Ruling:
    question: Question
    catalog: Catalog
    outcomes: list[StepOutcome]
    focus: int | None                    # --step N: the step ruled on (the steps before it are context)
    stopped: str
    options: dict[str, Any]
    interpretations: list[InterpretationRuling]
    not_replayed: list[Interpretation]   # touching the applied clauses, but no option selects another reading
    notes: list[LanguageNote]

    @property
    def applied(self) -> list[str]:
        return sorted({c for o in self.outcomes for c in o.clauses})


def option_value_text(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def reading_text(i: Interpretation, value: Any) -> tuple[str, str]:
    """(label, the register's words) of the reading an option value selects."""
    if same(value, i.option["default"]):
        return "the suite's default", i.reading
    for alternative in i.alternatives:
        if "value" in alternative and same(alternative["value"], value):
            return (KNOWN_MISREADING if alternative.get("known_misreading") else "alternative"), alternative["reading"]
    return "alternative", ""


def rule(question: Question, step: int | None = None) -> Ruling:
    """Replay the question (up to step `step` if given) and compare every reading that touches it."""
    scenario = question.scenario
    steps = list(scenario.steps)
    if step is not None:
        if not 0 <= step < len(steps):
            raise RulingError(f"{question.source}: step {step} is out of range; the steps are numbered 0 to "
                              f"{len(steps) - 1}")
        steps = steps[:step + 1]
    catalog = load_catalog(scenario.game.name)
    options = dict(scenario.options)
    with tracking_option_reads() as reads:
        base = replay(question, steps, options)
    applied = {c for o in base.outcomes for c in o.clauses}
    compared = []
    for i in catalog.interpretations.values():
        if not i.option:
            continue
        name = i.option["name"]
        if reads.may_skip(name) and not applied & set(i.clauses):
            continue            # the replay never read the option: another value changes nothing
        current = options.get(name, i.option["default"])
        values = [current] + [v for v in (i.option["default"], *i.option_alternatives) if not same(v, current)]
        compared.append(compare(question, steps, options, base, i, values))
    seen = {r.interpretation.id for r in compared}
    not_replayed = [i for i in catalog.interpretations.values()
                    if i.id not in seen and applied & set(i.clauses)]
    compared.sort(key=lambda r: (not r.differs, r.interpretation.id))
    notes = [n for n in catalog.languages.values() if applied & set(n.clauses)]
    return Ruling(question, catalog, base.outcomes, step, base.stopped, options, compared, not_replayed, notes)


def compare(question: Question, steps, options, base: Replay, i: Interpretation, values: list) -> InterpretationRuling:
    """The position replayed under each option value of `i`; where the replays first differ, and
    how they end."""
    name = i.option["name"]
    runs = [base] + [replay(question, steps, {**options, name: value}, strict=False) for value in values[1:]]
    texts = [reading_text(i, v) for v in values]
    labels = [label for label, _ in texts]
    result = InterpretationRuling(i, values, labels, [words for _, words in texts], [r.stopped for r in runs])
    length = max(len(r.outcomes) for r in runs)
    differing = [k for k in range(length) if differs_at(runs, k)]
    for k in dict.fromkeys(differing[:1] + ([length - 1] if differing and length - 1 != differing[0] else [])):
        result.differences.append(difference(runs, k))
    return result


def differs_at(runs: Sequence[Replay], index: int) -> bool:
    seen = [r.outcomes[index].observation if index < len(r.outcomes) else None for r in runs]
    return any(o is None or not same(seen[0], o) for o in seen[1:])


def difference(runs: Sequence[Replay], index: int) -> Difference:
    outcomes = [r.outcomes[index] if index < len(r.outcomes) else None for r in runs]
    reached = [o is not None for o in outcomes]
    observed = [o.observation for o in outcomes if o is not None]
    keys = [key for key in dict.fromkeys(k for o in observed for k in o)
            if any(not same(observed[0].get(key), o.get(key)) for o in observed[1:])]
    if any("error" in o for o in observed):
        keys = ["error"]            # a refusal observes nothing else: the other keys say only that
    values = []
    for o in outcomes:
        values.append({key: narrowed(key, o.observation, observed) for key in keys} if o is not None else {})
    narrations = [list(o.narrative[1:]) if o is not None else [] for o in outcomes]
    shared = set.intersection(*(set(n) for n in narrations)) if narrations else set()
    told = [[line.strip() for line in n if line not in shared] for n in narrations]
    if any(told) and "events" in keys and len(keys) > 1:
        keys.remove("events")       # the narration tells the events, readably
    action = next((o.action for o in outcomes if o is not None and o.action), None) or "check"
    return Difference(index, action, keys, values, told, reached)


def narrowed(key: str, observation: Mapping[str, Any], all_observed: Sequence[Mapping[str, Any]]) -> Any:
    """A value as the readings' comparison shows it: a mapping keeps only the entries that differ
    among the readings ({"S": 3, "H": 3, "D": 2, "C": 3} vs {"S": 4, ...}: the differing suits)."""
    value = observation.get(key)
    others = [o.get(key) for o in all_observed]
    if isinstance(value, dict) and all(isinstance(v, dict) for v in others):
        return {k: v for k, v in value.items() if any(not same(v, o.get(k)) for o in others)}
    return value


# -- showing it: text ---------------------------------------------------------------------------

def clause_lines(catalog: Catalog, clause_id: str, langs: Sequence[str] | None, indent: str = "    ") -> list[str]:
    clause: Clause | None = catalog.clauses.get(clause_id)
    if clause is None:
        return [f"{indent}{clause_id}"]
    lines = [f"{indent}{clause_id}: {clause.summary}"]
    for q in clause.quotes:
        if langs is None or q.lang in langs:
            lines.append(f"{indent}  {q.lang} \u00ab{q.text}\u00bb")
    source = own_words_source(clause)
    if source:
        lines.append(f"{indent}  ({source})")
    return lines


def shown(value: Any, width: int = MAX_VALUE_CHARS) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= width else text[:width - 3] + "..."


def header_lines(ruling: Ruling) -> list[str]:
    q, s = ruling.question, ruling.question.scenario
    lines = [f"Ruling: {s.title}",
             f"  asked: {q.source}; game {s.game.name}, kind {s.kind}; options: "
             + (", ".join(f"{k}={option_value_text(v)}" for k, v in ruling.options.items()) or "the defaults")]
    for name, value in ruling.options.items():
        for i in ruling.catalog.interpretations.values():
            if i.option and i.option["name"] == name and i.is_known_misreading(value):
                lines.append(f"  NOTE: {name}={option_value_text(value)} is a {KNOWN_MISREADING} of {i.id}: "
                             "not a reading of the texts")
    if q.assumed:
        lines.append("  assumed (the short form filled in):")
        lines += [f"    - {a}" for a in q.assumed]
    return lines


def step_lines(ruling: Ruling, outcome: StepOutcome, langs: Sequence[str] | None,
               quoted: set[str] | None = None) -> list[str]:
    """A step: what happened and the clauses it applied, each quoted the first time (`quoted`
    collects the clauses already quoted above)."""
    brief = ruling.focus is not None and outcome.index < ruling.focus
    narrative = list(outcome.narrative) or [outcome.action or "check"]
    lines = [f"[{outcome.index}] {narrative[0]}"]
    error = outcome.observation.get("error")
    if brief:
        return lines
    if error:
        lines += [line.replace("  refused under", "  REFUSED under", 1) for line in narrative[1:]]
        lines.append("  the state is unchanged; the ruling goes on")
    else:
        lines += narrative[1:]
    if outcome.clauses:
        quoted = set() if quoted is None else quoted
        fresh = [c for c in outcome.clauses if c not in quoted or error]
        again = [c for c in outcome.clauses if c not in fresh]
        lines.append("  the rule that refuses it:" if error else "  clauses applied:")
        for clause_id in fresh:
            lines += clause_lines(ruling.catalog, clause_id, langs)
        if again:
            lines.append(f"    and, quoted above: {', '.join(again)}")
        quoted.update(outcome.clauses)
    return lines


def value_heading(ir: InterpretationRuling, k: int) -> str:
    mark = {"the suite's default": " (default)", KNOWN_MISREADING: " (KNOWN MISREADING)"}.get(ir.labels[k], "")
    return option_value_text(ir.values[k]) + mark


def difference_lines(ir: InterpretationRuling, d: Difference, width: int = 34) -> list[str]:
    lines = []
    for key in d.keys:
        cells = [shown(v[key], width - 2) if reached else "(not reached)" for v, reached in zip(d.values, d.reached)]
        lines.append(f"      {key}".ljust(24) + "".join(c.ljust(width) for c in cells).rstrip())
    for k, told in enumerate(d.told):
        if told:
            lines.append(f"      under {value_heading(ir, k)}: " + " / ".join(told))
    return lines


def interpretation_lines(ruling: Ruling) -> list[str]:
    lines = []
    for ir in ruling.interpretations:
        i = ir.interpretation
        name = i.option["name"]
        lines.append(f"  {i.id} {i.title} [{interpretation_status(i)}]")
        if not ir.differs:
            values = ", ".join(f"{name}={value_heading(ir, k)}" for k in range(len(ir.values)))
            lines.append(f"    same outcome under every reading: {values}")
            continue
        lines.append(f"    {name}: ".ljust(24) + "".join(value_heading(ir, k).ljust(34) for k in range(len(ir.values))).rstrip())
        for n, d in enumerate(ir.differences):
            where = "first differs" if n == 0 else "at the end"
            lines.append(f"    {where}: step {d.step} ({d.action})")
            lines += difference_lines(ir, d)
        for k, value in enumerate(ir.values):
            lines.append(f"    - {name}={value_heading(ir, k)}: {' '.join(ir.readings[k].split())}")
            if ir.stopped[k]:
                lines.append(f"      {ir.stopped[k]}")
    if ruling.not_replayed:
        lines.append("  touching the applied clauses, with no option that selects another reading (not replayed; "
                     "`horserace explain ID` shows each):")
        for i in ruling.not_replayed:
            lines.append(f"    {i.id} {i.title} [{interpretation_status(i)}]")
    return lines


def text(ruling: Ruling, langs: Sequence[str] | None = None) -> str:
    lines = header_lines(ruling) + ["", "What the reference does:"]
    quoted: set[str] = set()
    for outcome in ruling.outcomes:
        lines += step_lines(ruling, outcome, langs, quoted)
    if ruling.stopped:
        lines.append(f"STOPPED: {ruling.stopped}")
    lines += ["", "Readings that touch this position (each replayed under every option value):"]
    lines += interpretation_lines(ruling) or ["  none"]
    if ruling.notes:
        lines += ["", "Where the es, pt and pl texts differ on these clauses:"]
        lines += [f"  {n.id} {n.title}: reading used - {' '.join(n.reading.split())}" for n in ruling.notes]
    narrated = " ".join(line for o in ruling.outcomes for line in o.narrative)
    glossary = glossary_lines(narrated)
    if glossary:
        lines += [""] + glossary
    return "\n".join(lines) + "\n"


# -- showing it: markdown and HTML ----------------------------------------------------------------

def md_escape(value: str) -> str:
    return value.replace("|", "\\|")


def markdown(ruling: Ruling, langs: Sequence[str] | None = None) -> str:
    q, s = ruling.question, ruling.question.scenario
    out = [f"# Ruling: {s.title}", "",
           f"Asked: `{q.source}`; game {s.game.name}, kind {s.kind}; options: "
           + (", ".join(f"`{k}={option_value_text(v)}`" for k, v in ruling.options.items()) or "the defaults"), ""]
    notes = [line.strip() for line in header_lines(ruling)[2:] if line.strip().startswith("NOTE")]
    out += [f"**{n}**" for n in notes]
    if q.assumed:
        out += ["Assumed (the short form filled in):", ""] + [f"- {a}" for a in q.assumed] + [""]
    out += ["## What the reference does", ""]
    for outcome in ruling.outcomes:
        narrative = list(outcome.narrative) or [outcome.action or "check"]
        out.append(f"### Step {outcome.index}: `{outcome.action or 'check'}`")
        if ruling.focus is not None and outcome.index < ruling.focus:
            out += ["", narrative[0], ""]
            continue
        if "error" in outcome.observation:
            out += ["", f"**REFUSED under {outcome.observation['error']}**; the state is unchanged and the ruling goes on.", ""]
        out += ["", "```", *narrative[1:], "```", ""]
        if outcome.clauses:
            out += ["The rule that refuses it:" if "error" in outcome.observation else "Clauses applied:", ""]
            for clause_id in outcome.clauses:
                clause = ruling.catalog.clauses.get(clause_id)
                out.append(f"- **{clause_id}** {clause.summary if clause else ''}")
                for qt in (clause.quotes if clause else ()):
                    if langs is None or qt.lang in langs:
                        out.append(f"  - {qt.lang} \u00ab{qt.text}\u00bb")
            out.append("")
    if ruling.stopped:
        out += [f"**Stopped:** {ruling.stopped}", ""]
    out += ["## Readings that touch this position", ""]
    for ir in ruling.interpretations:
        i = ir.interpretation
        name = i.option["name"]
        out += [f"### {i.id} {i.title} ({interpretation_status(i)})", ""]
        if not ir.differs:
            out += ["Same outcome under every reading: " + ", ".join(
                f"`{name}={option_value_text(v)}`" for v in ir.values) + ".", ""]
            continue
        out.append(f"| `{name}` | " + " | ".join(f"`{option_value_text(v)}` ({ir.labels[k]})"
                                                 for k, v in enumerate(ir.values)) + " |")
        out.append("|---" * (len(ir.values) + 1) + "|")
        for n, d in enumerate(ir.differences):
            where = "first differs" if n == 0 else "at the end"
            out.append(f"| **{where}: step {d.step}** (`{md_escape(d.action)}`) |" + " |" * len(ir.values))
            for key in d.keys:
                out.append(f"| {key} | " + " | ".join(
                    f"`{md_escape(shown(v[key], 400))}`" if reached else "(not reached)"
                    for v, reached in zip(d.values, d.reached)) + " |")
            out.append("| what happens | " + " | ".join(md_escape(" / ".join(t)) or "-" for t in d.told) + " |")
        out.append("")
        out += [f"- `{name}={option_value_text(v)}` ({ir.labels[k]}): {' '.join(ir.readings[k].split())}"
                + (f" *{ir.stopped[k]}*" if ir.stopped[k] else "") for k, v in enumerate(ir.values)]
        out.append("")
    if ruling.not_replayed:
        out += ["Touching the applied clauses, with no option that selects another reading:", ""]
        out += [f"- **{i.id}** {i.title} ({interpretation_status(i)}): {' '.join(i.reading.split())}"
                for i in ruling.not_replayed]
        out.append("")
    if ruling.notes:
        out += ["## Where the es, pt and pl texts differ", ""]
        out += [f"- **{n.id}** {n.title}: {' '.join(n.reading.split())}" for n in ruling.notes]
        out.append("")
    return "\n".join(out)


RULING_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #1f2937; margin: 20px auto; max-width: 1000px;
       padding: 0 16px; line-height: 1.4; font-size: 15px; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 22px; } h3 { font-size: 15px; margin: 12px 0 4px; }
pre { background: #f9fafb; border: 1px solid #e5e7eb; padding: 6px 8px; white-space: pre-wrap; font-size: 13px; }
table { border-collapse: collapse; } th, td { border: 1px solid #e5e7eb; padding: 3px 7px; text-align: left;
       vertical-align: top; font-size: 13.5px; } th { background: #f9fafb; }
.refused { color: #b91c1c; font-weight: bold; } .misreading { color: #b91c1c; font-weight: bold; }
.status { font-size: 12px; font-weight: bold; padding: 0 4px; border-radius: 3px; }
.status-open { background: #fef3c7; color: #92400e; } .status-decided { background: #dcfce7; color: #166534; }
.status-convention { background: #e0e7ff; color: #3730a3; } .quote { color: #374151; } .lang { font-weight: bold; }
.stopped { background: #fef3c7; padding: 4px 8px; } code { background: #f3f4f6; padding: 0 3px; }
@media print { body { max-width: none; margin: 0; } }
"""


def html(ruling: Ruling, langs: Sequence[str] | None = None) -> str:
    q, s = ruling.question, ruling.question.scenario
    e = lambda value: escape(str(value), quote=True)  # noqa: E731
    body = [f"<h1>Ruling: {e(s.title)}</h1>",
            f"<p>Asked: <code>{e(q.source)}</code>; game {e(s.game.name)}, kind {e(s.kind)}; options: "
            + (", ".join(f"<code>{e(k)}={e(option_value_text(v))}</code>" for k, v in ruling.options.items())
               or "the defaults") + "</p>"]
    for line in header_lines(ruling)[2:]:
        if line.strip().startswith("NOTE"):
            body.append(f'<p class="misreading">{e(line.strip())}</p>')
    if q.assumed:
        body.append("<p>Assumed (the short form filled in):</p><ul>" + "".join(f"<li>{e(a)}</li>" for a in q.assumed) + "</ul>")
    body.append("<h2>What the reference does</h2>")
    for outcome in ruling.outcomes:
        narrative = list(outcome.narrative) or [outcome.action or "check"]
        body.append(f'<h3 id="step-{outcome.index}">Step {outcome.index}: <code>{e(outcome.action or "check")}</code></h3>')
        if ruling.focus is not None and outcome.index < ruling.focus:
            body.append(f"<p>{e(narrative[0])}</p>")
            continue
        if "error" in outcome.observation:
            body.append(f'<p class="refused">REFUSED under {e(outcome.observation["error"])}; the state is unchanged '
                        "and the ruling goes on.</p>")
        body.append(f"<pre>{e(chr(10).join(narrative[1:]))}</pre>")
        if outcome.clauses:
            items = []
            for clause_id in outcome.clauses:
                clause = ruling.catalog.clauses.get(clause_id)
                quotes = "".join(f'<br><span class="quote"><span class="lang">{e(qt.lang)}</span> \u00ab{e(qt.text)}\u00bb</span>'
                                 for qt in (clause.quotes if clause else ()) if langs is None or qt.lang in langs)
                items.append(f"<li><b>{e(clause_id)}</b> {e(clause.summary if clause else '')}{quotes}</li>")
            label = "The rule that refuses it" if "error" in outcome.observation else "Clauses applied"
            body.append(f"<p>{label}:</p><ul>{''.join(items)}</ul>")
    if ruling.stopped:
        body.append(f'<p class="stopped">Stopped: {e(ruling.stopped)}</p>')
    body.append("<h2>Readings that touch this position</h2>")
    for ir in ruling.interpretations:
        i = ir.interpretation
        name = i.option["name"]
        body.append(f'<h3>{e(i.id)} {e(i.title)} <span class="status status-{e(i.status)}">'
                    f"{e(interpretation_status(i))}</span></h3>")
        if not ir.differs:
            body.append("<p>Same outcome under every reading: " + ", ".join(
                f"<code>{e(name)}={e(option_value_text(v))}</code>" for v in ir.values) + ".</p>")
            continue
        rows = [f"<tr><th><code>{e(name)}</code></th>" + "".join(
            f"<th><code>{e(option_value_text(v))}</code><br>"
            + (f'<span class="misreading">{e(ir.labels[k])}</span>' if ir.labels[k] == KNOWN_MISREADING
               else e(ir.labels[k])) + "</th>" for k, v in enumerate(ir.values)) + "</tr>"]
        for n, d in enumerate(ir.differences):
            where = "first differs" if n == 0 else "at the end"
            rows.append(f'<tr><th colspan="{len(ir.values) + 1}">{where}: step {d.step} (<code>{e(d.action)}</code>)</th></tr>')
            for key in d.keys:
                rows.append(f"<tr><th>{e(key)}</th>" + "".join(
                    f"<td><code>{e(shown(v[key], 400))}</code></td>" if reached else "<td>(not reached)</td>"
                    for v, reached in zip(d.values, d.reached)) + "</tr>")
            rows.append("<tr><th>what happens</th>" + "".join(f"<td>{e(' / '.join(t)) or '-'}</td>" for t in d.told)
                        + "</tr>")
        body.append(f"<table>{''.join(rows)}</table>")
        body.append("<ul>" + "".join(f"<li><code>{e(name)}={e(option_value_text(v))}</code> ({e(ir.labels[k])}): "
                                     f"{e(' '.join(ir.readings[k].split()))}"
                                     + (f" <i>{e(ir.stopped[k])}</i>" if ir.stopped[k] else "") + "</li>"
                                     for k, v in enumerate(ir.values)) + "</ul>")
    if ruling.not_replayed:
        body.append("<p>Touching the applied clauses, with no option that selects another reading:</p><ul>" + "".join(
            f'<li><b>{e(i.id)}</b> {e(i.title)} <span class="status status-{e(i.status)}">'
            f"{e(interpretation_status(i))}</span>: {e(' '.join(i.reading.split()))}</li>" for i in ruling.not_replayed)
            + "</ul>")
    if ruling.notes:
        body.append("<h2>Where the es, pt and pl texts differ</h2><ul>" + "".join(
            f"<li><b>{e(n.id)}</b> {e(n.title)}: {e(' '.join(n.reading.split()))}</li>" for n in ruling.notes) + "</ul>")
    return page(f"Ruling: {s.title}", body, RULING_CSS)


FORMATS = {"text": text, "md": markdown, "html": html}
