"""Issue 9 for Horse Fever: a differing ranking is split into the part that differs (which
horses have finished, or the order they arrived in), so the clause that decides that part is
charged, not every clause that touches the ranking."""

from collections import Counter

import pytest

from reference.core.attribution import Difference, attribution_paths, covers
from reference.core.game import get_game
from reference.core.mutant_attribution import attribute_mutant
from reference.core.results import first_mismatch
from reference.core.vectors import load_cases
from reference.horse_fever.attribution_paths import difference_paths, ranking_paths
from reference.horse_fever.clause_keys import CLAUSE_KEYS

RANKING = Difference("ranking", "ranking", "ranking", "", "")


def paths(expected_ranking, actual_ranking):
    return list(difference_paths(RANKING, {"ranking": expected_ranking}, {"ranking": actual_ranking}))


def test_a_horse_missing_from_the_ranking_is_which_horses_finished():
    assert paths(["red", "green"], ["red"]) == ["ranking.finished"]
    assert paths(["red"], ["red", "green"]) == ["ranking.finished"]
    assert paths([], ["blue"]) == ["ranking.finished"]


def test_the_same_horses_in_another_order_is_the_arrival_order():
    assert paths(["red", "green", "blue"], ["green", "red", "blue"]) == ["ranking.order"]


def test_other_horses_and_another_order_name_both_parts():
    # green and red both finished but stand swapped; blue and white differ in membership
    assert paths(["red", "green", "blue"], ["green", "red", "white"]) == ["ranking.finished", "ranking.order"]


def test_a_missing_horse_alone_does_not_make_the_order_differ():
    # red then blue in both once green, which only one ranking holds, is left out
    assert paths(["red", "green", "blue"], ["red", "blue"]) == ["ranking.finished"]


@pytest.mark.parametrize("actual", ["red", ["red", "red"], [1, 2], None])
def test_a_ranking_that_is_not_distinct_colours_keeps_the_whole_path(actual):
    assert paths(["red", "green"], actual) == []
    assert ranking_paths(["red", "green"], actual) == []


def test_other_keys_keep_their_own_path():
    vp = Difference("vp", "vp", "vp", "[1, 2]", "[1, 3]")
    assert difference_paths(vp, {"vp": [1, 2]}, {"vp": [1, 3]}) == []
    odds = Difference("odds", "odds.red", "odds.red", "3", "4")
    assert difference_paths(odds, {"odds": {"red": 3}}, {"odds": {"red": 4}}) == []


def test_the_game_registers_the_refinement_and_the_runner_uses_it():
    assert get_game("horse_fever").difference_paths is difference_paths
    differences = [RANKING, Difference("positions", "positions.red", "positions.red", "12", "11")]
    got = attribution_paths("horse_fever", differences, {"ranking": ["red"]}, {"ranking": []})
    assert got == ["positions.red", "ranking.finished"]


def test_every_finer_ranking_path_in_the_footprints_is_one_the_refinement_names():
    named = {p for keys in CLAUSE_KEYS.values() for p in keys if p.startswith("ranking.")}
    assert named == {"ranking.finished", "ranking.order"}
    # a clause that lists the whole ranking (the end of the round) still covers both parts
    assert "ranking" in CLAUSE_KEYS["HF-END-1"] and covers("ranking", "ranking.order")


def race_case(expected_ranking, step_clauses):
    return {"id": "hf-synthetic-001", "game": "horse_fever", "kind": "race", "clauses": [],
            "input": {"setup": {}, "steps": [{"action": "race"}]},
            "expected": [{"ranking": expected_ranking}], "step_clauses": [step_clauses],
            "clause_keys": CLAUSE_KEYS}


# A race round that moved the horses, ranked one and ordered a photo finish: its clauses.
ROUND = ["HF-MOVE-2", "HF-MOVECARD-1", "HF-SPRINT-1", "HF-RANK-1", "HF-FINISH-1", "HF-TABLE-3",
         "HF-RANK-2", "HF-RANK-3", "HF-PHOTO-1"]


@pytest.mark.clause("HF-RANK-1")
def test_a_horse_on_the_line_left_out_of_the_ranking_is_charged_to_the_finish_rules():
    mismatch = first_mismatch(race_case(["green", "red"], ROUND), [{"ranking": ["green"]}])
    assert mismatch["paths"] == ["ranking.finished"]
    assert mismatch["clauses"] == ["HF-FINISH-1", "HF-RANK-1", "HF-TABLE-3"]


