"""Which observation paths each domino clause's decision determines (`Game.clause_keys`).

A runner that finds a step diverging attributes it to those of the step's clauses (the
vector's `step_clauses`) whose paths cover a differing path: `key`, `key.field`,
`events.<type>` or `events.<type>.<field>`. The paths cover every kind's keys (layout, match,
probe, settlement, perft) and `error`, the key of a refused step. Interpretations (DOM-INT-*) are not clauses: the step's
record may name them, but vectors keep only catalog clauses.

A footprint may name a finer path than a whole key (attribution_paths.py says when a
difference lies on it): which legal action is extra or missing, by its form
(`legal_actions.draw.missing`, `legal_actions.place.branch.extra`), a sum of the counted ends
too large or too small (`end_sum.over`, `.under`), an opening or last tile left unscored (`events.placed.unscored.opening`,
`.last_tile`), and a settlement's per-side values by the side's role in the expected
settlement (`settlement.bonus.winner`, `.tied_winner`, `.loser`; the counted pips also as
`.own_subtracted`, `.own_counted`, `.tied_winners_left_out`). A footprint naming a whole key
still covers each of its finer paths.
"""

from __future__ import annotations

# The placement as the layout records it, and what the counting of ends gives.
_LAYOUT = ["tiles", "connections", "attachment_points", "events.placed.at"]
_COUNT = ["counted", "end_sum", "events.placed.end_sum"]
# What the counted ends add to the sum: a rule that makes something count adds to it (`.under`
# when misread), one that makes something count zero keeps it out (`.over` when misread).
_COUNTS = ["counted", "end_sum.under", "events.placed.end_sum.under"]
_COUNTS_ZERO = ["counted", "end_sum.over", "events.placed.end_sum.over"]
_AWARD = ["points", "events.placed.raw", "events.placed.displayed", "events.scored", "scores"]
# What perft counts from the offer of actions.
_PERFT = ["perft", "divide"]
_TURN = ["turn", "continuing", "events.turn_ended", "events.continued"]
# A settlement's scores: what the bonus adds to (and nothing else may take from, DOM-SETTLE-5).
_SETTLED_SCORES = ["scores", "settlement.scores", "events.settlement.scores"]


def _settlement(*fields: str) -> list[str]:
    """A settlement field, in the settlement kind's `settlement` key and in the settlement event."""
    return [f"{source}.{field}" for field in fields for source in ("settlement", "events.settlement")]


# Who wins a blocked round: the one side with the lowest sum (ties: DOM-TIE-1/2).
_LOWEST_WINS = _settlement("winners.winner", "winners.loser")
# Tied winners: each a winner, paid one full bonus for every other hand (other tied winners too).
_TIED = _settlement("winners.tied_winner", "bonus.tied_winner", "counted_pips.tied_winner",
                    "counted_pips.tied_winners_left_out")
_OPENER = ["events.round_started.opener", "turn", "legal_actions"]

