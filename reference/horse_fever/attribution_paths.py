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

At the step that settles the bets (the step before held bets, this one holds none), a differing
`danari` or `vp` list is split by the part each differing seat played in the payout, read from
the bets the step before showed (the hook's `before`) and the ranking this step shows:
- `danari.win.won` / `danari.win.lost`: the seat held a win bet whose horse came first / did not
  (HF-WIN-1 decides both, HF-PAYF-1 the amount of the first, HF-PAY-1 that a lost stake stays
  with the bank);
- `danari.show.won` / `danari.show.lost`: the same for a show bet (1st to 3rd place, HF-SHOW-1);
- `danari.owner`: the seat held no bet (only a stable owner's prize can pay it), or it received
  more than its winning bets return under either published win payout (HF-INT-1), the rest
  being an owner's prize (HF-PAY-2);
and the same under `vp` (`vp.win.won`, ..., `vp.owner`: a VP beyond 3 per winning win bet and 1
per winning show bet). Of the parts the differing seats played, the fewest that every differing
seat played one of are named (all of them when several sets are as small): one misread part that
every differing seat played explains the difference better than each seat's every part. A seat
that received less than the rules give counts only the parts that paid it something (a lost
bet paid nothing: its stake was taken when it was made, so it cannot have paid less). A list whose entries are not whole
numbers, or a step that is not a payout (or the first step, with no step before), keeps the
whole path.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Mapping, Sequence

RANKING_FINISHED = "ranking.finished"
RANKING_ORDER = "ranking.order"


WIN_VP, SHOW_VP, SHOW_PLACES = 3, 1, 3          # HF-WIN-1, HF-SHOW-1


def difference_paths(difference: Any, expected: Mapping[str, Any], actual: Mapping[str, Any],
                     before: Mapping[str, Any] | None = None) -> Sequence[str]:
    """The finer paths of one difference; [] keeps the difference's own path."""
    if difference.path == "ranking":
        return ranking_paths(expected.get("ranking"), actual.get("ranking"))
    if difference.path in ("danari", "vp"):
        return payout_paths(difference.path, expected, actual, before or {})
    return []


def _whole_numbers(value: Any) -> list[int] | None:
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        return None
    return value


def _settled_bets(expected: Mapping[str, Any], before: Mapping[str, Any]) -> list[Mapping[str, Any]] | None:
    """The bets this step settled: those the step before held when this step holds none."""
    bets = before.get("bets")
    if expected.get("bets") != [] or not isinstance(bets, list) or not bets:
        return None
    if not all(isinstance(b, dict) and type(b.get("player")) is int and type(b.get("amount")) is int
               and b.get("side") in ("win", "show") for b in bets):
        return None
    return bets


def bet_part(bet: Mapping[str, Any], ranking: list[str]) -> str:
    """`win.won`, `win.lost`, `show.won` or `show.lost`: the bet's side and whether it won."""
    place = ranking.index(bet["horse"]) + 1 if bet.get("horse") in ranking else len(ranking) + 1
    won = place == 1 if bet["side"] == "win" else place <= SHOW_PLACES
    return f"{bet['side']}.{'won' if won else 'lost'}"


def _owner_paid(key: str, seat: int, bets: list[Mapping[str, Any]], ranking: list[str],
                odds: Mapping[str, Any], expected: list[int], before: list[int]) -> bool:
    """Whether the seat received, under the rules, more than its winning bets return."""
    gain = expected[seat] - before[seat]
    won = [b for b in bets if b["player"] == seat and bet_part(b, ranking).endswith(".won")]
    if key == "vp":
        return gain > sum(WIN_VP if b["side"] == "win" else SHOW_VP for b in won)
    show = sum(2 * b["amount"] for b in won if b["side"] == "show")
    win = [(b["amount"], odds.get(b["horse"])) for b in won if b["side"] == "win"]
    if any(type(o) is not int for _, o in win):
        return False
    at_odds = show + sum(stake * o for stake, o in win)              # HF-PAYF-1
    stake_on_top = show + sum(stake + stake * o for stake, o in win)  # HF-INT-1, the other reading
    return gain not in (at_odds, stake_on_top) and gain > at_odds


def payout_paths(key: str, expected: Mapping[str, Any], actual: Mapping[str, Any],
                 before: Mapping[str, Any]) -> list[str]:
    """The parts the seats whose `key` differs played in the payout this step made."""
    bets = _settled_bets(expected, before)
    want, got, was = (_whole_numbers(o.get(key)) for o in (expected, actual, before))
    ranking = _horses(expected.get("ranking"))
    if bets is None or want is None or got is None or was is None or ranking is None:
        return []
    if len(want) != len(got) or len(want) != len(was):
        return []
    odds = expected.get("odds") if isinstance(expected.get("odds"), dict) else {}
    seat_parts: list[set[str]] = []
    for seat, (w, g) in enumerate(zip(want, got)):
        if w == g:
            continue
        parts = {bet_part(b, ranking) for b in bets if b["player"] == seat}
        if not parts or _owner_paid(key, seat, bets, ranking, odds, want, was):
            parts.add("owner")
        paid = {p for p in parts if not p.endswith(".lost")}
        if g < w and paid:  # paid less: a lost bet paid nothing under the rules, so it cannot have paid less
            parts = paid
        seat_parts.append(parts)
    return sorted(f"{key}.{part}" for part in fewest_parts(seat_parts))


def fewest_parts(seat_parts: list[set[str]]) -> set[str]:
    """The parts of the smallest sets of parts every differing seat holds one of (all of them
    when several are as small): one misread part that every differing seat played explains the
    difference better than each seat's every part (a seat that also owns a stable does not make
    a show bet's payout an owner's prize)."""
    every = sorted(set().union(*seat_parts)) if seat_parts else []
    for size in range(1, len(every) + 1):
        covers_all = [set(c) for c in combinations(every, size) if all(set(c) & parts for parts in seat_parts)]
        if covers_all:
            return set().union(*covers_all)
    return set(every)


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
