"""Plausible misreadings of the card rules, for the mutation self-check (`horserace mutants`).

Each mutant replaces ONE rule function of reference/cards/rules/ in its module; every caller
looks the function up through that module at call time, so the one patch reaches them all.
The vectors must catch every one of them.
"""

from __future__ import annotations

from reference.core.game import Mutant
from reference.core.mutation import mutant

import copy
import importlib
from types import SimpleNamespace

from reference.core.errors import IllegalAction

# the replay module (the package's `replay` attribute is its replay function)
replay = importlib.import_module(f"{__package__}.replay")
from .actions import PlaceBet, Reveal
from .rules import betting, odds, race, seating, session, settlement, track
from .rules.settlement import Settlement
from .rules.state import BETTING, RACING, Bet

ORIGINAL_LIABILITY = betting.liability


def reuse_revealed(r, c):
    r.revealed.append(c)
    r.deck.append(c)            # the card goes back under the race deck


def shifted_odds(count, table):
    return table[min(count + 1, len(table) - 1)] if 0 <= count < len(table) else None


def net_liability(bets, posted, measure):
    return ORIGINAL_LIABILITY(bets, posted, "net")


def relaid_from(threshold: int):
    """overloaded_suit with another threshold than the text's five."""
    def overloaded(counts):
        return next((suit for suit, n in counts.items() if n >= threshold), None)
    return overloaded


# The replay keeps a copy of the table before each action and puts it back when the action is
# refused; an implementation without that undo keeps whatever the action changed before the refusal.
# The refused-action mutants below patch one rule function (as the replay calls it) to change the
# table before refusing, and drop the undo for that kind of action only (`no_undo_when`).
NO_UNDO = SimpleNamespace(deepcopy=lambda table: table)
ORIGINAL_STEP_ACTION = replay.step_action


def no_undo_when(keeps) -> tuple[tuple, tuple]:
    """The replay's undo dropped only where `keeps(table, action)` holds (an engine that checks
    that one kind of action after changing the state); every other refused action is still
    undone, so the mutant differs from the reference only where its own misreading acts."""
    seen: dict[str, object] = {}

    def step_action(step, index, need_deck=True):
        seen["action"] = ORIGINAL_STEP_ACTION(step, index, need_deck)
        return seen["action"]

    def deepcopy(table):
        return table if keeps(table, seen.get("action")) else copy.deepcopy(table)

    return (replay, "step_action", step_action), (replay, "copy", SimpleNamespace(deepcopy=deepcopy))


ORIGINAL_SETTLE_RACE = settlement.settle_race


def first_backer_only(players, banker, bets, winner, odds_):
    """Only the first bettor on the winner is paid; later backers of it lose their stake."""
    first = next((b for b in bets if b.horse == winner), None)
    relabelled = [b if b.horse != winner or b is first else type(b)(b.seat, "", b.stake) for b in bets]
    return ORIGINAL_SETTLE_RACE(players, banker, relabelled, winner, odds_)


def bank_outside_balances(players, banker, bets, winner, odds_):
    """The bank's gains and losses are not recorded in the banker's balance."""
    s = ORIGINAL_SETTLE_RACE(players, banker, bets, winner, odds_)
    changes = list(s.changes)
    changes[banker] = 0
    return Settlement(s.winner, s.odds, s.returned, changes, s.collected, s.paid)


ORIGINAL_PLACE_BET = betting.place_bet


def refused_bet_takes_chip(table, horse, stake, by, log, field):
    """The chip goes down before the bet is checked, and stays down when the bet is refused."""
    try:
        ORIGINAL_PLACE_BET(table, horse, stake, by, log, field)
    except IllegalAction:
        if table.phase == BETTING and table.to_bet is not None:
            table.balances[table.to_bet] -= betting.MAX_STAKE
        raise


def a_bet(table, action) -> bool:
    return isinstance(action, PlaceBet)


