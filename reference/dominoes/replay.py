"""Replaying domino scenarios of the three kinds: layout, settlement and match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from reference.core.errors import IllegalAction, InputError
from reference.core.game import StepOutcome
from reference.core.log import StepLog

from .actions import Draw, Pass, Place, Stop, parse_action, parse_point
from .layout import Layout
from .match import check_distinct, deal_round, new_match, apply_settlement
from .narrate import narrate_layout_step, narrate_match_step, narrate_settlement
from .observe import layout_view, match_view
from .options import parse_options
from .scoring import placement_points
from .seating import INDIVIDUAL
from .settlement import settle_blocked_round, settle_domino_round
from .state import AWAITING_DEAL
from .tiles import parse_tile
from .turns import play

if TYPE_CHECKING:  # pragma: no cover
    from reference.core.scenario import Scenario

ACTION_KEYS = ("place", "draw", "pass", "stop", "deal", "settle")


def replay(scenario: "Scenario") -> Iterator[StepOutcome]:
    options = parse_options(scenario.options)
    if scenario.kind == "layout":
        yield from replay_layout(scenario)
    elif scenario.kind == "settlement":
        yield from replay_settlement(scenario)
    elif scenario.kind == "match":
        yield from replay_match(scenario, options)
    else:  # the schema admits only the three kinds
        raise InputError("kind", f"unknown domino scenario kind '{scenario.kind}'")


def step_action_key(step: dict[str, Any], index: int) -> str | None:
    keys = [k for k in ACTION_KEYS if k in step]
    if len(keys) > 1:
        raise InputError(f"steps[{index}]", "one action per step; found " + ", ".join(keys))
    return keys[0] if keys else None


def parse_tiles(values: Any, field: str) -> list:
    if not isinstance(values, list):
        raise InputError(field, "expected a list of tiles")
    return [parse_tile(v, f"{field}[{i}]") for i, v in enumerate(values)]


def parse_place(step: dict[str, Any], field: str) -> Place:
    tile = parse_tile(step["place"], f"{field}.place")
    at = parse_point(step["at"], f"{field}.at") if step.get("at") is not None else None
    return Place(tile, at)


def expects_error(step: dict[str, Any]) -> bool:
    return "error" in (step.get("expect") or {})


def refused(index: int, action_text: str, exc: InputError) -> StepOutcome:
    """A step whose action the rules refuse (the scenario expects it); the state is unchanged."""
    return StepOutcome(index, action_text, {"error": exc.clause}, (exc.clause,) if exc.clause else (),
                       (action_text, f"  refused under {exc.clause}: {exc.message}"))


# -- layout scenarios: placements only, no players ------------------------------------------

def build_layout(placements: list[Any], field: str) -> Layout:
    layout = Layout()
    for index, text in enumerate(placements):
        action = parse_action(text, f"{field}[{index}]")
        if not isinstance(action, Place):
            raise InputError(f"{field}[{index}]", "a given layout lists placements only")
        apply_layout_placement(layout, action, f"{field}[{index}]")
    return layout


def apply_layout_placement(layout: Layout, action: Place, field: str) -> None:
    if layout.is_empty():
        if action.at is not None:
            raise IllegalAction(f"{field}.at", "the layout is empty: the first tile opens it", "DOM-OPEN-3")
        layout.open_with(action.tile, f"{field}.place")
    elif action.at is None:
        raise IllegalAction(f"{field}.at", "name the attachment point, e.g. 'at: 4|4 line_b'", "DOM-PLACE-1")
    else:
        layout.attach(action.tile, action.at, f"{field}.at", f"{field}.place")


def replay_layout(scenario: "Scenario") -> Iterator[StepOutcome]:
    layout = build_layout(scenario.setup.get("layout", []), "setup.layout")
    for index, step in enumerate(scenario.steps):
        field = f"steps[{index}]"
        key = step_action_key(step, index)
        log = StepLog()
        view: dict[str, Any]
        if key is None:
            view = layout_view(layout)
            action_text = None
        elif key != "place":
            raise InputError(f"{field}.{key}", "a layout scenario has only 'place' steps")
        else:
            action = parse_place(step, field)
            action_text = str(action)
            try:
                # Copy only when the step expects a refusal, so the layout survives it.
                trial = layout.copy() if expects_error(step) else layout
                apply_layout_placement(trial, action, field)
            except IllegalAction as exc:
                if not expects_error(step):
                    raise
                yield refused(index, action_text, exc)
                continue
            layout = trial
            view = layout_view(layout)
            points = placement_points(view["end_sum"])
            view["points"] = {"raw": points.raw, "displayed": points.displayed}
            log.rule("DOM-PLACE-1", "DOM-COUNT-1", "DOM-COUNT-2", "DOM-COUNT-3", "DOM-PTS-1",
                     "DOM-PTS-2" if points.raw else "DOM-PTS-3")
        yield StepOutcome(index, action_text, view, tuple(log.clauses),
                          tuple(narrate_layout_step(layout, view, action_text)))


# -- settlement scenarios: given remaining hands, settle the round -------------------------

def replay_settlement(scenario: "Scenario") -> Iterator[StepOutcome]:
    setup = scenario.setup
    match = new_match(setup["players"], setup.get("mode", INDIVIDUAL), setup.get("scores"),
                      field="setup")
    hands = [parse_tiles(h, f"setup.hands[{i}]") for i, h in enumerate(setup["hands"])]
    if len(hands) != match.seating.players:
        raise InputError("setup.hands", f"{len(hands)} hands for {match.seating.players} players")
    check_distinct(hands, "setup", ["hands"] * len(hands))
    end = setup["end"]
    for index, step in enumerate(scenario.steps):
        key = step_action_key(step, index)
        log = StepLog()
        if key == "settle":
            if match.phase != AWAITING_DEAL or match.winners:
                raise InputError(f"steps[{index}].settle", "the round is already settled")
            if end == "domino":
                seat = setup["last_player"]
                if not 0 <= seat < match.seating.players:
                    raise InputError("setup.last_player", f"{seat} is not a seat")
                if hands[seat]:
                    raise InputError(f"setup.hands[{seat}]", "the player who played the last tile holds no "
                                     "tiles; leave this hand empty", "DOM-END-1")
                log.event("round_won", "DOM-END-1", player=seat, side=match.seating.side_of(seat))
                settlement = settle_domino_round(match.seating, hands, seat)
                apply_settlement(match, settlement, next_opener=seat, log=log)
            else:
                for seat, hand in enumerate(hands):
                    if not hand:
                        raise InputError(f"setup.hands[{seat}]", "in a blocked round every hand still holds "
                                         "tiles (an empty hand would have won by domino)", "DOM-BLOCK-1")
                log.event("round_blocked", "DOM-BLOCK-1")
                settlement = settle_blocked_round(match.seating, hands)
                apply_settlement(match, settlement, next_opener=None, log=log)
            log.rule("DOM-SETTLE-1", "DOM-SETTLE-2", "DOM-SETTLE-3", "DOM-SETTLE-4")
        elif key is not None:
            raise InputError(f"steps[{index}].{key}", "a settlement scenario has only 'settle' steps")
        view = {"events": log.events, "scores": list(match.scores), "match_winners": match.winners,
                "next_opener": match.next_opener,
                "settlement": next(({k: v for k, v in e.items() if k != "type"} for e in log.events
                                    if e["type"] == "settlement"), None)}
        yield StepOutcome(index, "settle" if key else None, view, tuple(log.clauses),
                          tuple(narrate_settlement(match, log)))


# -- match scenarios: the full rules ---------------------------------------------------------

def parse_deal(payload: Any, field: str) -> tuple[list, list, int | None]:
    if not isinstance(payload, dict):
        raise InputError(field, "a deal gives hands, draw_pile and (when drawn) opener")
    hands = [parse_tiles(h, f"{field}.hands[{i}]") for i, h in enumerate(payload.get("hands", []))]
    pile = parse_tiles(payload.get("draw_pile", []), f"{field}.draw_pile")
    return hands, pile, payload.get("opener")


def replay_match(scenario: "Scenario", options) -> Iterator[StepOutcome]:
    setup = scenario.setup
    match = new_match(setup["players"], setup.get("mode", INDIVIDUAL), setup.get("scores"),
                      options, field="setup")
    hands, pile, opener = parse_deal(setup["deal"], "setup.deal")
    deal_round(match, hands, pile, opener, StepLog(), field="setup.deal")
    for index, step in enumerate(scenario.steps):
        field = f"steps[{index}]"
        key = step_action_key(step, index)
        log = StepLog()
        action_text = None
        if key == "deal":
            hands, pile, opener = parse_deal(step["deal"], f"{field}.deal")
            action_text = "deal"
            try:
                trial = match.copy() if expects_error(step) else match
                deal_round(trial, hands, pile, opener, log, field=f"{field}.deal")
            except InputError as exc:
                if not expects_error(step):
                    raise
                yield refused(index, action_text, exc)
                continue
            match = trial
        elif key is not None:
            if key == "settle":
                raise InputError(f"{field}.settle", "a match settles its rounds by itself")
            action = parse_place(step, field) if key == "place" else {
                "draw": Draw(), "pass": Pass(), "stop": Stop()}[key]
            action_text = str(action)
            if "by" in step and match.to_play is not None and step["by"] != match.to_play:
                raise IllegalAction(f"{field}.by", f"it is seat {match.to_play}'s turn, not seat {step['by']}'s",
                                    "DOM-TURN-1")
            try:
                trial = match.copy() if expects_error(step) else match
                play(trial, action, log, field)
            except IllegalAction as exc:
                if not expects_error(step):
                    raise
                yield refused(index, action_text, exc)
                continue
            match = trial
        view = match_view(match, log)
        yield StepOutcome(index, action_text, view, tuple(log.clauses),
                          tuple(narrate_match_step(match, log, action_text)))
