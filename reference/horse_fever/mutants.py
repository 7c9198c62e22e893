"""Plausible misreadings of the Horse Fever rules, for the mutation self-check (`horserace mutants`).

Each mutant replaces ONE rule of rules/ (a function, or the constant a rule reads) in its module;
every caller looks it up through that module at call time, so one patch reaches them all. The
vectors must catch every one of them.
"""

from __future__ import annotations

from reference.core.game import Mutant
from reference.core.mutation import mutant

from reference.core.errors import IllegalAction

from .rules import (betting, game_end, movement, new_odds, payouts, phases, ranking, reveal, rigging, seating,
                    setup, sprint)
from .rules.actions import PlaceBet, PlayCard
from .rules.components import COLOURS, is_whole_number
from .rules.state import GameState


def past_the_line(position: int) -> bool:
    return position > ranking.finish_line()


def worse_odds_first(race, horse) -> int:
    return -race.odds[horse]


def counter_clockwise_first_bets(state) -> list[int]:
    players = len(state.players)
    return seating.still_in_game(state, [(state.first_player - k) % players for k in range(players)])


def clockwise_second_bets(first: int, players: int) -> list[int]:
    return [(first + 1 + k) % players for k in range(players)]


def both_cards_in_a_row(state):
    order = seating.still_in_game(state, seating.clockwise_from(state.first_player, len(state.players)))
    return [s for s in order for _ in state.players[s].hand]


def passes_to_the_right(seat, players, skip=frozenset()):
    for k in range(1, players + 1):
        candidate = (seat - k) % players
        if candidate not in skip:
            return candidate
    return seat


def g_cards_at_start(original):
    """Vigor Ferreum and Felix Infernalis act at the Start too."""
    def card_spaces(r, horse, card, among):
        spaces, by = original(r, horse, card, among)
        effects = r.effects(horse)
        if movement.is_start(r) and "last_moves_4" in effects and movement.is_last(r, horse, among):
            return movement.VIGOR_SPACES, "last_moves_4"
        if movement.is_start(r) and "first_stays" in effects and movement.is_first(r, horse, among):
            return 0, "first_stays"
        return spaces, by
    return card_spaces


def line_cards_ignored(position, spaces, effects, finish):
    return position + spaces, None


ORIGINAL_OWNER_PRIZE = payouts.stable_owner_prize


def owner_prize_for_winner_only(place: int) -> int:
    return ORIGINAL_OWNER_PRIZE(place) if place == 1 else 0


def settle_bets_in_seat_order(state, log):
    for seat in range(len(state.players)):
        for bet in [b for b in state.bets if b.player == seat]:
            payouts.settle_bet(state, bet, log)
    log.rule("HF-PAY-1")


def leaders_among_everyone(state):
    """The winner is chosen among all players, those who lost the game included."""
    everyone = list(range(len(state.players)))
    return game_end.most_danari(state, game_end.most_vp(state, everyone))


ORIGINAL_TOKEN_POOL = setup.bet_token_pool


def two_tokens_with_four(players):
    pool = ORIGINAL_TOKEN_POOL(players)
    return {c: 2 for c in COLOURS} if players == 4 else pool


def owner_prize_halved_below_first(place: int) -> int:
    """The second stable paid like the third (200 D)."""
    return ORIGINAL_OWNER_PRIZE(place) if place != 2 else ORIGINAL_OWNER_PRIZE(3)


def covers_only_above_minimum(state, seat):
    player = state.players[seat]
    return player.danari > betting.lowest_stake(player.vp)


def no_minimum_on_second_bets(state, seat, amount, field):
    if state.phase == betting.SECOND_BETS and is_whole_number(amount) and 0 < amount <= state.players[seat].danari:
        return
    ORIGINAL_CHECK_STAKE(state, seat, amount, field)


ORIGINAL_CHECK_STAKE = betting.check_stake


