"""Properties of whole matches played from explicit random deals and random choices."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference.dominoes.rules.match import tile_counts
from reference.dominoes.options import Options
from reference.dominoes.playout import play_match, shuffled_deal
from reference.dominoes.rules.points import TARGET
from reference.dominoes.rules.state import OVER, PLAY
from reference.dominoes.actions import parse_tile
from reference.dominoes.rules.tiles import DOUBLE_SIX_SET, is_double
from reference.dominoes.rules.layout import has_legal_placement

FORMATS = st.sampled_from([(2, "individual"), (3, "individual"), (4, "individual"), (4, "partnership")])
OPTIONS = st.builds(Options,
                    continuation_when_unable=st.sampled_from(["draw", "end_turn"]),
                    symmetric_points=st.sampled_from(["distinct", "canonical"]),
                    opening_continues=st.booleans(),
                    continuation=st.just("compulsory"))


class Checker:
    """Checks every step of a match against the rules' invariants."""

    def __init__(self):
        self.previous_scores = None
        self.previous_to_play = None
        self.steps = 0

    def __call__(self, match, text, log):
        self.steps += 1
        scores = list(match.scores)
        # scores never decrease
        if self.previous_scores is not None:
            assert all(a >= b for a, b in zip(scores, self.previous_scores)), (text, log.events)
        self.previous_scores = scores
        # every tile is in exactly one place
        if match.round is not None:
            assert tile_counts(match) == Counter(DOUBLE_SIX_SET)
        for event in log.events:
            if event["type"] == "placed":
                s = event["end_sum"]
                scores_now = s > 0 and s % 5 == 0
                assert event["displayed"] == (s // 5 if scores_now else 0)
                assert event["raw"] == (s if scores_now else 0)
        self.check_continuation(match, text, log)
        self.previous_to_play = match.to_play

    def check_continuation(self, match, text, log):
        kinds = [e["type"] for e in log.events]
        placed = [e for e in log.events if e["type"] == "placed"]
        if not placed or "match_won" in kinds or "round_won" in kinds:
            return
        event = placed[0]
        player = event["player"]
        tile = parse_tile(event["tile"], "event")
        if event["source"] == "draw":
            assert kinds[-1] != "continued" and "turn_ended" in kinds
            return
        grants = is_double(tile) or event["raw"] > 0
        if grants and (event["at"] is not None or match.options.opening_continues):
            assert "continued" in kinds
            if match.phase == PLAY and "turn_ended" not in kinds:
                assert match.to_play == player
        else:
            assert "continued" not in kinds


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fmt=FORMATS, options=OPTIONS, rng=st.randoms(use_true_random=False))
def test_random_matches_keep_the_invariants_and_end_with_a_winner(fmt, options, rng):
    players, mode = fmt
    checker = Checker()

    def choose(match, actions):
        names = [str(a) for a in actions]
        hand = match.round.hands[match.round.to_play]
        placeable = has_legal_placement(match.round.layout, hand) if match.phase == PLAY else True
        if "draw" in names:
            assert not placeable and match.round.draw_pile and names == ["draw"]
        if "pass" in names:
            assert not placeable and not match.round.draw_pile and names == ["pass"]
        return rng.choice(actions)

    played = play_match(players, mode, lambda m: shuffled_deal(rng, players, rng.randrange(players)),
                        choose, options, on_step=checker)
    final = played.final
    assert final.phase == OVER and final.winners
    assert all(final.scores[side] >= TARGET for side in final.winners)
    assert all(final.scores[side] < TARGET for side in range(len(final.scores)) if side not in final.winners)
    last = played.steps[-1].events
    won = [e for e in last if e["type"] == "match_won"][0]
    if won["by"] == "placement":
        assert len(final.winners) == 1
    # every point on the board comes from a scored event or a settlement bonus
    scored = [0] * len(final.scores)
    for step in played.steps:
        for e in step.events:
            if e["type"] == "scored":
                scored[e["side"]] += e["displayed"]
            if e["type"] == "settlement":
                for side, bonus in enumerate(e["bonus"]):
                    scored[side] += bonus
    assert scored == final.scores


@settings(max_examples=60, deadline=None)
@given(fmt=FORMATS, rng=st.randoms(use_true_random=False))
def test_settlements_pay_the_rounded_opponent_pips(fmt, rng):
    players, mode = fmt

    def check(match, text, log):
        for e in log.events:
            if e["type"] != "settlement":
                continue
            for side in range(len(e["side_pips"])):
                if side in e["winners"]:
                    others = sum(p for s, p in enumerate(e["side_pips"]) if s != side)
                    assert e["counted_pips"][side] == others
                    assert e["bonus"][side] == (others + 2) // 5
                else:
                    assert e["bonus"][side] == 0
            if e["kind"] == "blocked":
                assert min(e["side_pips"]) == e["side_pips"][e["winners"][0]]

    play_match(players, mode, lambda m: shuffled_deal(rng, players, rng.randrange(players)),
               lambda m, actions: rng.choice(actions), on_step=check)
