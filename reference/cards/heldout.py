"""Held-out misreadings of the card rules: the yardstick of attribution, never its tuning
(what they are for, and the rules they keep: reference/dominoes/heldout.py)."""

from __future__ import annotations

import importlib
import sys

from reference.core.errors import IllegalAction, InputError
from reference.core.game import Mutant
from reference.core.mutation import mutant, patched

from .rules import betting, odds, race, seating, session, settlement, track
from .rules.cards import SUITS
from .rules.settlement import Settlement
from .rules.state import BETTING, LAYING, OVER, RACING, SETTLED, Bet, RaceState
from .rules.track import Lay

importlib.import_module(f"{__package__}.replay")      # the modules that hold the session's functions
importlib.import_module(f"{__package__}.position")

ORIGINAL_SETTLE_RACE = settlement.settle_race
ORIGINAL_LAY_TRACK = session.lay_track
ORIGINAL_REVEAL = session.reveal
ORIGINAL_FINISH_RACE = session.finish_race
ORIGINAL_REVEAL_NEXT = race.reveal_next
ORIGINAL_LIABILITY = betting.liability


def everywhere(module, name: str, value) -> tuple[tuple, ...]:
    """Patches for `module.name` and every module of this game that imported the same object."""
    original = getattr(module, name)
    holders = [m for key, m in sys.modules.items() if key.startswith("reference.cards.") and m is not None
               and vars(m).get(name) is original]
    return tuple((m, name, value) for m in holders)


def reversed_table(count, table):
    return table[len(table) - 1 - count] if 0 <= count < len(table) else None


def open_horses_without_the_new_bet(table):
    """The bank's cover is checked against the bets already made, not the one being made."""
    seat = table.to_bet
    if seat is None:
        return []
    if table.options.when_uncovered == "owe":
        return list(SUITS)
    if table.balances[seat] < betting.MAX_STAKE:
        return []
    r = table.race
    bank = table.balances[r.banker]
    return [suit for suit in SUITS if betting.bank_covers(bank, betting.liability(r.bets, r.odds, table.options.bank_cover))]


def covers_every_suit_at_once(bank_balance, owed):
    return bank_balance >= sum(owed.values())


def shared_winners_split(players, banker, bets, winner, odds_):
    """The backers of the winner share one payout between them."""
    backers = sum(1 for b in bets if b.horse == winner)
    s = ORIGINAL_SETTLE_RACE(players, banker, bets, winner, odds_)
    if backers < 2:
        return s
    returned, changes = [0] * players, [0] * players
    paid = collected = 0
    for b in bets:
        if b.horse == winner:
            gain = settlement.net_winnings(b.stake, odds_) // backers
            returned[b.seat] += b.stake + gain
            changes[b.seat] += gain
            paid += gain
        else:
            changes[b.seat] -= b.stake
            collected += b.stake
    changes[banker] += collected - paid
    return Settlement(winner, odds_, returned, changes, collected, paid)


def bank_passes_to_winning_backer(table, log):
    """The bank passes to the first backer of the winning horse, clockwise from the banker."""
    ORIGINAL_FINISH_RACE(table, log)
    if table.next_banker is None:
        return
    r = table.race
    backers = {b.seat for b in r.bets if b.horse == r.winner}
    for k in range(1, table.players):
        seat = (r.banker + k) % table.players
        if seat in backers:
            table.next_banker = seat
            for event in log.events:
                if event["type"] == "bank_passes":
                    event["to"] = seat
            return


def thirteen_less_the_track(counts):
    return {suit: 13 - counts[suit] for suit in SUITS}


def relay_only_once(table, lay, log, field):
    """A loaded track is laid again once; the second lay stands whatever it holds."""
    if table.phase == LAYING and table.race.relays >= 1:
        with patched((track, "overloaded_suit", lambda counts: None)):
            return ORIGINAL_LAY_TRACK(table, lay, log, field)
    return ORIGINAL_LAY_TRACK(table, lay, log, field)


def counterclockwise_bettors(banker, players):
    return [(banker - k) % players for k in range(1, players)]


def session_ends_when_someone_is_broke(table):
    return table.race.number == table.players or min(table.balances) <= 0


def played_on_after_the_win(table, log, field):
    """After the win the banker may go on turning cards: they move their aces, nobody wins again."""
    r = table.race
    if table.phase in (OVER, SETTLED) and r.winner is not None and r.deck and not (table.session and table.phase == OVER):
        c = race.turn_up(r)
        race.to_revealed_pile(r, c)
        log.event("revealed", "CRD-RACE-1", card=str(c), suit=c.suit, deck_size=len(r.deck))
        horse, before = race.move(r, c)
        log.event("moved", "CRD-RACE-2", horse=horse, **{"from": before, "to": r.positions[horse]})
        return
    ORIGINAL_REVEAL(table, log, field)


def six_card_track(table, lay, log, field):
    """The track is six cards (as in other versions); the seventh laid card tops the race deck."""
    if lay.deck is None or len(lay.track) < 7:
        return ORIGINAL_LAY_TRACK(table, lay, log, field)
    return ORIGINAL_LAY_TRACK(table, Lay(lay.track[:6], lay.track[6:] + tuple(lay.deck)), log, field)


def collected_stakes_leave_the_table(players, banker, bets, winner, odds_):
    """The bank pays the winners but the losing stakes leave the table instead of reaching it."""
    s = ORIGINAL_SETTLE_RACE(players, banker, bets, winner, odds_)
    changes = list(s.changes)
    changes[banker] -= s.collected
    return Settlement(s.winner, s.odds, s.returned, changes, s.collected, s.paid)


ORIGINAL_SIT_OUT = betting.sit_out


def sitting_out_costs_a_chip(table, by, log, field):
    """A bettor who sits out while holding chips pays one to the bank."""
    seat = table.to_bet if by is None else by
    holds = seat is not None and table.phase == BETTING and table.balances[seat] >= betting.MAX_STAKE
    banker = table.race.banker
    ORIGINAL_SIT_OUT(table, by, log, field)
    if holds:
        table.balances[seat] -= 1
        table.balances[banker] += 1


def backward_moves_from_the_track(r, log, field):
    """The older version: once every ace has passed a track card, the ace of its suit steps back."""
    winner = ORIGINAL_REVEAL_NEXT(r, log, field)
    if winner is not None:
        return winner
    passed = r.__dict__.setdefault("track_cards_passed", 0)
    while passed < len(r.track) and min(r.positions.values()) > passed:
        suit = r.track[passed].suit
        passed += 1
        if r.positions[suit] > 0:
            r.positions[suit] -= 1
            log.event("moved", "CRD-RACE-2", horse=suit, **{"from": r.positions[suit] + 1, "to": r.positions[suit]})
    r.track_cards_passed = passed
    return None


def liability_with_the_stake(bets, posted, measure):
    """The bank's cover counts the stake it hands back as well as the net winnings."""
    owed = ORIGINAL_LIABILITY(bets, posted, measure)
    return {suit: owed[suit] + sum(b.stake for b in bets if b.horse == suit) for suit in SUITS}


def heldout() -> list[Mutant]:
    M = mutant
    return [
        M("held-odds-reversed", "The odds table read backwards: no track card pays 10:1.", ("CRD-ODDS-1",),
          (odds, "odds_for_count", reversed_table)),
        M("held-cover-ignores-new-bet", "The bank's cover is checked without the bet being made.", ("CRD-BET-4",),
          (betting, "open_horses", open_horses_without_the_new_bet)),
        M("held-cover-sums-every-suit", "The bank must cover every suit's payout at once.", ("CRD-BET-4",),
          (betting, "bank_covers", covers_every_suit_at_once)),
        M("held-crossing-needs-nine", "A horse wins only one position past 8.", ("CRD-RACE-6", "CRD-FAQ-1"),
          (race, "crossed_finish", lambda position: position >= race.FINISH + 1)),
        M("held-bank-passes-to-winning-backer", "The bank passes to the first backer of the winner.", ("CRD-ROT-1",),
          *everywhere(session, "finish_race", bank_passes_to_winning_backer)),
        M("held-shared-winners-split", "The backers of the winner share one payout.", ("CRD-PAY-3",),
          (settlement, "settle_race", shared_winners_split)),
        M("held-available-thirteen-minus", "A suit's race cards are 13 less its track cards.", ("CRD-COUNT-1",),
          (track, "race_cards_available", thirteen_less_the_track)),
        M("held-relay-only-once", "A loaded track is laid again only once.", ("CRD-TRACK-4",),
          *everywhere(session, "lay_track", relay_only_once)),
        M("held-bets-counterclockwise", "Bets go counter-clockwise from the banker's right.", ("CRD-INT-3", "CRD-BET-3"),
          (seating, "bettors_in_order", counterclockwise_bettors)),
        M("held-session-ends-when-someone-is-broke", "The session ends when a player has no chip left.",
          ("CRD-SESSION-1",), (session, "last_race", session_ends_when_someone_is_broke)),
        M("held-played-on-after-the-win", "After the win the banker goes on turning cards.", ("CRD-RACE-7",),
          *everywhere(session, "reveal", played_on_after_the_win)),
        M("held-six-card-track", "The track is six cards.", ("CRD-TRACK-2", "CRD-INTRO-2"),
          *everywhere(session, "lay_track", six_card_track)),
        M("held-collected-stakes-leave-the-table", "Losing stakes do not reach the bank.",
          ("CRD-SESSION-3", "CRD-PAY-1"), (settlement, "settle_race", collected_stakes_leave_the_table)),
        M("held-sitting-out-costs-a-chip", "Sitting out costs a chip to the bank.", ("CRD-BET-3",),
          *everywhere(betting, "sit_out", sitting_out_costs_a_chip)),
        M("held-backward-moves-from-the-track", "Once every ace passes a track card its suit's ace steps back.",
          ("CRD-RACE-9", "CRD-INTRO-3", "CRD-TRACK-6"), (race, "reveal_next", backward_moves_from_the_track)),
        M("held-cover-counts-the-stake", "The bank's cover counts the stake handed back too.", ("CRD-BET-4",),
          (betting, "liability", liability_with_the_stake)),
    ]


# -- batch 2 --------------------------------------------------------------------------------------
# Written after the attribution was built, blind to it (what reference/dominoes/heldout.py says of
# its batch 2): `horserace mutants --held-out 2` selects them.

ORIGINAL_PLACE_BET = betting.place_bet
ORIGINAL_OPEN_HORSES = betting.open_horses
ORIGINAL_REFUSE_UNCOVERED = betting.refuse_uncovered
ORIGINAL_SESSION_WINNERS = session.session_winners
ORIGINAL_FINISH_CHOICE = betting.finish_choice


def track_from_the_bottom(shuffled):
    """The seven track cards are the bottom seven of the shuffled 48, not the top seven."""
    return tuple(shuffled[-track.TRACK_LENGTH:])


def race_deck_above_the_track(shuffled):
    return tuple(shuffled[:-track.TRACK_LENGTH])


def stake_up_to_the_balance(table, horse, stake, by, log, field):
    """"Apuesta máxima" read as a cap: a bettor may stake any chips held, the bank covering the stake made."""
    seat = table.to_bet if by is None else by
    if seat is None or stake == betting.MAX_STAKE or not 1 <= stake <= table.balances[seat]:
        return ORIGINAL_PLACE_BET(table, horse, stake, by, log, field)
    with patched((betting, "MAX_STAKE", stake)):
        return ORIGINAL_PLACE_BET(table, horse, stake, by, log, field)


def switch_while_betting_is_open(table, horse, stake, by, log, field):
    """"Nobody switches horse during the race" read narrowly: until the race starts a bettor who has
    chosen may switch to another horse (the bank still covering it)."""
    r = table.race
    old = next((b for b in r.bets if b.seat == by), None) if table.phase == BETTING and by is not None else None
    if old is None or stake != old.stake:
        return ORIGINAL_PLACE_BET(table, horse, stake, by, log, field)
    bets = [b if b is not old else Bet(by, horse, stake) for b in r.bets]
    if not betting.bank_covers(table.balances[r.banker], betting.liability(bets, r.odds, table.options.bank_cover)):
        return ORIGINAL_PLACE_BET(table, horse, stake, by, log, field)      # refused as a second choice
    r.bets[:] = bets
    log.event("bet", "CRD-BET-3", seat=by, horse=horse, stake=stake, odds=r.odds[horse])


def horses_not_yet_backed(table):
    """Each bettor picks a horse of their own: a horse already backed is not offered again."""
    backed = {b.horse for b in table.race.bets} if table.race else set()
    return [suit for suit in ORIGINAL_OPEN_HORSES(table) if suit not in backed]


def refuse_a_backed_horse(table, seat, horse, field):
    if any(b.horse == horse for b in table.race.bets):
        raise IllegalAction(field, f"{horse} is already backed; each bettor picks a horse of their own", "CRD-BET-3")
    ORIGINAL_REFUSE_UNCOVERED(table, seat, horse, field)


def covers_with_a_chip_to_spare(bank_balance, owed):
    """"Enough chips" read as more chips than the largest payout."""
    return bank_balance > max(owed.values())


def winners_before_the_last_payout(table, log):
    """The session's final balances are read before the last race's payouts."""
    before = list(table.balances)
    with patched((session, "session_winners", lambda balances: ORIGINAL_SESSION_WINNERS(before))):
        ORIGINAL_FINISH_RACE(table, log)


def reveal_closes_the_betting(table, log, field):
    """The banker may start the race before everyone has chosen: who has not chosen sits out."""
    r = table.race
    if table.phase == BETTING and r.waiting:
        for seat in r.waiting:
            r.sitting_out.append(seat)
            log.event("sat_out", "CRD-BET-3", seat=seat, reason="by_choice")
        del r.waiting[1:]
        betting.finish_choice(table, log)
    ORIGINAL_REVEAL(table, log, field)


def session_ends_at_the_last_seat(table):
    """"Each person banks once" read as the bank going round the seats once, ending with the last seat."""
    return table.race.banker == table.players - 1


def every_horse_while_choosing(table):
    """The bank's cover is checked once the choices are made, not as each bet is offered."""
    if table.to_bet is None or table.balances[table.to_bet] < betting.MAX_STAKE:
        return ORIGINAL_OPEN_HORSES(table)
    return list(SUITS)


