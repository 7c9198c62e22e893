"""Implementations that misread one rule, for the attribution tests: the reference engine with
one behaviour changed the way an implementer would change it (in the code around a rule, not
at the decision point that the counterfactual search alters).

    python misread_impl.py MODE        speaks the runner protocol (the reference adapter)

In process, `installed(MODE)` installs the misreading and `answers(MODE, case)` gives the
steps such an implementation reports for a case. The modes:

    refuses-non-double-opening  the first tile of a round must be a double (a legal opening refused)
    match-at-sixty              the match ends at 60 (the target constant read as 60)
    draws-one-tile              after drawing a tile that cannot be placed, the turn passes
    missed-finish               playing the last tile does not end the round (dominoes)
    misses-the-winning-card     the card that takes a horse over the line is not seen to win (cards)
    reads-scores-reversed       a position's scores are read in reverse seat order
    forgets-the-last-bettor     the seat on the banker's right is left out of the bettors (cards)
    keeps-the-last-card         the rigging turns stop a card short: the last card is kept (Horse Fever)
    show-keeps-a-tenth          a winning show bet is paid double less a tenth kept by the bank
    continuing-player-passes    a player continuing a turn who cannot place passes and may not draw
    fewest-tiles-win-the-block  an individual blocked round is won by the fewest tiles held, not pips
"""

from __future__ import annotations

import importlib
import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from reference.core.adapter import replay_case, serve            # noqa: E402
from reference.core.errors import IllegalAction                   # noqa: E402
from reference.core.mutation import patched                       # noqa: E402
from reference.dominoes.rules import drawing, match, points, settlement, turns    # noqa: E402
from reference.dominoes.rules.seating import INDIVIDUAL          # noqa: E402
from reference.dominoes.rules.moves import Place                  # noqa: E402
from reference.dominoes.rules.state import PLAY                   # noqa: E402
from reference.dominoes.rules.tiles import is_double              # noqa: E402
from reference.dominoes.rules.turn_order import EndTurn           # noqa: E402
from reference.cards.rules import race as card_race                 # noqa: E402
from reference.cards.rules import seating as card_seating           # noqa: E402
from reference.horse_fever.rules import payouts, rigging          # noqa: E402

DOMINO_REPLAY = importlib.import_module("reference.dominoes.replay")
DOMINO_POSITION = importlib.import_module("reference.dominoes.position")
PLAY_ACTION = turns.play
DRAW = drawing.draw
READ_POSITION = DOMINO_POSITION.position_match


def refuses_non_double_opening(m, action, log, field="action"):
    if isinstance(action, Place) and m.round.layout.is_empty() and not is_double(action.tile):
        raise IllegalAction(field, "a round opens with a double", "OPENING")
    return PLAY_ACTION(m, action, log, field)


def draws_one_tile(m, log, field):
    decided = DRAW(m, log, field)
    if m.phase == PLAY:                 # the tile drawn cannot be placed: the turn passes
        return EndTurn("drew", "DOM-DRAW-2")
    return decided


def missed_finish(m, seat, log):
    if match.end_match_by_placement(m, seat, log):
        log.rule("DOM-CONT-5")
        return True
    return False                        # an empty hand is not looked at


REVEAL_NEXT = card_race.reveal_next
BEGIN_RIGGING = rigging.begin_rigging


def forgets_the_last_bettor(banker, players):
    """The bettors counted one short, clockwise from the banker's left: the seat on the banker's
    right never chooses, and the race starts a choice early. Who is still to choose is asked of
    who bets at every choice (CRD-BET-3), so the misreading acts at the step it shows."""
    return [(banker + k) % players for k in range(1, players - 1)]


def keeps_the_last_card(state, log):
    """The rigging turns are counted one short when the rigging begins: the last player keeps its
    last card, and the second bets start a card early (no observation shows the turns to come;
    HF-RIG-2: the turns go round until every card is played)."""
    BEGIN_RIGGING(state, log)
    if len(state.queue) > 1:
        state.queue.pop()


