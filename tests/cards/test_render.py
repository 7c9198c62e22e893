"""Card diagrams (reference/cards/render/): the track, the four aces in their lanes, the finish
line, the odds, bets, bank and balances; a loaded track marked; odds as a chart; the site."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from horserace_cli.main import main
from reference.core.game import CaseInput, get_game
from reference.core.paths import SCENARIO_DIR
from reference.core.scenario import scenario_files
from reference.core.site import page_name
from reference.core.vectors import load_cases
from reference.cards.render import render_step

from tests.support import (build_site, check_standalone, check_standalone_text, drawing, loaded, page_svgs,
                           replayed, svg_of, text_of, with_class)

GAME = get_game("cards")
CARD_SCENARIOS = scenario_files([str(SCENARIO_DIR / "cards")])
EIGHTH_DIAMOND = SCENARIO_DIR / "cards" / "ex-eighth-diamond.yaml"
LOADED_TRACK = SCENARIO_DIR / "cards" / "faq-loaded-track-relaid.yaml"
RELAY_IN_RACE = SCENARIO_DIR / "cards" / "race-relay-in-sequence.yaml"
ODDS_EXAMPLE = SCENARIO_DIR / "cards" / "odds-eighth-diamond-track.yaml"
ODDS_LOADED = SCENARIO_DIR / "cards" / "odds-five-marks-cannot-finish.yaml"
WINNING_REVEAL = 5          # crd-ex-eighth-diamond: the step that reveals 10D


def face(group: ET.Element) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a drawn card's face."""
    rect = with_class(group, "card-face")[0]
    x, y = float(rect.get("x")), float(rect.get("y"))
    return x, y, x + float(rect.get("width")), y + float(rect.get("height"))


# -- every step of every card scenario, and vector cases ---------------------------------------------

def test_the_card_game_draws_with_this_renderer():
    assert GAME.render_step is render_step


@pytest.mark.parametrize("path", CARD_SCENARIOS, ids=lambda p: Path(p).stem)
def test_every_scenario_step_draws_well_formed_deterministic_svg(path):
    kind, outcomes, _ = replayed(path)
    for outcome in outcomes:
        view = outcome.observation
        svg = render_step(kind, view)
        assert svg == render_step(kind, view), outcome.index
        if "error" in view:
            assert svg == "", f"step {outcome.index}: a refused action has nothing to draw"
            continue
        relaid = any(e["type"] == "relaid" for e in view.get("events", []))
        # a track laid again has no odds to chart (CRD-TRACK-4: no race, no prices)
        if view.get("track") or relaid or (kind == "odds" and not view.get("must_relay")):
            assert svg, f"step {outcome.index} ({outcome.action}) has a track or odds but no diagram"
        if svg:
            check_standalone(svg)


@pytest.fixture(scope="module")
def vector_cases() -> list[dict]:
    return load_cases(["cards"])


def test_generated_vector_cases_draw_well_formed_svg(vector_cases):
    """Every step of every case. An observation equal (same kind, same JSON, key order and all) to
    one already drawn and checked is not drawn again: the drawing is a function of the two."""
    drawn = {"odds": 0, "layout": 0, "race": 0, "session": 0, "probe": 0, "position": 0}
    seen: set[tuple[str, str]] = set()
    for case in vector_cases:
        kind, inp = case["kind"], case["input"]
        outcomes = GAME.replay(CaseInput(kind, inp["setup"], inp["steps"], case.get("options") or {},
                                         refusals_are_results=True))
        # a vector's expected values are partial observations: drawn or "", never a crash
        for outcome, expected in zip(outcomes, case["expected"]):
            for view, full in ((outcome.observation, True), (expected, False)):
                key = (kind, json.dumps(view))
                if key in seen:
                    continue
                seen.add(key)
                svg = render_step(kind, view)
                if svg:
                    check_standalone_text(svg)
                    if full:
                        drawn[kind] += 1
    # a position case draws its position when play reaches it (betting and racing: a table still to
    # be laid has no track to draw), nothing when refused
    assert all(count > 10 for kind, count in drawn.items() if kind != "position") and drawn["position"] >= 2, drawn


# -- the worked example: the eighth diamond wins ----------------------------------------------------

