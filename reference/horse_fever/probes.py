"""Rule probes: short cases (1-3 steps) that start from a position taken from seeded random play
(the `probe` kind, see round_position.py), each chosen because its FIRST step applies a given
clause. A probe never passes through a round's opening (the deal), except a probe whose first
step is the deal. Deterministic: a fixed list of seeds, candidates taken in play order, and a
probe kept only while one of its first step's clauses has fewer than TARGET probes.

Ids: hf-probe1-<clause id lowercased>-NNN, named after the rarest clause (fewest probes so far)
its first step applies; `probe1` changes if the generator ever changes what an id contains.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterator

from reference.core.catalog import load_catalog
from reference.core.log import StepLog

from .actions import Deal, protocol_form
from .clause_keys import CLAUSE_KEYS
from .options import DEFAULTS
from .playout import RandomPlayer, next_action, random_state_setup
from .positions import game_in_progress
from .round_position import position_of
from .rules.phases import play
from .rules.setup import new_game
from .rules.state import OVER

TARGET = 20                      # probes per clause (issue 9)
GAMES = 400                      # seeded games tried at most; each gives every step as a candidate
MAX_STEPS_PER_GAME = 5000
PLAYERS = (2, 3, 4, 5, 6)


@dataclass
class Candidate:
    setup: dict[str, Any]
    steps: list[dict[str, Any]]
    first_clauses: list[str]
    seed: int


def played_steps(seed: int) -> Iterator[tuple[dict[str, Any], dict[str, Any], list[str], bool]]:
    """(position before, protocol step, clauses applied, is a deal) for every step of one game."""
    rng = random.Random(seed)
    players = PLAYERS[seed % len(PLAYERS)]
    player = RandomPlayer(rng)
    if seed % 2:
        state = game_in_progress(random_state_setup(rng, players), DEFAULTS)
    else:
        state = new_game(player.setup(players), DEFAULTS)
    for _ in range(MAX_STEPS_PER_GAME):
        if state.phase == OVER:
            return
        before = position_of(state)
        action = next_action(player, state)
        log = StepLog()
        play(state, action, log)
        yield before, protocol_form(action), list(log.clauses), isinstance(action, Deal)


def candidates(seed: int, catalog: set[str]) -> Iterator[Candidate]:
    steps = list(played_steps(seed))
    for index, (before, step, clauses, _) in enumerate(steps):
        length = 1 + (seed + index) % 3
        chosen = [step]
        for _, later, _, is_deal in steps[index + 1:index + length]:
            if is_deal:              # never through the opening of the next round
                break
            chosen.append(later)
        first = sorted(c for c in clauses if c in catalog)
        if first:
            yield Candidate(before, chosen, first, seed)


def probe_cases() -> list[dict[str, Any]]:
    catalog = set(load_catalog("horse_fever").clauses)
    counts: dict[str, int] = {}
    named: dict[str, int] = {}                  # per clause, the probes named after it so far
    cases = []
    for n in range(GAMES):
        seed = 9000 + n
        for cand in candidates(seed, catalog):
            wanted = [c for c in cand.first_clauses if counts.get(c, 0) < TARGET]
            if not wanted:
                continue
            target = min(wanted, key=lambda c: (counts.get(c, 0), c))
            for clause in cand.first_clauses:
                counts[clause] = counts.get(clause, 0) + 1
            named[target] = number = named.get(target, 0) + 1
            cases.append({"id": f"hf-probe1-{target.lower()}-{number:03d}", "kind": "probe",
                          "description": f"Probe for {target}: {len(cand.steps)} step(s) from a position of "
                                         f"seeded play (seed {cand.seed})",
                          "options": {}, "input": {"setup": cand.setup, "steps": cand.steps}})
        if all(counts.get(c, 0) >= TARGET for c in reachable_clauses()):
            break
    return sorted(cases, key=lambda c: c["id"])


def reachable_clauses() -> list[str]:
    """The clauses a step of play can apply (Game.clause_keys lists exactly those)."""
    return sorted(CLAUSE_KEYS)


def probe_counts(cases: list[dict[str, Any]]) -> dict[str, int]:
    """Per clause, the probes whose first step applies it (from the vectors' step_clauses)."""
    counts: dict[str, int] = {}
    for case in cases:
        for clause in case["step_clauses"][0]:
            counts[clause] = counts.get(clause, 0) + 1
    return counts
