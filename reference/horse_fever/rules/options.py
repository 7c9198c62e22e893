"""The readings of the points the texts leave open (see interpretations.yaml), as the rules
consult them. Each field is one interpretation's option; the default is the suite's reading.
Parsing an `options:` mapping is the machinery's job (reference/horse_fever/options.py).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

CHOICES: dict[str, tuple] = {
    # HF-INT-1 and HF-INT-22, a winning bet hands back the multiple of its stake (a win bet at 1:N
    # stake x N, a show bet "se duplicará" 2 x stake), or the stake plus that multiple.
    "win_payout": ("stake_times_odds", "stake_plus_stake_times_odds"),
    # HF-INT-2, the owner of a placed stable gets Danari only, or also 1 VP.
    "stable_owner_vp": ("none", "placed"),
    # HF-INT-5, "first"/"last" (Felix Infernalis, Vigor Ferreum) among all six horses, or only those running.
    "first_last_among": ("all", "running"),
    # HF-INT-6, at the reveal, same-letter pairs cancel before Friz Finden / Rochelle Recherche discard.
    "reveal_order": ("cancel_first", "discard_first"),
    # HF-INT-7, Alfio Allibratore / Steven Sting stop at 1:2 / 1:7, or do nothing if they would pass it.
    "odds_card_limit": ("clamp", "void"),
    # HF-INT-8, a horse whose bet tokens are all taken takes no more bets (the pool, sized by the
    # number of players, limits them), or the bet is made without a token.
    "bet_without_token": ("refused", "allowed"),
    # HF-INT-9 and HF-INT-18, a player short of the minimum loses 2 VP and then bets if the new
    # minimum can be covered, else pays again; or (HF-INT-9's known misreading) makes no first bet;
    # or (HF-INT-18) pays once and bets only if the lower minimum can then be covered.
    "short_of_minimum": ("bet_after_penalty", "skip_bet", "penalty_once"),
    # HF-INT-12, the new odds start from the odds board as the odds cards left it, or from the
    # odds before the cards.
    "new_odds_base": ("board", "before_cards"),
    # HF-INT-21, a win bet is paid at its stable's odds at the payout (where the odds cards left the
    # token), or at the odds when the bet was placed (before the cards).
    "win_odds": ("at_payout", "when_placed"),
    # HF-INT-10, a double is one sprint, with the horse's sprint cards ("solo se mueve una casilla":
    # one sprint, not two); or the horse moves one space whatever its sprint cards.
    "double_sprint": ("with_cards", "one_space"),
    # HF-INT-19, a stake is at least 1 D, so 0 D does not cover a minimum bet of 0; or a stake of
    # 0 D is a bet when the minimum is 0.
    "zero_stake": ("refused", "allowed"),
    # HF-INT-20, when every other player has lost the game the player left wins at once, or plays
    # on to the last round.
    "last_player_left": ("wins", "plays_on"),
    # HF-INT-13, a first player who loses the game keeps the first-player card to the end of the
    # round, or it passes to the left at once.
    "out_first_player_card": ("at_round_end", "at_once"),
    # HF-INT-23, at the second bets a player short of the minimum passes, or pays the penalty as at
    # the first bets, the Danari already staked not counting.
    "short_at_second_bets": ("passes", "penalty"),
}


@dataclass(frozen=True)
class Options:
    win_payout: str = "stake_times_odds"
    stable_owner_vp: str = "none"
    first_last_among: str = "all"
    reveal_order: str = "cancel_first"
    odds_card_limit: str = "clamp"
    bet_without_token: str = "refused"
    short_of_minimum: str = "bet_after_penalty"
    new_odds_base: str = "board"
    win_odds: str = "at_payout"
    double_sprint: str = "with_cards"
    zero_stake: str = "refused"
    last_player_left: str = "wins"
    out_first_player_card: str = "at_round_end"
    short_at_second_bets: str = "passes"

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


DEFAULTS = Options()
