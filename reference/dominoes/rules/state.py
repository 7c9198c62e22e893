"""The state of a match and of its current round. Plain data; the rules live elsewhere."""

from __future__ import annotations

from dataclasses import dataclass, field

from .layout import Layout
from .interpretations import DEFAULTS, Options
from .seating import Seating
from .tiles import Tile

# Phases of a match.
PLAY = "play"                    # the player to act places, draws, passes (or stops)
PLACE_DRAWN = "place_drawn"      # the player must place the tile just drawn (DOM-DRAW-3)
AWAITING_DEAL = "awaiting_deal"  # the round is over; the next deal is a chance input
OVER = "over"                    # the match has been won


@dataclass
class RoundState:
    hands: list[list[Tile]]          # per seat, in the order the tiles were received
    draw_pile: list[Tile]            # index 0 is the top
    opener: int
    layout: Layout = field(default_factory=Layout)
    to_play: int = 0
    drawn_tile: Tile | None = None
    continuing: bool = False         # the player to act is continuing a turn (DOM-CONT-3)
    last_placer: int | None = None
    # The last tile played from hand, with its raw points: for a continuing player, the tile
    # before the one just played, which the continuation is NOT asked of (DOM-CONT-3,
    # `continuation.asked_of_the_tile_just_played`); None before the round's first.
    last_placement: tuple[Tile, int] | None = None

    def copy(self) -> "RoundState":
        return RoundState([list(h) for h in self.hands], list(self.draw_pile), self.opener,
                          self.layout.copy(), self.to_play, self.drawn_tile, self.continuing,
                          self.last_placer, self.last_placement)


@dataclass
class MatchState:
    seating: Seating
    scores: list[int]                # displayed points per side (DOM-SET-4)
    options: Options = DEFAULTS
    phase: str = AWAITING_DEAL
    round: RoundState | None = None
    round_number: int = 0
    next_opener: int | None = None   # fixed by DOM-OPEN-5; None means a neutral draw (input)
    winners: list[int] | None = None # sides that won the match

    def copy(self) -> "MatchState":
        return MatchState(self.seating, list(self.scores), self.options, self.phase,
                          self.round.copy() if self.round else None, self.round_number,
                          self.next_opener, list(self.winners) if self.winners else None)

    @property
    def to_play(self) -> int | None:
        return self.round.to_play if self.phase in (PLAY, PLACE_DRAWN) else None
