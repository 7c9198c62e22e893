"""The component data files (HF-MOVECARD-1, HF-TABLE-*, card data) against the components file,
and every data file citing a section that exists."""

from pathlib import Path

import pytest
import yaml

from reference.core.paths import REPO_ROOT
from reference.horse_fever import component_data
from reference.horse_fever.rules import components

SHARED = REPO_ROOT.parent / "shared"
COMPONENTS_MD = SHARED / "horse-fever-components.md"
DATA = Path(component_data.DATA_DIR)


@pytest.mark.clause("HF-MOVECARD-1", "HF-MOVE-2")
def test_movement_cards_as_tabulated():
    cards = components.movement_cards()
    assert sorted(cards) == list(range(83, 106))          # 23 cards
    assert cards[100].moves == (4, 2, 2, 2, 2, 0)
    assert cards[105].moves == (2, 4, 2, 2, 0, 2)
    assert cards[83].moves == cards[98].moves and cards[91].moves == cards[92].moves
    assert cards[101].spaces(7) == 0 and cards[101].spaces(6) == 1 and cards[99].spaces(2) == 4
    assert all(0 <= v <= 4 for c in cards.values() for v in c.moves)


@pytest.mark.skipif(not COMPONENTS_MD.exists(), reason="shared/horse-fever-components.md is not beside this checkout")
@pytest.mark.clause("HF-MOVECARD-1")
def test_movement_cards_match_the_components_file_row_by_row():
    rows = [line for line in COMPONENTS_MD.read_text(encoding="utf-8").splitlines()
            if line.startswith("| ") and line.split("|")[1].strip().isdigit() and int(line.split("|")[1]) >= 83]
    table = {int(r.split("|")[1]): tuple(int(x) for x in r.split("|")[2:8]) for r in rows}
    assert table == {n: c.moves for n, c in components.movement_cards().items()}


@pytest.mark.clause("HF-SETUP-3", "HF-SETUP-4", "HF-CANCEL-1")
def test_the_family_action_deck_is_the_eighteen_cards_without_a_star():
    cards = components.action_cards()
    assert len(cards) == 22
    assert sorted(components.family_action_deck()) == [n for n in range(1, 23) if n not in (17, 18, 21, 22)]
    letters = {}
    for card in cards.values():
        if card.letter:
            letters.setdefault(card.letter, []).append(card.kind)
    # every letter pairs one positive with one negative card (the pairs that cancel)
    assert {k: sorted(v) for k, v in letters.items()} == {L: ["negative", "positive"] for L in "ABCDEFG"}


@pytest.mark.clause("HF-CHAR-1", "HF-SETUP-8")
def test_family_characters():
    chars = components.characters()
    assert {n: (c.danari, c.owns_odds) for n, c in chars.items()} == {
        71: (3400, 2), 72: (3600, 3), 73: (3800, 4), 74: (4000, 5), 75: (4200, 6), 76: (4400, 7)}


@pytest.mark.clause("HF-TABLE-1", "HF-TABLE-2", "HF-TABLE-3", "HF-PAY-2")
def test_tables():
    t = components.tables()
    assert t.bet_tokens_per_colour == {2: 1, 3: 2, 4: 3, 5: 4, 6: 4}
    assert t.rounds == {2: 6, 3: 6, 4: 4, 5: 5, 6: 6}
    assert t.finish_line == 12
    assert t.prizes == (600, 400, 200)


@pytest.mark.clause("HF-PLAY-3")
def test_every_player_count_has_at_least_as_many_rounds_as_players():
    """With the card passing clockwise each round, every player is first player at least once."""
    t = components.tables()
    assert all(t.rounds[n] >= n for n in range(2, 7))


@pytest.mark.clause("HF-TABLE-4")
def test_sprint_dice_are_unconfirmed_colours_and_no_tie_break_table_is_guessed():
    data = yaml.safe_load((DATA / "tables.yaml").read_text(encoding="utf-8"))
    assert data["sprint_dice"]["confirmed"] is False
    assert sorted(data["sprint_dice"]["faces"]) == sorted(components.COLOURS)
    assert data["tie_break_table"] == {"found": False, "note": data["tie_break_table"]["note"]}


@pytest.mark.skipif(not COMPONENTS_MD.exists(), reason="shared/horse-fever-components.md is not beside this checkout")
@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.yaml")))
def test_every_data_file_cites_a_section_of_its_source(name):
    source = yaml.safe_load((DATA / name).read_text(encoding="utf-8"))["source"]
    text = (SHARED / source["document"]).read_text(encoding="utf-8")
    assert source["section"] in text


@pytest.mark.skipif(not COMPONENTS_MD.exists(), reason="shared/horse-fever-components.md is not beside this checkout")
def test_catalog_headings_from_the_components_file_exist():
    from reference.core.catalog import load_catalog
    text = COMPONENTS_MD.read_text(encoding="utf-8")
    for clause in load_catalog("horse_fever").clauses.values():
        for document, heading in clause.sources:
            if document == COMPONENTS_MD.name:
                assert heading in text, (clause.id, heading)


def test_a_broken_data_file_is_reported_with_its_line(tmp_path, monkeypatch):
    from reference.core.errors import ScenarioError
    broken = tmp_path / "movement_cards.yaml"
    broken.write_text((DATA / "movement_cards.yaml").read_text().replace("{number: 90, moves: [2, 3, 2, 2, 2, 3]}",
                                                                         "{number: 90, moves: [2, 3, 2, 2, 2, 5]}"))
    monkeypatch.setattr(component_data, "DATA_DIR", tmp_path)
    component_data.load_components.cache_clear()
    try:
        with pytest.raises(ScenarioError) as info:
            components.movement_cards()
        assert info.value.line is not None and "cards[7].moves[5]" in str(info.value)
    finally:
        monkeypatch.undo()
        component_data.load_components.cache_clear()
