"""Playing whole games from explicit inputs: the stable order, characters, first player, deals,
movement cards, sprint dice and every choice.

Chance never lives in the engine: `random_game` draws everything from one seeded generator and
records it as protocol-form steps, so the recorded game replays identically anywhere.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from reference.core.log import StepLog

from .actions import (Action, Deal, EndRound, NewOdds, Pass, Payouts, PlaceBet, PlayCard, RaceRound, Reveal,
                      protocol_form)
from .options import DEFAULTS, Options
from .positions import game_in_progress, race_from_setup
from .rules.betting import can_cover_minimum, lowest_stake
from .rules.components import COLOURS, SHOW, WIN, characters, family_action_deck, movement_cards, tables
from .rules.game_end import leaders
from .rules.phases import play
from .rules.race import photo_ties, race_round
from .rules.reveal import reveal_cards
from .rules.setup import new_game
from .rules.state import (DEAL, END_ROUND, FIRST_BETS, NEW_ODDS, OVER, PAYOUTS, RACE, REVEAL, RIGGING,
                    SECOND_BETS, GameState, Race)

MAX_STEPS = 5000
MAX_RACE_ROUNDS = 200            # under first_last_among: running a race can last for ever (HF-INT-5)


class RaceWithoutEnd(RuntimeError):
    pass


@dataclass
class PlayedGame:
    setup: dict[str, Any]
    steps: list[dict[str, Any]] = field(default_factory=list)     # protocol form
    logs: list[StepLog] = field(default_factory=list)
    final: GameState | None = None


class RandomPlayer:
    """Every chance input and every choice from one seeded generator."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.deck: list[int] = []

    def setup(self, players: int) -> dict[str, Any]:
        stables = list(COLOURS)
        self.rng.shuffle(stables)
        chars = self.rng.sample(sorted(characters()), players)
        return {"players": players, "stables": stables, "characters": chars,
                "first_player": self.rng.randrange(players)}

    def deal(self, state: GameState) -> Deal:
        cards = self.rng.sample(family_action_deck(), 2 * len(state.players))
        hands = [[] if p.out else [cards.pop(), cards.pop()] for p in state.players]
        self.deck = []
        return Deal({"hands": hands})

    def stake(self, state: GameState, seat: int) -> int:
        player = state.players[seat]
        low = lowest_stake(player.vp, state.options)
        options = [low, low + 100, low * 2, player.danari // 2, player.danari]
        return self.rng.choice([a for a in options if low <= a <= player.danari])

    def bet_options(self, state: GameState, seat: int) -> list[tuple[str, str]]:
        taken = {(b.horse, b.side) for b in state.bets if b.player == seat}
        open_ = [c for c in COLOURS if state.tokens[c] > 0 or state.options.bet_without_token == "allowed"]
        return [(c, s) for c in open_ for s in (WIN, SHOW) if (c, s) not in taken]

    def bet(self, state: GameState) -> Action:
        seat = state.to_play
        choices = self.bet_options(state, seat)
        second = state.phase == SECOND_BETS
        if second and (not choices or not can_cover_minimum(state, seat) or self.rng.random() < 0.5):
            return Pass()
        horse, side = self.rng.choice(choices)
        return PlaceBet(horse, side, self.stake(state, seat))

    def card(self, state: GameState) -> Action:
        hand = state.players[state.to_play].hand
        return PlayCard(self.rng.choice(hand), self.rng.choice(COLOURS))

    def race_round(self, race: Race, options: Options) -> Action:
        if not self.deck:
            self.deck = sorted(movement_cards())
            self.rng.shuffle(self.deck)                 # HF-INT-14: a fresh deck when one runs out
        card = self.deck.pop(0)
        dice = [self.rng.choice(COLOURS), self.rng.choice(COLOURS)]
        photo = []
        for group in photo_ties(race, card, dice, options):
            group = list(group)
            self.rng.shuffle(group)
            photo += group
        return RaceRound(card, dice, photo or None)

    def end_round(self, state: GameState) -> Action:
        if state.round >= state.rounds:
            top = leaders(state)
            if len(top) > 1:
                return EndRound(self.rng.choice(top))
        return EndRound()


def next_action(player: RandomPlayer, state: GameState) -> Action:
    if state.phase == DEAL:
        return player.deal(state)
    if state.phase in (FIRST_BETS, SECOND_BETS):
        return player.bet(state)
    if state.phase == RIGGING:
        return player.card(state)
    if state.phase == REVEAL:
        return Reveal()
    if state.phase == RACE:
        return player.race_round(state.race, state.options)
    if state.phase == PAYOUTS:
        return Payouts()
    if state.phase == NEW_ODDS:
        return NewOdds()
    if state.phase == END_ROUND:
        return player.end_round(state)
    raise RuntimeError(f"no action in phase {state.phase}")


def play_out(state: GameState, player: RandomPlayer, setup: dict[str, Any],
             on_step: Callable[[GameState, Action, StepLog], None] | None = None,
             max_rounds: int | None = None) -> PlayedGame:
    """Play until the game is over (or `max_rounds` rounds have ended), recording every step."""
    record = PlayedGame(setup)
    ended = 0
    for _ in range(MAX_STEPS):
        if state.phase == OVER or (max_rounds is not None and ended >= max_rounds):
            record.final = state
            return record
        action = next_action(player, state)
        log = StepLog()
        play(state, action, log)
        record.steps.append(protocol_form(action))
        record.logs.append(log)
        ended += isinstance(action, EndRound)
        if state.race is not None and state.race.rounds_played > MAX_RACE_ROUNDS:
            raise RaceWithoutEnd(f"a race has not ended after {MAX_RACE_ROUNDS} race rounds")
        if on_step:
            on_step(state, action, log)
    raise RuntimeError(f"game not finished after {MAX_STEPS} steps")


def random_game(seed: int, players: int, options: Options = DEFAULTS,
                on_step: Callable[[GameState, Action, StepLog], None] | None = None) -> PlayedGame:
    """A whole game from the start whose every input comes from random.Random(seed)."""
    player = RandomPlayer(random.Random(seed))
    setup = player.setup(players)
    return play_out(new_game(setup, options), player, setup, on_step)


def random_state_setup(rng: random.Random, players: int) -> dict[str, Any]:
    """A game at the start of its last-but-one round, with VP and Danari low enough that the
    minimum bet, its penalty and losing the game all come up (the `round` kind)."""
    rounds = tables().rounds[players]
    owned = rng.sample(list(COLOURS), players)
    return {"players": players, "odds": {c: rng.randint(2, 7) for c in COLOURS},
            "vp": [rng.randint(0, 6) for _ in range(players)],
            "danari": [rng.choice([0, 50, 100, 200, 300, 500, 800, 1200, 2000, 3500]) for _ in range(players)],
            "owners": {c: seat for seat, c in enumerate(owned)}, "first_player": rng.randrange(players),
            "round": rounds - 1, "rounds": rounds}


def random_round_game(seed: int, players: int, options: Options = DEFAULTS,
                      on_step: Callable[[GameState, Action, StepLog], None] | None = None) -> PlayedGame:
    rng = random.Random(seed)
    setup = random_state_setup(rng, players)
    return play_out(game_in_progress(setup, options), RandomPlayer(rng), setup, on_step)


@dataclass
class PlayedRace:
    setup: dict[str, Any]
    steps: list[dict[str, Any]] = field(default_factory=list)


def random_race(seed: int, options: Options = DEFAULTS, cards: int = 8) -> PlayedRace:
    """A race from the Start with random odds and random action cards on the horses."""
    rng = random.Random(seed)
    odds = {c: rng.randint(2, 7) for c in COLOURS}
    on_horses: dict[str, list[int]] = {}
    for card in rng.sample(family_action_deck(), cards):
        on_horses.setdefault(rng.choice(COLOURS), []).append(card)
    setup = {"odds": odds, "cards": on_horses}
    race = race_from_setup(setup)
    record = PlayedRace(setup, [{"action": "reveal"}])
    reveal_cards(race, options, StepLog())
    player = RandomPlayer(rng)
    while not race.is_over():
        if len(record.steps) > MAX_RACE_ROUNDS:
            raise RaceWithoutEnd(f"race of seed {seed} has not ended after {MAX_RACE_ROUNDS} race rounds")
        action = player.race_round(race, options)
        race_round(race, action.card, action.dice, action.photo, options, StepLog())
        record.steps.append(protocol_form(action))
    return record
