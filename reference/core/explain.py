"""`horserace explain ID`: a clause, worked example, interpretation, language note or scenario, in
plain words: the rule's own words in each language, its status (decided / open / convention,
known misreadings), the readings that touch it, the language notes on it, and what pins it.

Ids are taken in any case (`crd-race-4`); an id that matches nothing gets the nearest ids and a
`horserace find` to try.
"""

from __future__ import annotations

import difflib
import re
import textwrap

from .catalog import Catalog, Interpretation, all_catalogs
from .coverage import game_coverage
from .errors import HorseRaceError
from .game import get_game
from .money import glossary_lines
from .paths import SCENARIO_DIR
from .scenario import game_scenarios, load_scenario, scenario_clauses, scenario_files
from .standing import (KNOWN_MISREADING, STATUS_LABEL, clause_status, interpretation_status, language_notes,
                       notes_of_interpretation, own_words_source, touching)


class UnknownId(HorseRaceError):
    pass


def wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(" ".join(str(text).split()), 96, initial_indent=indent, subsequent_indent=indent)


def catalog_ids() -> dict[str, tuple[str, str]]:
    """Upper-case id -> (game, kind) for every clause, example, interpretation and language note."""
    out = {}
    for name, catalog in all_catalogs().items():
        for kind, ids in (("clause", catalog.clauses), ("example", catalog.examples),
                          ("interpretation", catalog.interpretations), ("language", catalog.languages)):
            out.update({i.upper(): (name, kind) for i in ids})
    return out


def scenario_ids() -> dict[str, object]:
    """Scenario id -> its file (every scenario of every game)."""
    return {load_scenario(path).id: path for path in scenario_files([str(SCENARIO_DIR)])}


def explain(identifier: str) -> list[str]:
    wanted = identifier.strip()
    found = catalog_ids().get(wanted.upper())
    if found:
        game, kind = found
        real = next(i for i in _ids_of(all_catalogs()[game], kind) if i.upper() == wanted.upper())
        return {"clause": explain_clause, "example": explain_example, "interpretation": explain_interpretation,
                "language": explain_language}[kind](game, real)
    files = scenario_files([str(SCENARIO_DIR)])
    lowered = wanted.lower()
    # A scenario's id is its game's prefix and its file name (test_suite_integrity holds them
    # so): the files whose name ends the id are read first, the others only if none is it.
    likely = [path for path in files if lowered.endswith(path.stem)]
    for path in likely + [path for path in files if path not in likely]:
        scenario = load_scenario(path)
        if scenario.id == lowered:
            return explain_scenario(scenario)
    raise UnknownId(unknown_message(wanted))


def _ids_of(catalog: Catalog, kind: str):
    return {"clause": catalog.clauses, "example": catalog.examples, "interpretation": catalog.interpretations,
            "language": catalog.languages}[kind]


def unknown_message(wanted: str) -> str:
    """No such id: the nearest ids, and the words to try with `find`."""
    ids = [i for name in all_catalogs() for kind in ("clause", "example", "interpretation", "language")
           for i in _ids_of(all_catalogs()[name], kind)]
    near = difflib.get_close_matches(wanted.upper(), ids, n=5, cutoff=0.6)
    scenarios = sorted(scenario_ids())
    near += difflib.get_close_matches(wanted.lower(), scenarios, n=3, cutoff=0.75)
    message = f"{wanted!r} is not a clause, worked example, interpretation, language note or scenario id"
    if near:
        message += "; the nearest ids: " + ", ".join(near)
    looks_like_an_id = re.fullmatch(r"[A-Za-z]{2,5}(-[A-Za-z0-9]+)+", wanted) is not None
    words = "WORDS" if looks_like_an_id or not wanted else wanted
    message += f"; to search by words (any of en, es, pt, pl): horserace find {words}"
    return message + ". Ids look like DOM-COUNT-1, DOM-EX-3, DOM-INT-1, DOM-LANG-1, dom-wt-lone-double."


def sources(pairs) -> list[str]:
    return [f"  {seed} - \"{heading}\"" for seed, heading in pairs]


def quote_lines(quotes, indent: str = "  ") -> list[str]:
    return [line for q in quotes
            for line in wrap(f"{q.lang} ({q.seed}, \"{q.heading}\"): \u00ab{q.text}\u00bb"
                             + (f" - {q.says}" if q.says else ""), indent)]


def own_words_lines(entry, indent: str = "  ") -> list[str]:
    """What the texts say, verbatim, for a clause or worked example."""
    lines = []
    if entry.quotes:
        lines += ["the texts say:"] + quote_lines(entry.quotes, indent)
    source = own_words_source(entry)
    if source:
        lines += wrap(source, indent)
    return lines


def interpretation_brief(i: Interpretation, indent: str = "    ") -> list[str]:
    """An interpretation as a clause shows it: its real status first, then the reading used and
    every alternative, known misreadings marked."""
    lines = [f"{indent[:-2]}{i.id} {i.title}", f"{indent}status: {interpretation_status(i)}"]
    if i.still_open:
        lines += wrap(f"still open: {i.still_open}", indent)
    reading = "reading the texts decide" if i.status == "decided" else "reading the suite uses (its default)"
    lines += wrap(f"{reading}: {i.reading}", indent)
    lines += alternative_lines(i, indent)
    return lines


