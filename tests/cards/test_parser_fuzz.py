"""Fuzzing the card setup and action parsers (issue 11): whatever a scenario or a message holds,
the engine either accepts it or refuses it with the suite's located input error (InputError,
whose `field` the scenario loader turns into file:line:field) - never another exception, a
hang or a huge allocation.

Each example is replayed to the end under a memory and time watch. Inputs mix well-formed
values (so that play gets deep: lays, bets, reveals) with hostile ones: huge and negative
numbers, booleans for numbers, numbers written with non-ASCII digits, thousands of digits,
wrong types and nesting.
"""

from __future__ import annotations

import time
import tracemalloc

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference.cards.actions import LayTrack, PlaceBet, Reveal, SitOut, parse_action_text
from reference.cards.limits import MAX_PLAYERS, MAX_REVEAL
from reference.cards.notation import parse_lay
from reference.cards.options import parse_options
from reference.cards.replay import replay, step_action
from reference.cards.rules.cards import NON_ACES
from reference.core.errors import InputError
from reference.core.game import CaseInput
from tests.json_trees import json_trees

MAX_BYTES = 32 * 1024 * 1024      # no example may allocate more than this (the engine needs far less)
MAX_SECONDS = 30.0                # nor take longer (a hang; generous for a loaded 2-core machine)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

CARD_TEXTS = [str(c) for c in NON_ACES]

# -- values -------------------------------------------------------------------------------------

huge_numbers = st.one_of(st.sampled_from([10 ** 30, -10 ** 30, 300_000_000, 2 ** 63, -1, 0]),
                         st.integers(4400, 5000).map(lambda digits: 10 ** digits),        # too long to print
                         st.integers(4400, 5000).map(lambda digits: -(10 ** digits)))
odd_numbers = st.one_of(st.integers(), huge_numbers, st.booleans(), st.floats(allow_nan=True))
digit_texts = st.sampled_from(["1", "3", "41", "42", "99", "100", "007", "²", "٣", "１", "9" * 5000, "1e3", "-2",
                               " 1", "0x10", ""])
scalars = st.one_of(st.none(), odd_numbers, st.text(max_size=12), digit_texts, st.sampled_from(CARD_TEXTS))
values = json_trees(scalars, st.text(max_size=6), size=4, max_leaves=12)

# -- lays ---------------------------------------------------------------------------------------


@st.composite
def lays(draw):
    """A lay: mostly the 48 non-aces in some order (a real race), sometimes damaged."""
    cards = draw(st.permutations(CARD_TEXTS))
    form = draw(st.sampled_from(["shuffle", "track_deck", "track", "damaged", "junk"]))
    if form == "shuffle":
        return {"shuffle": cards}
    if form == "track_deck":
        return {"track": cards[:7], "deck": cards[7:]}
    if form == "track":
        return {"track": cards[:7]}
    if form == "damaged":
        cut = draw(st.integers(0, 48))
        extra = draw(st.lists(st.one_of(st.sampled_from(CARD_TEXTS + ["AS", "JK", "10♦", "11D", "ks"]), scalars),
                              max_size=3))
        return {"shuffle": cards[:cut] + extra}
    return draw(values)


# -- actions --------------------------------------------------------------------------------------

WORDS = ["bet", "sit", "out", "by", "stake", "reveal", "observe", "lay", "S", "H", "D", "C", "♦", "x", "BET",
         "Reveal", "0", "1", "2", "5", "41", "42", "99", "100", "²", "٣", "9" * 60]
action_texts = st.one_of(
    st.lists(st.sampled_from(WORDS), max_size=7).map(" ".join),
    st.sampled_from(["bet D", "bet S", "bet H", "bet C", "sit out", "reveal", "reveal 5", "reveal 41", "observe",
                     "bet D by 1", "bet D stake 1", "bet D by 1 by 2", "sit out by 2", "reveal 42",
                     "reveal " + "9" * 5000, "bet D by " + "9" * 5000, "bet D stake ²", "bet D by ٣",
                     "bet D " + "by 1 " * 2000]),
    st.text(max_size=30),
)


