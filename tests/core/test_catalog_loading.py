"""The clause catalogs, interpretation and language registers as loaded (reference/core/catalog.py):
every mistake in them is refused where it stands (file, line, field), and what is loaded cannot be
changed by its readers (the catalogs are cached once per process and shared by every command).

The broken files are copies of a real game's files with one line edited; the line and field an
error must name are found in the copy, and the entry's index in the original's list.
"""

from __future__ import annotations

import dataclasses
import shutil

import pytest
import yaml

from reference.core import catalog as catalog_module
from reference.core.catalog import all_catalogs
from reference.core.errors import ScenarioError
from reference.core.game import get_game

GAME = "dominoes"       # data: the game with all three files (clauses, interpretations, languages)
FILES = ("clauses.yaml", "interpretations.yaml", "languages.yaml")


@pytest.fixture()
def edited(tmp_path, monkeypatch):
    """edit(file, old, new) -> (path, line of the edit, load): the game's catalog files copied to
    tmp_path, `old` replaced by `new` once in `file`, and the loader reading the copies (without
    its cache: the real catalog stays cached)."""
    real = get_game(GAME)
    package = tmp_path / GAME
    package.mkdir()
    for name in FILES:
        shutil.copy(real.package_dir / name, package / name)
    monkeypatch.setattr(catalog_module, "get_game",
                        lambda name: dataclasses.replace(real, package_dir=package) if name == GAME else get_game(name))

    def edit(name: str, old: str, new: str):
        path = package / name
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, old
        line = text[:text.index(old)].count("\n") + 1
        path.write_text(text.replace(old, new), encoding="utf-8")
        return path, line, catalog_module.load_catalog.__wrapped__
    return edit


def index_of(name: str, section: str, entry_id: str) -> int:
    data = yaml.safe_load((get_game(GAME).package_dir / name).read_text(encoding="utf-8"))
    return [e["id"] for e in data[section]].index(entry_id)


# (file, section, the entry edited, old line, new line, the message's words)
MISTAKES = [
    ("clauses.yaml", "clauses", "DOM-SET-2", "  - id: DOM-SET-2\n", "  - id: DOM-SET-1\n",
     "duplicate clause id DOM-SET-1"),
    ("clauses.yaml", "clauses", "DOM-SET-2", "  - id: DOM-SET-2\n", "  - id: CRD-SET-2\n",
     "clause ids of dominoes start with DOM-"),
    ("clauses.yaml", "examples", "DOM-EX-2", "  - id: DOM-EX-2\n", "  - id: DOM-EX-1\n",
     "duplicate example id DOM-EX-1"),
    ("interpretations.yaml", "interpretations", "DOM-INT-2", "  - id: DOM-INT-2\n", "  - id: DOM-INT-1\n",
     "duplicate interpretation id DOM-INT-1"),
    ("languages.yaml", "languages", "DOM-LANG-2", "  - id: DOM-LANG-2\n", "  - id: DOM-LANG-1\n",
     "duplicate language note id DOM-LANG-1"),
    ("languages.yaml", "languages", "DOM-LANG-2", "  - id: DOM-LANG-2\n", "  - id: CRD-LANG-2\n",
     "language notes of dominoes start with DOM-LANG-"),
]


@pytest.mark.parametrize("name, section, entry_id, old, new, words", MISTAKES,
                         ids=[m[-1] for m in MISTAKES])
def test_a_mistake_in_a_catalog_is_refused_at_its_file_line_and_field(edited, name, section, entry_id, old, new,
                                                                      words):
    path, line, load = edited(name, old, new)
    with pytest.raises(ScenarioError) as raised:
        load(GAME)
    error = raised.value
    assert words in str(error)
    assert error.file.endswith(f"{GAME}/{name}")
    assert (error.line, error.field) == (line, f"{section}[{index_of(name, section, entry_id)}].id")


def test_a_language_note_naming_an_unknown_clause_is_refused_at_that_clause(edited):
    old = "    clauses: [DOM-OPEN-6, DOM-OPEN-1]\n"
    path, line, load = edited("languages.yaml", old, old.replace("DOM-OPEN-1", "DOM-OPEN-99"))
    with pytest.raises(ScenarioError) as raised:
        load(GAME)
    assert "unknown clause DOM-OPEN-99" in str(raised.value)
    assert (raised.value.line, raised.value.field) == (line, "languages[0].clauses[1]")


OPTION_LINE = "    option: {name: continuation_when_unable, default: draw}\n"


@pytest.mark.parametrize("new, field, words", [
    (OPTION_LINE.replace("continuation_when_unable", "continuation_if_unable"), "name",
     "dominoes has no option 'continuation_if_unable'"),
    (OPTION_LINE.replace("default: draw", "default: end_turn"), "default", "the engine's default is 'draw'"),
], ids=["unknown option", "wrong default"])
def test_an_interpretations_option_the_engine_does_not_have_is_refused_at_that_field(edited, new, field, words):
    """An interpretation's option must be one the engine offers, with the engine's own default:
    refused at its line, at the option's field, with a located error (not a crash)."""
    path, line, load = edited("interpretations.yaml", OPTION_LINE, new)
    with pytest.raises(ScenarioError) as raised:
        load(GAME)
    assert words in str(raised.value)
    index = index_of("interpretations.yaml", "interpretations", "DOM-INT-1")
    assert (raised.value.line, raised.value.field) == (line, f"interpretations[{index}].option.{field}")


def test_the_copies_as_they_are_load(edited):
    """The fixture's copies, unedited, load: the errors above come from the edits alone."""
    _, _, load = edited("clauses.yaml", "  - id: DOM-SET-2\n", "  - id: DOM-SET-2\n")
    catalog = load(GAME)
    assert "DOM-SET-2" in catalog.clauses and "DOM-LANG-2" in catalog.languages


def every_loaded_entry():
    for catalog in all_catalogs().values():
        for entries in (catalog.clauses, catalog.examples, catalog.interpretations, catalog.languages):
            for entry in entries.values():
                yield entry
                yield from getattr(entry, "quotes", ())
                yield from getattr(entry, "passages", ())
                yield from getattr(entry, "numbers", ())


def test_no_reader_can_change_a_loaded_catalog_entry():
    """load_catalog is cached: a command that changed an entry (a clause's summary, a quote's text,
    a number rule) would change it for every later command of the process."""
    kinds = set()
    for entry in every_loaded_entry():
        kinds.add(type(entry).__name__)
        first = dataclasses.fields(entry)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(entry, first, "changed")
    assert kinds >= {"Clause", "Example", "Interpretation", "LanguageNote", "Quote", "NumberUse"}
