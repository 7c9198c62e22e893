"""The generated site (`horserace site`) and diagrams (`horserace render`), checked in Python
and in a real headless browser (Debian's Chromium, driven by its command line only)."""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterator

import pytest

from horserace_cli.main import main
from reference.core.catalog import load_catalog
from reference.core.game import get_game
from reference.core.paths import SCENARIO_DIR
from reference.core.scenario import load_scenario, scenario_files
from reference.core.site import SiteError, build_site, page_name, render_scenario_step

GAME = "dominoes"
BRANCH_OPENING = SCENARIO_DIR / GAME / "wt-branch-opening.yaml"
SCENARIOS = [load_scenario(p) for p in scenario_files([str(SCENARIO_DIR / GAME)])]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build_site(out, [GAME])
    return out


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


class Structure(HTMLParser):
    """Collects tags and checks that every non-void element is closed in order."""

    VOID = {"meta", "br", "img", "hr", "input", "link"}
    SVG_EMPTY = {"rect", "circle", "line", "path", "ellipse", "polygon", "polyline"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.tags: list[tuple[str, dict]] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()


def structure(html: str) -> Structure:
    parser = Structure()
    parser.feed(html)
    parser.close()
    return parser


# -- pages and indexes --------------------------------------------------------------------------

def test_a_page_for_every_domino_scenario_and_the_indexes(site):
    pages = {p.name for p in (site / GAME).iterdir()}
    assert pages == {page_name(s.id) for s in SCENARIOS} | {"index.html"}
    top = read(site / "index.html")
    assert f'href="{GAME}/index.html"' in top


def test_pages_are_well_formed_self_contained_html(site):
    for path in [site / "index.html", *sorted((site / GAME).iterdir())]:
        html = read(path)
        parsed = structure(html)
        assert not parsed.errors and not parsed.stack, (path.name, parsed.errors[:3], parsed.stack)
        assert "<script" not in html
        for tag, attrs in parsed.tags:
            for key in ("src", "href"):
                value = attrs.get(key) or ""
                assert "://" not in value and not value.startswith("//"), (path.name, tag, value)


def test_the_index_lists_every_clause_with_its_summary_sources_and_citing_scenarios(site):
    html = read(site / GAME / "index.html")
    catalog = load_catalog(GAME)
    rows = dict(re.findall(r'<tr id="([^"]+)">(.*?)</tr>', html, re.S))
    for clause in catalog.clauses.values():
        row = rows[clause.id]
        assert escape(clause.summary) in row
        for _seed, heading in clause.sources:
            assert escape(heading) in row
        for scenario in SCENARIOS:
            link = f'href="{page_name(scenario.id)}"'
            assert (link in row) == (clause.id in scenario.clauses), (clause.id, scenario.id)
        if clause.waiver:
            assert escape(clause.waiver) in row
    for example in catalog.examples.values():
        row = rows[example.id]
        assert escape(example.summary) in row
        for scenario in SCENARIOS:
            assert (f'href="{page_name(scenario.id)}"' in row) == (example.id in scenario.examples)


def test_the_index_explains_every_interpretation_and_lists_every_scenario(site):
    html = read(site / GAME / "index.html")
    catalog = load_catalog(GAME)
    sections = dict(re.findall(r'<section class="interpretation" id="([^"]+)">(.*?)</section>', html, re.S))
    assert set(sections) == set(catalog.interpretations)
    for it in catalog.interpretations.values():
        text = sections[it.id]
        for part in (it.title, it.question.strip(), it.reading.strip(), it.flag, it.skip):
            assert escape(part) in text, (it.id, part)
        for alt in it.alternatives:
            assert escape(alt["reading"]) in text
        if it.option:
            assert escape(it.option["name"]) in text
        for sid in it.scenarios:
            assert sid in text
    for scenario in SCENARIOS:
        assert f'<a href="{page_name(scenario.id)}">{escape(scenario.id)}</a>' in html


def test_a_scenario_page_has_its_envelope_steps_expectations_narration_and_diagrams(site):
    scenario = load_scenario(BRANCH_OPENING)
    html = read(site / GAME / page_name(scenario.id))
    catalog = load_catalog(GAME)
    assert escape(scenario.title) in html and scenario.id in html
    for source in scenario.sources:
        assert source["seed"] in html and escape(source["section"]) in html
    for clause in scenario.clauses:
        assert f'href="index.html#{clause}"' in html and escape(catalog.clauses[clause].summary) in html
    assert escape(scenario.notes.strip()) in html
    outcomes = list(scenario.replay())
    for outcome, step in zip(outcomes, scenario.steps):
        assert f"<h3>Step {outcome.index}: {escape(outcome.action)}</h3>" in html
        assert escape(step["note"].strip()) in html
        for key in step["expect"]:
            assert f"<dt>{key}</dt>" in html
        for line in outcome.narrative:
            assert escape(line) in html
    assert "<h3>Step 0: place 1|2 at 1|1 line_b</h3>" in html
    # a diagram per step, plus the overview of the last one; each is well-formed SVG
    svgs = re.findall(r"<svg .*?</svg>", html, re.S)
    assert len(svgs) == len(scenario.steps) + 1
    for svg in svgs:
        ET.fromstring(svg)
    assert "2 + 3 = 5 -&gt; 5 raw points, 1 displayed" in html


def test_interpretations_and_refusals_appear_on_match_pages(site):
    scenario = load_scenario(SCENARIO_DIR / GAME / "match-turn-rules.yaml")
    html = read(site / GAME / page_name(scenario.id))
    catalog = load_catalog(GAME)
    for it in scenario.interpretations:
        assert escape(catalog.interpretations[it].reading) in html
    assert "refused under DOM-DRAW-1" in html and "refused under DOM-DRAW-3" in html


def test_the_site_is_deterministic(site, tmp_path):
    build_site(tmp_path, [GAME])
    first = sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file())
    second = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert first == second
    for rel in first:
        assert (site / rel).read_bytes() == (tmp_path / rel).read_bytes(), rel