def uncovered_bets_dropped_at_the_close(table, log):
    """When the last bettor has chosen, the bank's cover is checked: while it cannot pay whichever
    suit wins, the latest bet is taken back and its bettor sits out."""
    r = table.race
    if len(r.waiting) == 1 and table.options.when_uncovered == "refuse":
        while r.bets and not betting.bank_covers(table.balances[r.banker],
                                                 betting.liability(r.bets, r.odds, table.options.bank_cover)):
            dropped = r.bets.pop()
            r.sitting_out.append(dropped.seat)
            log.event("sat_out", "CRD-BET-4", seat=dropped.seat, reason="bank_cannot_cover")
    ORIGINAL_FINISH_CHOICE(table, log)


def heldout_batch2() -> list[Mutant]:
    M = mutant
    return [
        M("held2-track-from-the-bottom", "The track is the bottom seven of the shuffled 48.", ("CRD-TRACK-2", "CRD-TRACK-3"),
          (track, "track_of", track_from_the_bottom), (track, "race_deck_of", race_deck_above_the_track)),
        M("held2-stake-up-to-the-balance", "A bettor may stake any chips held, up to the balance.", ("CRD-BET-3",),
          *everywhere(betting, "place_bet", stake_up_to_the_balance)),
        M("held2-switch-while-betting-is-open", "A bettor may switch horse until the race starts.",
          ("CRD-BET-5", "CRD-BET-6"), *everywhere(betting, "place_bet", switch_while_betting_is_open)),
        M("held2-one-bettor-per-horse", "Each bettor must pick a horse nobody has backed.", ("CRD-PAY-3", "CRD-BET-3"),
          (betting, "open_horses", horses_not_yet_backed), (betting, "refuse_uncovered", refuse_a_backed_horse)),
        M("held2-cover-with-a-chip-to-spare", "The bank must hold more chips than the largest payout.", ("CRD-BET-4",),
          (betting, "bank_covers", covers_with_a_chip_to_spare)),
        M("held2-winners-before-the-last-payout", "The session's winners are read off the balances before the "
          "last payouts.", ("CRD-SESSION-2",), *everywhere(session, "finish_race", winners_before_the_last_payout)),
        M("held2-reveal-closes-the-betting", "The banker may reveal before everyone has chosen; who has not "
          "chosen sits out.", ("CRD-BET-5",), *everywhere(session, "reveal", reveal_closes_the_betting)),
        M("held2-session-ends-at-the-last-seat", "The session ends once the last seat has banked.", ("CRD-SESSION-1",),
          (session, "last_race", session_ends_at_the_last_seat)),
        M("held2-cover-checked-at-the-close", "The bank's cover is checked once every choice is made; the latest "
          "uncovered bets are taken back.", ("CRD-BET-4",), (betting, "open_horses", every_horse_while_choosing),
          (betting, "finish_choice", uncovered_bets_dropped_at_the_close)),
    ]


# -- batch 3 --------------------------------------------------------------------------------------
# Written blind, from the rule text, the clause catalog and the rules code alone, while others
# were changing the rules to improve attribution: `horserace mutants --held-out 3` selects them.

ORIGINAL_REFUSE_UNCOVERED_3 = betting.refuse_uncovered
ORIGINAL_FINISH_RACE_3 = session.finish_race
ORIGINAL_OVERLOADED_SUIT = track.overloaded_suit


def kings_move_two(c):
    """"Rey no corre más que dos" read as "a king runs no more than two": a king moves its ace two
    positions, every other card one."""
    return 2 if c.rank == 13 else race.STEP


def track_laid_downwards(shuffled):
    """"Expón 7 arriba" read as laying from the top mark down: the first card turned is position 7."""
    return tuple(reversed(shuffled[:track.TRACK_LENGTH]))


def relaid_at_exactly_five(counts):
    """"Con 5 ... del mismo palo" read without its "o más": only exactly five of a suit is laid again."""
    for suit in SUITS:
        if counts[suit] == track.RELAY_AT:
            return suit
    return None


def fair_odds(counts, table):
    """"No probabilidades matemáticamente justas" read the other way: each horse is priced fairly, by
    its share of the 41 race cards (net odds = the others' cards per own card, rounded)."""
    available = track.race_cards_available(counts)
    total = sum(available.values())
    return {suit: (round((total - available[suit]) / available[suit])
                   if counts[suit] < track.RELAY_AT else None) for suit in SUITS}


def bettors_from_the_first_seat(banker, players):
    """The bets go round the table from seat 0, the banker skipped, not from the banker's left."""
    return [seat for seat in range(players) if seat != banker]


def open_horses_to_the_broke_too(table):
    """"Cada no banquero ... coloca 1 ficha" read as binding on everyone: a bettor without a chip
    still bets (the bank's cover still checked)."""
    seat = table.to_bet
    if seat is None:
        return []
    race = table.race
    if table.options.when_uncovered == "owe":
        return list(SUITS)
    bank = table.balances[race.banker]
    return [suit for suit in SUITS
            if betting.bank_covers(bank, betting.liability(race.bets + [Bet(seat, suit, betting.MAX_STAKE)], race.odds,
                                                           table.options.bank_cover))]


def open_horses_to_those_with_chips_to_spare(table):
    """A bettor must hold more than the stake (a chip left after it) to bet."""
    seat = table.to_bet
    if seat is not None and table.options.when_uncovered == "refuse" and table.balances[seat] <= betting.MAX_STAKE:
        return []
    return ORIGINAL_OPEN_HORSES(table)


def refuse_without_chips_to_spare(table, seat, horse, field):
    if table.options.when_uncovered == "refuse" and table.balances[seat] <= betting.MAX_STAKE:
        raise IllegalAction(field, f"seat {seat} holds {table.balances[seat]} chips, not more than the stake; "
                            "it sits out this race", "CRD-BET-3")
    ORIGINAL_REFUSE_UNCOVERED_3(table, seat, horse, field)


def open_horses_each_bet_alone(table):
    """The bank's cover is checked bet by bet: each bet's own payout against the bank, not the
    payouts of every bet on the same suit together."""
    seat = table.to_bet
    if seat is None or table.options.when_uncovered == "owe" or table.balances[seat] < betting.MAX_STAKE:
        return ORIGINAL_OPEN_HORSES(table)
    race = table.race
    bank = table.balances[race.banker]
    return [suit for suit in SUITS
            if betting.bank_covers(bank, betting.liability([Bet(seat, suit, betting.MAX_STAKE)], race.odds,
                                                           table.options.bank_cover))]


def suggested_odds_always(counts, table):
    """"Cuotas netas sugeridas" read as the fixed price list: the text's table is posted whatever
    table the players agreed."""
    return {suit: odds.odds_for_count(counts[suit], odds.SUGGESTED_ODDS) for suit in SUITS}


def tie_wins_nobody(balances):
    """"Empate compartido" read as a drawn session: a tie for the highest balance has no winner."""
    best = max(balances)
    top = [seat for seat, value in enumerate(balances) if value == best]
    return top if len(top) == 1 else []


def repoint_bank_passes(log, seat):
    for event in log.events:
        if event["type"] == "bank_passes":
            event["to"] = seat


def broke_seat_skipped_as_banker(table, log):
    """The bank passes clockwise to the next seat that holds a chip: a broke seat is skipped."""
    ORIGINAL_FINISH_RACE_3(table, log)
    if table.next_banker is None or table.balances[table.next_banker] > 0:
        return
    seat = table.next_banker
    for _ in range(table.players - 1):
        seat = seating.next_clockwise(seat, table.players)
        if table.balances[seat] > 0:
            table.next_banker = seat
            repoint_bank_passes(log, seat)
            return


def bank_kept_while_it_wins(table, log):
    """The banker keeps the bank while the bank wins a race; it passes clockwise when it does not."""
    banker = table.race.banker
    before = table.balances[banker]
    ORIGINAL_FINISH_RACE_3(table, log)
    if table.next_banker is not None and table.balances[banker] > before:
        table.next_banker = banker
        repoint_bank_passes(log, banker)


def heldout_batch3() -> list[Mutant]:
    M = mutant
    return [
        M("held3-kings-move-two", "A king moves its ace two positions.", ("CRD-RACE-3",),
          (race, "steps_for", kings_move_two)),
        M("held3-track-laid-downwards", "The first track card turned is position 7.", ("CRD-TRACK-2",),
          (track, "track_of", track_laid_downwards)),
        M("held3-relaid-at-exactly-five", "Only exactly five of a suit forces a re-lay.", ("CRD-TRACK-4",),
          (track, "overloaded_suit", relaid_at_exactly_five)),
        M("held3-fair-odds", "Each horse is priced fairly by its share of the race cards.", ("CRD-ODDS-2",),
          (odds, "posted_odds", fair_odds)),
        M("held3-bettors-from-the-first-seat", "The bets go from seat 0, the banker skipped.", ("CRD-INT-3",),
          (seating, "bettors_in_order", bettors_from_the_first_seat)),
        M("held3-broke-bettor-still-bets", "A bettor without a chip still bets.", ("CRD-BET-3",),
          (betting, "open_horses", open_horses_to_the_broke_too)),
        M("held3-bet-needs-a-chip-to-spare", "A bettor must hold more than the stake to bet.", ("CRD-BET-3",),
          (betting, "open_horses", open_horses_to_those_with_chips_to_spare),
          (betting, "refuse_uncovered", refuse_without_chips_to_spare)),
        M("held3-cover-each-bet-alone", "The bank's cover is checked bet by bet.", ("CRD-BET-4",),
          (betting, "open_horses", open_horses_each_bet_alone)),
        M("held3-suggested-odds-always", "The suggested odds are posted whatever table was agreed.",
          ("CRD-INT-7",), (odds, "posted_odds", suggested_odds_always)),
        M("held3-tie-wins-nobody", "A tie for the highest balance has no winner.", ("CRD-SESSION-2",),
          (session, "session_winners", tie_wins_nobody)),
        M("held3-broke-seat-skipped-as-banker", "The bank skips a broke seat.", ("CRD-ROT-1",),
          *everywhere(session, "finish_race", broke_seat_skipped_as_banker)),
        M("held3-bank-kept-while-it-wins", "The banker keeps the bank while it wins.", ("CRD-ROT-1",),
          *everywhere(session, "finish_race", bank_kept_while_it_wins)),
    ]


# -- batch 4 --------------------------------------------------------------------------------------
# Written blind, in the way of batch 3, while others were changing the rules and the attribution
# core: `horserace mutants --held-out 4` selects them. Each repeats no curated misreading
# (mutants.py) and no earlier batch's.

ORIGINAL_PLACE_BET_4 = betting.place_bet
ORIGINAL_LAY_TRACK_4 = session.lay_track
ORIGINAL_POST_PRICES_4 = betting.post_prices
ORIGINAL_FINISH_RACE_4 = session.finish_race
ORIGINAL_REVEAL_NEXT_4 = race.reveal_next


def cover_for_every_bettor_on_one_horse(table):
    """"Fichas suficientes en banca para cualquier palo ganador" read as the worst case before any
    bet: a horse is offered only if the bank could pay every bettor of the race backing it."""
    seat = table.to_bet
    if seat is None:
        return []
    r = table.race
    if table.options.when_uncovered == "owe":
        return list(SUITS)
    if table.balances[seat] < betting.MAX_STAKE:
        return []
    bank = table.balances[r.banker]
    bettors = table.players - 1
    return [suit for suit in SUITS
            if bank >= bettors * settlement.net_winnings(betting.MAX_STAKE, r.odds[suit] or 0)]


def bank_results_left_out_of_the_comparison(table, log):
    """"Ganancias y pérdidas de banca cuentan" read the other way for the session's end: the final
    balances are compared without what each player won or lost as banker."""
    banker = table.race.banker
    before = table.balances[banker]
    results = table.__dict__.setdefault("bank_results", [0] * table.players)

    def winners_on_betting_alone(balances):
        return ORIGINAL_SESSION_WINNERS([value - results[seat] for seat, value in enumerate(balances)])

    with patched((session, "session_winners", winners_on_betting_alone)):
        ORIGINAL_FINISH_RACE_4(table, log)
    results[banker] += table.balances[banker] - before


def odds_posted_at_the_first_lay(table, lay, log, field):
    """The odds are posted from the first track laid: a loaded track laid again keeps them (the
    re-lay read as repeating the track alone, not the posting)."""
    r = table.race
    first = r.__dict__.get("first_counts") if table.phase == LAYING else None
    if first is None:
        counts = track.track_counts(lay.track)
        ORIGINAL_LAY_TRACK_4(table, lay, log, field)
        if table.phase == LAYING and table.race.relays and track.overloaded_suit(counts) is not None:
            table.race.first_counts = counts
        return
    with patched((betting, "post_prices",
                  lambda race_, counts, table_odds, log_: ORIGINAL_POST_PRICES_4(race_, first, table_odds, log_))):
        ORIGINAL_LAY_TRACK_4(table, lay, log, field)


def uncovered_choice_sits_out(table, horse, stake, by, log, field):
    """A bettor who names a horse the bank cannot cover sits the race out, instead of choosing
    another horse."""
    seat = table.to_bet
    if (table.phase == BETTING and seat is not None and by in (None, seat) and stake == betting.MAX_STAKE
            and horse in SUITS and table.options.when_uncovered == "refuse"
            and table.balances[seat] >= betting.MAX_STAKE and horse not in betting.open_horses(table)):
        table.race.sitting_out.append(seat)
        log.event("sat_out", "CRD-BET-4", seat=seat, reason="bank_cannot_cover")
        betting.finish_choice(table, log)
        return
    ORIGINAL_PLACE_BET_4(table, horse, stake, by, log, field)


def own_mark_pushes_its_ace(r, log, field):
    """"Cartas de recorrido nunca mueven caballos" read as the start only: an ace that reaches a
    track card of its own suit is pushed one position on."""
    winner = ORIGINAL_REVEAL_NEXT_4(r, log, field)
    if winner is not None:
        return winner
    horse = r.revealed[-1].suit
    position = r.positions[horse]
    if 1 <= position <= len(r.track) and r.track[position - 1].suit == horse:
        r.positions[horse] = position + race.STEP
        log.event("moved", "CRD-RACE-2", horse=horse, **{"from": position, "to": r.positions[horse]})
        if race.crossed_finish(r.positions[horse]):
            r.winner = horse
            log.event("won", "CRD-RACE-6", horse=horse, card=str(r.revealed[-1]), positions=dict(r.positions))
            return horse
    return None


