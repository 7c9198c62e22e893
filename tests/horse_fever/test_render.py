"""Horse Fever diagrams (reference/horse_fever/render.py): the track with its lanes, pawns and the
finish line on the 12th space, the odds board (before and after when tokens move), the ranking,
the movement card and sprint dice, the action cards on the horses, the players; the site."""

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
from reference.horse_fever.render import render_step

from tests.support import (build_site, check_standalone, check_standalone_text, class_attributes, drawing, loaded,
                           page_svgs, replayed, svg_of, text_of, with_class)

GAME = get_game("horse_fever")
HF_SCENARIOS = scenario_files([str(SCENARIO_DIR / "horse_fever")])
ARRIVAL = SCENARIO_DIR / "horse_fever" / "ex-arrival-order.yaml"
NEW_ODDS = SCENARIO_DIR / "horse_fever" / "odds-new-order.yaml"
ALFIO = SCENARIO_DIR / "horse_fever" / "ex-alfio-four-to-two.yaml"
SAME_LETTER = SCENARIO_DIR / "horse_fever" / "reveal-same-letter-cancel.yaml"
PAYOUTS = SCENARIO_DIR / "horse_fever" / "payouts-win-show-owners.yaml"
DOUBLE = SCENARIO_DIR / "horse_fever" / "sprint-double.yaml"
BETS_CLOSED, REVEAL, LAST_RACE_ROUND, PAID = 8, 9, 15, 16     # steps of hf-payouts-win-show-owners
SVG_NS = "{http://www.w3.org/2000/svg}"


def by_horse(elements: list) -> dict:
    """`elements`: the ET elements of a diagram, or their attributes (class_attributes)."""
    return {el.get("data-horse"): el for el in elements}


def pawn_x(group: ET.Element) -> tuple[float, float]:
    """(left, right) of a horse's pawn."""
    (pawn,) = with_class(group, "pawn")
    cx, r = float(pawn.get("cx")), float(pawn.get("r"))
    return cx - r, cx + r


def check_odds_board(root: ET.Element, odds: dict) -> None:
    """Each stable's token lies on the row the observation gives it, once."""
    check_odds_tokens(with_class(root, "odds-token"), odds)


def check_odds_tokens(tokens: list, odds: dict) -> None:
    """`tokens`: the odds-token elements (or their attributes) of a diagram."""
    assert sorted(t.get("data-stable") for t in tokens) == sorted(odds)
    assert {t.get("data-stable"): int(t.get("data-row")) for t in tokens} == odds


# -- every step of every Horse Fever scenario, and the vector cases --------------------------------

def test_horse_fever_draws_with_this_renderer():
    assert GAME.render_step is render_step


@pytest.mark.parametrize("path", HF_SCENARIOS, ids=lambda p: Path(p).stem)
def test_every_scenario_step_draws_well_formed_deterministic_svg(path):
    kind, outcomes, _ = replayed(path)
    for outcome in outcomes:
        view = outcome.observation
        svg = render_step(kind, view)
        assert svg == render_step(kind, view), outcome.index
        if "error" in view:
            assert svg == "", f"step {outcome.index}: a refused action has nothing to draw"
            continue
        assert svg, f"step {outcome.index} ({outcome.action}) has a table but no diagram"
        # well-formed and standalone, and the attributes of its elements, read without building
        # the tree (as for the vector cases below): the same checks in a fraction of the time
        check_standalone_text(svg)
        check_odds_tokens(class_attributes(svg, "odds-token"), view["odds"])
        horses = by_horse(class_attributes(svg, "horse"))
        assert {h: int(g.get("data-position")) for h, g in horses.items()} == dict(view.get("positions") or {})
        ranked = {h: int(g.get("data-place")) for h, g in horses.items() if g.get("data-place")}
        assert ranked == {h: i + 1 for i, h in enumerate(view.get("ranking") or [])}


@pytest.fixture(scope="module")
def vector_cases() -> list[dict]:
    return load_cases(["horse_fever"])


@pytest.mark.parametrize("kind", ["game", "round", "race", "odds", "probe"])
def test_generated_vector_cases_draw_well_formed_svg(vector_cases, kind):
    """Every step of every case of the kind. An observation equal (same JSON, key order and all)
    to one already drawn and checked is not drawn again: the drawing is a function of it, and
    that it is deterministic is checked on every distinct one."""
    drawn = 0
    checked: set[str] = set()              # observations drawn with every check
    partials: set[str] = set()             # expected values drawn as partial observations
    for case in (c for c in vector_cases if c["kind"] == kind):
        inp = case["input"]
        outcomes = GAME.replay(CaseInput(kind, inp["setup"], inp["steps"], case.get("options") or {},
                                         refusals_are_results=True))
        for outcome, expected in zip(outcomes, case["expected"]):
            text = json.dumps(outcome.observation)
            if text not in checked:
                checked.add(text)
                svg = render_step(kind, outcome.observation)
                assert svg == render_step(kind, outcome.observation)
                if svg:
                    check_standalone_text(svg)
                    check_odds_tokens(class_attributes(svg, "odds-token"), outcome.observation["odds"])
                    drawn += 1
            # a vector's expected values are partial observations: drawn or "", never a crash
            text = json.dumps(expected)
            if text not in checked and text not in partials:
                partials.add(text)
                partial = render_step(kind, expected)
                if partial:
                    check_standalone_text(partial)
    assert drawn >= 10, drawn


