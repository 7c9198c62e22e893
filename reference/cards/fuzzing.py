"""Random card cases for differential fuzzing (issue 10): races, sessions and probes whose every
chance (each lay's 48 cards) and every choice comes from a `Chooser` (reference/core/fuzz/choices.py).

The play mixes legal actions with actions the rules refuse, each refused one followed by an
`observe` step, so that "a refused action leaves the state unchanged" is checked wherever play
goes. Refused forms (each tried on a copy of the table first and used only if the reference
really refuses it):

    laying             reveal (CRD-TRACK-3), bet (CRD-BET-2)
    betting            reveal / reveal N before the bets close (CRD-BET-5), a bet out of turn
                       `by SEAT` (CRD-INT-3, the banker: CRD-BET-3, a seat that chose: CRD-BET-5),
                       a stake other than 1 (CRD-BET-3), a horse the bank cannot cover or a bet
                       beyond the bettor's balance (CRD-BET-4 / CRD-BET-3), sitting out while a
                       horse is open (CRD-BET-3), a second lay (CRD-ROT-2)
    racing             a bet during the race (CRD-BET-6), an overshooting `reveal N` that would run
                       past the winning card (CRD-RACE-7), a lay (CRD-ROT-2)
    settled / over     a reveal after the win (CRD-RACE-7, CRD-SESSION-1), a bet (CRD-BET-2/6)

A bet on a horse that is not one of the four aces, or a lay with a bad track (a card twice, six
track cards) is malformed input, not a refusal (the reference reports an input error for the
whole case), so they are not generated.

Contract (choices.py): 0 is the simplest choice; all zeros give a one-step case (the first
legal action); `choose.more` governs the length, capped at MAX_STEPS; any number sequence gives
a valid case. A race or session may start from a position reached by legal play (a choice, 0 =
from the beginning); a probe always does.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from reference.core.errors import IllegalAction
from reference.core.fuzz.choices import Chooser
from reference.core.log import StepLog

from .actions import LayTrack, PlaceBet, Reveal, SitOut
from .limits import MAX_REVEAL
from .notation import lay_payload
from .options import parse_options
from .position import PHASES, position_of
from .replay import apply_action
from .rules import betting, race as racing
from .rules.cards import NON_ACES, SUITS
from .rules.session import new_table
from .rules.state import BETTING, LAYING, OVER, RACING, SETTLED, TableState
from .rules.track import RELAY_AT, TRACK_LENGTH, Lay

TABLE_KINDS = ("race", "session", "probe")
# layout: lays judged one by one; odds: the exact odds of one track (given as cards or as counts)
KINDS = TABLE_KINDS + ("layout", "odds")
# The game's other kinds, and why no fuzz case is made of them (named in `horserace fuzz --help`).
NOT_FUZZED = {
    "position": "a position case is one position and an observe step: one play reaches, or a near miss of one that no "
                "play reaches; fuzzing already starts race, session and probe cases from positions play reaches, and "
                "a random change to a position is mostly malformed input, not a near miss",
}
MAX_LAYS = 8                    # lays in a layout case: 1 .. MAX_LAYS

MAX_STEPS = 160                 # protocol steps in one case (observe steps included)
MAX_PREFIX = 120                # legal steps played before a position start
RACE_PLAYERS = 6                # a race seats 3 .. 3 + RACE_PLAYERS - 1
SESSION_PLAYERS = 3             # a session seats 3 .. 5 (one race per person)
MAX_BALANCE = 16                # a race's given balances are 0 .. MAX_BALANCE - 1 (the cover bites)
CONTINUE = {"race": 92, "session": 97, "probe": 88}     # percent: go on to another step
REFUSE = 15                     # percent: try a refused action at a step
LOADED = 10                     # percent: a lay with five or more of one suit (re-laid, CRD-TRACK-4)
SHUFFLE_FORM = 30               # percent: a lay written as the 48 shuffled cards (`shuffle`, CRD-TRACK-2/3)
# Checked at a lay beside the kind's keys: the track's count per suit and the race cards it leaves
# each horse (CRD-COUNT-1), which no table kind observes on its own.
LAY_CHECKED = ["track_counts", "available"]
# The order an unshuffled lay keeps: rank by rank, the suits in turn (2S 2H 2D 2C 3S ...), so that
# all-zero choices lay a track that stands (2, 2, 2, 1 of the suits) rather than seven spades.
BASE_ORDER = tuple(sorted(NON_ACES, key=lambda c: (c.rank, c.suit_index)))
OBSERVE = {"action": "observe"}


# -- chance: the lays -------------------------------------------------------------------------

def chosen_lay(choose: Chooser) -> Lay:
    """The 48 non-aces in an order chosen by `choose` (all zeros: the pack order); now and then a
    track loaded with five or more of one suit, which the table lays again (CRD-TRACK-4)."""
    if choose.chance(LOADED):
        suit = choose.pick(SUITS)
        heavy = RELAY_AT + choose.below(TRACK_LENGTH - RELAY_AT + 1)
        own = choose.shuffled([c for c in NON_ACES if c.suit == suit])
        rest = choose.shuffled([c for c in NON_ACES if c.suit != suit])
        track = choose.shuffled(own[:heavy] + rest[:TRACK_LENGTH - heavy])
        deck = choose.shuffled(own[heavy:] + rest[TRACK_LENGTH - heavy:])
        return Lay(tuple(track), tuple(deck))
    cards = choose.shuffled(BASE_ORDER)
    return Lay(tuple(cards[:TRACK_LENGTH]), tuple(cards[TRACK_LENGTH:]))


def lay_step(lay: Lay, choose: Chooser) -> tuple[Any, dict[str, Any]]:
    """The lay in one of its two protocol forms: track and race deck, or now and then the 48
    shuffled cards whose top seven are the track (the same lay)."""
    return LayTrack(lay), {"action": "lay", "lay": lay_payload(lay, shuffle=choose.chance(SHUFFLE_FORM))}


# -- what the table allows --------------------------------------------------------------------

def cards_to_win(table: TableState) -> int:
    """How many more race cards end the race (the deck's order is known)."""
    race = table.race
    positions = dict(race.positions)
    for index, c in enumerate(race.deck):
        positions[c.suit] += 1
        if racing.crossed_finish(positions[c.suit]):
            return index + 1
    return len(race.deck)


def legal_step(table: TableState, choose: Chooser) -> tuple[Any, dict[str, Any]]:
    """One legal action in protocol form; the first choice is the engine's first legal action."""
    if table.phase in (LAYING, SETTLED):
        return lay_step(chosen_lay(choose), choose)
    if table.phase == BETTING:
        horses = betting.open_horses(table)
        named = choose.chance(20)           # the same choice, with the bettor named (`by SEAT`)
        by = table.to_bet if named else None
        suffix = f" by {by}" if named else ""
        if not horses:
            return SitOut(by), {"action": "sit out" + suffix}
        horse = choose.pick(horses)
        return PlaceBet(horse, 1, by), {"action": f"bet {horse}{suffix}"}
    # racing: one card, a few, or up to the winning card
    left = cards_to_win(table)
    how = choose.below(3)
    count = 1 if how == 0 else left if how == 2 else 1 + choose.below(left)
    return Reveal(count), {"action": "reveal" if count == 1 else f"reveal {count}"}


def refused_candidates(table: TableState, choose: Chooser) -> list[Callable[[], tuple[Any, dict[str, Any]]]]:
    """Actions the rules refuse here, each made only when picked (checked on a copy before use)."""
    race = table.race

    def bet(by: int | None = None, stake: int = 1, horse: str | None = None):
        horse = horse or choose.pick(SUITS)
        text = f"bet {horse}" + (f" stake {stake}" if stake != 1 else "") + (f" by {by}" if by is not None else "")
        return PlaceBet(horse, stake, by), {"action": text}

    def reveal(count: int):
        return Reveal(count), {"action": "reveal" if count == 1 else f"reveal {count}"}

    def lay():
        return lay_step(chosen_lay(choose), choose)

    if table.phase == LAYING:
        return [lambda: reveal(1), bet]
    if table.phase == BETTING:
        seat = table.to_bet
        closed = [s for s in SUITS if s not in betting.open_horses(table)]
        out = [lambda: reveal(1 + choose.below(8)),
               lambda: bet(by=choose.pick([s for s in range(table.players) if s != seat])),
               lambda: bet(stake=2 + choose.below(3)),
               lambda: (SitOut(), {"action": "sit out"}),
               lay]
        if closed:          # the bank cannot cover it, or the bettor holds no chip (weighted: rarer)
            out += [lambda: bet(horse=choose.pick(closed))] * 3
        return out
    if table.phase == RACING:
        chose = [b.seat for b in race.bets] + list(race.sitting_out)
        return [lambda: reveal(min(cards_to_win(table) + 1 + choose.below(5), MAX_REVEAL)),    # overshoots
                bet,
                lambda: bet(by=choose.pick(chose) if chose else None),
                lay]
    # settled (a session between races) or over
    return [lambda: reveal(1 + choose.below(3)), bet]


def try_refused(table: TableState, action: Any) -> bool:
    """Does the reference refuse the action here? A `reveal N` is tried on a copy (it may move
    horses before the refusal, which the replay undoes); the other actions are refused before
    they change anything, so they are tried on the table itself, and one the rules accept is
    simply played (it stays in the case as a legal step)."""
    trial = copy.deepcopy(table) if isinstance(action, Reveal) else table
    try:
        apply_action(trial, action, StepLog(), "fuzz")
    except IllegalAction:
        return True
    if trial is not table:
        apply_action(table, action, StepLog(), "fuzz")
    return False


# -- the case ---------------------------------------------------------------------------------

def start_table(choose: Chooser, kind: str, options: dict[str, Any]) -> tuple[TableState, dict[str, Any]]:
    """A fresh table and its setup (players, the first banker, a race's balances)."""
    parsed = parse_options(options)
    session = kind == "session" or (kind == "probe" and choose.chance(50))
    players = 3 + choose.below(SESSION_PLAYERS if session else RACE_PLAYERS)
    banker = choose.below(players)
    setup: dict[str, Any] = {"players": players, "banker": banker}
    balances = None
    if not session and choose.chance(40):       # a poorer table: the cover rules bite
        balances = [choose.below(MAX_BALANCE) for _ in range(players)]
        setup["balances"] = balances
    return new_table(players, banker, balances, parsed, session), setup


def ends_the_case(table: TableState) -> bool:
    """Would the next single reveal end the case (the race, or the session's last race)?"""
    if table.phase != RACING:
        return False
    nxt = table.race.deck[0]
    if not racing.crossed_finish(table.race.positions[nxt.suit] + 1):
        return False
    return not table.session or table.race.number == table.players


def play_prefix(table: TableState, choose: Chooser) -> None:
    """Legal play up to a position start: single reveals, stopping before the case would end;
    a settled session lays the next race first (a position is laying, betting or racing)."""
    for _ in range(choose.below(MAX_PREFIX)):
        if ends_the_case(table):
            break
        action, _ = legal_step(table, choose)
        if isinstance(action, Reveal):
            action = Reveal(1)
        apply_action(table, action, StepLog(), "prefix")
    if table.phase == SETTLED:
        apply_action(table, lay_step(chosen_lay(choose), choose)[0], StepLog(), "prefix")


def generate(choose: Chooser, kind: str, options: dict[str, Any]) -> dict[str, Any]:
    if kind not in KINDS:
        raise ValueError(f"cards fuzzing makes {', '.join(KINDS)}, not {kind!r}")
    if kind == "layout":
        return layout_case(choose, options)
    if kind == "odds":
        return odds_case(choose, options)
    table, setup = start_table(choose, kind, options)
    if kind == "probe" or choose.chance(25):
        play_prefix(table, choose)
        setup = {"players": table.players, "position": position_of(table)}
    steps: list[dict[str, Any]] = []
    while len(steps) < MAX_STEPS and (not steps or choose.more(CONTINUE[kind])):
        over = table.phase == OVER
        if over and not choose.chance(50):          # after the end only refusals are left
            break
        if over or choose.chance(REFUSE):
            action, step = choose.pick(refused_candidates(table, choose))()
            if not try_refused(table, action):
                steps.append(step)                  # the rules took it: a legal step after all
            elif len(steps) + 2 <= MAX_STEPS:
                steps += [step, dict(OBSERVE)]
            else:
                break                               # no room left for the observing step
            continue
        action, step = legal_step(table, choose)
        apply_action(table, action, StepLog(), "fuzz")
        steps.append(step)
    return {"kind": kind, "options": dict(options), "input": {"setup": setup, "steps": steps},
            "checked_keys": [LAY_CHECKED if step.get("action") == "lay" else [] for step in steps]}


# -- the function kinds: a lay judged on its own, the odds of a track ---------------------------

def layout_case(choose: Chooser, options: dict[str, Any]) -> dict[str, Any]:
    """Lays judged one by one (each stands, or has five or more of a suit and is laid again):
    their number first (0: one lay), then each track (all zeros: the pack order, which stands)."""
    count = 1 + choose.below(MAX_LAYS)
    steps = [{"action": "lay", "lay": {"track": lay_payload(chosen_lay(choose))["track"]}} for _ in range(count)]
    return {"kind": "layout", "options": dict(options), "input": {"setup": {}, "steps": steps}}


def odds_case(choose: Chooser, options: dict[str, Any]) -> dict[str, Any]:
    """The exact odds of one track: its cards, or (the simpler form, 0) its count per suit; a
    loaded track (CRD-TRACK-4) is priced as nothing."""
    track = chosen_lay(choose).track
    as_cards = choose.chance(50)
    if as_cards:
        setup: dict[str, Any] = {"track": [str(c) for c in track]}
    else:
        setup = {"track_counts": {suit: sum(c.suit == suit for c in track) for suit in SUITS}}
    return {"kind": "odds", "options": dict(options), "input": {"setup": setup, "steps": [dict(OBSERVE)]}}
