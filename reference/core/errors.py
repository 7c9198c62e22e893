"""Exception types. Every error a user can cause names where it happened and what to do."""

from __future__ import annotations


class HorseRaceError(Exception):
    """Base class for every error the suite reports to a person."""


class SuiteLayoutError(HorseRaceError):
    """The checkout is incomplete (a schema, catalog or scenario folder is missing)."""


class InputError(HorseRaceError):
    """Bad input to an engine, located by a field path inside that input.

    `field` is a dotted path such as ``steps[3].place`` or ``setup.deal.hands[1][2]``;
    the scenario loader turns it into a file and line.
    """

    def __init__(self, field: str, message: str, clause: str | None = None):
        super().__init__(message)
        self.field = field
        self.message = message
        self.clause = clause

    def __str__(self) -> str:
        where = f"{self.field}: " if self.field else ""
        rule = f" (rule {self.clause})" if self.clause else ""
        return f"{where}{self.message}{rule}"


class IllegalAction(InputError):
    """An action the rules do not allow in the current state."""


class ScenarioError(HorseRaceError):
    """A scenario file is malformed; names the file, line (and column when the YAML reader
    knows it) and field."""

    def __init__(self, file: str, line: int | None, field: str, message: str,
                 column: int | None = None):
        super().__init__(message)
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.message = message

    def __str__(self) -> str:
        loc = f"{self.file}:{self.line}" if self.line else self.file
        if self.line and self.column:
            loc += f":{self.column}"
        field = f" {self.field}:" if self.field else ""
        return f"{loc}:{field} {self.message}"


class CatalogError(ScenarioError):
    """A clause catalog or interpretations register is malformed or inconsistent."""


class InternalError(HorseRaceError):
    """An engine or the suite failed on an input it should have refused cleanly: a bug in
    the suite. Verify reports it for the file (with the exception and where it was raised)
    and goes on with the other files."""
