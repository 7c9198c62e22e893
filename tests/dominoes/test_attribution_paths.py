"""The domino game names the finer path a whole differing value lies on (attribution_paths.py),
and a mutant's first divergences are charged to the clause it misreads."""

from __future__ import annotations

import pytest

from reference.core.game import get_game
from reference.core.mutant_attribution import attribute_mutant
from reference.core.results import first_mismatch, step_differences
from reference.dominoes.attribution_paths import difference_paths, rounded_bonus
from reference.dominoes.clause_keys import CLAUSE_KEYS


def paths(expected: dict, actual: dict) -> list[str]:
    """Every path the differences of two hand-made observations lie on, refined by the game."""
    out = []
    for difference in step_differences("dominoes", expected, actual, None):
        out += difference_paths(difference, expected, actual) or [difference.path]
    return sorted(set(out))


# -- legal actions -------------------------------------------------------------------------------------

def test_a_missing_draw_is_named_apart_from_the_placements():
    expected = {"legal_actions": ["draw"]}
    assert paths(expected, {"legal_actions": []}) == ["legal_actions.draw.missing"]
    assert paths(expected, {"legal_actions": ["draw", "pass"]}) == ["legal_actions.pass.extra"]


def test_placements_are_classified_by_the_point_they_take():
    expected = {"legal_actions": ["place 1|4 at 4|4 line_b", "place 2|6 at 2|3 low"]}
    early_branch = {"legal_actions": expected["legal_actions"] + ["place 4|5 at 4|4 branch_a"]}
    assert paths(expected, early_branch) == ["legal_actions.place.branch.extra"]
    no_line = {"legal_actions": ["place 2|6 at 2|3 low"]}
    assert paths(expected, no_line) == ["legal_actions.place.line.missing"]
    no_end = {"legal_actions": ["place 1|4 at 4|4 line_b"]}
    assert paths(expected, no_end) == ["legal_actions.place.end.missing"]


def test_an_opening_placement_is_its_own_form():
    expected = {"legal_actions": ["place 1|2", "place 3|3"]}
    assert paths(expected, {"legal_actions": ["place 3|3"]}) == ["legal_actions.place.opening.missing"]


def test_an_unscored_last_or_opening_tile_is_named_apart_from_a_wrong_award():
    placed = {"type": "placed", "player": 1, "tile": "2|3", "at": "3|6 low", "source": "hand", "end_sum": 10,
              "raw": 10, "displayed": 2}
    scored = {"type": "scored", "side": 1, "displayed": 2, "score": 7}
    last = {"events": [placed, scored, {"type": "round_won", "player": 1, "side": 1}]}
    unscored = {"events": [dict(placed, raw=0, displayed=0), {"type": "round_won", "player": 1, "side": 1}]}
    assert "events.placed.unscored.last_tile" in paths(last, unscored)
    assert "events.placed.raw" not in paths(last, unscored)
    opening = {"events": [dict(placed, at=None), scored]}
    assert "events.placed.unscored.opening" in paths(opening, {"events": [dict(placed, at=None, raw=0,
                                                                                displayed=0)]})
    # a tile in mid-round left unscored, or a last tile scored wrongly: the award's own paths
    middle = {"events": [placed, scored]}
    assert paths(middle, {"events": [dict(placed, raw=0, displayed=0)]})[:2] == \
        ["events.placed.displayed", "events.placed.raw"]
    assert paths(last, {"events": [dict(placed, raw=5, displayed=1), dict(scored, displayed=1, score=6),
                                   last["events"][2]]}) == \
        ["events.placed.displayed", "events.placed.raw", "events.scored.displayed", "events.scored.score"]


# -- a settlement's per-side lists -----------------------------------------------------------------

def settlement(**changes) -> dict:
    """A blocked individual round: sides 0 and 2 tied at 4 pips, each paid for 4 + 14 + ... = 22."""
    base = {"kind": "blocked", "hand_pips": [4, 14, 4, 10], "side_pips": [4, 14, 4, 10], "winners": [0, 2],
            "counted_pips": [28, 0, 28, 0], "bonus": [6, 0, 6, 0], "scores": [16, 3, 26, 9]}
    base.update(changes)
    return base


def test_a_changed_bonus_of_a_tied_winner_is_the_tied_winner_path():
    expected = {"settlement": settlement(), "scores": [16, 3, 26, 9]}
    split = {"settlement": settlement(bonus=[3, 0, 3, 0], scores=[13, 3, 23, 9]), "scores": [13, 3, 23, 9]}
    # the scores moved by the differing bonus: named by the bonus, not as scores of their own
    assert paths(expected, split) == ["settlement.bonus.tied_winner"]


def test_a_tied_winner_left_out_of_the_win_names_the_winners():
    expected = {"settlement": settlement()}
    first_only = {"settlement": settlement(winners=[0], counted_pips=[28, 0, 0, 0], bonus=[6, 0, 0, 0],
                                           scores=[16, 3, 20, 9])}
    assert paths(expected, first_only) == ["settlement.winners.tied_winner"]


