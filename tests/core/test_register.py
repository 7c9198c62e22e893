"""The interpretations register's statuses and quotes, and the language register (issue 13).

The quotes are checked against the seed texts themselves, so a quote cannot drift from the
text it claims to quote; the decisions the texts make are asserted from the issue's reading of
the texts, not from the register's own words. The same check covers the clause catalogs' own
words (issue 33): every quote of the suite is found verbatim under its heading.
"""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest

from horserace_cli.main import main
from reference.core.catalog import Catalog, _load_interpretations, _load_languages, all_catalogs, load_catalog
from reference.core.errors import HorseRaceError
from reference.core.game import all_games
from reference.core.paths import SEEDS_DIR
from reference.core.register import interpretations_markdown, languages_markdown
from reference.core.seed_texts import quote_problem
from reference.core.vectors import load_cases
from reference.dominoes.languages import own_hand_would_count, reuses_blocked_opener, tied_block

seeds_present = pytest.mark.skipif(not SEEDS_DIR.is_dir(), reason="the seed texts (../shared/seeds) are not beside this checkout")


def all_quotes():
    """(owner id, quote, the catalog's headings in the quote's seed) for every quote of the suite:
    the clauses' and worked examples' own words, the interpretations' deciding passages and the
    language notes' passages."""
    for game, catalog in all_catalogs().items():
        for q, owner in quotes_of(catalog):
            yield owner, q, headings_in(catalog, q.seed)


def headings_in(catalog, seed):
    return [h for headings in catalog.sections.values() for lang, h in headings.items() if catalog.seeds[lang] == seed]


def quotes_of(catalog):
    for entry in (*catalog.clauses.values(), *catalog.examples.values()):
        for q in entry.quotes:
            yield q, entry.id
    for i in catalog.interpretations.values():
        for q in i.quotes:
            yield q, i.id
    for note in catalog.languages.values():
        for q in note.passages:
            yield q, note.id


# -- statuses and quotes --------------------------------------------------------------------------

@seeds_present
def test_every_quote_is_verbatim_in_its_seed_under_its_section_heading():
    checked = 0
    for owner, q, headings in all_quotes():
        problem = quote_problem(q.seed, q.heading, q.text, headings)
        assert not problem, f"{owner}: {problem}"
        checked += 1
    assert checked >= 450


def test_every_interpretation_has_a_status_and_decided_ones_quote_each_language():
    for game, catalog in all_catalogs().items():
        languages = set(catalog.seeds) - {"components"}
        for i in catalog.interpretations.values():
            assert i.status in ("open", "decided", "convention"), i.id
            if i.status == "decided":
                assert {q.lang for q in i.quotes} >= languages, f"{i.id}: a decided point quotes every language"


@pytest.mark.parametrize("iid, status", [
    ("DOM-INT-2", "decided"), ("DOM-INT-3", "decided"), ("DOM-INT-4", "decided"), ("DOM-INT-6", "decided"),
    ("DOM-INT-7", "open"), ("DOM-INT-8", "decided"), ("CRD-INT-6", "decided"), ("CRD-INT-10", "convention"),
    ("CRD-INT-8", "convention"), ("CRD-INT-9", "convention"), ("HF-INT-4", "decided"),
    ("HF-INT-8", "open"), ("HF-INT-9", "decided"), ("HF-INT-10", "open"), ("HF-INT-12", "open"),
    ("DOM-INT-1", "open"), ("CRD-INT-1", "open"), ("HF-INT-1", "open")])
def test_the_status_the_texts_give(iid, status):
    catalog = next(c for c in all_catalogs().values() if iid in c.interpretations)
    assert catalog.interpretations[iid].status == status


@pytest.mark.parametrize("iid, words", [
    ("DOM-INT-2", ["(ramo A, 4); [4|4] (ramo B, 4)"]),
    ("DOM-INT-4", ["cualquier ficha de su mano", "Una ficha jugada de la mano permite continuar"]),
    ("DOM-INT-6", ["La ronda se bloquea cuando el montón está vacío y nadie puede colocar"]),
    ("CRD-INT-6", ["para nueva carrera", "cada persona hace banca una vez"]),
    ("HF-INT-9", ["cada jugador debe hacer una apuesta"]),
    ("CRD-INT-13", ["coloca 1 ficha"]),
    ("CRD-INT-15", ["cada no banquero elige un caballo"])])
def test_decided_points_quote_the_deciding_words(iid, words):
    catalog = next(c for c in all_catalogs().values() if iid in c.interpretations)
    quoted = " ".join(q.text for q in catalog.interpretations[iid].quotes)
    for w in words:
        assert w in quoted, f"{iid} should quote {w!r}"


