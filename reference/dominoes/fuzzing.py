"""Random domino cases for differential fuzzing (issue 10), made from a Chooser's numbers.

Three kinds, each in the protocol form of its vector file:

- `match`: a deal (or, by a choice, a position reached by play) and then play: legal actions
  mixed with refused ones, a new deal written out whenever a round ends;
- `probe`: a position reached by play (0 = the fresh deal), then a short run, never past the
  end of the round;
- `layout`: placements on a bare layout (no hands: any tile not on the table may be placed);
- `settlement`: remaining hands settled after a domino or a block (no refused form: one step).

Layout and settlement cases carry the given options, which do not change them.

All chance is written out: the deals (`choose.shuffled` of the set), the neutral draws (the
`opener` of a deal when the rules need one), the start scores. The reference engine says which
actions are legal (`legal_actions`), and every refused action is tried on a copy of the state
first: only an action the engine really refuses is written, followed by an `observe` step, so
that the case checks that the refusal left the state as it was.

Refused forms (each where the engine refuses it; domino steps carry no seat, so "out of turn"
cannot be written in the protocol): a tile not in the hand (DOM-PLACE-1), a tile that does not
match the point (DOM-PLACE-1), a taken, unopened or absent point (DOM-PLACE-1, DOM-DBL-2), a
placement without its point or an opening with one (DOM-PLACE-1, DOM-OPEN-3), another tile
instead of the drawn one (DOM-DRAW-3), a draw while able to place or with an empty pile
(DOM-DRAW-1, DOM-PASS-1), a pass while able to place or draw (DOM-DRAW-1, DOM-PASS-1), a stop
not offered (DOM-INT-7), the twin point that canonical points do not offer (DOM-INT-2), an action
where a deal is due (DOM-END-1) and an action after the match is over (DOM-MATCH-2).

Contract (reference/core/fuzz/choices.py): 0 is the simplest choice everywhere, so all zeros
give a two-player match from scores 0, the unshuffled deal, seat 0 opening, one legal step.
"""

from __future__ import annotations

from typing import Any, Callable

from reference.core.errors import IllegalAction
from reference.core.fuzz.choices import Chooser

from .generate import cut_hands
from .options import parse_options
from .playout import EventLog
from .position import position_match
from .probes import position_of
from .replay import apply_layout_placement
from .rules.deal import deal_round, new_match
from .rules.layout import BRANCHES, LONG_SIDES, NON_DOUBLE_SIDES, Layout, Point, joins
from .rules.moves import Action, Draw, Pass, Place, Stop
from .rules.seating import HAND_SIZE, INDIVIDUAL, PARTNERSHIP, Seating
from .rules.state import AWAITING_DEAL, OVER, PLACE_DRAWN, MatchState
from .rules.tiles import DOUBLE_SIX_SET, Tile, is_double, tile_str
from .rules.turns import legal_actions, legal_placements, play

KINDS = ("match", "probe", "layout", "settlement")
# The game's other kinds, and why no fuzz case is made of them (named in `horserace fuzz --help`).
NOT_FUZZED = {
    "perft": "a perft case's answer is a count over every legal sequence of actions to a depth, not a "
             "step's observation: a wrong move shows there only as a different number; the legal actions "
             "a perft counts are compared at every step of the fuzzed match and probe cases "
             "(`legal_actions`), and `horserace perft` bisects a count",
}

FORMATS = [(2, INDIVIDUAL), (3, INDIVIDUAL), (4, INDIVIDUAL), (4, PARTNERSHIP)]
MAX_START_SCORE = 60          # start scores 0..60: below the target of 61 (DOM-MATCH-2)
# Hard caps on a case's steps (observe steps included).
MAX_STEPS = {"match": 300, "probe": 12, "layout": 40, "settlement": 1}
CONTINUE = {"match": 99, "probe": 60, "layout": 85}          # percent: add another step
REFUSE = 15                   # percent of steps that try a refused action
POSITION_START = 35           # percent of match cases that start from a position (probe: always)
MAX_WARMUP = 80               # actions played before a position start
NEAR_TARGET = 30              # percent of position starts whose scores are set close to 61
NEAR_TARGET_SPREAD = 12       # those scores run from 60 down to 49
OBSERVE = {"action": "observe"}


def generate(choose: Chooser, kind: str, options: dict[str, Any]) -> dict[str, Any]:
    if kind not in KINDS:
        raise ValueError(f"unknown domino fuzz kind {kind!r}; kinds are " + ", ".join(KINDS))
    parsed = parse_options(options)
    if kind == "layout":
        setup, steps = layout_input(choose)
    elif kind == "settlement":
        setup, steps = settlement_input(choose)
    else:
        setup, steps = match_input(choose, kind, parsed)
    return {"kind": kind, "options": dict(options), "input": {"setup": setup, "steps": steps}}


