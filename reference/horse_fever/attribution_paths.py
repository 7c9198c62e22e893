"""The finer paths a Horse Fever difference lies on (Game.difference_paths), for attribution.

The ranking is one list: that it differs does not say whether the rules disagree on WHICH
horses have finished or on the ORDER they arrived in, and different clauses decide the two.
The refinement compares the two rankings and names the part that differs; the vector
header's clause_keys may name these finer paths, and a clause listing the whole `ranking`
(a move that may carry a horse over the line, the end of the round) still covers both.

- `ranking.finished`: one ranking holds a horse the other does not: which horses have
  finished, decided by the finish rules (HF-RANK-1, HF-FINISH-1, HF-TABLE-3).
- `ranking.order`: the horses both rankings hold stand in another order: the arrival order
  (HF-RANK-2/3, HF-FINISH-2, the photo finish HF-PHOTO-1/2, HF-ACT-5/12).
Both may be named at once. A ranking that is not a list of distinct colours keeps the whole
path `ranking`.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

RANKING_FINISHED = "ranking.finished"
RANKING_ORDER = "ranking.order"


def difference_paths(difference: Any, expected: Mapping[str, Any], actual: Mapping[str, Any]) -> Sequence[str]:
    """The finer paths of one difference; [] keeps the difference's own path."""
    if difference.path == "ranking":
        return ranking_paths(expected.get("ranking"), actual.get("ranking"))
    return []


def _horses(value: Any) -> list[str] | None:
    """A ranking as a list of distinct colours, or None for anything else."""
    if not isinstance(value, list) or not all(isinstance(h, str) for h in value) or len(set(value)) != len(value):
        return None
    return value


def ranking_paths(expected: Any, actual: Any) -> list[str]:
    """Which horses have finished, and in which order the horses both rankings hold arrived."""
    want, got = _horses(expected), _horses(actual)
    if want is None or got is None:
        return []
    paths = []
    if set(want) != set(got):
        paths.append(RANKING_FINISHED)
    if [h for h in want if h in got] != [h for h in got if h in want]:
        paths.append(RANKING_ORDER)
    return paths