def alternative_lines(i: Interpretation, indent: str = "  ") -> list[str]:
    lines = []
    for alternative in i.alternatives:
        value = f" [option {i.option['name']}: {alternative['value']}]" if i.option and "value" in alternative else ""
        label = f"{KNOWN_MISREADING}: " if alternative.get("known_misreading") else "alternative: "
        lines += wrap(f"- {label}{alternative['reading']}{value}", indent)
    return lines


def explain_clause(game_name: str, clause_id: str) -> list[str]:
    catalog = all_catalogs()[game_name]
    clause = catalog.clauses[clause_id]
    coverage = next(c for c in game_coverage(get_game(game_name)) if c.clause.id == clause_id)
    lines = [f"{clause.id} ({catalog.title})"] + wrap(clause.summary)
    lines += wrap(f"status: {clause_status(catalog, clause)}", "")
    if clause.note:
        lines += wrap(f"Note: {clause.note}")
    lines += own_words_lines(clause)
    lines += ["source:"] + sources(clause.sources)
    if clause.numbers:
        lines.append("numbers it decides about:")
        lines += [line for n in clause.numbers for line in wrap(n.text)]
    interpretations = touching(catalog, clause_id)
    lines.append("interpretations that touch it:" if interpretations else "interpretations that touch it: none")
    for i in interpretations:
        lines += interpretation_brief(i)
    notes = language_notes(catalog, clause_id)
    if notes:
        lines.append("language notes (where the es, pt and pl texts differ on it):")
        for note in notes:
            lines += [f"  {note.id} {note.title}"] + wrap(f"reading used: {note.reading}", "    ")
    lines.append(f"scenarios that pin it ({len(coverage.scenarios)}):")
    lines += [f"  {s}" for s in coverage.scenarios] or ["  none"]
    lines.append(f"vector cases that exercise it: {len(coverage.cases)}")
    if clause.waiver:
        lines += wrap(f"waiver: {clause.waiver}")
    lines += glossary_lines(clause.summary + " " + " ".join(i.reading for i in interpretations))
    return lines


def explain_example(game_name: str, example_id: str) -> list[str]:
    example = all_catalogs()[game_name].examples[example_id]
    lines = [f"{example.id} (worked example)"] + wrap(example.summary) + own_words_lines(example)
    lines += ["source:"] + sources(example.sources)
    replaying = [s.id for s in game_scenarios(get_game(game_name)) if example_id in s.examples]
    lines += ["replayed by:"] + [f"  {s}" for s in replaying]
    return lines + glossary_lines(example.summary)


def explain_interpretation(game_name: str, interpretation_id: str) -> list[str]:
    catalog = all_catalogs()[game_name]
    i = catalog.interpretations[interpretation_id]
    lines = [f"{i.id} {i.title}", f"status: {interpretation_status(i)}"]
    if i.quotes:
        lines += ["the texts decide it:" if i.status == "decided" else "passages:"] + quote_lines(i.quotes)
    if i.still_open:
        lines += ["still open:"] + wrap(i.still_open)
    lines += ["question:"] + wrap(i.question) + ["reading (the suite's default):"] + wrap(i.reading)
    lines.append("alternatives:")
    lines += alternative_lines(i)
    if i.option:
        lines.append(f"option: {i.option['name']} (default {i.option['default']})")
    lines.append(f"vector flag: {i.flag}")
    if i.skip:
        lines += ["to read it differently:"] + wrap(i.skip)
    lines.append("clauses:")
    lines += [line for c in i.clauses for line in wrap(f"{c}: {catalog.clauses[c].summary}" if c in catalog.clauses else c)]
    notes = notes_of_interpretation(catalog, i.id)
    if notes:
        lines.append("language notes on it: " + ", ".join(f"{n.id} ({n.title})" for n in notes))
    lines.append("pinned by: " + ", ".join(i.scenarios))
    return lines + glossary_lines(" ".join([i.question, i.reading, *(a["reading"] for a in i.alternatives)]))


def explain_language(game_name: str, note_id: str) -> list[str]:
    catalog = all_catalogs()[game_name]
    note = catalog.languages[note_id]
    lines = [f"{note.id} {note.title}", "status: the languages differ here", "passages:"] + quote_lines(note.passages)
    lines += ["reading used:"] + wrap(note.reading) + ["where readings diverge:"] + wrap(note.diverges)
    tied = f" (the cases of {note.interpretation})" if note.interpretation else ""
    lines.append(f"vector flag: {note.flag}{tied}")
    if note.interpretation in catalog.interpretations:
        i = catalog.interpretations[note.interpretation]
        lines += [f"interpretation {i.id} {i.title}", f"  status: {interpretation_status(i)}"]
    lines.append("clauses:")
    lines += [line for c in note.clauses for line in wrap(f"{c}: {catalog.clauses[c].summary}")]
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
        i = catalog.interpretations[iid]
        lines.append(f"interpretation {iid}: {i.title} [{STATUS_LABEL[i.status]}]")
    if scenario.options:
        lines.append(f"options: {scenario.options}")
        for name, value in scenario.options.items():
            for i in catalog.interpretations.values():
                if i.option and i.option["name"] == name and i.is_known_misreading(value):
                    lines.append(f"  {name}: {value} is a {KNOWN_MISREADING} of {i.id}: not a reading of the texts")
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
