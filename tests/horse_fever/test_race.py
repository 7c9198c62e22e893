"""The race: race rounds (HF-RACE-*, HF-MOVE-*), the Start (HF-START-1), sprints (HF-SPRINT-*),
finishing and ranking (HF-RANK-*, HF-FINISH-*), photo finishes (HF-PHOTO-*) and the card
effects that act during the race (HF-ACT-1..14). Odds are the standard lay unless given:
white 1:7, blue 1:6, yellow 1:5, black 1:4, red 1:3, green 1:2."""

import pytest

from reference.core.errors import IllegalAction, InputError

from .helpers import events_of, race_at, run, types

ALL_AT = lambda n: {c: n for c in ("white", "blue", "yellow", "black", "red", "green")}  # noqa: E731


@pytest.mark.clause("HF-MOVE-2", "HF-STABLE-1", "HF-RACE-2")
def test_each_horse_moves_the_number_beside_its_stables_odds():
    race = race_at(odds={"red": 2, "green": 2, "yellow": 3, "white": 4, "blue": 5, "black": 6})
    run(race, 100, ["white", "blue"])               # card 100: 4, 2, 2, 2, 2, 0
    assert race.positions == {"red": 4, "green": 4, "yellow": 2, "white": 3, "blue": 3, "black": 2}


@pytest.mark.clause("HF-MOVE-1", "HF-MOVE-4")
def test_a_race_round_reveals_one_card_then_rolls_both_dice():
    race = race_at()
    log = run(race, 83, ["red", "blue"])
    assert types(log) == ["movement_card"] + ["moved"] * 6 + ["sprint", "sprint"]
    assert race.movement_seen == [83] and race.rounds_played == 1
    with pytest.raises(IllegalAction) as info:
        run(race, 83, ["red", "blue"])
    assert info.value.clause == "HF-MOVE-1"
    with pytest.raises(InputError) as info:
        run(race, 84, ["red"])
    assert info.value.clause == "HF-MOVE-4"


@pytest.mark.clause("HF-MOVE-3", "HF-ACT-7")
def test_moves_are_simultaneous_last_is_judged_before_anyone_moves():
    # Green (Vigor Ferreum, 1:2) stands on 3, blue on 2 is last. Moving horses one by one, blue
    # (1 on card 101) would reach 3 first and make green last too; all moves being simultaneous,
    # green is not last and moves the card's 2.
    race = race_at(positions={"green": 3, "blue": 2, "white": 4, "yellow": 5, "black": 6, "red": 7},
                   cards={"green": [7]}, rounds_played=1)
    run(race, 101, ["red", "red"])                  # card 101: 2,2,2,2,1,0
    assert race.positions["green"] == 5 and race.positions["blue"] == 3


@pytest.mark.clause("HF-START-1", "HF-ACT-1", "HF-ACT-2", "HF-ACT-8", "HF-ACT-9")
def test_start_cards_act_on_the_first_card_only():
    race = race_at(cards={"white": [1], "blue": [2], "yellow": [8], "black": [9]})
    run(race, 100, ["red", "red"])                  # 4,2,2,2,2,0
    assert [race.positions[c] for c in ("white", "blue", "yellow", "black", "red")] == [4, 3, 0, 1, 3]
    run(race, 101, ["red", "red"])                  # 2,2,2,2,1,0: no Start effects any more
    assert [race.positions[c] for c in ("white", "blue", "yellow", "black")] == [4, 4, 2, 3]


@pytest.mark.clause("HF-ACT-9")
def test_aqua_putrida_never_goes_below_zero():
    race = race_at(cards={"white": [9]})            # white 1:7 on card 100 moves 0
    run(race, 100, ["red", "red"])
    assert race.positions["white"] == 0


@pytest.mark.clause("HF-ACT-7", "HF-ACT-14")
def test_vigor_and_felix_do_not_act_at_the_start():
    race = race_at(cards={"white": [7], "green": [14]})
    run(race, 83, ["red", "red"])                   # all level at 0: first and last, but the Start
    assert race.positions["white"] == 2 and race.positions["green"] == 3


@pytest.mark.clause("HF-ACT-7", "HF-ACT-14")
def test_vigor_moves_the_last_horse_4_and_felix_holds_the_first_ties_included():
    race = race_at(positions={"white": 3, "blue": 5, "yellow": 3, "black": 6, "red": 8, "green": 8},
                   cards={"white": [7], "green": [14]}, rounds_played=2)
    run(race, 83, ["blue", "blue"])
    assert race.positions["white"] == 7 and race.positions["green"] == 8 and race.positions["red"] == 11