@pytest.mark.parametrize("game, iid, value", [
    ("dominoes", "DOM-INT-4", False), ("dominoes", "DOM-INT-2", "canonical"),
    ("horse_fever", "HF-INT-9", "skip_bet"), ("cards", "CRD-INT-15", "by_choice")])
def test_readings_the_texts_contradict_are_known_misreadings_and_still_selectable(game, iid, value):
    i = load_catalog(game).interpretations[iid]
    assert i.is_known_misreading(value)
    assert value in i.option_alternatives
    assert not i.is_known_misreading(i.option["default"])


@pytest.mark.parametrize("name, default", [
    ("bet_without_token", "refused"), ("short_of_minimum", "bet_after_penalty"), ("new_odds_base", "board"),
    ("win_odds", "at_payout"), ("double_sprint", "with_cards"), ("zero_stake", "refused"),
    ("last_player_left", "wins"), ("out_first_player_card", "at_round_end"), ("short_at_second_bets", "passes")])
def test_horse_fever_defaults_follow_the_quoted_text(name, default):
    assert all_games()["horse_fever"].option_defaults[name] == default


def test_register_document_shows_status_quotes_and_known_misreadings():
    text = interpretations_markdown(list(all_games().values()))
    assert "| DOM-INT-6 | A blocked round is detected at once | decided |" in text
    assert ("- **Known misreading.** The opening only scores; the turn then passes. Ruled out by «Una ficha jugada "
            "de la mano permite continuar si es un doble o puntúa». (option `opening_continues: false`)") in text
    assert "«La ronda se bloquea cuando el montón está vacío y nadie puede colocar una ficha.»" in text
    assert "- **Status.** a convention of the suite - a format, chance given as input, or a setting" in text
    assert "| DOM-INT-7 | Continuing is compulsory | open |" in text


def test_explain_shows_status_and_known_misreading(capsys):
    assert main(["explain", "HF-INT-9"]) == 0
    out = capsys.readouterr().out
    assert "status: decided" in out and "KNOWN MISREADING" in out and "cada jugador debe hacer una apuesta" in out


# -- bad register files ---------------------------------------------------------------------------

ENTRY = """game: dominoes
interpretations:
  - id: DOM-INT-90
    title: A test point
    {status}
    question: Q?
    clauses: [DOM-OPEN-3]
    reading: R.
    alternatives:
      - reading: Other.
        {extra}
    flag: test-flag
    scenarios: [dom-x]
"""


def load_register(tmp_path, text: str, loader=_load_interpretations, name="interpretations.yaml"):
    (tmp_path / name).write_text(text, encoding="utf-8")
    real = load_catalog("dominoes")
    catalog = Catalog("dominoes", real.title, dict(real.clauses), sections=real.sections, seeds=real.seeds,
                      interpretations=dict(real.interpretations))
    game = SimpleNamespace(name="dominoes", package_dir=tmp_path, clause_prefix="DOM-", option_defaults={},
                           interpretations_file=tmp_path / "interpretations.yaml")
    loader(game, catalog)
    return catalog


@pytest.mark.parametrize("status, extra, message", [
    ("", "", "'status' is a required property"),
    ("status: settled", "", "'settled' is not one of"),
    ("status: decided", "", "'quotes' is a required property"),
    ("status: open", "known_misreading: true", "only a point the texts decide"),
    ("status: decided\n    quotes: [{lang: es, section: nowhere, text: abc}]", "", "unknown section 'nowhere'"),
    ("status: decided\n    quotes: [{lang: de, section: opening, text: abc}]", "", "section 'opening' has no 'de' text"),
])
def test_a_bad_register_entry_is_refused_naming_file_line_and_field(tmp_path, status, extra, message):
    text = ENTRY.format(status=status, extra=extra or "used_by: x")
    with pytest.raises(HorseRaceError) as info:
        load_register(tmp_path, text)
    error = str(info.value)
    assert message in error
    assert re.search(r"interpretations\.yaml:\d+", error), error


def test_a_good_register_entry_loads(tmp_path):
    text = ENTRY.format(status="status: decided\n    quotes: [{lang: es, section: opening, text: '  cualquier   ficha '}]",
                        extra="known_misreading: true")
    i = load_register(tmp_path, text).interpretations["DOM-INT-90"]
    assert i.quotes[0].seed.startswith("000_") and i.quotes[0].heading == "Empezar la ronda"
    assert i.quotes[0].text == "cualquier ficha"


LANG = """game: dominoes
languages:
  - id: {id}
    title: T
    clauses: [DOM-OPEN-3]
    passages:
      - {{lang: es, section: opening, text: abc, says: x}}
      - {{lang: pl, section: opening, text: abd, says: y}}
    reading: R.
    diverges: D.
    flag: {flag}
    {extra}
"""


