"""An independent way to the exact win probabilities, for checking the engine's formula:
a forward recursion over the number of cards of each suit revealed so far (each next card is
of suit x with probability x-cards left / cards left; the race stops at the first 8)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache


def forward_probabilities(track_counts: tuple[int, int, int, int]) -> tuple[Fraction, ...]:
    available = [12 - t for t in track_counts]
    total = sum(available)

    @lru_cache(maxsize=None)
    def from_state(revealed: tuple[int, ...]) -> tuple[Fraction, ...]:
        left = total - sum(revealed)
        out = [Fraction(0)] * 4
        for x in range(4):
            remaining = available[x] - revealed[x]
            if remaining == 0:
                continue
            p = Fraction(remaining, left)
            if revealed[x] + 1 == 8:
                out[x] += p
                continue
            after = list(revealed)
            after[x] += 1
            for y, q in enumerate(from_state(tuple(after))):
                out[y] += p * q
        return tuple(out)

    return from_state((0, 0, 0, 0))
