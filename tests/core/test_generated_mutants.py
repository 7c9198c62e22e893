"""The generated-mutant API (reference/core/generated_mutants.py): enumeration, identity, clause
blocks, what is left out, and installing a mutant so that every caller reaches it."""

from __future__ import annotations

import ast
import sys
import textwrap

import pytest

from reference.core import generated_mutants as gm
from reference.core.game import all_games, get_game
from tests.games import skip_without_kinds

GAMES = sorted(all_games())


def of_source(source: str, builders: frozenset[str] = frozenset()) -> list[gm.GeneratedMutant]:
    return gm.mutants_of_source("g", "reference.g.rules.m", textwrap.dedent(source), builders)[0]


def by_change(mutants: list[gm.GeneratedMutant]) -> dict[str, gm.GeneratedMutant]:
    return {m.change: m for m in mutants}


# -- the operators ---------------------------------------------------------------------------

def test_each_operator_makes_its_change():
    mutants = of_source("""
        def f(a, b, xs):
            if a < b and not xs:
                return a + 1
            return [x for x in xs if x]
    """)
    changes = {(m.operator, m.change) for m in mutants}
    assert ("cmp", "a < b -> a <= b") in changes
    assert ("bool_op", "a < b and (not xs) -> a < b or not xs") in changes
    assert ("negate", "a < b and (not xs) -> not (a < b and (not xs))") in changes
    assert ("negate", "not xs -> xs") in changes
    assert ("arith", "a + 1 -> a - 1") in changes
    assert ("const_inc", "1 -> 2") in changes and ("const_dec", "1 -> 0") in changes
    assert ("return_none", "return a + 1 -> return None") in changes
    assert ("negate", "x -> not (x)") in changes                        # a comprehension's filter
    assert ("delete", "delete: return a + 1") in changes
    assert {m.operator for m in mutants} <= set(gm.OPERATORS)


def test_booleans_flip_and_are_not_counted_up():
    mutants = of_source("""
        def f():
            done = True
            return False
    """)
    assert {(m.operator, m.change) for m in mutants if m.operator.startswith("const")} == \
        {("const_flip", "True -> False"), ("const_flip", "False -> True")}
    assert not [m for m in mutants if m.operator == "return_none"]        # a constant return is const_flip's


# -- what is left out, by rule ----------------------------------------------------------------

def test_the_clause_record_and_message_text_are_left_out():
    made, skipped = gm.mutants_of_source("g", "reference.g.rules.m", textwrap.dedent("""
        def f(log, n, field):
            log.rule("X-1", "X-2" if n > 1 else "X-3")
            log.event("moved", "X-4" if n > 2 else "X-5", steps=n + 1)
            if log.keeps_clauses:
                log.rule("X-6")
            if n > 9:
                raise IllegalAction(f"{field}.n", f"{n - 9} too many", "X-7")
            return n
    """), frozenset())
    rules = {site.rule for site in skipped}
    assert rules == {"clause-record", "message-text"}
    changes = {m.change for m in made}
    # the event's fields are observed, its clause argument is not
    assert "n + 1 -> n - 1" in changes and "n > 2 -> n >= 2" not in changes
    assert "n > 1 -> n >= 1" not in changes and "n - 9 -> n + 9" not in changes
    assert "n > 9 -> n >= 9" in changes                                # whether to refuse is observed
    assert "delete: raise IllegalAction(f'{field}.n', f'{n - 9} too many', 'X-7')" in changes
    assert not [m for m in made if "keeps_clauses" in m.change or "log.rule" in m.change]


def test_a_local_name_only_the_record_reads_is_part_of_the_record():
    mutants = of_source("""
        def settle(bets, winner, log):
            winners = sum(1 for b in bets if b == winner)
            if winners:
                log.rule("X-1")
            return len(bets) - 1
    """)
    changes = {m.change for m in mutants}
    assert not [m for m in mutants if m.line == 3 and m.operator != "delete"]        # sum(...)'s value
    assert "delete: winners = sum((1 for b in bets if b == winner))" in changes    # the record would crash
    assert "len(bets) - 1 -> len(bets) + 1" in changes


def test_a_function_that_only_words_messages_is_left_out_whole():
    source = """
        def shown(value):
            return repr(value) if len(repr(value)) < 40 else repr(value)[:40] + "..."

        def check(n, field):
            if n > 9:
                raise InputError(field, f"{shown(n)} is too many")
            return n - 1
    """
    helpers = gm._message_helpers({"m": ast.parse(textwrap.dedent(source))})
    assert helpers == {"shown"}
    made, skipped = gm.mutants_of_source("g", "reference.g.rules.m", textwrap.dedent(source), helpers=helpers)
    assert {m.function for m in made} == {"check"}
    assert {s.rule for s in skipped if s.function == "shown"} == {"message-text"}


