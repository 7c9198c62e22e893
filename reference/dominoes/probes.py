"""Rule probes: short match cases (kind `probe`) that start from a position taken from seeded
random play and whose FIRST step applies a given clause.

For each seed of a fixed list a random match is played (deals, neutral draws and choices from
the seed); before every action the position is written out (`setup.position`, see
position.py). When the action's step applies a clause that still has fewer than
PER_CLAUSE probes, the position becomes a probe for it (the rarest such clause first, one
probe per step), with that action and the next one as steps (at most STEPS_PER_PROBE, never
past the end of the round). Positions on an empty layout (a round's opening) are used only
for the opening clauses. Ids: `dom-probe2-<clause id lowercased>-NNN`; the `probe2` part is
bumped if the generator ever changes what an id holds (`probe1` ids were retired when a
step's record began to name a double's branches opening as a branching double's, DOM-DBL-1, and
a draw offered while tiles are left, DOM-DEAL-3).
"""

from __future__ import annotations

import random
from typing import Any

from reference.core.catalog import load_catalog
from reference.core.log import StepLog

from .playout import UnkeptLog, shuffled_deal
from .rules.deal import deal_round, new_match
from .rules.seating import INDIVIDUAL, PARTNERSHIP, Seating
from .rules.state import AWAITING_DEAL, OVER, PLACE_DRAWN, MatchState
from .rules.tiles import tile_str
from .rules.turns import legal_actions, play

PER_CLAUSE = 20
STEPS_PER_PROBE = 2
OPENING_CLAUSES = frozenset({"DOM-OPEN-3", "DOM-OPEN-4"})
# Decided only when the draw pile is empty (a blocked round and what follows it).
EMPTY_PILE_CLAUSES = frozenset({"DOM-BLOCK-1", "DOM-BLOCK-2", "DOM-BLOCK-3", "DOM-OPEN-6", "DOM-TIE-1",
                                "DOM-TIE-2", "DOM-MATCH-4"})
# Decided only by a deal step or a setup, which a probe (a position, then actions) never has.
NOT_PROBED = frozenset({"DOM-SET-1", "DOM-SET-2", "DOM-DEAL-1", "DOM-DEAL-2", "DOM-DEAL-4",
                        "DOM-OPEN-1", "DOM-OPEN-2"})
FORMATS = [("2p", 2, INDIVIDUAL), ("3p", 3, INDIVIDUAL), ("4p", 4, INDIVIDUAL), ("pairs", 4, PARTNERSHIP)]
SEEDS = range(1, 601)              # matches played (positions skipped once their clauses are full)
PAIRS_SEEDS = range(10_001, 10_401)


def position_of(match: MatchState) -> dict[str, Any]:
    """The match's position in the `setup.position` form."""
    r = match.round
    layout = []
    for placed in r.layout.placed.values():
        text = f"place {tile_str(placed.tile)}"
        layout.append(text if placed.parent is None else f"{text} at {placed.parent}")
    position: dict[str, Any] = {
        "layout": layout,
        "hands": [[tile_str(t) for t in hand] for hand in r.hands],
        "draw_pile": [tile_str(t) for t in r.draw_pile],
        "scores": list(match.scores),
        "round": match.round_number,
        "turn": r.to_play,
        "phase": match.phase,
        "continuing": r.continuing,
        "opener": r.opener,
    }
    if match.phase == PLACE_DRAWN:
        position["drawn_tile"] = tile_str(r.drawn_tile)
    return position


def step_decisions(match: MatchState, action) -> tuple[list[str], list]:
    """Play `action` and return the clauses its step applied, as a vector records them
    (the action's own decisions and those of the offer of actions after it), and that offer."""
    log = StepLog()
    play(match, action, log)
    offered = legal_actions(match, log)
    return log.clauses, offered


