"""Horse Race, the card game: four aces race along a visible 7-card track; one person banks.
Rule text: seed 003 (es)."""

from reference.core.paths import package_folder

from reference.core.game import Game

from .attribution_paths import difference_paths
from .clause_keys import CLAUSE_KEYS
from .options import DEFAULTS
from .render import render_step
from .replay import compile_step, replay
from .vectors import OBSERVATION_KEYS, flags_for, generate_cases

# Imported when asked: a check (and the adapter that answers it) needs none.
def mutants():
    from .mutants import mutants as listed
    return listed()


EXPECTATION_MODES = {
    "events": "events",
    "phase": "exact",
    "race": "exact",
    "banker": "exact",
    "next_banker": "exact",
    "relays": "exact",
    "track": "exact",
    "track_counts": "exact",
    "available": "exact",
    "odds": "exact",
    "bets": "exact",
    "sitting_out": "unordered",
    "to_bet": "exact",
    "liability": "exact",
    "positions": "exact",
    "deck_size": "exact",
    "deck_counts": "exact",
    "revealed": "exact",
    "last_card": "exact",
    "winner": "exact",
    "settlement": "subset",
    "balances": "exact",
    "legal_actions": "unordered",
    "session_winners": "unordered",
    "must_relay": "exact",
    "relay_suit": "exact",
    "win_probability": "exact",
    "fair_odds": "exact",
    "expected_value": "exact",
    "relay_probability": "exact",
    "error": "exact",
}

GAME = Game(
    name="cards",
    title="Horse Race cards",
    clause_prefix="CRD-",
    package_dir=package_folder(__name__),
    scenario_schema="cards/scenario.schema.json",
    expectation_modes=EXPECTATION_MODES,
    replay=replay,
    option_defaults=DEFAULTS.as_dict(),
    observation_keys=OBSERVATION_KEYS,
    compile_step=compile_step,
    generate_cases=generate_cases,
    flags_for=flags_for,
    mutants=mutants,
    rules_edition="Horse Race cards: seed 003 (es)",
    render_step=render_step,
    clause_keys=CLAUSE_KEYS,
    difference_paths=difference_paths,
    refusal_clause="CRD-INT-12",
)
