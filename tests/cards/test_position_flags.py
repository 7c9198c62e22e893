"""A card position whose race is under way with every bettor sitting out is a race run without
bets (CRD-INT-11): the case carries `race-without-bets` although none of its steps shows the
empty `bets_closed` (it happened before the position). Issue 32 item 3."""

from __future__ import annotations

import copy

from reference.cards.vectors import flags_for, starts_a_race_without_bets
from reference.core.vectors import load_cases

NAMED = ["crd-probe1-crd-race-5-012", "crd-probe1-crd-race-5-013", "crd-probe1-crd-rot-1-002"]


def test_the_probes_racing_with_every_bettor_sitting_out_carry_the_flag():
    cases = {c["id"]: c for c in load_cases(["cards"], kinds=["probe"], wanted=set(NAMED).__contains__)}
    assert sorted(cases) == sorted(NAMED)
    for case in cases.values():
        position = case["input"]["setup"]["position"]
        assert position["phase"] == "racing" and position["bets"] == [None] * case["input"]["setup"]["players"]
        assert "race-without-bets" in case["flags"], case["id"]


def test_only_a_racing_position_without_any_bet_is_a_race_without_bets():
    case = load_cases(["cards"], kinds=["probe"], wanted={NAMED[2]}.__contains__)[0]
    assert "race-without-bets" in flags_for(copy.deepcopy(case))       # from the position alone
    setup = case["input"]["setup"]
    assert starts_a_race_without_bets(setup)
    backed = copy.deepcopy(setup)
    backed["position"]["bets"][2] = "S"
    betting = copy.deepcopy(setup)
    betting["position"]["phase"] = "betting"
    assert not starts_a_race_without_bets(backed) and not starts_a_race_without_bets(betting)
    assert not starts_a_race_without_bets({"players": 3, "banker": 0})
