"""Small builders for domino tests: layouts from placement strings, matches from deals."""

from __future__ import annotations

from reference.core.log import StepLog
from reference.dominoes.actions import parse_action
from reference.dominoes.rules.layout import Layout
from reference.dominoes.rules.deal import deal_round, new_match
from reference.dominoes.options import Options
from reference.dominoes.replay import build_layout
from reference.dominoes.actions import parse_tile
from reference.dominoes.rules.tiles import DOUBLE_SIX_SET, tile_str
from reference.dominoes.rules.turns import legal_actions, play


def tiles(*texts: str) -> list:
    return [parse_tile(t, "test") for t in texts]


def layout_of(*placements: str) -> Layout:
    """layout_of("place 1|4", "place 1|1 at 1|4 low")."""
    return build_layout(list(placements), "test")


def rest_of_set(*groups) -> list:
    used = {t for group in groups for t in group}
    return [t for t in DOUBLE_SIX_SET if t not in used]


def start(hands: list[list[str]], opener: int = 0, mode: str = "individual", scores=None,
          pile: list[str] | None = None, **options):
    """A match dealt with these hands; the draw pile is `pile` or the rest of the set in order."""
    hand_tiles = [tiles(*h) for h in hands]
    pile_tiles = tiles(*pile) if pile is not None else rest_of_set(*hand_tiles)
    match = new_match(len(hands), mode, scores, Options(**options))
    deal_round(match, hand_tiles, pile_tiles, opener, StepLog())
    return match


def act(match, text: str) -> StepLog:
    log = StepLog()
    play(match, parse_action(text, "test"), log)
    return log


def types(log: StepLog) -> list[str]:
    return [e["type"] for e in log.events]


def actions(match) -> list[str]:
    return [str(a) for a in legal_actions(match)]


def hand(match, seat: int) -> list[str]:
    return [tile_str(t) for t in match.round.hands[seat]]
