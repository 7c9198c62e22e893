"""Replaying card inputs of the four kinds: race, session, layout and odds.

Steps come in scenario form ({'lay': {...}}, {'bet': 'D', 'by': 1}, {'sit_out': None},
{'reveal': None}, {'reveal': 22}, or only {'expect': ...}) or in protocol form
({'action': 'lay', 'lay': {...}}, {'action': 'bet D'}, {'action': 'sit out'}, {'action': 'reveal'},
{'action': 'observe'}). A refused action leaves the state as it was.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, Iterator

from reference.core.errors import IllegalAction, InputError
from reference.core.game import CaseInput, StepOutcome, may_refuse, refused
from reference.core.log import StepLog
from reference.core.options import watched
from reference.core.replay_context import narrating

from .actions import LayTrack, PlaceBet, Reveal, SitOut, parse_action_text, parse_count, parse_seat, parse_stake
from .limits import MAX_CHIPS, MAX_PLAYERS, shown
from .narrate import narrate_layout, narrate_odds, table_step_narration
from .notation import lay_payload, parse_horse, parse_lay
from .observe import layout_view, odds_view, table_view
from .options import Options, is_count, parse_options
from .position import table_from_position
from .rules.betting import place_bet, sit_out
from .rules.cards import SUITS
from .rules.session import lay_track, new_table, reveal
from .rules.track import NEEDED_TO_FINISH, TRACK_LENGTH, track_counts

KINDS = ("race", "session", "layout", "odds", "probe", "position")
ACTION_KEYS = ("lay", "bet", "sit_out", "reveal")
OBSERVE = "observe"


def replay(case: CaseInput) -> Iterator[StepOutcome]:
    options = watched(parse_options(case.options))      # read-tracked while vectors derive flags
    if not isinstance(case.setup, dict):
        raise InputError("setup", f"{shown(case.setup)}: the setup is a mapping")
    if not isinstance(case.steps, list):
        raise InputError("steps", f"{shown(case.steps)}: the steps are a list")
    if case.kind in ("race", "session", "probe"):
        yield from replay_table(case, options)
    elif case.kind == "layout":
        yield from replay_layout(case, options)
    elif case.kind == "odds":
        yield from replay_odds(case, options)
    elif case.kind == "position":
        yield from replay_position(case, options)
    else:
        raise InputError("kind", f"unknown card kind '{case.kind}'; kinds are {', '.join(KINDS)}")


# -- reading steps ----------------------------------------------------------------------------

def step_action(step: dict[str, Any], index: int, need_deck: bool = True):
    """The step's action in either form; None for a pure check."""
    field = f"steps[{index}]"
    if not isinstance(step, dict):
        raise InputError(field, f"{shown(step)}: a step is a mapping (an action and what to expect)")
    if not isinstance(step.get("expect", {}), dict):
        raise InputError(f"{field}.expect", f"{shown(step['expect'])}: what to expect is a mapping of names to values")
    if "action" in step:
        text = step["action"]
        if isinstance(text, str) and text.strip().lower() == "lay":
            if "lay" not in step:
                raise InputError(f"{field}.action", "a 'lay' action carries its cards in 'lay': "
                                 "{track, deck} or {shuffle}", "CRD-TRACK-2")
            return LayTrack(parse_lay(step["lay"], f"{field}.lay", need_deck))
        return parse_action_text(text, f"{field}.action")
    keys = [k for k in ACTION_KEYS if k in step]
    if len(keys) > 1:
        raise InputError(field, "one action per step; found " + ", ".join(keys))
    if "stake" in step and keys != ["bet"]:
        raise InputError(f"{field}.stake", "a stake goes with a bet")
    if "by" in step and keys not in (["bet"], ["sit_out"]):
        raise InputError(f"{field}.by", "'by' names the bettor of a bet or a sit out")
    if not keys:
        return None
    verb = keys[0]
    if verb == "lay":
        return LayTrack(parse_lay(step["lay"], f"{field}.lay", need_deck))
    by = parse_seat(step["by"], f"{field}.by") if step.get("by") is not None else None
    if verb == "bet":
        return PlaceBet(parse_horse(step["bet"], f"{field}.bet"), parse_stake(step.get("stake", 1), f"{field}.stake"), by)
    if verb == "sit_out":
        return SitOut(by)
    return Reveal(parse_count(step["reveal"], f"{field}.reveal"))


