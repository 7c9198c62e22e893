"""Actions and their one-line text form, shared by scenarios, vectors and the runner protocol.

    deal                      the first player deals (payload: deal: {hands: [[c, c], ...]})
    bet red win 500           a first or second bet: horse, side, stake in Danari
    pass                      no second bet
    play 15 on red            an action card face down on a horse
    reveal                    the action cards are turned face up (before-race effects)
    race                      a race round (payload: race: {card, dice, photo})
    payouts                   the bank settles the bets and pays the stable owners
    new_odds                  the stable tokens move
    end_round                 the round ends (payload on the last round: tie_break: seat)

Any action may end in `by SEAT`, the seat that claims to act (`bet red win 500 by 2`), as in the
card game; acting out of turn is refused. A scenario step may write it as `by: 2` instead.
"""

from __future__ import annotations

import re
from typing import Any

from reference.core.errors import InputError

from .rules.actions import (Action, Deal, EndRound, NewOdds, Pass, Payouts, PlaceBet, PlayCard, RaceRound,
                            Reveal)
from .rules.components import is_whole_number, parse_action_card, parse_colour, shorten

__all__ = ["Action", "Deal", "EndRound", "NewOdds", "Pass", "Payouts", "PlaceBet", "PlayCard", "RaceRound",
           "Reveal", "claimed_seat", "parse_action_text", "parse_scenario_step", "protocol_form", "split_by",
           "step_action", "with_by"]


SIMPLE = {"pass": Pass, "reveal": Reveal, "payouts": Payouts, "new_odds": NewOdds}
PAYLOAD_VERBS = ("deal", "race", "end_round")
VERBS = ("deal", "bet", "pass", "play", "reveal", "race", "payouts", "new_odds", "end_round")


MAX_ACTION_TEXT = 200            # characters of an action's text form
NUMBER = re.compile(r"-?[0-9]{1,30}")   # ASCII digits only: other scripts' digits are not numbers here


def parse_amount(text: str, field: str) -> Any:
    if not NUMBER.fullmatch(text):
        raise InputError(field, f"{shorten(text)} is not a stake; write a whole number of Danari", "HF-BET-3")
    return int(text)


def check_action_text(text: Any, field: str) -> str:
    if text is not None and not isinstance(text, str):
        raise InputError(f"{field}.action", f"{shorten(text)} is not an action; an action is text, e.g. 'pass'")
    if text is not None and len(text) > MAX_ACTION_TEXT:
        raise InputError(f"{field}.action", f"an action of {len(text)} characters; none is longer than "
                         f"{MAX_ACTION_TEXT}")
    return text or ""


def split_by(text: Any, field: str) -> tuple[str, int | None]:
    """'bet red win 500 by 2' -> ('bet red win 500', 2); without `by SEAT` the seat is None."""
    words = check_action_text(text, field).split()
    if "by" not in words:
        return " ".join(words), None
    if len(words) < 3 or words[-2] != "by" or words.count("by") > 1:
        raise InputError(f"{field}.action", f"{shorten(text)}: one 'by SEAT' at the end, e.g. 'bet red win 500 by 2'")
    if not NUMBER.fullmatch(words[-1]) or words[-1].startswith("-"):
        raise InputError(f"{field}.action", f"{shorten(words[-1])} is not a seat; seats are whole numbers from 0")
    return " ".join(words[:-2]), int(words[-1])


def claimed_seat(step: dict[str, Any], field: str) -> int | None:
    """The seat a step says is acting: `by SEAT` at the end of its action text, or a scenario
    step's `by:`. The protocol has one form, the text; a separate field beside it is refused."""
    if "action" in step:
        if "by" in step:
            raise InputError(f"{field}.by", "write the acting seat at the end of the action, e.g. "
                             "'bet red win 500 by 2', not as a separate field")
        return split_by(step["action"], field)[1] if step["action"] not in ("observe", None) else None
    if "by" not in step:
        return None
    if not is_whole_number(step["by"]):
        raise InputError(f"{field}.by", f"{shorten(step['by'])} is not a seat; seats are whole numbers from 0")
    return step["by"]


