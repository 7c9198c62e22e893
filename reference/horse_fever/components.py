"""The component data (data/*.yaml, each validated by its schema) and the names used for it.

Colours, odds rows, movement cards, action cards, characters, stable owners and the tables
the rule text refers to without printing them (HF-TABLE-1..4).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reference.core import schemas
from reference.core.errors import InputError
from reference.core.paths import display_path, package_folder
from reference.core.yamlsource import load_yaml_file

DATA_DIR = package_folder(__package__) / "data"

# HF-STABLE-1: six stables, each with the horse of its colour.
COLOURS = ("white", "blue", "yellow", "black", "red", "green")
# HF-ODDS-1: odds rows 1:2 (best) .. 1:7 (worst), written N for 1:N.
BEST_ODDS, WORST_ODDS = 2, 7
ODDS_ROWS = tuple(range(BEST_ODDS, WORST_ODDS + 1))
WIN, SHOW = "win", "show"
MIN_PLAYERS, MAX_PLAYERS = 2, 6


@dataclass(frozen=True)
class MovementCard:
    number: int
    moves: tuple[int, ...]          # rows 1:2 .. 1:7

    def spaces(self, odds: int) -> int:
        """HF-MOVE-2: the number printed beside the odds row."""
        return self.moves[odds - BEST_ODDS]


@dataclass(frozen=True)
class ActionCard:
    number: int
    name: str
    letter: str | None
    kind: str                       # positive | negative | neutral
    effect: str
    star: bool


@dataclass(frozen=True)
class Character:
    number: int
    name: str
    danari: int
    owns_odds: int


@dataclass(frozen=True)
class Tables:
    bet_tokens_per_colour: dict[int, int]
    rounds: dict[int, int]
    finish_line: int
    prizes: tuple[int, ...]         # stable owner prizes for places 1, 2, 3


def _load(name: str, schema: str):
    path = DATA_DIR / name
    doc = load_yaml_file(path)
    doc.path = display_path(path)
    schemas.check(doc.data, schema, doc)
    return doc.data


@lru_cache(maxsize=1)
def movement_cards() -> dict[int, MovementCard]:
    data = _load("movement_cards.yaml", "horse_fever/movement_cards.schema.json")
    return {c["number"]: MovementCard(c["number"], tuple(c["moves"])) for c in data["cards"]}


@lru_cache(maxsize=1)
def action_cards() -> dict[int, ActionCard]:
    data = _load("action_cards.yaml", "horse_fever/action_cards.schema.json")
    return {c["number"]: ActionCard(c["number"], c["name"], c["letter"], c["kind"], c["effect"], c["star"])
            for c in data["cards"]}


@lru_cache(maxsize=1)
def family_action_deck() -> tuple[int, ...]:
    """HF-SETUP-3/4: the action cards without a star."""
    return tuple(n for n, card in action_cards().items() if not card.star)


@lru_cache(maxsize=1)
def characters() -> dict[int, Character]:
    data = _load("characters.yaml", "horse_fever/characters.schema.json")
    return {c["number"]: Character(c["number"], c["name"], c["danari"], c["owns_odds"])
            for c in data["characters"]}


@lru_cache(maxsize=1)
def starred_characters() -> tuple[int, ...]:
    return tuple(_load("characters.yaml", "horse_fever/characters.schema.json")["starred_numbers"])


@lru_cache(maxsize=1)
def stable_owner_names() -> dict[str, str]:
    data = _load("stable_owners.yaml", "horse_fever/stable_owners.schema.json")
    return {o["colour"]: o["name"] for o in data["owners"]}


@lru_cache(maxsize=1)
def tables() -> Tables:
    data = _load("tables.yaml", "horse_fever/tables.schema.json")
    owners = _load("stable_owners.yaml", "horse_fever/stable_owners.schema.json")
    rows = data["by_player_count"]
    return Tables({r["players"]: r["bet_tokens_per_colour"] for r in rows},
                  {r["players"]: r["rounds"] for r in rows}, data["finish_line"], tuple(owners["prizes"]))


# -- reading values from input -------------------------------------------------------------

def parse_colour(value: object, field: str, clause: str = "HF-STABLE-1") -> str:
    text = str(value).strip().lower() if isinstance(value, str) else None
    if text not in COLOURS:
        raise InputError(field, f"{value!r} is not a stable colour; colours are {', '.join(COLOURS)}", clause)
    return text


def parse_odds(value: object, field: str) -> int:
    """HF-ODDS-1: whole numbers 2..7 for 1:2 .. 1:7."""
    if not isinstance(value, int) or isinstance(value, bool) or not BEST_ODDS <= value <= WORST_ODDS:
        raise InputError(field, f"{value!r} is not an odds row; write N for 1:N, from 2 to 7", "HF-ODDS-1")
    return value


def parse_action_card(value: object, field: str) -> int:
    """An action card of the family deck (HF-SETUP-3/4)."""
    cards = action_cards()
    if not isinstance(value, int) or isinstance(value, bool) or value not in cards:
        raise InputError(field, f"{value!r} is not an action card; action cards are numbered 1 to 22",
                         "HF-SETUP-3")
    if cards[value].star:
        raise InputError(field, f"card {value} ({cards[value].name}) has a star and is removed from the "
                         "family game", "HF-SETUP-4")
    return value


def parse_movement_card(value: object, field: str) -> MovementCard:
    cards = movement_cards()
    if not isinstance(value, int) or isinstance(value, bool) or value not in cards:
        raise InputError(field, f"{value!r} is not a movement card; movement cards are numbered "
                         f"{min(cards)} to {max(cards)}", "HF-MOVECARD-1")
    return cards[value]


def parse_character(value: object, field: str) -> Character:
    chars = characters()
    if isinstance(value, int) and value in starred_characters():
        raise InputError(field, f"character {value} has a star and is not used in the family game",
                         "HF-SETUP-4")
    if not isinstance(value, int) or isinstance(value, bool) or value not in chars:
        raise InputError(field, f"{value!r} is not a family character; they are numbered "
                         f"{min(chars)} to {max(chars)}", "HF-SETUP-8")
    return chars[value]


def card_name(number: int) -> str:
    return action_cards()[number].name