@st.composite
def scenario_steps(draw):
    """A step in scenario form, well-formed or not."""
    kind = draw(st.sampled_from(["lay", "bet", "sit_out", "reveal", "action", "junk", "expect_only"]))
    step: dict = {}
    if kind == "lay":
        step["lay"] = draw(lays())
    elif kind == "bet":
        step["bet"] = draw(st.one_of(st.sampled_from(["S", "H", "D", "C", "♦", "x"]), scalars))
        if draw(st.booleans()):
            step["by"] = draw(st.one_of(st.integers(-2, 6), scalars))
        if draw(st.booleans()):
            step["stake"] = draw(st.one_of(st.just(1), scalars))
    elif kind == "sit_out":
        step["sit_out"] = None
    elif kind == "reveal":
        step["reveal"] = draw(st.one_of(st.none(), st.integers(-3, 60), scalars))
    elif kind == "action":
        step["action"] = draw(st.one_of(action_texts, scalars))
        if step["action"] == "lay" or draw(st.booleans()):
            step["lay"] = draw(lays())
    elif kind == "junk":
        return draw(st.one_of(values, st.dictionaries(st.sampled_from(["bet", "by", "stake", "lay", "reveal",
                                                                       "sit_out", "action", "expect"]),
                                                      values, max_size=3)))
    if draw(st.integers(0, 9)) == 0:
        step["expect"] = draw(values)
    return step


# -- setups ---------------------------------------------------------------------------------------

players = st.one_of(st.integers(3, 7), st.integers(-5, 200), odd_numbers, digit_texts, st.none())
seats = st.one_of(st.integers(0, 6), odd_numbers, digit_texts)


@st.composite
def setups(draw, kind):
    setup: dict = {}
    if kind in ("race", "session"):
        if draw(st.integers(0, 9)):
            setup["players"] = draw(players)
        if draw(st.booleans()):
            setup["banker"] = draw(seats)
        if draw(st.booleans()):
            n = setup.get("players") if isinstance(setup.get("players"), int) and 0 <= setup["players"] < 9 else 3
            setup["balances"] = draw(st.one_of(st.lists(st.one_of(st.integers(0, 40), odd_numbers), min_size=n,
                                                        max_size=n), values))
        if draw(st.integers(0, 4)) == 0:
            setup["lay"] = draw(lays())
    elif kind == "odds":
        if draw(st.booleans()):
            setup["track_counts"] = draw(st.one_of(
                st.fixed_dictionaries({s: st.one_of(st.integers(-1, 8), odd_numbers) for s in "SHDC"}), values))
        else:
            setup["track"] = draw(st.one_of(st.permutations(CARD_TEXTS).map(lambda c: c[:7]), values))
    if draw(st.integers(0, 9)) == 0:
        setup[draw(st.text(max_size=5))] = draw(values)
    return setup


options = st.one_of(
    st.just({}),
    st.fixed_dictionaries({}, optional={
        "bank_cover": st.one_of(st.sampled_from(["gross", "net"]), scalars),
        "when_uncovered": st.one_of(st.sampled_from(["refuse", "owe"]), scalars),
        "starting_balance": st.one_of(st.integers(1, 30), odd_numbers),
        "odds": st.one_of(st.lists(st.one_of(st.integers(1, 12), odd_numbers), min_size=5, max_size=5), values),
    }),
    values,
)


@st.composite
def plausible_cases(draw):
    """A race or session played mostly by the rules (so that betting, revealing, settling and
    the bank's rotation are reached), with a hostile value slipped in now and then."""
    kind = draw(st.sampled_from(["race", "session"]))
    n = draw(st.integers(3, 5))
    setup: dict = {"players": n if draw(st.integers(0, 5)) else draw(players), "banker": draw(st.integers(0, n - 1))}
    steps: list = []
    for _ in range(n if kind == "session" else 1):
        steps.append({"lay": {"shuffle": draw(st.permutations(CARD_TEXTS))}})
        for _ in range(n - 1):
            horse = draw(st.sampled_from("SHDC"))
            steps.append(draw(st.sampled_from([{"bet": horse}, {"action": f"bet {horse}"}, {"sit_out": None}])))
        steps += [{"reveal": None}] * draw(st.integers(20, 40))
    for _ in range(draw(st.integers(0, 2))):
        steps.insert(draw(st.integers(0, len(steps))), draw(scenario_steps()))
    raw_options = {} if draw(st.integers(0, 3)) else draw(options)
    return CaseInput(kind, setup, steps, raw_options, refusals_are_results=draw(st.integers(0, 4)) > 0)


