"""Helpers shared by the games' tests: scenario files that must be refused, and diagrams."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
import xml.parsers.expat
from functools import lru_cache
from pathlib import Path

from reference.core.errors import ScenarioError
from reference.core.scenario import load_scenario
from reference.core.verify import verify_file


def error_of(tmp_path: Path, text: str) -> ScenarioError:
    """Write a scenario and return the error that verifying it must give."""
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    result = verify_file(path)
    assert result.error is not None, "the input should have been refused"
    return result.error


def line_of(text: str, fragment: str) -> int:
    """The 1-based line of the first line holding `fragment`."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


@lru_cache(maxsize=None)
def loaded(path: Path):
    """A scenario file, loaded (and schema-checked) once per test session."""
    return load_scenario(path)


@lru_cache(maxsize=None)
def replayed(path: Path) -> tuple:
    """(kind, outcomes, render_step) of a scenario file, replayed once per test session."""
    scenario = loaded(path)
    return scenario.kind, tuple(scenario.replay()), scenario.game.render_step


def drawing(path: Path, step: int) -> str:
    kind, outcomes, render_step = replayed(path)
    return render_step(kind, outcomes[step].observation)


def svg_of(path: Path, step: int) -> ET.Element:
    return ET.fromstring(drawing(path, step))


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in (el.get("class") or "").split()]


SVG_ROOT = '<svg xmlns="http://www.w3.org/2000/svg" '
CLASS_ATTRIBUTE = re.compile(r'\sclass="([^"]*)"')
ATTRIBUTE = re.compile(r'\s([A-Za-z_:][\w:.-]*)="([^"]*)"')


def check_nothing_from_outside(svg: str) -> None:
    assert "href" not in svg and "url(" not in svg and "<image" not in svg and "<script" not in svg


def check_standalone(svg: str) -> ET.Element:
    """Well-formed SVG that needs nothing from outside; its tree."""
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    check_nothing_from_outside(svg)
    return root


def check_standalone_text(svg: str) -> None:
    """As check_standalone (its root an <svg> of the SVG namespace), without building a tree:
    expat alone parses in a third of the time, which counts for the thousands of drawings of
    the vector cases."""
    xml.parsers.expat.ParserCreate().Parse(svg, True)
    assert svg.startswith(SVG_ROOT), svg[:80]
    check_nothing_from_outside(svg)


def class_attributes(svg: str, name: str) -> list[dict[str, str]]:
    """The attributes of each element whose class list holds `name`, in document order, read from
    the start tags of a drawing checked well-formed (so no '<' in its text or attribute values).
    Each occurrence of `name` is looked at, not each tag: a drawing has hundreds of tags."""
    found = []
    at = svg.find(name)
    while at != -1:
        begin, end = svg.rfind("<", 0, at), svg.find(">", at)
        if end == -1:
            break
        if svg.rfind(">", 0, at) < begin and svg[begin + 1:begin + 2].isalpha():     # inside a start tag
            tag = svg[begin:end + 1]
            classes = CLASS_ATTRIBUTE.search(tag)
            if classes and name in classes.group(1).split():
                found.append({key: html.unescape(value) for key, value in ATTRIBUTE.findall(tag)})
            at = svg.find(name, end)
        else:
            at = svg.find(name, at + len(name))
    return found


def text_of(el: ET.Element) -> str:
    """The drawn text of an element (not its tooltip)."""
    if el.tag.endswith("}text"):
        return "".join(el.itertext())
    return " ".join("".join(t.itertext()) for t in el.iter() if t.tag.endswith("}text"))


def assert_located_error(tmp_path: Path, good: str, old: str, new: str, field: str, words: str) -> ScenarioError:
    """Replace `old` by `new` in a good scenario: the error names the file, a line, `field`
    and contains `words`."""
    assert old in good
    error = error_of(tmp_path, good.replace(old, new, 1))
    message = str(error)
    assert error.file.endswith("probe.yaml")
    assert error.field == field, message
    assert words in message, message
    assert error.line is not None and error.line > 1, message
    return error


def build_site(tmp_path_factory, game: str) -> Path:
    """`horserace site` for one game, into a fresh folder."""
    from horserace_cli.main import main
    out = tmp_path_factory.mktemp(f"{game}-site")
    assert main(["site", "-o", str(out), "--game", game]) == 0
    return out


def page_svgs(html: str) -> list[str]:
    import re
    return re.findall(r"<svg .*?</svg>", html, re.S)


def signals_as_a_terminal_gives_them() -> None:
    """For `subprocess.Popen(preexec_fn=...)`: Ctrl-C and a hang-up reach the child as they would
    from a terminal. A test run started in the background (a shell without job control ignores
    SIGINT there) or under `nohup` (which ignores SIGHUP) hands those dispositions down to every
    child, and a child that finds a signal ignored keeps it so, as it should: the tests that send
    a signal would then wait for an end that never comes."""
    import signal
    for name in ("SIGINT", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