# -- the worked example: the arrival order -----------------------------------------------------------

@pytest.mark.clause("HF-RANK-2", "HF-RANK-3", "HF-FINISH-1", "HF-FINISH-2", "HF-PHOTO-1")
def test_arrival_order_diagram_shows_places_and_spaces_past_the_line():
    root = svg_of(ARRIVAL, 0)
    horses = by_horse(with_class(root, "horse"))
    assert {h: int(g.get("data-position")) for h, g in horses.items()} == \
        {"white": 8, "blue": 13, "yellow": 7, "black": 13, "red": 14, "green": 13}
    assert {h: g.get("data-place") for h, g in horses.items()} == \
        {"white": None, "blue": "3", "yellow": None, "black": "1", "red": "2", "green": "4"}
    assert {h: g.get("data-past-line") for h, g in horses.items() if g.get("data-past-line")} == \
        {"black": "1", "red": "2", "blue": "1", "green": "1"}
    assert with_class(root, "finished") == [horses[h] for h in ("blue", "black", "red", "green")]
    assert text_of(horses["red"]) == "2" and text_of(horses["black"]) == "1"
    # the finish line on the 12th space; red two spaces beyond it, blue and green one
    (finish,) = with_class(root, "finish-line")
    assert finish.get("data-space") == "12"
    finish_x = float(finish.get("data-x"))
    assert all(pawn_x(horses[h])[0] > finish_x for h in ("red", "blue", "green", "black"))
    assert all(pawn_x(horses[h])[1] < finish_x for h in ("white", "yellow"))
    centre = {h: sum(pawn_x(g)) / 2 for h, g in horses.items()}
    space = centre["red"] - centre["blue"]                     # one space: 14 - 13
    assert space > 0 and centre["blue"] == centre["green"] == centre["black"]
    assert centre["red"] - 2 * space == finish_x == centre["blue"] - space
    # the track reaches red's space 14, and no further
    numbers = [text_of(el) for el in with_class(root, "space-number")]
    assert numbers == ["start"] + [str(n) for n in range(1, 15)]


@pytest.mark.clause("HF-RANK-2")
def test_arrival_order_diagram_shows_the_ranking_board():
    root = svg_of(ARRIVAL, 0)
    places = {int(el.get("data-place")): el.get("data-horse") for el in with_class(root, "ranking-place")}
    assert places == {1: "black", 2: "red", 3: "blue", 4: "green", 5: None, 6: None}
    assert "red" in text_of(with_class(root, "ranking-place")[1])


@pytest.mark.clause("HF-MOVE-1", "HF-MOVE-2", "HF-MOVECARD-1", "HF-SPRINT-1", "HF-SPRINT-3")
def test_arrival_order_diagram_shows_movement_card_85_and_the_dice():
    root = svg_of(ARRIVAL, 0)
    (card,) = with_class(root, "movement-card")
    assert card.get("data-card") == "85" and card.get("data-start") is None
    values = {int(el.get("data-row")): int(el.get("data-spaces")) for el in with_class(card, "movement-value")}
    assert values == {2: 3, 3: 2, 4: 2, 5: 3, 6: 2, 7: 2}
    assert "85" in text_of(with_class(card, "card-number")[0])
    dice = with_class(root, "sprint-die")
    assert [d.get("data-colour") for d in dice] == ["green", "black"]
    assert [d.get("data-lost") for d in dice] == [None, "true"]        # black is ranked: its sprint is lost
    # this round's moves: red from 11 to 14, green from 10 to 13 (card 2 and sprint 1); black stays
    trails = {el.get("data-horse"): (el.get("data-from"), el.get("data-to")) for el in with_class(root, "move-trail")}
    assert trails["red"] == ("11", "14") and trails["green"] == ("10", "13") and "black" not in trails


