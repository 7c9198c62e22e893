"""Shrinking a failing case: edits of its chooser numbers, kept while it fails the same way.

A case is a pure function of its chooser numbers (0 = simplest, numbers past the end read as
0), so shrinking works on that list alone, whatever the game. The shrinker proposes simpler
lists (shortlex: shorter, or as long and smaller number by number, as Hypothesis's `sort_key`)
and keeps one when its judge says the case it makes is still interesting: for a campaign, that
it still fails *with the same diagnosis* (diagnosis.py), so a shrink never slips to another bug.

The passes are named functions, run in this order, round after round until a round changes
nothing or the attempt budget is spent (Hypothesis's `greedy_shrink` over its named passes):

- `delete_list_items`: a list the generator drew with `Chooser.repeat` (a layout's tiles placed
  before the steps) loses one item at a time, last first (then two at a time), its length
  lowered with it: lowering the length alone would hand the item's numbers to the choices after
  it, and deleting them alone would leave the length too long; the judge says where the items
  are (Chooser.lists). It goes first: lowering a list's length by the pass below gives the
  shortest numbers (the default items), not the fewest items;
- `lower_leading_sizes`: lower the first LEADING numbers, where a generator draws the case's
  sizes (players, length: see choices.py), so a long case is cut to what it needs in a few
  attempts before the passes below spend one attempt per number on it;
- `shorten_counted_lists`: the same for a leading size whose items were not recorded: it is
  lowered together with the deletion of as many items of 1 to 3 numbers at the end of its list;
- `delete_chunks`: delete chunks of numbers, the chunk size halving from half the list down to
  one (`lower_leading_sizes` again at each size: a deletion may have moved the failure earlier);
- `delete_small_chunks`: delete chunks of 2 to 4 numbers at every offset, not only at the
  multiples of their size (a step drawn as a few numbers rarely starts at one);
- `lower_numbers`: set each number to 0, else bisect it between the highest value found not to
  fail and its own.

Each pass goes on from where it is after a success (the list got simpler in place), so a long
list is not re-scanned from the start for every number removed. `Shrinker.stats` counts per pass
the candidates judged, those kept and the numbers they removed (the campaign report's
`shrink_passes`).

Invariants (Hypothesis's `cached_test_function` and its attempt limit): the same list is never
judged twice, a list no simpler than the best is never judged, and no more than `max_attempts`
lists are judged. A judge may answer with the numbers the generator actually used for a
candidate (values reduced to their ranges, numbers past the end dropped): they make the same
case, so they are taken as judged too, and kept instead when simpler; and with where the
items of its lists are (Chooser.lists), for delete_list_items.

Why not hypothesis: its public API cannot start from a given failing example (`find` and
`@given` search from scratch and cannot be seeded with our list), so it would first have to
rediscover the failure; the passes above are its own shrink passes on a choice sequence.

The shrinker is a generator: it yields candidate lists and is sent back whether each is still
interesting (True/False, or (verdict, numbers used[, lists])); `shrink(numbers, test)` drives it with a
plain predicate. So the campaign can judge each candidate through the runner's long-lived
implementation process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generator, Iterator, Sequence, Tuple, Union

MAX_ATTEMPTS = 500
LEADING = 4
COUNTED_ITEM_WIDTHS = (1, 2, 3)     # numbers per item of a counted list that shorten_counted_lists tries
SMALL_CHUNKS = (2, 3, 4)            # chunk sizes delete_small_chunks tries at every offset
PAIRED_ITEMS = 12                   # lists up to this long have their items deleted two at a time too

Lists = Sequence[Tuple[int, Sequence[Tuple[int, int]]]]     # (where a length is, (first, end) of each item)
Answer = Union[bool, Tuple[bool, Sequence[int]], Tuple[bool, Sequence[int], Lists]]
Candidates = Generator[list[int], Answer, bool]


def trimmed(numbers: Sequence[int]) -> list[int]:
    out = list(numbers)
    while out and out[-1] == 0:
        out.pop()
    return out


def simpler(a: Sequence[int], b: Sequence[int]) -> bool:
    """a is simpler than b: shorter, or as long and smaller number by number (shortlex)."""
    return (len(a), list(a)) < (len(b), list(b))


@dataclass
class PassStats:
    attempts: int = 0       # candidates it had judged
    kept: int = 0           # of those, kept (still interesting)
    removed: int = 0        # numbers its kept candidates took off the list

    def as_dict(self) -> dict[str, int]:
        return {"attempts": self.attempts, "kept": self.kept, "removed": self.removed}


class Shrinker:
    """The state the passes share: the best list so far, what was judged, the budget."""

    def __init__(self, numbers: Sequence[int], max_attempts: int = MAX_ATTEMPTS,
                 passes: Sequence[Callable[["Shrinker"], Generator]] | None = None,
                 lists: Lists | None = None) -> None:
        self.best = trimmed(numbers)
        self.lists = lists             # the best's lists (Chooser.lists), when the judge tells them
        self.max_attempts = max_attempts
        self.attempts = 0
        self.judged: set[tuple[int, ...]] = {tuple(self.best)}
        self.passes = list(SHRINK_PASSES if passes is None else passes)
        self.stats = {p.__name__: PassStats() for p in self.passes}

    def spent(self) -> bool:
        return self.attempts >= self.max_attempts

    def stop_reason(self) -> str:
        """Why run() returned: the budget, or a round of every pass that kept nothing."""
        return (f"attempt budget of {self.max_attempts} spent" if self.spent()
                else "no pass keeps anything more")

    def consider(self, pass_name: str, candidate: Sequence[int]) -> Candidates:
        """Have `candidate` judged, unless it was judged before, is no simpler than the best or
        the budget is spent; True when it was kept (it is the best now)."""
        candidate = trimmed(candidate)
        if self.spent() or tuple(candidate) in self.judged or not simpler(candidate, self.best):
            return False
        self.judged.add(tuple(candidate))
        self.attempts += 1
        stats = self.stats.setdefault(pass_name, PassStats())
        stats.attempts += 1
        answer = yield candidate
        kept, used, lists = (answer, None, None) if isinstance(answer, bool) else \
            (bool(answer[0]), answer[1], answer[2] if len(answer) > 2 else None)
        if used is not None:
            used = trimmed(used)
            self.judged.add(tuple(used))            # the same case: judged with it
            if simpler(used, candidate):
                candidate = used
        if kept:
            stats.kept += 1
            stats.removed += max(0, len(self.best) - len(candidate))
            self.best = candidate
            self.lists = lists if used is not None else None      # the lists of the numbers used
        return kept

    def run(self) -> Generator[list[int], Answer, list[int]]:
        """Every pass in turn, round after round, until a round keeps nothing or the budget is
        spent; returns the best list."""
        improved = True
        while improved and not self.spent():
            before = self.best
            for shrink_pass in self.passes:
                if self.spent():
                    break
                yield from shrink_pass(self)
            improved = simpler(self.best, before)
        return self.best


# -- the passes: each takes the shrinker, yields candidates, keeps what is sent back as kept ----

def lower_number(s: Shrinker, pass_name: str, index: int) -> Generator[list[int], Answer, None]:
    """Number `index` set to 0, else bisected between the highest value known not to be
    interesting and its own (a length the failure needs is found in a few attempts, not one per
    step taken off)."""
    passes = -1                      # the highest value tried that was not interesting
    while index < len(s.best) and not s.spent():
        value = s.best[index]
        lower = 0 if passes < 0 else (passes + value) // 2
        if lower <= passes or lower >= value:
            return
        if not (yield from s.consider(pass_name, s.best[:index] + [lower] + s.best[index + 1:])):
            passes = lower


def lower_leading_sizes(s: Shrinker) -> Generator[list[int], Answer, None]:
    for index in range(LEADING):
        yield from lower_number(s, "lower_leading_sizes", index)


def delete_list_items(s: Shrinker) -> Generator[list[int], Answer, None]:
    """Each item of each recorded list, the last first, deleted with its list's length lowered
    by one; when no single item can go, each pair of items of a list of at most PAIRED_ITEMS
    (two tiles whose ends add up to what the failure needs). On the lists as the judge last
    told them (none told: nothing to do); after a success the kept case's lists are scanned
    again."""
    while s.lists and not s.spent():
        for at, items in item_deletions(s.lists):
            length = s.best[at] if at < len(s.best) else 0
            if length < len(items):
                continue
            candidate = s.best[:at] + [length - len(items)]
            kept_from = at + 1
            for first, end in items:
                candidate += s.best[kept_from:first]
                kept_from = max(kept_from, end)
            candidate += s.best[kept_from:]
            if (yield from s.consider("delete_list_items", candidate)):
                break
            if s.spent():
                return
        else:
            return


def item_deletions(lists: Lists) -> Iterator[tuple[int, list[tuple[int, int]]]]:
    """(where the length is, the items to delete): single items, the last first, then pairs."""
    ordered = [(at, list(reversed(list(spans)))) for at, spans in reversed(list(lists))]
    for at, spans in ordered:
        for span in spans:
            yield at, [span]
    for at, spans in ordered:
        if len(spans) <= PAIRED_ITEMS:
            for i, later in enumerate(spans):
                for earlier in spans[i + 1:]:
                    yield at, [earlier, later]


def shorten_counted_lists(s: Shrinker) -> Generator[list[int], Answer, None]:
    """A leading number n read as the length of a list of items of w numbers each, drawn right
    after it: lower it to n//2, then to n-1, deleting the items cut off the end of the list (the
    items kept, and every number after the list, keep their meaning)."""
    for index in range(min(LEADING, len(s.best))):
        for width in COUNTED_ITEM_WIDTHS:
            while not s.spent() and index < len(s.best):
                count = s.best[index]
                if count < 1 or index + 1 + count * width > len(s.best):
                    break
                for kept_items in dict.fromkeys((count // 2, count - 1)):
                    end = index + 1 + count * width
                    candidate = (s.best[:index] + [kept_items] + s.best[index + 1:index + 1 + kept_items * width]
                                 + s.best[end:])
                    if (yield from s.consider("shorten_counted_lists", candidate)):
                        break
                else:
                    break


def delete_chunks(s: Shrinker) -> Generator[list[int], Answer, None]:
    size = max(1, len(s.best) // 2)
    while not s.spent():
        start = 0
        while start < len(s.best) and not s.spent():
            if not (yield from s.consider("delete_chunks", s.best[:start] + s.best[start + size:])):
                start += size           # after a success the next chunk starts at `start`
        if size == 1:
            return
        size //= 2
        yield from lower_leading_sizes(s)


def delete_small_chunks(s: Shrinker) -> Generator[list[int], Answer, None]:
    for size in SMALL_CHUNKS:
        start = 0
        while start + size <= len(s.best) and not s.spent():
            if not (yield from s.consider("delete_small_chunks", s.best[:start] + s.best[start + size:])):
                start += 1


def lower_numbers(s: Shrinker) -> Generator[list[int], Answer, None]:
    index = 0
    while index < len(s.best) and not s.spent():
        yield from lower_number(s, "lower_numbers", index)
        index += 1


SHRINK_PASSES = [delete_list_items, lower_leading_sizes, shorten_counted_lists, delete_chunks, delete_small_chunks,
                 lower_numbers]


def shrinker(numbers: Sequence[int], max_attempts: int = MAX_ATTEMPTS) -> Generator[list[int], Answer, list[int]]:
    """The candidates of a new Shrinker (see Shrinker.run)."""
    return Shrinker(numbers, max_attempts).run()


def shrink(numbers: Sequence[int], still_interesting: Callable[[list[int]], bool],
           max_attempts: int = MAX_ATTEMPTS) -> tuple[list[int], int]:
    """The smallest list found whose case is still interesting, and the attempts made."""
    s = Shrinker(numbers, max_attempts)
    steps = s.run()
    try:
        candidate = next(steps)
        while True:
            candidate = steps.send(bool(still_interesting(candidate)))
    except StopIteration:
        pass
    return s.best, s.attempts