def misses_the_winning_card(r, log, field):
    """The win is looked for before the card's horse moves: the crossing is not seen."""
    winner = REVEAL_NEXT(r, log, field)
    if winner is not None:
        r.winner = None
        log.events[:] = [e for e in log.events if e["type"] != "won"]
    return None


def reads_scores_reversed(setup, options, field="setup"):
    read = READ_POSITION(setup, options, field)
    read.scores.reverse()
    return read


def show_keeps_a_tenth(stake, options):
    """No alteration of one decision gives this value (the doubling's constant shifted gives the
    stake, or three times it), so the differing payout item is charged by its event."""
    return 2 * stake - stake // 10


MAY_DRAW, MAY_PASS = drawing.may_draw, drawing.may_pass


def continuing(m) -> bool:
    return m.phase == PLAY and m.round is not None and m.round.continuing


def no_draw_when_continuing(m, able_to_place):
    """Drawing read as what starts a turn: a player who continues one (after a double, a scoring
    tile) and cannot place may not draw..."""
    return False if continuing(m) else MAY_DRAW(m, able_to_place)


def pass_when_continuing(m, able_to_place):
    """...and passes instead, the pile full or not: one misreading, two changed answers."""
    return (continuing(m) and not able_to_place) or MAY_PASS(m, able_to_place)


BLOCKED_ROUND_WINNERS = settlement.blocked_round_winners


def fewest_tiles_win(seating, hands):
    """«La menor suma» read as the smallest hand: in individual play the fewest tiles win."""
    if seating.mode != INDIVIDUAL:
        return BLOCKED_ROUND_WINNERS(seating, hands)
    fewest = min(len(hand) for hand in hands)
    return [seat for seat, hand in enumerate(hands) if len(hand) == fewest]


def last_tile_not_scored(opening: bool, last_tile: bool) -> bool:
    """The tile that empties a hand read as ending the round before it is counted: it scores
    nothing, whatever the ends add up to (DOM-PTS-4 says it scores like any other)."""
    return not last_tile


MODES: dict[str, list[tuple[Any, str, Any]]] = {
    "refuses-non-double-opening": [(turns, "play", refuses_non_double_opening),
                                   (DOMINO_REPLAY, "play", refuses_non_double_opening)],
    "match-at-sixty": [(match, "TARGET", 60)],
    "draws-one-tile": [(drawing, "draw", draws_one_tile)],
    "missed-finish": [(turns, "end_of_match_or_round", missed_finish)],
    "forgets-the-last-bettor": [(card_seating, "bettors_in_order", forgets_the_last_bettor)],
    "keeps-the-last-card": [(rigging, "begin_rigging", keeps_the_last_card)],
    "misses-the-winning-card": [(card_race, "reveal_next", misses_the_winning_card)],
    "reads-scores-reversed": [(DOMINO_POSITION, "position_match", reads_scores_reversed),
                              (DOMINO_REPLAY, "position_match", reads_scores_reversed)],
    "show-keeps-a-tenth": [(payouts, "show_return", show_keeps_a_tenth)],
    "continuing-player-passes": [(drawing, "may_draw", no_draw_when_continuing),
                                 (drawing, "may_pass", pass_when_continuing)],
    "fewest-tiles-win-the-block": [(settlement, "blocked_round_winners", fewest_tiles_win)],
    "last-tile-not-scored": [(points, "scored_like_any_placement", last_tile_not_scored)],
}


@contextmanager
def installed(mode: str) -> Iterator[None]:
    with patched(*MODES[mode]):
        yield


def answers(mode: str, case: dict[str, Any]) -> list[dict[str, Any]]:
    """What the implementation reports for `case`, as JSON would carry it."""
    with installed(mode):
        return json.loads(json.dumps(replay_case(case)))


if __name__ == "__main__":
    with installed(sys.argv[1]):
        sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer))
