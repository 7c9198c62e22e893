"""The match: deals (DOM-DEAL-*), openers (DOM-OPEN-1/5/6), the 61 target (DOM-MATCH-*)."""

import pytest

from reference.core.errors import IllegalAction, InputError
from reference.core.log import StepLog
from reference.dominoes.rules.deal import deal_round, new_match
from reference.dominoes.rules.tiles import DOUBLE_SIX_SET

from .helpers import act, start, tiles, types

FIVE_TILE_TURN = [["2|3", "3|3", "2|2", "1|3", "2|4"], ["0|0", "0|1", "0|2", "0|3", "0|4"],
                  ["0|5", "0|6", "1|1", "1|2", "1|4"], ["1|5", "1|6", "2|5", "2|6", "3|4"]]
FIVE_TILE_PLAYS = ["place 2|3", "place 3|3 at 2|3 high", "place 2|2 at 2|3 low",
                   "place 1|3 at 3|3 line_b", "place 2|4 at 2|2 line_b"]   # +1, 0, +2, +1, +1


@pytest.mark.clause("DOM-DEAL-2", "DOM-DEAL-3")
@pytest.mark.parametrize("players, hand, pile", [(2, 7, 14), (3, 6, 10), (4, 5, 8)])
def test_deal_sizes(players, hand, pile):
    match = new_match(players)
    deal_round(match, [list(DOUBLE_SIX_SET[i * hand:(i + 1) * hand]) for i in range(players)],
               list(DOUBLE_SIX_SET[players * hand:]), 0, StepLog())
    assert [len(h) for h in match.round.hands] == [hand] * players
    assert len(match.round.draw_pile) == pile


@pytest.mark.clause("DOM-DEAL-2", "DOM-SET-1")
def test_wrong_hand_sizes_and_duplicates_are_refused():
    match = new_match(2)
    with pytest.raises(InputError, match="6 tiles; with 2 players each hand has 7"):
        deal_round(match, [list(DOUBLE_SIX_SET[:6]), list(DOUBLE_SIX_SET[6:14])],
                   list(DOUBLE_SIX_SET[14:]), 0, StepLog())
    duplicated = list(DOUBLE_SIX_SET[:7]), [DOUBLE_SIX_SET[0]] + list(DOUBLE_SIX_SET[8:14])
    with pytest.raises(InputError, match="appears twice") as info:
        deal_round(match, list(duplicated), list(DOUBLE_SIX_SET[14:]), 0, StepLog())
    assert info.value.field == "deal.hands[1][0]"


@pytest.mark.clause("DOM-SET-2")
@pytest.mark.parametrize("players, mode", [(1, "individual"), (5, "individual"), (3, "partnership"),
                                           (2, "teams")])
def test_only_the_four_formats_exist(players, mode):
    with pytest.raises(InputError):
        new_match(players, mode)


@pytest.mark.clause("DOM-OPEN-1")
def test_the_first_opener_is_an_input():
    match = new_match(2)
    with pytest.raises(InputError, match="neutral draw"):
        deal_round(match, [list(DOUBLE_SIX_SET[:7]), list(DOUBLE_SIX_SET[7:14])],
                   list(DOUBLE_SIX_SET[14:]), None, StepLog())


@pytest.mark.clause("DOM-MATCH-2", "DOM-MATCH-3", "DOM-CONT-5")
def test_reaching_61_by_placement_ends_the_match_at_once():
    match = start([["5|5", "0|5", "1|5", "2|5", "3|5", "4|5", "5|6"],
                   ["0|0", "0|1", "0|2", "0|3", "0|4", "0|6", "1|1"]], scores=[60, 45])
    log = act(match, "place 5|5")
    assert types(log) == ["placed", "scored", "match_won"]
    assert match.winners == [0] and match.scores == [62, 45]
    with pytest.raises(IllegalAction) as info:
        act(match, "place 0|5 at 5|5 line_a")
    assert info.value.clause == "DOM-MATCH-2"


@pytest.mark.clause("DOM-END-1", "DOM-MATCH-2")
def test_a_last_tile_that_reaches_61_wins_the_match_without_settlement():
    match = start(FIVE_TILE_TURN, scores=[56, 60, 60, 0])
    logs = [act(match, text) for text in FIVE_TILE_PLAYS]
    assert types(logs[-1]) == ["placed", "scored", "match_won"]
    assert match.scores == [61, 60, 60, 0]


