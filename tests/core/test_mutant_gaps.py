"""The gaps the generated mutants found (issue 25, item 3), each with the vectors that close it.

Each test checks that the vectors hold the situation, and that generated mutants of the rule
it exercises are killed by those cases alone: without them the mutants survived."""

from __future__ import annotations

from functools import lru_cache

from reference.core import generated_mutants as gm
from reference.core.fuzz.choices import Chooser
from reference.core.mutation import verdict
from reference.core.vectors import load_cases


@lru_cache(maxsize=None)
def cases_of(game: str) -> tuple[dict, ...]:
    return tuple(load_cases([game]))


def by_id(game: str, case_id: str) -> dict:
    return next(c for c in cases_of(game) if c["id"] == case_id)


def mutants_of(game: str, function: str, operator: str | None = None) -> list[gm.GeneratedMutant]:
    found = [m for m in gm.generated_mutants(game) if m.function == function and (operator is None or m.operator == operator)]
    assert found, f"no generated mutant of {game} {function}"
    return found


def survivors(mutants: list[gm.GeneratedMutant], cases: list[dict]) -> list[str]:
    """The mutants no case of `cases` kills."""
    left = []
    for mutant in mutants:
        with mutant.installed():
            if all(verdict(case) == "passed" for case in cases):
                left.append(mutant.describe())
    return left


# -- cards: the `shuffle` lay form (CRD-TRACK-2/3) ------------------------------------------------

def shuffle_lays(case: dict) -> bool:
    return any(isinstance(s.get("lay"), dict) and "shuffle" in s["lay"] for s in case["input"]["steps"])


def test_lays_in_shuffle_form_are_in_the_vectors_and_pin_where_the_track_comes_from():
    shuffled = [c for c in cases_of("cards") if shuffle_lays(c)]
    assert {c["kind"] for c in shuffled} >= {"layout", "race"}
    # a scenario written with `shuffle` keeps that form in its vector
    assert shuffle_lays(by_id("cards", "crd-race-relay-in-sequence"))
    # (but the branch a track dealt from the bottom would take, never taken: registered equivalents)
    from reference.core.equivalent_mutants import load_register
    listed = load_register("cards")
    split = [m for m in mutants_of("cards", "track_of") + mutants_of("cards", "race_deck_of") if m.key not in listed]
    assert split and not survivors(split, shuffled)


def test_card_fuzz_cases_lay_in_both_forms_and_check_the_race_cards_left():
    from reference.cards import fuzzing
    forms, checked = set(), set()
    for seed in range(40):
        made = fuzzing.generate(Chooser.from_seed(seed), "race", {})
        for step, keys in zip(made["input"]["steps"], made["checked_keys"]):
            if step.get("action") == "lay":
                forms.add("shuffle" if "shuffle" in step["lay"] else "track")
                checked.update(keys)
    assert forms == {"shuffle", "track"}
    assert {"available", "track_counts"} <= checked


# -- Horse Fever: bet tokens observed in round, game and probe cases (HF-BET-2, HF-INT-8) ----------

def test_bet_tokens_are_observed_in_every_round_game_and_probe_case():
    from reference.core.game import get_game
    keys = get_game("horse_fever").observation_keys
    assert all("tokens" in keys[kind] for kind in ("round", "game", "probe"))
    table = [c for c in cases_of("horse_fever") if c["kind"] in ("round", "game", "probe")]
    assert all("tokens" in step for c in table for step in c["expected"] if "error" not in step)
    # a bet that takes no token is now seen at once, in many cases
    taking = [m for m in mutants_of("horse_fever", "place_bet", "delete") if "tokens" in m.change]
    assert taking
    with taking[0].installed():
        failing = sum(verdict(c) != "passed" for c in table[:300])
    assert failing >= 20


# -- Horse Fever: nobody left, a stake at 0 VP, Friz Finden and Rochelle Recherche on one horse ----

def test_every_player_out_ends_the_game_without_a_winner():
    case = by_id("horse_fever", "hf-int-nobody-left")
    assert case["expected"][0]["phase"] == "over" and case["expected"][0]["winner"] is None
    ending = [m for m in mutants_of("horse_fever", "remove_player") if "in_game" in m.change or "OVER" in m.change]
    assert ending and not survivors(ending, [case])


def test_a_stake_of_nothing_is_refused_even_at_a_minimum_of_nothing():
    case = by_id("horse_fever", "hf-int-stake-at-zero-vp")
    assert case["expected"][1] == {"error": case["expected"][1]["error"]}
    lowest = mutants_of("horse_fever", "lowest_stake") + [m for m in mutants_of("horse_fever", "check_stake")
                                                          if "amount <= 0" in m.change]
    # with HF-INT-19's pinning scenarios: the reading `zero_stake: allowed` is decided in the same
    # function, and only a case run under it reaches that branch
    pinning = [by_id("horse_fever", i) for i in ("hf-int-zero-danari-at-zero-vp-short", "hf-int-zero-stake-allowed")]
    assert not survivors(lowest, [case, *pinning])


def test_friz_finden_and_rochelle_recherche_on_one_horse():
    case = by_id("horse_fever", "hf-reveal-friz-and-rochelle-one-horse")
    assert {16, 20} <= set(case["input"]["setup"]["cards"]["red"])
    assert case["expected"][0]["cards_on_horses"]["red"] == [16, 20]


def test_full_games_of_every_player_count_end_after_the_table_s_rounds():
    """HF-TABLE-2: a whole game per player count, two for 2 and 3 players (six rounds, the
    table's longest), each ending after its table's rounds."""
    games = [c for c in cases_of("horse_fever") if c["kind"] == "game" and c["id"].startswith("hf-gen1-game-")]
    counts: dict[int, int] = {}
    for case in games:
        if case["expected"][-1]["phase"] == "over":
            players = case["input"]["setup"]["players"]
            counts[players] = counts.get(players, 0) + 1
    assert all(counts.get(players, 0) >= (2 if players <= 3 else 1) for players in range(2, 7)), counts
    rounds = {c["input"]["setup"]["players"]: c["expected"][-1]["round"] for c in games}
    assert rounds == {2: 6, 3: 6, 4: 4, 5: 5, 6: 6}           # the rounds table, by player count


# -- dominoes: a pass by a player who can place with the pile empty, or who must draw (DOM-PASS-1) --

def test_a_pass_is_refused_to_a_player_who_can_place_or_must_draw():
    able = by_id("dominoes", "dom-match-pass-while-able-empty-pile")
    assert able["input"]["setup"]["position"]["draw_pile"] == [] and "error" in able["expected"][1]
    must_draw = by_id("dominoes", "dom-match-pass-while-pile-left")
    assert must_draw["input"]["setup"]["position"]["draw_pile"] and "error" in must_draw["expected"][1]
    # `able` worked out as False in play: the pass goes through while the player could place
    passing_while_able = [m for m in mutants_of("dominoes", "pass_turn", "cmp") if m.change == "match.phase == PLAY -> match.phase != PLAY"]
    # the refusal of a pass while tiles are left is dropped: the pass goes through
    passing_with_a_pile = [m for m in mutants_of("dominoes", "refuse", "delete") if "still has" in m.change]
    assert len(passing_while_able) == 1 and len(passing_with_a_pile) == 1
    assert not survivors(passing_while_able, [able])
    assert not survivors(passing_with_a_pile, [must_draw])
