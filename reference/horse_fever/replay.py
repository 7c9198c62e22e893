"""Replaying Horse Fever inputs of four kinds:

    game   a game from the start: players, the stable tokens as laid, characters, first player
    round  a game at the start of a round, every value given (odds, owners, VP, Danari ...)
    race   a race from an explicit position (odds, positions, ranking, cards on the horses)
    odds   the new-odds rule alone (odds and a finished ranking)
    probe  a round under way (round_position.py)
    position  a round under way to check: observed, or refused whole when no game reaches it

Steps come in scenario form ({'bet': 'red', 'side': 'win', 'amount': 500}) or protocol form
({'action': 'bet red win 500'}); see actions.py. A refused action leaves the state as it was.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterator

from reference.core.errors import IllegalAction, InputError
from reference.core.game import CaseInput, StepOutcome, may_refuse, refused
from reference.core.log import StepLog
from reference.core.options import watched
from reference.core.replay_context import narrating, replay_memo

from .actions import Action, NewOdds, RaceRound, Reveal, claimed_seat, protocol_form, step_action, with_by
from .narrate import narrate_step
from .observe import game_view, odds_case_view, race_case_view
from .options import Options, parse_options
from .positions import game_in_progress, odds_case, race_from_setup
from .round_position import round_under_way
from .rules.components import shorten
from .rules.new_odds import set_new_odds
from .rules.phases import play
from .rules.race import race_round
from .rules.reveal import reveal_cards
from .rules.setup import new_game
from .rules.state import FIRST_BETS, NEW_ODDS, ODDS_SET, RACE, RACE_OVER, REVEAL, RIGGING, SECOND_BETS, GameState

KINDS = ("game", "round", "race", "odds", "probe", "position")
TURN_CLAUSE = {FIRST_BETS: "HF-BET-1", RIGGING: "HF-RIG-1", SECOND_BETS: "HF-BET2-1"}


def replay(case: CaseInput) -> Iterator[StepOutcome]:
    options = watched(parse_options(case.options))      # read-tracked while vectors derive flags
    if case.kind in ("game", "round", "probe"):
        yield from replay_game(case, options)
    elif case.kind == "race":
        yield from replay_race(case, options)
    elif case.kind == "odds":
        yield from replay_odds(case)
    elif case.kind == "position":
        yield from replay_position(case, options)
    else:
        raise InputError("kind", f"unknown horse_fever kind '{case.kind}'; kinds are {', '.join(KINDS)}")


def compile_step(step: dict[str, Any]) -> dict[str, Any]:
    """Scenario form -> protocol form; a step that names its player ('by: 2') ends in 'by 2'."""
    out = protocol_form(step_action(dict(step), 0))
    seat = claimed_seat(dict(step), "step")
    if seat is not None:
        out["action"] = with_by(out["action"], seat)
    return out


def check_by(state: GameState, seat: int | None, where: str) -> None:
    """A step may name its player ('... by SEAT'); acting out of turn is refused."""
    if seat is None:
        return
    if state.to_play is None:
        raise IllegalAction(where, f"no player's turn in the {state.phase} phase", "HF-PLAY-4")
    if seat != state.to_play:
        raise IllegalAction(where, f"it is seat {state.to_play}'s turn, not seat {shorten(seat)}'s",
                            TURN_CLAUSE[state.phase])


def replay_game(case: CaseInput, options: Options) -> Iterator[StepOutcome]:
    start = {"game": new_game, "round": game_in_progress, "probe": shared_round_under_way}[case.kind]
    state = start(case.setup, options)
    for index, step in enumerate(case.steps):
        field = f"steps[{index}]"
        action = step_action(step, index)
        seat = claimed_seat(step, field)
        log = StepLog()
        text = str(action) if action else None
        if action is not None:
            # the state is restored only after a refusal that is a result; any other refusal ends the replay
            refusable = may_refuse(case, step)
            before = state.copy() if refusable else None
            try:
                check_by(state, seat, f"{field}.action" if "action" in step else f"{field}.by")
                play(state, action, log, field)
            except InputError as exc:
                if not refusable:
                    raise
                state = before
                yield refused(index, text, exc)
                continue
        view = game_view(state, log)
        yield StepOutcome(index, text, view, tuple(log.clauses),
                          tuple(narrate_step(text, log.events, view)) if narrating() else ())


def shared_round_under_way(setup: Any, options: Options) -> GameState:
    """round_under_way; among the replays of one case made for its vector, read once and copied
    (reading a position only stores the options in the state: each replay gets its own)."""
    memo = replay_memo()
    if memo is None:
        return round_under_way(setup, options)
    kept = memo.get(("round_under_way", id(setup)))
    if kept is None or kept[0] is not setup:
        state = round_under_way(setup, options)
        memo[("round_under_way", id(setup))] = (setup, state.copy())
        return state
    state = kept[1].copy()
    state.options = options
    return state


def replay_position(case: CaseInput, options: Options) -> Iterator[StepOutcome]:
    """A position to check (kind `position`, position_checks.py): refused whole when no game
    reaches it (every step then reports the refusal, under the rule the position breaks), else
    played as a probe from it."""
    try:
        round_under_way(case.setup, options)
    except InputError as exc:
        if not all(may_refuse(case, step) for step in case.steps):
            raise
        for index, step in enumerate(case.steps):
            action = step_action(step, index)
            yield refused(index, str(action) if action else None, exc)
        return
    yield from replay_game(dataclasses.replace(case, kind="probe"), options)


def replay_race(case: CaseInput, options: Options) -> Iterator[StepOutcome]:
    race = race_from_setup(case.setup)
    for index, step in enumerate(case.steps):
        field = f"steps[{index}]"
        action = step_action(step, index)
        log = StepLog()
        text = str(action) if action else None
        if action is not None:
            refusable = may_refuse(case, step)
            before = race.copy() if refusable else None
            try:
                apply_race_action(race, action, options, log, field)
            except InputError as exc:
                if not refusable:
                    raise
                race = before
                yield refused(index, text, exc)
                continue
        phase = RACE_OVER if race.is_over() else RACE if race.revealed else REVEAL
        view = race_case_view(race, phase, log)
        yield StepOutcome(index, text, view, tuple(log.clauses),
                          tuple(narrate_step(text, log.events, view)) if narrating() else ())


def apply_race_action(race, action: Action, options: Options, log: StepLog, field: str) -> None:
    if isinstance(action, Reveal):
        if race.revealed:
            raise IllegalAction(field, "the cards are already face up", "HF-REVEAL-1")
        reveal_cards(race, options, log)
    elif isinstance(action, RaceRound):
        race_round(race, action.card, action.dice, action.photo, options, log, f"{field}.race")
    else:
        raise InputError(field, f"a race case has only 'reveal' and 'race' steps, not '{action}'")


def replay_odds(case: CaseInput) -> Iterator[StepOutcome]:
    odds, ranking = odds_case(case.setup)
    phase = NEW_ODDS
    for index, step in enumerate(case.steps):
        field = f"steps[{index}]"
        action = step_action(step, index)
        log = StepLog()
        text = str(action) if action else None
        if action is not None:
            if not isinstance(action, NewOdds):
                raise InputError(field, f"an odds case has only 'new_odds' steps, not '{action}'")
            if phase == ODDS_SET:
                if not may_refuse(case, step):
                    raise IllegalAction(field, "the new odds are already set", "HF-NEWODDS-1")
                yield refused(index, text, IllegalAction(field, "the new odds are already set", "HF-NEWODDS-1"))
                continue
            odds = set_new_odds(odds, ranking, log)
            phase = ODDS_SET
        view = odds_case_view(odds, phase, log)
        yield StepOutcome(index, text, view, tuple(log.clauses),
                          tuple(narrate_step(text, log.events, {**view, "positions": None})) if narrating() else ())

