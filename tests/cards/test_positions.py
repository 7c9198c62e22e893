"""Position starts (setup.position): a case may start from a table in play. A position is taken
from random play and replayed from there; an impossible position is refused with its file, line,
field and rule."""

from pathlib import Path

import pytest

from reference.core.game import CaseInput
from reference.cards.observe import table_view
from reference.cards.playout import random_game
from reference.cards.position import position_of
from reference.cards.replay import replay
from reference.cards.rules.agreements import Options
from reference.cards.rules.session import new_table
from reference.cards.rules.state import BETTING, LAYING, RACING

from tests.support import assert_located_error

SCENARIO = Path(__file__).parents[2] / "vectors/scenarios/cards/race-refused-reveal-overshoots.yaml"
GOOD = SCENARIO.read_text(encoding="utf-8")


def positions_in_play(seed, players, session=False, **options):
    """(position before the step, the step, the observation the full game made after it)."""
    found = []
    before = {}

    def remember(table, step, log):
        if before.get("position") is not None:
            found.append((before["position"], step, table_view(table, log)))
        before["position"] = position_of(table) if table.phase in (LAYING, BETTING, RACING) else None

    opts = Options(**options) if options else None
    before["position"] = position_of(new_table(players, 0, None, opts, session))
    random_game(seed, players, 0, session=session, options=opts, on_step=remember)
    return found


@pytest.mark.parametrize("seed, players, session", [(1, 3, False), (2, 5, False), (3, 4, True), (4, 3, True)])
def test_a_position_from_play_replays_as_the_whole_game_did(seed, players, session):
    found = positions_in_play(seed, players, session)
    assert len(found) > 20
    kind = "session" if session else "race"
    for position, step, seen in found:
        outcome = list(replay(CaseInput(kind, {"players": players, "position": position}, [step], {})))[0]
        for key in ("phase", "odds", "bets", "positions", "deck_size", "last_card", "settlement", "balances",
                    "legal_actions", "next_banker", "events", "race", "banker"):
            assert outcome.observation[key] == seen[key], (position["phase"], step["action"], key)


def test_the_position_scenario_verifies():
    from reference.core.verify import verify_file
    assert verify_file(SCENARIO).ok


@pytest.mark.parametrize("old, new, field, words, clause", [
    ("revealed: [4H,", "revealed: [4S,", "setup.position.deck[1]", "4S appears twice (first at setup.position.revealed[0])",
     "CRD-SET-1"),
    ("deck: [JH, ", "deck: [", "setup.position.deck", "not the 48 that are not aces; missing: JH", "CRD-TRACK-3"),
    ("track: [2S, 3S, 2H, 3H, 2D, 3D, 2C]", "track: [2H, 3H, QH, KH, JH, 3D, 2C]", "setup.position.deck[0]",
     "JH appears twice (first at setup.position.track[4])", "CRD-SET-1"),
    ("positions: {S: 0, H: 7", "positions: {S: 0, H: 6", "setup.position.positions.H",
     "put the H ace at 7", "CRD-RACE-2"),
    ("bets: [null, H, S]", "bets: [H, H, S]", "setup.position.bets[0]", "seat 0 banks this race", "CRD-BET-3"),
    ("bets: [null, H, S]", "bets: [null, null, S]", "setup.position.bets[2]", "chosen before seat 1",
     "CRD-BET-3"),
    ("bets: [null, H, S]", "bets: [null, H, null]", "setup.position.bets[2]", "has not chosen", "CRD-BET-5"),
    ("balances: [20, 20, 20]", "balances: [2, 20, 20]", "setup.position.bets[1]", "could not pay 3 chips",
     "CRD-BET-4"),
    ("balances: [20, 20, 20]", "balances: [20, 0, 20]", "setup.position.bets[1]", "cannot stake 1", "CRD-BET-3"),
    ("10H]\n    deck: [JH, ", "10H, JH]\n    deck: [",
     "setup.position.revealed", "has crossed the line", "CRD-RACE-6"),
    ("to_act: 0", "to_act: 1", "setup.position.to_act", "the seat to act is seat 0, the banker", "CRD-SET-3"),
    ("    banker: 0\n    balances: [20, 20, 20]", "    session: true\n    banker: 0\n    balances: [21, 20, 20]",
     "setup.position.balances", "add up to 61; a session of 3 starting with 20 chips each always holds 60",
     "CRD-SESSION-3"),
    ("    race: 1\n", "    race: 4\n    session: true\n", "setup.position.race", "one race per person",
     "CRD-SESSION-1"),
    ("phase: racing", "phase: betting", "setup.position.revealed", "no race card is revealed before", "CRD-BET-5"),
    ("    sitting_out: []\n", "    sitting_out: [2]\n", "setup.position.sitting_out[0]", "chose twice", "CRD-BET-3"),
])
def test_an_impossible_position_is_refused_with_file_line_field_and_rule(tmp_path, old, new, field, words, clause):
    error = assert_located_error(tmp_path, GOOD, old, new, field, words)
    assert f"(rule {clause})" in str(error)


def test_a_loaded_track_is_never_a_position(tmp_path):
    text = GOOD.replace("track: [2S, 3S, 2H, 3H, 2D, 3D, 2C]", "track: [2S, 3S, 4S, 5S, 6S, 3D, 2C]").replace(
        "deck: [JH, 4S, 5S, 6S,", "deck: [JH, 2H, 3H, 2D,")
    error = assert_located_error(tmp_path, text, "phase: racing", "phase: racing", "setup.position.track",
                                 "laid again and never raced")
    assert "(rule CRD-TRACK-4)" in str(error)


def test_a_position_case_takes_no_other_setup(tmp_path):
    assert_located_error(tmp_path, GOOD, "  players: 3\n", "  players: 3\n  banker: 0\n", "setup",
                         "'banker'")


def test_a_session_position_plays_its_last_race_to_the_session_end():
    # 3 players, race 3 of 3: the winning reveal ends the session (CRD-SESSION-1/2) instead of passing the bank.
    text_position = {"session": True, "race": 3, "banker": 2, "balances": [21, 19, 20], "phase": "racing",
                     "track": ["2S", "3S", "2H", "3H", "2D", "3D", "2C"],
                     "revealed": ["4H", "5H", "6H", "7H", "8H", "9H", "10H"],
                     "deck": ["JH"] + [r + s for s in "SDC" for r in ("4 5 6 7 8 9 10 J Q K".split()
                                                                        + (["3"] if s == "C" else []))]
                             + ["QH", "KH"],
                     "positions": {"S": 0, "H": 7, "D": 0, "C": 0}, "bets": ["H", "S", None],
                     "sitting_out": [], "to_act": 2}
    out = list(replay(CaseInput("probe", {"players": 3, "position": text_position}, [{"action": "reveal"}], {})))
    view = out[0].observation
    # seat 0 +3 (3:1 on hearts), seat 1 -1, the bank (seat 2) -2: 24, 18, 18; seat 0 alone is highest
    assert view["phase"] == "over" and view["balances"] == [24, 18, 18]
    assert view["session_winners"] == [0] and view["next_banker"] is None
    assert {"CRD-SESSION-1", "CRD-SESSION-2"} <= set(out[0].clauses)
