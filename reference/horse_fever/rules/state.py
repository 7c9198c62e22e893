"""The state of a game and of a race: plain dataclasses, nothing else."""

from __future__ import annotations

from dataclasses import dataclass, field

from .components import COLOURS, action_cards
from .options import DEFAULTS, Options

# Phases of a round (see phases.py): deal, betting (first bets, rigging, second bets), race
# (reveal, race rounds), payouts and new odds, end of round.
DEAL = "deal"
FIRST_BETS = "first_bets"
RIGGING = "rigging"
SECOND_BETS = "second_bets"
REVEAL = "reveal"
RACE = "race"
PAYOUTS = "payouts"
NEW_ODDS = "new_odds"
END_ROUND = "end_round"
OVER = "over"
RACE_OVER = "race_over"          # a `race` case after its last horse is ranked
ODDS_SET = "odds_set"            # an `odds` case after the new odds are set
TURN_PHASES = (FIRST_BETS, RIGGING, SECOND_BETS)


@dataclass
class Bet:
    player: int
    horse: str
    side: str                    # win | show
    amount: int
    second: bool = False         # placed during the second bets
    token: bool = True           # a bet token of the horse's colour lies on it (HF-BET-2; none was left: HF-INT-8)


@dataclass
class Player:
    vp: int
    danari: int                  # Danari in hand; stakes in play are in GameState.bets
    character: int | None = None
    hand: list[int] = field(default_factory=list)
    out: bool = False            # lost the game (HF-MIN-3)


@dataclass
class Ledger:
    """Every Danari and VP that entered or left the players' side of the table."""

    danari_start: int
    vp_start: int
    danari_paid: int = 0         # bank -> players (winnings beyond the stake, prizes)
    danari_received: int = 0     # players -> bank (losing stakes)
    vp_given: int = 0            # VP pool -> players
    vp_taken: int = 0            # players -> VP pool (penalties)


@dataclass
class Race:
    odds: dict[str, int]                 # the odds board during the race
    odds_before_cards: dict[str, int]    # the board before Alfio Allibratore / Steven Sting
    positions: dict[str, int] = field(default_factory=lambda: {c: 0 for c in COLOURS})
    ranking: list[str] = field(default_factory=list)
    cards: dict[str, list[int]] = field(default_factory=lambda: {c: [] for c in COLOURS})
    revealed: bool = False
    rounds_played: int = 0
    movement_seen: list[int] = field(default_factory=list)
    # a ranked horse -> the race round it finished in: read only where places would be shared
    # (ranking.place_of, HF-RANK-3 rules it out); a position does not carry it, nor does equality
    finished_in: dict[str, int] = field(default_factory=dict, compare=False)

    def copy(self) -> "Race":
        return Race(dict(self.odds), dict(self.odds_before_cards), dict(self.positions), list(self.ranking),
                    {h: list(c) for h, c in self.cards.items()}, self.revealed, self.rounds_played,
                    list(self.movement_seen), dict(self.finished_in))

    # HF-RANK-5: only the horses still on the track move; a ranked horse moves no further
    def running(self) -> list[str]:
        return [c for c in COLOURS if c not in self.ranking]

    # HF-RACE-1: the race goes on until every horse stands in the ranking
    def is_over(self) -> bool:
        return len(self.ranking) == len(COLOURS)

    def effects(self, horse: str) -> set[str]:
        """The effects of the revealed cards in force on a horse (none while face down)."""
        if not self.revealed or not self.cards[horse]:
            return set()
        cards = action_cards()
        return {cards[n].effect for n in self.cards[horse]}


@dataclass
class GameState:
    players: list[Player]
    odds: dict[str, int]                 # the odds board between races
    owners: dict[str, int]               # stable colour -> owning seat (HF-CHAR-1)
    tokens: dict[str, int]               # the bet-token pool (HF-SETUP-6)
    tokens_per_colour: int
    round: int                           # the hourglass (HF-SETUP-10, HF-END-2)
    rounds: int                          # HF-PLAY-1, HF-TABLE-2
    first_player: int
    ledger: Ledger
    options: Options = DEFAULTS
    phase: str = DEAL
    queue: list[int] = field(default_factory=list)   # seats still to act in this phase
    bets: list[Bet] = field(default_factory=list)
    race: Race | None = None
    winner: int | None = None

    def copy(self) -> "GameState":
        players = [Player(p.vp, p.danari, p.character, list(p.hand), p.out) for p in self.players]
        bets = [Bet(b.player, b.horse, b.side, b.amount, b.second, b.token) for b in self.bets]
        ledger = Ledger(**vars(self.ledger))
        return GameState(players, dict(self.odds), dict(self.owners), dict(self.tokens), self.tokens_per_colour,
                         self.round, self.rounds, self.first_player, ledger, self.options, self.phase,
                         list(self.queue), bets, self.race.copy() if self.race else None, self.winner)

    @property
    def to_play(self) -> int | None:
        return self.queue[0] if self.phase in TURN_PHASES and self.queue else None

    def in_game(self) -> list[int]:
        return [seat for seat, p in enumerate(self.players) if not p.out]
