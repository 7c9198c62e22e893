"""Held-out misreadings of the Horse Fever rules: the yardstick of attribution, never its tuning
(what they are for, and the rules they keep: reference/dominoes/heldout.py)."""

from __future__ import annotations

from reference.core.errors import IllegalAction
from reference.core.game import Mutant
from reference.core.mutation import mutant

from .rules import betting, game_end, movement, new_odds, race, ranking, reveal, seating, setup, sprint
from .rules.components import action_cards
from .rules.state import FIRST_BETS

ORIGINAL_CARD_SPACES = movement.card_spaces
ORIGINAL_START_SPACES = movement.start_spaces
ORIGINAL_ODDS_AFTER_RACE = new_odds.odds_after_race
ORIGINAL_SPRINT_SPACES = sprint.sprint_spaces


def sprint_before_the_card(r, card, dice, options):
    """The sprint dice are rolled and applied before the movement card is revealed."""
    finish = ranking.finish_line()
    positions = dict(r.positions)
    events = [("movement_card", "HF-MOVE-1", {"card": card.number, "start": movement.is_start(r)})]
    sprints = []
    double = sprint.shows_one_colour(dice)
    for horse in sprint.sprinting_horses(dice):
        if sprint.sprint_is_lost(r, horse):
            sprints.append(("sprint_lost", "HF-SPRINT-3", {"horse": horse}))
            continue
        spaces = sprint.sprint_spaces(r.effects(horse))
        if double:
            spaces = sprint.double_sprint_spaces(spaces, options.double_sprint)
        positions[horse] += spaces
        sprints.append(("sprint", "HF-SPRINT-2" if double else "HF-SPRINT-1",
                        {"horse": horse, "spaces": spaces, "double": double}))
    before, r.positions = r.positions, dict(positions)        # the card sees the horses after the sprint
    try:
        moves = {h: movement.card_spaces(r, h, card, options.first_last_among) for h in r.running()}
    finally:
        r.positions = before
    for horse, (spaces, effect) in moves.items():
        start = positions[horse]
        positions[horse], line = movement.move_with_line_cards(start, spaces, r.effects(horse), finish)
        events.append(("moved", race.MOVE_CLAUSES.get(((line or effect) or "").split("+")[0], "HF-MOVE-2"),
                       {"horse": horse, "spaces": positions[horse] - start,
                        "card_value": card.spaces(r.odds[horse]), "by": line or effect}))
    events += sprints
    finished = [h for h in r.running() if ranking.has_finished(positions[h])]
    return positions, events, finished


def start_cards_every_round(r, horse, card, among):
    """The Start cards act on every movement card, not only on the Start."""
    spaces, by = ORIGINAL_CARD_SPACES(r, horse, card, among)
    effects = r.effects(horse)
    used = sorted(effects & movement.START_EFFECTS)
    if used and by is None and not movement.is_start(r):
        return movement.start_spaces(spaces, effects), "+".join(used)
    return spaces, by