def test_a_winners_count_is_named_by_what_was_counted():
    expected = {"settlement": settlement()}
    short_by_the_other = settlement(counted_pips=[24, 0, 24, 0], bonus=[5, 0, 5, 0], scores=[15, 3, 25, 9])
    assert paths(expected, {"settlement": short_by_the_other}) == ["settlement.counted_pips.tied_winners_left_out"]
    # a sole winner in partnerships: side 0 holds 7 more pips (the partner's), the opponents 17
    sole = {"kind": "domino", "hand_pips": [0, 9, 7, 8], "side_pips": [7, 17], "winners": [0],
            "counted_pips": [17, 0], "bonus": [3, 0], "scores": [13, 2]}
    subtracted = dict(sole, counted_pips=[10, 0], bonus=[2, 0], scores=[12, 2])
    assert paths({"settlement": sole}, {"settlement": subtracted}) == ["settlement.counted_pips.own_subtracted"]
    partner = dict(sole, counted_pips=[24, 0], bonus=[5, 0], scores=[15, 2])
    assert paths({"settlement": sole}, {"settlement": partner}) == ["settlement.counted_pips.own_counted"]


def test_a_bonus_that_is_not_the_rounding_of_its_count_is_the_bonus_path():
    sole = {"kind": "domino", "hand_pips": [0, 17], "side_pips": [0, 17], "winners": [0],
            "counted_pips": [17, 0], "bonus": [3, 0], "scores": [13, 2]}
    assert rounded_bonus(17) == 3 and rounded_bonus(18) == 4 and rounded_bonus(22) == 4
    rounded_up = dict(sole, bonus=[4, 0], scores=[14, 2])          # 17 is 3, not 4
    assert paths({"settlement": sole}, {"settlement": rounded_up}) == ["settlement.bonus.winner"]


def test_a_losers_score_reduced_is_the_loser_scores_path_and_the_event_is_read_too():
    event = {"type": "settlement", **settlement()}
    expected = {"events": [{"type": "round_blocked"}, event], "scores": [16, 3, 26, 9]}
    reduced = {"events": [{"type": "round_blocked"}, dict(event, scores=[16, 0, 26, 7])], "scores": [16, 0, 26, 7]}
    assert paths(expected, reduced) == ["events.settlement.scores.loser", "scores.loser"]


def test_a_sum_of_the_ends_is_named_by_whether_too_much_or_too_little_was_counted():
    """A closed double or an unopened branch counted makes the sum larger (the rules that make
    something count zero are misread); a double's halves or an outer end left out, smaller."""
    assert paths({"end_sum": 10}, {"end_sum": 22}) == ["end_sum.over"]
    assert paths({"end_sum": 10}, {"end_sum": 7}) == ["end_sum.under"]
    placed = {"events": [{"type": "placed", "tile": "1|4", "end_sum": 15}]}
    assert paths(placed, {"events": [{"type": "placed", "tile": "1|4", "end_sum": 20}]}) == \
        ["events.placed.end_sum.over"]
    assert paths({"end_sum": 10}, {"end_sum": "10"}) == ["end_sum"]      # not a number: the whole path
    over = set(CLAUSE_KEYS["DOM-COUNT-2"]) | set(CLAUSE_KEYS["DOM-COUNT-7"])
    assert "events.placed.end_sum.over" in over and not any(p.endswith(".under") for p in over)
    assert "events.placed.end_sum.under" in CLAUSE_KEYS["DOM-COUNT-1"] + CLAUSE_KEYS["DOM-COUNT-3"]


def test_whole_values_the_game_does_not_refine_keep_their_path():
    assert paths({"turn": 1, "scores": [3, 0]}, {"turn": 0, "scores": [2, 0]}) == ["scores", "turn"]


def test_every_refined_path_a_footprint_names_is_one_the_refinement_produces():
    """A footprint naming a finer path nobody produces would never be charged."""
    produced = {"legal_actions", "settlement", "events.settlement", "match_winners", "events.match_won", "scores",
                "events.placed", "end_sum"}
    forms = {"draw", "pass", "stop", "place", "end", "line", "branch", "opening", "double", "missing", "extra",
             "winner", "tied_winner", "loser", "own_subtracted", "own_counted", "tied_winners_left_out",
             "counted_pips", "bonus", "scores", "winners", "side", "kind", "end_sum", "at", "playable",
             "displayed", "score", "raw", "opener", "next", "reason", "seat", "side_pips", "hand_pips",
             "unscored", "last_tile", "over", "under"}
    for clause, footprint in CLAUSE_KEYS.items():
        for path in footprint:
            head, *rest = path.split(".")
            if head == "events":
                head = ".".join(path.split(".")[:2])
                rest = path.split(".")[2:]
            if head in produced and rest:
                assert set(rest) <= forms, (clause, path)