def relay_counts_as_a_race(table, lay, log, field):
    """A loaded track laid again is counted as a race of its own: the re-lay takes the race's
    number on, so a session with re-lays ends sooner."""
    ORIGINAL_LAY_TRACK_4(table, lay, log, field)
    if table.phase == LAYING and table.race.relays:
        table.race.number += 1


def bank_passes_after_the_last_race(table, log):
    """"Registra saldos y rota banquero" applied after every race, the session's last included: the
    bank passes on, then the session is over."""
    ORIGINAL_FINISH_RACE_4(table, log)
    if table.session and table.phase == OVER and table.next_banker is None:
        banker = table.race.banker
        table.next_banker = seating.next_banker(banker, table.players)
        log.event("bank_passes", "CRD-ROT-1", **{"from": banker, "to": table.next_banker})


def heldout_batch4() -> list[Mutant]:
    M = mutant
    return [
        M("held4-cover-for-every-bettor-on-one-horse", "A horse is offered only if the bank could pay every "
          "bettor backing it.", ("CRD-BET-4",), (betting, "open_horses", cover_for_every_bettor_on_one_horse)),
        M("held4-bank-results-left-out-of-the-comparison", "The session's winners are found without the bank's "
          "gains and losses.", ("CRD-SESSION-3", "CRD-SESSION-2"),
          *everywhere(session, "finish_race", bank_results_left_out_of_the_comparison)),
        M("held4-odds-posted-at-the-first-lay", "A re-laid track keeps the odds of the first lay.",
          ("CRD-TRACK-4", "CRD-ODDS-1"), *everywhere(session, "lay_track", odds_posted_at_the_first_lay)),
        M("held4-uncovered-choice-sits-out", "A bettor naming a horse the bank cannot cover sits out.",
          ("CRD-INT-2",), *everywhere(betting, "place_bet", uncovered_choice_sits_out)),
        M("held4-own-mark-pushes-its-ace", "An ace reaching a track card of its own suit moves on one more.",
          ("CRD-TRACK-6",), (race, "reveal_next", own_mark_pushes_its_ace)),
        M("held4-bank-passes-after-the-last-race", "The bank passes on after the session's last race too.",
          ("CRD-ROT-1", "CRD-SESSION-1"), *everywhere(session, "finish_race", bank_passes_after_the_last_race)),
        M("held4-relay-counts-as-a-race", "A re-lay counts as a race of the session.", ("CRD-TRACK-4", "CRD-SESSION-1"),
          *everywhere(session, "lay_track", relay_counts_as_a_race)),
    ]


# -- batch 5 --------------------------------------------------------------------------------------
# Written blind, in the way of batches 3 and 4, from the rule text, the clause catalog and the rules
# code, while others were changing the attribution core: `horserace mutants --held-out 5` selects
# them. Each repeats no curated misreading (mutants.py) and no earlier batch's.

ORIGINAL_LAY_TRACK_5 = session.lay_track
ORIGINAL_OVERLOADED_SUIT_5 = track.overloaded_suit
ORIGINAL_SETTLE_RACE_5 = settlement.settle_race
ORIGINAL_OPEN_HORSES_5 = betting.open_horses


def prices_posted_before_the_load_is_judged(table, lay, log, field):
    """The prices are posted as soon as a track lies on the table («antes de revelar carrera,
    publica pagos»), and only then is a loaded track noticed and laid again."""
    def post_then_judge(counts):
        loaded = ORIGINAL_OVERLOADED_SUIT_5(counts)
        if loaded is not None:
            betting.post_prices(table.race, counts, table.options.odds, log)
        return loaded

    with patched((track, "overloaded_suit", post_then_judge)):
        return ORIGINAL_LAY_TRACK_5(table, lay, log, field)


def winner_credited_the_total_returned(players, banker, bets, winner, odds_):
    """A winning bettor's recorded balance goes up by the total handed back (stake and net
    winnings), the bank paying it all, though the stake never left the balance."""
    s = ORIGINAL_SETTLE_RACE_5(players, banker, bets, winner, odds_)
    changes = list(s.changes)
    stakes = 0
    for b in bets:
        if b.horse == winner:
            changes[b.seat] += b.stake
            stakes += b.stake
    changes[banker] -= stakes
    return Settlement(s.winner, s.odds, s.returned, changes, s.collected, s.paid + stakes)


def loaded_horse_scratched(table, lay, log, field):
    """A suit with five or more track cards is not laid again: «ese caballo no tendría las 8
    necesarias» read as that horse being out of the race, unpriced and not offered."""
    if lay.deck is None:
        return ORIGINAL_LAY_TRACK_5(table, lay, log, field)
    with patched((track, "overloaded_suit", lambda counts: None)):
        return ORIGINAL_LAY_TRACK_5(table, lay, log, field)


def priced_horses_only(table):
    r = table.race
    return [suit for suit in ORIGINAL_OPEN_HORSES_5(table) if r.odds is None or r.odds.get(suit) is not None]


def heldout_batch5() -> list[Mutant]:
    M = mutant
    return [
        M("held5-prices-posted-before-the-load-is-judged", "The prices are posted before a loaded track is "
          "laid again.", ("CRD-TRACK-4",), *everywhere(session, "lay_track", prices_posted_before_the_load_is_judged)),
        M("held5-winner-credited-the-total-returned", "A winner's balance rises by the stake and the net "
          "winnings.", ("CRD-PAY-2",), (settlement, "settle_race", winner_credited_the_total_returned)),
        M("held5-loaded-horse-scratched", "A loaded suit's horse is left out instead of the track being laid "
          "again.", ("CRD-TRACK-4",), *everywhere(session, "lay_track", loaded_horse_scratched),
          *everywhere(betting, "open_horses", priced_horses_only)),
    ]


# -- batch 6 --------------------------------------------------------------------------------------
# Written blind, in the way of batches 3 to 5, from the rule text, the clause catalog and the rules
# code, while others were changing the attribution core: `horserace mutants --held-out 6` selects
# them. Each repeats no curated misreading (mutants.py) and no earlier batch's.

ORIGINAL_BETTORS_IN_ORDER_6 = seating.bettors_in_order


def ten_at_the_table(banker, players):
    """«El catálogo sugiere hasta 10» read as the table's size: ten people play a race, the banker
    and the nine seats clockwise from the banker's left; anyone beyond them watches."""
    return ORIGINAL_BETTORS_IN_ORDER_6(banker, players)[:9]


def session_ends_when_the_bank_comes_back(table):
    """«Cada persona hace banca una vez» counted in passes of the bank: the session ends once the
    bank has gone round and come back to the first banker, who banks that race too."""
    return table.race.number == table.players + 1


def heldout_batch6() -> list[Mutant]:
    M = mutant
    return [
        M("held6-ten-at-the-table", "Ten people play a race; anyone beyond them watches.", ("CRD-SET-2",),
          (seating, "bettors_in_order", ten_at_the_table)),
        M("held6-session-ends-when-the-bank-comes-back", "The session ends once the bank has come back to the "
          "first banker.", ("CRD-SESSION-1",), (session, "last_race", session_ends_when_the_bank_comes_back)),
    ]


# -- batch 7 --------------------------------------------------------------------------------------
# Written blind, in the way of batches 3 to 6, from the rule text, the clause catalog and the rules
# code, while others were changing the attribution core: `horserace mutants --held-out 7` selects
# them. Each repeats no curated misreading (mutants.py) and no earlier batch's; most are written as
# an engine of its own would be wrong, in one situation or across two functions.

ORIGINAL_FINISH_RACE_7 = session.finish_race
ORIGINAL_SETTLE_RACE_7 = settlement.settle_race
ORIGINAL_START_NEXT_RACE_7 = session.start_next_race
ORIGINAL_OPEN_RACE_7 = race.open_race
ORIGINAL_REVEAL_7 = session.reveal
ORIGINAL_LAY_TRACK_7 = session.lay_track


def bank_passed_before_the_settlement(table, log):
    """«Registra saldos y rota banquero» done the other way round: the engine passes the bank as
    the race ends and then settles, so the incoming banker collects and pays this race's bets (the
    session's last race, with no bank to pass, is settled by its own banker)."""
    if table.session and session.last_race(table):
        return ORIGINAL_FINISH_RACE_7(table, log)
    incoming = seating.next_banker(table.race.banker, table.players)

    def settled_by_the_incoming_bank(players, banker, bets, winner, odds_):
        return ORIGINAL_SETTLE_RACE_7(players, incoming, bets, winner, odds_)

    with patched((settlement, "settle_race", settled_by_the_incoming_bank)):
        ORIGINAL_FINISH_RACE_7(table, log)


def next_race_keeps_the_aces(table, log):
    """Only the 48 are gathered for the next race: the aces stay where the last race left them."""
    positions = dict(table.race.positions)
    ORIGINAL_START_NEXT_RACE_7(table, log)
    table.race.positions = positions


def open_race_on_the_aces_as_they_stand(race_state, lay):
    positions = dict(race_state.positions)
    ORIGINAL_OPEN_RACE_7(race_state, lay)
    race_state.positions = positions


def winner_found_at_the_next_turn(table, log, field):
    """The banker's loop looks for a horse over the line before turning a card, not after: the
    race is found won when the next card is asked for, and that request turns no card."""
    r = table.race
    if table.phase != RACING:
        return ORIGINAL_REVEAL_7(table, log, field)
    over = [horse for horse, position in r.positions.items() if race.crossed_finish(position)]
    if over:
        r.winner = over[0]
        race.announce_winner(r, over[0], r.revealed[-1], log)
        session.finish_race(table, log)
        return
    with patched((race, "crossed_finish", lambda position: False)):
        ORIGINAL_REVEAL_7(table, log, field)


def runner_up_backers_keep_their_stake(table, log):
    """A second place paid as in other race games: the backers of the horse alone in second place
    when the race is won get their chip back instead of losing it to the bank."""
    r = table.race
    others = {horse: position for horse, position in r.positions.items() if horse != r.winner}
    best = max(others.values())
    second = [horse for horse, position in others.items() if position == best]
    if len(second) != 1:
        return ORIGINAL_FINISH_RACE_7(table, log)

    def settle_with_a_place(players, banker, bets, winner, odds_):
        s = ORIGINAL_SETTLE_RACE_7(players, banker, [b for b in bets if b.horse != second[0]], winner, odds_)
        returned = list(s.returned)
        for b in bets:
            if b.horse == second[0]:
                returned[b.seat] += b.stake
        return Settlement(s.winner, s.odds, returned, s.changes, s.collected, s.paid)

    with patched((settlement, "settle_race", settle_with_a_place)):
        ORIGINAL_FINISH_RACE_7(table, log)


def load_judged_at_the_first_race_only(table, lay, log, field):
    """The five-of-a-suit check written into the session's set-up: the first race's track is
    judged, a later race's track is played as it lies."""
    if table.phase == SETTLED or (table.phase == LAYING and table.race.number > 1):
        with patched((track, "overloaded_suit", lambda counts: None)):
            return ORIGINAL_LAY_TRACK_7(table, lay, log, field)
    return ORIGINAL_LAY_TRACK_7(table, lay, log, field)


def heldout_batch7() -> list[Mutant]:
    M = mutant
    return [
        M("held7-bank-passed-before-the-settlement", "The bank passes before the race is settled; the "
          "incoming banker settles it.", ("CRD-ROT-1",),
          *everywhere(session, "finish_race", bank_passed_before_the_settlement)),
        M("held7-next-race-keeps-the-aces", "The aces stay where the last race left them.", ("CRD-ROT-2",),
          *everywhere(session, "start_next_race", next_race_keeps_the_aces),
          (race, "open_race", open_race_on_the_aces_as_they_stand)),
        M("held7-winner-found-at-the-next-turn", "The win is found when the next card is asked for.",
          ("CRD-RACE-6",), *everywhere(session, "reveal", winner_found_at_the_next_turn)),
        M("held7-runner-up-backers-keep-their-stake", "The backers of the horse alone in second place get "
          "their chip back.", ("CRD-RACE-7",), *everywhere(session, "finish_race", runner_up_backers_keep_their_stake)),
        M("held7-load-judged-at-the-first-race-only", "Only the session's first track is judged for a "
          "loaded suit.", ("CRD-TRACK-4",), *everywhere(session, "lay_track", load_judged_at_the_first_race_only)),
    ]


# -- batch 8 --------------------------------------------------------------------------------------
# Written blind, in the way of batches 3 to 7, from the rule text, the clause catalog and the rules
# code, while others were changing the attribution core: `horserace mutants --held-out 8` selects
# them. Each repeats no curated misreading (mutants.py) and no earlier batch's; each is written as
# an engine of its own would be wrong, at the level of the code an implementer would have written.

ORIGINAL_NEW_TABLE_8 = session.new_table
ORIGINAL_LAY_TRACK_8 = session.lay_track
ORIGINAL_FINISH_RACE_8 = session.finish_race
ORIGINAL_SETTLE_RACE_8 = settlement.settle_race
ORIGINAL_CLOSE_BETS_8 = betting.close_bets
ORIGINAL_POST_PRICES_8 = betting.post_prices


def three_bettors_besides_the_bank(players, *args, **kwargs):
    """«Para 3 o más personas» read as three or more bettors, the bank not counted: a table of
    three (one bank, two bettors) is refused."""
    if isinstance(players, int) and not isinstance(players, bool) and players == seating.MIN_PLAYERS:
        field = kwargs.get("field", args[4] if len(args) > 4 else "setup")
        raise InputError(f"{field}.players", f"{players} players; the game needs {seating.MIN_PLAYERS} bettors "
                         "besides the bank", "CRD-SET-2")
    return ORIGINAL_NEW_TABLE_8(players, *args, **kwargs)


def laid_again_until_the_first_reveal(table, lay, log, field):
    """The track may be gathered and laid again at any time before the first race card is
    revealed («antes de revelar carrera»): the posted prices and the bets made go with it."""
    r = table.race
    if table.phase in (BETTING, RACING) and not r.revealed:
        table.race = RaceState(number=r.number, banker=r.banker, relays=r.relays)
        table.phase = LAYING
    return ORIGINAL_LAY_TRACK_8(table, lay, log, field)


