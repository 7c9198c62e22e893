"""The case indices a campaign covered, kept as a few arithmetic progressions.

A campaign's cases are its indices first..last; a shard i/n runs those with index % n == i-1,
and a worker k of -j W every W-th of those. So what one worker ran is one progression
(first, last, step n*W), however many cases, and what a run or a merge of shards covered is a
short list of progressions: `normalize` fuses interleaved ones (the W workers of a shard, the n
shards of a campaign) into one of a smaller step, so a whole campaign reads [first..last step 1]
whatever the sharding. A campaign of any length keeps a report of the same size: memory and
report grow with the number of progressions (at most workers × shards), never with the cases.

`overlap` finds an index two progressions share (the Chinese remainder theorem: no walk over
the indices), so merging refuses overlapping shards without listing their cases.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd
from typing import Iterable

MAX_NORMALIZE_ROUNDS = 1000


@dataclass(frozen=True, order=True)
class Progression:
    """The indices first, first+step, ..., last (last - first a multiple of step)."""
    first: int
    last: int
    step: int = 1

    def __post_init__(self) -> None:
        if self.step < 1 or self.last < self.first or (self.last - self.first) % self.step:
            raise ValueError(f"not a progression: {self.first}..{self.last} step {self.step}")

    @property
    def count(self) -> int:
        return (self.last - self.first) // self.step + 1

    def __contains__(self, index: object) -> bool:
        return (isinstance(index, int) and self.first <= index <= self.last
                and (index - self.first) % self.step == 0)

    def canonical(self) -> "Progression":
        """One index is written with step 1 (any step would do)."""
        return Progression(self.first, self.first, 1) if self.first == self.last else self

    def text(self) -> str:
        if self.first == self.last:
            return str(self.first)
        return f"{self.first}..{self.last}" + (f" step {self.step}" if self.step != 1 else "")

    def as_dict(self) -> dict[str, int]:
        return {"first": self.first, "last": self.last, "step": self.step}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> "Progression":
        return cls(data["first"], data["last"], data["step"])


def overlap(p: Progression, q: Progression) -> int | None:
    """The smallest index both hold, or None."""
    low, high = max(p.first, q.first), min(p.last, q.last)
    if low > high:
        return None
    # p.first + p.step*t = q.first (mod q.step): solvable when gcd divides the difference
    g = gcd(p.step, q.step)
    difference = q.first - p.first
    if difference % g:
        return None
    modulus = q.step // g
    t = (difference // g) * pow(p.step // g, -1, modulus) % modulus if modulus > 1 else 0
    period = p.step // g * q.step              # lcm
    x = p.first + p.step * t
    if x < low:
        x += -((x - low) // period) * period   # the first solution at or above `low`
    return x if x <= high else None


def first_overlap(progressions: list[Progression]) -> tuple[Progression, Progression, int] | None:
    for i, p in enumerate(progressions):
        for q in progressions[i + 1:]:
            shared = overlap(p, q)
            if shared is not None:
                return p, q, shared
    return None


def covered(progressions: Iterable[Progression]) -> int:
    return sum(p.count for p in progressions)


def _joined(p: Progression, q: Progression) -> Progression | None:
    """p and q (p before q) as one progression, if they continue each other."""
    if p.count == 1 and q.count == 1:
        return Progression(p.first, q.first, 1) if q.first == p.first + 1 else None
    step = p.step if p.count > 1 else q.step
    if (p.count == 1 or q.count == 1 or p.step == q.step) and q.first == p.last + step:
        return Progression(p.first, q.last, step)
    return None


def _fused(items: list[Progression]) -> list[Progression] | None:
    """k progressions of step s = k*d starting at f, f+d, ..., f+(k-1)d interleave: their first m
    indices each (m the smallest count) are f..f+(k*m-1)*d step d. That prefix and what is left
    of each, or None when no such group is there."""
    firsts = {(p.step, p.first): p for p in items if p.count > 1}
    singles = {p.first: p for p in items if p.count == 1}       # one index: of any step
    for (step, first), _ in sorted(firsts.items()):
        for d in range(1, step):
            if step % d:
                continue
            group = [firsts.get((step, first + j * d)) or singles.get(first + j * d) for j in range(step // d)]
            if any(p is None for p in group):
                continue
            m = min(p.count for p in group)
            out = [p for p in items if p not in group]
            out.append(Progression(first, first + (len(group) * m - 1) * d, d))
            out += [Progression(p.first + m * step, p.last, step).canonical() for p in group if p.count > m]
            return out
    return None


def _as_one(items: list[Progression]) -> Progression | None:
    """The one progression that disjoint `items` fill, if they fill one."""
    if not items:
        return None
    low, high = items[0].first, max(p.last for p in items)
    step = 0
    for p in items:
        step = gcd(step, p.first - low)
        if p.count > 1:
            step = gcd(step, p.step)
    step = step or 1
    return Progression(low, high, step) if covered(items) == (high - low) // step + 1 else None


def normalize(progressions: Iterable[Progression]) -> list[Progression]:
    """The same indices in the fewest progressions this finds: adjacent ones joined, interleaved
    ones fused. The progressions must not overlap (see first_overlap)."""
    items = sorted({p.canonical() for p in progressions})
    whole = _as_one(items)
    if whole is not None:
        return [whole]
    for _ in range(MAX_NORMALIZE_ROUNDS):
        joined = None
        for a, b in zip(items, items[1:]):
            joined = _joined(a, b)
            if joined is not None:
                items = sorted([p for p in items if p not in (a, b)] + [joined.canonical()])
                break
        if joined is not None:
            continue
        fused = _fused(items)
        if fused is None:
            break
        items = sorted(p.canonical() for p in fused)
    return items


class Coverage:
    """The indices one worker ran, added in increasing order `stride` apart (its shard count
    times its worker count): one progression however long the run, a new one only where an
    index was left out."""

    def __init__(self, stride: int) -> None:
        self.stride = stride
        self.progressions: list[Progression] = []

    def add(self, index: int) -> None:
        last = self.progressions[-1] if self.progressions else None
        if last is not None and index == last.last + self.stride:
            self.progressions[-1] = Progression(last.first, index, self.stride)
        else:
            self.progressions.append(Progression(index, index, 1))