def losing_bets_refunded(state, bet, log):
    ORIGINAL_SETTLE_BET(state, bet, log)
    race = state.race
    place = race.ranking.index(bet.horse) + 1
    won = payouts.win_bet_won(place) if bet.side == "win" else payouts.show_bet_won(place)
    if not won:
        state.players[bet.player].danari += bet.amount


ORIGINAL_SETTLE_BET = payouts.settle_bet


def show_paid_at_odds(state, bet, log):
    """settle_bet with a winning show bet paid like a win bet (stake x odds), 1 VP."""
    if bet.side == "win":
        return ORIGINAL_SETTLE_BET(state, bet, log)
    place = state.race.ranking.index(bet.horse) + 1
    odds = payouts.payout_odds(state)[bet.horse]
    won = payouts.show_bet_won(place)
    returned = payouts.win_return(bet.amount, odds, state.options) if won else 0
    player = state.players[bet.player]
    if won:
        player.danari += returned
        player.vp += payouts.SHOW_VP
        state.ledger.danari_paid += returned - bet.amount
        state.ledger.vp_given += payouts.SHOW_VP
    else:
        state.ledger.danari_received += bet.amount
    log.event("bet_settled", "HF-SHOW-1", player=bet.player, horse=bet.horse, side=bet.side, amount=bet.amount,
              place=place, odds=odds, won=won, returned=returned, vp=payouts.SHOW_VP if won else 0)


def refused_bet_takes_stake(state, seat, horse, side, amount, field):
    """The stake is put down before the bet is checked, and stays down when it is refused."""
    try:
        ORIGINAL_CHECK_BET(state, seat, horse, side, amount, field)
    except IllegalAction:
        take_stake(state.players[seat], amount)
        raise


ORIGINAL_CHECK_BET = betting.check_bet


def take_stake(player, amount) -> None:
    """What a refused bet's mutants leave behind: a stake the player could have paid, taken."""
    if is_whole_number(amount) and 0 < amount <= player.danari:
        player.danari -= amount


def pass_turn(state, seat) -> None:
    """What a refused action's mutants leave behind: the seat's turn, passed on."""
    if state.queue and state.queue[0] == seat:
        state.queue.pop(0)


def refused_bet_passes_turn(state, seat, horse, side, amount, field):
    """The turn moves on before the bet is checked, and stays moved when the bet is refused."""
    try:
        ORIGINAL_CHECK_BET(state, seat, horse, side, amount, field)
    except IllegalAction:
        pass_turn(state, seat)
        raise


ORIGINAL_CHECK_PHASE = phases.check_phase


def card_out_of_phase_leaves_hand(state, action, field):
    """A card played outside the rigging is taken from its holder's hand before the phase is checked."""
    try:
        ORIGINAL_CHECK_PHASE(state, action, field)
    except IllegalAction:
        if isinstance(action, PlayCard):
            for player in state.players:
                if action.card in player.hand:
                    player.hand.remove(action.card)
        raise


def bet_out_of_phase_takes_stake(state, action, field):
    """A bet made outside the betting turns is refused, but the stake of the seat whose turn it
    is was already put down."""
    try:
        ORIGINAL_CHECK_PHASE(state, action, field)
    except IllegalAction:
        seat = state.to_play
        if isinstance(action, PlaceBet) and seat is not None:
            take_stake(state.players[seat], action.amount)
        raise


ORIGINAL_PLAY_CARD = rigging.play_card


def refused_card_passes_turn(state, seat, card, horse, log, field):
    """The turn moves on before the card is checked, and stays moved when the card is not held."""
    try:
        ORIGINAL_PLAY_CARD(state, seat, card, horse, log, field)
    except IllegalAction:
        pass_turn(state, seat)
        raise


def state_not_restored(self):
    """No copy is kept, so a refused action's changes are not undone."""
    return self


