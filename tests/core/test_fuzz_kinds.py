"""Every case kind of every game is fuzzed, or the game says why not (issue 32 item 5): the
generator's KINDS and its NOT_FUZZED cover the game's kinds, and each kind left out is named with
its reason in `horserace fuzz --help` and in the README."""

from __future__ import annotations

import importlib

import pytest

from reference.core.game import all_games

GAMES = sorted(all_games())


def words(text: str) -> str:
    return " ".join(text.split())


def fuzz_help() -> str:
    """What `horserace fuzz --help` prints (its list of kinds is filled in only then)."""
    from horserace_cli.main import build_parser
    parser = build_parser(only="fuzz")
    (fuzz,) = [p for action in parser._subparsers._group_actions for p in action.choices.values()]
    return fuzz.format_help()


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_has_a_generator_form_or_a_reason(game):
    generator = importlib.import_module(f"reference.{game}.fuzzing")
    made, left = set(generator.KINDS), set(generator.NOT_FUZZED)
    assert not made & left
    assert made | left == set(all_games()[game].observation_keys), f"{game}: kinds neither fuzzed nor explained"
    help_text = words(fuzz_help())
    for kind, why in generator.NOT_FUZZED.items():
        assert len(why) > 40
        said = words(f"{game} {kind}: {why}")
        assert said in help_text, f"horserace fuzz --help does not say why {game} {kind} is not fuzzed"


def test_the_cards_and_horse_fever_function_kinds_are_fuzzed():
    assert {"layout", "odds"} <= set(importlib.import_module("reference.cards.fuzzing").KINDS)
    assert {"race", "odds"} <= set(importlib.import_module("reference.horse_fever.fuzzing").KINDS)
