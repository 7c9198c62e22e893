"""Properties of whole races and sessions played from random explicit lays and random choices."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference.cards.rules.agreements import Options
from reference.cards.playout import play, random_lay, seeded_lays
from reference.cards.rules.session import new_table
from reference.cards.rules.track import overloaded_suit, track_counts

import pytest

OPTIONS = st.builds(Options, bank_cover=st.sampled_from(["gross", "net"]),
                    when_uncovered=st.sampled_from(["refuse", "owe"]),
                    starting_balance=st.sampled_from([1, 3, 5, 20]))


class Checker:
    """Checks every step of a race or session against the rules' invariants."""

    def __init__(self, table):
        self.total = sum(table.balances)
        self.positions = None
        self.races = 0

    def __call__(self, table, step, log):
        # CRD-SESSION-3: the sum of the balances never changes
        assert sum(table.balances) == self.total
        if table.options.when_uncovered == "refuse":
            assert min(table.balances) >= 0, "with the cover refused, nobody goes below zero"
        race = table.race
        types = [e["type"] for e in log.events]
        if step["action"] == "reveal":
            moved = [e for e in log.events if e["type"] == "moved"]
            assert len(moved) == 1 and moved[0]["to"] == moved[0]["from"] + 1      # CRD-RACE-2/8/9
            assert moved[0]["horse"] == log.events[0]["suit"]
            assert all(race.positions[s] >= self.positions[s] for s in race.positions)
            if "won" in types:
                winner = race.winner
                last = race.revealed[-1]
                # the winner's last card is its eighth race card of that suit
                assert last.suit == winner
                assert sum(1 for c in race.revealed if c.suit == winner) == 8
                assert all(sum(1 for c in race.revealed if c.suit == s) <= 7 for s in race.positions if s != winner)
                # the race ends before the deck runs out
                assert race.deck and len(race.revealed) <= 29
                self.races += 1
            else:
                assert max(race.positions.values()) <= 7
        if "track_laid" in types:
            assert overloaded_suit(track_counts(race.track)) is None
            assert race.positions == {"S": 0, "H": 0, "D": 0, "C": 0}
        self.positions = dict(race.positions)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 8), options=OPTIONS, seed=st.integers(0, 2**32), banker=st.integers(0, 7))
@pytest.mark.clause("CRD-SESSION-3", "CRD-SESSION-1", "CRD-RACE-6", "CRD-RACE-8")
def test_whole_sessions_keep_the_chips_and_every_race_ends_with_an_eighth_card(players, options, seed, banker):
    rng = random.Random(seed)          # the lays and choices; the recorded steps would carry the cards
    table = new_table(players, banker % players, None, options, session=True)
    checker = Checker(table)
    play(table, seeded_lays(rng, loaded_first=0.3), lambda t, actions: rng.choice(actions), checker)
    assert checker.races == players
    assert table.phase == "over" and table.session_winners
    best = max(table.balances)
    assert table.session_winners == [s for s, b in enumerate(table.balances) if b == best]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
@pytest.mark.clause("CRD-TRACK-5", "CRD-RACE-7")
def test_a_race_on_a_standing_track_always_ends_before_the_deck_runs_out(seed):
    rng = random.Random(seed)
    table = new_table(3, 0, [50, 50, 50])
    checker = Checker(table)
    play(table, lambda t: random_lay(rng), lambda t, actions: rng.choice(actions), checker)
    assert checker.races == 1 and table.race.winner is not None
