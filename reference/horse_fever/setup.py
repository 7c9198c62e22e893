"""Setting up: a game from the start (HF-SETUP-*), a game in progress (state form), a race
from an explicit position, and the odds board of an `odds` case."""

from __future__ import annotations

from typing import Any, Mapping

from reference.core.errors import InputError

from .components import (COLOURS, MAX_PLAYERS, MIN_PLAYERS, parse_action_card, parse_character,
                         parse_colour, parse_movement_card, parse_odds, tables)
from .options import Options
from .race import new_race
from .ranking import has_finished
from .reveal import cancelled_pairs
from .state import GameState, Ledger, Player, Race

STARTING_VP = 1                  # HF-SETUP-2


def check_players(value: Any, field: str) -> int:
    """HF-TABLE-1: the family game is for 2 to 6 players."""
    if not isinstance(value, int) or isinstance(value, bool) or not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise InputError(field, f"{value!r} players; the game is for {MIN_PLAYERS} to {MAX_PLAYERS}", "HF-TABLE-1")
    return value


def check_seat(value: Any, players: int, field: str, clause: str | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise InputError(field, f"{value!r} is not a seat (0 to {players - 1})", clause)
    return value


def lay_stable_tokens(order: Any, field: str) -> dict[str, int]:
    """HF-SETUP-7: the six tokens, in their shuffled order, from 1:7 up to 1:2."""
    if not isinstance(order, list) or len(order) != len(COLOURS):
        raise InputError(field, "give the six stable colours in the order they were laid, the first on 1:7 "
                         "and the last on 1:2", "HF-SETUP-7")
    colours = [parse_colour(c, f"{field}[{i}]") for i, c in enumerate(order)]
    for index, colour in enumerate(colours):
        if colours.index(colour) != index:
            raise InputError(f"{field}[{index}]", f"{colour} is laid twice; each stable has one token",
                             "HF-SETUP-7")
    return {colour: 7 - index for index, colour in enumerate(colours)}


def check_odds_board(raw: Any, field: str) -> dict[str, int]:
    """HF-ODDS-1: every stable has odds 1:2 .. 1:7."""
    if not isinstance(raw, Mapping):
        raise InputError(field, "give the odds of all six stables, e.g. {white: 7, blue: 6, ...}", "HF-ODDS-1")
    odds = {parse_colour(c, f"{field}.{c}"): parse_odds(v, f"{field}.{c}") for c, v in raw.items()}
    missing = [c for c in COLOURS if c not in odds]
    if missing:
        raise InputError(field, "no odds for " + ", ".join(missing), "HF-ODDS-1")
    return {c: odds[c] for c in COLOURS}


def deal_characters(numbers: Any, players: int, odds: dict[str, int], field: str):
    """HF-SETUP-8: one character each, face up, with its Danari; HF-CHAR-1: it owns the stable
    laid on its odds row."""
    if not isinstance(numbers, list) or len(numbers) != players:
        raise InputError(field, f"give one character card per player ({players})", "HF-SETUP-8")
    chars = [parse_character(n, f"{field}[{i}]") for i, n in enumerate(numbers)]
    for index, char in enumerate(chars):
        if [c.number for c in chars].index(char.number) != index:
            raise InputError(f"{field}[{index}]", f"character {char.number} is dealt twice", "HF-SETUP-8")
    by_odds = {o: colour for colour, o in odds.items()}
    owners = {by_odds[char.owns_odds]: seat for seat, char in enumerate(chars)}
    return chars, owners


def new_game(setup: Mapping[str, Any], options: Options) -> GameState:
    """A game from the start: HF-SETUP-2 (1 VP), HF-SETUP-6 (bet tokens), HF-SETUP-7 (odds),
    HF-SETUP-8 (characters), HF-SETUP-9 (first player), HF-SETUP-10 and HF-TABLE-2 (rounds)."""
    players = check_players(setup.get("players"), "setup.players")
    odds = lay_stable_tokens(setup.get("stables"), "setup.stables")
    chars, owners = deal_characters(setup.get("characters"), players, odds, "setup.characters")
    first = check_seat(setup.get("first_player"), players, "setup.first_player", "HF-SETUP-9")
    seats = [Player(vp=STARTING_VP, danari=c.danari, character=c.number) for c in chars]
    return make_state(seats, odds, owners, first, 1, tables().rounds[players], options)


def make_state(seats: list[Player], odds, owners, first: int, round_: int, rounds: int,
               options: Options) -> GameState:
    per_colour = tables().bet_tokens_per_colour[len(seats)]
    ledger = Ledger(danari_start=sum(p.danari for p in seats), vp_start=sum(p.vp for p in seats))
    return GameState(players=seats, odds=odds, owners=owners, tokens={c: per_colour for c in COLOURS},
                     tokens_per_colour=per_colour, round=round_, rounds=rounds, first_player=first,
                     ledger=ledger, options=options)


def game_in_progress(setup: Mapping[str, Any], options: Options) -> GameState:
    """A game at the start of a round, every value given (the `round` kind)."""
    players = check_players(setup.get("players"), "setup.players")
    odds = check_odds_board(setup.get("odds"), "setup.odds")
    vp = per_seat(setup.get("vp", [STARTING_VP] * players), players, "setup.vp")
    danari = per_seat(setup.get("danari"), players, "setup.danari")
    owners = {}
    for colour, seat in (setup.get("owners") or {}).items():
        owners[parse_colour(colour, f"setup.owners.{colour}")] = check_seat(seat, players, f"setup.owners.{colour}")
    first = check_seat(setup.get("first_player"), players, "setup.first_player", "HF-SETUP-9")
    rounds = setup.get("rounds", tables().rounds[players])
    round_ = setup.get("round", 1)
    if not isinstance(round_, int) or not 1 <= round_ <= rounds:
        raise InputError("setup.round", f"{round_!r}: the hourglass stands on a round from 1 to {rounds}", "HF-PLAY-1")
    seats = [Player(vp=v, danari=d) for v, d in zip(vp, danari)]
    out = setup.get("out", [])
    for index, seat in enumerate(out):
        seats[check_seat(seat, players, f"setup.out[{index}]", "HF-MIN-3")].out = True
    if seats[first].out:
        raise InputError("setup.first_player", f"seat {first} has lost the game and cannot be first player",
                         "HF-INT-13")
    return make_state(seats, odds, owners, first, round_, rounds, options)


def per_seat(values: Any, players: int, field: str) -> list[int]:
    if not isinstance(values, list) or len(values) != players:
        raise InputError(field, f"give one whole number per player ({players})")
    for index, value in enumerate(values):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise InputError(f"{field}[{index}]", f"{value!r} is not a count (a whole number, 0 or more)")
    return list(values)


def race_from_setup(setup: Mapping[str, Any]) -> Race:
    """A race at an explicit position (the `race` kind). Before the Start the cards lie face
    down; after it (race_rounds_played > 0) they are the revealed cards still in effect."""
    race = new_race(check_odds_board(setup.get("odds"), "setup.odds"))
    played = setup.get("race_rounds_played", 0)
    if not isinstance(played, int) or played < 0:
        raise InputError("setup.race_rounds_played", f"{played!r} is not a number of race rounds")
    for colour, cards in (setup.get("cards") or {}).items():
        horse = parse_colour(colour, f"setup.cards.{colour}")
        race.cards[horse] = [parse_action_card(n, f"setup.cards.{colour}[{i}]") for i, n in enumerate(cards)]
    check_distinct_cards(race, "setup.cards")
    if played == 0:
        if setup.get("positions") or setup.get("ranking"):
            raise InputError("setup.positions", "before the Start every horse is on its start space "
                             "(HF-SETUP-10); give positions and ranking only with race_rounds_played", "HF-SETUP-10")
        return race
    race.revealed = True
    race.rounds_played = played
    race.movement_seen = revealed_movement_cards(setup.get("movement_cards"), played)
    for colour in COLOURS:
        if cancelled_pairs(race.cards[colour]):
            raise InputError(f"setup.cards.{colour}", "two cards with the same letter would have cancelled "
                             "at the reveal", "HF-CANCEL-1")
    for colour, position in (setup.get("positions") or {}).items():
        horse = parse_colour(colour, f"setup.positions.{colour}")
        if not isinstance(position, int) or position < 0:
            raise InputError(f"setup.positions.{colour}", f"{position!r} is not a number of spaces")
        race.positions[horse] = position
    ranking = [parse_colour(c, f"setup.ranking[{i}]") for i, c in enumerate(setup.get("ranking") or [])]
    for index, horse in enumerate(ranking):
        if ranking.index(horse) != index:
            raise InputError(f"setup.ranking[{index}]", f"{horse} is ranked twice", "HF-RANK-2")
        if not has_finished(race.positions[horse]):
            raise InputError(f"setup.ranking[{index}]", f"{horse} stands at {race.positions[horse]}, before the "
                             "finish line, and cannot be ranked", "HF-RANK-1")
    for horse in COLOURS:
        if horse not in ranking and has_finished(race.positions[horse]):
            raise InputError(f"setup.positions.{horse}", f"{horse} is on or past the line: it finished at the "
                             "end of an earlier race round, so list it in the ranking", "HF-RANK-1")
    race.ranking = ranking
    if race.is_over():
        raise InputError("setup.ranking", "every horse is ranked; there is no race left to run", "HF-RANK-6")
    return race


def revealed_movement_cards(value: Any, played: int) -> list[int]:
    """The movement cards already revealed in this race, if given (HF-MOVE-1, HF-INT-14)."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) != played:
        raise InputError("setup.movement_cards", f"list the {played} movement cards already revealed, in order",
                         "HF-MOVE-1")
    return [parse_movement_card(n, f"setup.movement_cards[{i}]").number for i, n in enumerate(value)]


def check_distinct_cards(race: Race, field: str) -> None:
    """Each action card exists once (HF-SETUP-3)."""
    seen: dict[int, str] = {}
    for colour in COLOURS:
        for index, card in enumerate(race.cards[colour]):
            where = f"{field}.{colour}[{index}]"
            if card in seen:
                raise InputError(where, f"card {card} is already on {seen[card]}; there is one of each card",
                                 "HF-SETUP-3")
            seen[card] = colour


def odds_case(setup: Mapping[str, Any]) -> tuple[dict[str, int], list[str]]:
    """An `odds` case: the odds board and a complete ranking."""
    odds = check_odds_board(setup.get("odds"), "setup.odds")
    raw = setup.get("ranking")
    if not isinstance(raw, list) or len(raw) != len(COLOURS):
        raise InputError("setup.ranking", "give the whole ranking: the six colours, first place first", "HF-RANK-2")
    ranking = [parse_colour(c, f"setup.ranking[{i}]") for i, c in enumerate(raw)]
    for index, horse in enumerate(ranking):
        if ranking.index(horse) != index:
            raise InputError(f"setup.ranking[{index}]", f"{horse} is ranked twice", "HF-RANK-2")
    return odds, ranking