def an_early_reveal(table, action) -> bool:
    return isinstance(action, Reveal) and table.phase == BETTING


ORIGINAL_REVEAL = session.reveal


def early_reveal_turns_card(table, log, field):
    """The banker turns the top race card (its ace moves) before the reveal is found too early."""
    if table.phase == BETTING and table.race.deck:
        c = race.turn_up(table.race)
        race.to_revealed_pile(table.race, c)
        race.move(table.race, c)
    ORIGINAL_REVEAL(table, log, field)


def late_bet_switches_horse(table, horse, stake, by, log, field):
    """A bettor naming itself during the race has its horse switched before the bet is refused."""
    if table.phase == RACING:
        bets = table.race.bets
        for index, b in enumerate(bets):
            if b.seat == by:
                bets[index] = Bet(b.seat, horse, b.stake)
    ORIGINAL_PLACE_BET(table, horse, stake, by, log, field)


ORIGINAL_REFUSE_UNCOVERED = betting.refuse_uncovered


def uncovered_bet_recorded(table, seat, horse, field):
    """The bet is put down before the bank's cover (or the bettor's chip) is checked, and stays."""
    table.race.bets.append(Bet(seat, horse, betting.MAX_STAKE))
    ORIGINAL_REFUSE_UNCOVERED(table, seat, horse, field)


ORIGINAL_CHECK_BETTOR = betting.check_bettor


def out_of_turn_passes_turn(table, by, field):
    """A bet out of turn is refused, but the seat whose turn it was loses its turn (it is taken
    off the seats still to choose) before the refusal."""
    try:
        return ORIGINAL_CHECK_BETTOR(table, by, field)
    except IllegalAction:
        if len(table.race.waiting) > 1:
            table.race.waiting.pop(0)
        raise


