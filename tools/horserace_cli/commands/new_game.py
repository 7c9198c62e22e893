"""Start a new game: write its folders from the template, registered and passing the suite before its first rule.

`horserace new-game guess --prefix GS --seed 005_0123456789abcdef.txt --lang en` writes
reference/guess/ (the GAME, an empty rules package, a catalog with one placeholder clause quoting
the text's first section heading, an empty interpretations register, options, a fuzz generator
with no kind), schema/guess/ (scenario, steps and observations schemas with no kind yet) and
tests/guess/ (the documented meanings, none yet), from reference/core/game_template/, then
generates the documents and the manifest as `horserace generate` would. The rule text must be in
../shared/seeds/ first. docs/adding-a-game.md says what to write next, in order; the tests say
what each new rule still lacks.
"""

from __future__ import annotations

import argparse

from reference.core.paths import display_path
from reference.core.scaffold import NewGame, write_new_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", help="the game's folder name: lower-case letters and '_' (reference/NAME)")
    parser.add_argument("--prefix", required=True,
                        help="its clause prefix, 2 to 5 capital letters (GS: clauses GS-SETUP-1 ..., scenarios gs-...)")
    parser.add_argument("--seed", required=True, metavar="NNN_HEX.txt",
                        help="its rule text's file name in ../shared/seeds/ (put the text there first)")
    parser.add_argument("--lang", default="en", help="the rule text's language, a two-letter code (default: en)")
    parser.add_argument("--title", help="the game's title (default: the name, capitalised)")
    parser.add_argument("--section", help="the heading of the text's section the placeholder clause quotes, "
                                          "as the text prints it (default: the text's first line)")


def run(args: argparse.Namespace) -> int:
    title = args.title or args.name.replace("_", " ").capitalize()
    game = NewGame(args.name, args.prefix, title, args.seed, args.lang, args.section)
    for path in write_new_game(game):
        print(f"wrote {display_path(path)}")
    print(f"the game {args.name} is registered. Next: python -m pytest (it passes), then write the first rule: "
          "docs/adding-a-game.md")
    return 0