@pytest.mark.clause("HF-PHOTO-1")
def test_two_level_horses_swapped_are_charged_to_the_arrival_rules():
    mismatch = first_mismatch(race_case(["green", "red"], ROUND), [{"ranking": ["red", "green"]}])
    assert mismatch["paths"] == ["ranking.order"]
    assert mismatch["clauses"] == ["HF-PHOTO-1", "HF-RANK-2", "HF-RANK-3"]


@pytest.mark.clause("HF-ACT-6")
def test_a_line_card_that_changes_the_arrival_order_beats_the_card_move():
    # Fustis et Radix decides how far past the line a horse that reached it goes: the
    # position and the arrival order, never whether it finished
    case = race_case(["green", "red"], ["HF-MOVE-2", "HF-ACT-6", "HF-RANK-1", "HF-RANK-2"])
    case["expected"] = [{"ranking": ["green", "red"], "positions": {"green": 14}}]
    mismatch = first_mismatch(case, [{"ranking": ["red", "green"], "positions": {"green": 12}}])
    assert mismatch["clauses"] == ["HF-ACT-6"]


# Real mutant failures, on the race cases and the first probes (a few seconds in all).
@pytest.fixture(scope="module")
def some_cases():
    cases = load_cases(["horse_fever"])
    race = [c for c in cases if c["kind"] == "race"]
    probes = [c for c in cases if c["kind"] == "probe"][:150]
    return race + probes


# each with a rival: a clause of the same step that also touches what differs, and that the
# refinement (or a narrower footprint) tells apart from the mutant's own clause
@pytest.mark.parametrize("name, rival", [
    ("hf-finish-only-past-the-line", "HF-RANK-2"),      # arrival order: the ranking's other part
    ("hf-photo-finish-to-worse-odds", "HF-RANK-1"),     # which horses finished: the other part
    ("hf-ranked-horses-sprint", "HF-SPRINT-1"),         # the sprint of a horse still running
])
def test_real_mutant_failures_are_charged_to_their_own_clause(some_cases, name, rival):
    game = get_game("horse_fever")
    mutant = next(m for m in game.mutants() if m.name == name)
    row = attribute_mutant(game, mutant, some_cases, counterfactual=False, per_mutant=10**6)
    assert row.failures >= 3
    assert row.own, (row.top, row.share, mutant.clauses)
    named = Counter(c for clauses in row.attributions for c in set(clauses))
    assert named[rival] < named[row.top] / 2, named.most_common(6)


# -- the payout: the part each differing seat played in it, read from the bets of the step before
DANARI = Difference("danari", "danari", "danari", "", "")
VP = Difference("vp", "vp", "vp", "", "")
RANKED = ["white", "yellow", "green", "black", "blue", "red"]
ODDS = {"white": 3, "yellow": 6, "green": 7, "black": 5, "red": 4, "blue": 2}


def bet(player, horse, side, amount=200):
    return {"player": player, "horse": horse, "side": side, "amount": amount}


def payout(bets, danari_before, danari_after, actual_danari, vp_before=None, vp_after=None, actual_vp=None):
    """The paths of a differing Danari (or VP) list at the step that settled `bets`."""
    before = {"phase": "payouts", "bets": bets, "danari": danari_before, "vp": vp_before or [1] * len(danari_before)}
    expected = {"phase": "new_odds", "bets": [], "ranking": RANKED, "odds": ODDS, "danari": danari_after,
                "vp": vp_after or before["vp"]}
    actual = dict(expected, danari=actual_danari, vp=actual_vp or expected["vp"])
    key = DANARI if actual_vp is None else VP
    return list(difference_paths(key, expected, actual, before=before))


def test_a_seat_paid_on_a_show_bet_is_the_show_bettors_part():
    # seat 0's show bet on yellow (2nd) hands back the stake doubled: 400
    bets = [bet(0, "yellow", "show"), bet(1, "blue", "show")]
    assert payout(bets, [1000, 1000], [1400, 1000], [1600, 1000]) == ["danari.show.won"]


