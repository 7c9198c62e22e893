"""The README's test command is what CI runs, and its Chromium set-up is quiet: .ci/run holds
exactly the README's command, and the Chromium part, run with a fake apt-get, installs only
when Chromium is missing, without recommended packages, and prints one line (apt's output goes
to a log)."""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APT_LINES = 500          # what a real install printed, about, despite -qq


def readme_test_command() -> str:
    """The command of the README's code block that installs and runs the tests."""
    blocks = re.findall(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    [block] = [b for b in blocks if "python -m pytest" in b and "install and run the tests" in b]
    [command] = [line for line in block.splitlines() if line.strip() and not line.startswith("#")]
    return command


def chromium_part(command: str) -> str:
    """The set-up of Chromium: the command's first group, up to where the venv is made."""
    part, sep, _rest = command.partition(" && python3 -m venv")
    assert sep and part.startswith("(command -v chromium"), command
    return part


def test_ci_runs_exactly_the_readme_test_command():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    commands = [line for line in script if line.strip() and not line.startswith("#")
                and not line.startswith(("set ", "cd "))]
    assert commands == [readme_test_command()]


@pytest.fixture()
def fake_bin(tmp_path) -> Path:
    """A PATH holding a fake apt-get that logs its arguments and prints as much as a real install."""
    folder = tmp_path / "bin"
    folder.mkdir()
    apt = folder / "apt-get"
    apt.write_text(f"#!/bin/sh\necho \"$@\" >> {tmp_path / 'apt-calls'}\n"
                   f"i=0; while [ $i -lt {APT_LINES} ]; do echo \"Unpacking package-$i ...\"; i=$((i+1)); done\n")
    apt.chmod(0o755)
    return folder


def run_part(fake_bin: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["/bin/bash", "-c", chromium_part(readme_test_command())], capture_output=True,
                          text=True, timeout=60, check=False,
                          env={"PATH": str(fake_bin), "HOME": str(fake_bin), "TMPDIR": str(fake_bin.parent)})


def test_chromium_is_installed_quietly_and_only_what_it_needs(fake_bin, tmp_path):
    done = run_part(fake_bin)
    assert done.returncode == 0
    printed = done.stdout.splitlines() + done.stderr.splitlines()
    assert len(printed) == 1 and "Chromium" in printed[0], printed[:5]
    log = tmp_path / "horserace-apt.log"
    assert f"apt output: {log})" in printed[0]
    assert "Unpacking package-499" in log.read_text()              # apt's output kept, not shown
    calls = (tmp_path / "apt-calls").read_text().splitlines()
    assert calls[0].split() == ["update", "-qq"]
    assert calls[1].split() == ["install", "-y", "-qq", "--no-install-recommends", "chromium"]


def test_chromium_already_there_installs_nothing_and_prints_nothing(fake_bin, tmp_path):
    chromium = fake_bin / "chromium"
    chromium.write_text("#!/bin/sh\n")
    chromium.chmod(0o755)
    done = run_part(fake_bin)
    assert done.returncode == 0 and done.stdout == "" and done.stderr == ""
    assert not (tmp_path / "apt-calls").exists()


def test_a_failed_install_says_the_browser_tests_will_skip(fake_bin, tmp_path):
    (fake_bin / "apt-get").write_text("#!/bin/sh\necho 'E: Unable to locate package chromium'\nexit 100\n")
    done = run_part(fake_bin)
    assert done.returncode == 0           # the tests still run; the browser tests skip, saying so
    assert done.stdout.splitlines() == [line for line in done.stdout.splitlines() if "will skip" in line]
    assert len(done.stdout.splitlines()) == 1
    assert "Unable to locate package" in (tmp_path / "horserace-apt.log").read_text()