def bank_pays_only_what_it_holds(players, banker, bets, winner, odds_, bank_balance=None):
    """Chips read as real chips: a bank on credit pays the winners, clockwise from its left, only
    as far as its chips go; a winner it cannot reach gets its stake back and nothing more."""
    s = ORIGINAL_SETTLE_RACE_8(players, banker, bets, winner, odds_)
    if bank_balance is None:
        return s
    funds = bank_balance + s.collected
    returned, changes = list(s.returned), list(s.changes)
    paid = 0
    for seat in seating.bettors_in_order(banker, players):
        for b in bets:
            if b.seat == seat and b.horse == winner:
                gain = min(settlement.net_winnings(b.stake, odds_), max(funds, 0))
                funds -= gain
                paid += gain
                changes[seat] += gain - settlement.net_winnings(b.stake, odds_)
                returned[seat] = b.stake + gain
    changes[banker] = s.collected - paid
    return Settlement(s.winner, s.odds, returned, changes, s.collected, paid)


def finish_race_with_the_bank_purse(table, log):
    bank = table.balances[table.race.banker]
    if table.options.when_uncovered != "owe":
        return ORIGINAL_FINISH_RACE_8(table, log)

    def settle(players, banker, bets, winner, odds_):
        return bank_pays_only_what_it_holds(players, banker, bets, winner, odds_, bank)

    with patched((settlement, "settle_race", settle)):
        ORIGINAL_FINISH_RACE_8(table, log)


def race_without_bets_is_void(table, log):
    """A race is run for its bettors: when every bettor has sat out, nothing is revealed; the race
    is void, nobody is paid and the bank passes on."""
    r = table.race
    if r.bets:
        return ORIGINAL_CLOSE_BETS_8(table, log)
    ORIGINAL_CLOSE_BETS_8(table, log)
    if table.session and session.last_race(table):
        table.session_winners = session.session_winners(table.balances)
        table.phase = OVER
        log.event("session_over", "CRD-SESSION-2", balances=list(table.balances), winners=table.session_winners)
        return
    table.next_banker = seating.next_banker(r.banker, table.players)
    log.event("bank_passes", "CRD-ROT-1", **{"from": r.banker, "to": table.next_banker})
    table.phase = SETTLED if table.session else OVER


def four_marks_priced_as_three(race_, counts, table_odds, log):
    """The price list read as «3 or more → 5:1»: a suit with four track cards is posted at the
    third count's price, the 10:1 row taken for a suit that is laid again anyway."""
    capped = {suit: min(count, 3) for suit, count in counts.items()}
    ORIGINAL_POST_PRICES_8(race_, capped, table_odds, log)


def heldout_batch8() -> list[Mutant]:
    M = mutant
    return [
        M("held8-three-bettors-besides-the-bank", "A table of three is refused: three bettors are needed "
          "besides the bank.", ("CRD-SET-2",), *everywhere(session, "new_table", three_bettors_besides_the_bank)),
        M("held8-laid-again-until-the-first-reveal", "The track may be laid again until the first race card "
          "is revealed.", ("CRD-ROT-2",), *everywhere(session, "lay_track", laid_again_until_the_first_reveal)),
        M("held8-bank-pays-only-what-it-holds", "A bank on credit pays winners only as far as its chips go.",
          ("CRD-BET-7",), *everywhere(session, "finish_race", finish_race_with_the_bank_purse)),
        M("held8-race-without-bets-is-void", "When every bettor sits out the race is not run; the bank passes.",
          ("CRD-BET-5",), *everywhere(betting, "close_bets", race_without_bets_is_void)),
        M("held8-four-marks-priced-as-three", "A suit with four track cards is posted at 5:1.", ("CRD-ODDS-1",),
          *everywhere(betting, "post_prices", four_marks_priced_as_three)),
    ]


# -- batch 9 --------------------------------------------------------------------------------------
# The development batch: written as the blind ones are (batches 3 to 8), from the rule text, the
# clause catalog and the rules code, then read and tuned to; not a blind figure.
# `horserace mutants --held-out 9` selects them. Each repeats no curated misreading (mutants.py)
# and no earlier batch's; each is written as an engine of its own would be wrong.

ORIGINAL_OPEN_RACE_9 = race.open_race
ORIGINAL_FINISH_RACE_9 = session.finish_race
ORIGINAL_POST_PRICES_9 = betting.post_prices
ORIGINAL_SETTLE_RACE_9 = settlement.settle_race
ORIGINAL_TO_REVEALED_PILE_9 = race.to_revealed_pile


def track_cards_back_in_the_deck(race_state, lay):
    """«Expón 7 arriba» read as showing the seven marks and then playing them: the track cards stay
    on the table as markers but go back, on top, into the race deck, which holds all 48."""
    ORIGINAL_OPEN_RACE_9(race_state, lay)
    race_state.deck = list(lay.track) + list(race_state.deck)


def aces_start_on_the_first_mark(race_state, lay):
    """«Expón 7 arriba, marcando posiciones 1–7» read with the aces on the first mark: each ace
    starts at position 1, beside the first track card, and so needs seven moves to cross."""
    ORIGINAL_OPEN_RACE_9(race_state, lay)
    race_state.positions = {suit: 1 for suit in race_state.positions}


def bank_passes_to_the_right(table, log):
    """The bank passed to the banker's right, the seat before it, not clockwise to its left."""
    def to_the_right(banker, players):
        return (banker - 1) % players

    with patched((seating, "next_banker", to_the_right)):
        ORIGINAL_FINISH_RACE_9(table, log)


def prices_counted_from_one(race_, counts, table_odds, log):
    """The price list looked up by the number of the suit's cards counting the ace as well: a
    suit with no track card is priced as one with one (2:1), one as two, and so on up to 10:1."""
    ORIGINAL_POST_PRICES_9(race_, {suit: min(count + 1, 4) for suit, count in counts.items()}, table_odds, log)


def paid_from_the_house(players, banker, bets, winner, odds_):
    """«La banca» read as the house: the losing stakes go to the banker's balance, but the winners
    are paid from the house's chips, so the banker's balance never falls."""
    s = ORIGINAL_SETTLE_RACE_9(players, banker, bets, winner, odds_)
    changes = list(s.changes)
    changes[banker] += s.paid
    return Settlement(s.winner, s.odds, s.returned, changes, s.collected, s.paid)


def revealed_card_under_the_deck(race_state, c):
    """A revealed card laid on the pile and then slid under the race deck, as one does with a
    dealt card in other games: the deck never runs short."""
    ORIGINAL_TO_REVEALED_PILE_9(race_state, c)
    race_state.deck.append(c)


def heldout_batch9() -> list[Mutant]:
    M = mutant
    return [
        M("dev9-track-cards-back-in-the-deck", "The race deck holds all 48 cards, the track's seven on top.",
          ("CRD-TRACK-3",), *everywhere(race, "open_race", track_cards_back_in_the_deck)),
        M("dev9-aces-start-on-the-first-mark", "The aces start at position 1, beside the first track card.",
          ("CRD-TRACK-1",), *everywhere(race, "open_race", aces_start_on_the_first_mark)),
        M("dev9-bank-passes-to-the-right", "The bank passes to the banker's right.", ("CRD-ROT-1",),
          *everywhere(session, "finish_race", bank_passes_to_the_right)),
        M("dev9-prices-counted-from-one", "A suit's price is looked up one row down the list.", ("CRD-ODDS-1",),
          *everywhere(betting, "post_prices", prices_counted_from_one)),
        M("dev9-paid-from-the-house", "The winners are paid from the house; the banker's balance never falls.",
          ("CRD-SESSION-3",), *everywhere(settlement, "settle_race", paid_from_the_house)),
        M("dev9-revealed-card-under-the-deck", "A revealed card goes back under the race deck.",
          ("CRD-RACE-10",), *everywhere(race, "to_revealed_pile", revealed_card_under_the_deck)),
    ]


# -- batch 10 -------------------------------------------------------------------------------------
# The second development batch: written as the blind ones are (batches 3 to 8), from the rule text,
# the clause catalog and the rules code, then read and tuned to; not a blind figure.
# `horserace mutants --held-out 10` selects them. Each repeats no curated misreading (mutants.py)
# and no earlier batch's; each is written as an engine of its own would be wrong.

ORIGINAL_CHECK_BETTOR_10 = betting.check_bettor
ORIGINAL_POST_PRICES_10 = betting.post_prices
ORIGINAL_FINISH_RACE_10 = session.finish_race
ORIGINAL_START_NEXT_RACE_10 = session.start_next_race
ORIGINAL_SETTLE_RACE_10 = settlement.settle_race


def any_bettor_in_any_order(table, by, field):
    """«Cada no banquero elige un caballo» read without an order: any bettor who has not chosen yet
    may bet when it likes; only the banker and those who have chosen are turned away."""
    race = table.race
    if by is not None and by != race.banker and 0 <= by < table.players \
            and by not in betting.have_chosen(race):
        return by
    return ORIGINAL_CHECK_BETTOR_10(table, by, field)


def open_horses_against_the_starting_bank(table):
    """The bank's cover judged against the chips the bank started the session with, not what the
    banker's balance holds now (the engine reads the bank's purse from the options)."""
    seat = table.to_bet
    if seat is None:
        return []
    r = table.race
    if table.options.when_uncovered == "owe":
        return list(SUITS)
    if table.balances[seat] < betting.MAX_STAKE:
        return []
    bank = table.options.starting_balance
    return [suit for suit in SUITS
            if betting.bank_covers(bank, betting.liability(betting.bets_if_backed(r.bets, seat, suit), r.odds,
                                                           table.options.bank_cover))]


def prices_from_six_marks(race_, counts, table_odds, log):
    """The seventh track card read as the finish line, not a mark of the track: a horse's price is
    looked up by its suit's cards among the first six track cards only."""
    six = track.track_counts(tuple(race_.track)[:6]) if race_.track is not None else counts
    ORIGINAL_POST_PRICES_10(race_, six, table_odds, log)


def every_stake_through_the_bank(players, banker, bets, winner, odds_):
    """«Recoge fichas perdedoras ... devuelve entrada ganadora» read as one pass of the chips: the
    bank collects every stake, the winners' too, and pays each winner back its stake with the net
    winnings: the bank's collected and paid count the winning stakes as well."""
    s = ORIGINAL_SETTLE_RACE_10(players, banker, bets, winner, odds_)
    winning = sum(b.stake for b in bets if b.horse == winner)
    return Settlement(s.winner, s.odds, s.returned, s.changes, s.collected + winning, s.paid + winning)


def banker_by_race_number(table, log):
    """The bank of race N given to seat N-1: the engine numbers the bankers by the races, as if the
    first race were always banked by seat 0, instead of passing the bank on from whoever banked."""
    def by_race_number(banker, players):
        return table.race.number % players

    with patched((seating, "next_banker", by_race_number)):
        ORIGINAL_FINISH_RACE_10(table, log)


ORIGINAL_LAY_TRACK_10 = session.lay_track
ORIGINAL_FINISH_CHOICE_10 = betting.finish_choice


def broke_bettors_left_out(table, log):
    """«Cada no banquero ... coloca 1 ficha» read as who is in the race: a bettor without a chip is
    left out of it by the engine, at its turn, without being asked to sit out."""
    r = table.race
    while table.phase == BETTING and table.to_bet is not None and table.balances[table.to_bet] < betting.MAX_STAKE:
        seat = table.to_bet
        r.sitting_out.append(seat)
        log.event("sat_out", "CRD-BET-3", seat=seat, reason="no_chip")
        r.waiting = betting.still_to_choose(r, table.players)
        if not r.waiting:
            betting.close_bets(table, log)


def lay_track_leaving_out_the_broke(table, lay, log, field):
    ORIGINAL_LAY_TRACK_10(table, lay, log, field)
    broke_bettors_left_out(table, log)


def finish_choice_leaving_out_the_broke(table, log):
    ORIGINAL_FINISH_CHOICE_10(table, log)
    broke_bettors_left_out(table, log)


def sitting_out_kept_for_the_session(table, log):
    """Who sat out is kept on the table, not on the race: a seat that sat a race out is passed over
    in every later race of the session."""
    out = list(table.race.sitting_out)
    ORIGINAL_START_NEXT_RACE_10(table, log)
    table.race.sitting_out = [seat for seat in out if seat != table.race.banker]


def returned_is_the_net_winnings(players, banker, bets, winner, odds_):
    """«Devuelve entrada ganadora más ganancia neta» recorded as the net winnings alone: what a winner
    is handed back is written down without its stake."""
    s = ORIGINAL_SETTLE_RACE_10(players, banker, bets, winner, odds_)
    returned = list(s.returned)
    for b in bets:
        if b.horse == winner:
            returned[b.seat] -= b.stake
    return Settlement(s.winner, s.odds, returned, s.changes, s.collected, s.paid)


def heldout_batch10() -> list[Mutant]:
    M = mutant
    return [
        M("dev10-bets-in-any-order", "Any bettor who has not chosen may bet, in any order.", ("CRD-INT-3",),
          *everywhere(betting, "check_bettor", any_bettor_in_any_order)),
        M("dev10-cover-against-the-starting-bank", "The bank's cover is judged against its starting chips.",
          ("CRD-BET-4",), *everywhere(betting, "open_horses", open_horses_against_the_starting_bank)),
        M("dev10-prices-from-six-marks", "A horse's price counts its suit among the first six track cards.",
          ("CRD-ODDS-1", "CRD-TRACK-2"), *everywhere(betting, "post_prices", prices_from_six_marks)),
        M("dev10-every-stake-through-the-bank", "The bank collects every stake and pays the winners theirs "
          "back: its collected and paid count the winning stakes.", ("CRD-PAY-1", "CRD-PAY-2"),
          *everywhere(settlement, "settle_race", every_stake_through_the_bank)),
        M("dev10-banker-by-race-number", "Race N is banked by seat N-1, whoever banked first.", ("CRD-ROT-1",),
          *everywhere(session, "finish_race", banker_by_race_number)),
        M("dev10-broke-bettors-left-out", "A bettor without a chip is left out at its turn, not asked to "
          "sit out.", ("CRD-BET-3",), *everywhere(session, "lay_track", lay_track_leaving_out_the_broke),
          *everywhere(betting, "finish_choice", finish_choice_leaving_out_the_broke)),
        M("dev10-sitting-out-kept-for-the-session", "A seat that sat a race out is passed over in later races.",
          ("CRD-BET-3", "CRD-ROT-2"), *everywhere(session, "start_next_race", sitting_out_kept_for_the_session)),
        M("dev10-returned-is-the-net-winnings", "A winner's total returned is recorded without its stake.",
          ("CRD-PAY-2",), *everywhere(settlement, "settle_race", returned_is_the_net_winnings)),
    ]


