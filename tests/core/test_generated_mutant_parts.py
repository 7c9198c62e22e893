"""Parts of the generated-mutant enumeration and installation (reference/core/generated_mutants.py)
that test_generated_mutants.py does not pin: the owner of a class attribute's mutants, a name
assigned more than once, calls of a `rule` method that are not the step record's, and putting a
game's modules back after a mutant."""

from __future__ import annotations

import ast
import sys
import textwrap
from types import ModuleType, SimpleNamespace

import pytest

from reference.core import generated_mutants as gm


def of_source(source: str) -> tuple[list[gm.GeneratedMutant], list[gm.LeftOutSite]]:
    return gm.mutants_of_source("g", "reference.g.rules.m", textwrap.dedent(source))


def test_a_class_attribute_s_mutants_belong_to_its_class():
    made, _ = of_source("""
        class Track:
            LENGTH = 8
            class Lane:
                WIDTH = 2
    """)
    assert {(m.function, m.change) for m in made} == {
        ("Track", "8 -> 9"), ("Track", "8 -> 7"), ("Track.Lane", "2 -> 3"), ("Track.Lane", "2 -> 1")}


def test_a_name_assigned_twice_is_mutated_even_if_only_the_record_reads_it():
    """Only a name set once, by a plain assignment, and read only by the clause record is the
    record's (`names_only_recorded`: its value is left unmutated); a name set twice is mutated
    like any other."""
    once, left_once = of_source("""
        def f(a, log):
            note = a + 1
            log.rule(note)
            return a
    """)
    assert ("arith", "a + 1 -> a - 1") not in {(m.operator, m.change) for m in once}
    assert ("arith", "clause-record") in {(s.operator, s.rule) for s in left_once}
    twice, _ = of_source("""
        def f(a, log):
            note = a + 1
            note = a + 2
            log.rule(note)
            return a
    """)
    assert {("arith", "a + 1 -> a - 1"), ("arith", "a + 2 -> a - 2")} <= {(m.operator, m.change) for m in twice}


def test_a_rule_method_of_another_object_than_the_step_record_is_mutated():
    for call in ("tracker.rule(a + 1)", "self.board.rule(a + 1)"):
        made, left = of_source(f"""
            def f(a, tracker, self):
                {call}
                return a
        """)
        assert ("arith", "a + 1 -> a - 1") in {(m.operator, m.change) for m in made}, call
        assert not left, call


def test_putting_a_game_back_drops_every_module_of_the_game_the_mutant_imported():
    prefix = "reference.zz_scratch_game"
    planted = {name: ModuleType(name) for name in (prefix, prefix + ".rules", prefix + ".rules.deal")}
    neighbour = ModuleType(prefix + "_other")
    sys.modules.update(planted)
    sys.modules[neighbour.__name__] = neighbour
    try:
        gm._put_back_game_modules("zz_scratch_game", {})
        assert not [name for name in planted if name in sys.modules]
        assert sys.modules[neighbour.__name__] is neighbour          # another name that only begins alike
    finally:
        for name in [*planted, neighbour.__name__]:
            sys.modules.pop(name, None)


def test_a_method_compiled_in_its_holder_class_is_found_among_the_module_s_code():
    """A method that uses super() is compiled inside a holder class (generated_mutants): its code
    is found one level down, by name and first line."""
    from reference.core.generated_mutants import _find_code
    source = "class _Holder:\n    def play(self):\n        return super().play()\n"
    compiled = compile(source, "<rules>", "exec")
    found = _find_code(compiled, "play", 2)
    assert found is not None and found.co_name == "play" and found.co_firstlineno == 2
    assert _find_code(compiled, "play", 3) is None
def test_a_replacement_that_cannot_stand_for_the_live_function_is_a_mutant_error():
    """A function-scope mutant is compiled alone and swapped into the live function's code: a
    replacement that is not found at the original's line, or whose free variables differ (a
    closure compiled alone), cannot be swapped in and is refused as a MutantError, not a crash."""
    source = textwrap.dedent("""
        def outer():
            lane = 1
            def inner():
                return lane + 1
            return inner
        """)
    namespace: dict = {}
    exec(compile(source, "<rules>", "exec"), namespace)
    closure = namespace["outer"]().__code__                     # inner: a closure over `lane`
    info = SimpleNamespace(path="<rules>", future_flags=0, module="reference.fake.rules")
    inner = ast.parse(source).body[0].body[1]
    with pytest.raises(gm.MutantError, match=r"^cannot compile a replacement for reference\.fake\.rules\.inner$"):
        gm._compile_function(info, inner, closure)              # alone, `lane` is no longer a free variable
    elsewhere = ast.parse("def other():\n    return 2\n").body[0]
    with pytest.raises(gm.MutantError):
        gm._compile_function(info, elsewhere, namespace["outer"].__code__)     # not at outer's line
