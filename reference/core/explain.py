"""`horserace explain ID`: a clause, worked example, interpretation or scenario, in plain words."""

from __future__ import annotations

import textwrap

from .catalog import all_catalogs
from .coverage import game_coverage
from .scenario import game_scenarios, scenario_clauses
from .errors import HorseRaceError
from .game import get_game
from .paths import SCENARIO_DIR
from .scenario import load_scenario, scenario_files


class UnknownId(HorseRaceError):
    pass


def wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(" ".join(str(text).split()), 96, initial_indent=indent, subsequent_indent=indent)


def explain(identifier: str) -> list[str]:
    for name, catalog in all_catalogs().items():
        if identifier in catalog.clauses:
            return explain_clause(name, identifier)
        if identifier in catalog.examples:
            return explain_example(name, identifier)
        if identifier in catalog.interpretations:
            return explain_interpretation(name, identifier)
        if identifier in catalog.languages:
            return explain_language(name, identifier)
    files = scenario_files([str(SCENARIO_DIR)])
    # A scenario's id is its game's prefix and its file name (test_suite_integrity holds them
    # so): the files whose name ends the id are read first, the others only if none is it.
    likely = [path for path in files if identifier.endswith(path.stem)]
    for path in likely + [path for path in files if path not in likely]:
        scenario = load_scenario(path)
        if scenario.id == identifier:
            return explain_scenario(scenario)
    raise UnknownId(f"{identifier!r} is not a clause, example, interpretation or scenario id (nor a language note); "
                    "clause ids look like DOM-COUNT-1, interpretations DOM-INT-1, language notes DOM-LANG-1, "
                    "scenarios dom-wt-lone-double")


def sources(pairs) -> list[str]:
    return [f"  {seed} - \"{heading}\"" for seed, heading in pairs]


def explain_clause(game_name: str, clause_id: str) -> list[str]:
    catalog = all_catalogs()[game_name]
    clause = catalog.clauses[clause_id]
    coverage = next(c for c in game_coverage(get_game(game_name)) if c.clause.id == clause_id)
    lines = [f"{clause.id} ({catalog.title})"] + wrap(clause.summary)
    if clause.note:
        lines += wrap(f"Note: {clause.note}")
    lines += ["source:"] + sources(clause.sources)
    touching = [i for i in catalog.interpretations.values() if clause_id in i.clauses]
    lines.append("interpretations that touch it:" if touching else "interpretations that touch it: none")
    for i in touching:
        lines += [f"  {i.id} {i.title}"] + wrap(f"reading: {i.reading}", "    ")
    lines.append(f"scenarios that pin it ({len(coverage.scenarios)}):")
    lines += [f"  {s}" for s in coverage.scenarios] or ["  none"]
    lines.append(f"vector cases that exercise it: {len(coverage.cases)}")
    if clause.waiver:
        lines += wrap(f"waiver: {clause.waiver}")
    return lines


def explain_example(game_name: str, example_id: str) -> list[str]:
    example = all_catalogs()[game_name].examples[example_id]
    lines = [f"{example.id} (worked example)"] + wrap(example.summary) + ["source:"] + sources(example.sources)
    replaying = [s.id for s in game_scenarios(get_game(game_name)) if example_id in s.examples]
    return lines + ["replayed by:"] + [f"  {s}" for s in replaying]


def explain_interpretation(game_name: str, interpretation_id: str) -> list[str]:
    i = all_catalogs()[game_name].interpretations[interpretation_id]
    lines = [f"{i.id} {i.title}", f"status: {i.status}"] + quote_lines(i.quotes)
    if i.still_open:
        lines += ["still open:"] + wrap(i.still_open)
    lines += ["question:"] + wrap(i.question) + ["reading (the suite's default):"] + wrap(i.reading)
    lines.append("alternatives:")
    for alternative in i.alternatives:
        value = f" [option {i.option['name']}: {alternative['value']}]" if i.option and "value" in alternative else ""
        label = "KNOWN MISREADING: " if alternative.get("known_misreading") else ""
        lines += wrap(f"- {label}{alternative['reading']}{value}")
    if i.option:
        lines.append(f"option: {i.option['name']} (default {i.option['default']})")
    lines.append(f"vector flag: {i.flag}")
    if i.skip:
        lines += ["to read it differently:"] + wrap(i.skip)
    lines.append("clauses: " + ", ".join(i.clauses))
    lines.append("pinned by: " + ", ".join(i.scenarios))
    return lines


def quote_lines(quotes) -> list[str]:
    return [line for q in quotes
            for line in wrap(f"{q.lang} ({q.seed}, \"{q.heading}\"): \u00ab{q.text}\u00bb"
                             + (f" - {q.says}" if q.says else ""))]


def explain_language(game_name: str, note_id: str) -> list[str]:
    note = all_catalogs()[game_name].languages[note_id]
    lines = [f"{note.id} {note.title}", "passages:"] + quote_lines(note.passages)
    lines += ["reading used:"] + wrap(note.reading) + ["where readings diverge:"] + wrap(note.diverges)
    tied = f" (the cases of {note.interpretation})" if note.interpretation else ""
    lines.append(f"vector flag: {note.flag}{tied}")
    lines.append("clauses: " + ", ".join(note.clauses))
    return lines


def explain_scenario(scenario) -> list[str]:
    lines = [f"{scenario.id}: {scenario.title}", f"game: {scenario.game.title}, kind: {scenario.kind}"]
    for source in scenario.sources:
        lines.append(f"source: {source['seed']} - \"{source['section']}\"")
    catalog = all_catalogs()[scenario.game.name]
    lines.append("clauses:")
    for cid in sorted(scenario_clauses(scenario)):
        clause = catalog.clauses.get(cid)
        lines.append(f"  {cid}: {clause.summary if clause else '(not in the catalog)'}")
    for iid in scenario.interpretations:
        lines.append(f"interpretation {iid}: {catalog.interpretations[iid].title}")
    if scenario.options:
        lines.append(f"options: {scenario.options}")
    if scenario.notes:
        lines += ["notes:"] + wrap(scenario.notes)
    lines.append("play:")
    for outcome in scenario.replay():
        note = scenario.steps[outcome.index].get("note")
        lines.append(f"[{outcome.index}] {outcome.narrative[0] if outcome.narrative else ''}")
        if note:
            lines += wrap(f"note: {note}")
        lines += list(outcome.narrative[1:])
    return lines
