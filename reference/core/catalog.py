"""Clause catalogs, interpretation registers and language registers (data files of each game
package)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from . import schemas
from .game import Game, all_games, get_game
from .paths import SEEDS_DIR, display_path
from .yamlsource import load_yaml_file


@dataclass(frozen=True)
class Quote:
    """A passage of a rule text: its language key, seed file, section heading and words."""
    lang: str
    seed: str
    heading: str
    text: str
    says: str = ""            # what it says in English (language register only)


@dataclass(frozen=True)
class NumberUse:
    """Numbers a rule decides something about (`numbers:` in a catalog): the listed values, or
    every integer in min..max that is (not) a multiple of some number; `text` says what such a
    number is under the rule."""
    text: str
    values: tuple[int, ...] = ()
    min: int | None = None
    max: int | None = None
    multiple_of: int | None = None
    not_multiple_of: int | None = None

    def covers(self, number: int) -> bool:
        if self.values:
            return number in self.values
        if self.min is not None and number < self.min or self.max is not None and number > self.max:
            return False
        if self.multiple_of and number % self.multiple_of:
            return False
        return not (self.not_multiple_of and number % self.not_multiple_of == 0)


@dataclass(frozen=True)
class Clause:
    id: str
    game: str
    section: str
    summary: str
    sources: tuple[tuple[str, str], ...]   # (seed file, section heading) in each language
    note: str = ""
    waiver: str = ""
    retired: bool = False
    not_recorded: str = ""                 # why no vector step records it (applied before the first step)
    quotes: tuple[Quote, ...] = ()         # its own words: the sentence(s) of each text it restates
    table: str = ""                        # read from a table (which one)
    diagram: str = ""                      # read from a diagram (which one)
    numbers: tuple[NumberUse, ...] = ()


@dataclass(frozen=True)
class Example:
    id: str
    game: str
    summary: str
    sources: tuple[tuple[str, str], ...]
    quotes: tuple[Quote, ...] = ()
    table: str = ""
    diagram: str = ""


STATUSES = ("open", "decided", "convention")


@dataclass(frozen=True)
class Interpretation:
    id: str
    game: str
    title: str
    question: str
    clauses: tuple[str, ...]
    reading: str
    alternatives: tuple[dict[str, Any], ...]
    flag: str
    scenarios: tuple[str, ...]
    option: dict[str, Any] | None = None
    skip: str = ""
    status: str = "open"                  # open, decided (by the quotes) or a format convention
    quotes: tuple[Quote, ...] = ()
    still_open: str = ""

    @property
    def option_alternatives(self) -> tuple[Any, ...]:
        """The option values of the alternatives: the readings a case is replayed under to
        derive its flags (reference.core.vectors)."""
        if not self.option:
            return ()
        return tuple(a["value"] for a in self.alternatives if "value" in a)

    def is_known_misreading(self, value: Any) -> bool:
        return any(a.get("known_misreading") and "value" in a and a["value"] == value
                   and type(a["value"]) is type(value) for a in self.alternatives)


@dataclass(frozen=True)
class LanguageNote:
    """A place where the texts in different languages say different things (DOM-LANG-n)."""
    id: str
    game: str
    title: str
    clauses: tuple[str, ...]
    passages: tuple[Quote, ...]
    reading: str
    diverges: str
    flag: str
    interpretation: str = ""


@dataclass
class Catalog:
    game: str
    title: str
    clauses: dict[str, Clause] = field(default_factory=dict)
    examples: dict[str, Example] = field(default_factory=dict)
    interpretations: dict[str, Interpretation] = field(default_factory=dict)
    languages: dict[str, LanguageNote] = field(default_factory=dict)
    sections: dict[str, dict[str, str]] = field(default_factory=dict)   # name -> language -> heading
    seeds: dict[str, str] = field(default_factory=dict)                 # language -> seed or source file


def _check_texts_are_there(doc, data: dict) -> None:
    """Every rule text the catalog names (`seeds`: under shared/seeds; `sources`: under shared/)
    is there, when the texts are beside the checkout (a wheel ships none: nothing to check). A
    catalog naming a text that is not there would quote nothing, and name a missing file as the
    source of every clause."""
    from .seed_texts import available, seed_path
    if not available():
        return
    for key, where in (("seeds", SEEDS_DIR), ("sources", SEEDS_DIR.parent)):
        for lang, name in data.get(key, {}).items():
            if not seed_path(name).is_file():
                raise doc.error((key, lang), f"no rule text {name} in {where}: put the text there, or name "
                                "the file it is in")


def _sources(doc, data: dict, section: str, path: tuple) -> tuple[tuple[str, str], ...]:
    headings = data["sections"].get(section)
    if headings is None:
        raise doc.error(path, f"unknown section '{section}'; sections are {', '.join(data['sections'])}")
    out = []
    for lang, heading in headings.items():
        seed = data["seeds"].get(lang) or data.get("sources", {}).get(lang)
        if seed is None:
            raise doc.error(("sections", section, lang), f"no seed or source named '{lang}'")
        out.append((seed, heading))
    return tuple(out)


@lru_cache(maxsize=None)
def load_catalog(game_name: str) -> Catalog:
    game: Game = get_game(game_name)
    doc = load_yaml_file(game.catalog_file)
    doc.path = display_path(game.catalog_file)
    schemas.check(doc.data, "clauses.schema.json", doc)
    data = doc.data
    _check_texts_are_there(doc, data)
    catalog = Catalog(game=game.name, title=data["title"], sections=dict(data["sections"]),
                      seeds={**data.get("sources", {}), **data["seeds"]})
    for index, raw in enumerate(data["clauses"]):
        path = ("clauses", index)
        if not raw["id"].startswith(game.clause_prefix):
            raise doc.error(path + ("id",), f"clause ids of {game.name} start with {game.clause_prefix}")
        if raw["id"] in catalog.clauses:
            raise doc.error(path + ("id",), f"duplicate clause id {raw['id']}")
        catalog.clauses[raw["id"]] = Clause(
            id=raw["id"], game=game.name, section=raw["section"], summary=raw["summary"],
            sources=_sources(doc, data, raw["section"], path + ("section",)),
            note=raw.get("note", ""), waiver=raw.get("waiver", ""), retired=raw.get("retired", False),
            not_recorded=raw.get("not_recorded", ""),
            quotes=_own_words(doc, catalog, raw, raw["section"], path), table=raw.get("table", ""),
            diagram=raw.get("diagram", ""), numbers=tuple(_number_use(n) for n in raw.get("numbers", ())))
    for index, raw in enumerate(data.get("examples", [])):
        sources = tuple(s for k, sec in enumerate(raw["sections"])
                        for s in _sources(doc, data, sec, ("examples", index, "sections", k)))
        if raw["id"] in catalog.examples:
            raise doc.error(("examples", index, "id"), f"duplicate example id {raw['id']}")
        catalog.examples[raw["id"]] = Example(
            raw["id"], game.name, raw["summary"], sources,
            quotes=_own_words(doc, catalog, raw, raw["sections"][0], ("examples", index)),
            table=raw.get("table", ""), diagram=raw.get("diagram", ""))
    if game.interpretations_file.exists():
        _load_interpretations(game, catalog)
    if languages_file(game).exists():
        _load_languages(game, catalog)
    return catalog


def languages_file(game: Game):
    return game.package_dir / "languages.yaml"


def _quote(doc, catalog: Catalog, raw: dict, path: tuple) -> Quote:
    """A quoted passage; its seed file and heading come from the catalog's sections."""
    headings = catalog.sections.get(raw["section"])
    if headings is None:
        raise doc.error(path + ("section",), f"unknown section '{raw['section']}'; sections are "
                        + ", ".join(catalog.sections))
    if raw["lang"] not in headings:
        raise doc.error(path + ("lang",), f"section '{raw['section']}' has no '{raw['lang']}' text; it has "
                        + ", ".join(headings))
    return Quote(raw["lang"], catalog.seeds[raw["lang"]], headings[raw["lang"]], " ".join(raw["text"].split()),
                 raw.get("says", ""))