# -- chance written out ----------------------------------------------------------------------

def deal_from(choose: Chooser, players: int) -> tuple[list[list[Tile]], list[Tile]]:
    """A shuffle of the set split into hands and draw pile (DOM-DEAL-1..3); no swap keeps the
    set's order."""
    tiles = choose.shuffled(DOUBLE_SIX_SET)
    size = HAND_SIZE[players]
    return [tiles[i * size:(i + 1) * size] for i in range(players)], tiles[players * size:]


def deal_payload(hands, pile, opener: int | None) -> dict[str, Any]:
    payload: dict[str, Any] = {"hands": [[tile_str(t) for t in h] for h in hands],
                               "draw_pile": [tile_str(t) for t in pile]}
    if opener is not None:
        payload["opener"] = opener
    return payload


def next_deal(choose: Chooser, match: MatchState) -> tuple[dict[str, Any], tuple]:
    """The next round's deal; a neutral draw (`opener`) only when the rules need one
    (DOM-OPEN-1, DOM-OPEN-6): after a domino the player of the last tile opens (DOM-OPEN-5)."""
    players = match.seating.players
    hands, pile = deal_from(choose, players)
    opener = choose.below(players) if match.next_opener is None else None
    return deal_payload(hands, pile, opener), (hands, pile, opener)


# -- match and probe ----------------------------------------------------------------------------

def match_input(choose: Chooser, kind: str, options) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    players, mode = choose.pick(FORMATS)
    scores = [choose.below(MAX_START_SCORE + 1) for _ in range(Seating(players, mode).sides)]
    match = new_match(players, mode, scores, options)
    payload, (hands, pile, opener) = next_deal(choose, match)
    deal_round(match, hands, pile, opener, EventLog())
    setup: dict[str, Any] = {"players": players, "mode": mode, "scores": scores, "deal": payload}
    if kind == "probe" or choose.chance(POSITION_START):
        match, setup = position_start(choose, match, options, warmup=choose.below(MAX_WARMUP + 1))
    return setup, play_steps(choose, kind, match)


def position_start(choose: Chooser, match: MatchState, options, warmup: int) -> tuple[MatchState, dict]:
    """Play `warmup` legal actions (fewer if the round would end) and write the position out.
    The state then comes from the written position, exactly as a replay builds it."""
    for _ in range(warmup):
        action = choose.pick(legal_actions(match))
        trial = match.copy()
        play(trial, action, EventLog())
        if trial.phase in (AWAITING_DEAL, OVER):
            break                      # a position is inside a round: stop before its end
        match = trial
    position = position_of(match)
    if choose.chance(NEAR_TARGET):
        # A position's scores are free input (any score below the target): scores close to 61
        # make the ends of a match (DOM-MATCH-2..5) frequent, a shared win after a tied block too.
        position["scores"] = [MAX_START_SCORE - choose.below(NEAR_TARGET_SPREAD) for _ in match.scores]
    setup = {"players": match.seating.players, "mode": match.seating.mode, "position": position}
    return position_match(setup, options), setup


def play_steps(choose: Chooser, kind: str, match: MatchState) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    cap = MAX_STEPS[kind]
    while len(steps) + 2 <= cap:
        if match.phase == AWAITING_DEAL and kind == "probe":
            break                      # a probe never goes past the end of its round
        refused = refused_match_action(choose, match) if choose.chance(REFUSE) else None
        if refused is not None:
            steps += [{"action": str(refused)}, dict(OBSERVE)]
        elif match.phase == OVER:
            break
        elif match.phase == AWAITING_DEAL:
            payload, (hands, pile, opener) = next_deal(choose, match)
            deal_round(match, hands, pile, opener, EventLog())
            steps.append({"action": "deal", "deal": payload})
        else:
            action = choose.pick(legal_actions(match))
            play(match, action, EventLog())
            steps.append({"action": str(action)})
        if not choose.more(CONTINUE[kind]):
            break
    return steps


def refused_by_engine(match: MatchState, action: Action | None) -> bool:
    """Whether the reference engine refuses `action` here (tried on a copy)."""
    if action is None:
        return False
    try:
        play(match.copy(), action, EventLog())
    except IllegalAction:
        return True
    return False


def refused_match_action(choose: Chooser, match: MatchState) -> Action | None:
    """An action of one refused form (a choice), if the form applies and the engine refuses it."""
    if match.phase in (OVER, AWAITING_DEAL):
        form = choose.pick(AFTER_ROUND_FORMS)
    else:
        form = choose.pick(IN_ROUND_FORMS)
    action = form(choose, match)
    return action if refused_by_engine(match, action) else None