ORIGINAL_PLACE_BET_11 = betting.place_bet
ORIGINAL_SIT_OUT_11 = betting.sit_out
ORIGINAL_OPEN_HORSES_11 = betting.open_horses
ORIGINAL_START_NEXT_RACE_11 = session.start_next_race
ORIGINAL_POST_PRICES_11 = betting.post_prices
ORIGINAL_FINISH_RACE_11 = session.finish_race


def stake_taken_at_the_bet(table, horse, stake, by, log, field):
    """«Coloca 1 ficha» read as the chip leaving the bettor's balance when it is placed; the
    settlement then applies its changes on top, as if the stake were still in the bettor's hands."""
    before = len(table.race.bets)
    ORIGINAL_PLACE_BET_11(table, horse, stake, by, log, field)
    for b in table.race.bets[before:]:
        table.balances[b.seat] -= b.stake


def open_horses_with_the_placed_stakes(table):
    """The stakes already placed counted as chips in the bank's hands when its cover is judged."""
    seat = table.to_bet
    if seat is None:
        return []
    r = table.race
    if table.options.when_uncovered == "owe":
        return list(SUITS)
    if table.balances[seat] < betting.MAX_STAKE:
        return []
    bank = table.balances[r.banker] + sum(b.stake for b in r.bets)
    return [suit for suit in SUITS
            if betting.bank_covers(bank, betting.liability(betting.bets_if_backed(r.bets, seat, suit), r.odds,
                                                           table.options.bank_cover))]


def broke_bettor_refused_on_credit(table):
    """The bettor's purse checked before the table's agreement: a bettor without a chip is offered
    no horse even where the table lets bets be owed."""
    seat = table.to_bet
    if seat is not None and table.balances[seat] < betting.MAX_STAKE:
        return []
    return ORIGINAL_OPEN_HORSES_11(table)


def prices_posted_once_per_session(race_, counts, table_odds, log):
    """The prices worked out at the session's first race and posted again, unchanged, at every
    later race (the engine keeps them with the table, not with the race)."""
    kept = PRICES_KEPT.get("odds")
    if race_.number > 1 and kept is not None:
        race_.odds = dict(kept)
        betting.announce_prices(race_, log)
        return
    ORIGINAL_POST_PRICES_11(race_, counts, table_odds, log)
    PRICES_KEPT["odds"] = dict(race_.odds)


PRICES_KEPT: dict = {}


def lay_track_forgetting_old_prices(table, lay, log, field):
    if table.race.number == 1:
        PRICES_KEPT.clear()
    ORIGINAL_LAY_TRACK_10(table, lay, log, field)


def each_backer_paid_on_the_pool(players, banker, bets, winner, odds_):
    """«Varios pueden elegir mismo ganador» settled on the stakes gathered on the winner: the engine
    adds up the stakes on each horse and pays every backer of the winner the net winnings of that
    total, not of its own chip."""
    pool = sum(b.stake for b in bets if b.horse == winner)
    mine = [b for b in bets if b.horse == winner]
    return ORIGINAL_SETTLE_RACE_10(players, banker, [Bet(b.seat, b.horse, pool) if b in mine else b for b in bets],
                                   winner, odds_)


def sit_out_judged_on_the_bank_alone(table, by, log, field):
    """A bettor may sit out only when the bank cannot cover a horse: a bettor without a chip, with
    the bank able to cover, is refused and told to pick a horse."""
    seat = table.to_bet
    if table.phase == BETTING and seat is not None and table.options.sit_out != "by_choice" \
            and table.options.when_uncovered == "refuse" and table.balances[seat] < betting.MAX_STAKE:
        saved = table.balances[seat]
        table.balances[seat] = betting.MAX_STAKE
        try:
            horses = ORIGINAL_OPEN_HORSES_11(table)
        finally:
            table.balances[seat] = saved
        if horses:
            raise IllegalAction(f"{field}.sit_out", f"seat {seat} can back {', '.join(horses)}; every non-banker "
                                "picks a horse", "CRD-BET-3")
    return ORIGINAL_SIT_OUT_11(table, by, log, field)


def winner_kept_on_the_last_mark(race_state, log, field):
    """The positions end at the seventh card: the engine keeps a horse on the track, so the horse
    that crosses the line is recorded standing at the last mark."""
    winner = ORIGINAL_REVEAL_NEXT(race_state, log, field)
    if winner is not None:
        race_state.positions[winner] = min(race_state.positions[winner], track.TRACK_LENGTH)
    return winner


def single_race_opens_the_next(table, log):
    """A single race read as the first of a session: once it is settled the bank passes on and the
    table takes the next race's track instead of ending."""
    ORIGINAL_FINISH_RACE_11(table, log)
    if not table.session and table.phase == OVER and table.next_banker is not None:
        table.phase = SETTLED


def heldout_batch11() -> list[Mutant]:
    M = mutant
    return [
        M("held11-stake-taken-at-the-bet", "The stake leaves the bettor's balance when placed and the settlement's "
          "changes are applied on top.", ("CRD-PAY-2", "CRD-PAY-1"),
          *everywhere(betting, "place_bet", stake_taken_at_the_bet)),
        M("held11-cover-with-the-placed-stakes", "The stakes already placed count as the bank's chips for its cover.",
          ("CRD-BET-4",), *everywhere(betting, "open_horses", open_horses_with_the_placed_stakes)),
        M("held11-broke-bettor-refused-on-credit", "A bettor without a chip is offered no horse even when bets may "
          "be owed.", ("CRD-BET-3",), *everywhere(betting, "open_horses", broke_bettor_refused_on_credit)),
        M("held11-prices-once-per-session", "The first race's prices are posted again at every later race.",
          ("CRD-ODDS-1", "CRD-ROT-2"), *everywhere(session, "lay_track", lay_track_forgetting_old_prices),
          *everywhere(betting, "post_prices", prices_posted_once_per_session)),
        M("held11-each-backer-paid-on-the-pool", "Each backer of the winner is paid on all the stakes on it.",
          ("CRD-PAY-3",), *everywhere(settlement, "settle_race", each_backer_paid_on_the_pool)),
        M("held11-winner-kept-on-the-last-mark", "The winner is recorded at the last mark, not over the line.",
          ("CRD-RACE-6",), *everywhere(race, "reveal_next", winner_kept_on_the_last_mark)),
        M("held11-single-race-opens-the-next", "After a single race the table takes the next race's track.",
          ("CRD-ROT-1",), *everywhere(session, "finish_race", single_race_opens_the_next)),
        M("held11-broke-bettor-refused-a-sit-out", "A bettor without a chip may not sit out while the bank could "
          "cover.", ("CRD-BET-3",), *everywhere(betting, "sit_out", sit_out_judged_on_the_bank_alone)),
    ]


# -- batch 12 -------------------------------------------------------------------------------------
# The third development batch: written as the blind ones are, from the rule text, the clause
# catalog and the rules code, then read and tuned to; not a blind figure.
# `horserace mutants --held-out 12` selects them. Each repeats no curated misreading (mutants.py),
# no earlier batch's and no explicit decision's; each is written as an engine of its own would be wrong.

ORIGINAL_NEW_TABLE_12 = session.new_table
ORIGINAL_LAY_TRACK_12 = session.lay_track
ORIGINAL_FINISH_RACE_12 = session.finish_race
ORIGINAL_REVEAL_NEXT_12 = race.reveal_next
EXACT = importlib.import_module(f"{__package__}.exact")
REPLAY = sys.modules[f"{__package__}.replay"]
ORIGINAL_APPLY_ACTION_12 = REPLAY.apply_action


def every_race_from_equal_balances(players, banker=0, balances=None, options=None, session=False, field="setup"):
    """«Empieza sesión con saldos iguales» applied to every table: the engine refuses a race whose
    recorded balances are not all the same, a single race included."""
    if isinstance(balances, list) and len(set(b for b in balances if isinstance(b, int))) > 1:
        raise InputError(f"{field}.balances", "every seat starts with the same number of chips", "CRD-BET-1")
    return ORIGINAL_NEW_TABLE_12(players, banker, balances, options, session, field)


def reveal_stops_at_the_win(table, action, log, field):
    """«Revela siguiente carta» repeated N times by a loop that stops at the win: a 'reveal N' that
    runs past the winning card is played up to it, not refused."""
    from .actions import Reveal
    if isinstance(action, Reveal) and action.count > 1:
        for k in range(action.count):
            if k and table.phase != RACING:
                return
            session.reveal(table, log, f"{field}.reveal")
        return
    ORIGINAL_APPLY_ACTION_12(table, action, log, field)


def session_won_on_the_last_race(table, log):
    """«Compara saldos finales tras últimos pagos» read as the last payouts themselves: the session's
    winners are those who gained most in its last race."""
    before = list(table.balances)
    ORIGINAL_FINISH_RACE_12(table, log)
    if table.session and table.phase == OVER and table.session_winners is not None:
        gains = [after - was for after, was in zip(table.balances, before)]
        best = max(gains)
        table.session_winners = [seat for seat, g in enumerate(gains) if g == best]
        for event in log.events:
            if event["type"] == "session_over":
                event["winners"] = list(table.session_winners)


def liability_below_zero(bets, posted, measure):
    """The net measure kept as a signed sum: where the losing stakes exceed the winnings on a suit,
    the bank is shown as owing less than nothing on it."""
    net = measure == "net"
    out = {}
    for suit in SUITS:
        pay = 0
        for b in bets:
            if b.horse == suit:
                pay += settlement.net_winnings(b.stake, posted[suit] or 0)
            elif net:
                pay -= b.stake
        out[suit] = pay
    return out


def track_after_a_burnt_card(shuffled):
    """«Baraja las otras 48 y expón 7» dealt as card games deal: the top card of the shuffled 48 is
    burnt (slid under the pack) and the next seven make the track."""
    return tuple(shuffled[1:1 + track.TRACK_LENGTH])


def race_deck_after_a_burnt_card(shuffled):
    return tuple(shuffled[1 + track.TRACK_LENGTH:]) + tuple(shuffled[:1])


def deck_counted_before_the_turn(race_state, log, field):
    """The race deck's size told as the card is turned, before it leaves the deck: every revealed
    card reports one card more in the deck than is left."""
    before = len(log.events)
    winner = ORIGINAL_REVEAL_NEXT_12(race_state, log, field)
    for event in log.events[before:]:
        if event["type"] == "revealed":
            event["deck_size"] += 1
    return winner


def fair_price_as_total_return(p):
    """The fair price worked out the way a decimal price is, as what a chip brings back in all:
    1/p, the stake included, where the net odds that break even are (1 - p)/p."""
    return 1 / p if p else None


def max_stake_from_the_bank(table, lay, log, field):
    """«Publica pagos y apuesta máxima» read as a limit the bank sets: the maximum stake posted is
    what the bank could pay on its longest price, its chips divided by that price."""
    before = len(log.events)
    ORIGINAL_LAY_TRACK_12(table, lay, log, field)
    r = table.race
    for event in log.events[before:]:
        if event["type"] == "odds_posted":
            longest = max(price for price in r.odds.values() if price is not None)
            event["max_bet"] = max(table.balances[r.banker], 0) // longest


def heldout_batch12() -> list[Mutant]:
    M = mutant
    return [
        M("dev12-every-race-from-equal-balances", "A race is refused unless every seat holds the same chips, "
          "a single race too.", ("CRD-BET-1",), *everywhere(session, "new_table", every_race_from_equal_balances)),
        M("dev12-reveal-stops-at-the-win", "A 'reveal N' past the winning card is played up to the win, not "
          "refused.", ("CRD-RACE-7", "CRD-INT-12"), *everywhere(REPLAY, "apply_action", reveal_stops_at_the_win)),
        M("dev12-max-stake-from-the-bank", "The maximum stake posted is the bank's chips over its longest price.",
          ("CRD-BET-2",), *everywhere(session, "lay_track", max_stake_from_the_bank)),
        M("dev12-session-won-on-the-last-race", "The session is won by the biggest gain of its last race.",
          ("CRD-SESSION-2",), *everywhere(session, "finish_race", session_won_on_the_last_race)),
        M("dev12-liability-below-zero", "The bank's net liability on a suit may fall below zero.",
          ("CRD-INT-1",), *everywhere(betting, "liability", liability_below_zero)),
        M("dev12-track-after-a-burnt-card", "The top card of the shuffled 48 is burnt under the pack; the next "
          "seven make the track.", ("CRD-TRACK-2", "CRD-TRACK-3"),
          *everywhere(track, "track_of", track_after_a_burnt_card),
          *everywhere(track, "race_deck_of", race_deck_after_a_burnt_card)),
        M("dev12-deck-counted-before-the-turn", "The race deck is counted with the card being turned still in it.",
          ("CRD-RACE-1",), *everywhere(race, "reveal_next", deck_counted_before_the_turn)),
        M("dev12-fair-price-as-total-return", "A horse's fair price is worked out as the total a chip brings "
          "back, not as net odds.", ("CRD-ODDS-2", "CRD-PAY-2"), *everywhere(EXACT, "fair_net_odds",
                                                                           fair_price_as_total_return)),
    ]



# -- batch 13 -------------------------------------------------------------------------------------
# Written blind, as batches 3 to 8 and 11 were (the twelfth session): from the rule text, the clause
# catalog and the rules code, never tuned to. `horserace mutants --held-out 13` selects them. Each
# repeats no curated misreading (mutants.py) and no earlier batch's; each is written as an engine
# of its own would be wrong.

ORIGINAL_FINISH_RACE_13 = session.finish_race
ORIGINAL_OPEN_RACE_13 = race.open_race
ORIGINAL_OPEN_HORSES_13 = betting.open_horses
ORIGINAL_FINISH_CHOICE_13 = betting.finish_choice
ORIGINAL_SETTLE_RACE_13 = settlement.settle_race


