"""Generated Horse Fever cases: whole games, games under way, races, new-odds boards and rule
probes (probes.py).

Every case is written out explicitly (stable order, characters, deals, bets, cards, movement
cards, dice, photo-finish orders); the seeded generator only decides what to write. Ids are
stable: `hf-gen1-...`; if the generator ever changes what an id would contain, `gen1` is bumped
so no id is reused.
"""

from __future__ import annotations

import random
from typing import Any

from .rules.components import COLOURS
from .options import CHOICES, Options
from .playout import RaceWithoutEnd, random_game, random_race, random_round_game
from .position_checks import position_cases
from .probes import probe_cases

GAMES_PER_COUNT = 1
# Whole 2- and 3-player games run six rounds, the longest count of the table (HF-TABLE-2): a second
# game each pins it (the files stay under their size bound).
MORE_GAMES = {2: 2, 3: 2}
ROUNDS_PER_COUNT = 2
RACES = 24
ODDS_CASES = 12
VARIANT_ROUNDS = 1                 # per non-default option value
VARIANT_PLAYERS = (3, 5)
RACE_OPTIONS = ("first_last_among", "reveal_order", "odds_card_limit")
VARIANT_RACES = 4
# The series of a variant round's id, where it is not 1: bet_without_token's default was once
# "refused", so "hf-gen1-round-bet-without-token-allowed-01" is a retired id; its variant comes
# back as gen2 (ids are never reused).
VARIANT_SERIES = {("bet_without_token", "allowed"): 2}


def hash_seed(*parts: Any) -> int:
    """A stable seed from readable parts (Python's hash() is salted per process)."""
    value = 0
    for ch in "/".join(str(p) for p in parts).encode("utf-8"):
        value = (value * 131 + ch) % 2_147_483_647
    return value


def first_that_ends(play, seed: int):
    """Under first_last_among: running a race may never end (HF-INT-5): take the next seed."""
    while True:
        try:
            return seed, play(seed)
        except RaceWithoutEnd:
            seed += 1


def game_cases() -> list[dict[str, Any]]:
    cases = []
    for players in range(2, 7):
        for n in range(MORE_GAMES.get(players, GAMES_PER_COUNT)):
            seed = hash_seed("game", players, n)
            played = random_game(seed, players)
            cases.append({"id": f"hf-gen1-game-{players}p-{n + 1:02d}", "kind": "game",
                          "description": f"A whole {players}-player game from the start (seed {seed})",
                          "options": {}, "input": {"setup": played.setup, "steps": played.steps}})
    return cases


def round_cases() -> list[dict[str, Any]]:
    cases = []
    for players in range(2, 7):
        for n in range(ROUNDS_PER_COUNT):
            seed = hash_seed("round", players, n)
            played = random_round_game(seed, players)
            cases.append({"id": f"hf-gen1-round-{players}p-{n + 1:02d}", "kind": "round",
                          "description": f"The last two rounds of a {players}-player game, short of money (seed {seed})",
                          "options": {}, "input": {"setup": played.setup, "steps": played.steps}})
    for name, values in CHOICES.items():
        for value in values[1:]:
            options = Options(**{name: value})
            for n in range(VARIANT_ROUNDS):
                players = VARIANT_PLAYERS[n % len(VARIANT_PLAYERS)]
                seed, played = first_that_ends(lambda s: random_round_game(s, players, options),
                                               hash_seed("variant", name, value, n))
                series = VARIANT_SERIES.get((name, value), 1)
                cases.append({"id": f"hf-gen{series}-round-{name.replace('_', '-')}-{value.replace('_', '-')}-{n + 1:02d}",
                              "kind": "round", "description": f"Two rounds under {name}: {value} (seed {seed})",
                              "options": {name: value}, "input": {"setup": played.setup, "steps": played.steps}})
    return cases


def race_cases() -> list[dict[str, Any]]:
    cases = []
    for n in range(RACES):
        seed = hash_seed("race", n)
        played = random_race(seed, cards=4 + n % 9)
        cases.append({"id": f"hf-gen1-race-{n + 1:03d}", "kind": "race",
                      "description": f"A race from the Start with {4 + n % 9} action cards (seed {seed})",
                      "options": {}, "input": {"setup": played.setup, "steps": played.steps}})
    for name in RACE_OPTIONS:
        value = CHOICES[name][1]
        for n in range(VARIANT_RACES):
            seed, played = first_that_ends(lambda s: random_race(s, Options(**{name: value}), cards=10),
                                           hash_seed("race-variant", name, n))
            cases.append({"id": f"hf-gen1-race-{name.replace('_', '-')}-{value.replace('_', '-')}-{n + 1:02d}",
                          "kind": "race", "description": f"A race under {name}: {value} (seed {seed})",
                          "options": {name: value}, "input": {"setup": played.setup, "steps": played.steps}})
    return cases


def odds_cases() -> list[dict[str, Any]]:
    cases = []
    for n in range(ODDS_CASES):
        rng = random.Random(hash_seed("odds", n))
        ranking = list(COLOURS)
        rng.shuffle(ranking)
        setup = {"odds": {c: rng.randint(2, 7) for c in COLOURS}, "ranking": ranking}
        cases.append({"id": f"hf-gen1-odds-{n + 1:03d}", "kind": "odds",
                      "description": "New odds for a random board and ranking", "options": {},
                      "input": {"setup": setup, "steps": [{"action": "new_odds"}]}})
    return cases


def generate_cases() -> list[dict[str, Any]]:
    return game_cases() + round_cases() + race_cases() + odds_cases() + probe_cases() + position_cases()
