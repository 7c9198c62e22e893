"""Which games `horserace site` publishes (reference/core/site.py, `selected_games`): the games
named (once each, by name or as a Game), else every game; and when one game's package does not
import, a clear error naming it and the way round it (--game), never a traceback."""

from __future__ import annotations

import pytest

from horserace_cli.main import main
from reference.core import site
from reference.core.game import UnknownGame, all_games, get_game


def test_the_games_named_once_each_in_the_order_named():
    backwards = list(reversed(all_games()))
    games = site.selected_games([*backwards, get_game(backwards[0]), backwards[-1]])
    assert [g.name for g in games] == backwards


def test_no_game_named_means_every_game():
    assert [g.name for g in site.selected_games(None)] == list(all_games())
    assert [g.name for g in site.selected_games([])] == list(all_games())


def broken_package():
    raise UnknownGame("the game package reference/chess does not import: No module named 'chessboard'")


def test_a_game_package_that_does_not_import_is_named_with_the_way_round_it(monkeypatch):
    monkeypatch.setattr(site, "all_games", broken_package)
    with pytest.raises(site.SiteError) as raised:
        site.selected_games(None)
    message = str(raised.value)
    assert "reference/chess does not import" in message and "name the games to publish with --game" in message


def test_the_site_command_says_so_without_a_traceback(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(site, "all_games", broken_package)
    assert main(["site", "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "reference/chess does not import" in err and "--game" in err
    assert "Traceback" not in err and "internal error" not in err
