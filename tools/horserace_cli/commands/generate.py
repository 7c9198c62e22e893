"""Write the conformance vectors (vectors/GAME/KIND.json) from scenarios and generators.

With --check, write nothing and fail if the committed files differ by a single byte from a
fresh generation (vectors are never edited by hand).
"""

from __future__ import annotations

import argparse

from reference.core.implementers_doc import document_problems, write_document
from reference.core.paths import display_path
from reference.core.vectors import check_vectors, write_vectors


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")


def run(args: argparse.Namespace) -> int:
    if args.check:
        problems = check_vectors(args.game or None) + document_problems()
        for problem in problems:
            print(problem)
        if problems:
            print("vectors are out of date: run 'horserace generate' and commit the result")
            return 1
        print("vectors are up to date")
        return 0
    for path in write_vectors(args.game or None):
        print(f"wrote {display_path(path)}")
    print(f"wrote {display_path(write_document())}")
    return 0
