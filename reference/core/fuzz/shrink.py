"""Shrinking a divergent case: edits of its chooser numbers, kept while it still diverges.

A case is a pure function of its chooser numbers (0 = simplest, numbers past the end read as
0), so shrinking works on that list alone, whatever the game:

1. delete chunks of numbers, the chunk size halving from half the list down to one;
2. set each number to 0;
3. lower each number (halve it, then minus one);

repeated until a pass changes nothing (a fixed point) or the budget of attempts is spent.
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


def trimmed(numbers: Sequence[int]) -> list[int]:
    out = list(numbers)
    while out and out[-1] == 0:
        out.pop()
    return out


def candidates(best: list[int]) -> Generator[list[int], None, None]:
    """Simpler lists than `best`, roughly the biggest simplifications first."""
    size = max(1, len(best) // 2)
    while True:
        for start in range(0, len(best), size):
            yield best[:start] + best[start + size:]
        if size == 1:
            break
        size //= 2
    for i, value in enumerate(best):
        if value:
            yield best[:i] + [0] + best[i + 1:]
    for i, value in enumerate(best):
        for lower in dict.fromkeys((value // 2, value - 1)):
            if 0 < lower < value:
                yield best[:i] + [lower] + best[i + 1:]


def simpler(a: Sequence[int], b: Sequence[int]) -> bool:
    """a is simpler than b: shorter, or as long and smaller number by number (shortlex)."""
    return (len(a), list(a)) < (len(b), list(b))


def shrinker(numbers: Sequence[int], max_attempts: int = MAX_ATTEMPTS) -> Generator[list[int], bool, tuple[list[int], int]]:
    """Yields candidates, is sent whether each still diverges; returns (smallest, attempts)."""
    best = trimmed(numbers)
    attempts = 0
    tried: set[tuple[int, ...]] = {tuple(best)}
    improved = True
    while improved and attempts < max_attempts:
        improved = False
        for candidate in candidates(best):
            candidate = trimmed(candidate)
            if tuple(candidate) in tried or not simpler(candidate, best):
                continue
            tried.add(tuple(candidate))
            attempts += 1
            if (yield candidate):
                best, improved = candidate, True
                break                   # start the passes again from the smaller list
            if attempts >= max_attempts:
                break
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