def hand_of(match: MatchState) -> list[Tile]:
    return match.round.hands[match.round.to_play]


def tile_not_in_hand(choose: Chooser, match: MatchState) -> Action | None:
    """A tile the player does not hold (another hand's, the pile's or the table's), at a point
    it would join if there is one (so that only the hand refuses it, DOM-PLACE-1)."""
    held = set(hand_of(match))
    others = [t for t in DOUBLE_SIX_SET if t not in held]
    tile = choose.pick(others)
    layout = match.round.layout
    if layout.is_empty():
        return Place(tile)
    points = [p for p in layout.attachment_points() if joins(tile, p)] or layout.attachment_points()
    return Place(tile, choose.pick(points)) if points else None


def mismatched_point(choose: Chooser, match: MatchState) -> Action | None:
    """A held tile at an open point it has no half for (DOM-PLACE-1)."""
    layout = match.round.layout
    pairs = [(t, p) for t in hand_of(match) for p in layout.attachment_points() if not joins(t, p)]
    return Place(*choose.pick(pairs)) if pairs else None


def closed_point(choose: Chooser, match: MatchState) -> Action | None:
    """A held tile at a point that is not open: a taken side, an unopened branch (DOM-DBL-2),
    a tile not on the table, or a side the tile does not have (DOM-PLACE-1)."""
    hand = hand_of(match)
    if not hand or match.round.layout.is_empty():
        return None
    target = choose.pick(DOUBLE_SIX_SET)
    sides = LONG_SIDES + BRANCHES if is_double(target) else NON_DOUBLE_SIDES
    if choose.chance(10):
        sides = (LONG_SIDES + BRANCHES) if not is_double(target) else NON_DOUBLE_SIDES
    point = Point(target, choose.pick(sides))
    if point in match.round.layout.attachment_points():
        return None
    return Place(choose.pick(hand), point)


def missing_or_extra_point(choose: Chooser, match: MatchState) -> Action | None:
    """A placement without its point (DOM-PLACE-1), or an opening that names one (DOM-OPEN-3)."""
    hand = hand_of(match)
    if not hand:
        return None
    tile = choose.pick(hand)
    if match.round.layout.is_empty():
        target = choose.pick([t for t in DOUBLE_SIX_SET if t != tile])
        return Place(tile, Point(target, NON_DOUBLE_SIDES[0] if not is_double(target) else LONG_SIDES[0]))
    return Place(tile)


def other_than_drawn(choose: Chooser, match: MatchState) -> Action | None:
    """While a drawn tile waits, another held tile at a point it joins (DOM-DRAW-3)."""
    if match.phase != PLACE_DRAWN:
        return None
    r = match.round
    moves = [m for m in legal_placements(r.layout, [t for t in hand_of(match) if t != r.drawn_tile])]
    return choose.pick(moves) if moves else None


def twin_point(choose: Chooser, match: MatchState) -> Action | None:
    """With symmetric_points: canonical, the twin point that is not offered (DOM-INT-2)."""
    if match.options.symmetric_points == "distinct" or match.phase not in ("play", PLACE_DRAWN):
        return None
    layout = match.round.layout
    free = set(layout.attachment_points())
    twins = {"line_a": "line_b", "branch_a": "branch_b"}
    moves = [Place(t, Point(p.tile, twins[p.side])) for t in hand_of(match) for p in layout.attachment_points()
             if p.side in twins and Point(p.tile, twins[p.side]) in free and joins(t, p)]
    return choose.pick(moves) if moves else None


def simple_action(action: Action) -> Callable[[Chooser, MatchState], Action]:
    return lambda choose, match: action


def any_action(choose: Chooser, match: MatchState) -> Action:
    """Where a deal is due (DOM-END-1) or the match is over (DOM-MATCH-2): any action is refused."""
    return choose.pick([Draw(), Pass(), Stop(), Place(choose.pick(DOUBLE_SIX_SET))])


IN_ROUND_FORMS = [tile_not_in_hand, mismatched_point, closed_point, simple_action(Draw()),
                  simple_action(Pass()), missing_or_extra_point, other_than_drawn, simple_action(Stop()),
                  twin_point]
AFTER_ROUND_FORMS = [any_action]


# -- layout -------------------------------------------------------------------------------------

