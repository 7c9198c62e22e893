"""`horserace render`: a scenario named by id as `explain` takes it; the default step skips refused
steps at the end; card suits in an ordinary deck's colours unless --four-colour is asked for."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from horserace_cli.main import main
from reference.core.paths import SCENARIO_DIR
from reference.core.scenario import load_scenario
from reference.core.site import SiteError, render_scenario_step

EIGHTH_DIAMOND = SCENARIO_DIR / "cards" / "ex-eighth-diamond.yaml"          # its last two steps are refused bets
CONTINUATION = SCENARIO_DIR / "dominoes" / "int-continuation-compulsory.yaml"  # ends with a refused stop
RED, BLACK, BLUE, GREEN = "#dc2626", "#111827", "#1d4ed8", "#15803d"


def refused(path) -> list[bool]:
    return ["error" in o.observation for o in load_scenario(path).replay()]


def test_a_scenario_id_names_the_same_scenario_as_its_file(tmp_path, capsys):
    by_file, by_id = tmp_path / "file.svg", tmp_path / "id.svg"
    assert main(["render", str(EIGHTH_DIAMOND), "--step", "3", "-o", str(by_file)]) == 0
    assert main(["render", "crd-ex-eighth-diamond", "--step", "3", "-o", str(by_id)]) == 0
    assert by_file.read_bytes() == by_id.read_bytes()
    capsys.readouterr()
    assert main(["render", "dom-wt-branch-opening"]) == 0
    assert capsys.readouterr().out.startswith("<svg")


def test_an_unknown_id_is_a_clear_error(capsys):
    assert main(["render", "crd-no-such-scenario"]) == 2
    err = capsys.readouterr().err
    assert "'crd-no-such-scenario' is neither a scenario file nor a scenario id" in err and "Traceback" not in err


def test_the_default_step_skips_refused_steps_at_the_end():
    flags = refused(EIGHTH_DIAMOND)
    assert flags[-2:] == [True, True] and not flags[-3]
    last_drawable = len(flags) - 3
    assert render_scenario_step(EIGHTH_DIAMOND) == render_scenario_step(EIGHTH_DIAMOND, last_drawable)
    assert refused(CONTINUATION) == [False, True]
    assert render_scenario_step(CONTINUATION) == render_scenario_step(CONTINUATION, 0)
    with pytest.raises(SiteError, match="nothing to draw"):      # asked for explicitly, it is still an error
        render_scenario_step(CONTINUATION, 1)


def suit_fills(svg: str) -> dict[str, set[str]]:
    """The fill of every text that is a suit symbol alone (a card's face, an ace in its lane), by symbol."""
    fills: dict[str, set[str]] = {}
    for el in ET.fromstring(svg).iter():
        text = "".join(el.itertext()) if el.tag.endswith("text") else ""
        for symbol in "\u2660\u2665\u2666\u2663":
            if text.strip() == symbol and el.get("fill"):
                fills.setdefault(symbol, set()).add(el.get("fill"))
    return fills


def test_card_suits_have_an_ordinary_decks_colours_unless_four_colour_is_asked_for(tmp_path):
    ordinary = suit_fills(render_scenario_step(EIGHTH_DIAMOND, 5))
    assert ordinary["\u2665"] == {RED} and ordinary["\u2666"] == {RED}
    assert ordinary["\u2660"] == {BLACK} and ordinary["\u2663"] == {BLACK}
    out = tmp_path / "four.svg"
    assert main(["render", "crd-ex-eighth-diamond", "--step", "5", "--four-colour", "-o", str(out)]) == 0
    four = suit_fills(out.read_text(encoding="utf-8"))
    assert four["\u2666"] == {BLUE} and four["\u2663"] == {GREEN} and four["\u2665"] == {RED}
    # the palette is restored after a four-colour drawing
    assert suit_fills(render_scenario_step(EIGHTH_DIAMOND, 5)) == ordinary


def test_four_colour_does_not_apply_to_a_game_without_cards(capsys):
    assert main(["render", "dom-wt-branch-opening", "--four-colour"]) == 2
    assert "draws no card suits" in capsys.readouterr().err
