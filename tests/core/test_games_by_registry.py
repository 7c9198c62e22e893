"""The core's tests take their games from the registry (issue 34, item 3).

A test about "each game" loops over `reference.core.game.all_games()` (or tests/games.py), so a
new game is in it from the moment its folder exists. A list of the games written by hand leaves a
new game out without a word, or fails it with a KeyError. So no test module of tests/core holds
one: no list, tuple, set or dict (the keys) whose items name two or more games, each once, the
shape of a hand-written list of games: `["dominoes", "cards"]`, `{"dominoes": "dom-", ...}`, one
row per game `(("dominoes", "match"), ("cards", "race"))` or `(get_game("dominoes"),
get_game("cards"))`. A game named as data stays: one game as the example a test runs on
(`get_game("cards")`, `case_seed("dominoes", "match", 7)`), or a table whose rows are about ids of
the games, where a game comes back row after row (`("dominoes", "DOM-INT-4", False), ("dominoes",
"DOM-INT-2", ...)`).
"""

from __future__ import annotations

import ast
from pathlib import Path

from reference.core.game import all_games

CORE_TESTS = Path(__file__).resolve().parent
COLLECTIONS = (ast.List, ast.Tuple, ast.Set, ast.Dict)


def named_game(item: ast.AST, games: frozenset[str]) -> str | None:
    """The game an item of a collection names: the item itself (`"cards"`), the first element of
    a row (`("cards", "race")`) or the first argument of a call (`get_game("cards")`)."""
    if isinstance(item, (ast.Tuple, ast.List)) and item.elts:
        item = item.elts[0]
    elif isinstance(item, ast.Call) and item.args:
        item = item.args[0]
    return item.value if isinstance(item, ast.Constant) and item.value in games else None


def hand_written_game_lists(source: str, games: frozenset[str], where: str = "") -> list[str]:
    """`where:line: the literal` for each collection of `source` whose items name two or more
    games, each once."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, COLLECTIONS):
            continue
        items = [k for k in node.keys if k is not None] if isinstance(node, ast.Dict) else node.elts
        named = [name for name in (named_game(item, games) for item in items) if name]
        if len(set(named)) >= 2 and len(named) == len(set(named)):
            found.append((node.lineno, f"{where}:{node.lineno}: {ast.unparse(node)[:100]}"))
    return [line for _, line in sorted(found)]


def test_no_core_test_lists_the_games_by_hand():
    games = frozenset(all_games())
    found = [line for path in sorted(CORE_TESTS.glob("*.py")) if path.name != Path(__file__).name
             for line in hand_written_game_lists(path.read_text(encoding="utf-8"), games, path.name)]
    assert found == [], "tests of tests/core that list games by hand: loop over all_games() or " \
                        "tests/games.py's game_names() instead\n  " + "\n  ".join(found)


# the checker's own cases (this module is the one left out of the scan: its data are the shapes)
GAMES = frozenset({"dominoes", "cards", "horse_fever"})


def test_a_hand_written_list_of_games_is_found_in_its_shapes():
    source = '''
import pytest
@pytest.mark.parametrize("game", ["dominoes", "cards", "horse_fever"])
def test_a(game): ...
PREFIX = {"dominoes": "dom-", "cards": "crd-", "horse_fever": "hf-"}
def test_b():
    for game, kind in (("horse_fever", "probe"), ("dominoes", "match")):
        pass
    both = (get_game("dominoes"), get_game("cards"))
'''
    found = hand_written_game_lists(source, GAMES, "t.py")
    assert [line.split(":")[1] for line in found] == ["3", "5", "7", "9"], found


def test_a_game_named_as_data_is_not_a_list_of_games():
    source = '''
import pytest
@pytest.mark.parametrize("game, entry", [("dominoes", "DOM-INT-4"), ("dominoes", "DOM-INT-2"), ("cards", "CRD-INT-1")])
def test_a(game, entry): ...
def test_b():
    seed = case_seed("dominoes", "match", 7)
    cases = load_cases(["cards"], kinds=["race", "odds"])
    rows = {"dom-wt-lone-double": ("dominoes", "layout"), "crd-ex-eighth-diamond": ("cards", "race")}
'''
    assert hand_written_game_lists(source, GAMES, "t.py") == []
