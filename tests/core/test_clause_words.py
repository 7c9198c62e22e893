"""Every clause carries its own words (issue 33, item 2): the verbatim sentence(s) of each text it
restates, or the table or diagram it is read from.

The quotes themselves are checked against the seed texts by the one check of every quote of the
suite, `test_register.test_every_quote_is_verbatim_in_its_seed_under_its_section_heading`
(`reference.core.seed_texts.quote_problem`); the tests here hold that every clause has them, in
every language of its section, and that the check does refuse what is not in the text.
"""

from __future__ import annotations

import re

import pytest

from reference.core.catalog import all_catalogs, load_catalog
from reference.core.errors import HorseRaceError
from reference.core.game import all_games
from reference.core.seed_texts import available, quote_problem, sections

seeds_present = pytest.mark.skipif(not available(), reason="the seed texts (../shared/seeds) are not beside this checkout")


@pytest.mark.parametrize("game", list(all_games()))
def test_every_clause_quotes_each_language_of_its_section_or_names_its_table(game):
    catalog = load_catalog(game)
    assert catalog.clauses
    for clause in catalog.clauses.values():
        languages = set(catalog.sections[clause.section])
        quoted = {q.lang for q in clause.quotes}
        assert quoted or clause.table or clause.diagram, f"{clause.id}: no words of its own"
        assert languages <= quoted, f"{clause.id}: no quote in {sorted(languages - quoted)}"
        if "es" in catalog.seeds and not {"pt", "pl"} & languages:        # es for all but the pt/pl walk-throughs
            assert "es" in quoted, f"{clause.id}: no Spanish sentence"


def test_the_counts_the_issue_names():
    """About 230 entries over three games; dominoes quote es, pt and pl."""
    catalogs = all_catalogs()
    clauses = sum(len(c.clauses) for c in catalogs.values())
    assert clauses >= 200
    for clause in catalogs["dominoes"].clauses.values():
        expected = {"es", "pt", "pl"} if clause.section not in {"doubles-walkthrough", "branches-walkthrough",
                                                                  "points-walkthrough"} else {"pt", "pl"}
        assert {q.lang for q in clause.quotes} == expected, clause.id


@pytest.mark.parametrize("clause_id, lang, words", [
    # read from the texts, not from the catalog: the sentences the issue's disputes turn on
    ("DOM-PTS-3", "es", "Cero y los totales que no son múltiplos de cinco no puntúan."),
    ("DOM-PTS-3", "pl", "Zero i suma niepodzielna przez pięć nie punktują."),
    ("DOM-CONT-6", "pt", "Exceção da compra: a peça jogável recém-comprada deve ser colocada imediatamente"),
    ("DOM-BLOCK-1", "es", "La ronda se bloquea cuando el montón está vacío y nadie puede colocar una ficha."),
    ("CRD-RACE-5", "es", "Posición 7 junto a última marca aún no gana."),
    ("CRD-FAQ-1", "es", "¿Llegar a última marca gana?"),
    ("HF-MIN-2", "es", "si algún jugador no tiene suficiente D para cubrir su Apuesta Mínima, debe perder dos PV."),
    ("HF-ACT-1", "components", "at the Start it moves 4 instead of the card's value"),
])
def test_the_sentences_a_referee_shows(clause_id, lang, words):
    clause = next(c.clauses[clause_id] for c in all_catalogs().values() if clause_id in c.clauses)
    assert any(words in q.text for q in clause.quotes if q.lang == lang), clause_id


def test_a_clause_read_from_a_table_says_which():
    hf = load_catalog("horse_fever")
    for cid in ("HF-ACT-1", "HF-ACT-20", "HF-TABLE-1", "HF-TABLE-2", "HF-MOVECARD-1", "HF-CHAR-1", "HF-SETUP-6"):
        assert "table" in hf.clauses[cid].table, cid
    assert "row 01" in hf.clauses["HF-ACT-1"].table
    assert "diagram" in load_catalog("dominoes").examples["DOM-EX-2"].diagram


# -- the check refuses what is not in the text ----------------------------------------------------

