"""The one source of chance for a fuzz case: a sequence of small whole numbers.

A game's generator (`reference/<game>/fuzzing.py`) makes every random decision through a
Chooser: how many steps, which action, which tile, whether to try a refused action, how a deck
is shuffled. The generator is a pure function of those numbers, so

- a campaign draws them from `random.Random(seed)` and the same seed gives the same case on any
  machine (the draws are recorded in `Chooser.drawn`);
- shrinking edits the recorded numbers (drop some, lower some) and runs the generator again on
  them (`Chooser.replaying`); numbers past the end read as 0.

Contract for generators: **0 is always the simplest choice** — stop adding steps, a legal
action rather than a refused one, the first legal action in the engine's order, no swap in a
shuffle — so that lowering numbers simplifies the case and a run of zeros ends it. A generator
must make a valid case from ANY sequence (a number out of range is reduced modulo the range).
Draw the case's sizes first (a player count, the number of steps: 0 the smallest): the
shrinker lowers the leading numbers before anything else (shrink.LEADING), so a long case is
cut to the steps its divergence needs without disturbing the choices after them. Draw a list
of a drawn length with `for _ in choose.repeat(most)`: the chooser records where each item's
numbers are (`Chooser.lists`), so the shrinker can delete any one item and lower the length
with it (shrink.delete_list_items), which neither deleting numbers nor lowering the length can
do alone. Choose an item by what it is rather than by its place in a list that depends on the
items before it (a tile, then where it goes), so that deleting an earlier item keeps its meaning.

Game generator interface (module `reference/<game>/fuzzing.py`):

    KINDS: tuple[str, ...]                     # case kinds it makes, e.g. ("match",)
    def generate(choose: Chooser, kind: str, options: dict[str, Any]) -> dict[str, Any]:
        '''A protocol case without id/expected: {"kind": kind, "options": options,
        "input": {"setup": {...}, "steps": [...]}}. Chance (deals, decks, dice) is written out
        in setup/steps; refused actions are followed by an observing step. It may add
        "checked_keys": one list per step of observation keys checked at that step beside the
        kind's own (as a scenario step's `expect` does), for what only some steps show.'''
"""

from __future__ import annotations

import random
from typing import Iterator, Sequence, TypeVar

T = TypeVar("T")

MAX_DRAWS = 100_000        # a generator that draws more is a bug (a loop that never reaches 0)


class TooManyDraws(RuntimeError):
    """The generator drew more than MAX_DRAWS numbers for one case."""


class Chooser:
    def __init__(self, source: random.Random | None, replay: Sequence[int] = ()) -> None:
        self._random = source
        self._replay = list(replay)
        self.drawn: list[int] = []
        # lists drawn with repeat(): (where the length was drawn, (first, end) of each item's numbers)
        self.lists: list[tuple[int, list[tuple[int, int]]]] = []

    @classmethod
    def from_seed(cls, seed: int) -> "Chooser":
        return cls(random.Random(seed))

    @classmethod
    def replaying(cls, numbers: Sequence[int]) -> "Chooser":
        return cls(None, numbers)

    # -- the one primitive --------------------------------------------------------------------
    def below(self, n: int) -> int:
        """A whole number in 0..n-1 (n >= 1); 0 is the simplest."""
        if n < 1:
            raise ValueError(f"below({n}): the range must hold at least one number")
        if len(self.drawn) >= MAX_DRAWS:
            raise TooManyDraws(f"more than {MAX_DRAWS} choices for one case")
        index = len(self.drawn)
        if self._random is not None:
            value = self._random.randrange(n)
        else:
            value = self._replay[index] % n if index < len(self._replay) else 0
        self.drawn.append(value)
        return value

    # -- conveniences built on below() ---------------------------------------------------------
    def pick(self, items: Sequence[T]) -> T:
        """One of the items; the first is the simplest."""
        return items[self.below(len(items))]

    def chance(self, percent: int) -> bool:
        """True about `percent` % of the time; False (0) is the simplest."""
        return self.below(100) >= 100 - percent

    def more(self, percent_continue: int) -> bool:
        """Go on (add another step)? Stopping is the simplest."""
        return self.chance(percent_continue)

    def repeat(self, most: int) -> Iterator[int]:
        """0, 1, ... for a length drawn in 0..most (0 the simplest); the numbers each item draws
        are recorded as its span, for the shrinker. The caller may stop early (break): the
        items drawn so far are recorded."""
        at = len(self.drawn)
        count = self.below(most + 1)
        spans: list[tuple[int, int]] = []
        self.lists.append((at, spans))
        for item in range(count):
            start = len(self.drawn)
            yield item
            spans.append((start, len(self.drawn)))

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A permutation (Fisher-Yates from the front); all zeros keep the order."""
        out = list(items)
        for i in range(len(out) - 1):
            j = i + self.below(len(out) - i)
            out[i], out[j] = out[j], out[i]
        return out
