"""Players, seats, sides and deal sizes (section "Jugadores, fichas y puntuación")."""

from __future__ import annotations

from dataclasses import dataclass

INDIVIDUAL, PARTNERSHIP = "individual", "partnership"

# DOM-DEAL-2: each player is dealt 7 tiles with two players, 6 with three and 5 with four.
HAND_SIZE = {2: 7, 3: 6, 4: 5}
# DOM-DEAL-3: the remaining 14, 10 or 8 tiles form the draw pile, every one of them drawable.
DRAW_PILE_SIZE = {2: 14, 3: 10, 4: 8}


@dataclass(frozen=True)
class Seating:
    """Seats 0..n-1 clockwise."""

    players: int
    mode: str = INDIVIDUAL

    @property
    def sides(self) -> int:
        # DOM-SET-4: each individual player keeps a score; the two partners of a pair share one.
        return 2 if self.mode == PARTNERSHIP else self.players

    def side_of(self, seat: int) -> int:
        # DOM-SET-3: partners sit opposite each other (seats 0+2 and 1+3) for the whole match.
        return seat % 2 if self.mode == PARTNERSHIP else seat

    def members(self, side: int) -> list[int]:
        return [seat for seat in range(self.players) if self.side_of(seat) == side]

    def next_clockwise(self, seat: int) -> int:
        """Play passes clockwise (DOM-TURN-1, decided in turn_order.end_turn)."""
        return (seat + 1) % self.players

    def side_name(self, side: int) -> str:
        if self.mode == PARTNERSHIP:
            return "+".join(str(seat) for seat in self.members(side))
        return str(side)
