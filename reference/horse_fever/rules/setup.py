"""Preparar: setting up a game from the start (HF-SETUP-2..10, HF-CHAR-1, HF-TABLE-1/2).

The chance of the set-up (the stable tokens' shuffle, the characters drawn, the die that picks
the first player) is input: the setup names its results.
"""

from __future__ import annotations

from typing import Any, Mapping

from reference.core.errors import InputError

from .components import (COLOURS, MAX_PLAYERS, MIN_PLAYERS, WORST_ODDS, Character, is_whole_number,
                         parse_character, parse_colour, shorten, tables)
from .options import Options
from .state import GameState, Ledger, Player

# HF-SETUP-2: every player starts with 1 VP from the pool
STARTING_VP = 1
FIRST_ROUND = 1                  # the hourglass starts on the first space of the round track


def check_setup(setup: Any) -> Mapping[str, Any]:
    if not isinstance(setup, Mapping):
        raise InputError("setup", "the setup is a mapping of named values, e.g. {players: 3, ...}")
    return setup


# HF-TABLE-1: the family game is for 2 to 6 players
def check_players(value: Any, field: str) -> int:
    if not is_whole_number(value) or not players_the_game_is_for(value):
        raise InputError(field, f"{shorten(value)} players; the game is for {MIN_PLAYERS} to {MAX_PLAYERS}",
                         "HF-TABLE-1")
    return value


# HF-TABLE-1 (2 to 6): the table gives bet tokens for 2, 3, 4, 5 and 6 players, and no other number:
# a number of players from 2 to 6 is one the game is for
def players_the_game_is_for(count: int) -> bool:
    return MIN_PLAYERS <= count <= MAX_PLAYERS


def check_seat(value: Any, players: int, field: str, clause: str | None = None) -> int:
    if not is_whole_number(value) or not 0 <= value < players:
        raise InputError(field, f"{shorten(value)} is not a seat (0 to {players - 1})", clause)
    return value


# HF-SETUP-7: the six tokens, in their shuffled order, laid from 1:7 up to 1:2
def lay_stable_tokens(order: Any, field: str) -> dict[str, int]:
    if not isinstance(order, list) or len(order) != len(COLOURS):
        raise InputError(field, "give the six stable colours in the order they were laid, the first on 1:7 "
                         "and the last on 1:2", "HF-SETUP-7")
    colours = [parse_colour(c, f"{field}[{i}]") for i, c in enumerate(order)]
    for index, colour in enumerate(colours):
        if colours.index(colour) != index:
            raise InputError(f"{field}[{index}]", f"{colour} is laid twice; each stable has one token",
                             "HF-SETUP-7")
    return {colour: WORST_ODDS - index for index, colour in enumerate(colours)}


# HF-SETUP-8: each player draws one character, face up, and takes the Danari it gives
def deal_characters(numbers: Any, players: int, field: str) -> list[Character]:
    if not isinstance(numbers, list) or len(numbers) != players:
        raise InputError(field, f"give one character card per player ({players})", "HF-SETUP-8")
    chars = [parse_character(n, f"{field}[{i}]") for i, n in enumerate(numbers)]
    for index, char in enumerate(chars):
        if [c.number for c in chars].index(char.number) != index:
            raise InputError(f"{field}[{index}]", f"character {char.number} is dealt twice", "HF-SETUP-8")
    return chars


# HF-CHAR-1: a character makes its player owner of the stable laid on the character's odds row
def stable_owners(chars: list[Character], odds: dict[str, int]) -> dict[str, int]:
    by_odds = {o: colour for colour, o in odds.items()}
    return {by_odds[char.owns_odds]: seat for seat, char in enumerate(chars)}


# HF-SETUP-9: a sprint die read on the tie-break table picks the first player (the seat is input)
def first_player(value: Any, players: int, field: str) -> int:
    return check_seat(value, players, field, "HF-SETUP-9")


# HF-TABLE-2: a game lasts 6, 6, 4, 5 and 6 rounds for 2 to 6 players
# HF-PLAY-3: never fewer rounds than players, so with the card passing each is first player once
def rounds_for(players: int) -> int:
    return tables().rounds[players]


# HF-SETUP-6: «Tome una cantidad de fichas de apuesta de cada color como se muestra en la tabla»: the
# table's row for the number of players (HF-TABLE-1)
def tokens_per_colour(players: int) -> int:
    return tables().bet_tokens_per_colour[players]


def bet_token_pool(players: int) -> dict[str, int]:
    per_colour = tokens_per_colour(players)
    return {c: per_colour for c in COLOURS}


def new_game(setup: Any, options: Options) -> GameState:
    """A game from the start: 1 VP each, the bet tokens, the odds as laid, the characters and
    their stables, the first player, the hourglass on round 1 of the table's rounds."""
    setup = check_setup(setup)
    players = check_players(setup.get("players"), "setup.players")
    odds = lay_stable_tokens(setup.get("stables"), "setup.stables")
    chars = deal_characters(setup.get("characters"), players, "setup.characters")
    owners = stable_owners(chars, odds)
    first = first_player(setup.get("first_player"), players, "setup.first_player")
    seats = [Player(vp=STARTING_VP, danari=c.danari, character=c.number) for c in chars]
    return make_state(seats, odds, owners, first, FIRST_ROUND, rounds_for(players), options)


def make_state(seats: list[Player], odds: dict[str, int], owners: dict[str, int], first: int, round_: int,
               rounds: int, options: Options) -> GameState:
    pool = bet_token_pool(len(seats))
    ledger = Ledger(danari_start=sum(p.danari for p in seats), vp_start=sum(p.vp for p in seats))
    return GameState(players=seats, odds=odds, owners=owners, tokens=pool,
                     tokens_per_colour=pool[COLOURS[0]], round=round_, rounds=rounds, first_player=first,
                     ledger=ledger, options=options)