def test_a_game_without_diagrams_still_gets_its_pages(tmp_path):
    plain = dataclasses.replace(get_game(GAME), render_step=None)
    build_site(tmp_path, [plain])
    html = read(tmp_path / GAME / page_name("dom-wt-branch-opening"))
    assert "<svg" not in html and "<h3>Step 0: place 1|2 at 1|1 line_b</h3>" in html
    assert "<td>no</td>" in read(tmp_path / "index.html")


# -- the commands -------------------------------------------------------------------------------

def test_site_command_writes_the_pages(tmp_path, capsys):
    assert main(["site", "-o", str(tmp_path), "--game", GAME]) == 0
    assert "wrote" in capsys.readouterr().out
    assert (tmp_path / GAME / page_name("dom-match-turn-rules")).exists()


def test_render_command_writes_an_svg_of_the_chosen_step(tmp_path, capsys):
    out = tmp_path / "step0.svg"
    assert main(["render", str(BRANCH_OPENING), "--step", "0", "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert sorted(el.get("data-tile") for el in root.iter() if el.get("class") == "tile") == \
        sorted(["1|4", "1|1", "4|4", "3|4", "1|2"])
    # the default is the last step
    assert render_scenario_step(BRANCH_OPENING) == render_scenario_step(BRANCH_OPENING, 4)


def test_render_command_errors_are_clear(capsys, monkeypatch):
    assert main(["render", str(BRANCH_OPENING), "--step", "5"]) == 2
    err = capsys.readouterr().err
    assert "step 5 is out of range" in err and "0 to 4" in err and "Traceback" not in err
    assert main(["render", str(SCENARIO_DIR / GAME / "ex-settle-seventeen.yaml")]) == 2
    assert "nothing to draw" in capsys.readouterr().err

    plain = dataclasses.replace(get_game(GAME), render_step=None)
    monkeypatch.setattr("reference.core.scenario.get_game", lambda name: plain)
    with pytest.raises(SiteError, match="draws no diagrams"):
        render_scenario_step(BRANCH_OPENING)


# -- a real browser ----------------------------------------------------------------------------

WINDOW = (1200, 900)
ORANGE = (0xFF, 0x8C, 0x00)


def chromium() -> str:
    for name in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if name and os.access(name, os.X_OK):
            return name
    pytest.skip("no Chromium binary (install it with: apt-get update && apt-get install -y --no-install-recommends chromium)")


def browse(tmp_path: Path, page: Path, *mode: str) -> subprocess.CompletedProcess:
    profile = tmp_path / f"profile-{len(list(tmp_path.iterdir()))}"
    command = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
               "--no-first-run", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", f"--user-data-dir={profile}", *mode,
               f"--window-size={WINDOW[0]},{WINDOW[1]}", page.resolve().as_uri()]
    env = {**os.environ, "HOME": str(tmp_path)}
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=120, env=env, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"Chromium did not finish within 120 s: {' '.join(command)}")