def compile_step(step: dict[str, Any]) -> dict[str, Any]:
    """Scenario form -> protocol form."""
    action = step_action(step, 0, need_deck=False)
    if action is None:
        return {"action": OBSERVE}
    if isinstance(action, LayTrack):
        return {"action": "lay", "lay": lay_payload(action.lay, shuffle=is_shuffle(step.get("lay")))}
    return {"action": str(action)}


def is_shuffle(payload: Any) -> bool:
    """A lay given as the 48 shuffled cards (CRD-TRACK-2/3), kept in that form in the vector."""
    return isinstance(payload, dict) and "shuffle" in payload


# -- race and session -----------------------------------------------------------------------

def apply_action(table, action, log: StepLog, field: str) -> None:
    if isinstance(action, LayTrack):
        lay_track(table, action.lay, log, f"{field}.lay")
    elif isinstance(action, PlaceBet):
        place_bet(table, action.horse, action.stake, action.by, log, field)
    elif isinstance(action, SitOut):
        sit_out(table, action.by, log, field)
    elif isinstance(action, Reveal):
        for _ in range(action.count):
            reveal(table, log, f"{field}.reveal")


def check_setup_bounds(setup: dict[str, Any], where: str = "setup") -> None:
    """The suite's size bounds on a table's setup (limits.py); the rules check the rest."""
    players = setup.get("players")
    if is_count(players) and not -MAX_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError("setup.players", f"{shown(players)} players; the suite plays 3 to {MAX_PLAYERS} people "
                         "(the text sets no upper limit)", "CRD-SET-2")
    if players is not None and not is_count(players):
        raise InputError("setup.players", f"{shown(players)} players; the game is for 3 or more people "
                         "(one banks, the others bet)", "CRD-SET-2")
    banker = setup.get("banker", 0)
    if not is_count(banker) or not -MAX_PLAYERS <= banker <= MAX_PLAYERS:
        raise InputError(f"{where}.banker", f"{shown(banker)} is not a seat (the suite plays at most {MAX_PLAYERS} "
                         "people)")
    balances = setup.get("balances")
    if isinstance(balances, list):
        if len(balances) > MAX_PLAYERS:
            raise InputError(f"{where}.balances", f"{len(balances)} balances; the suite plays at most {MAX_PLAYERS} "
                             "people")
        for seat, value in enumerate(balances):
            if not is_count(value) or not -MAX_CHIPS <= value <= MAX_CHIPS:
                raise InputError(f"{where}.balances[{seat}]", f"{shown(value)} is not a whole number of chips "
                                 f"(from -{MAX_CHIPS} to {MAX_CHIPS})")


def start_table(case: CaseInput, options: Options):
    """The table a race, session or probe case starts from: a fresh table, or a position."""
    setup = case.setup
    session = case.kind == "session"
    if "position" in setup or case.kind == "probe":
        extra = sorted(set(setup) - {"players", "position"})
        if extra:
            raise InputError(f"setup.{extra[0]}", "a case that starts from a position gives only 'players' and "
                             "'position' (the banker, balances and cards are in the position)")
        check_setup_bounds({"players": setup.get("players")})
        position = setup.get("position")
        if isinstance(position, dict):
            check_setup_bounds({"banker": position.get("banker", 0), "balances": position.get("balances")},
                               "setup.position")
        return table_from_position(setup.get("players"), position, options, session)
    check_setup_bounds(setup)
    if session and "balances" in setup:
        raise InputError("setup.balances", "a session starts with equal balances: set options.starting_balance "
                         "instead", "CRD-BET-1")
    table = new_table(setup.get("players"), setup.get("banker", 0), setup.get("balances"), options, session)
    if setup.get("lay") is not None:
        lay_track(table, parse_lay(setup["lay"], "setup.lay"), StepLog(), "setup.lay")
    return table


