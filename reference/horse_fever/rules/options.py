"""The readings of the points the texts leave open (see interpretations.yaml), as the rules
consult them. Each field is one interpretation's option; the default is the suite's reading.
Parsing an `options:` mapping is the machinery's job (reference/horse_fever/options.py).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

CHOICES: dict[str, tuple] = {
    # HF-INT-1, a winning win bet returns stake x N at odds 1:N, or stake + stake x N.
    "win_payout": ("stake_times_odds", "stake_plus_stake_times_odds"),
    # HF-INT-2, the owner of a placed stable gets Danari only, or also 1 VP.
    "stable_owner_vp": ("none", "placed"),
    # HF-INT-5, "first"/"last" (Felix Infernalis, Vigor Ferreum) among all six horses, or only those running.
    "first_last_among": ("all", "running"),
    # HF-INT-6, at the reveal, same-letter pairs cancel before Friz Finden / Rochelle Recherche discard.
    "reveal_order": ("cancel_first", "discard_first"),
    # HF-INT-7, Alfio Allibratore / Steven Sting stop at 1:2 / 1:7, or do nothing if they would pass it.
    "odds_card_limit": ("clamp", "void"),
    # HF-INT-8, when no token of the horse's colour is left the bet is made without one ("si hay
    # alguna disponible" conditions the token), or (known misreading) the bet is refused.
    "bet_without_token": ("allowed", "refused"),
    # HF-INT-9, a player short of the minimum loses 2 VP and then bets if the new minimum can be
    # covered, else pays again ("cada jugador debe hacer una apuesta"); or (known misreading) makes
    # no first bet; or pays once and bets only if the lower minimum can then be covered.
    "short_of_minimum": ("bet_after_penalty", "skip_bet", "penalty_once"),
    # HF-INT-12, odds changed by action cards last for the race's moves; payouts and new odds use the
    # odds before the cards ("comparando las probabilidades iniciales"), or (known misreading) they
    # stay on the board.
    "card_odds_scope": ("race_only", "board"),
    # HF-INT-10, a double moves the horse one space only ("solo se mueve una casilla"): sprint cards
    # cannot add to it; or (known misreading) a double is one sprint with the horse's sprint cards.
    "double_sprint": ("one_space", "with_cards"),
}


@dataclass(frozen=True)
class Options:
    win_payout: str = "stake_times_odds"
    stable_owner_vp: str = "none"
    first_last_among: str = "all"
    reveal_order: str = "cancel_first"
    odds_card_limit: str = "clamp"
    bet_without_token: str = "allowed"
    short_of_minimum: str = "bet_after_penalty"
    card_odds_scope: str = "race_only"
    double_sprint: str = "one_space"

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


DEFAULTS = Options()
