"""Generated card cases: the exact odds of every track composition, lays judged on their own,
random races and random sessions. Every case is written out explicitly (each lay as card
lists, every bet and reveal); the seeded generator only decides what to write. Ids are stable:
`crd-gen1-...`; if the generator ever changes what an id would contain, `gen1` is bumped so no
id is reused. Also: the observation keys a vector checks, and the interpretation flags."""

from __future__ import annotations

import random
import re
from typing import Any

from reference.core.game import CaseInput
from reference.core.replay_context import vector_replays
from reference.core.vectors import REPLAYED

from .exact import all_compositions, legal_compositions
from .notation import SUIT_SYMBOLS, lay_payload
from .playout import loaded_lay, random_game, random_lay
from .position_checks import position_cases
from .probes import probe_cases
from .replay import replay
from .rules.agreements import DEFAULTS, Options
from .rules.cards import RANKS, SUITS

TABLE_KEYS = ["phase", "odds", "bets", "positions", "deck_size", "last_card", "settlement", "balances",
              "legal_actions"]
OBSERVATION_KEYS: dict[str, list[str]] = {
    "race": TABLE_KEYS + ["next_banker"],
    # the next banker is observed at the settlement that decides it (CRD-ROT-1), not first at the next lay
    "session": TABLE_KEYS + ["next_banker", "race", "banker", "session_winners"],
    # rule probes (probes.py): a race or a session's race from a position; as race, plus the session's keys
    # and the winner: at the winning card an engine that announces the winner without settling and one
    # that never sees the crossing (CRD-RACE-6 against CRD-FAQ-1) differ in nothing else a probe shows
    "probe": TABLE_KEYS + ["next_banker", "race", "banker", "session_winners", "winner"],
    # position checks (position_checks.py): a position observed, or refused when no play reaches it
    "position": TABLE_KEYS + ["next_banker", "race", "banker", "session_winners"],
    "layout": ["track_counts", "available", "must_relay", "relay_suit", "odds"],
    "odds": ["track_counts", "available", "must_relay", "odds", "win_probability", "fair_odds", "expected_value",
             "relay_probability"],
}

RACES = 24
SESSIONS = [  # (players, first banker, options)
    (3, 0, {}), (4, 1, {}), (3, 2, {"starting_balance": 5}), (5, 3, {"starting_balance": 5}),
    (4, 2, {"starting_balance": 5, "bank_cover": "net"}), (4, 0, {"starting_balance": 5, "when_uncovered": "owe"}),
    (3, 1, {"odds": [2, 3, 4, 6, 12]}), (4, 3, {"starting_balance": 10}),
]
LAYOUTS = 12


def hash_seed(*parts: Any) -> int:
    """A stable seed from readable parts (Python's hash() is salted per process)."""
    value = 0
    for ch in "/".join(str(p) for p in parts).encode("utf-8"):
        value = (value * 131 + ch) % 2_147_483_647
    return value


def counts_name(counts: dict[str, int]) -> str:
    return "".join(f"{s.lower()}{counts[s]}" for s in SUITS)


def odds_cases() -> list[dict[str, Any]]:
    """Every composition that stands (80), and one of each loaded shape (a horse that cannot finish)."""
    loaded = [c for c in all_compositions() if max(c.values()) >= 5 and c["S"] >= 5]
    cases = []
    for counts in legal_compositions() + loaded:
        cases.append({"id": f"crd-gen1-odds-{counts_name(counts)}", "kind": "odds",
                      "description": "Exact odds of a track with " + ", ".join(f"{counts[s]} {s}" for s in SUITS),
                      "options": {}, "input": {"setup": {"track_counts": counts}, "steps": [{"action": "observe"}]}})
    return cases


def layout_cases() -> list[dict[str, Any]]:
    cases = []
    for n in range(LAYOUTS):
        rng = random.Random(hash_seed("layout", n))
        steps = []
        for k in range(5):
            lay = loaded_lay(rng) if (n + k) % 3 == 0 else random_lay(rng)
            steps.append({"action": "lay", "lay": {"track": lay_payload(lay)["track"]}})
        cases.append({"id": f"crd-gen1-layout-{n + 1:03d}", "kind": "layout",
                      "description": "Five lays judged on their own (some loaded)", "options": {},
                      "input": {"setup": {}, "steps": steps}})
    return cases