def test_a_function_that_only_records_is_left_out_whole():
    source = """
        def decisions(n):
            return ["X-1"] if n > 1 else []

        def offer(state, log):
            r = state.round
            for tile in r.tiles:
                if tile > 2:
                    continue
                log.rule("X-2")

        def play(state, log):
            log.rule(*decisions(state.n))
            offer(state, log)
            return state.n + 1
    """
    builders = gm._record_builders({"m": ast.parse(textwrap.dedent(source))})
    assert builders == {"decisions", "offer"}
    made = of_source(source, builders)
    assert {m.function for m in made} == {"play"}
    assert {m.change for m in made} == {"delete: return state.n + 1", "return state.n + 1 -> return None",
                                        "state.n + 1 -> state.n - 1", "1 -> 2", "1 -> 0"}


# -- identity -----------------------------------------------------------------------------------

def test_a_key_survives_unrelated_edits_and_changes_with_its_line():
    source = """
        def f(a):
            b = a + 1
            return a < b
    """
    before = {m.change: m.key for m in of_source(source)}
    moved = {m.change: m.key for m in of_source("import os\n\n\ndef g():\n    return 3\n" + textwrap.dedent(source))}
    assert before.items() <= moved.items()                   # lines moved: the same keys
    edited = {m.change: m.key for m in of_source(source.replace("a < b", "a < b  # now commented"))}
    assert edited == before                                  # a comment is not the source line's code
    edited = {m.change: m.key for m in of_source(source.replace("return a < b", "return b > a"))}
    assert edited["a + 1 -> a - 1"] == before["a + 1 -> a - 1"]
    assert before["a < b -> a <= b"] not in edited.values()   # its own line changed: a new mutant


def test_keys_are_unique_in_every_game():
    for game in GAMES:
        keys = [m.key for m in gm.generated_mutants(game)]
        assert len(keys) == len(set(keys)), game


# -- clause blocks ------------------------------------------------------------------------------

def test_how_a_marker_delimits_its_block():
    mutants = of_source("""
        # X-1: the whole function
        def f(a):
            b = a + 1
            return b

        def g(a):
            # X-2: opens the body: the whole body
            b = a + 2
            return b

        def h(a):
            b = a + 3
            # X-3: the next statement only
            c = b + 4
            d = c + 5
            e = d + 6  # X-4: this line's statement
            return e
    """)
    blocks = {m.change: m.block for m in mutants if m.operator == "arith"}
    assert blocks == {"a + 1 -> a - 1": "X-1", "a + 2 -> a - 2": "X-2", "a + 3 -> a - 3": "",
                      "b + 4 -> b - 4": "X-3", "c + 5 -> c - 5": "", "d + 6 -> d - 6": "X-4"}


def test_the_innermost_marker_wins():
    mutants = of_source("""
        # X-1: the function
        def f(a):
            if a:
                # X-2: this branch
                return a + 1
            return a + 2
    """)
    assert {m.change: m.block for m in mutants if m.operator == "arith"} == \
        {"a + 1 -> a - 1": "X-2", "a + 2 -> a - 2": "X-1"}


# -- installing -----------------------------------------------------------------------------------

def find(game: str, key_part: str, change: str) -> gm.GeneratedMutant:
    found = [m for m in gm.generated_mutants(game) if key_part in m.key and m.change == change]
    assert len(found) == 1, (key_part, change, found)
    return found[0]


def test_a_function_mutant_reaches_callers_that_imported_the_name():
    from reference.dominoes.rules import settlement, tiles
    mutant = find("dominoes", "tiles:hand_pips:return_none", "return sum((pips(tile) for tile in hand)) -> return None")
    assert mutant.scope == gm.FUNCTION
    hand = [(1, 2), (3, 4)]
    assert settlement.hand_pips is tiles.hand_pips and settlement.hand_pips(hand) == 10
    with mutant.installed():
        assert tiles.hand_pips(hand) is None
        assert settlement.hand_pips(hand) is None          # `from .tiles import hand_pips` reaches it too
    assert settlement.hand_pips(hand) == 10


