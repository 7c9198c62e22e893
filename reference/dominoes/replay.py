"""Replaying domino inputs of the three kinds: layout, settlement and match.

Steps come in scenario form ({'place': '3|4', 'at': '4|4 line_b'}, {'draw': None},
{'deal': {...}}, {'settle': None}, or only {'expect': ...}) or in protocol form
({'action': 'place 3|4 at 4|4 line_b'}, {'action': 'deal', 'deal': {...}}, {'action': 'observe'}).
Every rule check happens before the state changes, so a refused action leaves it as it was.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from reference.core.errors import IllegalAction, InputError
from reference.core.game import CaseInput, StepOutcome, may_refuse, refused
from reference.core.log import StepLog
from reference.core.options import watched
from reference.core.replay_context import narrating

from .actions import Action, Draw, Pass, Place, Stop, parse_action, parse_point, parse_tile, shown
from .narrate import narrate_layout_step, narrate_match_step, narrate_settlement
from .observe import event_fields, layout_view, match_view
from .options import parse_options
from .perft import perft_and_divide
from .position import position_match
from .rules import match as match_rules
from .rules import points
from .rules.deal import check_distinct, deal_round, new_match
from .rules.layout import Layout, placement_decisions
from .rules.seating import INDIVIDUAL
from .rules.state import AWAITING_DEAL, RoundState
from .rules.tiles import tile_str
from .rules.turns import play

ACTION_KEYS = ("place", "draw", "pass", "stop", "deal", "settle", "perft")
VERBS = {Place: "place", Draw: "draw", Pass: "pass", Stop: "stop"}
OBSERVE = "observe"


def replay(case: CaseInput) -> Iterator[StepOutcome]:
    mapping(case.setup, "setup")
    listed(case.steps, "steps")
    options = watched(parse_options(case.options))      # read-tracked while vectors derive flags
    if case.kind == "layout":
        yield from replay_layout(case)
    elif case.kind == "settlement":
        yield from replay_settlement(case)
    elif case.kind in ("match", "probe"):
        yield from replay_match(case, options)
    elif case.kind == "perft":
        yield from replay_perft(case, options)
    else:
        raise InputError("kind", f"unknown domino kind '{case.kind}'; kinds are layout, settlement, match, probe, perft")


# -- reading steps ----------------------------------------------------------------------------

MAX_ITEMS = 1000          # longest list an input may give (steps, placements, hands, tiles)


def mapping(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InputError(field, f"expected a mapping, found {shown(value)}")
    return value


def listed(value: Any, field: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise InputError(field, f"expected a list, found {shown(value)}")
    if len(value) > MAX_ITEMS:
        raise InputError(field, f"{len(value)} items; at most {MAX_ITEMS}")
    return list(value)


def required(setup: Mapping[str, Any], key: str, field: str) -> Any:
    if key not in setup:
        raise InputError(f"{field}.{key}", "missing")
    return setup[key]


def step_action(step: dict[str, Any], index: int) -> tuple[str | None, Action | None]:
    """(verb, action) of a step in either form; verb is None for a pure check."""
    field = f"steps[{index}]"
    mapping(step, field)
    if "action" in step:
        text = step["action"]
        if text in ("deal", "settle", "perft"):
            return text, None
        if text == OBSERVE or text is None:
            return None, None
        action = parse_action(text, f"{field}.action")
        return VERBS[type(action)], action
    keys = [k for k in ACTION_KEYS if k in step]
    if len(keys) > 1:
        raise InputError(field, "one action per step; found " + ", ".join(keys))
    if not keys:
        return None, None
    verb = keys[0]
    if verb == "place":
        tile = parse_tile(step["place"], f"{field}.place")
        at = parse_point(step["at"], f"{field}.at") if step.get("at") is not None else None
        return verb, Place(tile, at)
    return verb, {"draw": Draw(), "pass": Pass(), "stop": Stop()}.get(verb)


def compile_step(step: dict[str, Any]) -> dict[str, Any]:
    """Scenario form -> protocol form."""
    verb, action = step_action(step, 0)
    if verb is None:
        return {"action": OBSERVE}
    if verb == "deal":
        return {"action": "deal", "deal": normalize_deal(step["deal"])}
    if verb == "settle":
        return {"action": "settle"}
    if verb == "perft":
        return {"action": "perft", "depth": perft_depth(step, 0)}
    return {"action": str(action)}


def perft_depth(step: dict[str, Any], index: int) -> int:
    depth = step.get("depth", step.get("perft"))
    if type(depth) is not int or not 1 <= depth <= 8:
        raise InputError(f"steps[{index}].perft", f"{shown(depth)}: a perft depth is a whole number from 1 to 8")
    return depth


def normalize_deal(deal: dict[str, Any]) -> dict[str, Any]:
    out = {"hands": [[tile_str(parse_tile(t, "deal")) for t in h] for h in deal["hands"]],
           "draw_pile": [tile_str(parse_tile(t, "deal")) for t in deal["draw_pile"]]}
    if deal.get("opener") is not None:
        out["opener"] = deal["opener"]
    return out


def parse_tiles(values: Any, field: str) -> list:
    if not isinstance(values, list):
        raise InputError(field, "expected a list of tiles")
    listed(values, field)
    return [parse_tile(v, f"{field}[{i}]") for i, v in enumerate(values)]




# -- layout: placements only, no players ------------------------------------------------------

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


def replay_layout(case: CaseInput) -> Iterator[StepOutcome]:
    layout = case.start if case.start is not None else \
        build_layout(listed(case.setup.get("layout", []), "setup.layout"), "setup.layout")
    for index, step in enumerate(case.steps):
        field = f"steps[{index}]"
        verb, action = step_action(step, index)
        log = StepLog()
        if verb is None:
            view = layout_view(layout)
            action_text = None
        elif verb != "place":
            raise InputError(field, "a layout case has only 'place' steps")
        else:
            action_text = str(action)
            try:
                apply_layout_placement(layout, action, field)
            except IllegalAction as exc:
                if not may_refuse(case, step):
                    raise
                yield refused(index, action_text, exc)
                continue
            view = layout_view(layout)
            placement = points.placement_points(view["end_sum"])
            view["points"] = {"raw": placement.raw, "displayed": placement.displayed}
            log.rule(*placement_decisions(layout, action.tile), *points.placement_decisions(placement))
            if len(layout.placed) == 1:
                log.rule("DOM-OPEN-3", "DOM-OPEN-4", "DOM-PTS-4")
        yield StepOutcome(index, action_text, view, tuple(log.clauses),
                          narrate_layout_step(layout, view, action_text) if narrating() else (), layout)


# -- settlement: given remaining hands, settle the round -------------------------------------

def replay_settlement(case: CaseInput) -> Iterator[StepOutcome]:
    setup = case.setup
    match = new_match(required(setup, "players", "setup"), setup.get("mode", INDIVIDUAL), setup.get("scores"),
                      field="setup")
    hands = [parse_tiles(h, f"setup.hands[{i}]")
             for i, h in enumerate(listed(required(setup, "hands", "setup"), "setup.hands"))]
    if len(hands) != match.seating.players:
        raise InputError("setup.hands", f"{len(hands)} hands for {match.seating.players} players")
    check_distinct(hands, "setup", ["hands"] * len(hands))
    for index, step in enumerate(case.steps):
        verb, _ = step_action(step, index)
        log = StepLog()
        if verb == "settle":
            settle_given_hands(match, hands, setup, index, log)
        elif verb is not None:
            raise InputError(f"steps[{index}]", "a settlement case has only 'settle' steps")
        view = {"events": log.events, "scores": list(match.scores), "match_winners": match.winners,
                "next_opener": match.next_opener, "settlement": event_fields(log, "settlement")}
        yield StepOutcome(index, "settle" if verb else None, view, tuple(log.clauses),
                          tuple(narrate_settlement(match, log)) if narrating() else ())


def settle_given_hands(match, hands, setup, index, log) -> None:
    """Settle a round that ended with these remaining hands, by the match's own path
    (rules.match.end_round_by_domino / end_round_blocked)."""
    if match.phase != AWAITING_DEAL or match.winners or log.events:
        raise InputError(f"steps[{index}]", "the round is already settled")
    end = setup.get("end")
    if end not in ("domino", "blocked"):
        raise InputError("setup.end", f"{shown(end)}: a round ends by 'domino' or 'blocked'")
    match.round = RoundState(hands=hands, draw_pile=[], opener=0)
    if end == "domino":
        seat = setup.get("last_player")
        if type(seat) is not int or not 0 <= seat < match.seating.players:
            raise InputError("setup.last_player", f"{shown(seat)} is not a seat")
        if hands[seat]:
            raise InputError(f"setup.hands[{seat}]", "the player who played the last tile holds no "
                             "tiles; leave this hand empty", "DOM-END-1")
        match_rules.end_round_by_domino(match, seat, log)
    else:
        for seat, hand in enumerate(hands):
            if not hand:
                raise InputError(f"setup.hands[{seat}]", "in a blocked round every hand still holds "
                                 "tiles (an empty hand would have won by domino)", "DOM-BLOCK-1")
        match_rules.end_round_blocked(match, log)


# -- match: the full rules ------------------------------------------------------------------------

def parse_deal(payload: Any, field: str) -> tuple[list, list, int | None]:
    if not isinstance(payload, dict):
        raise InputError(field, "a deal gives hands, draw_pile and (when drawn) opener")
    hands = [parse_tiles(h, f"{field}.hands[{i}]")
             for i, h in enumerate(listed(payload.get("hands", []), f"{field}.hands"))]
    pile = parse_tiles(payload.get("draw_pile", []), f"{field}.draw_pile")
    return hands, pile, payload.get("opener")


def start_match(setup: dict[str, Any], options):
    if "position" in setup:
        return position_match(setup, options)
    match = new_match(required(setup, "players", "setup"), setup.get("mode", INDIVIDUAL), setup.get("scores"),
                      options, field="setup")
    hands, pile, opener = parse_deal(required(setup, "deal", "setup"), "setup.deal")
    deal_round(match, hands, pile, opener, StepLog(), field="setup.deal")
    return match


def replay_match(case: CaseInput, options) -> Iterator[StepOutcome]:
    match = case.start if case.start is not None else start_match(case.setup, options)
    for index, step in enumerate(case.steps):
        field = f"steps[{index}]"
        verb, action = step_action(step, index)
        log = StepLog()
        action_text = str(action) if action else verb
        try:
            if verb == "deal":
                hands, pile, opener = parse_deal(step.get("deal"), f"{field}.deal")
                deal_round(match, hands, pile, opener, log, field=f"{field}.deal")
            elif verb == "settle":
                raise InputError(field, "a match settles its rounds by itself")
            elif verb is not None:
                check_seat(match, step, field)
                play(match, action, log, field)
        except IllegalAction as exc:
            if not may_refuse(case, step):
                raise
            yield refused(index, action_text, exc)
            continue
        except InputError as exc:
            if verb != "deal" or not may_refuse(case, step):
                raise
            yield refused(index, action_text, exc)
            continue
        yield StepOutcome(index, action_text, match_view(match, log), tuple(log.clauses),
                          narrate_match_step(match, log, action_text) if narrating() else (), match)


def check_seat(match, step: dict[str, Any], field: str) -> None:
    """A step may name its player ('by'); acting out of turn is refused (DOM-TURN-1)."""
    by = step.get("by")
    if "by" in step and match.to_play is not None and (type(by) is not int or by != match.to_play):
        raise IllegalAction(f"{field}.by", f"it is seat {match.to_play}'s turn, not seat {shown(by)}'s",
                            "DOM-TURN-1")


# -- perft: counting legal action sequences from a position ----------------------------------

def replay_perft(case: CaseInput, options) -> Iterator[StepOutcome]:
    match = start_match(case.setup, options)
    for index, text in enumerate(listed(case.setup.get("moves", []), "setup.moves")):
        field = f"setup.moves[{index}]"
        play(match, parse_action(text, field), StepLog(), field)
    for index, step in enumerate(case.steps):
        verb, _ = step_action(step, index)
        if verb != "perft":
            raise InputError(f"steps[{index}]", "a perft case has only 'perft' steps")
        depth = perft_depth(step, index)
        counts, divided = perft_and_divide(match, depth)
        view = {"perft": counts, "divide": divided}
        yield StepOutcome(index, f"perft {depth}", view, ("DOM-DRAW-1", "DOM-DRAW-2", "DOM-PASS-1"),
                          (f"perft {depth}", f"  nodes by depth: {counts}")
                          + tuple(f"  {a}: {n}" for a, n in view["divide"].items()))
