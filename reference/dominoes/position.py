"""Position starts: a match case that begins from an explicit position (`setup.position`)
instead of a deal.

    position:
      layout: ["place 3|6", "place 6|6 at 3|6 high", ...]   placements, in the order played
      hands: [[...], ...]            every seat's tiles
      draw_pile: [...]               top first
      scores: [...]                  per side (or setup.scores)
      round: 3                       the round being played (1 or more)
      turn: 1                        the seat to act
      phase: play | place_drawn      place_drawn: `drawn_tile` waits to be placed (DOM-DRAW-3)
      drawn_tile: "5|5"              only with place_drawn; it is in the hand of the seat to act
      continuing: false              the seat to act is continuing its turn (DOM-CONT-3)
      opener: 0                      optional: who opened this round (informative)

Nothing else is needed for what follows: the next opener is the player of the last tile
(DOM-OPEN-5) or a neutral draw given with the next deal (DOM-OPEN-6).

A position that play cannot reach is refused with an InputError naming its field: a tile
missing or repeated across layout, hands and pile (DOM-SET-1), a pile larger than the deal
leaves (DOM-DEAL-3), a round already over (an empty hand, DOM-END-1, or nobody able to place
with an empty pile, DOM-BLOCK-1), a drawn tile that is not playable or not in the hand, a
continuing player on an empty layout, an opening position that is not a fresh deal.
"""

from __future__ import annotations

from typing import Any, Mapping

from reference.core.errors import InputError, IllegalAction
from reference.core.replay_context import replay_memo

from .actions import parse_action, parse_tile, shown
from .rules.deal import check_distinct, new_match
from .rules.interpretations import Options
from .rules.layout import Layout, has_legal_placement
from .rules.moves import Place
from .rules.seating import DRAW_PILE_SIZE, HAND_SIZE, INDIVIDUAL
from .rules.state import PLACE_DRAWN, PLAY, MatchState, RoundState
from .rules.tiles import DOUBLE_SIX_SET, tile_str

FIELDS = ("layout", "hands", "draw_pile", "scores", "round", "turn", "phase", "drawn_tile", "continuing",
          "opener")
MAX_ROUND = 10_000


def position_match(setup: Mapping[str, Any], options: Options, field: str = "setup") -> MatchState:
    """The match state a position describes, checked to be reachable."""
    where = f"{field}.position"
    position = setup["position"]
    if not isinstance(position, Mapping):
        raise InputError(where, f"expected a mapping, found {shown(position)}")
    unknown = sorted(set(position) - set(FIELDS), key=str)
    if unknown:
        raise InputError(f"{where}.{unknown[0]}", "unknown field; a position gives " + ", ".join(FIELDS))
    if "deal" in setup:
        raise InputError(f"{field}.deal", "a match starts from a deal or from a position, not both")
    if "scores" in setup and "scores" in position:
        raise InputError(f"{where}.scores", "scores are given once: in the position or in the setup")
    scores = position.get("scores", setup.get("scores"))
    if "players" not in setup:
        raise InputError(f"{field}.players", "missing")
    mode = setup.get("mode", INDIVIDUAL)
    new_match(setup["players"], mode, None, options, field=field)          # players and mode
    match = new_match(setup["players"], mode, scores, options, field=where if "scores" in position else field)
    players = match.seating.players

    layout, layout_tiles = shared_layout(position, where)
    hands = position_hands(position, players, where)
    pile = tile_list(position.get("draw_pile"), f"{where}.draw_pile")
    check_distinct([layout_tiles] + hands + [pile], where, ["layout"] + ["hands"] * len(hands) + ["draw_pile"])
    present = set(layout_tiles).union(*hands, pile)
    missing = [t for t in DOUBLE_SIX_SET if t not in present]
    if missing:
        raise InputError(where, "the position leaves out " + ", ".join(tile_str(t) for t in missing)
                         + "; layout, hands and draw pile hold the whole set", "DOM-SET-1")
    if len(pile) > DRAW_PILE_SIZE[players]:
        raise InputError(f"{where}.draw_pile", f"{len(pile)} tiles; with {players} players the deal leaves "
                         f"{DRAW_PILE_SIZE[players]}", "DOM-DEAL-3")

    turn = seat_value(position.get("turn"), players, f"{where}.turn")
    opener = seat_value(position.get("opener", turn), players, f"{where}.opener")
    round_number = position.get("round", 1)
    if type(round_number) is not int or not 1 <= round_number <= MAX_ROUND:
        raise InputError(f"{where}.round", f"{shown(round_number)}: a round number from 1 to {MAX_ROUND}")
    phase = position.get("phase", PLAY)
    if phase not in (PLAY, PLACE_DRAWN):
        raise InputError(f"{where}.phase", f"{shown(phase)}: a position is in phase play or place_drawn")
    continuing = position.get("continuing", False)
    if type(continuing) is not bool:
        raise InputError(f"{where}.continuing", f"{shown(continuing)}: true or false")

    for seat, hand in enumerate(hands):
        if not hand and layout_tiles:
            raise InputError(f"{where}.hands[{seat}]", "an empty hand has played its last tile: that round "
                             "is over", "DOM-END-1")
    if not layout_tiles:
        opening_position(hands, pile, players, phase, continuing, where)
    elif not pile and not any(has_legal_placement(layout, hand) for hand in hands):
        raise InputError(where, "the draw pile is empty and nobody can place: that round is blocked and over",
                         "DOM-BLOCK-1")
    drawn = None
    if phase == PLACE_DRAWN:
        drawn = drawn_tile(position, layout, hands[turn], where)
    elif "drawn_tile" in position and position["drawn_tile"] is not None:
        raise InputError(f"{where}.drawn_tile", "a drawn tile waits only in phase place_drawn")

    match.round = RoundState(hands=hands, draw_pile=pile, opener=opener, layout=layout, to_play=turn,
                             drawn_tile=drawn, continuing=continuing, last_placer=turn if continuing else None)
    match.round_number = round_number
    match.phase = phase
    return match


