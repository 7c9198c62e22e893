"""The case indices a campaign covered (reference/core/fuzz/ranges.py): a few progressions
whatever the campaign's length, fused across workers and shards, overlaps found without
listing the indices."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.core.fuzz.ranges import Coverage, Progression, first_overlap, normalize, overlap

P = Progression


def indices(progressions) -> list[int]:
    return sorted(i for p in progressions for i in range(p.first, p.last + 1, p.step))


def test_a_worker_of_any_length_keeps_one_progression():
    coverage = Coverage(stride=6)                 # shard 2 of 3, worker 1 of 2: every 6th index
    for index in range(4, 4 + 6 * 100_000, 6):
        coverage.add(index)
    assert coverage.progressions == [P(4, 4 + 6 * 99_999, 6)]
    coverage.add(10 ** 7)                          # an index left out before it: a second one
    assert len(coverage.progressions) == 2


@pytest.mark.parametrize("parts, whole", [
    ([P(0, 98, 2), P(1, 99, 2)], [P(0, 99, 1)]),                       # -j 2 over 0..99
    ([P(3, 9, 3), P(4, 7, 3), P(5, 8, 3)], [P(3, 9, 1)]),              # shards 1..3/3 of 3..9
    ([P(0, 6, 2), P(1, 5, 2)], [P(0, 6, 1)]),                          # an odd count
    ([P(0, 40, 4), P(2, 42, 4)], [P(0, 42, 2)]),                       # the workers of shard 1/2
    ([P(6, 10, 4), P(8, 8, 1), P(5, 9, 4), P(7, 11, 4)], [P(5, 11, 1)]),
])
def test_interleaved_progressions_fuse_into_the_whole_range(parts, whole):
    assert normalize(parts) == whole


def test_workers_that_stop_at_different_points_keep_a_short_exact_list():
    """Time budgets: worker 1 ran far beyond worker 0. The list holds exactly those indices,
    in at most one progression per worker and a fused prefix."""
    parts = [P(0, 40, 4), P(1, 97, 4), P(2, 22, 4), P(3, 99, 4)]
    fused = normalize(parts)
    assert indices(fused) == indices(parts) and len(fused) <= 4
    assert fused[0] == P(0, 23, 1)


@given(st.integers(1, 5), st.integers(1, 4), st.integers(0, 5), st.integers(0, 60), st.data())
@settings(max_examples=200, deadline=None)
def test_fusing_keeps_exactly_the_indices_run(shards, workers, first, length, data):
    """Any campaign split into shards and workers, each stopping anywhere: the fused list holds
    exactly the indices run, at most one progression per worker, and one whole range when
    everything ran."""
    last = first + length
    parts, everything = [], True
    for shard in range(shards):
        own = [i for i in range(first, last + 1) if i % shards == shard]
        for worker in range(workers):
            mine = own[worker::workers]
            stop = data.draw(st.integers(0, len(mine)))
            everything &= stop == len(mine)
            mine = mine[:stop]
            if mine:
                parts.append(P(mine[0], mine[-1], shards * workers if len(mine) > 1 else 1))
    fused = normalize(parts)
    assert indices(fused) == indices(parts)
    assert len(fused) <= shards * workers
    if everything:
        assert fused == [P(first, last, 1)]


@given(st.integers(0, 40), st.integers(1, 9), st.integers(0, 12), st.integers(0, 40), st.integers(1, 9),
       st.integers(0, 12))
@settings(max_examples=300, deadline=None)
def test_overlap_is_the_first_shared_index(f1, s1, n1, f2, s2, n2):
    p, q = P(f1, f1 + s1 * n1, s1), P(f2, f2 + s2 * n2, s2)
    shared = sorted(set(indices([p])) & set(indices([q])))
    assert overlap(p, q) == (shared[0] if shared else None)


def test_overlap_is_found_in_huge_progressions_without_walking_them():
    a, b = P(0, 3 * 10 ** 15, 3), P(10 ** 14 + 1, 10 ** 14 + 1 + 7 * 10 ** 14, 7)
    found = first_overlap([a, b])
    assert found is not None and found[2] in a and found[2] in b
    assert overlap(P(0, 2 * 10 ** 15, 2), P(1, 2 * 10 ** 15 + 1, 2)) is None


def test_a_progression_must_be_one():
    with pytest.raises(ValueError):
        P(0, 10, 3)
    with pytest.raises(ValueError):
        P(5, 4, 1)
