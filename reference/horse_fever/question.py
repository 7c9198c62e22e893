"""The short form of a Horse Fever round for `horserace ruling` (reference/core/question.py).

A `round` position gives every value of the game at the start of a round. Most disputes turn on a
few of them (a player's VP and Danari, who is first), so in a question these may be left out and
are filled in, each named in the ruling: `odds` (white 1:7, blue 1:6, yellow 1:5, black 1:4,
red 1:3, green 1:2: the six stable tokens laid in colour order from 1:7 up, HF-SETUP-7),
`owners` (seat N owns the N-th colour in that order: one stable each, HF-CHAR-1) and
`first_player` (seat 0).
"""

from __future__ import annotations

from typing import Any

from reference.core.question import Expanded

from .rules.components import COLOURS

DEFAULT_ODDS = dict(zip(COLOURS, (7, 6, 5, 4, 3, 2)))


def expand(data: dict[str, Any]) -> Expanded:
    setup = data.get("setup")
    players = setup.get("players") if isinstance(setup, dict) else None
    if data.get("kind") != "round" or type(players) is not int or not 2 <= players <= len(COLOURS):
        return Expanded(data)
    full, assumed = dict(setup), []
    if "odds" not in full:
        full["odds"] = dict(DEFAULT_ODDS)
        assumed.append("odds: " + ", ".join(f"{c} 1:{n}" for c, n in DEFAULT_ODDS.items())
                       + " (the tokens laid in colour order from 1:7 up)")
    if "owners" not in full:
        full["owners"] = {colour: seat for seat, colour in enumerate(COLOURS[:players])}
        assumed.append("owners: " + ", ".join(f"seat {s} {c}" for c, s in full["owners"].items())
                       + " (one stable each)")
    if "first_player" not in full:
        full["first_player"] = 0
        assumed.append("first_player: 0")
    return Expanded({**data, "setup": full}, assumed)
