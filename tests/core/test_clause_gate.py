"""The clause gate of test_suite_integrity counts a clause only on a test function that checks
something: these small test files, written to tmp_path, show what it refuses."""

import textwrap

import pytest

from reference.core.catalog import load_catalog

from tests.core.test_suite_integrity import clause_tests, untested_clauses


def gate(tmp_path, source: str):
    path = tmp_path / "test_probe.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return clause_tests([path])


def missing_from_dominoes(counted) -> set[str]:
    return set(untested_clauses(load_catalog("dominoes"), counted))


def test_a_marked_asserting_test_counts(tmp_path):
    counted, idle = gate(tmp_path, """\
        import pytest

        @pytest.mark.clause("DOM-PTS-6", "DOM-PTS-7")
        def test_award():
            assert 1 + 4 == 5
        """)
    assert counted == {"DOM-PTS-6": ["test_probe.py::test_award"], "DOM-PTS-7": ["test_probe.py::test_award"]}
    assert idle == []
    assert "DOM-PTS-6" not in missing_from_dominoes(counted)


def test_a_marker_in_a_comment_or_a_string_does_not_count(tmp_path):
    counted, idle = gate(tmp_path, '''\
        import pytest

        # @pytest.mark.clause("DOM-PTS-6")
        def test_award():
            """@pytest.mark.clause("DOM-PTS-6")"""
            text = '@pytest.mark.clause("DOM-PTS-6")'
            assert text
        ''')
    assert counted == {} and idle == []
    assert "DOM-PTS-6" in missing_from_dominoes(counted)


def test_a_marked_test_without_an_assertion_does_not_count_and_is_reported(tmp_path):
    counted, idle = gate(tmp_path, """\
        import pytest

        @pytest.mark.clause("DOM-PTS-6")
        def test_award():
            total = 1 + 4
            print(total == 5)      # looks at the value, checks nothing
        """)
    assert counted == {}
    assert idle == ["test_probe.py::test_award"]
    assert "DOM-PTS-6" in missing_from_dominoes(counted)


def test_a_marker_on_a_helper_does_not_count(tmp_path):
    counted, _ = gate(tmp_path, """\
        import pytest

        @pytest.mark.clause("DOM-PTS-6")
        def award():
            assert 1 + 4 == 5
        """)
    assert counted == {}


def test_a_refusal_or_an_asserting_helper_counts_and_so_does_a_marked_case(tmp_path):
    counted, idle = gate(tmp_path, """\
        import pytest

        @pytest.mark.clause("DOM-DRAW-1")
        def test_refused():
            with pytest.raises(ValueError):
                int("x")

        @pytest.mark.parametrize("old, new", [
            pytest.param("a", "b", marks=pytest.mark.clause("DOM-PASS-1")),
            pytest.param("c", "d", marks=[pytest.mark.clause("DOM-PLACE-1")]),
            ("e", "f"),
        ])
        def test_cases(tmp_path, old, new):
            assert_located_error(tmp_path, "good", old, new, "field", "words")
        """)
    assert idle == []
    assert set(counted) == {"DOM-DRAW-1", "DOM-PASS-1", "DOM-PLACE-1"}


def test_a_marker_must_name_literal_ids(tmp_path):
    with pytest.raises(ValueError, match="literal ids"):
        gate(tmp_path, """\
            import pytest
            IDS = ("DOM-PTS-6",)

            @pytest.mark.clause(*IDS)
            def test_award():
                assert True
            """)