@pytest.mark.parametrize("fields, message", [
    (dict(id="CRD-LANG-1", flag="f", extra=""), "start with DOM-LANG-"),
    (dict(id="DOM-LANG-9", flag="f", extra="interpretation: DOM-INT-4"), "use its flag opening-continues"),
    (dict(id="DOM-LANG-9", flag="f", extra="interpretation: DOM-INT-99"), "unknown interpretation DOM-INT-99"),
    (dict(id="DOM-LANG-9", flag="f", extra="passages2: []"), "Additional properties"),
])
def test_a_bad_language_note_is_refused(tmp_path, fields, message):
    with pytest.raises(HorseRaceError) as info:
        load_register(tmp_path, LANG.format(**fields), _load_languages, "languages.yaml")
    assert message in str(info.value)
    assert "languages.yaml:" in str(info.value)


# -- the language register ------------------------------------------------------------------------

def test_the_domino_language_register_has_the_four_differences_in_all_three_languages():
    notes = load_catalog("dominoes").languages
    assert set(notes) >= {"DOM-LANG-1", "DOM-LANG-2", "DOM-LANG-3", "DOM-LANG-4"}
    for note in notes.values():
        assert {q.lang for q in note.passages} == {"es", "pt", "pl"}, note.id
    assert "um novo jogador" in " ".join(q.text for q in notes["DOM-LANG-1"].passages)
    assert "No restes el resto del ganador" in " ".join(q.text for q in notes["DOM-LANG-2"].passages)
    pl_opening = next(q.text for q in notes["DOM-LANG-3"].passages if q.lang == "pl")
    assert "z ręki" not in pl_opening


def test_languages_document_and_explain(capsys):
    text = languages_markdown(list(all_games().values()))
    for nid in ("DOM-LANG-1", "DOM-LANG-2", "DOM-LANG-3", "DOM-LANG-4"):
        assert f"### {nid}:" in text
    assert main(["explain", "DOM-LANG-1"]) == 0
    out = capsys.readouterr().out
    assert "um novo jogador" in out and "lang-blocked-round-opener" in out


def test_the_two_generated_matches_that_reuse_the_blocked_rounds_opener_carry_the_flag():
    """The issue found these two by reading the traces: round 5 of 2p-002 and round 3 of 4p-021."""
    flagged = {c["id"] for c in load_cases(["dominoes"], validate=False) if "lang-blocked-round-opener" in c["flags"]}
    assert flagged == {"dom-gen1-match-2p-002", "dom-gen1-match-4p-021"}


def test_every_hand_written_tied_block_carries_the_tie_flag():
    cases = {c["id"]: c for c in load_cases(["dominoes"], validate=False)}
    for cid in ("dom-ex-settle-pairs-tied", "dom-ex-settle-three-way-tie", "dom-ex-shared-win-at-61"):
        assert "lang-tied-block-bonus" in cases[cid]["flags"], cid
    assert "lang-tied-block-bonus" not in cases["dom-ex-settle-blocked-pairs"]["flags"]


def settlement(kind, winners, side_pips, counted, bonus):
    return {"kind": "settlement", "input": {"setup": {}},
            "expected": [{"events": [{"type": "settlement", "kind": kind, "winners": winners, "side_pips": side_pips,
                                      "counted_pips": counted, "bonus": bonus}]}]}


@pytest.mark.parametrize("side_pips, counted, bonus, diverges", [
    ([5, 17], [17, 0], [3, 0], True),     # 17 -> 3, but 17 - 5 = 12 -> 2
    ([1, 17], [17, 0], [3, 0], False),    # 17 - 1 = 16 -> 3 as well
    ([0, 17], [17, 0], [3, 0], False),    # nothing to subtract
])
def test_winner_hand_divergence(side_pips, counted, bonus, diverges):
    assert own_hand_would_count(settlement("blocked", [0], side_pips, counted, bonus)) is diverges
    assert own_hand_would_count(settlement("domino", [0], side_pips, counted, bonus)) is False


def test_tied_block_and_blocked_opener_detectors():
    assert tied_block(settlement("blocked", [0, 1], [12, 12], [12, 12], [2, 2]))
    assert not tied_block(settlement("blocked", [1], [18, 11], [0, 18], [0, 4]))

    def match(opener, starts):
        events = []
        for blocked, new in starts:
            events += [{"type": "round_blocked"} if blocked else {"type": "round_won", "player": new}]
            events.append({"type": "round_started", "opener": new})
        return {"kind": "match", "input": {"setup": {"deal": {"opener": opener}}},
                "expected": [{"events": [e]} for e in events]}

    assert reuses_blocked_opener(match(1, [(False, 1), (True, 1)]))
    assert not reuses_blocked_opener(match(1, [(True, 0)]))
    assert reuses_blocked_opener(match(1, [(False, 0), (True, 0), (False, 0)]))
    assert not reuses_blocked_opener(match(0, [(False, 1), (False, 1)]))