def bettors_left_by_their_bets(race_state, players):
    """«Fija elecciones» kept as the bets placed: the engine knows who has chosen by the bets on the
    table, so a bettor who sat out is still waited for and asked again."""
    backed = {b.seat for b in race_state.bets}
    return [seat for seat in seating.bettors_in_order(race_state.banker, players) if seat not in backed]


def seat_to_choose_by_the_bets(table):
    return bettors_left_by_their_bets(table.race, table.players)[0]


def session_won_by_all_in_profit(table, log):
    """«Mayor gana» read as those who came out ahead: every seat that ends the session above the
    chips it started with is a winner of it."""
    ORIGINAL_FINISH_RACE_13(table, log)
    if table.session and table.phase == OVER and table.session_winners is not None:
        table.session_winners = [seat for seat, b in enumerate(table.balances)
                                 if b > table.options.starting_balance]
        for event in log.events:
            if event["type"] == "session_over":
                event["winners"] = list(table.session_winners)


def eight_cards_too_few_to_back(table):
    """«No tendría las 8 necesarias para terminar» read as needing more than eight: a horse left
    with exactly eight race cards is taken for one that cannot finish and is not offered."""
    horses = ORIGINAL_OPEN_HORSES_13(table)
    r = table.race
    if r.track is None:
        return horses
    available = track.race_cards_available(track.track_counts(r.track))
    return [suit for suit in horses if available[suit] > track.NEEDED_TO_FINISH]


def track_on_the_revealed_pile(race_state, lay):
    """The track's seven cards laid on the face-up pile the race cards are turned onto: the engine
    keeps one pile of face-up cards, the track first."""
    ORIGINAL_OPEN_RACE_13(race_state, lay)
    race_state.revealed = list(lay.track)


def evens_for_a_bare_suit(race_, counts, table_odds, log):
    """«0 → 1:1» kept whatever the table agreed: the agreed table is read for one to four track
    cards, and a suit with none on the track is posted at evens."""
    posted = odds.posted_odds(counts, table_odds)
    race_.odds = {suit: 1 if counts[suit] == 0 else price for suit, price in posted.items()}
    betting.announce_prices(race_, log)


def liability_announced_before_the_last_bet(table, log):
    """The bank's exposure worked out as each bettor is offered its choice and announced at the
    close: the fixed choices are listed in full but what the bank would owe leaves out the last bet."""
    before = list(table.race.bets[:-1])
    ORIGINAL_FINISH_CHOICE_13(table, log)
    if table.phase == RACING:
        for event in log.events:
            if event["type"] == "bets_closed":
                event["liability"] = betting.liability(before, table.race.odds, table.options.bank_cover)


def bank_charged_once_for_the_winner(players, banker, bets, winner, odds_):
    """The bank's side worked out per horse: it pays the winning horse's price once, however many
    backed it, while each backer is paid on its own chip."""
    s = ORIGINAL_SETTLE_RACE_13(players, banker, bets, winner, odds_)
    backers = [b for b in bets if b.horse == winner]
    if len(backers) < 2:
        return s
    once = settlement.net_winnings(backers[0].stake, odds_)
    changes = list(s.changes)
    changes[banker] += s.paid - once
    return Settlement(s.winner, s.odds, s.returned, changes, s.collected, once)


def balances_recorded_before_the_payouts(table, log):
    """«Registra saldos» done as the race is settled, before its changes are applied: the balances
    written down with the settlement are those the race began with."""
    before = list(table.balances)
    n = len(log.events)
    ORIGINAL_FINISH_RACE_13(table, log)
    for event in log.events[n:]:
        if event["type"] == "settled":
            event["balances"] = before


def heldout_batch13() -> list[Mutant]:
    M = mutant
    return [
        M("held13-a-sit-out-is-no-choice", "A bettor who sat out is still waited for and asked again.",
          ("CRD-BET-5",), *everywhere(betting, "still_to_choose", bettors_left_by_their_bets),
          *everywhere(betting, "seat_to_choose", seat_to_choose_by_the_bets)),
        M("held13-session-won-by-all-in-profit", "Every seat ending above its starting chips wins the session.",
          ("CRD-SESSION-2",), *everywhere(session, "finish_race", session_won_by_all_in_profit)),
        M("held13-eight-cards-too-few-to-back", "A horse left with exactly eight race cards is not offered.",
          ("CRD-TRACK-5",), *everywhere(betting, "open_horses", eight_cards_too_few_to_back)),
        M("held13-track-on-the-revealed-pile", "The track cards lie on the pile the race cards are turned onto.",
          ("CRD-RACE-4",), *everywhere(race, "open_race", track_on_the_revealed_pile)),
        M("held13-evens-for-a-bare-suit", "A suit with no track card is posted at evens whatever table was "
          "agreed.", ("CRD-INT-7", "CRD-ODDS-1"), *everywhere(betting, "post_prices", evens_for_a_bare_suit)),
        M("held13-liability-announced-before-the-last-bet", "The bank's exposure announced at the close leaves "
          "out the last bet.", ("CRD-BET-5",), *everywhere(betting, "finish_choice",
                                                           liability_announced_before_the_last_bet)),
        M("held13-bank-charged-once-for-the-winner", "The bank pays the winning price once however many "
          "backed it.", ("CRD-PAY-3", "CRD-SESSION-3"),
          *everywhere(settlement, "settle_race", bank_charged_once_for_the_winner)),
        M("held13-balances-recorded-before-the-payouts", "The balances recorded with the settlement are those "
          "the race began with.", ("CRD-ROT-1",), *everywhere(session, "finish_race",
                                                             balances_recorded_before_the_payouts)),
    ]


# -- batch 14 -------------------------------------------------------------------------------------
# Written blind, as batches 3 to 8, 11 and 13 were (the thirteenth session): from the rule text, the
# clause catalog and the rules code, never tuned to. `horserace mutants --held-out 14` selects them.
# Each repeats no curated misreading (mutants.py) and no earlier batch's; each is written as an
# engine of its own would be wrong.

ORIGINAL_LAY_TRACK_14 = session.lay_track
ORIGINAL_SETTLE_RACE_14 = settlement.settle_race
ORIGINAL_SIT_OUT_14 = betting.sit_out
ORIGINAL_START_NEXT_RACE_14 = session.start_next_race
ORIGINAL_REVEAL_14 = session.reveal


def bettors_up_to_the_last_seat(banker, players):
    """«Cada no banquero elige» walked from the banker's left for players - 2 seats (the banker
    and one more taken off the count): the seat on the banker's right is never asked."""
    return [(banker + k) % players for k in range(1, players - 1)]


def still_to_choose_up_to_the_last_seat(race_state, players):
    """The engine's queue of bettors, built with that count, less those who have chosen."""
    chosen = betting.have_chosen(race_state)
    return [seat for seat in bettors_up_to_the_last_seat(race_state.banker, players) if seat not in chosen]


def seat_to_choose_up_to_the_last_seat(table):
    return still_to_choose_up_to_the_last_seat(table.race, table.players)[0]


def lay_with_the_short_queue(table, lay, log, field):
    """The queue the lay hands to the betting, built with the same count."""
    ORIGINAL_LAY_TRACK_14(table, lay, log, field)
    if table.phase == BETTING:
        table.race.waiting = still_to_choose_up_to_the_last_seat(table.race, table.players)


def nothing_settled_without_a_winning_bet(players, banker, bets, winner, odds_):
    """The settlement walked from the winning bets: when nobody backed the winner the engine finds
    nothing to settle, and the losing stakes stay with their bettors."""
    if any(b.horse == winner for b in bets):
        return ORIGINAL_SETTLE_RACE_14(players, banker, bets, winner, odds_)
    return Settlement(winner, odds_, [0] * players, [0] * players, 0, 0)


def counts_kept_across_relays(table, lay, log, field):
    """The tally of track cards per suit is kept on the race and not cleared when a loaded track is
    gathered and laid again: a re-laid track is judged with the cards of the lay before it."""
    if table.phase != LAYING:
        return ORIGINAL_LAY_TRACK_14(table, lay, log, field)
    kept = table.race.__dict__.get("kept_counts")
    fresh = track.track_counts(lay.track)
    counts = fresh if kept is None else {suit: kept[suit] + fresh[suit] for suit in SUITS}
    table.race.kept_counts = counts
    with patched(*everywhere(track, "track_counts", lambda cards: dict(counts) if cards == lay.track
                             else track.suit_counts(cards))):
        return ORIGINAL_LAY_TRACK_14(table, lay, log, field)


def uncovered_sit_out_closes_the_betting(table, by, log, field):
    """«Comprueba fichas suficientes en banca ... y fija elecciones» taken as one step: once a bettor
    sits out because the bank cannot cover any horse, the bank is taken as spent and the choices are
    fixed there: the bettors after it are not asked."""
    seat = table.to_bet if by is None else by
    spent = (seat is not None and table.phase == BETTING and table.options.when_uncovered == "refuse"
             and table.balances[seat] >= betting.MAX_STAKE and not betting.open_horses(table))
    if not spent:
        return ORIGINAL_SIT_OUT_14(table, by, log, field)
    with patched(*everywhere(betting, "still_to_choose", lambda race_state, players: [])):
        return ORIGINAL_SIT_OUT_14(table, by, log, field)


def bank_wraps_before_the_last_seat(banker, players):
    """The bank passed with a wrap tested one seat early: from the last-but-one seat it goes back to
    seat 0, so the last seat never banks."""
    nxt = banker + 1
    return 0 if nxt >= players - 1 else nxt


def races_not_counted(table, log):
    """The new race is set up with the banker passed on but the race count copied from the last
    race: every race is numbered 1, and the finite session never reaches its last race."""
    number = table.race.number
    ORIGINAL_START_NEXT_RACE_14(table, log)
    table.race.number = number
    for event in log.events:
        if event["type"] == "race_started" and event.get("race") == number + 1:
            event["race"] = number


def uncovered_bettor_refused_a_sit_out(table, by, log, field):
    """A sit-out taken as a bettor's answer to an empty purse only: a bettor holding its chip is told
    to pick a horse even when the bank can cover none of them."""
    seat = table.to_bet if by is None else by
    if (seat is not None and table.phase == BETTING and table.options.sit_out == "when_unable"
            and table.balances[seat] >= betting.MAX_STAKE and seat == betting.seat_to_choose(table)):
        raise IllegalAction(f"{field}.sit_out", f"seat {seat} holds a chip; every non-banker picks a horse",
                            "CRD-BET-3")
    return ORIGINAL_SIT_OUT_14(table, by, log, field)


def reveal_after_the_win_ignored(table, log, field):
    """«No termines mazo» kept by turning nothing: a reveal asked for once the race is won is
    passed over quietly instead of refused."""
    if table.phase in (OVER, SETTLED) and table.race.winner is not None and not (table.session and table.phase == OVER):
        return None
    return ORIGINAL_REVEAL_14(table, log, field)


def heldout_batch14() -> list[Mutant]:
    M = mutant
    return [
        M("held14-banker-right-never-bets", "The seat on the banker's right is never asked to choose.",
          ("CRD-BET-3",), *everywhere(betting, "still_to_choose", still_to_choose_up_to_the_last_seat),
          *everywhere(betting, "seat_to_choose", seat_to_choose_up_to_the_last_seat),
          *everywhere(session, "lay_track", lay_with_the_short_queue)),
        M("held14-nothing-settled-without-a-winning-bet", "When nobody backed the winner the losing stakes "
          "are not collected.", ("CRD-PAY-1",), *everywhere(settlement, "settle_race",
                                                              nothing_settled_without_a_winning_bet)),
        M("held14-counts-kept-across-relays", "A re-laid track is judged with the track cards of the lay "
          "before it.", ("CRD-TRACK-4",), *everywhere(session, "lay_track", counts_kept_across_relays)),
        M("held14-uncovered-sit-out-closes-the-betting", "Once a bettor sits out for the bank's cover, the "
          "choices are fixed and the rest are not asked.", ("CRD-BET-5", "CRD-BET-4"),
          *everywhere(betting, "sit_out", uncovered_sit_out_closes_the_betting)),
        M("held14-bank-wraps-before-the-last-seat", "The bank passes from the last-but-one seat back to "
          "seat 0.", ("CRD-ROT-1",), *everywhere(seating, "next_banker", bank_wraps_before_the_last_seat)),
        M("held14-races-not-counted", "The race count is not advanced when a new race starts.",
          ("CRD-SESSION-1",), *everywhere(session, "start_next_race", races_not_counted)),
        M("held14-uncovered-bettor-refused-a-sit-out", "A bettor holding its chip may not sit out even when "
          "the bank can cover no horse.", ("CRD-BET-4",),
          *everywhere(betting, "sit_out", uncovered_bettor_refused_a_sit_out)),
        M("held14-reveal-after-the-win-ignored", "A reveal after the win is passed over instead of refused.",
          ("CRD-RACE-7",), *everywhere(session, "reveal", reveal_after_the_win_ignored)),
    ]



# -- batch 15 -------------------------------------------------------------------------------------
# Written blind, as batches 3 to 8, 11, 13 and 14 were (the fourteenth session): from the rule text,
# the clause catalog and the rules code, never tuned to. `horserace mutants --held-out 15` selects
# them. Each repeats no curated misreading (mutants.py) and no earlier batch's; each is written as an
# engine of its own would be wrong.

NOTATION = importlib.import_module(f"{__package__}.notation")
ORIGINAL_LAY_TRACK_15 = session.lay_track
ORIGINAL_START_NEXT_RACE_15 = session.start_next_race
ORIGINAL_FINISH_RACE_15 = session.finish_race
ORIGINAL_ANNOUNCE_PRICES_15 = betting.announce_prices
ORIGINAL_CLOSE_BETS_15 = betting.close_bets
ORIGINAL_SETTLE_RACE_15 = settlement.settle_race


def first_banker_of(race_state, players):
    """The seat that banked the session's first race (the bank passes one seat a race)."""
    return (race_state.banker - (race_state.number - 1)) % players


def bettors_from_the_first_banker(race_state, players):
    """«Cada no banquero elige» worked out once, when the session was set up: the engine keeps the
    bettors of the first race (clockwise from the first banker's left) for every race after it."""
    chosen = betting.have_chosen(race_state)
    return [seat for seat in seating.bettors_in_order(first_banker_of(race_state, players), players)
            if seat not in chosen]