def race_cases() -> list[dict[str, Any]]:
    cases = []
    for n in range(RACES):
        rng = random.Random(hash_seed("race", n))
        players = 3 + n % 5
        banker = rng.randrange(players)
        low = n % 4 == 3                      # a poor bank or poor bettors: the cover rules bite
        balances = [rng.randrange(0, 6) if low else rng.randrange(5, 40) for _ in range(players)]
        options: dict[str, Any] = {}
        if n % 9 == 4:
            options = {"bank_cover": "net"}
        elif n % 9 == 7:
            options = {"when_uncovered": "owe"}
        table, steps = random_game(hash_seed("race-play", n), players, banker, balances=balances,
                                   options=Options(**{**DEFAULTS.as_dict(), **options, "odds": DEFAULTS.odds}),
                                   loaded_first=0.25)
        setup = {"players": players, "banker": banker, "balances": balances}
        cases.append({"id": f"crd-gen1-race-{n + 1:03d}", "kind": "race",
                      "description": f"A random race: {players} players, seat {banker} banks, balances {balances}",
                      "options": options, "input": {"setup": setup, "steps": steps}})
    return cases


def session_cases() -> list[dict[str, Any]]:
    cases = []
    for n, (players, banker, options) in enumerate(SESSIONS):
        values = {**DEFAULTS.as_dict(), **options}
        values["odds"] = tuple(values["odds"])
        table, steps = random_game(hash_seed("session", n), players, banker, session=True,
                                   options=Options(**values), loaded_first=0.1)
        cases.append({"id": f"crd-gen1-session-{n + 1:03d}", "kind": "session",
                      "description": f"A random session: {players} players, seat {banker} banks first"
                                     + (f", options {options}" if options else ""),
                      "options": options, "input": {"setup": {"players": players, "banker": banker}, "steps": steps}})
    return cases


SHUFFLED = {"layout": 3, "race": 2}       # few: the lay lists are long (the files stay under 850 kB)


