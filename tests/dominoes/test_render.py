"""Domino diagrams (reference/dominoes/render/): drawn as the rule texts' figures are."""

from __future__ import annotations

import itertools
import json
import random
import xml.etree.ElementTree as ET
from functools import lru_cache

import pytest

from reference.core.game import get_game
from reference.core.paths import SCENARIO_DIR, VECTORS_DIR
from reference.core.scenario import load_scenario, scenario_files
from reference.dominoes.rules.layout import Layout, joins
from reference.dominoes.observe import layout_view
from reference.dominoes.render import ORANGE, UNIT, place_tiles, render_step
from reference.dominoes.rules.tiles import DOUBLE_SIX_SET

DOMINO_SCENARIOS = scenario_files([str(SCENARIO_DIR / "dominoes")])
BRANCH_OPENING = SCENARIO_DIR / "dominoes" / "wt-branch-opening.yaml"


@lru_cache(maxsize=None)
def replayed(path) -> tuple:
    scenario = load_scenario(path)
    return scenario.kind, tuple(scenario.replay())


def svg_of(path, step: int) -> ET.Element:
    kind, outcomes = replayed(path)
    return ET.fromstring(render_step(kind, outcomes[step].observation))


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in (el.get("class") or "").split()]


def tile_boxes(root: ET.Element) -> dict[str, tuple[float, float, float, float]]:
    """data-tile -> (x0, y0, x1, y1) of each drawn tile body."""
    boxes = {}
    for group in with_class(root, "tile"):
        body = with_class(group, "tile-body")[0]
        x, y = float(body.get("x")), float(body.get("y"))
        boxes[group.get("data-tile")] = (x, y, x + float(body.get("width")), y + float(body.get("height")))
    return boxes


def overlapping(boxes) -> list[tuple]:
    """Pairs of boxes whose interiors intersect (touching edges is fine)."""
    return [(a, b) for a, b in itertools.combinations(boxes, 2)
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]


def text_of(el: ET.Element) -> str:
    """The drawn text of an element (not its tooltip)."""
    if el.tag.endswith("text"):
        return "".join(el.itertext())
    return "".join("".join(t.itertext()) for t in el.iter() if t.tag.endswith("}text"))


def circle_center(el: ET.Element) -> tuple[float, float]:
    circle = el if el.tag.endswith("circle") else next(c for c in el.iter() if c.tag.endswith("circle"))
    return float(circle.get("cx")), float(circle.get("cy"))


def distance_to_box(point, box) -> float:
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return (dx * dx + dy * dy) ** 0.5


# -- the walk-through: [1|2] on line B of [1|1] (dom-wt-branch-opening step 0) ----------------

@pytest.mark.clause("DOM-DBL-1", "DOM-COUNT-2", "DOM-COUNT-3", "DOM-PTS-1")
def test_branch_opening_diagram_matches_the_walk_through():
    root = svg_of(BRANCH_OPENING, 0)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    boxes = tile_boxes(root)
    assert sorted(boxes) == sorted(["1|4", "1|1", "4|4", "3|4", "1|2"])

    # filled numbers 2 and 3, next to the ends they come from (1|2 high, 3|4 low)
    counted = {g.get("data-tile"): g for g in with_class(root, "counted")}
    assert sorted(text_of(g) for g in counted.values()) == ["2", "3"]
    assert set(counted) == {"1|2", "3|4"}
    for tile, group in counted.items():
        center = circle_center(group)
        assert 0 < distance_to_box(center, boxes[tile]) <= UNIT, tile

    # hollow dots: the six legal attachment points minus the two counted ends
    dots = sorted(c.get("data-point") for c in with_class(root, "open-point"))
    assert dots == ["1|1 branch_a", "1|1 branch_b", "4|4 branch_a", "4|4 branch_b"]

    # orange outlines on exactly the branching doubles
    outlines = with_class(root, "branching")
    assert sorted(o.get("data-tile") for o in outlines) == ["1|1", "4|4"]
    assert all(o.get("stroke") == ORANGE for o in outlines)

    caption = text_of(with_class(root, "caption")[0])
    assert caption.startswith("2 + 3 = 5")
    assert caption == "2 + 3 = 5 -> 5 raw points, 1 displayed"


@pytest.mark.clause("DOM-DBL-1", "DOM-DBL-2", "DOM-DBL-3")
def test_doubles_lie_crosswise_and_branches_leave_at_right_angles():
    _kind, outcomes = replayed(BRANCH_OPENING)
    placed = place_tiles(outcomes[-1].observation)
    assert placed["1|4"].center == (0, 0)                       # the opening tile in the middle
    for piece in placed.values():
        if piece.double:
            rect = piece.rect
            along = (rect.x1 - rect.x0) if piece.direction[0] else (rect.y1 - rect.y0)
            assert along == 2                                    # short along its line: crosswise
    # 1|5 and 1|3 hang on the branches of 1|1: at right angles to 1|1's line
    line = placed["1|1"].direction
    for child in ("1|5", "1|3"):
        d = placed[child].direction
        assert d[0] * line[0] + d[1] * line[1] == 0, child
    # 1|2 continues 1|1's line (line B)
    assert placed["1|2"].direction == line


@pytest.mark.clause("DOM-COUNT-1")
def test_a_double_contribution_is_drawn_on_the_double():
    root = svg_of(SCENARIO_DIR / "dominoes" / "wt-doubles-end-interior.yaml", 2)
    boxes = tile_boxes(root)
    counted = {g.get("data-tile"): g for g in with_class(root, "counted")}
    assert {t: text_of(g) for t, g in counted.items()} == {"1|1": "2", "4|4": "8"}
    for tile in ("1|1", "4|4"):
        assert distance_to_box(circle_center(counted[tile]), boxes[tile]) == 0
    dots = sorted(c.get("data-point") for c in with_class(root, "open-point"))
    assert dots == ["1|1 line_b", "4|4 line_b"]
    assert text_of(with_class(root, "caption")[0]) == "2 + 8 = 10 -> 10 raw points, 2 displayed"


