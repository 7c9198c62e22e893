"""The race: revealing race cards and moving the aces (CRD-RACE-1..10, CRD-FAQ-1/2).

One function or block per rule; the table's flow (session.py) calls `open_race` and
`reveal_next`. Rules are looked up through this module at call time, so replacing one
(a mutant) reaches every caller.
"""

from __future__ import annotations

from reference.core.errors import InputError

from . import track
from .cards import Card
from .state import Log, RaceState
from .track import TRACK_LENGTH, Lay

# CRD-RACE-5: position 7 is beside the last mark: a horse standing there has not won
LAST_MARK = TRACK_LENGTH
PAST_THE_MARK = 1           # the line is one position past the last mark, not at it (CRD-FAQ-1)
FINISH = LAST_MARK + PAST_THE_MARK      # past the last mark: over the line

# CRD-RACE-2: the ace of the card's suit moves forward exactly one position
STEP = 1


TOP = 0     # where the next race card is taken: the top of the race deck (CRD-RACE-1)


# CRD-RACE-1: the banker turns up the next race card, the top of the race deck
def turn_up(race: RaceState) -> Card:
    return race.deck.pop(TOP)


# CRD-RACE-1 (the deck left): «revela siguiente carta de carrera en pila separada»: the card turned
# up has left the race deck for a pile of its own, so the deck is counted without it
def deck_left(race: RaceState) -> int:
    return len(race.deck)


def to_revealed_pile(race: RaceState, c: Card) -> None:
    """A revealed card goes to its own pile (CRD-RACE-4), and stays there (CRD-RACE-10)."""
    race.revealed.append(c)
    if goes_back_into_deck(c):
        race.deck.append(c)


# CRD-RACE-10: «ya revelados no vuelven al mazo»: a revealed card never goes back into the race
# deck (not under it, not shuffled in)
def goes_back_into_deck(c: Card) -> bool:
    return False


# CRD-FAQ-2: only the suit matters: a card moves the ace of its own suit
def horse_of(c: Card) -> str:
    return c.suit


# CRD-RACE-3: the rank does not matter: a king runs no farther than a two
def steps_for(c: Card) -> int:
    if rank_moves_farther():
        return c.rank       # never: the misreading the rule rules out, kept as its own branch
    return STEP


# CRD-RACE-3 (rank): «valor no importa»: a card's rank never says how far its ace runs (CRD-FAQ-2 asks
# the same), so a misreading that lets it is CRD-RACE-3's own yes or no
def rank_moves_farther() -> bool:
    return False


def forward(position: int, steps: int) -> int:
    """A move is forward (CRD-RACE-9)."""
    return position + steps


# CRD-RACE-9: «en esta versión visible no hay retrocesos»: no horse ever moves backward; a mark
# every horse has passed sends nobody back (the hidden-track version's setback is not played)
def passed_mark_sends_back() -> bool:
    return False


# CRD-RACE-8: each card moves a single horse, its own, so no two can finish together
def move(race: RaceState, c: Card) -> tuple[str, int]:
    """Moves the card's horse; returns the horse and where it stood before."""
    horse = horse_of(c)
    before = race.positions[horse]
    race.positions[horse] = forward(before, steps_for(c))
    return horse, before


# CRD-FAQ-1: reaching the last mark does not win; the horse has to cross it (the line is read
# here, at the call, so that a misreading of where it lies is FAQ-1's own number, PAST_THE_MARK)
def crossed_finish(position: int) -> bool:
    return position >= LAST_MARK + PAST_THE_MARK


def open_race(race: RaceState, lay: Lay) -> None:
    """The accepted lay: the track at positions 1-7, the race deck, the aces at the start."""
    race.track = lay.track
    race.deck = list(lay.deck)
    if not track.track_cards_out_of_the_deck():
        race.deck += lay.track          # never: the track's cards read as back in the race deck (CRD-TRACK-3)
    race.revealed = []
    race.positions = track.starting_positions(lay.track)
    race.winner = None


def reveal_next(race: RaceState, log: Log, field: str) -> str | None:
    """One race card turned and its horse moved. Returns the winning suit when that move
    crosses the line, else None."""
    if not race.deck:
        # Cannot happen after CRD-TRACK-4: every suit keeps at least 8 race cards.
        raise InputError(field, "the race deck is empty and no horse has crossed", "CRD-TRACK-5")
    c = turn_up(race)
    to_revealed_pile(race, c)
    log.event("revealed", "CRD-RACE-1", card=str(c), suit=c.suit, deck_size=deck_left(race))
    log.rule("CRD-RACE-4", "CRD-RACE-10")
    lowest_before = min(race.positions.values())
    horse, before = move(race, c)
    log.event("moved", "CRD-RACE-2", horse=horse, **{"from": before, "to": race.positions[horse]})
    log.rule("CRD-FAQ-2", "CRD-RACE-3", "CRD-RACE-8", "CRD-RACE-9")
    if crossed_finish(race.positions[horse]):
        return wins_at_once(race, horse, c, log)
    if race.positions[horse] == LAST_MARK:
        log.rule("CRD-RACE-5", "CRD-FAQ-1")     # the line was not crossed: no winner at the last mark
    lowest = min(race.positions.values())
    if lowest > lowest_before and passed_mark_sends_back():
        race.positions[race.track[lowest - 1].suit] -= 1     # the horse of the passed mark's suit
    return None


# CRD-RACE-6: the first horse over the line wins at once. Whether it is over the line is CRD-FAQ-1's
# decision (crossed_finish), asked by reveal_next outside this block, so that a misreading of where
# the line lies is charged to CRD-FAQ-1 alone and a misreading of the win itself to CRD-RACE-6
def wins_at_once(race: RaceState, horse: str, c: Card, log: Log) -> str:
    race.winner = horse
    announce_winner(race, horse, c, log)
    if not the_win_ends_the_race():
        return None     # never: the win read as announced while the race goes on (CRD-RACE-6 rules it out)
    return horse


# CRD-RACE-6 (at once): «cruza línea y vence enseguida»: the horse that crosses wins there and then:
# its card ends the race, which is settled at once, with no other card turned
def the_win_ends_the_race() -> bool:
    return True


# CRD-RACE-6 (announcement): the winner is announced at once, with the card that took it over the line
def announce_winner(race: RaceState, horse: str, c: Card, log: Log) -> None:
    log.event("won", "CRD-RACE-6", horse=horse, card=str(c), positions=dict(race.positions))
    log.rule("CRD-RACE-7", "CRD-INTRO-2", "CRD-FAQ-1")