def _own_words(doc, catalog: Catalog, raw: dict, section: str, path: tuple) -> tuple[Quote, ...]:
    """A catalog entry's `quotes`: per language key, its sentences, in the entry's section unless
    a quote names another."""
    out = []
    for lang, items in raw.get("quotes", {}).items():
        for k, item in enumerate(items):
            where = path + ("quotes", lang, k)
            if lang not in catalog.seeds:
                raise doc.error(path + ("quotes", lang), f"no seed or source named '{lang}'; the catalog has "
                                + ", ".join(catalog.seeds))
            entry = {"lang": lang, "section": section, "text": item} if isinstance(item, str) else \
                {"lang": lang, **item}
            out.append(_quote(doc, catalog, entry, where))
    return tuple(out)


def _number_use(raw: dict) -> NumberUse:
    return NumberUse(raw["as"], tuple(raw.get("values", ())), raw.get("min"), raw.get("max"),
                     raw.get("multiple_of"), raw.get("not_multiple_of"))


def _check_clauses(doc, catalog: Catalog, clauses: list[str], path: tuple) -> None:
    for k, clause in enumerate(clauses):
        if clause not in catalog.clauses:
            raise doc.error(path + ("clauses", k), f"unknown clause {clause}")


def _load_interpretations(game: Game, catalog: Catalog) -> None:
    doc = load_yaml_file(game.interpretations_file)
    doc.path = display_path(game.interpretations_file)
    schemas.check(doc.data, "interpretations.schema.json", doc)
    for index, raw in enumerate(doc.data["interpretations"]):
        path = ("interpretations", index)
        _check_clauses(doc, catalog, raw["clauses"], path)
        option = raw.get("option")
        if option and option["name"] not in game.option_defaults:
            raise doc.error(path + ("option", "name"), f"{game.name} has no option '{option['name']}'")
        if option and game.option_defaults[option["name"]] != option["default"]:
            raise doc.error(path + ("option", "default"),
                            f"the engine's default is {game.option_defaults[option['name']]!r}")
        for k, alternative in enumerate(raw["alternatives"]):
            if alternative.get("known_misreading") and raw["status"] != "decided":
                raise doc.error(path + ("alternatives", k, "known_misreading"),
                                "only a point the texts decide (status: decided) can have a known misreading")
            if option and "value" in alternative and alternative["value"] == option["default"]:
                raise doc.error(path + ("alternatives", k, "value"), "an alternative repeats the default")
        if raw["id"] in catalog.interpretations:
            raise doc.error(path + ("id",), f"duplicate interpretation id {raw['id']}")
        quotes = tuple(_quote(doc, catalog, q, path + ("quotes", k)) for k, q in enumerate(raw.get("quotes", [])))
        catalog.interpretations[raw["id"]] = Interpretation(
            id=raw["id"], game=game.name, title=raw["title"], question=raw["question"],
            clauses=tuple(raw["clauses"]), reading=raw["reading"],
            alternatives=tuple(raw["alternatives"]), flag=raw["flag"],
            scenarios=tuple(raw["scenarios"]), option=option, skip=raw.get("skip", ""),
            status=raw["status"], quotes=quotes, still_open=" ".join(raw.get("still_open", "").split()))


