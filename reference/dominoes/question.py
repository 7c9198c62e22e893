"""The short position form of a domino round for `horserace ruling` (reference/core/question.py).

A position needs the whole set across layout, hands and draw pile (DOM-SET-1). A referee knows
the layout, the hands and, when a draw is disputed, the tiles drawn. So in a question the
position may give

    draw: ["5|5", "2|6"]    the tiles that will be drawn, top first (instead of draw_pile)

and the draw pile is those tiles, then every tile that is in no hand and not on the table, in a
fixed order. The ruling stops, saying so, if play draws more tiles than were given. (An empty
pile is `draw_pile: []`, with every other tile in a hand.) A step may be an action's text alone
("place 5|5 at 3|5 high", "draw", "pass"): it is read as the scenario form of that action.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from reference.core.errors import InputError
from reference.core.question import Expanded, Supply

from .actions import parse_action
from .position import tile_list
from .rules.moves import Place
from .rules.tiles import DOUBLE_SIX_SET, tile_str


VERBS = ("draw", "pass", "stop", "settle")


def step_form(step: Any) -> Any:
    """"place 5|5 at 3|5 high" -> {place: 5|5, at: 3|5 high}; "draw" -> {draw: null}; anything else
    is left for the schema and the engine to judge."""
    if not isinstance(step, str):
        return step
    words = step.split()
    if len(words) == 1 and words[0] in VERBS:
        return {words[0]: None}
    if len(words) == 2 and words[0] == "place":
        return {"place": words[1]}
    if len(words) == 5 and words[0] == "place" and words[2] == "at":
        return {"place": words[1], "at": f"{words[3]} {words[4]}"}
    return step


def expand(data: dict[str, Any]) -> Expanded:
    if isinstance(data.get("steps"), list):
        data = {**data, "steps": [step_form(step) for step in data["steps"]]}
    setup = data.get("setup")
    position = setup.get("position") if isinstance(setup, dict) else None
    if not isinstance(position, dict) or "draw" not in position:
        return Expanded(data)
    where = "setup.position"
    if "draw_pile" in position:
        raise InputError(f"{where}.draw", "give either the tiles to draw (draw) or the whole pile (draw_pile), "
                         "not both")
    coming = tile_list(position["draw"], f"{where}.draw")
    seen = list(coming)
    for index, text in enumerate(position.get("layout") or []):
        action = parse_action(text, f"{where}.layout[{index}]")
        if isinstance(action, Place):
            seen.append(action.tile)
    for seat, hand in enumerate(position.get("hands") or []):
        seen += tile_list(hand, f"{where}.hands[{seat}]")
    rest = [t for t in DOUBLE_SIX_SET if t not in seen]
    full = {key: value for key, value in position.items() if key != "draw"}
    full["draw_pile"] = [tile_str(t) for t in coming + rest]
    assumed = [f"the draw pile: the {len(coming)} tile(s) given to draw, then the other {len(rest)} tiles in no "
               "hand and not on the table, in a fixed order; the ruling stops if play draws more than the "
               "tiles given"]

    def used(observations: Sequence[Mapping[str, Any]]) -> int:
        return sum(1 for o in observations for e in o.get("events") or () if isinstance(e, dict)
                   and e.get("type") == "drew")

    return Expanded({**data, "setup": {**setup, "position": full}}, assumed,
                    Supply(len(coming), "tiles to draw", f"{where}.draw", used))