def decode_png(data: bytes) -> tuple[int, int, Iterator[bytes]]:
    """(width, height, rows of RGB bytes, top to bottom) of an 8-bit RGB or RGBA PNG, in pure
    Python. The rows are decoded as they are asked for (each depends on the one above): a
    check that is settled by the top of the picture leaves the rest undecoded."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour, _c, _f, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    return width, height, png_rows(zlib.decompress(idat), width, height, 3 if colour == 2 else 4)


def png_rows(raw: bytes, width: int, height: int, bpp: int) -> Iterator[bytes]:
    """Undo each row's filter (PNG specification, section 9): byte x plus, by the row's filter
    type, 0 (none), a (the byte bpp to the left, 0 before the row), b (the byte above), the mean
    of a and b, or the Paeth predictor of a, b and c (above-left)."""
    stride = width * bpp
    previous = bytes(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        if kind == 0:
            out = bytearray(line)
        elif kind == 2:                                  # up: no dependency along the row
            out = bytearray((x + b) & 0xFF for x, b in zip(line, previous))
        else:
            out = bytearray(line)
            for i in range(bpp):                         # a = c = 0 on the row's first pixel
                out[i] = (out[i] + (0 if kind == 1 else previous[i] // 2 if kind == 3 else previous[i])) & 0xFF
            if kind == 1:
                for i in range(bpp, stride):
                    out[i] = (out[i] + out[i - bpp]) & 0xFF
            elif kind == 3:
                for i in range(bpp, stride):
                    out[i] = (out[i] + (out[i - bpp] + previous[i]) // 2) & 0xFF
            else:                                        # 4: Paeth, p = a + b - c
                for i in range(bpp, stride):
                    a, b, c = out[i - bpp], previous[i], previous[i - bpp]
                    pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - c - c)
                    out[i] = (out[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        previous = bytes(out)
        yield previous if bpp == 3 else bytes(v for k, v in enumerate(previous) if k % 4 != 3)


def test_a_real_browser_shows_the_page_with_its_diagrams(site, tmp_path):
    page = site / GAME / page_name("dom-wt-branch-opening")
    shot = tmp_path / "page.png"
    result = browse(tmp_path, page, f"--screenshot={shot}", "--dump-dom")   # one browser start for both
    assert shot.exists(), result.stderr[-2000:]
    width, height, rows = decode_png(shot.read_bytes())
    assert (width, height) == WINDOW
    colours: set[bytes] = set()
    near: list[bytes] = []
    for row in rows:                   # from the top, until both questions below are settled
        seen = {row[i:i + 3] for i in range(0, len(row), 3)} - colours
        colours |= seen
        near += [c for c in seen if all(abs(c[k] - ORANGE[k]) <= 12 for k in range(3))]
        if len(colours) > 20 and near:
            break
    assert len(colours) > 20, "the screenshot is (nearly) blank"
    assert near, "no orange outline of a branching double in the screenshot"

    dom = result.stdout
    scenario = load_scenario(BRANCH_OPENING)
    assert dom.count("<svg") == len(scenario.steps) + 1
    assert "Step 0: place 1|2 at 1|1 line_b" in dom
    assert all(f"Step {i}:" in dom for i in range(len(scenario.steps)))
    assert 'class="clauses"' in dom
    assert all(f'href="index.html#{c}"' in dom for c in scenario.clauses)
    assert 'class="branching"' in dom and 'class="counted"' in dom


def test_a_real_browser_shows_the_clause_index(site, tmp_path):
    dom = browse(tmp_path, site / GAME / "index.html", "--dump-dom").stdout
    for clause in load_catalog(GAME).clauses:
        assert f'id="{clause}"' in dom


def test_a_setup_is_shown_as_written_letters_beyond_ascii_included():
    """The Setup block shows the scenario's setup as YAML a reader can read back by eye: a name
    with an accent or a symbol stands as itself, not as a "\\xE9" escape."""
    from reference.core.site import GameData, scenario_page
    scenario = dataclasses.replace(load_scenario(BRANCH_OPENING), setup={"note": "Pérez’s tile, ½ point"})
    page = scenario_page(GameData(get_game(GAME), load_catalog(GAME), [scenario], {}), scenario)
    setup = page[page.index("<h2>Setup</h2>"):page.index('<h2 class="steps">')]
    assert "Pérez’s tile, ½ point" in setup
    assert "\\x" not in setup and "\\u" not in setup