@pytest.mark.clause("HF-ODDS-1", "HF-ODDS-2")
def test_arrival_order_diagram_shows_the_odds_board():
    root = svg_of(ARRIVAL, 0)
    check_odds_board(root, {"black": 2, "blue": 3, "green": 4, "red": 5, "white": 6, "yellow": 7})
    assert [int(r.get("data-row")) for r in with_class(root, "odds-row")] == [2, 3, 4, 5, 6, 7]
    assert not with_class(root, "odds-move")                   # no token moved in a race round
    lane_odds = {el.get("data-horse"): el.get("data-row") for el in with_class(root, "lane-odds")}
    assert lane_odds["red"] == "5" and "1:5" in text_of(with_class(root, "lane-odds")[4])


def test_arrival_order_drawing_is_byte_identical_on_a_second_call():
    kind, outcomes, _ = replayed(ARRIVAL)
    view = outcomes[0].observation
    first = render_step(kind, view)
    assert first == render_step(kind, view) == render_step(kind, dict(view))


def test_a_double_shows_both_dice_in_one_colour():
    # a drawing check, not a rule check (HF-SPRINT-2 is tested in test_race): step 0 of
    # hf-sprint-double rolls the dice [red, red]
    root = svg_of(DOUBLE, 0)
    assert [d.get("data-colour") for d in with_class(root, "sprint-die")] == ["red", "red"]


# -- the odds board: new odds and the odds cards ------------------------------------------------------------

@pytest.mark.clause("HF-NEWODDS-1", "HF-NEWODDS-2", "HF-NEWODDS-3")
def test_new_odds_diagram_shows_the_board_before_and_after_with_arrows():
    root = svg_of(NEW_ODDS, 0)
    check_odds_board(root, {"white": 6, "green": 3, "red": 4, "blue": 5, "black": 5, "yellow": 6})
    before = {t.get("data-stable"): int(t.get("data-row")) for t in with_class(root, "odds-token-before")}
    assert before == {"white": 7, "blue": 6, "yellow": 5, "black": 4, "red": 3, "green": 2}
    moves = {m.get("data-horse"): m.get("data-direction") for m in with_class(root, "odds-move")}
    assert moves == {"white": "up", "blue": "up", "yellow": "down", "black": "down", "red": "down", "green": "down"}
    places = [el.get("data-horse") for el in with_class(root, "ranking-place")]
    assert places == ["white", "green", "red", "blue", "black", "yellow"]
    assert drawing(NEW_ODDS, 1) == ""            # the refused second new_odds


@pytest.mark.clause("HF-NEWODDS-4")
def test_new_odds_in_a_game_keep_every_token_on_its_row():
    root = svg_of(PAYOUTS, PAID + 1)
    moves = with_class(root, "odds-move")
    assert len(moves) == 6 and {m.get("data-direction") for m in moves} == {"same"}


@pytest.mark.clause("HF-ACT-15")
def test_alfio_allibratore_moves_the_token_two_rows_up_on_the_board():
    root = svg_of(ALFIO, 0)
    moves = {m.get("data-horse"): (m.get("data-before"), m.get("data-after"), m.get("data-direction"))
             for m in with_class(root, "odds-move")}
    assert moves["white"] == ("4", "2", "up")
    assert all(way == "same" for h, (_, _, way) in moves.items() if h != "white")


# -- action cards on the horses ------------------------------------------------------------------------------

@pytest.mark.clause("HF-RIG-3", "HF-REVEAL-1")
def test_action_cards_lie_face_down_until_the_reveal():
    root = svg_of(PAYOUTS, BETS_CLOSED)
    cards = with_class(root, "action-card")
    assert {(c.get("data-horse"), c.get("data-card")) for c in cards} == \
        {("white", "16"), ("white", "20"), ("yellow", "5"), ("yellow", "12")}
    assert all("face-down" in c.get("class").split() and c.get("data-letter") is None for c in cards)
    assert "Friz" not in text_of(root)


@pytest.mark.clause("HF-CANCEL-1", "HF-REVEAL-1")
def test_cards_of_one_letter_are_struck_through_at_the_reveal():
    root = svg_of(SAME_LETTER, 0)
    cards = {(c.get("data-horse"), int(c.get("data-card"))): c for c in with_class(root, "action-card")}
    cancelled = {key for key, c in cards.items() if "cancelled" in c.get("class").split()}
    assert cancelled == {("white", 5), ("white", 12), ("yellow", 7), ("yellow", 14), ("black", 6), ("black", 13),
                         ("red", 1), ("red", 8)}
    assert all(with_class(cards[key], "strike") for key in cancelled)
    standing = {key: c.get("data-letter") for key, c in cards.items() if "revealed" in c.get("class").split()}
    assert standing == {("blue", 2): "B", ("green", 3): "C", ("green", 11): "D"}
    assert not with_class(cards[("green", 3)], "strike")
    assert "Flagellum" in text_of(cards[("green", 3)]) and "C" in text_of(cards[("green", 3)])


