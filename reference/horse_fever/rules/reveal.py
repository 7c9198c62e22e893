"""3. Fase de carrera, Revelar las cartas de acción: every card face up, then the effects that act
before the race: same-letter pairs cancel (HF-CANCEL-1), Friz Finden and Rochelle Recherche
discard (HF-ACT-16, HF-ACT-20), Alfio Allibratore and Steven Sting move the odds (HF-ACT-15, HF-ACT-19).
"""

from __future__ import annotations

from collections import Counter

from .components import BEST_ODDS, COLOURS, WORST_ODDS, action_cards
from .log import Log
from .options import Options
from .state import Race

ODDS_CARD_ROWS = 2               # HF-ACT-15 / HF-ACT-19: two rows


# HF-CANCEL-1: cards sharing a letter on one horse cancel each other; no letter, no pair
def cancelled_pairs(cards: list[int]) -> list[int]:
    letters = Counter(action_cards()[n].letter for n in cards if action_cards()[n].letter)
    return [n for n in cards if letters.get(action_cards()[n].letter, 0) >= cards_to_a_pair()]


# HF-CANCEL-1 (two cards): «Two cards with the SAME LETTER on the same horse cancel each other»: a
# pair is two cards, so a card whose letter no other card on the horse shares stays
def cards_to_a_pair() -> int:
    return 2


def cancel_same_letters(race: Race, horse: str, log: Log) -> None:
    cancelled = cancelled_pairs(race.cards[horse])
    if cancelled:
        race.cards[horse] = [n for n in race.cards[horse] if n not in cancelled]
        log.event("cards_cancelled", "HF-CANCEL-1", horse=horse, cards=sorted(cancelled))


def discarded_kinds(cards: list[int]) -> set[str]:
    """The kinds of card the discarding cards on a horse remove."""
    return kinds_discarded_by({action_cards()[n].effect for n in cards})


def kinds_discarded_by(effects: set[str]) -> set[str]:
    """The kinds of card the effects of a horse's cards discard: given the effects, so that one
    card read as another here (Friz Finden discarding the positive cards too) is a misreading of
    that card (counterfactual.tag_alterations)."""
    kinds = set()
    # HF-ACT-16: Friz Finden discards every negative card on the horse
    if friz_finden_acts("discard_negative" in effects):
        kinds.add("negative")
    # HF-ACT-20: Rochelle Recherche discards every positive card on the horse
    if rochelle_recherche_acts("discard_positive" in effects):
        kinds.add("positive")
    return kinds


# HF-ACT-16 (the horse): Friz Finden, «discard all negative cards on this horse»: the horse that
# holds the card, and no other (its tag looked for in kinds_discarded_by, as Rochelle Recherche's)
def friz_finden_acts(holds_the_card: bool) -> bool:
    return holds_the_card


# HF-ACT-20 (the horse): Rochelle Recherche, «discard all positive cards on this horse»: the horse
# that holds the card, and no other. Given whether the horse holds it: the card's tag stays looked
# for in kinds_discarded_by, beside Friz Finden's, so that one discarding card read as the other
# there is a misreading of that card (counterfactual.tag_alterations)
def rochelle_recherche_acts(holds_the_card: bool) -> bool:
    return holds_the_card


def discard_by_kind(race: Race, horse: str, log: Log) -> None:
    kinds = discarded_kinds(race.cards[horse])
    gone = [n for n in race.cards[horse] if action_cards()[n].kind in kinds]
    if gone:
        race.cards[horse] = [n for n in race.cards[horse] if n not in gone]
        clause = "HF-ACT-16" if "negative" in kinds else "HF-ACT-20"
        log.event("cards_discarded", clause, horse=horse, cards=sorted(gone), kinds=sorted(kinds))
        if kinds == {"negative", "positive"}:
            log.rule("HF-ACT-16", "HF-ACT-20")


# HF-ACT-15: Alfio Allibratore moves the stable up two odds rows
def alfio_rows_up(effects: list[str]) -> int:
    return ODDS_CARD_ROWS * effects.count("odds_up_2")


# HF-ACT-19: Steven Sting moves the stable down two odds rows
def sting_rows_down(effects: list[str]) -> int:
    return ODDS_CARD_ROWS * effects.count("odds_down_2")


def odds_card_rows(cards: list[int]) -> int:
    """Net rows up (towards 1:2) of the odds cards on a horse, applied together (HF-INT-7); each
    card's rows are its own clause's decision, so that one card read the other way is a
    misreading of that card."""
    effects = [action_cards()[n].effect for n in cards]
    return alfio_rows_up(effects) - sting_rows_down(effects)


def odds_after_cards(odds: int, rows_up: int, limit: str) -> int:
    """The odds cards within 1:2 .. 1:7 (HF-ODDS-1): stop at the limit, or (void) no change (HF-INT-7)."""
    wanted = odds - rows_up
    if BEST_ODDS <= wanted <= WORST_ODDS:
        return wanted
    if limit == "void":
        return odds
    return min(max(wanted, BEST_ODDS), WORST_ODDS)


def apply_odds_cards(race: Race, horse: str, options: Options, log: Log) -> None:
    cards = [n for n in race.cards[horse] if action_cards()[n].effect in ("odds_up_2", "odds_down_2")]
    if not cards:
        return
    before = race.odds[horse]
    rows_up = odds_card_rows(cards)
    race.odds[horse] = odds_after_cards(before, rows_up, options.odds_card_limit)
    clause = "HF-ACT-15" if rows_up > 0 else "HF-ACT-19"
    log.event("odds_changed", clause, horse=horse, cards=sorted(cards), before=before, after=race.odds[horse])
    if race.odds[horse] != before - rows_up:
        log.rule("HF-INT-7")


# HF-REVEAL-1: every card face up; the effects that act before the race are applied
def reveal_cards(race: Race, options: Options, log: Log) -> None:
    """In the order of HF-INT-6 (cancellation, then discards; or the reverse), then the odds cards."""
    turn_face_up(race)
    log.event("cards_revealed", "HF-REVEAL-1",
              cards={h: sorted(race.cards[h]) for h in COLOURS if race.cards[h]})
    for horse in COLOURS:
        if options.reveal_order == "cancel_first":
            cancel_same_letters(race, horse, log)
            discard_by_kind(race, horse, log)
        else:
            discard_by_kind(race, horse, log)
            cancel_same_letters(race, horse, log)
    for horse in COLOURS:
        apply_odds_cards(race, horse, options, log)



# HF-REVEAL-1 (face up): «Todas las cartas de Acción jugadas en los caballos se ponen boca arriba»:
# from the reveal on the cards lie face up, and the race rounds may begin
def turn_face_up(race: Race) -> None:
    race.revealed = True