def shared_layout(position: Mapping[str, Any], where: str) -> tuple[Layout, list]:
    """position_layout; among the replays of one case made for its vector, built once and
    copied (a layout does not depend on the options; its copies share only the PlacedTiles,
    which never change)."""
    memo = replay_memo()
    placements = position.get("layout", [])
    if memo is None or not isinstance(placements, list) or not all(type(p) is str for p in placements):
        return position_layout(position, where)
    key = ("position_layout", tuple(placements))
    if key not in memo:
        memo[key] = position_layout(position, where)
    layout, tiles = memo[key]
    return layout.copy(), list(tiles)


def position_layout(position: Mapping[str, Any], where: str) -> tuple[Layout, list]:
    """The layout replayed from its placements, each checked as in play (DOM-PLACE-1, DOM-DBL-2)."""
    placements = position.get("layout", [])
    if not isinstance(placements, list):
        raise InputError(f"{where}.layout", f"expected a list of placements, found {shown(placements)}")
    if len(placements) > len(DOUBLE_SIX_SET):
        raise InputError(f"{where}.layout", f"{len(placements)} placements; the set has 28 tiles")
    layout = Layout()
    for index, text in enumerate(placements):
        field = f"{where}.layout[{index}]"
        action = parse_action(text, field)
        if not isinstance(action, Place):
            raise InputError(field, "a layout lists placements only ('place T' then 'place T at POINT')")
        try:
            if layout.is_empty():
                if action.at is not None:
                    raise InputError(f"{field}", "the first placement opens the layout: no 'at'", "DOM-OPEN-3")
                layout.open_with(action.tile, field)
            elif action.at is None:
                raise InputError(field, "name the attachment point ('place T at POINT')", "DOM-PLACE-1")
            else:
                layout.attach(action.tile, action.at, field, field)
        except IllegalAction as exc:
            raise InputError(exc.field, exc.message, exc.clause) from None
    return layout, layout.tiles()


def position_hands(position: Mapping[str, Any], players: int, where: str) -> list[list]:
    hands = position.get("hands")
    if not isinstance(hands, list):
        raise InputError(f"{where}.hands", f"expected one list of tiles per seat, found {shown(hands)}")
    if len(hands) != players:
        raise InputError(f"{where}.hands", f"{len(hands)} hands for {players} players", "DOM-DEAL-2")
    return [tile_list(hand, f"{where}.hands[{seat}]") for seat, hand in enumerate(hands)]


def tile_list(values: Any, field: str) -> list:
    if not isinstance(values, list):
        raise InputError(field, f"expected a list of tiles, found {shown(values)}")
    if len(values) > len(DOUBLE_SIX_SET):
        raise InputError(field, f"{len(values)} tiles; the set has 28")
    return [parse_tile(v, f"{field}[{i}]") for i, v in enumerate(values)]


def seat_value(value: Any, players: int, field: str) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise InputError(field, f"{shown(value)} is not a seat (0 to {players - 1})")
    return value


def opening_position(hands, pile, players, phase, continuing, where) -> None:
    """An empty layout: the round has not begun, so hands and pile are a fresh deal."""
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE[players]:
            raise InputError(f"{where}.hands[{seat}]", f"{len(hand)} tiles on an empty layout; a fresh deal "
                             f"gives {HAND_SIZE[players]}", "DOM-DEAL-2")
    if phase != PLAY or continuing:
        raise InputError(f"{where}.phase", "on an empty layout the opener simply plays (phase play, not "
                         "continuing)", "DOM-OPEN-3")


def drawn_tile(position, layout: Layout, hand: list, where: str):
    if "drawn_tile" not in position or position["drawn_tile"] is None:
        raise InputError(f"{where}.drawn_tile", "phase place_drawn needs the drawn tile that waits", "DOM-DRAW-3")
    tile = parse_tile(position["drawn_tile"], f"{where}.drawn_tile")
    if tile not in hand:
        raise InputError(f"{where}.drawn_tile", f"{tile_str(tile)} is not in the hand of the seat to act "
                         "(a drawn tile joins the hand until placed)", "DOM-DRAW-3")
    if not has_legal_placement(layout, [tile]):
        raise InputError(f"{where}.drawn_tile", f"{tile_str(tile)} fits nowhere: only a playable tile stops "
                         "the drawing and waits to be placed", "DOM-DRAW-2")
    return tile
