"""Reading the text form of tiles, attachment points and actions (scenarios, traces, protocol).

    1|4, [4|1]                 a tile; the halves in either order
    4|4 line_b                 an attachment point: a tile and one of its sides
    place 3|4 at 4|4 line_b    an action (see rules/moves.py for the four kinds)

Anything else is an InputError naming the field; the text is echoed only in part, so a
huge input never makes a huge message.
"""

from __future__ import annotations

import re

from reference.core.errors import InputError

from .rules.layout import POINTS, SIDE_ORDER, Point
from .rules.moves import Action, Draw, Pass, Place, Stop, action_sort_key
from .rules.tiles import DOUBLE_SIX_SET, MAX_PIPS, Tile

__all__ = ["Action", "Draw", "Pass", "Place", "Stop", "action_sort_key",
           "parse_tile", "parse_point", "parse_action"]

MAX_TEXT = 200              # longest tile, point or action text read at all
ECHO = 40                   # characters of a bad input repeated in a message
# ASCII digits only: str.isdigit and \d also accept '١' or '²', which are not pips.
_TILE_TEXT = re.compile(r"\[?\s*([0-9]+)\s*\|\s*([0-9]+)\s*\]?", re.ASCII)


def shown(text: object) -> str:
    """The start of a bad input, for a message (never the whole of a huge one)."""
    if type(text) is int and text.bit_length() <= 64:
        return repr(text)
    if not isinstance(text, str):
        return f"a {type(text).__name__}"
    return repr(text[:ECHO] + ("..." if len(text) > ECHO else ""))


def _bounded_text(text: object, field: str, what: str) -> str:
    if not isinstance(text, str):
        raise InputError(field, f"{shown(text)} is not {what}; write it as text")
    if len(text) > MAX_TEXT:
        raise InputError(field, f"{shown(text)} is too long for {what} ({len(text)} characters; "
                         f"at most {MAX_TEXT})")
    return text


# The usual spellings of every tile ('1|4' and '4|1'), looked up before any parsing.
TILE_SPELLINGS: dict[str, Tile] = {f"{a}|{b}": tile for tile in DOUBLE_SIX_SET
                                   for a, b in (tile, tile[::-1])}
# The usual spelling of every attachment point ('4|4 line_b').
POINT_SPELLINGS: dict[str, Point] = {str(point): point for point in POINTS.values()}
# The actions with no argument.
BARE_ACTIONS: dict[str, Action] = {"draw": Draw(), "pass": Pass(), "stop": Stop()}


def parse_tile(text: object, field: str) -> Tile:
    """'4|1', '[1|4]' -> (1, 4). Anything that is not a double-six tile is an InputError."""
    if type(text) is str:
        tile = TILE_SPELLINGS.get(text)
        if tile is not None:
            return tile
    if isinstance(text, str) and len(text) > MAX_TEXT:
        raise InputError(field, f"{shown(text)} is too long for a tile ({len(text)} characters)", "DOM-SET-1")
    match = _TILE_TEXT.fullmatch(text.strip()) if isinstance(text, str) and len(text) <= MAX_TEXT else None
    if not match:
        raise InputError(field, f"{shown(text)} is not a tile; write it as low|high, e.g. 1|4",
                         "DOM-SET-1")
    halves = match.group(1), match.group(2)
    # Compare digit strings before converting: '0' * 5000 + '7' must not reach int().
    if any(len(h.lstrip("0")) > 1 or int(h) > MAX_PIPS for h in halves):
        raise InputError(field, f"{shown(text)} is not in the double-six set (halves run from 0 to 6)",
                         "DOM-SET-1")
    a, b = int(halves[0]), int(halves[1])
    return (min(a, b), max(a, b))


def parse_point(text: object, field: str) -> Point:
    """'4|4 line_b' -> Point((4, 4), 'line_b')."""
    if type(text) is str:
        point = POINT_SPELLINGS.get(text)
        if point is not None:
            return point
    parts = _bounded_text(text, field, "an attachment point").split()
    if len(parts) != 2:
        raise InputError(field, f"{shown(text)} is not an attachment point; write it as "
                         "'TILE SIDE', e.g. '4|4 line_b'")
    tile = parse_tile(parts[0], field)
    side = parts[1].lower()
    if side not in SIDE_ORDER:
        raise InputError(field, f"unknown side {shown(parts[1])}; sides are " + ", ".join(SIDE_ORDER))
    return Point(tile, side)


def parse_action(text: object, field: str) -> Action:
    words = _bounded_text(text, field, "an action").split()
    if not words:
        raise InputError(field, "empty action")
    verb = words[0].lower()
    if verb == "place" and len(words) == 2:
        return Place(parse_tile(words[1], field))
    if verb == "place" and len(words) == 5 and words[2] == "at":
        return Place(parse_tile(words[1], field), parse_point(" ".join(words[3:]), field))
    if len(words) == 1 and verb in BARE_ACTIONS:
        return BARE_ACTIONS[verb]
    raise InputError(field, f"{shown(text)} is not an action; actions are 'place T', 'place T at T SIDE', "
                     "'draw', 'pass' and 'stop'")