class Collector:
    def __init__(self, clauses: set[str]):
        self.clauses = clauses
        self.counts: dict[str, int] = {c: 0 for c in sorted(clauses)}
        self.missing: set[str] = set(clauses)        # the clauses with fewer than PER_CLAUSE probes
        self.cases: list[dict[str, Any]] = []
        self.open: list[dict[str, Any]] = []        # probes still taking their following steps

    def wants_position(self, match: MatchState) -> bool:
        """Whether a probe may still come from this position: once only the clauses of a
        round's end with an empty pile are missing, other positions are skipped."""
        missing = self.missing
        return bool(missing) and (not match.round.draw_pile or not missing <= EMPTY_PILE_CLAUSES)

    def full(self) -> bool:
        return all(n >= PER_CLAUSE for n in self.counts.values())

    def consider(self, setup: dict[str, Any], action_text: str, applied: list[str], opening: bool,
                 follow: bool = True) -> None:
        wanted = [c for c in applied if c in self.counts and self.counts[c] < PER_CLAUSE
                  and (not opening or c in OPENING_CLAUSES)]
        if not wanted:
            return
        target = min(wanted, key=lambda c: (self.counts[c], c))
        self.counts[target] += 1
        if self.counts[target] >= PER_CLAUSE:
            self.missing.discard(target)
        case = {"id": f"dom-probe2-{target.lower()}-{self.counts[target]:03d}", "kind": "probe",
                "description": f"Probe for {target}: its first step applies it",
                "options": {}, "input": {"setup": setup, "steps": [{"action": action_text}]}}
        self.cases.append(case)
        if follow:
            self.open.append(case)

    def follow(self, action_text: str) -> None:
        still = []
        for case in self.open:
            steps = case["input"]["steps"]
            if len(steps) < STEPS_PER_PROBE:
                steps.append({"action": action_text})
            if len(steps) < STEPS_PER_PROBE:
                still.append(case)
        self.open = still

    def close(self) -> None:
        self.open = []


def play_for_probes(seed: int, collector: Collector, format_: tuple[str, int, str]) -> None:
    name, players, mode = format_
    rng = random.Random(seed * 7919 + 17)
    sides = Seating(players, mode).sides
    scores = [rng.randrange(0, 61) for _ in range(sides)]
    match = new_match(players, mode, scores)
    offered = None                  # the actions offered now, when the last step already listed them
    for _ in range(2000):
        if match.phase == OVER:
            return
        if match.phase == AWAITING_DEAL:
            collector.close()
            offered = None
            hands, pile, _ = shuffled_deal(rng, players, None)
            deal_round(match, hands, pile, None if match.next_opener is not None else rng.randrange(players),
                       UnkeptLog())
            continue
        actions = offered if offered is not None else legal_actions(match)
        offered = None
        action = rng.choice(actions)
        text = str(action)
        collector.follow(text)
        if not collector.wants_position(match):
            play(match, action, UnkeptLog())     # no probe from here: its record is not needed
            if match.phase in (AWAITING_DEAL, OVER):
                collector.close()
            continue
        setup = {"players": players, "mode": mode, "position": position_of(match)}
        opening = match.round.layout.is_empty()
        if not match.round.draw_pile:
            # The end of a round is near (blocks, settlements): every other action is tried too,
            # each a one-step probe from the same position.
            for other in actions:
                if other != action:
                    collector.consider(setup, str(other), step_decisions(match.copy(), other)[0], opening,
                                       follow=False)
        applied, offered = step_decisions(match, action)
        collector.consider(setup, text, applied, opening)
        if match.phase in (AWAITING_DEAL, OVER):
            collector.close()


def probe_cases() -> list[dict[str, Any]]:
    collector = Collector(set(load_catalog("dominoes").clauses) - NOT_PROBED)
    for seed in SEEDS:
        play_for_probes(seed, collector, FORMATS[seed % len(FORMATS)])
    # Partnership blocks are the rarest: more partnership matches while they are missing.
    for seed in PAIRS_SEEDS:
        if collector.counts["DOM-BLOCK-3"] >= PER_CLAUSE:
            break
        play_for_probes(seed, collector, FORMATS[3])
    return sorted(collector.cases, key=lambda case: case["id"])
