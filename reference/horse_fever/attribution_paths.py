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

Outside a payout a differing `vp` can only be the penalty for being short of the minimum bet;
each differing seat names `vp.out` (it left the game in this step on one side: HF-MIN-3),
`vp.penalty` (the VP differ by other than whole 2 VP penalties: the penalty's size, HF-MIN-2),
`vp.covered` (one side penalised a seat whose Danari equal the minimum at the VP the other
left it with: whether they cover it, HF-MIN-2) or `vp.minimum` (the Danari stand clearly
below or above VP x 100 D: what the minimum is, HF-MIN-1). A differing `odds.<colour>` names,
from the row the step before showed: `odds.up` / `odds.down` (both sides moved the token that
way, a different number of rows: HF-NEWODDS-2/3), `odds.level` (the expected token kept its
row: HF-NEWODDS-4) or `odds.direction` (the expected token moved, the actual one stayed or went
the other way: the comparison of row and place, HF-NEWODDS-1). A differing
`positions.<colour>` names `positions.ranked` (the step before ranked the horse: HF-RANK-5,
HF-SPRINT-3) or `positions.running`. Without the step before these keep their own path.
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
        paid = payout_paths(difference.path, expected, actual, before or {})
        if paid or difference.path == "danari" or _settled_bets(expected, before or {}) is not None:
            return paid
        return penalty_paths(expected, actual, before or {})
    if difference.path.startswith("odds.") and difference.path.count(".") == 1:
        return odds_paths(difference.path.split(".")[1], expected, actual, before or {})
    if difference.path.startswith("positions.") and difference.path.count(".") == 1:
        return position_paths(difference.path.split(".")[1], expected, actual, before or {})
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


# -- the minimum bet and its penalty (HF-MIN-1..3) -------------------------------------------

DANARI_PER_VP, VP_PENALTY = 100, 2               # HF-MIN-1, HF-MIN-2


def _seats(value: Any) -> set[int] | None:
    if not isinstance(value, list) or not all(type(s) is int for s in value):
        return None
    return set(value)


def penalty_paths(expected: Mapping[str, Any], actual: Mapping[str, Any],
                  before: Mapping[str, Any]) -> list[str]:
    """Outside a payout only the penalty for being short of the minimum bet changes a VP: of each
    seat whose VP differ, which decision the two disagree on (seat's Danari read from the
    expected observation, which the penalty leaves as they were)."""
    want, got, danari = (_whole_numbers(o.get(k)) for o, k in ((expected, "vp"), (actual, "vp"),
                                                                 (expected, "danari")))
    out_want, out_got = _seats(expected.get("players_out")), _seats(actual.get("players_out"))
    if want is None or got is None or danari is None or out_want is None or out_got is None:
        return []
    if not len(want) == len(got) == len(danari):
        return []
    out_before = _seats(before.get("players_out")) or set()
    paths = set()
    for seat, (w, g) in enumerate(zip(want, got)):
        if w != g:
            paths.add(penalty_part(seat, w, g, danari[seat], (out_want | out_got) - out_before))
    return sorted(f"vp.{part}" for part in paths)


def penalty_part(seat: int, want: int, got: int, danari: int, left: set[int]) -> str:
    """`out`: the seat left the game in this step on one side (HF-MIN-3: a player who cannot pay
    the 2 VP loses the game, with the VP still held); `penalty`: the VP differ by other than a
    whole number of 2 VP penalties (the size of the penalty, HF-MIN-2); `covered`: one side
    penalised a seat whose Danari are exactly the minimum bet at the VP the other side left it
    with (whether they cover it, HF-MIN-2); `minimum`: the sides disagree on a penalty where the
    seat's Danari stand clearly below or above the minimum, VP x 100 D (what the minimum is,
    HF-MIN-1)."""
    if seat in left:
        return "out"
    if (want - got) % VP_PENALTY:
        return "penalty"
    if got < want and danari == want * DANARI_PER_VP:
        return "covered"
    return "minimum"


# -- new odds (HF-NEWODDS-2..4) ------------------------------------------------------------

def odds_paths(horse: str, expected: Mapping[str, Any], actual: Mapping[str, Any],
               before: Mapping[str, Any]) -> list[str]:
    """Of a stable whose odds differ, compared with the row the step before showed (a, the
    expected row b, the actual row c): `odds.up` / `odds.down` when both moved the token that
    way, by different numbers of rows (how far: one row, HF-NEWODDS-2 / HF-NEWODDS-3);
    `odds.level` when the expected token kept its row and the actual one moved (HF-NEWODDS-4);
    `odds.direction` when the expected token moved and the actual one kept its row or moved the
    other way (which way the comparison of row and place sends it, HF-NEWODDS-1)."""
    was, now, got = before.get("odds"), expected.get("odds"), actual.get("odds")
    if not isinstance(was, dict) or not isinstance(now, dict) or not isinstance(got, dict):
        return []
    a, b, c = was.get(horse), now.get(horse), got.get(horse)
    if type(a) is not int or type(b) is not int or type(c) is not int:
        return []
    if b == a:
        return ["odds.level"]
    if (c - a) * (b - a) > 0:
        return ["odds.up" if b < a else "odds.down"]
    return ["odds.direction"]


# -- horse positions (HF-RANK-5, HF-SPRINT-3) ----------------------------------------------

def position_paths(horse: str, expected: Mapping[str, Any], actual: Mapping[str, Any],
                   before: Mapping[str, Any]) -> list[str]:
    """Whose position differs: `positions.ranked` (a horse the step before already ranked, which
    moves and sprints no further, HF-RANK-5, HF-SPRINT-3) or `positions.running` (any other)."""
    ranked, was = _horses(before.get("ranking")), before.get("positions")
    if ranked is None or not isinstance(was, dict) or horse not in was:
        return []
    return ["positions.ranked" if horse in ranked else "positions.running"]
