"""Players, seats, sides and deal sizes (DOM-SET-2..4, DOM-DEAL-2/3, DOM-TURN-1)."""

from __future__ import annotations

from dataclasses import dataclass

INDIVIDUAL, PARTNERSHIP = "individual", "partnership"

# DOM-DEAL-2/3: tiles per hand, and what is left for the draw pile.
HAND_SIZE = {2: 7, 3: 6, 4: 5}
DRAW_PILE_SIZE = {2: 14, 3: 10, 4: 8}


@dataclass(frozen=True)
class Seating:
    """Seats 0..n-1 clockwise. In partnerships seats 0+2 and 1+3 are partners (DOM-SET-3)."""

    players: int
    mode: str = INDIVIDUAL

    @property
    def sides(self) -> int:
        """DOM-SET-4: one score per individual player, one per pair."""
        return 2 if self.mode == PARTNERSHIP else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.mode == PARTNERSHIP else seat

    def members(self, side: int) -> list[int]:
        return [seat for seat in range(self.players) if self.side_of(seat) == side]

    def next_clockwise(self, seat: int) -> int:
        """DOM-TURN-1: play passes clockwise."""
        return (seat + 1) % self.players

    def side_name(self, side: int) -> str:
        if self.mode == PARTNERSHIP:
            return "+".join(str(seat) for seat in self.members(side))
        return str(side)