def replay_table(case: CaseInput, options: Options) -> Iterator[StepOutcome]:
    table = start_table(case, options)
    for index, step in enumerate(case.steps):
        field = f"steps[{index}]"
        action = step_action(step, index)
        text = str(action) if action is not None else None
        log = StepLog()
        before = copy.deepcopy(table)
        try:
            if action is not None:
                apply_action(table, action, log, field)
        except IllegalAction as exc:
            if not may_refuse(case, step):
                raise
            table = before
            yield refused(index, text, exc)
            continue
        view = table_view(table, log)
        yield StepOutcome(index, text, view, tuple(log.clauses), table_step_narration(view, text) if narrating() else ())


def replay_position(case: CaseInput, options: Options) -> Iterator[StepOutcome]:
    """A position to check (kind `position`, position_checks.py): refused whole when no play
    reaches it (every step then reports the refusal, under the rule the position breaks), else
    played as a probe from it."""
    probe = dataclasses.replace(case, kind="probe")
    try:
        start_table(probe, options)
    except InputError as exc:
        if not all(may_refuse(case, step) for step in case.steps):
            raise
        for index, step in enumerate(case.steps):
            action = step_action(step, index)
            yield refused(index, str(action) if action is not None else None, exc)
        return
    yield from replay_table(probe, options)


# -- layout: lays judged one by one -------------------------------------------------------------

def replay_layout(case: CaseInput, options: Options) -> Iterator[StepOutcome]:
    for index, step in enumerate(case.steps):
        action = step_action(step, index, need_deck=False)
        if not isinstance(action, LayTrack):
            raise InputError(f"steps[{index}]", "a layout case has only 'lay' steps")
        log = StepLog()
        view = layout_view(action.lay, options.odds, log)
        log.rule("CRD-TRACK-4")         # judged: stands or is laid again
        if view["must_relay"]:
            suit = view["relay_suit"]
            log.event("relaid", "CRD-TRACK-4", suit=suit, count=view["track_counts"][suit],
                      race_cards=view["available"][suit], needed=NEEDED_TO_FINISH, track=view["track"])
            log.rule("CRD-TRACK-5", "CRD-FAQ-3")
        else:
            log.event("track_laid", "CRD-TRACK-2", track=view["track"], counts=view["track_counts"],
                      available=view["available"])
            log.rule("CRD-COUNT-1", "CRD-ODDS-1", "CRD-ODDS-2")
        yield StepOutcome(index, "lay", view, tuple(log.clauses), tuple(narrate_layout(view)) if narrating() else ())


# -- odds: exact odds of one track composition -------------------------------------------------

def composition_of(setup: dict[str, Any]) -> dict[str, int]:
    if "track" in setup:
        lay = parse_lay({"track": setup["track"]}, "setup", need_deck=False)
        return track_counts(lay.track)
    counts = setup.get("track_counts")
    if not isinstance(counts, dict) or set(counts) != set(SUITS):
        raise InputError("setup.track_counts", "give the track cards per suit: {S: n, H: n, D: n, C: n}")
    for suit in SUITS:
        if not is_count(counts[suit]) or not 0 <= counts[suit] <= TRACK_LENGTH:
            raise InputError(f"setup.track_counts.{suit}", f"{shown(counts[suit])}: a count from 0 to 7")
    if sum(counts.values()) != TRACK_LENGTH:
        raise InputError("setup.track_counts", f"the counts add up to {sum(counts.values())}; the track has "
                         f"{TRACK_LENGTH} cards", "CRD-TRACK-2")
    return {suit: counts[suit] for suit in SUITS}


def replay_odds(case: CaseInput, options: Options) -> Iterator[StepOutcome]:
    counts = composition_of(case.setup)
    for index, step in enumerate(case.steps):
        if step_action(step, index, need_deck=False) is not None:
            raise InputError(f"steps[{index}]", "an odds case has only checks (steps with 'expect')")
        log = StepLog()
        log.rule("CRD-TRACK-4", "CRD-COUNT-1")
        view = odds_view(counts, options.odds)
        # a re-laid track has no race: no prices are posted (CRD-TRACK-4); else they are (CRD-ODDS-1/2)
        log.rule(*(("CRD-TRACK-5",) if view["must_relay"] else ("CRD-ODDS-1", "CRD-ODDS-2")))
        yield StepOutcome(index, None, view, tuple(log.clauses), tuple(narrate_odds(view)) if narrating() else ())
