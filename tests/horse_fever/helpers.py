"""Small builders for Horse Fever tests: games at the start of a round, races at a position,
actions from their text form. Values in the tests are worked out by hand from these inputs."""

from __future__ import annotations

from reference.core.log import StepLog
from reference.horse_fever.actions import parse_action_text
from reference.horse_fever.options import Options
from reference.horse_fever.rules.race import race_round
from reference.horse_fever.rules.reveal import reveal_cards
from reference.horse_fever.positions import game_in_progress, race_from_setup
from reference.horse_fever.rules.setup import new_game
from reference.horse_fever.rules.phases import play

# The board of the standard lay white, blue, yellow, black, red, green (white on 1:7).
STANDARD_ODDS = {"white": 7, "blue": 6, "yellow": 5, "black": 4, "red": 3, "green": 2}
# Cards with no effect on a horse that carries nothing else: Friz Finden, Rochelle Recherche.
QUIET_CARDS = [16, 20]


# Stables nobody's test watches: seat i owns the i-th of these unless a test says otherwise
# (every player owns one stable, HF-CHAR-1, so a round always has its owners).
DEFAULT_OWNED = ["black", "white", "yellow", "blue", "green", "red"]


def game_state(players: int = 2, vp=None, danari=None, first: int = 0, odds=None, owners=None, round_=1,
               rounds=None, out=None, **options):
    owners = owners or {colour: seat for seat, colour in enumerate(DEFAULT_OWNED[:players])}
    setup = {"players": players, "odds": dict(odds or STANDARD_ODDS), "vp": vp or [1] * players,
             "danari": danari or [1000] * players, "owners": owners, "first_player": first,
             "round": round_, "out": out or []}
    if rounds is not None:
        setup["rounds"] = rounds
    return game_in_progress(setup, Options(**options))


def start_game(players, stables, characters, first=0, **options):
    return new_game({"players": players, "stables": stables, "characters": characters, "first_player": first},
                    Options(**options))


def act(state, text: str, **payload) -> StepLog:
    """act(state, 'bet red win 100'); act(state, 'deal', deal={'hands': ...})."""
    log = StepLog()
    play(state, parse_action_text(text, dict(payload), "test"), log, "test")
    return log


def deal(state, hands) -> StepLog:
    return act(state, "deal", deal={"hands": hands})


def types(log: StepLog) -> list[str]:
    return [e["type"] for e in log.events]


def events_of(log: StepLog, type_: str) -> list[dict]:
    return [e for e in log.events if e["type"] == type_]


def race_at(odds=None, positions=None, ranking=None, cards=None, rounds_played: int = 0, revealed=None,
            **options):
    """A race; before the Start its cards are revealed here (unless revealed=False)."""
    setup = {"odds": dict(odds or STANDARD_ODDS), "cards": cards or {}}
    if rounds_played:
        setup.update(race_rounds_played=rounds_played, positions=positions or {}, ranking=ranking or [])
    race = race_from_setup(setup)
    if not rounds_played and revealed is not False:
        reveal_cards(race, Options(**options), StepLog())
    return race


def run(race, card: int, dice, photo=None, **options) -> StepLog:
    log = StepLog()
    race_round(race, card, list(dice), photo, Options(**options), log)
    return log


def through_betting(state, hands, first_bets, plays, second_bets) -> None:
    """Deal, first bets, rigging and second bets, each given as action texts in turn order."""
    deal(state, hands)
    for text in first_bets + plays + second_bets:
        act(state, text)