CLAUSE_KEYS: dict[str, list[str]] = {
    "DOM-SET-1": ["error", "tiles", "hands"],
    "DOM-SET-2": ["error"],
    "DOM-SET-3": ["events.scored.side", "events.round_won.side", "settlement.side_pips",
                  "events.settlement.side_pips"],
    "DOM-SET-4": ["scores", "events.scored.score"],
    "DOM-DEAL-2": ["events.round_started", "hands", "error"],
    # Every tile of the pile may be drawn: a draw withheld while tiles are left misreads it.
    "DOM-DEAL-3": ["events.round_started", "draw_pile", "error", "legal_actions.draw.missing"],
    "DOM-SCORE-1": ["scores", "points.displayed", "events.placed.displayed", "events.scored.displayed",
                    "events.scored.score"],
    "DOM-OPEN-1": _OPENER + ["error"],
    "DOM-OPEN-2": _OPENER + ["error"],
    "DOM-OPEN-3": ["legal_actions.place.opening", "events.placed", "error"] + _PERFT,
    # The opening and the last tile are scored like any other (not left unscored).
    "DOM-OPEN-4": ["points", "events.placed.unscored.opening", "events.scored", "scores"],
    "DOM-TURN-1": ["turn", "events.turn_ended.next", "error"],
    "DOM-OPEN-5": ["next_opener", "events.next_opener", "error"] + _OPENER,
    "DOM-OPEN-6": ["next_opener", "events.next_opener", "error"] + _OPENER,
    "DOM-PLACE-1": _LAYOUT + ["events.placed", "error"],
    "DOM-PLACE-2": ["attachment_points"] + _COUNT,
    "DOM-CONT-1": _TURN,
    "DOM-CONT-2": ["events.continued.reason"],
    "DOM-CONT-3": _TURN,
    "DOM-CONT-4": _TURN,
    # The end of the round or match comes first: no continuation, no placement follows. Whether
    # the round or the match ended (and its events) is DOM-END-1's, DOM-BLOCK-1's, DOM-MATCH-2's.
    "DOM-CONT-5": ["continuing", "events.continued", "turn", "legal_actions"],
    "DOM-CONT-6": _TURN,
    "DOM-DBL-1": ["branching_doubles", "attachment_points", "legal_actions.place.branch.missing"],
    "DOM-DBL-2": ["attachment_points", "legal_actions.place.branch.extra", "error"] + _PERFT,
    "DOM-DBL-3": ["attachment_points", "legal_actions.place.branch.missing", "events.placed.at"] + _PERFT,
    "DOM-DBL-4": ["attachment_points", "legal_actions.place.branch.extra", "legal_actions.place.branch.missing"],
    "DOM-COUNT-1": _COUNTS,
    "DOM-COUNT-2": _COUNTS_ZERO,
    "DOM-COUNT-3": _COUNTS,
    "DOM-COUNT-4": _COUNT,
    "DOM-COUNT-5": ["branching_doubles"],
    "DOM-COUNT-6": _COUNTS_ZERO,
    "DOM-COUNT-7": _COUNTS_ZERO,
    "DOM-PTS-1": _COUNTS_ZERO,
    "DOM-PTS-2": _AWARD,
    "DOM-PTS-3": _AWARD,
    "DOM-PTS-4": ["events.placed.unscored.opening", "events.placed.unscored.last_tile", "events.scored",
                  "scores"],
    "DOM-PTS-5": _COUNT,
    "DOM-PTS-6": ["points", "events.placed.raw", "events.placed.displayed", "events.scored.displayed"],
    "DOM-PTS-7": _AWARD,
    "DOM-DRAW-1": ["legal_actions.draw", "error"] + _PERFT,
    "DOM-DRAW-2": ["events.drew", "hands", "draw_pile"],
    "DOM-DRAW-3": ["phase", "events.drew.playable", "error", "legal_actions.place", "legal_actions.draw",
                   "legal_actions.pass"] + _PERFT,
    "DOM-DRAW-4": _TURN,
    "DOM-PASS-1": ["legal_actions.pass", "events.passed", "error"] + _PERFT,
    # The round ends (blocked, or won by the last tile) and is settled; what the settlement pays
    # is the settlement clauses'.
    "DOM-BLOCK-1": ["events.round_blocked", "phase", "turn", "legal_actions", "events.settlement.kind"],
    "DOM-END-1": ["events.round_won", "phase", "turn", "legal_actions", "events.settlement.kind",
                  "settlement.winners.winner"],
    "DOM-BLOCK-2": _LOWEST_WINS,
    "DOM-BLOCK-3": _LOWEST_WINS,
    "DOM-SETTLE-1": _settlement("counted_pips.winner", "counted_pips.own_counted", "counted_pips.loser"),
    "DOM-SETTLE-2": _settlement("bonus.winner"),
    "DOM-SETTLE-3": _settlement("bonus.winner"),
    "DOM-SETTLE-4": _settlement("counted_pips.own_subtracted"),
    "DOM-SETTLE-5": _SETTLED_SCORES + _settlement("bonus.loser"),
    "DOM-SETTLE-6": _settlement("counted_pips.own_counted"),
    # Every tied side wins, each paid one full bonus for all the others' hands.
    "DOM-TIE-1": _TIED,
    "DOM-TIE-2": _TIED,
    # When points are recorded (a scored event at the placement, for the placer's side), not
    # their unit (DOM-SCORE-1) nor their amount (DOM-PTS-*).
    "DOM-MATCH-1": ["events.scored.side", "scores"],
    # Ends the match at once: before any further placement or the round's settlement (whose
    # bonus would change the scores).
    "DOM-MATCH-2": ["events.match_won", "match_winners", "phase", "turn", "legal_actions",
                    "events.round_won", "events.settlement", "events.turn_ended", "events.continued",
                    "scores"],
    "DOM-MATCH-3": ["events.match_won", "match_winners", "phase"],
    "DOM-MATCH-4": ["scores", "events.settlement.scores", "events.match_won"],
    # Who shares the win: the winners, not whether the match ended (DOM-MATCH-3/4).
    "DOM-MATCH-5": ["events.match_won.winners", "match_winners"],
    "DOM-MATCH-6": ["events.match_won", "match_winners"],
}