@pytest.mark.clause("DOM-OPEN-4")
def test_an_opening_tile_counts_both_ends_each_drawn_at_its_end():
    root = svg_of(SCENARIO_DIR / "dominoes" / "wt-doubles-end-interior.yaml", 0)
    box = tile_boxes(root)["1|4"]
    numbers = {text_of(g): circle_center(g) for g in with_class(root, "counted")}
    assert sorted(numbers) == ["1", "4"]
    assert numbers["1"][0] < box[0] < box[2] < numbers["4"][0]     # low end left, high end right
    assert not with_class(root, "open-point")
    assert text_of(with_class(root, "caption")[0]) == "4 + 1 = 5 -> 5 raw points, 1 displayed"


def test_a_match_diagram_gives_scores_and_whose_turn_it_is():
    root = svg_of(SCENARIO_DIR / "dominoes" / "match-turn-rules.yaml", 10)
    lines = [text_of(el) for el in with_class(root, "caption")]
    assert lines[0] == "3 + 12 = 15 -> 15 raw points, 3 displayed"
    assert "scores: side 0 = 4, side 1 = 1" in lines[1] and "seat 1 to play" in lines[1]


def test_the_game_value_offers_the_diagrams():
    assert get_game("dominoes").render_step is render_step


def test_observations_without_a_layout_draw_nothing():
    kind, outcomes = replayed(SCENARIO_DIR / "dominoes" / "settle-rounding-up-four.yaml")
    assert render_step(kind, outcomes[0].observation) == ""
    assert render_step("match", {"error": "DOM-DRAW-1"}) == ""
    _kind, outcomes = replayed(SCENARIO_DIR / "dominoes" / "match-turn-rules.yaml")
    assert outcomes[0].observation["tiles"] == [] and render_step("match", outcomes[0].observation) == ""


def test_diagrams_are_standalone_and_deterministic():
    kind, outcomes = replayed(BRANCH_OPENING)
    observation = outcomes[-1].observation
    svg = render_step(kind, observation)
    assert svg == render_step(kind, json.loads(json.dumps(observation)))
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    rest = svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    for external in ("href", "url(", "http", "<script", "<image", "@import"):
        assert external not in rest


# -- every scenario step, the generated vectors and random full tables ------------------------

@pytest.mark.parametrize("path", DOMINO_SCENARIOS, ids=lambda p: p.stem)
def test_every_scenario_step_draws_well_formed_and_without_overlap(path):
    kind, outcomes = replayed(path)
    for outcome in outcomes:
        observation = outcome.observation
        svg = render_step(kind, observation)
        if not observation.get("tiles"):
            assert svg == ""
            continue
        root = ET.fromstring(svg)
        boxes = tile_boxes(root)
        assert sorted(boxes) == sorted(observation["tiles"]), outcome.index
        assert not overlapping(list(boxes.values())), outcome.index
        assert sorted(o.get("data-tile") for o in with_class(root, "branching")) == \
            sorted(observation["branching_doubles"])
        assert len(with_class(root, "counted")) == len(observation["counted"])


def tiles_overlap(observation, placed=None) -> list:
    """Overlapping tile rectangles of the observation's table (`placed`: its place_tiles, if known)."""
    placed = place_tiles(observation) if placed is None else placed
    rects = [(r.x0, r.y0, r.x1, r.y1) for r in (p.rect for p in placed.values())]
    return overlapping(rects)


def test_generated_vector_layouts_never_overlap():
    vectors = json.loads((VECTORS_DIR / "dominoes" / "layout.json").read_text())
    checked = 0
    for case in vectors["cases"]:
        for index, expected in enumerate(case["expected"]):
            if "tiles" in expected:
                placed = place_tiles(expected)
                assert len(placed) == len(expected["tiles"]), (case["id"], index)
                assert not tiles_overlap(expected, placed), (case["id"], index)
                checked += 1
        final = case["expected"][-1]
        if "tiles" in final:
            assert not overlapping(list(tile_boxes(ET.fromstring(render_step("layout", final))).values()))
    assert checked > 100


def random_table(seed: int) -> list[dict]:
    """Observations of a random layout grown tile by tile until nothing fits (up to 28 tiles)."""
    rng = random.Random(seed)
    tiles = list(DOUBLE_SIX_SET)
    rng.shuffle(tiles)
    layout = Layout()
    layout.open_with(tiles.pop())
    views = [layout_view(layout)]
    while True:
        moves = [(t, p) for t in tiles for p in layout.attachment_points() if joins(t, p)]
        if not moves:
            return views
        tile, point = rng.choice(moves)
        layout.attach(tile, point)
        tiles.remove(tile)
        views.append(layout_view(layout))


@pytest.mark.parametrize("seed", range(12))
def test_random_tables_never_overlap_and_every_tile_touches_its_parent(seed):
    for view in random_table(seed):
        placed = place_tiles(view)
        assert len(placed) == len(view["tiles"])
        assert not tiles_overlap(view)
        for text in view["connections"]:
            parent, child = (part.rsplit(" ", 1)[0] for part in text.split(" -- "))
            a, b = placed[parent].rect, placed[child].rect
            touching = a.x0 <= b.x1 and b.x0 <= a.x1 and a.y0 <= b.y1 and b.y0 <= a.y1
            assert touching or placed[child].connector, text     # joined, or drawn with a connector