def mutants() -> list[Mutant]:
    return [
        mutant("win-at-seven", "A horse wins on reaching position 7, the last mark, instead of crossing to 8",
               ("CRD-RACE-5", "CRD-FAQ-1"), (race, "crossed_finish", lambda position: position >= 7)),
        mutant("odds-as-total-return", "Posted odds read as the total paid back: 2:1 returns 2 chips, not 3",
               ("CRD-PAY-2",), (settlement, "net_winnings", lambda stake, o: stake * (o - 1))),
        mutant("move-by-rank", "A card moves its ace by its rank (ace 1 ... king 13)",
               ("CRD-RACE-3", "CRD-FAQ-2"), (race, "steps_for", lambda c: c.rank)),
        mutant("face-cards-move-two", "Jacks, queens and kings move their ace two positions",
               ("CRD-RACE-3", "CRD-FAQ-2"), (race, "steps_for", lambda c: 2 if c.rank > 10 else 1)),
        mutant("five-of-a-suit-allowed", "Only six or more cards of one suit force a re-lay",
               ("CRD-TRACK-4", "CRD-FAQ-3"), (track, "overloaded_suit", relaid_from(6))),
        mutant("four-of-a-suit-relaid", "Four cards of one suit already force a re-lay",
               ("CRD-TRACK-4",), (track, "overloaded_suit", relaid_from(4))),
        mutant("revealed-cards-reused", "A revealed card goes back under the race deck",
               ("CRD-RACE-10", "CRD-RACE-1"), (race, "to_revealed_pile", reuse_revealed)),
        mutant("odds-table-shifted", "The odds table read one place off: one track card pays 3:1, not 2:1",
               ("CRD-ODDS-1",), (odds, "odds_for_count", shifted_odds)),
        mutant("bank-stays", "The bank never rotates: the first banker banks every race",
               ("CRD-ROT-1", "CRD-SESSION-1"), (seating, "next_banker", lambda banker, players: banker)),
        mutant("bank-counterclockwise", "The bank passes counterclockwise",
               ("CRD-ROT-1",), (seating, "next_banker", lambda banker, players: (banker - 1) % players)),
        mutant("ties-not-shared", "A tie for the highest final balance goes to the first seat only",
               ("CRD-SESSION-2",), (session, "session_winners", lambda balances: [balances.index(max(balances))])),
        mutant("track-cards-move-horses", "Each track card moves its ace one position before the race",
               ("CRD-TRACK-6",), (track, "starting_positions", track.track_counts)),
        mutant("losers-keep-stakes", "Losing stakes stay with the bettors instead of going to the bank",
               ("CRD-PAY-1",), (settlement, "lost_stake", lambda stake: 0)),
        mutant("banker-bets-too", "The banker also picks a horse (last, after the others)",
               ("CRD-BET-3",), (seating, "bettors_in_order",
                                lambda banker, players: [(banker + k) % players for k in range(1, players + 1)])),
        # the register's other reading of an open point (CRD-INT-1: net), taken where the table agreed
        # the suite's (gross): the cover rule and the interpretation it reads are both its clauses
        mutant("cover-counts-losing-stakes", "The bank's cover counts the losing stakes it would collect "
               "(CRD-INT-1's net reading, where gross was agreed)",
               ("CRD-BET-4", "CRD-INT-1"), (betting, "liability", net_liability)),
        mutant("no-cover-check", "The bank's cover is never checked",
               ("CRD-BET-4",), (betting, "bank_covers", lambda bank, owed: True)),
        mutant("refused-reveal-keeps-moves", "A refused 'reveal N' that runs past the winning card keeps the "
               "moves and the settlement it made first", ("CRD-RACE-7", "CRD-INT-12"), (replay, "copy", NO_UNDO)),
        mutant("refused-bet-takes-chip", "A refused bet keeps the chip it put down", ("CRD-BET-3", "CRD-INT-12"),
               (replay, "place_bet", refused_bet_takes_chip), *no_undo_when(a_bet)),
        mutant("refused-early-reveal-turns-card", "A reveal refused before every choice is fixed turns up the top "
               "race card first, and the card and its move stay", ("CRD-BET-5", "CRD-INT-12"),
               (replay, "reveal", early_reveal_turns_card), *no_undo_when(an_early_reveal)),
        mutant("refused-late-bet-switches-horse", "A bet refused during the race still switches the named bettor "
               "to that horse", ("CRD-BET-6", "CRD-INT-12"), (replay, "place_bet", late_bet_switches_horse),
               *no_undo_when(a_bet)),
        mutant("refused-uncovered-bet-stays", "A bet the bank cannot cover is refused after it was put down, and "
               "stays in the race", ("CRD-BET-4", "CRD-INT-12"), (betting, "refuse_uncovered", uncovered_bet_recorded),
               *no_undo_when(a_bet)),
        mutant("refused-out-of-turn-skips-bettor", "A bet out of turn is refused, but the seat whose turn it was "
               "loses its turn", ("CRD-BET-3", "CRD-INT-12"), (betting, "check_bettor", out_of_turn_passes_turn),
               *no_undo_when(a_bet)),
        mutant("same-winner-paid-once", "Only the first bettor on the winning horse is paid",
               ("CRD-PAY-3",), (settlement, "settle_race", first_backer_only)),
        mutant("bank-not-in-balances", "The bank's gains and losses are kept out of the banker's balance",
               ("CRD-SESSION-3",), (settlement, "settle_race", bank_outside_balances)),
        mutant("session-one-race-short", "The session ends once everyone but the first banker has banked",
               ("CRD-SESSION-1",), (session, "last_race", lambda table: table.race.number == table.players - 1)),
        mutant("cards-from-the-bottom", "Race cards are turned up from the bottom of the race deck",
               ("CRD-RACE-1",), (race, "turn_up", lambda r: r.deck.pop())),
        mutant("aces-start-on-first-mark", "The aces start beside the first track card (position 1), not at 0",
               ("CRD-TRACK-1",), (track, "starting_positions", lambda t: {suit: 1 for suit in track.SUITS})),
    ]
