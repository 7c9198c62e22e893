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

from .playout import UnkeptLog
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
        play(child, action, UnkeptLog())
        total += perft(child, depth - 1)
    return total


def perft_by_depth(match: MatchState, depth: int) -> list[int]:
    """[perft(1), ..., perft(depth)], in one walk of the tree: perft(d) is the number of
    legal actions summed over the positions d - 1 actions deep."""
    counts = [0] * depth
    count_by_depth(match, 0, counts)
    return counts


def count_by_depth(match: MatchState, ply: int, counts: list[int]) -> None:
    actions = legal_actions(match)
    counts[ply] += len(actions)
    if ply + 1 == len(counts):
        return
    for action in actions:
        child = match.copy()
        play(child, action, UnkeptLog())
        count_by_depth(child, ply + 1, counts)


def divide(match: MatchState, depth: int) -> dict[str, int]:
    return perft_and_divide(match, depth)[1]


def perft_and_divide(match: MatchState, depth: int) -> tuple[list[int], dict[str, int]]:
    """`perft_by_depth` and `divide` together, from one walk: each first action's subtree is
    walked once, and its counts by depth add up to the position's."""
    actions = legal_actions(match)
    counts = [len(actions)] + [0] * (depth - 1)
    out = {}
    for action in actions:
        if depth == 1:
            out[str(action)] = 1
            continue
        child = match.copy()
        play(child, action, UnkeptLog())
        below = perft_by_depth(child, depth - 1)
        for ply, count in enumerate(below, 1):
            counts[ply] += count
        out[str(action)] = below[-1]
    return counts, out