# -- a game: players, bets, payouts ----------------------------------------------------------------------------

@pytest.mark.clause("HF-BET-1", "HF-BET2-1", "HF-CHAR-1")
def test_players_show_vp_danari_bets_and_the_first_player():
    root = svg_of(PAYOUTS, BETS_CLOSED)
    players = {int(p.get("data-seat")): p for p in with_class(root, "player")}
    assert {s: (p.get("data-vp"), p.get("data-danari")) for s, p in players.items()} == \
        {0: ("1", "2400"), 1: ("1", "2200")}
    assert [int(p.get("data-seat")) for p in with_class(root, "first-player")] == [0]
    assert [b.get("data-horse") for b in with_class(players[1], "owned")] == ["blue"]
    assert [text_of(b) for b in with_class(players[0], "bet")] == ["win 400 D on red", "show 200 D on green"]


@pytest.mark.clause("HF-PAY-1", "HF-PAY-2", "HF-WIN-1", "HF-SHOW-1")
def test_payouts_show_how_each_bet_was_settled():
    root = svg_of(PAYOUTS, PAID)
    players = {int(p.get("data-seat")): p for p in with_class(root, "player")}
    assert {s: (p.get("data-vp"), p.get("data-danari")) for s, p in players.items()} == \
        {0: ("5", "4200"), 1: ("2", "3400")}
    assert [text_of(b) for b in with_class(players[1], "bet")] == \
        ["show 500 D on blue: +1000 D, +1 VP", "show 300 D on black: stake lost", "owner of blue (3rd): +200 D"]
    assert "owner of red (1st): +600 D" in text_of(players[0])


@pytest.mark.clause("HF-FINISH-1", "HF-RANK-6")
def test_the_track_runs_on_to_the_furthest_horse():
    root = svg_of(PAYOUTS, LAST_RACE_ROUND)
    horses = by_horse(with_class(root, "horse"))
    assert horses["black"].get("data-position") == "15" and horses["black"].get("data-place") == "6"
    assert [text_of(el) for el in with_class(root, "space-number")][-1] == "15"
    assert horses["white"].get("data-past-line") == "0"          # on the line: finished
    finish_x = float(with_class(root, "finish-line")[0].get("data-x"))
    left, right = pawn_x(horses["white"])
    assert left < finish_x < right


def test_nothing_to_draw_gives_an_empty_string():
    assert render_step("race", {"error": "HF-RANK-6"}) == ""
    assert render_step("round", {}) == ""
    assert render_step("race", {"phase": "race", "ranking": []}) == ""
    assert render_step("odds", {"phase": "new_odds"}) == ""
    assert render_step("race", {"events": ["movement_card"], "phase": "race"}) == ""


def test_an_odd_value_in_a_partial_observation_is_drawn_not_a_crash():
    # parts reused across diagrams are keyed by their arguments; a list there cannot be a key
    odds = {"white": 2, "blue": 3, "yellow": 4, "black": 5, "red": 6, "green": 7}
    root = check_standalone(render_step("game", {"odds": odds, "vp": [[1, 2]], "danari": [300]}))
    (player,) = with_class(root, "player")
    assert (player.get("data-vp"), player.get("data-danari")) == ("[1, 2]", "300")
    assert text_of(with_class(player, "vp")[0]) == "[1, 2] VP"


# -- the site and the render command ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return build_site(tmp_path_factory, "horse_fever")


def test_site_pages_carry_the_horse_fever_diagrams(site):
    scenarios = [loaded(p) for p in HF_SCENARIOS]
    assert {p.name for p in (site / "horse_fever").iterdir()} == {page_name(s.id) for s in scenarios} | {"index.html"}
    assert "<td>yes</td>" in (site / "index.html").read_text(encoding="utf-8")
    for scenario in scenarios:
        html = (site / "horse_fever" / page_name(scenario.id)).read_text(encoding="utf-8")
        for svg in page_svgs(html):
            check_standalone_text(svg)
    html = (site / "horse_fever" / page_name("hf-ex-arrival-order")).read_text(encoding="utf-8")
    assert len(page_svgs(html)) == 2                     # the one step, and the overview
    assert drawing(ARRIVAL, 0).strip() in html
    odds_page = (site / "horse_fever" / page_name("hf-odds-new-order")).read_text(encoding="utf-8")
    assert 'class="hf-odds"' in odds_page
    assert "no diagram: nothing on the table to draw at this step" in odds_page      # the refused new_odds


def test_the_render_command_draws_a_horse_fever_step(tmp_path):
    out = tmp_path / "arrival.svg"
    assert main(["render", str(ARRIVAL), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == drawing(ARRIVAL, 0)