def any_two_cards_cancel(cards):
    """Lettered cards on one horse cancel two by two, whatever their letters."""
    lettered = [n for n in cards if action_cards()[n].letter]
    return lettered[:len(lettered) // 2 * 2]


def friz_discards_every_card(cards):
    kinds = ORIGINAL_DISCARDED_KINDS(cards)
    if "negative" in kinds:
        kinds.add("positive")
    return kinds


ORIGINAL_DISCARDED_KINDS = reveal.discarded_kinds


def alfio_goes_down(cards):
    """Alfio Allibratore's "two rows up" read towards 1:7."""
    effects = [action_cards()[n].effect for n in cards]
    return -reveal.ODDS_CARD_ROWS * (effects.count("odds_up_2") + effects.count("odds_down_2"))


def second_bets_from_the_first_player(first, players):
    return [(first - k) % players for k in range(players)]


def second_bet_compulsory(state, seat, log):
    raise IllegalAction("action", "every player must make a second bet", "HF-BET2-3")


def most_danari_wins(state, seats):
    best = max(state.players[s].danari for s in seats)
    return [s for s in seats if state.players[s].danari == best]


def tie_to_the_earlier_seat(state, seats):
    return [min(seats)]


def new_odds_for_the_paid_places_only(place, odds):
    return odds if place > 3 else ORIGINAL_ODDS_AFTER_RACE(place, odds)


def vigor_adds_four(r, horse, card, among):
    spaces, by = ORIGINAL_CARD_SPACES(r, horse, card, among)
    if by == "last_moves_4":
        return movement.spaces_from_card(card, r.odds[horse]) + movement.VIGOR_SPACES, by
    return spaces, by


def xiii_loses_the_sprint(effects):
    return 0 if "stops_on_line" in effects else ORIGINAL_SPRINT_SPACES(effects)


def fortuna_moves_one(spaces, effects):
    """Fortuna Benevola read as "moves 1" at the Start rather than "1 more"."""
    if "start_plus_1" not in effects:
        return ORIGINAL_START_SPACES(spaces, effects)
    return ORIGINAL_START_SPACES(1, effects - {"start_plus_1"})


def short_players_skip_without_penalty(state, log):
    """A player who cannot cover the minimum bet skips the first bet and keeps their VP."""
    while state.phase == FIRST_BETS and state.queue:
        seat = state.queue[0]
        if betting.can_cover_minimum(state, seat):
            return
        state.queue.pop(0)
        log.event("bet_skipped", "HF-INT-9", player=seat)


def heldout() -> list[Mutant]:
    M = mutant
    return [
        M("held-sprint-before-the-card", "The sprint dice come before the movement card.", ("HF-MOVE-4",),
          (race, "resolve_round", sprint_before_the_card)),
        M("held-finish-order-by-odds-only", "Horses finishing in one round are ordered by their odds, not by "
          "how far past the line they are.", ("HF-FINISH-2",),
          (ranking, "arrival_key", lambda r, positions, horse: ranking.photo_finish_key(r, horse))),
        M("held-start-cards-every-round", "The Start cards act on every movement card.", ("HF-START-1",),
          (movement, "card_spaces", start_cards_every_round)),
        M("held-any-two-cards-cancel", "Any two lettered cards on one horse cancel.", ("HF-CANCEL-1",),
          (reveal, "cancelled_pairs", any_two_cards_cancel)),
        M("held-friz-discards-every-card", "Friz Finden discards the positive cards too.", ("HF-ACT-16",),
          (reveal, "discarded_kinds", friz_discards_every_card)),
        M("held-alfio-goes-down", "Alfio Allibratore moves the stable two rows towards 1:7.", ("HF-ACT-15",),
          (reveal, "odds_card_rows", alfio_goes_down)),
        M("held-second-bets-from-the-first-player", "Second bets go counter-clockwise from the first player.",
          ("HF-BET2-1",), (seating, "second_bet_order", second_bets_from_the_first_player)),
        M("held-second-bet-compulsory", "A second bet may not be passed.", ("HF-BET2-3",),
          (betting, "pass_second_bet", second_bet_compulsory)),
        M("held-most-danari-wins", "The player with the most Danari wins the game.", ("HF-GAMEEND-1",),
          (game_end, "most_vp", most_danari_wins)),
        M("held-tie-to-the-earlier-seat", "A tie on VP goes to the earlier seat.", ("HF-GAMEEND-2",),
          (game_end, "most_danari", tie_to_the_earlier_seat)),
        M("held-rounds-always-six", "A game lasts six rounds whatever the number of players.", ("HF-TABLE-2",),
          (setup, "rounds_for", lambda players: 6)),
        M("held-new-odds-for-the-paid-places-only", "Only the first three horses' stables change odds.",
          ("HF-NEWODDS-1", "HF-NEWODDS-3", "HF-NEWODDS-4"),
          (new_odds, "odds_after_race", new_odds_for_the_paid_places_only)),
        M("held-vigor-adds-four", "Vigor Ferreum adds 4 to the card's value.", ("HF-ACT-7",),
          (movement, "card_spaces", vigor_adds_four)),
        M("held-xiii-loses-the-sprint", "XIII also takes the horse's sprint.", ("HF-ACT-13",),
          (sprint, "sprint_spaces", xiii_loses_the_sprint)),
        M("held-fortuna-moves-one", "Fortuna Benevola moves the horse 1 at the Start.", ("HF-ACT-2",),
          (movement, "start_spaces", fortuna_moves_one)),
        M("held-short-players-skip-without-penalty", "A player short of the minimum bet skips the bet and "
          "keeps their VP.", ("HF-MIN-2",), (betting, "settle_short_players", short_players_skip_without_penalty)),
    ]
