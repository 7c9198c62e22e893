"""Componentes: the stables, the odds rows, the cards and the tables the text refers to without
printing them (shared/horse-fever-components.md). The values come from data/*.yaml, read by the
suite's machinery (component_data.py) and handed to the rules through `provide`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from reference.core.errors import InputError

# HF-STABLE-1: six stables, each with the horse of its colour
COLOURS = ("white", "blue", "yellow", "black", "red", "green")
# HF-ODDS-1: odds rows 1:2 (best) .. 1:7 (worst), written N for 1:N
BEST_ODDS, WORST_ODDS = 2, 7
ODDS_ROWS = tuple(range(BEST_ODDS, WORST_ODDS + 1))
# the two sides of a bet token (HF-BET-3)
WIN, SHOW = "win", "show"
MIN_PLAYERS, MAX_PLAYERS = 2, 6


@dataclass(frozen=True)
class MovementCard:
    number: int
    moves: tuple[int, ...]          # rows 1:2 .. 1:7

    def spaces(self, odds: int) -> int:
        """The number printed beside the odds row (see movement.spaces_from_card, HF-MOVE-2)."""
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


# HF-SETUP-3: the family game uses only the Action, Movement, Stable Owner and Character decks
@dataclass(frozen=True)
class ComponentData:
    # HF-MOVECARD-1: the 23 movement cards, spaces per odds row, as tabulated
    movement_cards: dict[int, MovementCard]
    action_cards: dict[int, ActionCard]
    characters: dict[int, Character]
    starred_characters: tuple[int, ...]
    stable_owner_names: dict[str, str]
    # bet tokens per colour and rounds by number of players (HF-TABLE-1, HF-TABLE-2)
    tables: Tables


_provider: Callable[[], ComponentData] | None = None


def provide(loader: Callable[[], ComponentData]) -> None:
    """Install the function that returns the component data (called once by the machinery)."""
    global _provider
    _provider = loader


def data() -> ComponentData:
    if _provider is None:
        raise RuntimeError("the Horse Fever component data is not loaded; import reference.horse_fever")
    return _provider()


def movement_cards() -> dict[int, MovementCard]:
    return data().movement_cards


def action_cards() -> dict[int, ActionCard]:
    return data().action_cards


def characters() -> dict[int, Character]:
    return data().characters


def starred_characters() -> tuple[int, ...]:
    return data().starred_characters


def stable_owner_names() -> dict[str, str]:
    return data().stable_owner_names


def tables() -> Tables:
    return data().tables


def family_action_deck() -> tuple[int, ...]:
    """The action cards without a star (HF-SETUP-3, HF-SETUP-4)."""
    return tuple(n for n, card in action_cards().items() if not removed_from_family_game(card))


# HF-SETUP-4: every card with a star is removed before play
def removed_from_family_game(card: ActionCard) -> bool:
    return card.star


def card_name(number: int) -> str:
    return action_cards()[number].name


# -- reading values from input -------------------------------------------------------------

def is_whole_number(value: object) -> bool:
    """An int that is not a bool (true is not 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def parse_colour(value: object, field: str, clause: str = "HF-STABLE-1") -> str:
    text = value.strip().lower() if isinstance(value, str) else None
    if text not in COLOURS:
        raise InputError(field, f"{shorten(value)} is not a stable colour; colours are {', '.join(COLOURS)}",
                         clause)
    return text


def parse_odds(value: object, field: str) -> int:
    """HF-ODDS-1: whole numbers 2..7 for 1:2 .. 1:7."""
    if not is_whole_number(value) or not BEST_ODDS <= value <= WORST_ODDS:
        raise InputError(field, f"{shorten(value)} is not an odds row; write N for 1:N, from 2 to 7", "HF-ODDS-1")
    return value


def parse_action_card(value: object, field: str) -> int:
    """An action card of the family deck (HF-SETUP-3/4)."""
    cards = action_cards()
    if not is_whole_number(value) or value not in cards:
        raise InputError(field, f"{shorten(value)} is not an action card; action cards are numbered 1 to 22",
                         "HF-SETUP-3")
    if removed_from_family_game(cards[value]):
        raise InputError(field, f"card {value} ({cards[value].name}) has a star and is removed from the "
                         "family game", "HF-SETUP-4")
    return value


# HF-MOVECARD-1 (the row read): «Each card gives the spaces moved by a horse whose stable sits at
# that odds row»: a card's spaces are the table's row of that very card, the row its number names
def movement_card_row(number: int) -> int:
    return number


def parse_movement_card(value: object, field: str) -> MovementCard:
    cards = movement_cards()
    if not is_whole_number(value) or value not in cards:
        raise InputError(field, f"{shorten(value)} is not a movement card; movement cards are numbered "
                         f"{min(cards)} to {max(cards)}", "HF-MOVECARD-1")
    return MovementCard(value, cards[movement_card_row(value)].moves)


def parse_character(value: object, field: str) -> Character:
    chars = characters()
    if is_whole_number(value) and value in starred_characters():
        raise InputError(field, f"character {value} has a star and is not used in the family game",
                         "HF-SETUP-4")
    if not is_whole_number(value) or value not in chars:
        raise InputError(field, f"{shorten(value)} is not a family character; they are numbered "
                         f"{min(chars)} to {max(chars)}", "HF-SETUP-8")
    return chars[value]


MAX_SHOWN = 40


def shorten(value: object) -> str:
    """An input value as a message shows it, cut short (inputs can be huge)."""
    if is_whole_number(value) and abs(value) >= 10 ** MAX_SHOWN:
        return f"a number of more than {MAX_SHOWN} digits"
    try:
        text = repr(value)
    except ValueError:                  # an int too long to print, deep inside a list
        return "a value too large to show"
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "...'"
