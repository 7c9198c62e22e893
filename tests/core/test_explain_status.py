"""`horserace explain` for a referee (issue 33, items 1-3; issue 27 item 5, "explain CLAUSE does not
quote the rule text"): ids in any case, the nearest ids when one matches nothing, the rule's own
words in each language, and every reading and language note with its real status.
"""

from __future__ import annotations

import pytest

from horserace_cli.main import main


def explain(capsys, identifier):
    code = main(["explain", identifier])
    captured = capsys.readouterr()
    return code, " ".join(captured.out.split()), captured.err


@pytest.mark.parametrize("typed, shown", [
    ("crd-race-4", "CRD-RACE-4 ("), ("Dom-Int-1", "DOM-INT-1 A continuing player"), ("dom-lang-2", "DOM-LANG-2 What"),
    ("hf-ex-1", "HF-EX-1 (worked example)"), ("DOM-WT-LONE-DOUBLE", "dom-wt-lone-double:")])
def test_ids_in_any_case(capsys, typed, shown):
    code, out, _ = explain(capsys, typed)
    assert code == 0 and out.startswith(shown)


def test_an_unknown_id_gets_the_nearest_ids_and_a_find(capsys):
    code, _, err = explain(capsys, "crd-race-44")
    assert code == 2
    assert "the nearest ids: CRD-RACE-4" in err and "horserace find WORDS" in err
    code, _, err = explain(capsys, "ultima marca")
    assert code == 2 and "horserace find ultima marca" in err


def test_a_clause_quotes_its_own_words_in_each_language(capsys):
    code, out, _ = explain(capsys, "DOM-PTS-3")
    assert code == 0
    assert "the texts say:" in out
    assert "«Cero y los totales que no son múltiplos de cinco no puntúan.»" in out
    assert "«Zero e totais não múltiplos de cinco não pontuam.»" in out
    assert "«Zero i suma niepodzielna przez pięć nie punktują.»" in out
    assert "status: rule of the texts; no interpretation touches it" in out
    assert "an end sum that is not a multiple of five: it scores nothing" in out


def test_a_clause_read_from_a_table_says_which(capsys):
    _, out, _ = explain(capsys, "HF-ACT-1")
    assert "read from a table: the action-card table of horse-fever-components.md, row 01" in out
    assert "«| 01 | Magna Velocitas | A | positive | at the Start it moves 4 instead of the card's value | no |»" in out


def test_a_related_open_interpretation_is_shown_open(capsys):
    _, out, _ = explain(capsys, "DOM-CONT-1")
    block = out[out.index("DOM-INT-1 A continuing player"):]
    assert block.split("DOM-INT-4")[0].count("status: OPEN - the texts leave it open") == 1
    assert "reading the suite uses (its default): The player draws." in block
    assert "alternative: The turn ends at once" in block


def test_a_decided_interpretation_shows_its_known_misreading(capsys):
    _, out, _ = explain(capsys, "DOM-OPEN-4")
    assert "DOM-INT-4 The opening tile can continue the turn status: decided - the texts decide it; 1 known misreading" in out
    assert "KNOWN MISREADING: The opening only scores; the turn then passes." in out


def test_language_notes_are_linked_both_ways(capsys):
    _, clause, _ = explain(capsys, "DOM-SETTLE-4")
    assert "language notes (where the es, pt and pl texts differ on it): DOM-LANG-2" in clause
    _, note, _ = explain(capsys, "DOM-LANG-2")
    assert "DOM-SETTLE-4: The winner's own remaining pips are not subtracted." in note
    _, tied, _ = explain(capsys, "DOM-LANG-3")
    assert "interpretation DOM-INT-4 The opening tile can continue the turn status: decided" in tied
    _, interpretation, _ = explain(capsys, "DOM-INT-4")
    assert "language notes on it: DOM-LANG-3" in interpretation


def test_a_scenario_under_a_known_misreading_says_so(capsys):
    _, out, _ = explain(capsys, "hf-minimum-bet-short-penalty")
    assert "short_of_minimum: skip_bet is a KNOWN MISREADING of HF-INT-9" in out
    assert "interpretation HF-INT-9: A player short of the minimum bet still makes the first bet after the penalty [decided" in out

