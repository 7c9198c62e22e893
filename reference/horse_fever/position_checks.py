"""Position checks (kind `position`): the rounds under way an implementation that starts cases
from a position (the `probe` kind's setup, round_position.py) is expected to refuse, as vectors.
Each case is one position and one `observe` step: a position a real round reaches is observed;
a near miss of one, with one fact changed so that no game reaches it (a card in two places, a
bet token the pool never gave, a first bet due from a seat still short of its minimum ...), is
refused, and its step answers `{"error": ...}` (the vector names the rule). An implementation
that does not check positions leaves the kind out of its hello.

The real positions are taken from one round of three players played with the simplest legal
choice at every step (all zeros of the fuzz chooser: every bet on white while a white token is
left, so the white pool runs dry and the third bet goes to blue, HF-INT-8); each near miss changes
one field of one of them. Ids `hf-pos1-<what>` (bump `pos1` if what an id holds ever changes)."""

from __future__ import annotations

from typing import Any, Callable

from reference.core.errors import InputError
from reference.core.fuzz.choices import Chooser
from reference.core.log import StepLog
from reference.core.position_checks import position_cases as core_position_cases

from .fuzzing import legal_action
from .positions import game_in_progress
from .round_position import position_of, round_under_way
from .rules.options import DEFAULTS
from .rules.phases import play

ROUND = {"players": 3, "odds": {"white": 7, "blue": 6, "yellow": 5, "black": 4, "red": 3, "green": 2},
         "vp": [2, 1, 3], "danari": [1000, 800, 1200], "owners": {"white": 0, "blue": 1, "yellow": 2},
         "first_player": 0, "round": 1, "rounds": 5}
# where the simplest play is taken: after this many actions, in this phase
TAKEN = {"first_bets": 2, "rigging": 5, "race": 16, "payouts": 20}


def base_positions() -> dict[str, dict[str, Any]]:
    state = game_in_progress(ROUND, DEFAULTS)
    out = {}
    for done in range(1, max(TAKEN.values()) + 1):
        play(state, legal_action(Chooser.replaying([]), state), StepLog())
        for phase, at in TAKEN.items():
            if at == done:
                assert state.phase == phase, (phase, state.phase)
                out[phase] = position_of(state)
    return out


# -- near misses: one fact changed each ---------------------------------------------------------

def race_in_first_bets(p: dict) -> None:
    """HF-RIG-1: during the first bets no card lies on a horse: a first_bets position has no race."""
    p["race"] = {"cards": {}, "revealed": False}


def first_bet_due_while_short(p: dict) -> None:
    """HF-MIN-2: the seat whose first bet is due already paid the short-of-minimum penalty, so it
    covers its minimum; here it holds less than its minimum and has not paid."""
    seat = p["to_act"][0]
    p["danari"][seat] = 100 * p["vp"][seat] - 50


def two_first_bets(p: dict) -> None:
    """HF-BET-1: one first bet a player."""
    p["bets"].append({**p["bets"][0], "horse": "red", "token": True})
    p["tokens"]["red"] -= 1


def token_pool_off(p: dict) -> None:
    """HF-BET-2: the pool holds the table's tokens less those lying on bets."""
    p["tokens"]["white"] += 1


def hand_too_long(p: dict) -> None:
    """HF-DEAL-1: two action cards are dealt to each player; a third one is in a hand."""
    p["hands"][1].append(22)


def card_in_two_places(p: dict) -> None:
    """HF-SETUP-3: each action card exists once; a card in a hand also lies on a horse."""
    p["race"]["cards"].setdefault("red", []).append(p["hands"][p["to_act"][0]][0])


def token_after_an_empty_pool(p: dict) -> None:
    """HF-INT-8: a bet finds no token only once the pool of its colour is empty (and, under the
    reading that allows it, is made without one), and none comes back before the payouts; here a
    later white bet holds a token an earlier one found gone (the pool counts the token back)."""
    white = [bet for bet in p["bets"] if bet["horse"] == "white"]
    white[-2]["token"], white[-1]["token"] = False, True
    p["tokens"]["white"] += 1


def bet_of_a_seat_out(p: dict) -> None:
    """HF-MIN-3: a player who lost the game has no bet (and takes no turn)."""
    p["out"] = [1]
    p["vp"][1], p["danari"][1] = 1, 50
    p["hands"][1] = []
    p["to_act"] = [s for s in p["to_act"] if s != 1]


def revealed_before_the_reveal(p: dict) -> None:
    """HF-REVEAL-1: the action cards are face down until the reveal."""
    p["race"]["revealed"] = True


def second_bet_while_rigging(p: dict) -> None:
    """HF-BET2-1: no second bet before the second bets."""
    p["bets"][0]["second"] = True


def race_over_while_racing(p: dict) -> None:
    """HF-RANK-6: a race with every horse ranked is over: the round is at its payouts, not racing."""
    p["phase"] = "race"


def a_seat_without_a_stable(p: dict) -> None:
    """HF-CHAR-1: each player owns one stable (the character's)."""
    del p["owners"]["blue"]


NEAR_MISSES: list[tuple[str, str, Callable[[dict], None]]] = [
    ("first_bets", "race-in-first-bets", race_in_first_bets),
    ("first_bets", "first-bet-due-while-short", first_bet_due_while_short),
    ("first_bets", "two-first-bets", two_first_bets),
    ("first_bets", "token-pool-off", token_pool_off),
    ("first_bets", "hand-too-long", hand_too_long),
    ("rigging", "card-in-two-places", card_in_two_places),
    ("rigging", "token-after-an-empty-pool", token_after_an_empty_pool),
    ("rigging", "bet-of-a-seat-out", bet_of_a_seat_out),
    ("rigging", "revealed-before-the-reveal", revealed_before_the_reveal),
    ("rigging", "second-bet-while-rigging", second_bet_while_rigging),
    ("payouts", "race-over-while-racing", race_over_while_racing),
    ("race", "a-seat-without-a-stable", a_seat_without_a_stable),
]


def refusing_clause(setup: dict[str, Any]) -> str | None:
    """The rule under which the reference refuses the position (None: it is accepted)."""
    try:
        round_under_way(setup, DEFAULTS)
    except InputError as exc:
        return exc.clause or "(no rule)"
    return None


def position_cases() -> list[dict[str, Any]]:
    return core_position_cases("horse_fever", "hf-pos1", base_positions(), NEAR_MISSES, refusing_clause,
                               lambda phase: f"a round in its {phase} phase")