@pytest.mark.clause("DOM-END-1", "DOM-OPEN-5", "DOM-MATCH-4")
def test_a_domino_settles_and_its_player_opens_next():
    match = start(FIVE_TILE_TURN)
    logs = [act(match, text) for text in FIVE_TILE_PLAYS]
    assert types(logs[-1]) == ["placed", "scored", "round_won", "settlement", "next_opener"]
    assert match.scores == [5 + 13, 0, 0, 0]          # 10 + 21 + 35 = 66 -> 65 -> 13
    hands = [list(DOUBLE_SIX_SET[i * 5:(i + 1) * 5]) for i in range(4)]
    with pytest.raises(InputError) as info:
        deal_round(match, hands, list(DOUBLE_SIX_SET[20:]), 2, StepLog())
    assert info.value.clause == "DOM-OPEN-5"
    deal_round(match, hands, list(DOUBLE_SIX_SET[20:]), None, StepLog())
    assert match.to_play == 0


@pytest.mark.clause("DOM-MATCH-1")
def test_points_are_recorded_with_the_placement():
    match = start(FIVE_TILE_TURN)
    seen = []
    for text in FIVE_TILE_PLAYS[:4]:
        act(match, text)
        seen.append(match.scores[0])
    assert seen == [1, 1, 3, 4]


@pytest.mark.clause("DOM-SET-4")
def test_partners_share_one_score():
    match = start([["2|6", "5|5", "5|6", "4|5", "3|3"], ["1|2", "0|0", "0|1", "0|2", "1|1"],
                   ["1|4", "0|6", "3|4", "2|4", "1|5"], ["0|3", "0|4", "0|5", "1|6", "2|2"]],
                  mode="partnership", scores=[10, 20])
    act(match, "place 2|6")
    act(match, "place 1|2 at 2|6 low")
    act(match, "place 1|4 at 1|2 low")                # seat 2: 6 + 4 = 10
    assert match.scores == [12, 20]


def test_scores_at_or_above_the_target_are_not_a_match_in_progress():
    with pytest.raises(InputError, match="0 to 60"):
        new_match(2, scores=[61, 0])
    with pytest.raises(InputError, match="keeps 2"):
        new_match(4, "partnership", scores=[0, 0, 0, 0])
    assert tiles("1|4") == [(1, 4)]


@pytest.mark.clause("DOM-DEAL-1")
def test_every_deal_is_an_explicit_shuffle_that_replays_identically():
    from reference.dominoes.playout import random_match
    first, second = random_match(7, 3), random_match(7, 3)
    assert [s.action for s in first.steps] == [s.action for s in second.steps]
    assert first.deals == second.deals
    for hands, pile, _ in first.deals:
        assert sorted(t for group in hands + [pile] for t in group) == sorted(DOUBLE_SIX_SET)
    assert len(first.deals) >= 2          # a new shuffle before every round


def blocked_hands_match(scores):
    """Three players whose round is then settled as blocked: sums 4, 4 and 14."""
    from reference.dominoes.rules.match import apply_settlement
    from reference.dominoes.rules.settlement import settle_blocked_round
    match = new_match(3, scores=scores)
    match.round_number = 1                     # as if round 1 had just been played
    log = StepLog()
    apply_settlement(match, settle_blocked_round(match.seating, [tiles("0|4"), tiles("1|3"),
                                                                 tiles("6|6", "0|2")]), None, log)
    return match, log


@pytest.mark.clause("DOM-OPEN-6")
def test_after_a_block_the_next_opener_must_be_drawn():
    match, log = blocked_hands_match([0, 0, 0])
    assert log.events[-1] == {"type": "next_opener", "seat": None}
    with pytest.raises(InputError) as info:
        deal_round(match, [list(DOUBLE_SIX_SET[i * 6:(i + 1) * 6]) for i in range(3)],
                   list(DOUBLE_SIX_SET[18:]), None, StepLog())
    assert info.value.clause == "DOM-OPEN-6"
    deal_round(match, [list(DOUBLE_SIX_SET[i * 6:(i + 1) * 6]) for i in range(3)],
               list(DOUBLE_SIX_SET[18:]), 2, StepLog())
    assert match.to_play == 2


@pytest.mark.clause("DOM-MATCH-4", "DOM-MATCH-5")
def test_everyone_reaching_61_in_one_settlement_shares_the_win():
    match, log = blocked_hands_match([58, 60, 50])       # seats 0 and 1 each get 4 (18 -> 20)
    assert match.scores == [62, 64, 50]
    assert match.winners == [0, 1]
    assert log.events[-1]["type"] == "match_won"


@pytest.mark.clause("DOM-MATCH-6")
def test_no_margin_bonus_is_added_to_the_winners():
    match, _ = blocked_hands_match([40, 60, 50])         # only seat 1 passes 61
    assert match.winners == [1]
    assert match.scores == [44, 64, 50]                  # exactly the settlement bonuses
