"""Shrinking a divergent case: edits of its chooser numbers, kept while it still diverges.

A case is a pure function of its chooser numbers (0 = simplest, numbers past the end read as
0), so shrinking works on that list alone, whatever the game:

0. lower the first LEADING numbers (as in 2 and 3), where a generator draws the
   case's sizes (players, length: see choices.py): a long case is cut to what it needs in a few
   attempts, before the passes below spend one attempt per number on it;
1. delete chunks of numbers, the chunk size halving from half the list down to one (and pass 0
   again at each size: a deletion may have moved the divergence earlier);
2. set each number to 0;
3. else lower it: bisect between the highest value found not to diverge and its own;

repeated until a round of passes changes nothing (a fixed point) or the budget of attempts
is spent.
Trailing zeros are dropped (they read as 0 anyway). An edit is kept when the case it makes
still diverges (the caller decides what that means: see campaign.still_diverges).

Why not hypothesis: its public API cannot start from a given failing example (`find` and
`@given` search from scratch and cannot be seeded with our list), so it would first have to
rediscover the divergence; the steps above are its own shrink passes on a choice sequence.

The shrinker is a generator: it yields candidate lists and is sent back True (still
diverges) or False; `shrink(numbers, test)` drives it with a plain predicate. So the campaign
can judge each candidate through the runner's long-lived implementation process.
"""

from __future__ import annotations

from typing import Callable, Generator, Sequence

MAX_ATTEMPTS = 500
LEADING = 4


def trimmed(numbers: Sequence[int]) -> list[int]:
    out = list(numbers)
    while out and out[-1] == 0:
        out.pop()
    return out


def simpler(a: Sequence[int], b: Sequence[int]) -> bool:
    """a is simpler than b: shorter, or as long and smaller number by number (shortlex)."""
    return (len(a), list(a)) < (len(b), list(b))


def shrinker(numbers: Sequence[int], max_attempts: int = MAX_ATTEMPTS) -> Generator[list[int], bool, tuple[list[int], int]]:
    """Yields candidates, is sent whether each still diverges; returns (smallest, attempts).

    Each pass goes on from where it is after a success (the list got simpler in place), so a
    long list is not re-scanned from the start for every number removed."""
    best = trimmed(numbers)
    attempts = 0
    tried: set[tuple[int, ...]] = {tuple(best)}

    def worth_trying(candidate: list[int]) -> bool:
        return tuple(candidate) not in tried and simpler(candidate, best)

    def lowered_from(first: int, last: int) -> Generator[list[int], bool, None]:
        """Passes 2 and 3 on the numbers first..last-1: each set to 0, else bisected between
        the highest value known to pass and its own (a length the divergence needs is found in
        a few attempts, not one per step taken off)."""
        nonlocal best, improved, attempts
        index = first
        while index < min(last, len(best)) and attempts < max_attempts:
            passes = -1                      # the highest value tried that no longer diverges
            while index < len(best) and attempts < max_attempts:
                value = best[index]
                lower = 0 if passes < 0 else (passes + value) // 2
                if lower <= passes or lower >= value:
                    break
                candidate = trimmed(best[:index] + [lower] + best[index + 1:])
                if not worth_trying(candidate):       # tried before, and it did not diverge
                    passes = lower
                    continue
                tried.add(tuple(candidate))
                attempts += 1
                if (yield candidate):
                    best, improved = candidate, True
                else:
                    passes = lower
            index += 1

    improved = True
    while improved and attempts < max_attempts:
        improved = False
        # 0. the leading numbers: the sizes
        yield from lowered_from(0, LEADING)
        # 1. delete chunks, halving their size
        size = max(1, len(best) // 2)
        while attempts < max_attempts:
            start = 0
            while start < len(best) and attempts < max_attempts:
                candidate = trimmed(best[:start] + best[start + size:])
                if not worth_trying(candidate):
                    start += size
                    continue
                tried.add(tuple(candidate))
                attempts += 1
                if (yield candidate):
                    best, improved = candidate, True      # the next chunk now starts at `start`
                else:
                    start += size
            if size == 1:
                break
            size //= 2
            yield from lowered_from(0, LEADING)    # deletions may have moved the divergence earlier
        # 2. set numbers to 0; 3. halve them, or take one off, while that still diverges
        yield from lowered_from(0, len(best))
    return best, attempts


def shrink(numbers: Sequence[int], still_diverges: Callable[[list[int]], bool],
           max_attempts: int = MAX_ATTEMPTS) -> tuple[list[int], int]:
    """The smallest list found whose case still diverges, and the attempts made."""
    steps = shrinker(numbers, max_attempts)
    try:
        candidate = next(steps)
        while True:
            candidate = steps.send(bool(still_diverges(candidate)))
    except StopIteration as done:
        return done.value
