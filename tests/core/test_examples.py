"""The adapter starters in examples/ speak the protocol: `horserace check` accepts their
handshake, sends them the cases of the one kind they announce and gets an answer for every
case. Their engines are stubs, so every answered case fails; none may error or restart."""

import json
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from horserace_cli.commands import check
from horserace_cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ANNOUNCED = {"dominoes": "layout", "cards": "layout", "horse_fever": "odds"}   # the starters' GAMES
COMMANDS = {"python": [shlex.quote(sys.executable)], "javascript": ["node"]}
SUFFIX = {"python": "py", "javascript": "js"}


@pytest.fixture(scope="module")
def selected_once():
    """`horserace check`'s reading of the selected cases, done once per selection: the starters
    of both languages are checked on the same cases of their game."""
    read: dict[str, object] = {}
    real = check.load_selected

    def load_selected(selection):
        key = repr(selection)
        if key not in read:
            read[key] = real(selection)
        return read[key]
    return load_selected


@pytest.mark.parametrize("game", sorted(ANNOUNCED))
@pytest.mark.parametrize("language", sorted(COMMANDS))
def test_a_starter_speaks_the_protocol(language, game, tmp_path, capsys, selected_once, monkeypatch):
    monkeypatch.setattr(check, "load_selected", selected_once)
    if language == "javascript" and shutil.which("node") is None:
        pytest.skip("node is not installed: the JavaScript starters cannot run here")
    script = EXAMPLES / language / f"{game}.{SUFFIX[language]}"
    impl = " ".join(COMMANDS[language] + [shlex.quote(str(script))])
    report_file = tmp_path / "report.json"
    assert main(["check", "--impl", impl, "--game", game, "--json", str(report_file)]) == 1
    capsys.readouterr()
    report = json.loads(report_file.read_text())
    assert report["implementation"]["implementation"]["name"] == f"my-{game.replace('_', '-')}"
    assert report["implementation"]["starts"] == 1            # never restarted: no protocol error
    assert report["totals"]["errored"] == 0 and report["totals"]["passed"] == 0
    announced = [c for c in report["cases"] if c["kind"] == ANNOUNCED[game]]
    others = [c for c in report["cases"] if c["kind"] != ANNOUNCED[game]]
    assert any(c["status"] == "failed" for c in announced)
    assert all(c["status"] == "failed" and c["mismatch"] or c["status"] == "skipped" and "the stub" in c["message"]
               for c in announced)
    assert others and all(c["status"] == "skipped" and "does not take" in c["message"] for c in others)