@pytest.mark.clause("HF-ACT-14", "HF-INT-5")
@pytest.mark.parametrize("among, red", [("all", 12), ("running", 9)])
def test_felix_with_a_ranked_horse_ahead(among, red):
    race = race_at(positions={"green": 13, "red": 9, "white": 5, "blue": 6, "yellow": 7, "black": 8},
                   ranking=["green"], cards={"red": [14]}, rounds_played=3, first_last_among=among)
    run(race, 83, ["white", "white"], first_last_among=among)
    assert race.positions["red"] == red


@pytest.mark.clause("HF-SPRINT-1", "HF-ACT-3", "HF-ACT-4", "HF-ACT-10", "HF-ACT-11")
def test_sprints_and_the_cards_that_change_them():
    race = race_at(positions=ALL_AT(2), cards={"white": [3], "blue": [4], "yellow": [10], "black": [11]},
                   rounds_played=1)
    run(race, 83, ["white", "blue"])
    assert race.positions["white"] == 4 + 2 and race.positions["blue"] == 4 + 2
    run(race, 84, ["yellow", "black"])
    assert race.positions["yellow"] == 6 and race.positions["black"] == 7
    assert [e["spaces"] for e in events_of(run(race, 85, ["red", "green"]), "sprint")] == [1, 1]


@pytest.mark.clause("HF-SPRINT-2")
def test_a_double_is_one_sprint():
    race = race_at(positions=ALL_AT(2), rounds_played=1)
    run(race, 83, ["red", "red"])
    assert race.positions["red"] == 2 + 3 + 1


@pytest.mark.clause("HF-SPRINT-2", "HF-INT-10")
def test_a_double_on_a_herba_magica_horse_is_one_sprint_of_two():
    race = race_at(positions=ALL_AT(2), cards={"red": [4]}, rounds_played=1)
    run(race, 83, ["red", "red"])                    # one sprint, not two: Herba Magica's 2 instead of 1
    assert race.positions["red"] == 2 + 3 + 2


@pytest.mark.clause("HF-SPRINT-2", "HF-INT-10")
@pytest.mark.parametrize("cards, sprint", [([4], 1), ([3], 1), ([4, 3], 1), ([10], 0), ([11], 0)])
def test_under_one_space_a_double_moves_one_space_whatever_the_sprint_cards_add(cards, sprint):
    """double_sprint: one_space caps the double at one space; Serum Maleficum and Venenum
    Veneficum still take it to 0."""
    race = race_at(positions=ALL_AT(2), cards={"red": cards}, rounds_played=1)
    run(race, 83, ["red", "red"], double_sprint="one_space")
    assert race.positions["red"] == 2 + 3 + sprint


@pytest.mark.clause("HF-SPRINT-2", "HF-INT-10")
@pytest.mark.parametrize("cards, sprint", [([3], 2), ([4, 3], 3), ([10], 0), ([11], 0)])
def test_a_double_takes_every_sprint_card_as_a_single_sprint_does(cards, sprint):
    """Flagellum Fulguris 1 + 1; Herba Magica 2 then Flagellum + 1; Serum Maleficum none;
    Venenum Veneficum 1 - 1."""
    race = race_at(positions=ALL_AT(2), cards={"red": cards}, rounds_played=1)
    run(race, 83, ["red", "red"])
    assert race.positions["red"] == 2 + 3 + sprint


@pytest.mark.clause("HF-SPRINT-1", "HF-SPRINT-3", "HF-RANK-5")
def test_a_horse_sprints_after_reaching_the_line_but_not_once_ranked():
    race = race_at(positions={"red": 10, "green": 1, "white": 1, "blue": 1, "yellow": 1, "black": 1}, rounds_played=1)
    run(race, 102, ["red", "green"])                 # red 10 + 2 = 12, then sprints to 13
    assert race.positions["red"] == 13 and race.ranking == ["red"]
    log = run(race, 103, ["red", "red"])             # red is ranked: no move, the sprint is lost
    assert race.positions["red"] == 13
    assert events_of(log, "sprint_lost") == [{"type": "sprint_lost", "horse": "red"}]
    assert "red" not in [e["horse"] for e in events_of(log, "moved")]


@pytest.mark.clause("HF-FINISH-1", "HF-TABLE-3", "HF-RANK-1", "HF-RANK-4")
def test_reaching_the_12th_space_finishes():
    race = race_at(positions={"red": 9, "green": 1, "white": 1, "blue": 1, "yellow": 1, "black": 1}, rounds_played=1)
    log = run(race, 83, ["white", "blue"])
    assert race.ranking == ["red"] and events_of(log, "finished")[0]["past_line"] == 0
    assert "race_over" not in types(log)