def test_a_seat_paid_back_a_lost_stake_is_the_losers_part():
    bets = [bet(0, "yellow", "show"), bet(1, "blue", "show")]
    assert payout(bets, [1000, 1000], [1400, 1000], [1400, 1200]) == ["danari.show.lost"]


def test_a_win_bet_on_the_winner_and_one_on_another_horse():
    bets = [bet(0, "white", "win"), bet(1, "yellow", "win")]
    assert payout(bets, [1000, 1000], [1600, 1000], [1800, 1000]) == ["danari.win.won"]
    assert payout(bets, [1000, 1000], [1600, 1000], [1600, 2200]) == ["danari.win.lost"]


def test_a_seat_without_a_bet_can_only_have_been_paid_as_an_owner():
    bets = [bet(0, "white", "win")]
    assert payout(bets, [1000, 1000], [1600, 1400], [1600, 1200]) == ["danari.owner"]


def test_a_seat_paid_more_than_its_winning_bets_return_is_also_an_owner():
    # seat 0: 600 for the win bet on white at 3, and 400 more: an owner's prize; both parts
    # are named when that seat alone differs
    bets = [bet(0, "white", "win"), bet(1, "blue", "show")]
    assert payout(bets, [1000, 1000], [2000, 1000], [1800, 1000]) == ["danari.owner", "danari.win.won"]
    # the stake on top (HF-INT-1's other reading, 800) is no owner's prize
    assert payout(bets, [1000, 1000], [1800, 1000], [2000, 1000]) == ["danari.win.won"]


def test_a_seat_paid_less_does_not_name_its_lost_bets():
    # seat 0 is short 200: its lost win bet paid nothing, so only the show bet can have paid less
    bets = [bet(0, "blue", "win"), bet(0, "green", "show")]
    assert payout(bets, [1000, 1000], [1400, 1000], [1200, 1000]) == ["danari.show.won"]
    # paid more: the lost bet may have been paid back, so both parts
    assert payout(bets, [1000, 1000], [1400, 1000], [1600, 1000]) == ["danari.show.won", "danari.win.lost"]


def test_the_fewest_parts_every_differing_seat_played_are_named():
    # both seats won a show bet; seat 0 also owns a placed stable (600 more than its bet returns):
    # one misread show payout explains both seats, an owner's prize only one
    bets = [bet(0, "yellow", "show"), bet(1, "green", "show"), bet(1, "blue", "win")]
    assert payout(bets, [1000, 1000], [2000, 1400], [2200, 1600]) == ["danari.show.won"]


def test_a_differing_vp_is_split_the_same_way():
    bets = [bet(0, "white", "win"), bet(1, "yellow", "show")]
    got = payout(bets, [1000, 1000], [1600, 1400], [1600, 1400], vp_before=[1, 1], vp_after=[4, 2],
                 actual_vp=[2, 2])
    assert got == ["vp.win.won"]
    # a VP beyond 3 a winning win bet and 1 a winning show bet: an owner's (HF-INT-2's other reading)
    got = payout(bets, [1000, 1000], [1600, 1400], [1600, 1400], vp_before=[1, 1], vp_after=[4, 2],
                 actual_vp=[4, 3])
    assert got == ["vp.show.won"]


@pytest.mark.parametrize("before", [{}, {"bets": []}, {"bets": [bet(0, "white", "win")], "danari": [1000]}])
def test_a_step_that_settled_no_bets_the_hook_can_see_keeps_the_whole_path(before):
    # the first step (no step before), a step before with no bets, or lists of other lengths
    expected = {"bets": [], "ranking": RANKED, "odds": ODDS, "danari": [1000, 1000]}
    actual = dict(expected, danari=[1000, 1200])
    assert difference_paths(DANARI, expected, actual, before=before) == []
    # bets still held after the step: no payout happened
    assert difference_paths(DANARI, dict(expected, bets=[bet(0, "white", "win")]), actual,
                            before={"bets": [bet(0, "white", "win")], "danari": [1000, 1000]}) == []


def test_the_runner_hands_the_hook_the_step_before():
    bets = [bet(0, "yellow", "show")]
    before = {"bets": bets, "danari": [1000, 1000]}
    expected = {"bets": [], "ranking": RANKED, "odds": ODDS, "danari": [1400, 1000]}
    got = attribution_paths("horse_fever", [DANARI], expected, dict(expected, danari=[1600, 1000]), before)
    assert got == ["danari.show.won"]