@st.composite
def cases(draw):
    if draw(st.booleans()):
        return draw(plausible_cases())
    kind = draw(st.sampled_from(["race", "race", "session", "layout", "odds", "bogus"]))
    setup = draw(st.one_of(setups(kind), values) if draw(st.integers(0, 9)) == 0 else setups(kind))
    steps = draw(st.lists(scenario_steps(), max_size=12))
    return CaseInput(kind, setup, steps, draw(options), refusals_are_results=draw(st.booleans()))


# -- the watch --------------------------------------------------------------------------------------

def within_bounds(run):
    """Run `run()`; it may return or raise InputError only, within the time and memory bounds."""
    tracemalloc.start()
    start = time.monotonic()
    try:
        run()
    except InputError as exc:
        assert isinstance(exc.field, str)
        assert len(str(exc)) < 2000, "an error message must stay short"
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert time.monotonic() - start < MAX_SECONDS
    assert peak < MAX_BYTES, f"allocated {peak} bytes"


# -- the properties -------------------------------------------------------------------------------------

@FUZZ
@given(cases())
def test_a_whole_case_replays_or_is_refused_with_an_input_error(case):
    within_bounds(lambda: list(replay(case)))


@FUZZ
@given(action_texts)
def test_action_text_parses_to_a_bounded_action_that_writes_back_the_same(text):
    def run():
        action = parse_action_text(text, "steps[0].action")
        if action is None:
            return
        assert isinstance(action, (PlaceBet, SitOut, Reveal))
        if isinstance(action, Reveal):
            assert 1 <= action.count <= MAX_REVEAL
        if getattr(action, "by", None) is not None:
            assert 0 <= action.by < MAX_PLAYERS
        assert parse_action_text(str(action), "again") == action      # nothing silently dropped
    within_bounds(run)


@FUZZ
@given(scenario_steps(), st.booleans())
def test_a_scenario_step_parses_or_is_refused(step, need_deck):
    def run():
        action = step_action(step, 0, need_deck)
        assert action is None or isinstance(action, (LayTrack, PlaceBet, SitOut, Reveal))
    within_bounds(run)


@FUZZ
@given(lays(), st.booleans())
def test_a_lay_is_the_48_non_aces_or_is_refused(payload, need_deck):
    def run():
        lay = parse_lay(payload, "setup.lay", need_deck)
        cards = list(lay.track) + list(lay.deck or [])
        assert len(lay.track) == 7 and len(set(cards)) == len(cards)
        assert set(cards) <= set(NON_ACES)
    within_bounds(run)


@FUZZ
@given(options)
def test_options_parse_or_are_refused(raw):
    within_bounds(lambda: parse_options(raw))


# -- the reproductions of issue 11 -------------------------------------------------------------------

def test_huge_player_counts_are_refused_before_any_allocation():
    for n in (10 ** 30, 300_000_000, MAX_PLAYERS + 1, -(10 ** 30)):
        for kind in ("race", "session"):
            case = CaseInput(kind, {"players": n}, [], {})
            within_bounds(lambda: list(replay(case)))
            try:
                list(replay(case))
            except InputError as exc:
                assert exc.field == "setup.players" and exc.clause == "CRD-SET-2"
            else:
                raise AssertionError(f"{n} players accepted")


def test_the_largest_table_the_suite_plays_still_replays():
    case = CaseInput("session", {"players": MAX_PLAYERS}, [{"expect": {"phase": "laying"}}], {})
    outcomes = list(replay(case))
    assert outcomes[0].observation["balances"] == [20] * MAX_PLAYERS


def test_the_adapter_refuses_a_huge_table_naming_the_field():
    from reference.core.adapter import answer_case
    for n in (10 ** 30, 300_000_000):
        answer = answer_case({"seq": 7, "game": "cards", "kind": "race", "options": {},
                              "input": {"setup": {"players": n}, "steps": [{"action": "observe"}]}})
        assert answer["type"] == "errored" and answer["seq"] == 7
        assert "setup.players" in answer["message"] and "CRD-SET-2" in answer["message"]
