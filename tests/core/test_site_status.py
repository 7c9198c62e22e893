"""The generated site carries the status everywhere (issue 33, items 2 and 3): each clause's own
words and standing, the decided / open / convention labels, the deciding passages, the known
misreadings, and the language notes linked both ways with the clauses they affect.

The pages are built from the catalogs alone (no scenario replays) to keep this cheap; the scenario
page test replays one scenario.
"""

from __future__ import annotations

import re
from html import escape

import pytest

from reference.core.catalog import load_catalog
from reference.core.game import get_game
from reference.core.paths import SCENARIO_DIR
from reference.core.scenario import load_scenario
from reference.core.site import GameData, game_index, scenario_page


def index_html(game: str) -> str:
    return game_index(GameData(get_game(game), load_catalog(game), [], {}))


@pytest.fixture(scope="module")
def dominoes() -> str:
    return index_html("dominoes")


def rows(html: str) -> dict[str, str]:
    return dict(re.findall(r'<tr id="([^"]+)">(.*?)</tr>', html, re.S))


def sections(html: str, kind: str) -> dict[str, str]:
    return dict(re.findall(rf'<section class="{kind}" id="([^"]+)">(.*?)</section>', html, re.S))


@pytest.mark.parametrize("game", ["dominoes", "cards", "horse_fever"])
def test_every_clause_row_shows_its_own_words(game):
    html = index_html(game)
    catalog = load_catalog(game)
    found = rows(html)
    for clause in catalog.clauses.values():
        row = found[clause.id]
        for q in clause.quotes:
            assert escape(q.text) in row, (clause.id, q.text)
        if clause.table:
            assert escape(clause.table) in row
        assert "rule of the texts" in row


def test_a_clause_row_shows_the_real_status_of_what_touches_it(dominoes):
    row = rows(dominoes)["DOM-CONT-1"]
    assert '<a href="#DOM-INT-1">DOM-INT-1</a> <span class="status status-open">open</span>' in row
    assert '<a href="#DOM-INT-4">DOM-INT-4</a> <span class="status status-decided">decided</span>' in row
    assert "known misreading" in row          # DOM-INT-4's alternative
    assert '<a href="#DOM-LANG-3">DOM-LANG-3</a>' in row


def test_interpretations_carry_labels_quotes_and_known_misreadings(dominoes):
    found = sections(dominoes, "interpretation")
    catalog = load_catalog("dominoes")
    for it in catalog.interpretations.values():
        text = found[it.id]
        assert f'status-{it.status}' in text
        for q in it.quotes:
            assert escape(q.text) in text
        marks = text.count("KNOWN MISREADING:")
        assert marks == sum(1 for a in it.alternatives if a.get("known_misreading")), it.id
    assert "OPEN - the texts leave it open" in found["DOM-INT-1"]
    assert "the texts decide it" in found["DOM-INT-6"]


def test_language_notes_are_linked_both_ways(dominoes):
    notes = sections(dominoes, "language")
    catalog = load_catalog("dominoes")
    assert set(notes) == set(catalog.languages)
    clause_rows = rows(dominoes)
    for note in catalog.languages.values():
        for q in note.passages:
            assert escape(q.text) in notes[note.id]
        for clause in note.clauses:
            assert f'<a href="#{clause}">{clause}</a>' in notes[note.id]
            assert f'<a href="#{note.id}">{note.id}</a>' in clause_rows[clause]
    assert '<a href="#DOM-INT-4">DOM-INT-4</a>' in notes["DOM-LANG-3"]


def test_a_scenario_page_shows_the_status_and_marks_a_known_misreading():
    scenario = load_scenario(SCENARIO_DIR / "horse_fever" / "minimum-bet-short-penalty.yaml")
    data = GameData(scenario.game, load_catalog("horse_fever"), [scenario], {scenario.id: list(scenario.replay())})
    html = scenario_page(data, scenario)
    assert 'status-decided">decided - the texts decide it; 1 known misreading</span>' in html
    assert "<code>short_of_minimum = &quot;skip_bet&quot;</code> <span class=\"misreading\">KNOWN MISREADING</span>" in html
