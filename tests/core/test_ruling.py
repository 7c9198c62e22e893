"""`horserace ruling` (issue 33, item 4): a ruling on a position without writing a full scenario.

The five disputes of examples/questions/ are the issue's own (a drawn tile that fits, a block with
an empty pile, an end sum of 17, an ace on the last mark, a purse short of the minimum bet). What
each ruling must say is worked out from the rule texts in the comments, not read off the engine.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from horserace_cli.main import main
from reference.core.errors import HorseRaceError
from reference.core.paths import CHECKOUT_ROOT
from reference.core.ruling import load_question, markdown, rule, text

QUESTIONS = (CHECKOUT_ROOT or Path(".")) / "examples" / "questions"
pytestmark = pytest.mark.skipif(not QUESTIONS.is_dir(), reason="the example questions are in a checkout")


def ruling_of(name: str, step: int | None = None):
    return rule(load_question(str(QUESTIONS / f"{name}.yaml")), step)


def flat(value: str) -> str:
    return " ".join(value.split())


def test_a_drawn_tile_that_fits_is_placed_and_ends_the_turn_even_a_double():
    # «la ficha jugable recién robada debe colocarse inmediatamente y siempre termina tu turno,
    # aunque sea doble o puntúe» (DOM-CONT-6): seat 0 draws 5|5, places it, and seat 1 plays next
    r = ruling_of("drawn-tile-that-fits")
    draw, place = r.outcomes
    assert "DOM-DRAW-3" in draw.clauses and "DOM-CONT-6" in place.clauses
    out = flat(text(r))
    assert "turn of seat 0 ends (a tile placed from the draw always ends the turn); seat 1 to play" in out
    assert "es «Excepción del robo: la ficha jugable recién robada debe colocarse inmediatamente" in out
    assert "DOM-INT-8 Where a drawn tile goes when it fits several points [decided" in out   # no option: named


def test_a_block_with_an_empty_pile_ends_the_round_at_once_and_the_lowest_sum_wins():
    # «La ronda se bloquea cuando el montón está vacío y nadie puede colocar una ficha»; the lowest
    # sum wins (seat 1: 0|5 + 0|0 = 5) and scores the others' 68 + 9 = 77 pips, rounded to 75: 15
    r = ruling_of("block-with-an-empty-pile")
    (step,) = r.outcomes
    events = [e["type"] for e in step.observation["events"]]
    assert "round_blocked" in events and "DOM-BLOCK-1" in step.clauses
    settlement = next(e for e in step.observation["events"] if e["type"] == "settlement")
    assert settlement["winners"] == [1] and settlement["bonus"] == [0, 15, 0]
    assert "DOM-INT-6" in [i.id for i in r.not_replayed]       # decided, with a known misreading and no option


def test_an_end_sum_of_seventeen_scores_nothing():
    # «Cero y los totales que no son múltiplos de cinco no puntúan»: 12 (6|6, a long side free) + 5 = 17
    r = ruling_of("end-sum-seventeen")
    last = r.outcomes[-1]
    assert last.observation["end_sum"] == 17 and last.observation["points"] == {"raw": 0, "displayed": 0}
    assert "DOM-PTS-3" in last.clauses
    assert "«Cero y los totales que no son múltiplos de cinco no puntúan.»" in text(r)


def test_an_ace_on_the_last_mark_has_not_won_and_a_refused_bet_does_not_stop_the_ruling():
    # «Posición 7 junto a última marca aún no gana.» The heart moves hearts; the bet during the race
    # is refused (CRD-BET-6) and changes nothing; the spade then crosses to 8 and wins: seat 1's
    # chip at 3:1 (two spades on the track, «2 → 3:1») has a total returned of 4
    r = ruling_of("ace-on-the-last-mark")
    heart, bet, spade = r.outcomes
    assert heart.observation["positions"]["S"] == 7 and heart.observation["winner"] is None
    assert bet.observation == {"error": "CRD-BET-6"}
    assert spade.observation["winner"] == "S" and spade.observation["settlement"]["returned"] == [0, 4, 0]
    out = flat(text(r))
    assert "REFUSED under CRD-BET-6" in out and "the ruling goes on" in out
    assert "seat 1: total returned 4 (stake 1 + net winnings 3)" in out
    assert "the race deck: the 2 card(s) given to reveal" in out           # what the short form assumed


def test_a_purse_short_of_the_minimum_bet_under_each_reading_side_by_side():
    # «si algún jugador no tiene suficiente D para cubrir su Apuesta Mínima, debe perder dos PV»:
    # 3 VP -> 1, minimum 100 D, and «cada jugador debe hacer una apuesta» so it then bets; under the
    # known misreading skip_bet it makes no first bet and its bet is refused (HF-INT-18's
    # penalty_once, the penalty paid once, shares the option but is its own entry)
    r = ruling_of("purse-short-of-the-minimum-bet")
    deal, bet = r.outcomes
    assert deal.observation["vp"] == [1, 1, 1] and "error" not in bet.observation
    hf9 = next(i for i in r.interpretations if i.interpretation.id == "HF-INT-9")
    assert hf9.differs and hf9.values == ["bet_after_penalty", "skip_bet"]
    assert hf9.labels == ["the suite's default", "KNOWN MISREADING"]
    end = hf9.differences[-1]
    assert end.values[1]["error"] == "HF-BET-1" and end.values[0]["error"] is None
    out = flat(text(r))
    assert "short_of_minimum: bet_after_penalty (default) skip_bet (KNOWN MISREADING)" in out
    assert "owners: seat 0 white, seat 1 blue, seat 2 yellow (one stable each)" in out


def test_the_ruling_stops_when_the_given_cards_run_out(tmp_path):
    source = (QUESTIONS / "ace-on-the-last-mark.yaml").read_text(encoding="utf-8").replace("[2H, 5S]", "[2H]")
    (tmp_path / "short.yaml").write_text(source, encoding="utf-8")
    r = rule(load_question(str(tmp_path / "short.yaml")))
    assert len(r.outcomes) == 2
    assert "step 2 (reveal) needs more cards to reveal than the 1 given in setup.position.reveal" in r.stopped


def test_a_scenario_id_and_a_step(capsys):
    assert main(["ruling", "crd-ex-eighth-diamond", "--step", "5", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "[4] reveal 2\n" in out and "[6]" not in out                # before: briefly; after: not at all
    assert "D crosses to 8 with 10D and wins" in out and "es «Revelar" not in out
    assert main(["ruling", "crd-ex-eighth-diamond", "--step", "9"]) == 2
    assert "step 9 is out of range; the steps are numbered 0 to 7" in capsys.readouterr().err


@pytest.mark.parametrize("question, message", [
    ("game: cards\nkind: race\nsetup:\n  players: 3\n  position: {banker: 0, track: [3S, 9H, 5D, QC, JS, 4H, 8C], "
     "positions: {S: 7, H: 5, D: 3, C: 4}, bets: [null, S, H], reveal: [2H], deck: [5S]}\nsteps: [reveal]\n",
     "q.yaml:5: setup.position.deck: give either the cards to reveal"),
    ("game: cards\nkind: race\nsetup:\n  players: 3\n  position: {banker: 0, track: [3S, 9H, 5D, QC, JS, 4H, 8C], "
     "positions: {S: 7, H: 5, D: 3, C: 4}, bets: [null, S, H], reveal: [3S]}\nsteps: [reveal]\n",
     "setup.position.reveal[0]"),
    ("game: dominoes\nkind: layout\nsetup: {}\nsteps: [place 9|9]\n", "q.yaml:4: steps[0].place"),
])
def test_a_bad_question_is_refused_naming_file_line_and_field(tmp_path, capsys, question, message):
    (tmp_path / "q.yaml").write_text(question, encoding="utf-8")
    assert main(["ruling", str(tmp_path / "q.yaml")]) == 2
    assert message in capsys.readouterr().err


def test_markdown_and_html_to_show_or_print(tmp_path):
    r = ruling_of("purse-short-of-the-minimum-bet")
    md = markdown(r, ["es"])
    assert "# Ruling:" in md and "| `short_of_minimum` | `bet_after_penalty` (the suite's default) | `skip_bet` (KNOWN MISREADING) |" in md
    assert main(["ruling", str(QUESTIONS / "purse-short-of-the-minimum-bet.yaml"), "--format", "html",
                 "-o", str(tmp_path / "r.html")]) == 0
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    HTMLParser().feed(page)
    assert "<table>" in page and '<span class="misreading">KNOWN MISREADING</span>' in page
    assert "«Importante: si algún jugador no tiene suficiente D para cubrir su Apuesta Mínima, debe perder dos PV.»" in page
    assert "<script" not in page and "://" not in page


# -- item 3's friction: a one-off question needs no clauses ------------------------------------------

def test_replay_and_render_take_a_question_without_clauses(tmp_path, capsys):
    assert main(["replay", str(QUESTIONS / "end-sum-seventeen.yaml")]) == 0
    assert "counted ends: 5|6:5 + 6|6:12 = 17" in capsys.readouterr().out
    assert main(["render", str(QUESTIONS / "end-sum-seventeen.yaml"), "-o", str(tmp_path / "x.svg")]) == 0
    assert (tmp_path / "x.svg").read_text(encoding="utf-8").startswith("<svg")


def test_a_scenario_of_the_suite_still_names_its_clauses(tmp_path):
    from reference.core.scenario import load_scenario

    (tmp_path / "s.yaml").write_text("id: dom-x\ntitle: T x\ngame: dominoes\nkind: layout\nsetup: {}\n"
                                     "steps: [{place: 6|6}]\n", encoding="utf-8")
    with pytest.raises(HorseRaceError) as info:
        load_scenario(tmp_path / "s.yaml")
    assert "'clauses' is a required property" in str(info.value) and "ruling may leave them out" in str(info.value)
    assert load_scenario(tmp_path / "s.yaml", question=True).clauses == []


def test_the_command_offers_exactly_the_formats_a_ruling_is_written_in():
    """`ruling --format` names its choices without importing the rulings (the parser of every
    command is built at each start); they must be the formats the module writes."""
    from horserace_cli.commands.ruling import FORMAT_NAMES
    from reference.core.ruling import FORMATS
    assert FORMAT_NAMES == tuple(FORMATS)


def test_a_value_wider_than_its_column_is_cut_to_the_width_ending_in_dots():
    from reference.core.ruling import shown
    # json.dumps("abcdefghijklmnop") is 18 characters, quotes included
    assert shown("abcdefghijklmnop", 10) == '"abcdef...'
    assert shown("abcdefghijklmnop", 18) == '"abcdefghijklmnop"'       # exactly the width: whole
    assert shown("abcdefghijklmnop", 17) == '"abcdefghijklm...'
    assert shown({"S": 3}, 100) == '{"S": 3}'


def test_the_narration_stands_for_the_events_only_beside_another_difference():
    """Where the readings' narrations differ, the events are told by them, so the table leaves
    the events key out, unless the events are all that differs (then it keeps them)."""
    from reference.core.game import StepOutcome
    from reference.core.ruling import Replay, difference

    def run(events, score, told):
        return Replay([StepOutcome(0, "draw", {"events": events, "score": score}, (), ("step 1", told))])

    drew, passed = [{"type": "draw"}], [{"type": "pass"}]
    both = difference([run(drew, 1, "A drew."), run(passed, 2, "A passed.")], 0)
    assert both.keys == ["score"] and both.told == [["A drew."], ["A passed."]]
    alone = difference([run(drew, 1, "A drew."), run(passed, 1, "A passed.")], 0)
    assert alone.keys == ["events"]
    untold = difference([run(drew, 1, "Same."), run(passed, 2, "Same.")], 0)
    assert untold.keys == ["events", "score"] and untold.told == [[], []]