def layout_input(choose: Chooser) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A layout built by random placements (0 = empty), then placements mixed with refused ones.
    The setup's placements are a list drawn with `choose.repeat`, each placement chosen by its
    tile, then its point (placement_by_tile): shrinking deletes any setup tile, and the others
    and the steps keep their tiles."""
    layout = Layout()
    placed_texts: list[str] = []
    for _ in choose.repeat(len(DOUBLE_SIX_SET) - 1):
        moves = layout_moves(layout)
        if not moves:
            break
        move = placement_by_tile(choose, moves)
        apply_layout_placement(layout, move, "setup")
        placed_texts.append(str(move))
    steps: list[dict[str, Any]] = []
    while len(steps) + 2 <= MAX_STEPS["layout"]:
        refused = refused_layout_placement(choose, layout) if choose.chance(REFUSE) else None
        if refused is not None:
            steps += [{"action": str(refused)}, dict(OBSERVE)]
        else:
            moves = layout_moves(layout)
            if not moves:
                break
            move = placement_by_tile(choose, moves)
            apply_layout_placement(layout, move, "step")
            steps.append({"action": str(move)})
        if not choose.more(CONTINUE["layout"]):
            break
    if not steps:
        steps.append(dict(OBSERVE))              # a full or blocked layout: observe it
    return {"layout": placed_texts}, steps


def placement_by_tile(choose: Chooser, moves: list[Place]) -> Place:
    """One of `moves`: a tile first (the first, in the set's order from a drawn place, that has a
    move: 0 = the set's first), then one of its points. Choosing by the tile rather than by the
    move's place in the list keeps the choice when other tiles come or go. The moves come
    grouped by tile in the set's order (legal_placements)."""
    start = DOUBLE_SIX_SET[choose.below(len(DOUBLE_SIX_SET))]
    first = next((i for i, move in enumerate(moves) if move.tile >= start), 0)    # else wrap round
    tile = moves[first].tile
    end = first + 1
    while end < len(moves) and moves[end].tile == tile:
        end += 1
    return choose.pick(moves[first:end])


def layout_moves(layout: Layout) -> list[Place]:
    """Every placement of a tile not yet on the table (a layout case has no hands)."""
    on_table = set(layout.tiles())
    return legal_placements(layout, [t for t in DOUBLE_SIX_SET if t not in on_table])


def refused_layout_placement(choose: Chooser, layout: Layout) -> Place | None:
    """A tile already on the table, a point it does not match, a closed point, or a missing or
    extra point; only if the engine refuses it."""
    on_table = layout.tiles()
    free = [t for t in DOUBLE_SIX_SET if t not in set(on_table)]
    form = choose.below(4)
    if form == 0 and on_table and layout.attachment_points():
        action = Place(choose.pick(on_table), choose.pick(layout.attachment_points()))
    elif form == 1 and free and layout.attachment_points():
        action = Place(choose.pick(free), choose.pick(layout.attachment_points()))
    elif form == 2 and free and not layout.is_empty():
        target = choose.pick(DOUBLE_SIX_SET)
        sides = LONG_SIDES + BRANCHES if is_double(target) else NON_DOUBLE_SIDES
        action = Place(choose.pick(free), Point(target, choose.pick(sides)))
    elif form == 3 and free:
        tile = choose.pick(free)
        action = Place(tile) if not layout.is_empty() else Place(tile, Point((0, 1), "high"))
    else:
        return None
    try:
        apply_layout_placement(layout.copy(), action, "step")
    except IllegalAction:
        return action
    return None


# -- settlement ---------------------------------------------------------------------------------

def settlement_input(choose: Chooser) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Remaining hands from a shuffle, the round ended by a domino (the last player's hand empty,
    DOM-END-1) or blocked (every hand holds tiles, DOM-BLOCK-1). Blocked hands are small (1 to 3
    tiles), so that tied lowest sums (DOM-TIE-1/2) come often; half the cases have scores close
    to 61, so that settlements end matches, several sides at once too (DOM-MATCH-4/5)."""
    players, mode = choose.pick(FORMATS)
    blocked = choose.below(2) == 1
    tiles = choose.shuffled(DOUBLE_SIX_SET)
    most = 3 if blocked else HAND_SIZE[players]
    sizes = [1 + choose.below(most) for _ in range(players)]
    last = None if blocked else choose.below(players)
    if last is not None:
        sizes[last] = 0
    hands = cut_hands(tiles, sizes)
    near = choose.chance(50)
    scores = [MAX_START_SCORE - choose.below(NEAR_TARGET_SPREAD) if near else choose.below(MAX_START_SCORE + 1)
              for _ in range(Seating(players, mode).sides)]
    setup: dict[str, Any] = {"players": players, "mode": mode, "scores": scores, "hands": hands,
                             "end": "blocked" if blocked else "domino"}
    if last is not None:
        setup["last_player"] = last
    return setup, [{"action": "settle"}]