def seat_to_choose_from_the_first_banker(table):
    return bettors_from_the_first_banker(table.race, table.players)[0]


def lay_with_the_first_race_queue(table, lay, log, field):
    ORIGINAL_LAY_TRACK_15(table, lay, log, field)
    if table.phase == BETTING:
        table.race.waiting = bettors_from_the_first_banker(table.race, table.players)


def balances_dealt_afresh(table, log):
    """«Empieza sesión con saldos iguales» done at the start of every race: the new race deals the
    starting chips again, and the recorded balances of the race before are dropped."""
    ORIGINAL_START_NEXT_RACE_15(table, log)
    table.balances = [table.options.starting_balance] * table.players


def only_aces_refused(cards, labels):
    """The lay checked for the aces it must not hold, and by its count: a card given twice is
    taken as it is, as long as the count comes to 48."""
    for c, where in zip(cards, labels):
        if c.rank == 1:
            raise InputError(where, f"{c} is a horse: the four aces stand at position 0", "CRD-TRACK-1")


def bank_passed_at_the_next_lay(table, log):
    """The bank passed when the cards are gathered for the next race, not when the race is settled:
    the settlement names no next banker, the next lay passes the bank."""
    n = len(log.events)
    ORIGINAL_FINISH_RACE_15(table, log)
    passes = [e for e in log.events[n:] if e["type"] == "bank_passes"]
    for event in passes:
        log.events.remove(event)
    if passes and table.phase == OVER:
        table.next_banker = None


def lay_passes_the_bank(table, lay, log, field):
    if table.phase == SETTLED and table.next_banker is not None:
        log.event("bank_passes", "CRD-ROT-1", **{"from": table.race.banker, "to": table.next_banker})
    return ORIGINAL_LAY_TRACK_15(table, lay, log, field)


def lay_after_the_session(table, lay, log, field):
    """The end of the session checked where cards are turned and bets made, but not where a track
    is laid: a lay after the last race starts one more race, banked by the next seat."""
    if table.session and table.phase == OVER and table.race.winner is not None:
        table.next_banker = seating.next_banker(table.race.banker, table.players)
        table.phase = SETTLED
        with patched(*everywhere(session, "refuse_when_finished", lambda table_, field_: None)):
            return ORIGINAL_LAY_TRACK_15(table, lay, log, field)
    return ORIGINAL_LAY_TRACK_15(table, lay, log, field)


def prices_kept_back(race_, log):
    """The prices worked out at the lay but kept back: the engine posts them with the fixed choices."""
    return None


def prices_posted_with_the_choices(table, log):
    """«Publica pagos y apuesta máxima» done once the choices are fixed, just before the first card is
    turned (still before any race card is revealed), not when the track is laid."""
    ORIGINAL_ANNOUNCE_PRICES_15(table.race, log)
    return ORIGINAL_CLOSE_BETS_15(table, log)


def revealed_pile_kept(table, lay, log, field):
    """«Recogiendo y barajando todo» done for the track and the race deck, which the new lay deals
    afresh, but not for the pile of revealed cards: the last race's turned cards stay on it."""
    kept = list(table.race.revealed) if table.phase == SETTLED else []
    ORIGINAL_LAY_TRACK_15(table, lay, log, field)
    if kept and table.race.track is not None:
        table.race.revealed = kept + table.race.revealed


def settled_at_the_suggested_price(table, log):
    """The payout looked up in the text's table by the winner's track cards when the race is
    settled, while the prices posted (and bet on) were those of the table agreed."""
    r = table.race
    if r.winner is None or r.odds is None or r.track is None:
        return ORIGINAL_FINISH_RACE_15(table, log)
    posted = r.odds
    count = track.track_counts(r.track)[r.winner]
    looked_up = dict(posted)
    looked_up[r.winner] = odds.SUGGESTED_ODDS[count] if count < len(odds.SUGGESTED_ODDS) else posted[r.winner]
    r.odds = looked_up
    try:
        return ORIGINAL_FINISH_RACE_15(table, log)
    finally:
        r.odds = posted


def heldout_batch15() -> list[Mutant]:
    M = mutant
    return [
        M("held15-bettors-of-the-first-race", "Every race asks the bettors of the session's first race.",
          ("CRD-BET-3",), *everywhere(betting, "still_to_choose", bettors_from_the_first_banker),
          *everywhere(betting, "seat_to_choose", seat_to_choose_from_the_first_banker),
          *everywhere(session, "lay_track", lay_with_the_first_race_queue)),
        M("held15-balances-dealt-afresh", "Each new race of a session starts from the starting chips again.",
          ("CRD-ROT-1",), *everywhere(session, "start_next_race", balances_dealt_afresh)),
        M("held15-repeated-card-accepted", "A lay holding a card twice is accepted if it counts 48 cards.",
          ("CRD-SET-1",), *everywhere(NOTATION, "check_cards", only_aces_refused)),
        M("held15-bank-passed-at-the-next-lay", "The bank passes when the next track is laid, not at the "
          "settlement.", ("CRD-ROT-1",), *everywhere(session, "finish_race", bank_passed_at_the_next_lay),
          *everywhere(session, "lay_track", lay_passes_the_bank)),
        M("held15-lay-after-the-session", "A track laid after the session's last race starts one more race.",
          ("CRD-SESSION-1",), *everywhere(session, "lay_track", lay_after_the_session)),
        M("held15-prices-posted-with-the-choices", "The payouts and maximum stake are posted once the choices "
          "are fixed, not at the lay.", ("CRD-BET-2",), *everywhere(betting, "announce_prices", prices_kept_back),
          *everywhere(betting, "close_bets", prices_posted_with_the_choices)),
        M("held15-revealed-pile-kept", "The cards turned in a race stay on the revealed pile into the next "
          "race.", ("CRD-ROT-2",), *everywhere(session, "lay_track", revealed_pile_kept)),
        M("held15-settled-at-the-suggested-price", "A race is paid at the text's suggested price for the "
          "winner's track cards, not at the price agreed and posted.", ("CRD-PAY-2",),
          *everywhere(session, "finish_race", settled_at_the_suggested_price)),
    ]

# -- batch 16 -------------------------------------------------------------------------------------
# Written blind, the fifteenth session, as batches 11, 13, 14 and 15 were (what
# reference/dominoes/heldout.py says of them): `horserace mutants --held-out 16` selects them.

from dataclasses import dataclass as _dataclass
from fractions import Fraction as _Fraction
from math import comb as _comb, factorial as _factorial

from . import exact as EXACT

ORIGINAL_FINISH_RACE_16 = session.finish_race
ORIGINAL_START_NEXT_RACE_16 = session.start_next_race
ORIGINAL_HAVE_CHOSEN_16 = betting.have_chosen
ORIGINAL_LAY_TRACK_16 = session.lay_track
ORIGINAL_ANNOUNCE_PRICES_16 = betting.announce_prices


def bank_kept_after_a_single_race(table, log):
    """«Rota banquero ... para nueva carrera» read as a step of the session only: a single race
    ends with the bank where it was, nobody named to bank next."""
    ORIGINAL_FINISH_RACE_16(table, log)
    if not table.session and table.next_banker is not None:
        table.next_banker = None
        log.events[:] = [e for e in log.events if e.get("type") != "bank_passes"]


@_dataclass(frozen=True)
class RidingBet(Bet):
    """A bet left in the book from an earlier race."""


def book_kept_for_the_next_race(table, log):
    """The book of bets belongs to the table and is not emptied when a new race starts: the last
    race's bets stay in it (and are settled again), while the new race asks its bettors afresh."""
    kept = [RidingBet(b.seat, b.horse, b.stake) for b in table.race.bets]
    ORIGINAL_START_NEXT_RACE_16(table, log)
    table.race.bets = kept + table.race.bets


def chosen_in_this_race(race_state):
    """Who has chosen in this race: the bets placed in it, and those who sat it out."""
    return [b.seat for b in race_state.bets if not isinstance(b, RidingBet)] + race_state.sitting_out


BANK_AT_THE_LAY = {}


def lay_noting_the_bank(table, lay, log, field):
    BANK_AT_THE_LAY["chips"] = table.balances[table.race.banker]
    try:
        return ORIGINAL_LAY_TRACK_16(table, lay, log, field)
    finally:
        BANK_AT_THE_LAY.pop("chips", None)


