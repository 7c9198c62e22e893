"""Write an adapter starter for one game: the protocol and a stub engine, ready to check.

`horserace starter --lang python --game dominoes -o my-engine/` writes `dominoes.py` and
`protocol.py` (`--lang js`: `dominoes.js` and `protocol.js`, for Node) to the folder, from the
starters shipped with the suite (examples/ in a checkout; in the wheel, the same files as
package data). The starter speaks the protocol and answers its game's first kind from a stub, so
every case fails until you plug your engine in where it says PLUG YOUR ENGINE IN HERE; the
command prints the `horserace check` line that runs it. Existing files are not overwritten
unless --force is given.
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import sys
from pathlib import Path

from reference.core.errors import HorseRaceError
from reference.core.paths import EXAMPLES_DIR, require_dir

LANGUAGES = {"python": ("python", "py", "python3"), "js": ("javascript", "js", "node")}   # folder, suffix, runner


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", required=True, choices=sorted(LANGUAGES),
                        help="python (standard library only) or js (Node, no dependencies)")
    parser.add_argument("--game", required=True, help="the game the starter plays (dominoes, cards, horse_fever)")
    parser.add_argument("-o", "--output", type=Path, default=Path("."), metavar="DIR",
                        help="the folder to write the two files to (default: the current folder)")
    parser.add_argument("--force", action="store_true", help="overwrite files of the same names")


def starter_files(lang: str, game: str) -> list[Path]:
    """The game's starter and the protocol module it imports, as shipped."""
    from reference.core.game import nearest
    folder, suffix, _ = LANGUAGES[lang]
    source = require_dir(EXAMPLES_DIR, "the adapter starters (examples/)") / folder
    games = sorted(p.stem for p in source.glob(f"*.{suffix}") if p.stem != "protocol")
    if game not in games:
        raise HorseRaceError(f"no {lang} starter for game {game!r}{nearest(game, games)}; "
                             f"the starters are for {', '.join(games)}")
    return [source / f"{game}.{suffix}", source / f"protocol.{suffix}"]


def run(args: argparse.Namespace) -> int:
    files = starter_files(args.lang, args.game)
    args.output.mkdir(parents=True, exist_ok=True)
    targets = [args.output / f.name for f in files]
    present = [t for t in targets if t.exists()]
    if present and not args.force:
        print(f"horserace starter: error: {', '.join(str(t) for t in present)} already exist(s); "
              "give --force to overwrite, or another folder with -o", file=sys.stderr)
        return 2
    for source, target in zip(files, targets):
        shutil.copyfile(source, target)
        print(f"wrote {target}")
    runner = LANGUAGES[args.lang][2]
    print(f'check it: horserace check --impl "{runner} {shlex.quote(str(targets[0]))}" --game {args.game}')
    print("then replace the stub where it says PLUG YOUR ENGINE IN HERE, and announce more kinds in GAMES")
    return 0
