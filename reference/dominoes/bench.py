"""Domino workloads for `horserace bench`: random full matches and perft nodes."""

from __future__ import annotations

from reference.core.log import StepLog

from .rules.deal import deal_round, new_match
from .perft import perft
from .playout import random_match, shuffled_deal


def random_matches(count: int = 20) -> int:
    for seed in range(count):
        random_match(seed, 2 + seed % 3)
    return count


def perft_nodes(depth: int = 9) -> int:
    import random
    hands, pile, _ = shuffled_deal(random.Random(2026), 2, None)
    match = new_match(2)
    deal_round(match, hands, pile, 0, StepLog())
    return perft(match, depth)


BENCHMARKS = {
    "random full matches": ("matches", random_matches),
    "perft nodes (2 players, depth 9)": ("nodes", perft_nodes),
}