@pytest.mark.clause("HF-FINISH-2", "HF-RANK-2", "HF-RANK-3", "HF-PHOTO-1")
def test_arrival_order_is_distance_past_the_line_then_better_odds():
    race = race_at(odds={"black": 2, "blue": 3, "green": 4, "red": 5, "white": 6, "yellow": 7},
                   positions={"black": 13, "red": 11, "blue": 11, "green": 10, "white": 6, "yellow": 5},
                   ranking=["black"], rounds_played=3)
    run(race, 85, ["green", "black"])
    assert race.ranking == ["black", "red", "blue", "green"]


@pytest.mark.clause("HF-PHOTO-2", "HF-INT-16")
def test_level_horses_at_equal_odds_are_ordered_by_the_first_player():
    odds = {"white": 2, "blue": 2, "yellow": 4, "black": 5, "red": 6, "green": 7}
    for photo in (["blue", "white"], ["white", "blue"]):
        race = race_at(odds=odds, positions={"white": 9, "blue": 9, "yellow": 2, "black": 2, "red": 2, "green": 2},
                       rounds_played=2)
        run(race, 83, ["red", "green"], photo=photo)
        assert race.ranking == photo
    race = race_at(odds=odds, positions={"white": 9, "blue": 9, "yellow": 2, "black": 2, "red": 2, "green": 2},
                   rounds_played=2)
    with pytest.raises(IllegalAction) as info:
        run(race, 83, ["red", "green"])
    assert info.value.clause == "HF-PHOTO-2" and race.positions["white"] == 9   # nothing moved


@pytest.mark.clause("HF-ACT-5", "HF-ACT-12", "HF-INT-16")
def test_in_igni_veritas_and_mala_tempora_override_the_odds_in_a_photo_finish():
    race = race_at(odds={"white": 2, "blue": 3, "yellow": 4, "black": 5, "red": 6, "green": 7},
                   positions={"white": 10, "blue": 10, "yellow": 10, "black": 10, "red": 10, "green": 1},
                   cards={"red": [5], "white": [12]}, rounds_played=3)
    run(race, 83, ["yellow", "red"])
    assert race.ranking == ["red", "blue", "yellow", "white", "black"]


@pytest.mark.clause("HF-ACT-6", "HF-ACT-13")
def test_fustis_adds_two_on_reaching_the_line_and_xiii_stops_on_it():
    race = race_at(positions={"white": 5, "blue": 5, "yellow": 5, "black": 10, "red": 10, "green": 9},
                   cards={"black": [6], "red": [13]}, rounds_played=2)
    run(race, 83, ["red", "blue"])
    assert race.positions["black"] == 14 and race.positions["red"] == 12 + 1


@pytest.mark.clause("HF-ACT-6", "HF-INT-10")
def test_fustis_does_not_act_when_the_sprint_reaches_the_line():
    race = race_at(odds={"green": 2, "red": 3, "white": 4, "yellow": 5, "blue": 6, "black": 7},
                   positions={"white": 3, "blue": 3, "yellow": 3, "black": 11, "red": 3, "green": 3},
                   cards={"black": [6]}, rounds_played=3)
    run(race, 101, ["black", "blue"])                # black at 1:7 moves 0, sprints onto the line
    assert race.positions["black"] == 12


@pytest.mark.clause("HF-RACE-1", "HF-RANK-6", "HF-RANK-2")
def test_the_race_goes_on_until_all_six_are_ranked():
    race = race_at(odds={"red": 2, "green": 3, "blue": 4, "yellow": 5, "white": 6, "black": 7})
    for card, dice in [(99, ["red", "green"]), (83, ["red", "blue"]), (84, ["red", "green"]),
                       (85, ["blue", "yellow"]), (86, ["white", "black"])]:
        run(race, card, dice)
        assert not race.is_over()
    log = run(race, 87, ["red", "black"])
    assert race.ranking == ["red", "green", "blue", "yellow", "white", "black"]
    assert types(log)[-1] == "race_over"
    with pytest.raises(IllegalAction) as info:
        run(race, 88, ["red", "black"])
    assert info.value.clause == "HF-RANK-6"


@pytest.mark.clause("HF-REVEAL-1")
def test_no_race_round_before_the_reveal():
    race = race_at(revealed=False)
    with pytest.raises(IllegalAction) as info:
        run(race, 83, ["red", "blue"])
    assert info.value.clause == "HF-REVEAL-1"


@pytest.mark.clause("HF-MOVE-1", "HF-INT-14")
def test_after_23_cards_a_fresh_deck_follows():
    race = race_at(positions=ALL_AT(0), rounds_played=1)
    race.movement_seen = list(range(83, 106))       # one whole deck revealed
    run(race, 83, ["red", "red"])
    with pytest.raises(IllegalAction):
        run(race, 83, ["red", "red"])
