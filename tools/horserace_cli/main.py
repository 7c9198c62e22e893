"""`horserace SUBCOMMAND ...`: one console command; each subcommand lives in commands/."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import traceback

from reference.core.errors import HorseRaceError
from reference.core.interrupts import exit_code, signal_name

from . import commands


def subcommands() -> dict[str, str]:
    """Every module in horserace_cli/commands is a subcommand of the same name ('_' -> '-').
    Each has `add_arguments(parser)`, `run(args) -> int` and a docstring whose first line is
    the help. Adding a command is adding a module."""
    found = {}
    for module in pkgutil.iter_modules(commands.__path__):
        if not module.name.startswith("_"):
            found[module.name.replace("_", "-")] = module.name
    return dict(sorted(found.items()))


def version_line() -> str:
    """`horserace VERSION (protocol 1)`: the suite version the vectors and reports carry."""
    from reference.core.version import PROTOCOL_VERSION, suite_version
    return f"horserace {suite_version()} (protocol {PROTOCOL_VERSION})"


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Every subcommand, or only the one named (a run imports just the module it needs)."""
    parser = argparse.ArgumentParser(
        prog="horserace",
        description="Conformance suite for the games called Horse Race: reference engines, "
                    "scenarios and vectors.")
    parser.add_argument("--version", action="version", version=version_line(),
                        help="print the suite's version and protocol version, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, module_name in subcommands().items():
        if only and name != only:
            continue
        module = importlib.import_module(f"horserace_cli.commands.{module_name}")
        summary = (module.__doc__ or name).strip().splitlines()[0]
        command = sub.add_parser(name, help=summary, description=module.__doc__)
        module.add_arguments(command)
        command.set_defaults(run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    entry_point = argv is None
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv[0] if argv and argv[0] in subcommands() else None)
    args = parser.parse_args(argv)
    args.own_process = entry_point      # this process is the command (not a call from a test or a tool)
    try:
        return args.run(args)
    except HorseRaceError as exc:
        print(f"horserace {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:     # Ctrl-C, or SIGTERM/SIGHUP where a command handles them
        print(f"horserace {args.command}: interrupted ({signal_name(exc)})", file=sys.stderr)
        return exit_code(exc)
    except BrokenPipeError:
        # The reader went away (`horserace check | head`): the run did not finish, so its
        # result is unknown, which is not a pass. Point stdout at nothing so that Python's
        # final flush does not fail a second time.
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"horserace {args.command}: error: standard output was closed before the run "
              "finished; nothing is known about the rest", file=sys.stderr)
        return 1
    except Exception:  # an engine bug, not a user mistake: say so and show where
        print(f"horserace {args.command}: internal error (a bug in the suite; please report it):",
              file=sys.stderr)
        traceback.print_exc()
        return 3


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
