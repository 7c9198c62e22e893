"""Rule probes: short cases (1-3 steps) that start from a position taken from seeded random play
(the `probe` kind, see round_position.py), each chosen because its FIRST step applies a given
clause. A probe never passes through a round's opening (the deal), except a probe whose first
step is the deal. Deterministic: a fixed list of seeds, candidates taken in play order, and a
probe kept only while one of its first step's clauses has fewer than TARGET probes.

Ids: hf-probe2-<clause id lowercased>-NNN, named after the rarest clause (fewest probes so far)
its first step applies; the series changes if what an id contains ever changes (probe2: the
seeded play follows the defaults issue 29 gave HF-INT-8, HF-INT-10, HF-INT-12 and HF-INT-20, so
every position moved, and some probe1 ids would have come back with another content).
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


def played_steps(seed: int, positions: bool = True
                 ) -> Iterator[tuple[dict[str, Any] | None, dict[str, Any], list[str], bool]]:
    """(position before, protocol step, clauses applied, is a deal) for every step of one game;
    without `positions` the position is None (the same game, played without noting positions)."""
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
        before = position_of(state) if positions else None
        action = next_action(player, state)
        log = StepLog()
        play(state, action, log)
        yield before, protocol_form(action), list(log.clauses), isinstance(action, Deal)


def game_steps(seed: int, open_clauses: set[str], eager: bool
               ) -> list[tuple[dict[str, Any] | None, dict[str, Any], list[str], bool]]:
    """played_steps(seed), with every position noted if any could be used. A probe is kept only
    if its first step applies a clause with fewer than TARGET probes, and counts only grow, so a
    game where no step applies one of `open_clauses` (those short at its start) gives no probe
    and needs no position. Not `eager`, the game is played without positions first and played
    again (the same seed, the same game) only if a step applies an open clause: worth it late in
    the run, when most games give nothing."""
    if not eager:
        steps = list(played_steps(seed, positions=False))
        if not any(open_clauses.intersection(clauses) for _, _, clauses, _ in steps):
            return steps
    return list(played_steps(seed))


def candidates(seed: int, catalog: set[str], open_clauses: set[str] | None = None,
               eager: bool = True) -> Iterator[Candidate]:
    steps = game_steps(seed, catalog if open_clauses is None else open_clauses, eager)
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
    eager = True                                # the last game gave a probe: the next one likely will
    for n in range(GAMES):
        seed = 9000 + n
        open_clauses = {c for c in catalog if counts.get(c, 0) < TARGET}
        kept_before = len(cases)
        for cand in candidates(seed, catalog, open_clauses, eager):
            wanted = [c for c in cand.first_clauses if counts.get(c, 0) < TARGET]
            if not wanted:
                continue
            assert cand.setup is not None, "a kept probe was played without positions"
            target = min(wanted, key=lambda c: (counts.get(c, 0), c))
            for clause in cand.first_clauses:
                counts[clause] = counts.get(clause, 0) + 1
            named[target] = number = named.get(target, 0) + 1
            cases.append({"id": f"hf-probe2-{target.lower()}-{number:03d}", "kind": "probe",
                          "description": f"Probe for {target}: {len(cand.steps)} step(s) from a position of "
                                         f"seeded play (seed {cand.seed})",
                          "options": {}, "input": {"setup": cand.setup, "steps": cand.steps}})
        eager = len(cases) > kept_before
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
