"""Horse Fever, the family game. Rule text: seed 004 (es); card data and tables:
shared/horse-fever-components.md (copied, with their sources, into data/).

The rules are in rules/ (see its __init__); beside them the suite's machinery (replay, observe,
actions, positions, generate, flags, mutants, narrate, playout, options, render/).

Notation. Stables and horses are colours: white, blue, yellow, black, red, green. Odds rows are
N for 1:N (2 best .. 7 worst). Seats 0..n-1 go clockwise. Action cards and movement cards are
their numbers (1-22, 83-105). Positions count spaces from the start; the finish line is 12.

Kinds: `game` (from the start: players, stables as laid from 1:7 up, characters, first player),
`round` (a game at the start of a round, every value given), `race` (a race at a position),
`odds` (the new-odds rule alone). Actions (protocol form, see actions.py): deal (payload
deal.hands), bet COLOUR win|show AMOUNT, pass, play CARD on COLOUR, reveal, race (payload
race.card, race.dice, race.photo), payouts, new_odds, end_round (payload tie_break on a tied
last round). An action may end in `by SEAT` (the seat that claims to act).
"""

from reference.core.paths import package_folder

from reference.core.game import Game

from . import component_data  # noqa: F401  (hands the component data to the rules)
from .attribution_paths import difference_paths
from .clause_keys import CLAUSE_KEYS
from .flags import flags_for
from .observe import OBSERVATION_KEYS
from .options import DEFAULTS
from .render import render_step
from .replay import compile_step, replay
from .rules.components import MAX_PLAYERS, MIN_PLAYERS


def mutants():
    """The misreadings `horserace mutants` plays (imported when asked: a check needs none)."""
    from .mutants import mutants as listed
    return listed()


def generate_cases():
    """The generated cases (imported when `generate` asks: a check needs none)."""
    from .generate import generate_cases as generated
    return generated()


def players_mode(players):
    """The mode of a game for this many players (`4-players`): the player count decides the bet
    tokens per colour and the number of rounds (HF-TABLE-1, HF-TABLE-2)."""
    return f"{players}-players"


def case_mode(kind, setup):
    """The player count of every case with players (`game`, `round`, `probe`); a race or the
    odds rule alone has none."""
    return players_mode(setup["players"]) if isinstance(setup.get("players"), int) else None


EXPECTATION_MODES = {
    "events": "events",
    "phase": "exact",
    "turn": "exact",
    "round": "exact",
    "rounds": "exact",
    "first_player": "exact",
    "vp": "exact",
    "danari": "exact",
    "minimum_bet": "exact",
    "players_out": "unordered",
    "bets": "unordered",
    "tokens": "subset",
    "hands": "unordered_each",
    "owners": "subset",
    "odds": "subset",
    "payouts": "unordered",
    "winner": "exact",
    "bank": "subset",
    "positions": "subset",
    "ranking": "exact",
    "race_round": "exact",
    "cards_on_horses": "subset",
    "movement_cards": "exact",
    "error": "exact",
}

GAME = Game(
    name="horse_fever",
    title="Horse Fever (family game)",
    clause_prefix="HF-",
    package_dir=package_folder(__name__),
    scenario_schema="horse_fever/scenario.schema.json",
    expectation_modes=EXPECTATION_MODES,
    replay=replay,
    option_defaults=DEFAULTS.as_dict(),
    observation_keys=OBSERVATION_KEYS,
    compile_step=compile_step,
    generate_cases=generate_cases,
    flags_for=flags_for,
    mutants=mutants,
    render_step=render_step,
    clause_keys=CLAUSE_KEYS,
    difference_paths=difference_paths,
    refusal_clause="HF-INT-17",
    modes=tuple(players_mode(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    case_mode=case_mode,
    rules_edition="Horse Fever family game: seed 004 (es) with shared/horse-fever-components.md",
)
