"""The failure pages of the HTML report show the rule's own words (issue 33, item 2): the clause
box of a failing case quotes the sentence of each text, names the table a clause is read from,
and defines the money words a payout clause uses (item 5)."""

from __future__ import annotations

from html import escape

from reference.core.html_report import Links, clause_block, failure_section
from reference.core.money import DEFINITIONS


def test_the_clause_box_quotes_each_language():
    box = clause_block("DOM-PTS-3", Links("site"))
    for lang, words in (("es", "Cero y los totales que no son múltiplos de cinco no puntúan."),
                        ("pt", "Zero e totais não múltiplos de cinco não pontuam."),
                        ("pl", "Zero i suma niepodzielna przez pięć nie punktują.")):
        assert f"<b>{lang}</b> «{words}»" in box


def test_the_clause_box_names_a_table_and_defines_money_words():
    assert "the action-card table of horse-fever-components.md, row 01" in clause_block("HF-ACT-1", Links(""))
    box = clause_block("CRD-PAY-2", Links(""))
    assert "<b>es</b> «Devuelve entrada ganadora más ganancia neta publicada; cuota neta no es total devuelto.»" in box
    assert escape(f"total returned: {DEFINITIONS['total returned']}") in box


def test_a_failure_page_shows_the_words_of_the_clause_it_is_charged_to():
    case = {"id": "dom-ex-x", "game": "dominoes", "kind": "layout", "status": "failed", "attributed": ["DOM-PTS-3"],
            "mismatch": {"step": 0, "action": "place 1|3 at 3|6 low", "key": "points", "expected": 0, "actual": 3}}
    page = failure_section(case, None, Links("site"))
    assert "charged to clause:" in page and "«Cero y los totales que no son múltiplos de cinco no puntúan.»" in page
