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
    # HF-INT-8, a bet needs a token of the horse's colour, or may be made without one when none is left.
    "bet_without_token": ("refused", "allowed"),
    # HF-INT-9, a player short of the minimum loses 2 VP and makes no first bet, or bets after the penalty.
    "short_of_minimum": ("skip_bet", "bet_after_penalty"),
    # HF-INT-12, odds changed by action cards stay on the board, or last only for the race's moves.
    "card_odds_scope": ("board", "race_only"),
}


@dataclass(frozen=True)
class Options:
    win_payout: str = "stake_times_odds"
    stable_owner_vp: str = "none"
    first_last_among: str = "all"
    reveal_order: str = "cancel_first"
    odds_card_limit: str = "clamp"
    bet_without_token: str = "refused"
    short_of_minimum: str = "skip_bet"
    card_odds_scope: str = "board"

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


DEFAULTS = Options()