@pytest.mark.parametrize("part, charged", [
    ("danari.show.won", ["HF-SHOW-1"]),        # what a winning show bet hands back
    ("danari.win.won", ["HF-PAYF-1"]),         # what a winning win bet hands back
    # a lost show bet paid: the show rule's places or a lost stake handed back, either may be misread
    ("danari.show.lost", ["HF-PAY-1", "HF-SHOW-1"]),
    ("danari.show.lost danari.win.lost", ["HF-PAY-1"]),   # every lost stake stays with the bank
    ("danari.owner", ["HF-PAY-2"]),            # the owners' prizes
])
def test_each_part_of_the_payout_is_charged_to_the_clause_that_decides_it(part, charged):
    from reference.core.attribution import attribute
    step = ["HF-PAY-1", "HF-PAY-2", "HF-PAYF-1", "HF-SHOW-1", "HF-WIN-1"]
    clauses, basis = attribute(step, [], part.split(), CLAUSE_KEYS)
    assert (clauses, basis) == (charged, "paths")


@pytest.fixture(scope="module")
def payout_cases():
    cases = load_cases(["horse_fever"])
    return [c for c in cases if c["kind"] == "game"] + [c for c in cases if c["kind"] == "round"][:30]


@pytest.mark.parametrize("name", ["hf-show-pays-stake-times-three", "hf-owner-prize-for-winner-only",
                                  "hf-second-owner-prize-200"])
def test_real_payout_mutants_are_charged_to_their_own_clause(payout_cases, name):
    # only Danari differ after these payouts: the bets of the step before tell whose part it was
    game = get_game("horse_fever")
    mutant = next(m for m in game.mutants() if m.name == name)
    row = attribute_mutant(game, mutant, payout_cases, counterfactual=False, per_mutant=10**6)
    assert row.failures >= 3
    assert row.own, (row.top, row.share, mutant.clauses)


# -- outside a payout: the minimum-bet penalty, the new odds, a ranked horse's position ----------

def vp_paths(vp_expected, vp_actual, danari, out_expected=(), out_actual=(), out_before=()):
    expected = {"vp": vp_expected, "danari": danari, "players_out": list(out_expected), "bets": []}
    actual = dict(expected, vp=vp_actual, players_out=list(out_actual))
    before = {"vp": vp_expected, "danari": danari, "players_out": list(out_before), "bets": []}
    return list(difference_paths(VP, expected, actual, before=before))


def test_a_penalty_missed_with_danari_clearly_short_is_the_minimum():
    # 200 D with 8 VP: short of 800, 600 and 400 D; the other side stopped at once
    assert vp_paths([4, 2], [4, 8], [1000, 200]) == ["vp.minimum"]
    # a penalty taken though 900 D cover the 400 D minimum of 4 VP
    assert vp_paths([4, 2], [2, 2], [900, 200]) == ["vp.minimum"]


def test_a_penalty_on_danari_exactly_the_minimum_is_whether_they_cover_it():
    assert vp_paths([4, 2], [2, 2], [400, 200]) == ["vp.covered"]


def test_vp_differing_by_other_than_whole_penalties_is_the_penalty_size():
    assert vp_paths([4, 2], [4, 3], [1000, 0]) == ["vp.penalty"]


def test_the_vp_of_a_seat_that_left_the_game_in_this_step_is_the_loss_of_the_game():
    assert vp_paths([4, 0], [4, 2], [1000, 0], out_expected=[1], out_actual=[1]) == ["vp.out"]
    # out already the step before: not this step's decision
    assert vp_paths([4, 0], [4, 2], [1000, 0], [1], [1], out_before=[1]) == ["vp.minimum"]


def odds_difference(horse):
    return Difference("odds", f"odds.{horse}", f"odds.{horse}", "", "")


@pytest.mark.parametrize("was, want, got, path", [
    (5, 4, 3, "odds.up"),           # both moved it up, the actual two rows
    (4, 5, 6, "odds.down"),
    (4, 4, 3, "odds.level"),        # expected to stay on its row
    (5, 4, 5, "odds.direction"),    # expected up, the actual kept it
    (5, 4, 6, "odds.direction"),    # expected up, the actual moved it down
])
def test_new_odds_are_split_by_how_the_token_moved_from_the_step_before(was, want, got, path):
    got_paths = difference_paths(odds_difference("red"), {"odds": {"red": want}}, {"odds": {"red": got}},
                                 before={"odds": {"red": was}})
    assert got_paths == [path]
    assert difference_paths(odds_difference("red"), {"odds": {"red": want}}, {"odds": {"red": got}},
                            before={}) == []


