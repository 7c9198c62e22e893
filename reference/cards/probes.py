"""Rule probes (kind `probe`): short cases (1-3 steps) that start from a position taken from
seeded random play, each chosen because its FIRST step applies a given clause. A probe's first
step is the move random play made there, or an action the rules refuse in that position (a bet
during the race, an overshooting `reveal N`, a bet the bank cannot cover, ...); it is followed by
at most two more steps of the same play, never a new lay (the race's opening) unless the first
step is one. Every clause a step can apply gets PROBE_TARGET probes where play reaches it, and,
separately, PROBE_TARGET whose first step is refused under it. Deterministic: fixed seeds, no
clock; ids `crd-probe1-<clause>-NNN` (bump `probe1` if what an id holds ever changes)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any, Iterator

from reference.core.errors import IllegalAction
from reference.core.log import StepLog

from .actions import LayTrack, PlaceBet, Reveal, SitOut
from .clause_keys import CLAUSE_KEYS
from .notation import lay_payload
from .observe import legal_actions
from .playout import loaded_lay, random_lay
from .position import PHASES, position_of
from .replay import apply_action
from .rules import betting, race as racing
from .rules.agreements import DEFAULTS, Options
from .rules.cards import SUITS
from .rules.session import new_table
from .rules.state import BETTING, LAYING, OVER, RACING, SETTLED, TableState

PROBE_TARGET = 20
# The race's opening (the lay) decides these; a probe whose first step is a lay counts only for them.
OPENING = {"CRD-TRACK-1", "CRD-TRACK-2", "CRD-TRACK-3", "CRD-TRACK-4", "CRD-TRACK-5", "CRD-TRACK-6", "CRD-FAQ-3",
           "CRD-COUNT-1", "CRD-ODDS-1", "CRD-ODDS-2", "CRD-BET-2"}
GAMES = 400              # seeds tried at most; generation stops once every quota is full
MAX_FOLLOWING = 2        # steps after the first


def hash_seed(*parts: Any) -> int:
    value = 0
    for ch in "/".join(str(p) for p in parts).encode("utf-8"):
        value = (value * 131 + ch) % 2_147_483_647
    return value


def game_options(n: int) -> dict[str, Any]:
    return {"starting_balance": 5} if n % 4 == 2 else {}


def game_setup(n: int, rng: random.Random) -> tuple[TableState, float]:
    """Game n: sessions and single races in turn, some with poor banks (the cover rules bite)."""
    options = Options(**{**DEFAULTS.as_dict(), **game_options(n), "odds": DEFAULTS.odds})
    if n % 2 == 0:
        players = 3 + (n // 2) % 3
        return new_table(players, rng.randrange(players), None, options, session=True), 0.3
    players = 3 + (n // 2) % 6
    low = n % 3 == 0
    balances = [rng.randrange(0, 6) if low else rng.randrange(4, 30) for _ in range(players)]
    return new_table(players, rng.randrange(players), balances, options), 0.4


def next_lay(table: TableState, rng: random.Random, loaded: float):
    if table.race.relays == 0 and rng.random() < loaded:
        return loaded_lay(rng)
    return random_lay(rng)


def winning_index(table: TableState) -> int:
    """How many more race cards end the race (the deck order is known)."""
    positions = dict(table.race.positions)
    for index, c in enumerate(table.race.deck):
        positions[c.suit] += 1
        if positions[c.suit] >= racing.FINISH:
            return index + 1
    return len(table.race.deck)


def refusals(table: TableState, rng: random.Random) -> list[tuple[str, Any, dict]]:
    """Actions the rules refuse in this position: (the clause that refuses it, action, step)."""
    out: list[tuple[str, Any, dict]] = []
    horse = rng.choice(SUITS)
    if table.phase == LAYING:
        out += [("CRD-TRACK-3", Reveal(), {"action": "reveal"}),
                ("CRD-BET-2", PlaceBet(horse), {"action": f"bet {horse}"})]
    elif table.phase == BETTING:
        out += [("CRD-BET-5", Reveal(), {"action": "reveal"}),
                ("CRD-BET-3", PlaceBet(horse, 1, table.race.banker), {"action": f"bet {horse} by {table.race.banker}"}),
                ("CRD-BET-3", PlaceBet(horse, 2), {"action": f"bet {horse} stake 2"})]
        closed = [s for s in SUITS if s not in betting.open_horses(table)]
        if closed and table.balances[table.to_bet] >= betting.MAX_STAKE:
            h = rng.choice(closed)
            out.append(("CRD-BET-4", PlaceBet(h), {"action": f"bet {h}"}))
    elif table.phase == RACING:
        lay = random_lay(rng)
        overshoot = min(winning_index(table) + rng.randint(1, 5), 41)
        out += [("CRD-BET-6", PlaceBet(horse), {"action": f"bet {horse}"}),
                ("CRD-RACE-7", Reveal(overshoot), {"action": f"reveal {overshoot}"}),
                ("CRD-ROT-2", LayTrack(lay), {"action": "lay", "lay": lay_payload(lay)})]
    return out


def refused_under(table: TableState, action: Any) -> str | None:
    """The clause refusing the action from this table (played on a copy), or None if it stands."""
    trial = copy.deepcopy(table) if isinstance(action, Reveal) else table
    try:
        apply_action(trial, action, StepLog(), "probe")
    except IllegalAction as exc:
        return exc.clause
    if trial is table:
        raise AssertionError(f"{action} was expected to be refused and changed the table")
    return None


def play_game(n: int, rng_refusals: random.Random, wanted) -> Iterator[tuple[dict, list[tuple]]]:
    """Play game n; before each step in a position, the candidate first steps: the move played
    (with the clauses it applied) and the refusals still wanted (with their clause)."""
    rng = random.Random(hash_seed("probe-game", n))
    table, loaded = game_setup(n, rng)
    history: list[tuple[dict | None, list, Any]] = []
    while table.phase != OVER and len(history) < 2000:
        position = position_of(table) if table.phase in PHASES else None
        refused = []
        if position is not None:
            for clause, action, step in refusals(table, rng_refusals):
                if wanted(clause, True) and refused_under(table, action) == clause:
                    refused.append(((clause,), True, step))
        if table.phase in (LAYING, SETTLED):
            lay = next_lay(table, rng, loaded)
            action, step = LayTrack(lay), {"action": "lay", "lay": lay_payload(lay)}
        elif table.phase == BETTING:
            choice = rng.choice(legal_actions(table))
            action = SitOut() if choice == "sit out" else PlaceBet(choice.split()[1])
            step = {"action": choice}
        else:
            action, step = Reveal(), {"action": "reveal"}
        log = StepLog()
        apply_action(table, action, log, "play")
        history.append((position, [(tuple(log.clauses), False, step)] + refused, action))
    for index, (position, candidates, action) in enumerate(history):
        if position is None:
            continue
        following = []
        for _, later, later_action in history[index + 1:index + 1 + MAX_FOLLOWING]:
            if isinstance(later_action, LayTrack):
                break
            following.append(later[0][2])
        yield position, [(clauses, was_refused, step, [{"action": "observe"}] + following[:1] if was_refused
                          else following) for clauses, was_refused, step in candidates]


def probe_cases() -> list[dict[str, Any]]:
    quotas: Counter = Counter()
    numbers: Counter = Counter()
    cases: list[dict[str, Any]] = []
    for n in range(GAMES):
        options = game_options(n)
        rng = random.Random(hash_seed("probe-refusals", n))
        for position, candidates in play_game(n, rng, lambda c, r: quotas[(c, r)] < PROBE_TARGET):
            players = len(position["balances"])
            for clauses, was_refused, first, rest in candidates:
                opening = first["action"] == "lay" and not was_refused
                keys = [(c, was_refused) for c in clauses if c in CLAUSE_KEYS and (c in OPENING or not opening)]
                needy = [k for k in keys if quotas[k] < PROBE_TARGET]
                if not needy:
                    continue
                target = min(needy, key=lambda k: (quotas[k], k))
                for k in keys:
                    quotas[k] += 1
                clause = target[0]
                numbers[clause] += 1
                how = "is refused under" if was_refused else "applies"
                cases.append({
                    "id": f"crd-probe1-{clause.lower()}-{numbers[clause]:03d}", "kind": "probe",
                    "description": f"Probe: the first step ({first['action'][:20]}) {how} {clause}, from a "
                                   f"{position['phase']} position ({'session race' if position['session'] else 'race'}"
                                   f" {position['race']}, {players} players)",
                    "options": dict(options), "input": {"setup": {"players": players, "position": position},
                                                        "steps": [first] + rest}})
        if n >= 40 and all(q >= PROBE_TARGET for q in quotas.values()):
            break
    return sorted(cases, key=lambda c: c["id"])
