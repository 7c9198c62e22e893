"""`horserace find` (issue 33, item 1): from words to the rule in English, Spanish, Portuguese and
Polish, accents and case left out or not; numbers find the rules that decide about them; every
hit says where it stands.

Which clause a sentence belongs to is read from the rule texts (the sentence each query is made
from is in the comment), not from the search's own output.
"""

from __future__ import annotations

import pytest

from horserace_cli.main import main
from reference.core.find import fold, partly_matches, query_words, search
from reference.core.seed_texts import available


def ids(terms, games=None, limit=5):
    return [h.entry.id for h in search(terms.split(), games, limit)]


@pytest.mark.parametrize("text, folded", [
    ("Última MARCA", "ultima marca"), ("zaokrąglij Łódź", "zaokraglij lodz"), ("peça comprada", "peca comprada"),
    ("múltiplo NÃO", "multiplo nao"), ("dołożyć", "dolozyc")])
def test_fold_drops_case_and_accents(text, folded):
    assert fold(text) == folded


@pytest.mark.parametrize("query, first", [
    # en: the catalog's summary of DOM-CONT-6, "Drawn-tile exception"
    ("drawn tile exception", "DOM-CONT-6"),
    # es, with and without accents: «Posición 7 junto a última marca aún no gana.» (003, "Avanzar por palo")
    ("ultima marca aun no gana", "CRD-RACE-5"),
    ("última marca aún no gana", "CRD-RACE-5"),
    ("ÚLTIMA MARCA AÚN NO GANA", "CRD-RACE-5"),
    # pt without the cedilla and the accent: «Exceção da compra: a peça jogável recém-comprada ...» (001)
    ("excecao da compra peca jogavel", "DOM-CONT-6"),
    ("exceção da compra peça jogável", "DOM-CONT-6"),
    # pl without ogonki: «Najpierw zsumuj ..., zaokrąglij tę jedną sumę do najbliższej wielokrotności pięciu» (002)
    ("zaokraglij najblizszej wielokrotnosci", "DOM-SETTLE-2"),
    ("zaokrąglij najbliższej wielokrotności", "DOM-SETTLE-2"),
    # es: «La ronda se bloquea cuando el montón está vacío y nadie puede colocar una ficha.» (000)
    ("bloquea monton vacio", "DOM-BLOCK-1"),
    # es, Horse Fever: «si algún jugador no tiene suficiente D para cubrir su Apuesta Mínima, debe perder dos PV»
    ("suficiente cubrir apuesta minima perder", "HF-MIN-2"),
])
def test_find_in_each_of_the_four_languages(query, first):
    assert ids(query)[0] == first


def test_a_word_finds_its_inflections_at_a_lower_weight():
    assert partly_matches("ficha", "fichas") and partly_matches("sum", "suma")
    assert not partly_matches("de", "del") and not partly_matches("17", "170")
    assert "DOM-CONT-6" in ids("fichas robadas")        # «la ficha jugable recién robada»


def test_stop_words_are_left_out_unless_nothing_else_is_left():
    assert query_words(["la", "última", "marca"]) == ["ultima", "marca"]
    assert query_words(["de", "la"]) == ["de", "la"]


@pytest.mark.parametrize("query, games, expected", [
    # an end sum of 17 is not a multiple of five: «Cero y los totales que no son múltiplos de cinco no puntúan.»
    ("17", None, "DOM-PTS-3"),
    ("end sum 17", None, "DOM-PTS-3"),
    ("suma 17", ["dominoes"], "DOM-PTS-3"),
    # 17 pips to settle: «Los restos de 1 o 2 bajan» (17 leaves 2)
    ("17", ["dominoes"], "DOM-SETTLE-3"),
    # «Posición 7 junto a última marca aún no gana.»; «Primer caballo en posición 8 cruza línea y vence»
    ("7", ["cards"], "CRD-RACE-5"),
    ("8", ["cards"], "CRD-RACE-6"),
    # «La cantidad mínima que un jugador puede apostar ... multiplicado por 100.»: 300 D is 3 VP's minimum
    ("300", ["horse_fever"], "HF-MIN-1"),
])
def test_a_number_finds_the_rules_that_decide_about_it(query, games, expected):
    hits = search(query.split(), games, 3)
    assert expected in [h.entry.id for h in hits], [h.entry.id for h in hits]
    hit = next(h for h in hits if h.entry.id == expected)
    assert hit.number_notes and hit.number_notes[0].startswith(query.split()[-1] + ": ")


def test_seventeen_lands_on_the_scoring_rule_before_the_rounding_example():
    found = ids("17", limit=10)
    assert found.index("DOM-PTS-3") < found.index("DOM-EX-6")


def test_each_hit_has_its_id_its_sentence_in_its_language_and_its_status():
    hit = search(["ultima", "marca"], ["cards"], 1)[0]
    assert hit.entry.id in ("CRD-FAQ-1", "CRD-RACE-5")
    assert hit.passage.lang == "es" and "última marca" in hit.passage.text
    assert hit.entry.status.startswith("rule of the texts")
    open_point = search(["continuing", "player", "no", "legal", "placement"], ["dominoes"], 1)[0]
    assert open_point.entry.id == "DOM-INT-1" and open_point.entry.status.startswith("OPEN")


def test_a_known_misreading_is_marked_where_it_matches():
    # HF-INT-9's alternative "The penalty replaces the first bet" is a known misreading (the text:
    # «cada jugador debe hacer una apuesta»)
    hits = search(["penalty", "replaces", "first", "bet"], ["horse_fever"], 5)
    hit = next(h for h in hits if h.entry.id == "HF-INT-9")
    assert hit.passage.label == "KNOWN MISREADING"
    assert "1 known misreading" in hit.entry.status


def test_a_language_note_is_found_in_the_language_that_differs():
    # pt: «Após uma rodada trancada, escolha um novo jogador para abrir por sorteio.» (DOM-LANG-1)
    assert "DOM-LANG-1" in ids("novo jogador para abrir", ["dominoes"])


@pytest.mark.skipif(not available(), reason="the seed texts are not beside this checkout")
def test_a_sentence_no_clause_quotes_is_found_with_its_sections_clauses():
    # the legend of the pt walk-through diagrams: «Ponto vazado: continuação legal não contada aqui»
    hit = search(["ponto", "vazado"], ["dominoes"], 1)[0]
    assert hit.entry.kind == "text" and hit.passage.lang == "pt"
    assert set(hit.entry.see) & {"DOM-DBL-4", "DOM-COUNT-4", "DOM-PTS-5"}


def test_find_command(capsys):
    assert main(["find", "ultima", "marca", "--game", "cards", "--limit", "2"]) == 0
    out = capsys.readouterr().out
    assert "1. CRD-" in out and "3." not in out
    assert "es: «¿Llegar a última marca gana?»" in out or "es: «Posición 7 junto a última marca aún no gana.»" in out
    assert "status: rule of the texts" in out and "next: horserace explain CRD-" in out


def test_find_command_with_nothing_found(capsys):
    assert main(["find", "xylophone"]) == 1
    assert "nothing matches «xylophone»" in capsys.readouterr().out
