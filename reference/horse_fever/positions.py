"""Games, races and odds boards given in full by a case rather than played from the start:
the `round`, `race` and `odds` kinds. Every value is checked (type and bounds) and placed with
the rules' own definitions; a bad value is refused with its field and, where one applies, the rule.
"""

from __future__ import annotations

from typing import Any, Mapping

from reference.core.errors import InputError

from .rules import ranking, reveal
from .rules.components import (COLOURS, is_whole_number, parse_action_card, parse_colour, parse_movement_card,
                               parse_odds, shorten)
from .rules.options import Options
from .rules.race import new_race
from .rules.setup import STARTING_VP, check_players, check_seat, check_setup, first_player, make_state, rounds_for
from .rules.state import GameState, Player, Race

# Bounds on values a case gives (far above anything a game reaches; they keep inputs finite).
MAX_COUNT = 10 ** 9              # Danari and VP a player holds
MAX_ROUNDS = 100                 # rounds of a game given in full
MAX_RACE_ROUNDS = 10_000         # race rounds already played
MAX_POSITION = 10_000            # spaces from the start
MAX_CARDS_ON_A_HORSE = 22        # there are 22 action cards
MAX_KEY = 40                     # characters of a mapping key shown in a field path


def key_text(key: Any) -> str:
    """A mapping key as it appears in a field path (cut short)."""
    return key[:MAX_KEY] if isinstance(key, str) else shorten(key)