@pytest.mark.clause("CRD-RACE-6", "CRD-TRACK-2", "CRD-ODDS-1", "CRD-PAY-2")
def test_eighth_diamond_diagram_shows_the_winning_reveal():
    root = svg_of(EIGHTH_DIAMOND, WINNING_REVEAL)
    # the track cards at positions 1-7
    track = {int(g.get("data-position")): g.get("data-card") for g in with_class(root, "track-card")}
    assert track == dict(enumerate(["3S", "9H", "5D", "QC", "JS", "4H", "8C"], start=1))
    # the card just revealed
    (revealed,) = with_class(root, "revealed-card")
    assert revealed.get("data-card") == "10D" and "10" in text_of(revealed)
    # the aces: diamonds at 8, past the finish line; the others where the text has them
    horses = {g.get("data-horse"): g for g in with_class(root, "horse")}
    assert {h: int(g.get("data-position")) for h, g in horses.items()} == {"S": 6, "H": 5, "D": 8, "C": 4}
    (finish,) = with_class(root, "finish-line")
    finish_x = float(finish.get("data-x"))
    assert face(horses["D"])[0] > finish_x
    assert all(face(horses[h])[2] < finish_x for h in "SHC")
    # each ace is in its own lane, in the column of its position
    lanes = {g.get("data-horse"): g for g in with_class(root, "lane")}
    assert [g.get("data-horse") for g in with_class(root, "lane")] == ["S", "H", "D", "C"]
    for horse, group in horses.items():
        assert group in list(lanes[horse].iter())
    assert face(horses["S"])[0] > face(horses["H"])[0] > face(horses["C"])[0]
    # the posted odds beside each lane: 2:1 beside diamonds
    odds = {el.get("data-horse"): el for el in with_class(root, "odds")}
    assert {h: el.get("data-odds") for h, el in odds.items()} == {"S": "3", "H": "3", "D": "2", "C": "3"}
    assert text_of(odds["D"]).startswith("2:1")
    lane_rect = next(el for el in lanes["D"] if el.get("class") == "lane-body")
    top, height = float(lane_rect.get("y")), float(lane_rect.get("height"))
    assert top <= float(odds["D"].get("y")) <= top + height
    assert float(odds["D"].get("x")) >= float(lane_rect.get("x")) + float(lane_rect.get("width"))
    # the winner marked, and only the winner
    assert [g.get("data-horse") for g in with_class(root, "winner")] == ["D", "D"]     # its lane and its ace
    assert "win" in text_of(odds["D"])


@pytest.mark.clause("CRD-BET-3", "CRD-PAY-1", "CRD-ROT-1")
def test_eighth_diamond_diagram_shows_bank_bets_balances_and_deck():
    root = svg_of(EIGHTH_DIAMOND, WINNING_REVEAL)
    seats = {int(g.get("data-seat")): g for g in with_class(root, "seat")}
    assert [int(g.get("data-seat")) for g in with_class(root, "banker")] == [0]
    assert {s: g.get("data-horse") for s, g in seats.items()} == {0: None, 1: "D", 2: "S"}
    assert seats[1].get("data-stake") == "1" and seats[2].get("data-stake") == "1"
    assert {s: int(g.get("data-balance")) for s, g in seats.items()} == {0: 19, 1: 22, 2: 19}
    assert "22 chips (+2)" in text_of(seats[1])
    bets = {el.get("data-horse"): el.get("data-seats") for el in with_class(root, "bet")}
    assert bets == {"S": "2", "D": "1"}
    (deck,) = with_class(root, "race-deck")
    assert deck.get("data-count") == "18"
    assert "4\u2660 5\u2665 3\u2666 6\u2663" in drawing(EIGHTH_DIAMOND, WINNING_REVEAL)


def test_eighth_diamond_drawing_is_byte_identical_on_a_second_call():
    kind, outcomes, _ = replayed(EIGHTH_DIAMOND)
    view = outcomes[WINNING_REVEAL].observation
    assert render_step(kind, view) == render_step(kind, dict(view))


@pytest.mark.clause("CRD-RACE-5", "CRD-FAQ-1")
def test_seventh_diamond_stands_before_the_finish_line():
    root = svg_of(EIGHTH_DIAMOND, 3)
    horses = {g.get("data-horse"): g for g in with_class(root, "horse")}
    assert {h: int(g.get("data-position")) for h, g in horses.items()} == {"S": 5, "H": 5, "D": 7, "C": 3}
    finish_x = float(with_class(root, "finish-line")[0].get("data-x"))
    assert face(horses["D"])[2] < finish_x
    assert not with_class(root, "winner")
    assert with_class(root, "revealed-card")[0].get("data-card") == "9D"


def test_before_any_card_the_aces_stand_at_the_start():
    root = svg_of(EIGHTH_DIAMOND, 0)
    horses = with_class(root, "horse")
    assert {g.get("data-position") for g in horses} == {"0"}
    start = with_class(root, "start-line")[0]
    assert all(face(g)[2] < float(start.get("x1")) for g in horses)
    assert not with_class(root, "revealed-card") and with_class(root, "race-deck")[0].get("data-count") == "41"


# -- a loaded track is laid again -----------------------------------------------------------------------

@pytest.mark.clause("CRD-TRACK-4", "CRD-TRACK-5", "CRD-FAQ-3")
def test_a_loaded_lay_marks_the_suit_with_five_or_more():
    root = svg_of(LOADED_TRACK, 0)
    marked = [g.get("data-card") for g in with_class(root, "relay")]
    assert marked == ["2H", "5H", "9H", "JH", "KH"]
    (note,) = with_class(root, "relay-note")
    assert note.get("data-suit") == "H" and note.get("data-count") == "5"
    assert "12 \u2212 5 = 7 race cards" in text_of(note)
    assert not with_class(root, "odds")
    # the second lay stands: nothing marked, hearts at 10:1
    root = svg_of(LOADED_TRACK, 1)
    assert not with_class(root, "relay") and not with_class(root, "relay-note")
    assert {el.get("data-horse"): el.get("data-odds") for el in with_class(root, "odds")} == \
        {"S": "2", "H": "10", "D": "2", "C": "2"}