def in_shuffle_form(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The same steps with every lay written as the 48 shuffled cards, top first: the track is
    their top seven, the race deck the other 41 (CRD-TRACK-2/3)."""
    return [{**step, "lay": {"shuffle": step["lay"]["track"] + step["lay"]["deck"]}}
            if step.get("action") == "lay" else step for step in steps]


def shuffled_lay_cases() -> list[dict[str, Any]]:
    """Lays in the `shuffle` form: layouts judged lay by lay and races (some lays loaded, so a
    shuffle is laid again); the fuzzer sends the form in every table kind. An engine that takes
    the track from the wrong end of the shuffle, or deals the race deck from it wrongly, fails
    them."""
    cases = []
    for n in range(SHUFFLED["layout"]):
        rng = random.Random(hash_seed("layout-shuffle", n))
        lays = [loaded_lay(rng) if (n + k) % 3 == 0 else random_lay(rng) for k in range(5)]
        steps = in_shuffle_form([{"action": "lay", "lay": lay_payload(lay)} for lay in lays])
        cases.append({"id": f"crd-gen1-layout-shuffle-{n + 1:03d}", "kind": "layout",
                      "description": "Five lays, each given as the 48 shuffled cards, judged on their own (some loaded)",
                      "options": {}, "input": {"setup": {}, "steps": steps}})
    for n in range(SHUFFLED["race"]):
        players, banker = 3 + n, n
        table, steps = random_game(hash_seed("race-shuffle-play", n), players, banker, options=DEFAULTS,
                                   loaded_first=0.5)
        cases.append({"id": f"crd-gen1-race-shuffle-{n + 1:03d}", "kind": "race",
                      "description": f"A random race, every lay given as the 48 shuffled cards: {players} players, "
                                     f"seat {banker} banks",
                      "options": {}, "input": {"setup": {"players": players, "banker": banker},
                                               "steps": in_shuffle_form(steps)}})
    return cases


def generate_cases() -> list[dict[str, Any]]:
    return (odds_cases() + layout_cases() + race_cases() + session_cases() + shuffled_lay_cases() + probe_cases()
            + position_cases())


# -- flags ----------------------------------------------------------------------------------------

CANONICAL = {r + s for r in RANKS for s in SUITS}


def non_canonical_cards(value: Any) -> bool:
    if isinstance(value, dict):
        return any(non_canonical_cards(v) for v in value.values())
    if isinstance(value, list):
        return any(non_canonical_cards(v) for v in value)
    return isinstance(value, str) and value not in CANONICAL


def starts_a_race_without_bets(setup: dict[str, Any]) -> bool:
    """A position whose race is under way with nobody backing a horse (every bettor sat out
    before the position was taken, so no step of the case shows the empty `bets_closed`):
    the race is run all the same (CRD-INT-11)."""
    position = setup.get("position")
    return isinstance(position, dict) and position.get("phase") == "racing" \
        and not any(bet is not None for bet in position.get("bets") or [])


STAKE_WORDS = re.compile(r"\bstake (\d+)")


def stakes_another_size(steps: list[dict[str, Any]]) -> bool:
    """A step tries a stake of another size than one chip (CRD-INT-13: refused)."""
    for step in steps:
        action = step.get("action")
        found = STAKE_WORDS.search(action) if isinstance(action, str) else None
        if (found and int(found.group(1)) != 1) or (isinstance(step.get("stake"), int) and step["stake"] != 1):
            return True
    return False


def short_of_the_worst_case(view: dict[str, Any], posted: dict[str, Any]) -> bool:
    """CRD-INT-14: the bank could not pay every other seat's maximum stake at the longest posted
    odds, the check a reading made before any bet would apply."""
    odds = [o for o in posted["odds"].values() if o is not None]
    balances, banker = view.get("balances"), view.get("banker")
    if not odds or not isinstance(balances, list) or banker is None:
        return False
    return balances[banker] < (len(balances) - 1) * posted["max_bet"] * max(odds)


def flags_for(case: dict[str, Any]) -> list[str]:
    kind, options, inp = case["kind"], case.get("options") or {}, case["input"]
    flags: set[str] = set()
    if "odds" not in options and kind in ("odds", "layout", "race", "session"):
        flags.add("suggested-odds")
    if any(non_canonical_cards(s.get("lay")) for s in inp["steps"]) or non_canonical_cards(inp["setup"].get("lay")) \
            or any(isinstance(s.get("action"), str) and any(ch in s["action"] for ch in SUIT_SYMBOLS)
                   for s in inp["steps"]):
        flags.add("card-notation")
    if kind not in ("race", "session", "probe", "position"):
        return sorted(flags)
    flags.update({"bets-clockwise", "balances-at-settlement"})
    if kind == "session":
        flags.update({"one-race-per-bank", "first-banker-input"})
        if "starting_balance" not in options:
            flags.add("starting-balance")
    elif kind in ("probe", "position"):
        if inp["setup"]["position"].get("session"):
            flags.add("one-race-per-bank")
    elif "balances" not in inp["setup"] and "starting_balance" not in options:
        flags.add("starting-balance")
    if starts_a_race_without_bets(inp["setup"]):
        flags.add("race-without-bets")
    observations = case.get(REPLAYED)          # the replay vectors.finish_case already made
    if observations is None:
        with vector_replays():
            observations = [outcome.observation for outcome in
                            replay(CaseInput(kind, inp["setup"], inp["steps"], options, refusals_are_results=True))]
    for view in observations:
        types = [e["type"] for e in view.get("events", [])]
        if "relaid" in types:
            flags.add("lay-input")
        # the bank's cover (or a bettor's purse) restricted a choice: CRD-INT-1/2 decide it
        restricted = view.get("phase") == "betting" and len(view.get("legal_actions", [])) < len(SUITS)
        if restricted or view.get("error") == "CRD-BET-4":
            if options.get("when_uncovered", "refuse") == "refuse":
                flags.add("uncovered-bet-refused")
            if options.get("bank_cover", "gross") == "gross":
                flags.add("bank-cover-gross")
        for event in view.get("events", []):
            if event["type"] == "bets_closed" and not event["bets"]:
                flags.add("race-without-bets")
            if event["type"] == "odds_posted" and short_of_the_worst_case(view, event):
                flags.add("cover-checked-per-bet")
    if stakes_another_size(inp["steps"]):
        flags.add("one-chip-stake")
    return sorted(flags)