# -- real mutants -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def settlement_cases():
    from reference.core.vectors import load_cases
    return load_cases(["dominoes"], kinds=["settlement"])


@pytest.mark.parametrize("name, clause", [
    ("winner-hand-subtracted", "DOM-SETTLE-4"),       # was DOM-SETTLE-1 (same footprint, smaller id)
    ("partner-pips-counted", "DOM-SETTLE-6"),         # was DOM-SETTLE-1
    ("tied-winners-split", "DOM-TIE-1"),              # was DOM-SETTLE-2 (the whole bonus list)
])
def test_a_mutant_is_charged_to_the_clause_it_misreads(settlement_cases, name, clause):
    game = get_game("dominoes")
    mutant = next(m for m in game.mutants() if m.name == name)
    row = attribute_mutant(game, mutant, settlement_cases, counterfactual=False, per_mutant=10**6)
    assert row.failures >= 10
    assert row.top == clause and row.own


def test_an_offered_draw_records_that_every_tile_of_the_pile_may_be_drawn():
    """DOM-DEAL-3: every remaining tile may be drawn, so a player who cannot place is offered
    the draw while any tile is left; the offer records it, and a pass offered on an empty pile
    does not."""
    from reference.core.vectors import load_cases
    (case,) = load_cases(["dominoes"], kinds=["match"], wanted=lambda id_: id_ == "dom-match-pass-and-block")
    draw_offers = [i for i, obs in enumerate(case["expected"]) if obs.get("legal_actions") == ["draw"]]
    pass_offers = [i for i, obs in enumerate(case["expected"]) if obs.get("legal_actions") == ["pass"]]
    assert draw_offers and pass_offers
    assert all("DOM-DEAL-3" in case["step_clauses"][i] for i in draw_offers)
    assert not any("DOM-DEAL-3" in case["step_clauses"][i] for i in pass_offers)


@pytest.mark.parametrize("name", ["refused-pass-still-passes", "refused-stop-still-stops",
                                  "tile-not-held-still-placed", "refused-placement-drops-tile"])
def test_a_refusal_that_changed_the_state_is_charged_to_the_refusal_convention(name):
    """These mutants refuse an action and change the state all the same; their divergence shows
    at the next observation (whose own clauses decide the offer, not the turn or the hands)."""
    from reference.core.vectors import load_cases
    cases = load_cases(["dominoes"], kinds=["match"], wanted=lambda id_: id_.startswith(
        ("dom-match-refused-actions", "dom-match-drawn-tile-at-once")))
    game = get_game("dominoes")
    mutant = next(m for m in game.mutants() if m.name == name)
    row = attribute_mutant(game, mutant, cases, counterfactual=False, per_mutant=10**6)
    assert row.failures >= 2 and row.top == "DOM-INT-9" and row.own


# -- what the refinements add, on generated misreadings ------------------------------------------

def test_on_generated_misreadings_the_refinements_let_the_footprints_name_the_rule():
    """The counterfactual search rarely needs the footprints, but a runner that cannot replay the
    reference has only them (the vector headers' clause_keys). On the generated operator
    mutants of the rounding (DOM-SETTLE-3) and of the partner's exclusion (DOM-SETTLE-6), the
    footprints alone name the misread rule in most failing settlements with this module's finer
    paths, and in none without them: what the hand-kept refinements still add."""
    from reference.core import attribution
    from reference.core.adapter import replay_case
    from reference.core.generated_mutants import FUNCTION, generated_mutants, installed
    from reference.core.vectors import load_cases
    settlements = load_cases(["dominoes"], kinds=["settlement"])
    chosen = [m for m in generated_mutants("dominoes") if m.scope == FUNCTION
              and (m.function, m.block) in {("round_to_nearest_five", "DOM-SETTLE-3"), ("paid_for", "DOM-SETTLE-6")}]
    assert {m.block for m in chosen} == {"DOM-SETTLE-3", "DOM-SETTLE-6"}
    named = {True: 0, False: 0}
    failing = 0
    for mutant in chosen:
        answers = []
        with installed(mutant):
            for case in settlements:
                try:
                    answers.append((case, replay_case(case)))
                except Exception:           # the misreading crashes here: errored, not attributed
                    continue
        for case, steps in answers:
            if first_mismatch(case, steps, counterfactual=False) is None:
                continue
            failing += 1
            for refined in (True, False):
                attribution.MAPS["refinements"] = refined
                try:
                    clauses = first_mismatch(case, steps, counterfactual=False)["clauses"]
                finally:
                    attribution.MAPS["refinements"] = True
                named[refined] += mutant.block in clauses and len(clauses) <= 3
    assert failing >= 50
    assert named[True] >= failing // 2 and named[False] == 0, (named, failing)