def _load_languages(game: Game, catalog: Catalog) -> None:
    path_ = languages_file(game)
    doc = load_yaml_file(path_)
    doc.path = display_path(path_)
    schemas.check(doc.data, "languages.schema.json", doc)
    prefix = game.clause_prefix.rstrip("-") + "-LANG-"
    for index, raw in enumerate(doc.data["languages"]):
        path = ("languages", index)
        if not raw["id"].startswith(prefix):
            raise doc.error(path + ("id",), f"language notes of {game.name} start with {prefix}")
        if raw["id"] in catalog.languages:
            raise doc.error(path + ("id",), f"duplicate language note id {raw['id']}")
        _check_clauses(doc, catalog, raw["clauses"], path)
        interpretation = raw.get("interpretation", "")
        if interpretation:
            if interpretation not in catalog.interpretations:
                raise doc.error(path + ("interpretation",), f"unknown interpretation {interpretation}")
            if catalog.interpretations[interpretation].flag != raw["flag"]:
                raise doc.error(path + ("flag",), f"the cases are {interpretation}'s: use its flag "
                                f"{catalog.interpretations[interpretation].flag}")
        passages = tuple(_quote(doc, catalog, q, path + ("passages", k)) for k, q in enumerate(raw["passages"]))
        catalog.languages[raw["id"]] = LanguageNote(
            id=raw["id"], game=game.name, title=raw["title"], clauses=tuple(raw["clauses"]), passages=passages,
            reading=raw["reading"], diverges=raw["diverges"], flag=raw["flag"], interpretation=interpretation)


def all_catalogs() -> dict[str, Catalog]:
    return {name: load_catalog(name) for name in all_games()}


def find_clause(clause_id: str) -> Clause | None:
    for catalog in all_catalogs().values():
        if clause_id in catalog.clauses:
            return catalog.clauses[clause_id]
    return None



def find_interpretation(entry_id: str) -> Interpretation | None:
    """The register entry (`HF-INT-22`) of any game, or None."""
    for catalog in all_catalogs().values():
        if entry_id in catalog.interpretations:
            return catalog.interpretations[entry_id]
    return None


RULE_LINE_LIMIT = 160       # characters of a rule's line in a report


def rule_line(rule_id: str) -> str | None:
    """What a charged id is about, in one line for a failure's report: a clause's summary; an
    interpretation's title, the clauses it reads and the option that selects another reading
    (a failure charged to it may be that other reading, or a misreading of those clauses).
    None for an id that no catalog holds."""
    clause = find_clause(rule_id)
    if clause is not None:
        text = clause.summary
    else:
        entry = find_interpretation(rule_id)
        if entry is None:
            return None
        option = f"; option {entry.option['name']}" if entry.option else ""
        text = f"{entry.title} (the suite's reading of {', '.join(entry.clauses)}{option})"
    text = " ".join(text.split())
    return text if len(text) <= RULE_LINE_LIMIT else text[:RULE_LINE_LIMIT - 3] + "..."
