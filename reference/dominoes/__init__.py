"""Horse Race, the domino game (Fives family). Rule texts: seeds 000 (es), 001 (pt), 002 (pl)."""

from reference.core.paths import package_folder

from reference.core.game import Game

from .attribution_paths import difference_paths
from .clause_keys import CLAUSE_KEYS
from .flags import flags_for
from .options import DEFAULTS, as_dict
from .render import render_step
from .replay import compile_step, replay
from .rules.seating import INDIVIDUAL, PARTNERSHIP


# Imported when asked: a check (and the adapter that answers it) needs none of these.
def mutants():
    from .mutants import mutants as listed
    return listed()


def generate_cases():
    from .generate import generate_cases as generated
    return generated()


def _random_matches():
    from .bench import random_matches
    return random_matches()


def _perft_nodes():
    from .bench import perft_nodes
    return perft_nodes()


BENCHMARKS = {
    "random full matches": ("matches", _random_matches),
    "perft nodes (2 players, depth 9)": ("nodes", _perft_nodes),
}

def case_mode(kind, setup):
    """Individual or partnership play: every case with players (a setup without `mode` is
    individual); a layout has no players and so no mode."""
    return setup.get("mode", INDIVIDUAL) if "players" in setup else None


EXPECTATION_MODES = {
    "tiles": "unordered",
    "branching_doubles": "unordered",
    "connections": "unordered",
    "attachment_points": "unordered",
    "counted": "unordered",
    "end_sum": "exact",
    "points": "subset",
    "events": "events",
    "scores": "exact",
    "phase": "exact",
    "turn": "exact",
    "continuing": "exact",
    "legal_actions": "unordered",
    "hands": "unordered_each",
    "draw_pile": "exact",
    "settlement": "subset",
    "match_winners": "unordered",
    "next_opener": "exact",
    "round": "exact",
    "error": "exact",
    "perft": "exact",
    "divide": "exact",
}

GAME = Game(
    name="dominoes",
    title="Horse Race dominoes",
    clause_prefix="DOM-",
    package_dir=package_folder(__name__),
    scenario_schema="dominoes/scenario.schema.json",
    expectation_modes=EXPECTATION_MODES,
    replay=replay,
    option_defaults=as_dict(DEFAULTS),
    compile_step=compile_step,
    observation_keys={
        "layout": ["tiles", "branching_doubles", "connections", "attachment_points", "counted", "end_sum", "points"],
        "settlement": ["events", "settlement", "scores", "match_winners", "next_opener"],
        "match": ["events", "scores", "turn", "phase", "legal_actions"],
        "probe": ["events", "scores", "turn", "phase", "legal_actions"],
        "perft": ["perft", "divide"],
    },
    generate_cases=generate_cases,
    flags_for=flags_for,
    mutants=mutants,
    benchmarks=BENCHMARKS,
    rules_edition="Horse Race dominoes: seeds 000 (es), 001 (pt), 002 (pl)",
    render_step=render_step,
    clause_keys=CLAUSE_KEYS,
    difference_paths=difference_paths,
    refusal_clause="DOM-INT-9",
    modes=(INDIVIDUAL, PARTNERSHIP),
    case_mode=case_mode,
)
