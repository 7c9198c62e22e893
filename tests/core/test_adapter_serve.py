"""The reference adapter's serving loop (`horserace adapter`, what `check` runs by default and
`mutants` runs with a misreading installed), driven in process over byte streams: one JSON line
per message, a bad line answered and served past, nothing after `bye`, every game announced
unless some are named, a mutant found by its exact name; and the protocol version both sides
announce is the one the protocol schema fixes."""

from __future__ import annotations

import io
import json

import pytest

from reference.core import schemas
from reference.core.adapter import find_mutant, serve
from reference.core.errors import HorseRaceError
from reference.core.game import all_games
from reference.core.protocol import case_message, hello
from reference.core.vectors import load_cases
from tests.games import game_names

CASE = "crd-int-odds-other-table"           # any vector case: a cards case with options


@pytest.fixture(scope="module")
def case():
    (found,) = load_cases(["cards"], wanted={CASE}.__contains__)
    return found


def served(lines: list[bytes], games: list[str] | None = None) -> list[dict]:
    """Each reply line of the adapter to `lines`, parsed; every one must end with a newline."""
    out = io.BytesIO()
    assert serve(io.BytesIO(b"".join(lines)), out, games) == 0
    text = out.getvalue().decode("utf-8")
    assert text == "" or text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def line(message: dict) -> bytes:
    return json.dumps(message).encode("utf-8") + b"\n"


def test_each_message_gets_one_line_and_a_bad_line_is_answered_and_served_past(case):
    replies = served([
        b"\xff\xfe not utf-8\n",
        b"{not json\n",
        b"\n",                                               # a blank line: no reply
        b"[1, 2]\n",
        line({"type": "nonsense", "seq": 7}),
        line(hello()),
        line(case_message(3, case)),
        line({"type": "bye"}),
        line(hello()),                                       # after bye: not read
    ], ["cards"])
    assert [r["type"] for r in replies] == ["errored", "errored", "errored", "errored", "hello", "result"]
    assert "unreadable" in replies[0]["message"] and "unreadable" in replies[1]["message"]
    assert "(not an object)" in replies[2]["message"]
    assert replies[3] == {"type": "errored", "seq": 7, "message": "unknown message 'nonsense'"}
    assert replies[5]["seq"] == 3 and len(replies[5]["steps"]) == len(case["expected"])


def test_bye_ends_the_session_at_once():
    assert served([line({"type": "bye"}), line(hello())]) == []


def test_without_games_named_the_hello_announces_every_game_of_the_registry():
    (reply,) = served([line(hello())])
    assert sorted(reply["games"]) == game_names() and len(game_names()) >= 3


def test_with_games_named_the_hello_announces_those_alone():
    (reply,) = served([line(hello())], ["dominoes"])
    assert list(reply["games"]) == ["dominoes"]


def test_a_mutant_is_found_by_its_exact_name_and_by_no_other():
    names = [m.name for game in all_games().values() for m in (game.mutants() if game.mutants else [])]
    assert len(names) == len(set(names)) and len(names) > 10
    for name in names:
        assert find_mutant(name).name == name
    for wrong in ("", "zzz", names[0][:-1], names[0] + "x", names[0].upper()):
        with pytest.raises(HorseRaceError, match="horserace mutants --list"):
            find_mutant(wrong)


def test_both_hellos_carry_the_protocol_version_the_schema_fixes():
    """schema/protocol/runner-message.schema.json fixes the runner's `protocol` at 1 (the
    implementers' document prints it from there); the reference adapter speaks the same one."""
    runner_hello = hello()
    assert schemas.schema_errors(runner_hello, "protocol/runner-message.schema.json") == []
    (reply,) = served([line(runner_hello)], ["cards"])
    assert schemas.schema_errors(reply, "protocol/implementation-message.schema.json") == []
    assert runner_hello["protocol"] == reply["protocol"] == 1
