"""`horserace new-game`: the folders a new game starts from, written from the template folder
`reference/core/game_template/` (docs/adding-a-game.md).

The template mirrors the checkout: `reference/__GAME__/`, `schema/__GAME__/`, `tests/__GAME__/`,
each file ending in `.tmpl`. Writing a game copies it with the markers replaced (`__GAME__` the
folder name, `__TITLE__`, `__PREFIX__` the clause prefix without its dash, `__SEED__` the rule
text's file, `__SEED_NUMBER__` its number, `__LANG__` its language key, `__SECTION__` the heading
of its first section, as a quoted YAML string) and then generates what the game changes (the
documents, the manifest), so that the new game passes `horserace generate --check`, `verify` and
the test suite before its first rule is written. Its catalog holds one placeholder clause, waived,
quoting the section heading (a catalog names at least one clause, and every clause quotes its
text); the first real clause makes the tests say, one by one, what it still lacks.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path

from .errors import HorseRaceError
from .paths import CHECKOUT_ROOT, seeds_dir

TEMPLATE_DIR = Path(__file__).resolve().parent / "game_template"
TEMPLATE_SUFFIX = ".tmpl"
NAME = re.compile(r"[a-z][a-z_]*")             # a Python package name and the catalogs' `game` pattern
PREFIX = re.compile(r"[A-Z]{2,5}")              # clause ids are PREFIX-SECTION-N (common.schema.json)
SEED = re.compile(r"[0-9]{3}_[0-9a-f]{16}\.txt")
LANG = re.compile(r"[a-z]{2}")
NOT_GAMES = frozenset({"core", "suite_data"})    # folders of reference/ that are not games


class ScaffoldError(HorseRaceError):
    """A new game that cannot be written as asked: what is wrong and what to do."""


@dataclass(frozen=True)
class NewGame:
    name: str
    prefix: str                  # the clause prefix without its dash: "GS" for GS-SETUP-1
    title: str
    seed: str                    # the rule text's file name under ../shared/seeds
    lang: str                    # its language key (es, pt, en ...)
    section: str | None = None   # the heading of the text's section the placeholder quotes
                                 # (None: the text's first line with a letter)

    def markers(self) -> dict[str, str]:
        return {"__GAME__": self.name, "__TITLE__": self.title, "__PREFIX__": self.prefix,
                "__SEED_NUMBER__": self.seed[:3], "__SEED__": self.seed, "__LANG__": self.lang,
                "__SECTION__": json.dumps(self.section, ensure_ascii=False)}


def template_files() -> list[Path]:
    return sorted(p for p in TEMPLATE_DIR.rglob(f"*{TEMPLATE_SUFFIX}") if p.is_file())


def planned_files(game: NewGame, root: Path) -> dict[Path, str]:
    """Each file the game starts with (under `root`, the checkout) and its text."""
    markers = game.markers()
    out = {}
    for source in template_files():
        relative = str(source.relative_to(TEMPLATE_DIR))[:-len(TEMPLATE_SUFFIX)].replace("__GAME__", game.name)
        text = source.read_text(encoding="utf-8")
        for marker, value in markers.items():
            text = text.replace(marker, value)
        out[root / relative] = text
    return out


def check_new_game(game: NewGame, root: Path) -> None:
    """Refuse, saying what to do, a name, prefix, seed or section the suite cannot take."""
    from .game import all_games
    if not NAME.fullmatch(game.name) or game.name in NOT_GAMES:
        raise ScaffoldError(f"{game.name!r} is not a game name: lower-case letters and '_', starting with a letter "
                            f"(it is the package reference/{game.name} and the scenarios' `game:`), not core")
    present = [str(p.relative_to(root)) for p in game_folders(game.name, root) if p.exists()]
    if present:
        raise ScaffoldError(f"the game {game.name} has folders already: {', '.join(present)}; choose another name "
                            "or remove them")
    if not PREFIX.fullmatch(game.prefix):
        raise ScaffoldError(f"--prefix {game.prefix!r}: the clause prefix is 2 to 5 capital letters "
                            "(clause ids read PREFIX-SECTION-N, scenario ids prefix-...)")
    for other in all_games().values():
        if other.clause_prefix.rstrip("-") == game.prefix:
            raise ScaffoldError(f"--prefix {game.prefix}: {other.name} uses it; clause and scenario ids must tell "
                                "the games apart")
    if not SEED.fullmatch(game.seed):
        raise ScaffoldError(f"--seed {game.seed!r}: a rule text's file name is NNN_<16 hex digits>.txt "
                            "(common.schema.json's seed), as in ../shared/seeds/")
    if not (seeds_dir() / game.seed).is_file():
        raise ScaffoldError(f"--seed {game.seed}: no such rule text in {seeds_dir()}; put the game's rule text "
                            "there first (the catalog quotes it, and a test finds every quote in it)")
    if not LANG.fullmatch(game.lang):
        raise ScaffoldError(f"--lang {game.lang!r}: the text's language is a two-letter code (es, pt, en ...)")
    if game.section is None:
        return
    if game.section not in headings(game.seed):
        raise ScaffoldError(f"--section {game.section!r} is not a line of {game.seed}; give a section heading of "
                            "the text as it prints it")
    if not 3 <= len(game.section) <= 600:
        raise ScaffoldError(f"--section: a heading the catalog can quote is 3 to 600 characters, not {len(game.section)}")


def headings(seed: str) -> list[str]:
    """The lines of a rule text that could head a section (the catalogs' sections are such lines),
    in order: every line with a letter, as a heading reads (seed_texts.heading_of)."""
    from .seed_texts import heading_of, seed_lines
    return [heading_of(line) for line in seed_lines(seed) if re.search(r"[^\W\d_]", line)]


def first_heading(seed: str) -> str:
    found = headings(seed)
    if not found:
        raise ScaffoldError(f"{seed} has no line with a letter; give --section")
    return found[0]


def write_new_game(game: NewGame) -> list[Path]:
    """Write the game's folders into the checkout and generate what it changes; the files
    written, in order. If the generation fails, nothing stays: the folders go and the shared
    files it rewrites (the manifest, the documents) get their text back."""
    root = CHECKOUT_ROOT
    if root is None:
        raise ScaffoldError("a new game is written into a checkout (reference/, schema/, tests/ ...); this suite "
                            "is installed from a wheel: clone the repository and run it there")
    check_new_game(game, root)
    if game.section is None:
        game = replace(game, section=first_heading(game.seed))
        check_new_game(game, root)
    shared = {path: path.read_bytes() for path in shared_files(root) if path.is_file()}
    written = []
    try:
        for path, text in planned_files(game, root).items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(path)
        return written + generate_for(game.name)
    except BaseException as exc:
        undo(game.name, root, shared)
        if isinstance(exc, HorseRaceError):
            raise ScaffoldError(f"the game {game.name} was not written (its folders are removed, the manifest and "
                                f"documents as they were), because generating it failed: {exc}") from exc
        raise


def game_folders(name: str, root: Path) -> list[Path]:
    """The folders a game owns; `check_new_game` makes sure none is there before it is written."""
    return [root / "reference" / name, root / "schema" / name, root / "tests" / name,
            root / "vectors" / name, root / "vectors" / "scenarios" / name]


def shared_files(root: Path) -> list[Path]:
    """The files of every game that writing one rewrites: the manifest and the documents."""
    return [root / "vectors" / "MANIFEST.json", *sorted((root / "docs").glob("*.md"))]


def undo(name: str, root: Path, shared: dict[Path, bytes]) -> None:
    import shutil
    from .game import all_games, get_game
    for folder in game_folders(name, root):
        shutil.rmtree(folder, ignore_errors=True)
    for path, data in shared.items():
        path.write_bytes(data)
    all_games.cache_clear()
    get_game.cache_clear()


def generate_for(name: str) -> list[Path]:
    """What `horserace generate` would write for the new game: its vectors (none before its first
    kind), the manifest and the documents every game appears in."""
    from .game import all_games, get_game
    from .implementers_doc import write_document
    from .register import documents
    from .vectors import selected_games, write_vectors
    all_games.cache_clear()
    get_game.cache_clear()
    written = write_vectors([name])
    for path, text in documents(selected_games(None)).items():
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written + [write_document()]
