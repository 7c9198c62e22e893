"""`horserace odds`: a game's own command, kept with its engine; the command line only lists it
(its help is the command module's)."""

from __future__ import annotations

from reference.cards import odds_command as command

__doc__ = command.__doc__
add_arguments = command.add_arguments
run = command.run