def mutants() -> list[Mutant]:
    return [
        mutant("hf-finish-only-past-the-line", "A horse finishes only when it passes the line, not on reaching it.",
               ("HF-FINISH-1", "HF-RANK-1"), (ranking, "has_finished", past_the_line)),
        mutant("hf-photo-finish-to-worse-odds", "Level horses are ordered worse odds first.", ("HF-PHOTO-1",),
               (ranking, "photo_odds_order", worse_odds_first)),
        mutant("hf-double-sprints-twice", "A double moves its horse two spaces (two sprints).", ("HF-SPRINT-2",),
               (sprint, "shows_one_colour", lambda dice: False)),
        mutant("hf-ranked-horses-sprint", "A die showing a ranked horse still moves it.", ("HF-SPRINT-3", "HF-RANK-5"),
               (sprint, "sprint_is_lost", lambda r, horse: False)),
        mutant("hf-same-letters-do-not-cancel", "Cards with the same letter on a horse both act.", ("HF-CANCEL-1",),
               (reveal, "cancelled_pairs", lambda cards: [])),
        mutant("hf-show-pays-only-first", "A show bet pays only for the winner.", ("HF-SHOW-1",),
               (payouts, "show_bet_won", lambda place: place == 1)),
        mutant("hf-win-pays-for-the-first-three", "A win bet also pays for 2nd and 3rd place.", ("HF-WIN-1",),
               (payouts, "win_bet_won", lambda place: place <= 3)),
        mutant("hf-show-pays-stake-times-three", "'The stake doubled' read as double the stake on top of it.",
               ("HF-SHOW-1",), (payouts, "show_return", lambda stake, options: 3 * stake)),
        mutant("hf-minimum-bet-not-scaled", "The minimum bet is 100 D whatever the VP.", ("HF-MIN-1",),
               (betting, "minimum_bet", lambda vp: 100)),
        mutant("hf-penalty-one-vp", "A player short of the minimum loses 1 VP, not 2.", ("HF-MIN-2", "HF-MIN-3"),
               (betting, "VP_PENALTY", 1)),
        mutant("hf-first-bets-counter-clockwise", "First bets go counter-clockwise from the first player.",
               ("HF-BET-1",), (betting, "first_bet_order", counter_clockwise_first_bets)),
        mutant("hf-second-bets-clockwise", "Second bets go clockwise from the first player's left.",
               ("HF-BET2-1",), (seating, "second_bet_order", clockwise_second_bets)),
        mutant("hf-both-cards-at-once", "Each player plays both action cards in a row.", ("HF-RIG-1",),
               (rigging, "rigging_order", both_cards_in_a_row)),
        mutant("hf-odds-move-two-rows", "New odds move a token two rows instead of one.",
               ("HF-NEWODDS-2", "HF-NEWODDS-3"), (new_odds, "ROW_STEP", 2)),
        mutant("hf-new-odds-are-the-places", "The new odds row is read straight off the ranking.",
               ("HF-NEWODDS-1", "HF-NEWODDS-4"),
               (new_odds, "odds_after_race", lambda place, odds: new_odds.keep_on_board(place + 1))),
        mutant("hf-odds-cards-one-row", "Alfio Allibratore and Steven Sting move one row, not two.",
               ("HF-ACT-15", "HF-ACT-19"), (reveal, "ODDS_CARD_ROWS", 1)),
        mutant("hf-vigor-felix-at-start", "Vigor Ferreum and Felix Infernalis act at the Start too.",
               ("HF-ACT-7", "HF-ACT-14", "HF-START-1"),
               (movement, "card_spaces", g_cards_at_start(movement.card_spaces))),
        mutant("hf-line-cards-ignored", "Fustis et Radix and XIII do nothing.", ("HF-ACT-6", "HF-ACT-13"),
               (movement, "move_with_line_cards", line_cards_ignored)),
        mutant("hf-first-player-passes-right", "The first-player card passes to the right.", ("HF-END-2", "HF-PLAY-2"),
               (seating, "next_clockwise", passes_to_the_right)),
        mutant("hf-owner-prize-for-winner-only", "Only the winning horse's owner is paid.", ("HF-PAY-2",),
               (payouts, "stable_owner_prize", owner_prize_for_winner_only)),
        mutant("hf-payouts-in-seat-order", "Bets are settled from seat 0, not clockwise from the first player.",
               ("HF-PAY-1",), (payouts, "settle_bets", settle_bets_in_seat_order)),
        mutant("hf-eliminated-player-can-win", "The winner is chosen among all players, those out included.",
               ("HF-GAMEEND-1", "HF-MIN-3"), (game_end, "leaders", leaders_among_everyone)),
        mutant("hf-two-tokens-with-four-players", "With 4 players the pool holds 2 tokens per colour, not 3.",
               ("HF-SETUP-6", "HF-TABLE-1"), (setup, "bet_token_pool", two_tokens_with_four)),
        mutant("hf-second-owner-prize-200", "The second horse's stable owner gets 200 D, not 400 D.", ("HF-PAY-2",),
               (payouts, "stable_owner_prize", owner_prize_halved_below_first)),
        mutant("hf-minimum-needs-more-than-equal", "Danari exactly equal to the minimum bet do not cover it.",
               ("HF-MIN-2",), (betting, "can_cover_minimum", covers_only_above_minimum)),
        mutant("hf-two-vp-cannot-pay", "A player with exactly 2 VP cannot pay the 2 VP penalty.", ("HF-MIN-3",),
               (betting, "cannot_pay_penalty", lambda player: player.vp <= betting.VP_PENALTY)),
        mutant("hf-no-minimum-on-second-bets", "Second bets may be below the minimum bet.", ("HF-BET2-2",),
               (betting, "check_stake", no_minimum_on_second_bets)),
        mutant("hf-same-side-twice", "A second bet may repeat the side of the first on the same horse.",
               ("HF-BET2-4",), (betting, "check_other_side", lambda state, seat, horse, side, field: None)),
        mutant("hf-show-pays-at-odds", "A winning show bet is paid at the stable's odds, like a win bet.",
               ("HF-SHOW-1",), (payouts, "settle_bet", show_paid_at_odds)),
        mutant("hf-win-earns-one-vp", "A winning win bet earns 1 VP, like a show bet, not 3.", ("HF-WIN-1",),
               (payouts, "WIN_VP", 1)),
        mutant("hf-show-earns-no-vp", "A winning show bet earns no VP.", ("HF-SHOW-1",),
               (payouts, "SHOW_VP", 0)),
        mutant("hf-losing-bets-refunded", "A losing bet's stake goes back to its player.", ("HF-PAY-1",),
               (payouts, "settle_bet", losing_bets_refunded)),
        mutant("hf-refused-bet-takes-stake", "A refused bet keeps the stake it put down.", ("HF-BET-3", "HF-INT-17"),
               (betting, "check_bet", refused_bet_takes_stake), (GameState, "copy", state_not_restored)),
        mutant("hf-refused-bet-passes-turn", "A refused bet still ends the player's turn.", ("HF-BET-1", "HF-BET2-1", "HF-INT-17"),
               (betting, "check_bet", refused_bet_passes_turn), (GameState, "copy", state_not_restored)),
        mutant("hf-card-out-of-phase-leaves-hand", "An action card played outside the rigging is refused but "
               "leaves its holder's hand.", ("HF-RIG-1", "HF-BETTING-1", "HF-INT-17"),
               (phases, "check_phase", card_out_of_phase_leaves_hand), (GameState, "copy", state_not_restored)),
        mutant("hf-bet-out-of-phase-takes-stake", "A bet made during the rigging is refused but keeps the stake.",
               ("HF-RIG-2", "HF-BETTING-1", "HF-INT-17"),
               (phases, "check_phase", bet_out_of_phase_takes_stake), (GameState, "copy", state_not_restored)),
        mutant("hf-refused-card-passes-turn", "A card the player does not hold is refused but ends the player's "
               "turn.", ("HF-RIG-1", "HF-RIG-2", "HF-INT-17"),
               (rigging, "play_card", refused_card_passes_turn), (GameState, "copy", state_not_restored)),
    ]