def with_by(text: str, seat: int | None) -> str:
    return text if seat is None else f"{text} by {seat}"


def parse_action_text(text: Any, step: dict[str, Any], field: str) -> Action:
    """Protocol form: {'action': 'bet red win 500'}, {'action': 'race', 'race': {...}}; a
    trailing `by SEAT` is the claimed seat (see claimed_seat) and no part of the action."""
    text, _ = split_by(text, field)
    words = text.split()
    if not words:
        raise InputError(f"{field}.action", "empty action")
    verb = words[0]
    if verb == "bet" and len(words) == 4:
        return PlaceBet(parse_colour(words[1], f"{field}.action"), words[2], parse_amount(words[3], f"{field}.action"))
    if verb == "play" and len(words) == 4 and words[2] == "on":
        card = parse_amount(words[1], f"{field}.action") if NUMBER.fullmatch(words[1]) else words[1]
        return PlayCard(parse_action_card(card, f"{field}.action"), parse_colour(words[3], f"{field}.action"))
    if len(words) == 1 and verb in SIMPLE:
        return SIMPLE[verb]()
    if len(words) == 1 and verb == "deal":
        return Deal(payload(step, "deal", field))
    if len(words) == 1 and verb == "race":
        race = payload(step, "race", field)
        return RaceRound(race.get("card"), race.get("dice"), race.get("photo"))
    if len(words) == 1 and verb == "end_round":
        return EndRound(step.get("tie_break"))
    raise InputError(f"{field}.action", f"'{text}' is not an action; actions are 'deal', 'bet COLOUR win|show "
                     "AMOUNT', 'pass', 'play CARD on COLOUR', 'reveal', 'race', 'payouts', 'new_odds' and 'end_round'")


def payload(step: dict[str, Any], key: str, field: str) -> dict[str, Any]:
    value = step.get(key)
    if not isinstance(value, dict):
        raise InputError(f"{field}.{key}", f"'{key}' needs its payload, e.g. {key}: {{...}}")
    return value


def parse_scenario_step(step: dict[str, Any], field: str) -> Action | None:
    """Scenario form: {'bet': 'red', 'side': 'win', 'amount': 500}, {'play': 15, 'horse': 'red'},
    {'race': {...}}, {'deal': {...}}, {'pass': None}, ... None for a pure check."""
    verbs = [v for v in VERBS if v in step]
    if len(verbs) > 1:
        raise InputError(field, "one action per step; found " + ", ".join(verbs))
    if not verbs:
        return None
    verb = verbs[0]
    if verb == "bet":
        return PlaceBet(parse_colour(step["bet"], f"{field}.bet"), step.get("side"), step.get("amount"))
    if verb == "play":
        if "horse" not in step:
            raise InputError(f"{field}.horse", "name the horse the card is played on, e.g. 'horse: red'", "HF-RIG-3")
        return PlayCard(parse_action_card(step["play"], f"{field}.play"), parse_colour(step["horse"], f"{field}.horse"))
    if verb == "deal":
        return Deal(payload(step, "deal", field))
    if verb == "race":
        race = payload(step, "race", field)
        return RaceRound(race.get("card"), race.get("dice"), race.get("photo"))
    if verb == "end_round":
        return EndRound(step.get("tie_break"))
    return SIMPLE[verb]()


def step_action(step: dict[str, Any], index: int) -> Action | None:
    field = f"steps[{index}]"
    if "action" in step:
        if step["action"] in ("observe", None):
            return None
        return parse_action_text(step["action"], step, field)
    return parse_scenario_step(step, field)


def protocol_form(action: Action | None) -> dict[str, Any]:
    """Any action -> {'action': text, ...payload}."""
    if action is None:
        return {"action": "observe"}
    out: dict[str, Any] = {"action": str(action)}
    if isinstance(action, Deal):
        out["deal"] = action.deal
    elif isinstance(action, RaceRound):
        out["race"] = action.payload()
    elif isinstance(action, EndRound) and action.tie_break is not None:
        out["tie_break"] = action.tie_break
    return out