def check_mapping(value: Any, field: str, example: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InputError(field, f"{shorten(value)} is not a mapping; {example}")
    return value


def check_list(value: Any, field: str, example: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(field, f"{shorten(value)} is not a list; {example}")
    return value


def check_count(value: Any, field: str, most: int, least: int = 0, clause: str | None = None) -> int:
    if not is_whole_number(value) or not least <= value <= most:
        raise InputError(field, f"{shorten(value)} is not a whole number from {least} to {most}", clause)
    return value


def check_odds_board(raw: Any, field: str) -> dict[str, int]:
    """HF-ODDS-1: every stable has odds 1:2 .. 1:7."""
    if not isinstance(raw, Mapping):
        raise InputError(field, "give the odds of all six stables, e.g. {white: 7, blue: 6, ...}", "HF-ODDS-1")
    odds = {parse_colour(c, f"{field}.{key_text(c)}"): parse_odds(v, f"{field}.{key_text(c)}") for c, v in raw.items()}
    missing = [c for c in COLOURS if c not in odds]
    if missing:
        raise InputError(field, "no odds for " + ", ".join(missing), "HF-ODDS-1")
    return {c: odds[c] for c in COLOURS}


def per_seat(values: Any, players: int, field: str) -> list[int]:
    if not isinstance(values, list) or len(values) != players:
        raise InputError(field, f"give one whole number per player ({players})")
    return [check_count(value, f"{field}[{index}]", MAX_COUNT) for index, value in enumerate(values)]


def game_in_progress(setup: Any, options: Options, mid_round: bool = False) -> GameState:
    """A game at the start of a round, every value given (the `round` kind). `mid_round`: the
    round is under way (round_position.py), so the first player may have lost the game in it."""
    setup = check_setup(setup)
    players = check_players(setup.get("players"), "setup.players")
    odds = check_odds_board(setup.get("odds"), "setup.odds")
    vp = per_seat(setup.get("vp", [STARTING_VP] * players), players, "setup.vp")
    danari = per_seat(setup.get("danari"), players, "setup.danari")
    owners = check_owners(setup.get("owners"), players)
    first = first_player(setup.get("first_player"), players, "setup.first_player")
    rounds = check_count(setup.get("rounds", rounds_for(players)), "setup.rounds", MAX_ROUNDS, 1, "HF-PLAY-1")
    round_ = setup.get("round", 1)
    if not is_whole_number(round_) or not 1 <= round_ <= rounds:
        raise InputError("setup.round", f"{shorten(round_)}: the hourglass stands on a round from 1 to {rounds}",
                         "HF-PLAY-1")
    seats = [Player(vp=v, danari=d) for v, d in zip(vp, danari)]
    out = check_list(setup.get("out", []), "setup.out", "list the seats that have lost the game")
    for index, seat in enumerate(out):
        seats[check_seat(seat, players, f"setup.out[{index}]", "HF-MIN-3")].out = True
    if seats[first].out and not mid_round:
        raise InputError("setup.first_player", f"seat {first} has lost the game and cannot be first player",
                         "HF-INT-13")
    return make_state(seats, odds, owners, first, round_, rounds, options)


def check_owners(raw: Any, players: int) -> dict[str, int]:
    """HF-SETUP-8 and HF-CHAR-1: each player holds one character, and so owns exactly one stable.
    A round with no owners, a seat owning two stables or a seat owning none is a position no
    game reaches, and is refused."""
    example = "give one stable per seat, e.g. {red: 0, blue: 1}"
    raw = check_mapping(raw, "setup.owners", example) if raw is not None else {}
    owners: dict[str, int] = {}
    owned_by: dict[int, str] = {}
    for colour, seat in raw.items():
        where = f"setup.owners.{key_text(colour)}"
        horse = parse_colour(colour, where)
        seat = check_seat(seat, players, where, "HF-CHAR-1")
        if seat in owned_by:
            raise InputError(where, f"seat {seat} already owns {owned_by[seat]}; each player owns one stable",
                             "HF-CHAR-1")
        owners[horse] = seat
        owned_by[seat] = horse
    missing = [str(seat) for seat in range(players) if seat not in owned_by]
    if missing:
        raise InputError("setup.owners", f"seat{'s' if len(missing) > 1 else ''} {', '.join(missing)} own"
                         f"{'' if len(missing) > 1 else 's'} no stable; each player owns one ({example})",
                         "HF-CHAR-1")
    return owners


def race_from_setup(setup: Any) -> Race:
    """A race at an explicit position (the `race` kind). Before the Start the cards lie face
    down; after it (race_rounds_played > 0) they are the revealed cards still in effect."""
    setup = check_setup(setup)
    race = new_race(check_odds_board(setup.get("odds"), "setup.odds"))
    played = check_count(setup.get("race_rounds_played", 0), "setup.race_rounds_played", MAX_RACE_ROUNDS)
    raw_cards = check_mapping(setup.get("cards") or {}, "setup.cards", "give {colour: [card, ...], ...}")
    for colour, cards in raw_cards.items():
        where = f"setup.cards.{key_text(colour)}"
        horse = parse_colour(colour, where)
        cards = check_list(cards, where, "give the action cards on the horse, e.g. [1, 15]")
        if len(cards) > MAX_CARDS_ON_A_HORSE:
            raise InputError(where, f"{len(cards)} cards; there are {MAX_CARDS_ON_A_HORSE} action cards", "HF-SETUP-3")
        race.cards[horse] = [parse_action_card(n, f"{where}[{i}]") for i, n in enumerate(cards)]
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
        if reveal.cancelled_pairs(race.cards[colour]):
            raise InputError(f"setup.cards.{colour}", "two cards with the same letter would have cancelled "
                             "at the reveal", "HF-CANCEL-1")
    read_positions(race, setup, "setup")
    read_ranking(race, setup, "setup")
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


def odds_case(setup: Any) -> tuple[dict[str, int], list[str]]:
    """An `odds` case: the odds board and a complete ranking."""
    setup = check_setup(setup)
    odds = check_odds_board(setup.get("odds"), "setup.odds")
    raw = setup.get("ranking")
    if not isinstance(raw, list) or len(raw) != len(COLOURS):
        raise InputError("setup.ranking", "give the whole ranking: the six colours, first place first", "HF-RANK-2")
    ranked = [parse_colour(c, f"setup.ranking[{i}]") for i, c in enumerate(raw)]
    for index, horse in enumerate(ranked):
        if ranked.index(horse) != index:
            raise InputError(f"setup.ranking[{index}]", f"{horse} is ranked twice", "HF-RANK-2")
    return odds, ranked


def read_positions(race: Any, raw: Mapping[str, Any], prefix: str) -> None:
    """A race under way: each horse's space (the `race` kind's setup and a round's `setup.race`
    give it the same way; `prefix` names the field)."""
    for colour, position in check_mapping(raw.get("positions") or {}, f"{prefix}.positions",
                                          "give {colour: spaces, ...}").items():
        where = f"{prefix}.positions.{key_text(colour)}"
        horse = parse_colour(colour, where)
        if not is_whole_number(position) or not 0 <= position <= MAX_POSITION:
            raise InputError(where, f"{shorten(position)} is not a number of spaces (0 to {MAX_POSITION})")
        race.positions[horse] = position


def read_ranking(race: Any, raw: Mapping[str, Any], prefix: str) -> None:
    """The horses already ranked, in order: each on or past the line, each once (HF-RANK-1/2)."""
    raw_ranking = check_list(raw.get("ranking") or [], f"{prefix}.ranking", "list the ranked horses, first first")
    ranked = [parse_colour(c, f"{prefix}.ranking[{i}]") for i, c in enumerate(raw_ranking)]
    for index, horse in enumerate(ranked):
        if ranked.index(horse) != index:
            raise InputError(f"{prefix}.ranking[{index}]", f"{horse} is ranked twice", "HF-RANK-2")
        if not ranking.has_finished(race.positions[horse]):
            raise InputError(f"{prefix}.ranking[{index}]", f"{horse} stands at {race.positions[horse]}, before the "
                             "finish line, and cannot be ranked", "HF-RANK-1")
    for horse in COLOURS:
        if horse not in ranked and ranking.has_finished(race.positions[horse]):
            raise InputError(f"{prefix}.positions.{horse}", f"{horse} is on or past the line: it finished at the "
                             "end of an earlier race round, so list it in the ranking", "HF-RANK-1")
    race.ranking = ranked
