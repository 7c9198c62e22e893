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


@pytest.mark.parametrize("lang, folder, suffix", [("python", "python", "py"), ("js", "javascript", "js")])
def test_the_starter_command_writes_a_games_starter_and_its_protocol(lang, folder, suffix, tmp_path, capsys):
    out = tmp_path / "engine"
    assert main(["starter", "--lang", lang, "--game", "horse_fever", "-o", str(out)]) == 0
    written = sorted(p.name for p in out.iterdir())
    assert written == sorted([f"horse_fever.{suffix}", f"protocol.{suffix}"])
    for name in written:               # the shipped starters, byte for byte
        assert (out / name).read_bytes() == (EXAMPLES / folder / name).read_bytes()
    printed = capsys.readouterr().out
    assert f'horserace check --impl "{"python3" if lang == "python" else "node"} {out / f"horse_fever.{suffix}"}"' in printed
    # never over your own work without --force
    (out / f"protocol.{suffix}").write_text("mine", encoding="utf-8")
    assert main(["starter", "--lang", lang, "--game", "horse_fever", "-o", str(out)]) == 2
    assert "already exist" in capsys.readouterr().err
    assert (out / f"protocol.{suffix}").read_text(encoding="utf-8") == "mine"
    assert main(["starter", "--lang", lang, "--game", "horse_fever", "-o", str(out), "--force"]) == 0
    assert (out / f"protocol.{suffix}").read_bytes() == (EXAMPLES / folder / f"protocol.{suffix}").read_bytes()


def test_a_starter_for_an_unknown_game_names_the_starters(tmp_path, capsys):
    assert main(["starter", "--lang", "python", "--game", "domino", "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no python starter for game 'domino' (did you mean dominoes?)" in err
    assert "cards, dominoes, horse_fever" in err and not list(tmp_path.iterdir())
