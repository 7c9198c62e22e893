"""The games the tests loop over: the registry (`reference.core.game.all_games()`), never a list
written by hand, so that a new game is in every test about "each game" from the moment its
folder exists (tests/core/test_games_by_registry.py keeps tests/core to that).

A game just made by `horserace new-game` has no kind yet, hence no vectors: a test of a game's
vectors skips it, saying so, until its first kind (`skip_without_kinds`). From then on the test
runs, and a kind without vectors fails it (a check that compares nothing does not pass).
"""

from __future__ import annotations

import pytest

from reference.core.game import all_games


def game_names() -> list[str]:
    return sorted(all_games())


def kinds_of(name: str) -> list[str]:
    """The game's kinds: those its GAME gives observation keys for (one vector file each)."""
    return sorted(all_games()[name].observation_keys)


def skip_without_kinds(name: str) -> None:
    if not kinds_of(name):
        pytest.skip(f"{name} has no kind yet, so no vectors to check (docs/adding-a-game.md: the first kind)")