@pytest.mark.clause("CRD-TRACK-4")
def test_a_race_shows_its_refused_lay_and_nothing_before_a_track():
    assert drawing(RELAY_IN_RACE, 0) == ""                 # no track laid yet
    root = svg_of(RELAY_IN_RACE, 3)
    assert [g.get("data-card") for g in with_class(root, "relay")] == ["2C", "3C", "4C", "5C", "6C"]
    assert with_class(root, "relay-note")[0].get("data-suit") == "C"
    assert [int(g.get("data-seat")) for g in with_class(root, "banker")] == [3]
    root = svg_of(RELAY_IN_RACE, 5)                      # the second lay stands
    assert not with_class(root, "relay")
    assert len(with_class(root, "track-card")) == 7


# -- odds: exact chances against the posted odds ---------------------------------------------------------

@pytest.mark.clause("CRD-ODDS-1", "CRD-ODDS-2")
def test_odds_chart_shows_each_chance_against_the_posted_odds():
    root = svg_of(ODDS_EXAMPLE, 0)
    rows = {g.get("data-horse"): g for g in with_class(root, "odds-row")}
    assert list(rows) == ["S", "H", "D", "C"]
    assert rows["D"].get("data-probability") == "1636509107/4333586348"
    assert {h: g.get("data-odds") for h, g in rows.items()} == {"S": "3", "H": "3", "D": "2", "C": "3"}
    bars = {el.get("data-horse"): float(el.get("width")) for el in with_class(root, "win-bar")}
    assert bars["D"] > bars["S"] == bars["H"] == bars["C"] > 0
    ratio = bars["D"] / bars["S"]
    assert abs(ratio - 1636509107 / 899025747) < 0.05
    # the tick where 2:1 would be fair (1/3) lies left of the diamonds bar's end: a good price
    ticks = {el.get("data-horse"): float(el.get("x1")) for el in with_class(root, "break-even")}
    bar_x = float(with_class(root, "win-bar")[0].get("x"))
    assert ticks["D"] < bar_x + bars["D"] and ticks["S"] > bar_x + bars["S"]
    assert "37.8%" in text_of(rows["D"]) and "2:1" in text_of(rows["D"]) and "+0.13" in text_of(rows["D"])
    assert "1346/46483" in drawing(ODDS_EXAMPLE, 0)


@pytest.mark.clause("CRD-TRACK-4")
def test_a_track_laid_again_has_no_odds_chart():
    # No race is run on a loaded track, so nothing is priced and there is no chart to draw.
    assert render_step("odds", replayed(ODDS_LOADED)[1][0].observation) == ""


def test_nothing_to_draw_gives_an_empty_string():
    assert render_step("race", {"error": "CRD-RACE-7"}) == ""
    assert render_step("race", {"phase": "laying", "track": None, "positions": {"S": 0, "H": 0, "D": 0, "C": 0}}) == ""
    assert render_step("odds", {"track_counts": {"S": 2, "H": 2, "D": 1, "C": 2}}) == ""
    assert render_step("layout", {"must_relay": False, "odds": {"S": 1, "H": 1, "D": 1, "C": 1}}) == ""


# -- the site -------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return build_site(tmp_path_factory, "cards")


def test_site_pages_carry_the_card_diagrams(site):
    scenarios = [loaded(p) for p in CARD_SCENARIOS]
    assert {p.name for p in (site / "cards").iterdir()} == {page_name(s.id) for s in scenarios} | {"index.html"}
    assert "<td>yes</td>" in (site / "index.html").read_text(encoding="utf-8")
    html = (site / "cards" / page_name("crd-ex-eighth-diamond")).read_text(encoding="utf-8")
    kind, outcomes, _ = replayed(EIGHTH_DIAMOND)
    drawn = [o for o in outcomes if render_step(kind, o.observation)]
    svgs = page_svgs(html)
    assert len(svgs) == len(drawn) + 1                   # every drawn step, plus the overview
    for svg in svgs:
        check_standalone_text(svg)
    assert drawing(EIGHTH_DIAMOND, WINNING_REVEAL).strip() in html
    assert 'class="card-race"' in html and "<script" not in html
    assert "no diagram: nothing on the table to draw at this step" in html      # the refused reveal
    odds_page = (site / "cards" / page_name("crd-odds-eighth-diamond-track")).read_text(encoding="utf-8")
    assert 'class="card-odds"' in odds_page


def test_the_render_command_draws_a_card_step(tmp_path):
    out = tmp_path / "win.svg"
    assert main(["render", str(EIGHTH_DIAMOND), "--step", str(WINNING_REVEAL), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == drawing(EIGHTH_DIAMOND, WINNING_REVEAL)