def headings(catalog, seed):
    return [h for hs in catalog.sections.values() for lang, h in hs.items() if catalog.seeds[lang] == seed]


@seeds_present
@pytest.mark.parametrize("change, expected", [
    (lambda t: t.replace("Cero", "Uno"), "is not in"),                 # a word changed
    (lambda t: t.replace("múltiplos", "multiplos"), "is not in"),        # an accent left out
    (lambda t: t.replace("no puntúan", "puntúan"), "is not in"),         # a word dropped
    (lambda t: "Cero y los totales que no son múltiplos de cinco no puntúan, nunca.", "is not in"),  # one added
])
def test_the_check_refuses_a_quote_that_is_not_in_the_text(change, expected):
    catalog = load_catalog("dominoes")
    quote = next(q for q in catalog.clauses["DOM-PTS-3"].quotes if q.lang == "es")
    assert quote_problem(quote.seed, quote.heading, quote.text, headings(catalog, quote.seed)) == ""
    problem = quote_problem(quote.seed, quote.heading, change(quote.text), headings(catalog, quote.seed))
    assert expected in problem and quote.seed in problem


@seeds_present
def test_the_check_refuses_a_true_sentence_filed_under_another_heading():
    catalog = load_catalog("dominoes")
    quote = next(q for q in catalog.clauses["DOM-PTS-3"].quotes if q.lang == "es")
    other = catalog.sections["drawing"]["es"]
    problem = quote_problem(quote.seed, other, quote.text, headings(catalog, quote.seed))
    assert "but not under 'Robar o pasar el turno'" in problem


@seeds_present
def test_sections_run_from_a_heading_line_to_the_next():
    catalog = load_catalog("cards")
    parts = sections(catalog.seeds["es"], headings(catalog, catalog.seeds["es"]))
    race = parts["Avanzar por palo y cruzar línea"].text
    assert "Posición 7 junto a última marca aún no gana." in race
    assert "Recoge fichas perdedoras." not in race          # the next section's first sentence


# -- bad quotes in a catalog file ------------------------------------------------------------------

CATALOG = """game: dominoes
title: T
seeds: {es: 000_4b46d0a29dfc69d7.txt}
sections:
  points: {es: "Puntuar tras cada colocación"}
clauses:
  - id: DOM-PTS-3
    section: points
    summary: A sum that is not a multiple of five scores nothing.
    quotes:
%s
"""


@pytest.mark.parametrize("quotes, message", [
    ("      de: [\"Null und Summen\"]", "no seed or source named 'de'"),
    ("      es: [{section: nowhere, text: \"Cero y los totales\"}]", "unknown section 'nowhere'"),
    ("      es: []", "should be non-empty"),
    ("      es: [{text: \"Cero\"}]", "'section' is a required property"),
])
def test_a_bad_quote_in_a_catalog_is_refused_naming_file_line_and_field(tmp_path, monkeypatch, quotes, message):
    from reference.core import catalog as catalog_module

    path = tmp_path / "clauses.yaml"
    path.write_text(CATALOG % quotes, encoding="utf-8")
    game = all_games()["dominoes"]
    fake = type(game)(**{**game.__dict__, "package_dir": tmp_path})
    monkeypatch.setattr(catalog_module, "get_game", lambda name: fake)
    catalog_module.load_catalog.cache_clear()
    try:
        with pytest.raises(HorseRaceError) as info:
            catalog_module.load_catalog("dominoes")
    finally:
        catalog_module.load_catalog.cache_clear()
    assert message in str(info.value)
    assert re.search(r"clauses\.yaml:\d+", str(info.value)), str(info.value)



def test_the_clause_index_shows_the_own_words():
    from reference.core.register import clauses_markdown

    text = clauses_markdown(list(all_games().values()))
    assert "| the texts say |" in text
    assert "es «Posición 7 junto a última marca aún no gana.»" in text          # what the issue's search missed
    assert "pl «Zero i suma niepodzielna przez pięć nie punktują.»" in text
    assert "read from a table: the action-card table of horse-fever-components.md, row 01" in text
    assert "Opening 5\\|5 sums 10" in text                                      # a tile's '|' kept out of the cells
