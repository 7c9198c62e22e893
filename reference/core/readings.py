"""An interpretation read the other way: the counterfactual search's alteration of a point the
text leaves open (or the suite decided), played as an engine that took another of its readings.

Each game's interpretations register (interpretations.yaml) names the option that selects a
reading and the values of the others. An implementation that took another reading fails the
cases that pin the suite's, and what it shows there is the reference's play under that other
value: not a single decision of the rules turned round, but a setting read another way (a bank's
cover measured net where the table agreed gross). So, for each option the failing step read, the
step is played with the case's value read as each other value the register names, and such a
play is charged to the interpretations that option selects. An implementer
then reads 'CRD-INT-1, bank_cover read as "net"': set the option, or skip the flagged vectors.

The replacement acts where the rules read an option's value (`reading_as`: the options every
game's replay passes through options.watched answer with it while the search runs), so it holds
for every play made inside it: the step alone, as a misreading that took the other reading at one
place only (the cover measured gross where a bet is checked, net where the horses are offered),
or the steps before it and the run's passed cases, as one that took it everywhere.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Mapping

from .game import get_game
from .options import READ_AS, tracking_option_reads
from .yamlsource import load_yaml_file

_REGISTER: dict[str, dict[str, tuple[tuple[str, ...], tuple[Any, ...]]]] = {}


def interpretation_options(game_name: str) -> dict[str, tuple[tuple[str, ...], tuple[Any, ...]]]:
    """Each option of the game's register: the interpretations it selects and every value the
    register names for it (the default first)."""
    if game_name not in _REGISTER:
        game = get_game(game_name)
        out: dict[str, tuple[tuple[str, ...], tuple[Any, ...]]] = {}
        if game.interpretations_file.exists():
            for raw in load_yaml_file(game.interpretations_file).data.get("interpretations", []):
                option = raw.get("option")
                if not option:
                    continue
                ids, values = out.get(option["name"], ((), (option["default"],)))
                more = [a["value"] for a in raw.get("alternatives", []) if "value" in a and a["value"] not in values]
                out[option["name"]] = (ids + (raw["id"],), values + tuple(more))
        _REGISTER[game_name] = out
    return _REGISTER[game_name]


@contextmanager
def reading_as(name: str, value: Any) -> Iterator[None]:
    """Within the block, the options of every case played read option `name` as `value`
    (options.READ_AS: the options a replay passed through `watched` while the search runs)."""
    before = dict(READ_AS)
    READ_AS[name] = value
    try:
        yield
    finally:
        READ_AS.clear()
        READ_AS.update(before)


def options_read(replay: Callable[[], Iterator[Any]], index: int) -> set[str] | None:
    """The options the play of step `index` read (at the first step, the setup's reads too), from
    a fresh replay of the case up to it; None when the game's replay does not say (then every
    option may matter)."""
    try:
        with tracking_option_reads() as reads:
            outcomes = replay()
            for _ in range(index):
                next(outcomes)
            if index:
                reads.names.clear()
            next(outcomes)
    except Exception:           # the reference cannot play it: nothing is known
        return None
    if not reads.engaged or reads.unwatched:
        return None
    return set(reads.names)


def other_values(game_name: str, options: Mapping[str, Any], read: set[str] | None) -> list[tuple[str, Any, tuple[str, ...]]]:
    """(option, another value, the interpretations it selects) for each option the step read,
    each value the register names other than the case's own."""
    defaults = get_game(game_name).option_defaults
    out = []
    for name, (ids, values) in interpretation_options(game_name).items():
        if read is not None and name not in read:
            continue
        current = options.get(name, defaults.get(name))
        for value in values:
            if _same(value, current):
                continue
            out.append((name, value, ids))
    return out


def _same(a: Any, b: Any) -> bool:
    # an option's list value is read as a tuple; compared as JSON, type-exact
    return json.dumps(a if not isinstance(a, tuple) else list(a), sort_keys=True) == \
        json.dumps(b if not isinstance(b, tuple) else list(b), sort_keys=True)
