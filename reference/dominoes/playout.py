"""Playing whole matches from explicit inputs: the deals, the neutral draws and every choice.

Chance never lives here: `deal_source` hands out each round's explicit deal (and the drawn
opener when one is needed) and `choose` picks among the legal actions. Both are given by the
caller, so a recorded match replays identically anywhere.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from reference.core.log import StepLog

from .actions import Action
from .rules.deal import deal_round, new_match
from .options import Options
from .rules.seating import HAND_SIZE
from .rules.state import AWAITING_DEAL, OVER, MatchState
from .rules.tiles import DOUBLE_SIX_SET, Tile
from .rules.turns import legal_actions, play

Deal = tuple[list[list[Tile]], list[Tile], int | None]


class EventLog(StepLog):
    """A step's record for play nobody audits clause by clause (random matches, perft): the
    events are kept, the clause names are not collected."""

    keeps_clauses = False

    def rule(self, *clauses: str) -> None:
        pass


class UnkeptLog(EventLog):
    """A step's record for play whose steps nobody reads (perft's counting, the play between
    probe positions): nothing is kept. The rules never read a step's events back."""

    def event(self, type_: str, clause: str, **fields: Any) -> dict[str, Any]:
        return fields


@dataclass
class PlayedStep:
    action: str                 # "deal" or the action text
    events: list[dict[str, Any]]
    scores: list[int]


@dataclass
class PlayedMatch:
    players: int
    mode: str
    deals: list[Deal] = field(default_factory=list)
    steps: list[PlayedStep] = field(default_factory=list)
    final: MatchState | None = None


def shuffled_deal(rng: random.Random, players: int, opener: int | None) -> Deal:
    """A deal written out from a seeded shuffle (DOM-DEAL-1..3)."""
    tiles = list(DOUBLE_SIX_SET)
    rng.shuffle(tiles)
    size = HAND_SIZE[players]
    hands = [tiles[i * size:(i + 1) * size] for i in range(players)]
    return hands, tiles[players * size:], opener


def play_match(players: int, mode: str, deal_source: Callable[[MatchState], Deal],
               choose: Callable[[MatchState, list[Action]], Action], options: Options | None = None,
               max_steps: int = 20000, on_step: Callable[[MatchState, str, StepLog], None] | None = None,
               scores: list[int] | None = None) -> PlayedMatch:
    """Play until the match is won. `on_step` sees the state after every step."""
    match = new_match(players, mode, scores=scores, options=options)
    record = PlayedMatch(players, mode)
    for _ in range(max_steps):
        if match.phase == OVER:
            record.final = match
            return record
        log = EventLog()
        if match.phase == AWAITING_DEAL:
            hands, pile, opener = deal_source(match)
            if match.next_opener is not None:
                opener = None            # fixed by DOM-OPEN-5; the deal's draw is not used
            deal_round(match, hands, pile, opener, log)
            record.deals.append((hands, pile, opener))
            text = "deal"
        else:
            action = choose(match, legal_actions(match))
            play(match, action, log)
            text = str(action)
        record.steps.append(PlayedStep(text, log.events, list(match.scores)))
        if on_step:
            on_step(match, text, log)
    raise RuntimeError(f"match not finished after {max_steps} steps")


def random_match(seed: int, players: int, mode: str = "individual", options: Options | None = None,
                 on_step=None, scores: list[int] | None = None) -> PlayedMatch:
    """A match whose deals, neutral draws and choices all come from one seeded generator."""
    rng = random.Random(seed)
    return play_match(players, mode,
                      deal_source=lambda m: shuffled_deal(rng, players, rng.randrange(players)),
                      choose=lambda m, actions: rng.choice(actions), options=options, on_step=on_step,
                      scores=scores)