def test_a_constant_mutant_imports_the_game_again_and_puts_it_back():
    from reference.dominoes.rules import match, points
    mutant = find("dominoes", "points:<module>:const_inc", "61 -> 62")
    assert mutant.scope == gm.MODULE
    game_before = get_game("dominoes")
    with mutant.installed():
        fresh_match = sys.modules["reference.dominoes.rules.match"]
        assert fresh_match is not match and fresh_match.TARGET == 62          # imported by name elsewhere
        assert fresh_match.reaches_target(61) is False
        assert get_game("dominoes") is not game_before
    assert sys.modules["reference.dominoes.rules.match"] is match and match.TARGET == 61 and points.TARGET == 61
    assert get_game("dominoes") is game_before


def test_a_function_the_import_calls_is_installed_by_importing_again():
    """`Point.shown_pips` runs while layout.py builds its table of points: a code swap would
    leave the table as the original computed it."""
    mutants = [m for m in gm.generated_mutants("dominoes") if m.function == "Point.shown_pips"]
    assert mutants and {m.scope for m in mutants} == {gm.MODULE}
    chosen = next(m for m in mutants if m.operator == "cmp")
    with chosen.installed():
        layout = sys.modules["reference.dominoes.rules.layout"]
        assert layout.point_at((1, 4), "low").value == 4                     # LOW now shows the high end
    from reference.dominoes.rules import layout as original
    assert original.point_at((1, 4), "low").value == 1


@pytest.mark.parametrize("game", GAMES)
def test_every_function_mutant_compiles_and_installs(game):
    """Each function mutant compiles into its live function (and the original comes back)."""
    for mutant in gm.generated_mutants(game):
        if mutant.scope != gm.FUNCTION:
            continue
        handle = gm.install(mutant)
        assert handle.function.__code__ is not handle.original_code
        gm.uninstall(handle)
        assert handle.function.__code__ is handle.original_code
    for (game_name, module), (info, tree, _) in gm._PARSED.items():      # every mutation was undone
        if game_name == game:
            assert ast.dump(tree) == ast.dump(ast.parse(info.source)), module


# -- the exclusions hold: what is left out as the clause record changes no observation -----------

def _records_nothing(*args, **kwargs):
    return ()


def _words_nothing(*args, **kwargs):
    return "(a message)"


@pytest.mark.parametrize("game", GAMES)
def test_functions_left_out_whole_change_no_observation(game):
    """Each function left out whole (`_record_builders`: the clause record; `_message_helpers`:
    message text) is replaced, all at once, by one that records or words nothing, and every
    vector of the game still passes."""
    skip_without_kinds(game)
    from reference.core.mutation import verdict
    from reference.core.vectors import load_cases
    replacements = {name: _records_nothing.__code__ for name in gm._record_builders_of(game)}
    replacements.update({name: _words_nothing.__code__ for name in gm._message_helpers_of(game)})
    functions = []
    for module_name in gm.rules_modules(game):
        module = sys.modules.get(module_name) or __import__(module_name, fromlist=["_"])
        for value in list(vars(module).values()) + [v for c in vars(module).values() if isinstance(c, type)
                                                    for v in vars(c).values()]:
            if getattr(value, "__name__", "") in replacements and hasattr(value, "__code__") and \
                    getattr(value, "__module__", "") == module_name:
                functions.append(value)
    assert {f.__name__ for f in functions} == set(replacements)
    saved = [(f, f.__code__) for f in functions]
    try:
        for function in functions:
            function.__code__ = replacements[function.__name__]
        statuses = {verdict(case) for case in load_cases([game])}
    finally:
        for function, code in saved:
            function.__code__ = code
    assert statuses == {"passed"}


def test_a_seeded_sample_stays_the_same_when_other_code_changes():
    """Whether a mutant is drawn depends on its own name and the seed: take away a tenth of the
    population (as if the code they lie in did not exist yet) and every drawn mutant that is
    still there is drawn again, so a measurement before and after a change of the rules is made
    on the same mutants. The sample keeps the population's order; another seed draws others."""
    every = gm.generated_mutants("dominoes")
    chosen = [m.key for m in gm.sample(every, 40, 2)]
    assert len(chosen) == 40 and chosen == [m.key for m in every if m.key in set(chosen)]
    assert [m.key for m in gm.sample(every, 40, 2)] == chosen
    assert [m.key for m in gm.sample(every, 40, 3)] != chosen
    fewer = [m for n, m in enumerate(every) if n % 10 != 3]
    again = {m.key for m in gm.sample(fewer, 40, 2)}
    still_there = {m.key for m in fewer} & set(chosen)
    assert still_there and still_there <= again
