"""The short position form of a card race for `horserace ruling` (reference/core/question.py).

A race position needs the whole race deck today: track, revealed and deck hold the 48 cards that
are not aces, once each. A referee knows the track, where each ace stands, the bets, and the
cards about to be turned. So in a question the position may give

    reveal: [10D, 4H]     the cards that will be revealed, in order (instead of revealed + deck)

and the rest is filled in: the cards already revealed are the positions' worth of each suit (which
ones does not matter: only the suit moves an ace, CRD-RACE-3), and the race deck is the given
cards, then every other card in a fixed order. The ruling stops, saying so, if play turns more
cards than were given. Also optional in a question: phase (racing), race (1), to_act (the
banker), balances (the starting balance each), session (false).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from reference.core.errors import InputError
from reference.core.question import Expanded, Supply

from .limits import shown
from .notation import check_cards, parse_cards
from .options import parse_options
from .rules.cards import NON_ACES, SUITS


def expand(data: dict[str, Any]) -> Expanded:
    setup = data.get("setup")
    position = setup.get("position") if isinstance(setup, dict) else None
    if data.get("kind") not in ("race", "session", "probe") or not isinstance(position, dict) \
            or "reveal" not in position:
        return Expanded(data)
    where = "setup.position"
    for key in ("revealed", "deck"):
        if key in position:
            raise InputError(f"{where}.{key}", "give either the cards to reveal (reveal) or the race deck "
                             "(revealed and deck), not both")
    players = setup.get("players")
    track = parse_cards(position.get("track"), f"{where}.track")
    coming = parse_cards(position["reveal"], f"{where}.reveal")
    check_cards(track + coming, [f"{where}.track[{i}]" for i in range(len(track))]
                + [f"{where}.reveal[{i}]" for i in range(len(coming))])
    positions = position.get("positions")
    if not isinstance(positions, dict) or set(positions) != set(SUITS) or \
            not all(type(positions[s]) is int and 0 <= positions[s] <= 7 for s in SUITS):
        raise InputError(f"{where}.positions", f"{shown(positions)}: give each ace's position before the race is "
                         "won, 0 to 7: {S: n, H: n, D: n, C: n}", "CRD-RACE-2")
    free = [c for c in NON_ACES if c not in track and c not in coming]
    revealed = []
    for suit in SUITS:
        of_suit = [c for c in free if c.suit == suit][:positions[suit]]
        if len(of_suit) < positions[suit]:
            raise InputError(f"{where}.positions.{suit}", f"{positions[suit]}: only {len(of_suit)} cards of that "
                             "suit are neither on the track nor among the cards to reveal", "CRD-TRACK-3")
        revealed += of_suit
    rest = [c for c in free if c not in revealed]
    full = {key: value for key, value in position.items() if key != "reveal"}
    full.update(revealed=[str(c) for c in revealed], deck=[str(c) for c in coming + rest])
    assumed = [f"the cards already revealed: {', '.join(f'{positions[s]} {s}' for s in SUITS)} as the positions say "
               "(which cards does not matter: only the suit moves an ace, CRD-RACE-3)",
               f"the race deck: the {len(coming)} card(s) given to reveal, then the other {len(rest)} in a fixed "
               "order; the ruling stops if play turns more than the cards given"]
    for key, default, text in (("phase", "racing", "the race is running"), ("race", 1, "race 1"),
                               ("session", False, "a single race, not a session")):
        if key not in full:
            full[key] = default
            assumed.append(f"{key}: {shown(default)} ({text})")
    if "to_act" not in full and "banker" in full:
        full["to_act"] = full["banker"]
        assumed.append(f"to_act: {full['banker']} (the banker reveals)")
    if "balances" not in full and type(players) is int and 0 < players <= 100:
        balance = parse_options(data.get("options") or {}).starting_balance
        full["balances"] = [balance] * players
        assumed.append(f"balances: {balance} chips each (the starting balance, CRD-INT-5)")
    start = len(coming) + len(rest)

    def used(observations: Sequence[Mapping[str, Any]]) -> int:
        sizes = [o["deck_size"] for o in observations if isinstance(o.get("deck_size"), int)]
        return start - sizes[-1] if sizes else 0

    return Expanded({**data, "setup": {**setup, "position": full}}, assumed,
                    Supply(len(coming), "cards to reveal", f"{where}.reveal", used))
