"""Playing whole races and sessions from explicit inputs: every lay and every choice.

Chance never lives here: `lay_source` hands out each lay (re-lays included) and `choose` picks
among the legal actions. Both are given by the caller, so a recorded game replays identically
anywhere: the recorded steps carry the cards, never a generator's state.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from reference.core.log import StepLog

from .notation import lay_payload
from .observe import legal_actions
from .rules import track
from .rules.agreements import Options
from .rules.betting import place_bet, sit_out
from .rules.cards import NON_ACES, SUITS
from .rules.session import lay_track, new_table, reveal
from .rules.state import BETTING, LAYING, OVER, SETTLED, TableState
from .rules.track import RELAY_AT, TRACK_LENGTH, Lay

OnStep = Callable[[TableState, dict, StepLog], None]


def random_lay(rng: random.Random) -> Lay:
    """CRD-TRACK-2/3: the 48 shuffled; the top 7 are the track, the other 41 the race deck."""
    cards = list(NON_ACES)
    rng.shuffle(cards)
    return Lay(track.track_of(cards), track.race_deck_of(cards))


def loaded_lay(rng: random.Random) -> Lay:
    """A lay with five or more of one suit on the track (it must be re-laid, CRD-TRACK-4)."""
    suit = rng.choice(SUITS)
    heavy = rng.randint(RELAY_AT, TRACK_LENGTH)
    own = [c for c in NON_ACES if c.suit == suit]
    rest = [c for c in NON_ACES if c.suit != suit]
    track = rng.sample(own, heavy) + rng.sample(rest, TRACK_LENGTH - heavy)
    rng.shuffle(track)
    deck = [c for c in NON_ACES if c not in track]
    rng.shuffle(deck)
    return Lay(tuple(track), tuple(deck))


def play(table: TableState, lay_source: Callable[[TableState], Lay],
         choose: Callable[[TableState, list[str]], str], on_step: OnStep | None = None,
         max_steps: int = 20000) -> list[dict[str, Any]]:
    """Play until the case is over; returns the protocol-form steps."""
    steps: list[dict[str, Any]] = []
    for _ in range(max_steps):
        if table.phase == OVER:
            return steps
        log = StepLog()
        if table.phase in (LAYING, SETTLED):
            lay = lay_source(table)
            lay_track(table, lay, log, "lay")
            step = {"action": "lay", "lay": lay_payload(lay)}
        elif table.phase == BETTING:
            choice = choose(table, legal_actions(table))
            if choice == "sit out":
                sit_out(table, None, log, "step")
            else:
                place_bet(table, choice.split()[1], 1, None, log, "step")
            step = {"action": choice}
        else:
            reveal(table, log, "step")
            step = {"action": "reveal"}
        steps.append(step)
        if on_step:
            on_step(table, step, log)
    raise RuntimeError(f"not finished after {max_steps} steps")


def seeded_lays(rng: random.Random, loaded_first: float = 0.0) -> Callable[[TableState], Lay]:
    """Random lays; with probability `loaded_first` a race starts with a lay that must be re-laid."""
    def source(table: TableState) -> Lay:
        if table.race.relays == 0 and table.phase != SETTLED and rng.random() < loaded_first:
            return loaded_lay(rng)
        return random_lay(rng)
    return source


def random_choice(rng: random.Random) -> Callable[[TableState, list[str]], str]:
    return lambda table, actions: rng.choice(actions)


def random_game(seed: int, players: int, banker: int = 0, session: bool = False, balances: list[int] | None = None,
                options: Options | None = None, loaded_first: float = 0.0,
                on_step: OnStep | None = None) -> tuple[TableState, list[dict[str, Any]]]:
    """A race or session whose lays and choices all come from one seeded generator."""
    rng = random.Random(seed)
    table = new_table(players, banker, balances, options, session)
    steps = play(table, seeded_lays(rng, loaded_first), random_choice(rng), on_step)
    return table, steps
