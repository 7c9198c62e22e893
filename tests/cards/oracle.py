"""An independent way to the exact win probabilities, for checking the engine's formula:
a forward recursion over the number of cards of each suit revealed so far (each next card is
of suit x with probability x-cards left / cards left; the race stops at the first 8).

The recursion counts in whole numbers: with `left` cards unseen, W(state) = P(state) * left!
obeys W(state) = sum over x of remaining_x * (left-1)! when the card of x is its 8th, else
remaining_x * W(state + x), so P = W(start) / total! with one division at the end (Fractions
at every step cost seconds per composition)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import factorial


def forward_probabilities(track_counts: tuple[int, int, int, int]) -> tuple[Fraction, ...]:
    available = [12 - t for t in track_counts]
    total = sum(available)

    @lru_cache(maxsize=None)
    def weights(revealed: tuple[int, ...]) -> tuple[int, ...]:
        left = total - sum(revealed)
        out = [0] * 4
        for x in range(4):
            remaining = available[x] - revealed[x]
            if remaining == 0:
                continue
            if revealed[x] + 1 == 8:
                out[x] += remaining * factorial(left - 1)
                continue
            after = list(revealed)
            after[x] += 1
            for y, w in enumerate(weights(tuple(after))):
                out[y] += remaining * w
        return tuple(out)

    return tuple(Fraction(w, factorial(total)) for w in weights((0, 0, 0, 0)))