def test_a_position_is_split_by_whether_the_step_before_had_ranked_the_horse():
    def position_paths(horse):
        difference = Difference("positions", f"positions.{horse}", f"positions.{horse}", "", "")
        before = {"ranking": ["red"], "positions": {"red": 13, "green": 9}}
        return difference_paths(difference, {"positions": {"red": 13, "green": 11}},
                                {"positions": {"red": 15, "green": 12}}, before=before)
    assert position_paths("red") == ["positions.ranked"]
    assert position_paths("green") == ["positions.running"]


@pytest.mark.parametrize("paths, charged", [
    (["vp.minimum"], ["HF-MIN-1"]), (["vp.covered"], ["HF-MIN-2"]), (["vp.penalty"], ["HF-MIN-2"]),
    (["vp.out"], ["HF-MIN-3"]),
])
def test_each_part_of_the_penalty_is_charged_to_the_clause_that_decides_it(paths, charged):
    from reference.core.attribution import attribute
    step = ["HF-BET-1", "HF-BET-2", "HF-BET-3", "HF-MIN-1", "HF-MIN-2", "HF-MIN-3"]
    assert attribute(step, [], paths, CLAUSE_KEYS) == (charged, "paths")


@pytest.mark.parametrize("paths, charged", [
    (["odds.up"], ["HF-NEWODDS-2"]), (["odds.down"], ["HF-NEWODDS-3"]), (["odds.level"], ["HF-NEWODDS-4"]),
    (["odds.direction"], ["HF-NEWODDS-1"]), (["odds.down", "odds.up"], ["HF-NEWODDS-2", "HF-NEWODDS-3"]),
])
def test_each_kind_of_token_move_is_charged_to_the_clause_that_decides_it(paths, charged):
    from reference.core.attribution import attribute
    step = ["HF-NEWODDS-1", "HF-NEWODDS-2", "HF-NEWODDS-3", "HF-NEWODDS-4", "HF-NEWODDS-5", "HF-ODDS-4"]
    assert attribute(step, [], paths, CLAUSE_KEYS) == (charged, "paths")


@pytest.fixture(scope="module")
def all_cases():
    return load_cases(["horse_fever"])


# wrong before these refinements: charged to HF-MIN-2 (a differing VP), HF-RANK-5 (any position)
@pytest.mark.parametrize("name, applied", [
    ("hf-minimum-bet-not-scaled", {"HF-MIN-2", "HF-MIN-3"}),     # the cases that penalise a short player
    ("hf-two-vp-cannot-pay", {"HF-MIN-3"}),
    ("hf-line-cards-ignored", {"HF-ACT-6", "HF-ACT-13"}),          # the cases a line card acts in
])
def test_real_mutant_failures_outside_the_ranking_are_charged_to_their_own_clause(all_cases, name, applied):
    cases = [c for c in all_cases if any(applied & set(step) for step in c["step_clauses"])][:120]
    game = get_game("horse_fever")
    mutant = next(m for m in game.mutants() if m.name == name)
    row = attribute_mutant(game, mutant, cases, counterfactual=False, per_mutant=10**6)
    assert row.failures >= 3
    assert row.own, (row.top, row.share, mutant.clauses)


def test_every_finer_vp_odds_and_position_path_in_the_footprints_is_one_the_refinement_names():
    named = {p for keys in CLAUSE_KEYS.values() for p in keys
             if p.split(".")[0] in ("vp", "odds", "positions") and "." in p}
    refined = {"vp.minimum", "vp.covered", "vp.penalty", "vp.out", "odds.up", "odds.down", "odds.level",
               "odds.direction", "positions.ranked", "positions.running"}
    payout = {p for p in named if p.split(".")[1] in ("win", "show", "owner")}
    assert named - payout <= refined
    # a clause that lists the whole value (a card that changes the odds, a card move) covers every part
    assert "odds" in CLAUSE_KEYS["HF-ACT-15"] and "positions" in CLAUSE_KEYS["HF-MOVE-2"]