def max_bet_the_bank_can_cover(race_state, log):
    """«Publica pagos y apuesta máxima» read as the largest stake the bank could pay at the highest
    price posted: its chips over that price (the stake itself stays one chip)."""
    chips = BANK_AT_THE_LAY.get("chips")
    prices = [v for v in race_state.odds.values() if v]
    if chips is None or not prices:
        return ORIGINAL_ANNOUNCE_PRICES_16(race_state, log)
    log.event("odds_posted", "CRD-ODDS-1", odds=dict(race_state.odds), max_bet=max(chips, 0) // max(prices))
    log.rule("CRD-BET-2", "CRD-ODDS-2")


def relay_chance_of_one_suit():
    """The chance a track is laid again worked out for one suit loading it (the first), as if the
    other suits' five-card tracks were the same case counted once."""
    first = SUITS[0]
    return sum((EXACT.composition_probability(c) for c in EXACT.all_compositions()
                if track.loads_the_track(c[first])), _Fraction(0))


FIRST_DECK_OF_THE_RACE = {}


def relay_deals_only_the_track(table, lay, log, field):
    """A loaded track is re-dealt, but only its seven cards: the race deck stays the one the first
    lay of the race left."""
    if table.phase == LAYING and lay.deck is not None:
        if table.race.relays == 0:
            FIRST_DECK_OF_THE_RACE["deck"] = lay.deck
        elif FIRST_DECK_OF_THE_RACE.get("deck") is not None:
            lay = Lay(lay.track, FIRST_DECK_OF_THE_RACE["deck"])
    return ORIGINAL_LAY_TRACK_16(table, lay, log, field)


def relay_reason_by_the_marks(table, lay, log, field):
    """The cards a horse needs to finish counted as the marks of the track (seven), in the reason a
    loaded track is laid again."""
    before = len(log.events)
    ORIGINAL_LAY_TRACK_16(table, lay, log, field)
    for event in log.events[before:]:
        if event.get("type") == "relaid":
            event["needed"] = track.TRACK_LENGTH


def win_chances_with_cards_returned(counts):
    """The chance of each horse worked out as if each turned card went back into the race deck:
    every turn draws a suit in proportion to its race cards, whatever was turned before."""
    available = [track.RACE_CARDS_PER_SUIT - t for t in counts]
    deck = sum(available)
    last = track.NEEDED_TO_FINISH - 1
    result = []
    for s, a_s in enumerate(available):
        if not track.can_finish(a_s):
            result.append(_Fraction(0))
            continue
        others = [a for o, a in enumerate(available) if o != s]
        total = _Fraction(0)
        p_s = _Fraction(a_s, deck)
        for m0 in range(last + 1):
            for m1 in range(last + 1):
                for m2 in range(last + 1):
                    ms = (m0, m1, m2)
                    ways = _Fraction(_factorial(last + sum(ms)), _factorial(last))
                    term = p_s ** (last + 1)
                    for m, a in zip(ms, others):
                        ways /= _factorial(m)
                        term *= _Fraction(a, deck) ** m
                    total += ways * term
        result.append(total)
    return tuple(result)


def track_drawn_from_the_whole_pack(counts):
    """The chance of a track's make-up worked out over the whole pack shuffled, aces in: thirteen
    cards a suit, 52 cards."""
    ways = 1
    for suit in SUITS:
        ways *= _comb(13, counts[suit])
    return _Fraction(ways, _comb(52, track.TRACK_LENGTH))


def heldout_batch16() -> list[Mutant]:
    M = mutant
    return [
        M("held16-single-race-keeps-the-bank", "After a single race nobody is named to bank next.",
          ("CRD-ROT-1",), *everywhere(session, "finish_race", bank_kept_after_a_single_race)),
        M("held16-book-kept-for-the-next-race", "The last race's bets stay in the book into the next race.",
          ("CRD-ROT-2",), *everywhere(session, "start_next_race", book_kept_for_the_next_race),
          *everywhere(betting, "have_chosen", chosen_in_this_race)),
        M("held16-max-bet-the-bank-can-cover", "The maximum posted is the bank's chips over its highest price.",
          ("CRD-BET-2",), *everywhere(session, "lay_track", lay_noting_the_bank),
          *everywhere(betting, "announce_prices", max_bet_the_bank_can_cover)),
        M("held16-relay-chance-of-one-suit", "The chance of a re-lay is that of one suit loading the track.",
          ("CRD-TRACK-4",), *everywhere(EXACT, "relay_probability", relay_chance_of_one_suit)),
        M("held16-relay-deals-only-the-track", "A re-lay deals a new track and keeps the first race deck.",
          ("CRD-TRACK-4",), *everywhere(session, "lay_track", relay_deals_only_the_track)),
        M("held16-needed-counted-as-the-marks", "The cards needed to finish are given as the seven marks.",
          ("CRD-TRACK-5",), *everywhere(session, "lay_track", relay_reason_by_the_marks)),
        M("held16-chances-with-cards-returned", "Win chances are worked out as if turned cards went back.",
          ("CRD-RACE-10",), (EXACT, "_win_probabilities", win_chances_with_cards_returned)),
        M("held16-track-drawn-from-the-whole-pack", "A track's chances are worked out over all 52 cards.",
          ("CRD-TRACK-2",), *everywhere(EXACT, "composition_probability", track_drawn_from_the_whole_pack)),
    ]

# -- batch 17 -------------------------------------------------------------------------------------
# Written blind, the sixteenth session: from the rule text, the clause catalog and the rules code
# only, never tuned to. `horserace mutants --held-out 17` selects them. Each repeats no curated
# misreading (mutants.py) and no earlier batch's; each is written as an engine of its own would be wrong.

ORIGINAL_SETTLE_RACE_17 = settlement.settle_race
ORIGINAL_FINISH_RACE_17 = session.finish_race
ORIGINAL_LAY_TRACK_17 = session.lay_track
ORIGINAL_OPEN_HORSES_17 = betting.open_horses


def bank_pays_the_whole_return(players, banker, bets, winner, odds_):
    """«Devuelve entrada ganadora más ganancia neta»: the bank hands each winner the whole return,
    stake and winnings, out of its own chips, though the stake never left the winner's balance."""
    s = ORIGINAL_SETTLE_RACE_17(players, banker, bets, winner, odds_)
    stakes = sum(b.stake for b in bets if b.horse == winner)
    if not stakes:
        return s
    changes = list(s.changes)
    changes[banker] -= stakes
    return Settlement(s.winner, s.odds, list(s.returned), changes, s.collected, s.paid + stakes)


def aces_never_share_a_position(race_state, c):
    """The track read as a row of cells one ace each: an ace moving onto a position another ace
    holds goes on to the next free one."""
    horse = race.horse_of(c)
    before = race_state.positions[horse]
    to = race.forward(before, race.steps_for(c))
    taken = {p for h, p in race_state.positions.items() if h != horse}
    while to < race.FINISH and to in taken:
        to += 1
    race_state.positions[horse] = to
    return horse, before


def unmoved_horse_bets_void(table, log):
    """A horse that never left the start is read as a non-runner: the stakes on it are handed back,
    not collected by the bank."""
    unmoved = {h for h, p in table.race.positions.items() if p == track.START}

    def settle(players, banker, bets, winner, odds_):
        return ORIGINAL_SETTLE_RACE_17(players, banker, [b for b in bets if b.horse not in unmoved], winner, odds_)

    with patched((settlement, "settle_race", settle)):
        return ORIGINAL_FINISH_RACE_17(table, log)


def open_horses_by_the_bettors_chips(table):
    """The cover is judged against the chips of the seat choosing, not the bank's."""
    seat = table.to_bet
    if seat is None or table.options.when_uncovered == "owe":
        return ORIGINAL_OPEN_HORSES_17(table)
    if table.balances[seat] < betting.MAX_STAKE:
        return []
    r = table.race
    purse = table.balances[seat]
    return [suit for suit in SUITS
            if betting.open_after_earlier_bets(r.bets, suit)
            and betting.bank_covers(purse, betting.liability(betting.bets_if_backed(r.bets, seat, suit), r.odds,
                                                             table.options.bank_cover))]


def longest_run(cards):
    best, run, last = (0, None), 0, None
    for c in cards:
        run = run + 1 if c.suit == last else 1
        last = c.suit
        if run > best[0]:
            best = (run, c.suit)
    return best


def lay_judging_runs(table, lay, log, field):
    """«Con 5 o más del mismo palo en recorrido» read as five marks of a suit in a row: only such a
    run loads the track."""
    run, suit = longest_run(lay.track)
    loaded = suit if run >= track.RELAY_AT else None
    with patched((track, "overloaded_suit", lambda counts: loaded)):
        return ORIGINAL_LAY_TRACK_17(table, lay, log, field)


def chances_to_the_last_mark(counts):
    """Each horse's chance worked out as that of its seventh card coming first: reaching the last
    mark taken for the win."""
    available = [track.RACE_CARDS_PER_SUIT - t for t in counts]
    deck = sum(available)
    last = track.NEEDED_TO_FINISH - 2
    result = []
    for s, a_s in enumerate(available):
        if a_s < last + 1:
            result.append(_Fraction(0))
            continue
        ways_others = [1]
        for o, a_o in enumerate(available):
            if o != s:
                ways_others = EXACT.polynomial_product(ways_others, [_comb(a_o, j) for j in range(min(last, a_o) + 1)])
        total = _Fraction(0)
        for m, ways in enumerate(ways_others):
            n = last + m
            total += _Fraction(_comb(a_s, last) * ways * (a_s - last), _comb(deck, n) * (deck - n))
        result.append(total)
    return tuple(result)


def cover_checked_at_the_first_bet(table):
    """The bank's cover is checked when the race's first bet is placed; once one bet stands, every
    horse is offered to the later bettors."""
    if table.to_bet is None or table.options.when_uncovered == "owe" or not table.race.bets:
        return ORIGINAL_OPEN_HORSES_17(table)
    if table.balances[table.to_bet] < betting.MAX_STAKE:
        return []
    return [suit for suit in SUITS if betting.open_after_earlier_bets(table.race.bets, suit)]


def expected_gain_stake_always_lost(p, odds_):
    """A chip's expected gain taken as its winnings with chance p less the chip, always: the stake
    a winner gets back is forgotten."""
    if odds_ is None:
        return None
    return p * settlement.net_winnings(1, odds_) - settlement.lost_stake(1)


def heldout_batch17() -> list[Mutant]:
    M = mutant
    return [
        M("held17-bank-pays-the-whole-return", "The bank pays each winner its stake as well as the winnings.",
          ("CRD-PAY-2",), *everywhere(settlement, "settle_race", bank_pays_the_whole_return)),
        M("held17-aces-never-share-a-position", "An ace moving onto another ace's position goes on to the next free one.",
          ("CRD-RACE-2",), *everywhere(race, "move", aces_never_share_a_position)),
        M("held17-unmoved-horse-bets-void", "Stakes on a horse that never left the start are handed back.",
          ("CRD-PAY-1",), *everywhere(session, "finish_race", unmoved_horse_bets_void)),
        M("held17-cover-from-the-bettors-chips", "The cover is judged against the chips of the seat choosing.",
          ("CRD-BET-4",), *everywhere(betting, "open_horses", open_horses_by_the_bettors_chips)),
        M("held17-load-counted-as-a-run", "Only five marks of a suit in a row load the track.",
          ("CRD-TRACK-4",), *everywhere(session, "lay_track", lay_judging_runs)),
        M("held17-chances-to-the-last-mark", "Win chances are worked out for reaching the last mark.",
          ("CRD-RACE-5",), (EXACT, "_win_probabilities", chances_to_the_last_mark)),
        M("held17-cover-checked-at-the-first-bet", "The bank's cover is checked at the race's first bet only.",
          ("CRD-INT-14",), *everywhere(betting, "open_horses", cover_checked_at_the_first_bet)),
        M("held17-expected-gain-stake-always-lost", "A chip's expected gain takes the chip off even when it wins.",
          ("CRD-PAY-2",), *everywhere(EXACT, "expected_value", expected_gain_stake_always_lost)),
    ]


# -- batch 18 -------------------------------------------------------------------------------------
# The fourth development batch: written as the blind ones are, from the rule text, the clause
# catalog and the rules code, then read and tuned to; not a blind figure.
# `horserace mutants --held-out 18` selects them. Each repeats no curated misreading (mutants.py),
# no earlier batch's and no explicit decision's; each is written as an engine of its own would be wrong.

ORIGINAL_NEW_TABLE_18 = session.new_table
ORIGINAL_PLACE_BET_18 = betting.place_bet
ORIGINAL_POSTED_ODDS_18 = odds.posted_odds
ORIGINAL_REVEAL_NEXT_18 = race.reveal_next
ORIGINAL_LAY_TRACK_18 = session.lay_track
ORIGINAL_APPLY_ACTION_18 = REPLAY.apply_action
ORIGINAL_SETTLE_RACE_18 = settlement.settle_race


def broke_seat_refused_at_the_lay(table, lay, log, field):
    """«Empieza sesión con saldos iguales de fichas» read as a condition of every race: the engine
    refuses to lay a track while a seat at the table holds no chip, instead of letting that seat sit
    the race out."""
    if table.phase in (LAYING, SETTLED) and any(b < betting.MAX_STAKE for b in table.balances):
        raise IllegalAction(field, "every seat at the table must hold chips before a race", "CRD-BET-3")
    return ORIGINAL_LAY_TRACK_18(table, lay, log, field)


def reveal_to_the_win_refused(table, action, log, field):
    """A 'reveal N' checked against the race's end with an off-by-one: refused when the win comes on
    its last card, not only when it would run past it."""
    from .actions import Reveal
    if isinstance(action, Reveal) and action.count > 1:
        for k in range(action.count):
            session.reveal(table, log, f"{field}.reveal")
            if table.phase != RACING and k == action.count - 1:
                raise IllegalAction(f"{field}.reveal", "the race is over: the first horse at 8 won at once; "
                                    "the deck is not played out for a second place", "CRD-RACE-7")
        return
    ORIGINAL_APPLY_ACTION_18(table, action, log, field)


def bank_handed_the_losing_stakes(players, banker, bets, winner, odds_):
    """«Recoge fichas perdedoras» recorded as chips handed to the bank: the settlement's chips returned
    list the losing stakes against the banker's seat."""
    s = ORIGINAL_SETTLE_RACE_18(players, banker, bets, winner, odds_)
    returned = list(s.returned)
    returned[banker] += s.collected
    return Settlement(s.winner, s.odds, returned, s.changes, s.collected, s.paid)


def placement_checked_gross(table, horse, stake, by, log, field):
    """The horses offered are worked out with the agreed measure of the bank's cover, but the bet's
    own check, written separately where the bet is placed, measures it gross whatever was agreed:
    under the net measure a horse offered can be refused once named."""
    if (table.phase == BETTING and table.options.when_uncovered == "refuse" and table.options.bank_cover == "net"
            and table.to_bet is not None and horse in SUITS):
        r = table.race
        seat = table.to_bet if by is None else by
        owed = betting.liability(betting.bets_if_backed(r.bets, seat, horse), r.odds, "gross")
        bank = table.balances[r.banker]
        if not betting.bank_covers(bank, owed) and stake == betting.MAX_STAKE and seat == table.to_bet:
            raise IllegalAction(f"{field}.bet", f"the bank (seat {r.banker}, {bank} chips) could not pay "
                                f"{owed[horse]} chips if {horse} won", "CRD-BET-4")
    return ORIGINAL_PLACE_BET_18(table, horse, stake, by, log, field)


def prices_count_plus_one(counts, table):
    """The suggested table taken as the pattern its first rows show, «0 → 1:1, 1 → 2:1, 2 → 3:1»:
    a suit's price is one more than its track cards, so three pay 4:1 and four 5:1."""
    if tuple(table) != odds.SUGGESTED_ODDS:
        return ORIGINAL_POSTED_ODDS_18(counts, table)
    return {suit: counts[suit] + 1 if counts[suit] < track.RELAY_AT else None for suit in SUITS}


def bank_passed_before_the_first_race(players, banker=0, balances=None, options=None, session=False, field="setup"):
    """«Rota banquero en sentido horario» done when a race starts, the first one included: the seat
    named to bank first hands the bank to its left before the first track is laid."""
    table = ORIGINAL_NEW_TABLE_18(players, banker, balances, options, session, field)
    table.race.banker = (table.race.banker + 1) % table.players
    return table


def chances_without_the_others_stopping(counts):
    """Each horse's chance worked out as that of its eighth card coming up, the others' cards drawn
    before it counted however many they are: that another horse may have crossed first is forgotten."""
    available = [track.RACE_CARDS_PER_SUIT - t for t in counts]
    deck = sum(available)
    last = track.NEEDED_TO_FINISH - 1
    result = []
    for s, a_s in enumerate(available):
        if a_s < last + 1:
            result.append(_Fraction(0))
            continue
        ways_others = [1]
        for o, a_o in enumerate(available):
            if o != s:
                ways_others = EXACT.polynomial_product(ways_others, [_comb(a_o, j) for j in range(a_o + 1)])
        total = _Fraction(0)
        for m, ways in enumerate(ways_others):
            n = last + m
            if n >= deck:
                break
            total += _Fraction(_comb(a_s, last) * ways * (a_s - last), _comb(deck, n) * (deck - n))
        result.append(total)
    return tuple(result)


def winning_card_kept_off_the_pile(race_state, log, field):
    """The winning card is held up to show the win and never laid on the revealed pile: the engine
    returns with the winner before the card is put down."""
    winner = ORIGINAL_REVEAL_NEXT_18(race_state, log, field)
    if winner is not None and race_state.revealed:
        race_state.revealed.pop()
    return winner


def heldout_batch18() -> list[Mutant]:
    M = mutant
    return [
        M("dev18-broke-seat-refused-at-the-lay", "A track is refused while a seat at the table holds no chip.",
          ("CRD-BET-3",), *everywhere(session, "lay_track", broke_seat_refused_at_the_lay)),
        M("dev18-placement-checked-gross", "A bet is checked at placement against the gross cover whatever "
          "measure was agreed.", ("CRD-INT-1",), *everywhere(betting, "place_bet", placement_checked_gross)),
        M("dev18-prices-count-plus-one", "A suit's suggested price is one more than its track cards.",
          ("CRD-ODDS-1",), *everywhere(odds, "posted_odds", prices_count_plus_one)),
        M("dev18-bank-passed-before-the-first-race", "The seat named to bank first passes the bank on before "
          "the first race.", ("CRD-INT-4", "CRD-ROT-1"),
          *everywhere(session, "new_table", bank_passed_before_the_first_race)),
        M("dev18-chances-without-the-others-stopping", "Win chances count the others' cards without stopping "
          "them at the line.", ("CRD-RACE-6",), (EXACT, "_win_probabilities", chances_without_the_others_stopping)),
        M("dev18-winning-card-kept-off-the-pile", "The card that wins the race is not laid on the revealed pile.",
          ("CRD-RACE-4",), *everywhere(race, "reveal_next", winning_card_kept_off_the_pile)),
        M("dev18-reveal-to-the-win-refused", "A 'reveal N' whose last card wins the race is refused.",
          ("CRD-RACE-7",), *everywhere(REPLAY, "apply_action", reveal_to_the_win_refused)),
        M("dev18-bank-handed-the-losing-stakes", "The settlement lists the losing stakes as chips returned to "
          "the bank.", ("CRD-PAY-1",), *everywhere(settlement, "settle_race", bank_handed_the_losing_stakes)),
    ]


# The batches `horserace mutants --held-out [N]` selects (batch 1 by default).
BATCHES = {1: heldout, 2: heldout_batch2, 3: heldout_batch3, 4: heldout_batch4, 5: heldout_batch5,
           6: heldout_batch6, 7: heldout_batch7, 8: heldout_batch8, 9: heldout_batch9, 10: heldout_batch10,
           11: heldout_batch11, 12: heldout_batch12, 13: heldout_batch13,
           14: heldout_batch14, 15: heldout_batch15, 16: heldout_batch16,
           17: heldout_batch17, 18: heldout_batch18}
