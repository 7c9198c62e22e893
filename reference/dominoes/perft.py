"""Perft for dominoes: the number of legal action sequences from a known position.

Counting rule (stated once, used everywhere):
  * perft(d) counts the sequences of exactly d legal actions from the position;
    perft(1) is the number of legal actions.
  * A draw is one action: the draw pile's order is known, so the tile drawn is fixed.
  * A round or match that has ended is terminal: it has no legal action (the next deal is a
    chance input and is not expanded), so a sequence that ends it early contributes nothing
    to greater depths.
  * Actions are those the options allow (twin points distinct or canonical, 'stop' when
    continuation is optional).
`divide(d)` splits perft(d) by the first action, to bisect a mismatch.
"""

from __future__ import annotations

from .playout import EventLog
from .rules.state import MatchState
from .rules.turns import legal_actions, play


def perft(match: MatchState, depth: int) -> int:
    if depth == 0:
        return 1
    actions = legal_actions(match)
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = match.copy()
        play(child, action, EventLog())
        total += perft(child, depth - 1)
    return total


def perft_by_depth(match: MatchState, depth: int) -> list[int]:
    return [perft(match, d) for d in range(1, depth + 1)]


def divide(match: MatchState, depth: int) -> dict[str, int]:
    out = {}
    for action in legal_actions(match):
        child = match.copy()
        play(child, action, EventLog())
        out[str(action)] = perft(child, depth - 1)
    return out
