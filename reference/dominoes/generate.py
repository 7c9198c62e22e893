"""Generated domino cases: random full matches, layouts, settlements and perft positions.

Every case is written out explicitly (deals, draw piles, neutral draws, every action); the
seeded generator only decides what to write. Ids are stable: `dom-gen1-...`. If the generator
ever changes what an id would contain, the `gen1` part is bumped so no id is reused.
"""

from __future__ import annotations

import random
from typing import Any

from .rules.deal import new_match
from .options import Options, as_dict
from .playout import PlayedMatch, random_match, shuffled_deal
from .rules.seating import HAND_SIZE, INDIVIDUAL, PARTNERSHIP, Seating
from .rules.tiles import DOUBLE_SIX_SET, tile_str

FORMATS = [("2p", 2, INDIVIDUAL), ("3p", 3, INDIVIDUAL), ("4p", 4, INDIVIDUAL), ("pairs", 4, PARTNERSHIP)]
# Most matches start from scores already under way, which keeps them short while every rule
# (the 61 target included) is still reached many times; a few start from zero.
MATCHES_FROM_ZERO = 4
MATCHES_UNDER_WAY = 36
OPTION_VARIANTS = [
    ("canonical", Options(symmetric_points="canonical")),
    ("endturn", Options(continuation_when_unable="end_turn")),
    ("noopencont", Options(opening_continues=False)),
    ("optional", Options(continuation="optional")),
]
MATCHES_PER_VARIANT = 8


def deal_payload(hands, pile, opener) -> dict[str, Any]:
    payload = {"hands": [[tile_str(t) for t in h] for h in hands], "draw_pile": [tile_str(t) for t in pile]}
    if opener is not None:
        payload["opener"] = opener
    return payload


def match_input(played: PlayedMatch, scores: list[int]) -> dict[str, Any]:
    deals = iter(played.deals)
    first = next(deals)
    steps = []
    for step in played.steps[1:]:
        if step.action == "deal":
            steps.append({"action": "deal", "deal": deal_payload(*next(deals))})
        else:
            steps.append({"action": step.action})
    setup = {"players": played.players, "mode": played.mode, "scores": scores, "deal": deal_payload(*first)}
    return {"setup": setup, "steps": steps}


def start_scores(rng: random.Random, sides: int, from_zero: bool) -> list[int]:
    return [0] * sides if from_zero else [rng.randrange(30, 61) for _ in range(sides)]


def match_cases() -> list[dict[str, Any]]:
    cases = []
    for name, players, mode in FORMATS:
        sides = Seating(players, mode).sides
        for n in range(MATCHES_FROM_ZERO + MATCHES_UNDER_WAY):
            seed = hash_seed("match", name, n)
            scores = start_scores(random.Random(seed + 1), sides, n < MATCHES_FROM_ZERO)
            played = random_match(seed, players, mode, scores=scores)
            cases.append({"id": f"dom-gen1-match-{name}-{n + 1:03d}", "kind": "match",
                          "description": f"Random {name} match from scores {scores} (seed {seed})",
                          "options": {}, "input": match_input(played, scores)})
        for variant, options in OPTION_VARIANTS:
            for n in range(MATCHES_PER_VARIANT // 4 if name != "2p" else MATCHES_PER_VARIANT):
                seed = hash_seed("variant", name, variant, n)
                scores = start_scores(random.Random(seed + 1), sides, False)
                played = random_match(seed, players, mode, options=options, scores=scores)
                cases.append({"id": f"dom-gen1-match-{name}-{variant}-{n + 1:03d}", "kind": "match",
                              "description": f"Random {name} match under {variant_options(options)}",
                              "options": variant_options(options), "input": match_input(played, scores)})
    return cases


def variant_options(options: Options) -> dict[str, Any]:
    default = as_dict(Options())
    return {k: v for k, v in as_dict(options).items() if v != default[k]}


def layout_cases(count: int = 60) -> list[dict[str, Any]]:
    """The placements of random rounds as layout cases (function level: points and counts)."""
    cases = []
    for n in range(count):
        seed = hash_seed("layout", n)
        name, players, mode = FORMATS[n % len(FORMATS)]
        played = random_match(seed, players, mode, scores=[55] * Seating(players, mode).sides)
        placements = []
        for step in played.steps[1:]:
            if step.action == "deal":
                break
            if step.action.startswith("place"):
                placements.append({"action": step.action})
        cases.append({"id": f"dom-gen1-layout-{n + 1:03d}", "kind": "layout",
                      "description": f"The {len(placements)} placements of a random {name} round (seed {seed})",
                      "options": {}, "input": {"setup": {}, "steps": placements}})
    return cases


def cut_hands(tiles: list, sizes: list[int]) -> list[list[str]]:
    """Hands of the given sizes dealt in turn from the top of shuffled `tiles` (a settlement's
    remaining hands, written out)."""
    hands, at = [], 0
    for size in sizes:
        hands.append([tile_str(t) for t in tiles[at:at + size]])
        at += size
    return hands


def settlement_cases(count: int = 80) -> list[dict[str, Any]]:
    """Random remaining hands settled after a domino or a block, with scores near the target."""
    cases = []
    for n in range(count):
        rng = random.Random(hash_seed("settlement", n))
        name, players, mode = FORMATS[n % len(FORMATS)]
        tiles = list(DOUBLE_SIX_SET)
        rng.shuffle(tiles)
        sizes = [rng.randint(1, HAND_SIZE[players]) for _ in range(players)]
        blocked = n % 3 == 0
        last = None if blocked else rng.randrange(players)
        if last is not None:
            sizes[last] = 0
        hands = cut_hands(tiles, sizes)
        sides = Seating(players, mode).sides
        scores = [rng.randrange(40, 61) for _ in range(sides)]
        setup = {"players": players, "mode": mode, "scores": scores, "hands": hands,
                 "end": "blocked" if blocked else "domino"}
        if last is not None:
            setup["last_player"] = last
        cases.append({"id": f"dom-gen1-settlement-{n + 1:03d}", "kind": "settlement",
                      "description": f"{name}: settle a {'blocked round' if blocked else 'domino by seat %d' % last}",
                      "options": {}, "input": {"setup": setup, "steps": [{"action": "settle"}]}})
    return cases


def tied_block_cases(count: int = 24) -> list[dict[str, Any]]:
    """Blocked rounds where two or more sides tie for the lowest remaining sum (DOM-TIE-1/2),
    with scores close enough to the target that tied winners often pass 61 together."""
    from .rules.settlement import side_pips
    from .rules.tiles import hand_pips
    cases = []
    for n in range(count):
        rng = random.Random(hash_seed("tied-block", n))
        name, players, mode = FORMATS[n % len(FORMATS)]
        seating = Seating(players, mode)
        while True:                       # draw hands until the lowest sum is tied
            tiles = list(DOUBLE_SIX_SET)
            rng.shuffle(tiles)
            sizes = [rng.randint(1, 3) for _ in range(players)]
            hands, at = [], 0
            for size in sizes:
                hands.append(tiles[at:at + size])
                at += size
            sums = side_pips(seating, hands) if mode == PARTNERSHIP else [hand_pips(h) for h in hands]
            if sums.count(min(sums)) >= 2:
                break
        scores = [rng.randrange(45, 61) for _ in range(seating.sides)]
        setup = {"players": players, "mode": mode, "scores": scores,
                 "hands": [[tile_str(t) for t in h] for h in hands], "end": "blocked"}
        cases.append({"id": f"dom-gen1-settlement-tied-{n + 1:03d}", "kind": "settlement",
                      "description": f"{name}: settle a blocked round with tied lowest sums",
                      "options": {}, "input": {"setup": setup, "steps": [{"action": "settle"}]}})
    return cases


PERFT_POSITIONS = [  # (format, seed, actions played first, depth)
    ("2p", 1, 0, 6), ("3p", 2, 0, 6), ("4p", 3, 0, 6), ("pairs", 4, 0, 6),
    ("2p", 5, 6, 6), ("3p", 6, 8, 6), ("4p", 7, 10, 6), ("pairs", 8, 12, 6),
]


def perft_cases() -> list[dict[str, Any]]:
    cases = []
    formats = {name: (players, mode) for name, players, mode in FORMATS}
    for index, (name, seed, moves, depth) in enumerate(PERFT_POSITIONS):
        players, mode = formats[name]
        rng = random.Random(hash_seed("perft", seed))
        hands, pile, _ = shuffled_deal(rng, players, None)
        opener = rng.randrange(players)
        played_moves = first_moves(players, mode, hands, pile, opener, moves, rng)
        setup = {"players": players, "mode": mode, "deal": deal_payload(hands, pile, opener),
                 "moves": played_moves}
        cases.append({"id": f"dom-gen1-perft-{index + 1:03d}", "kind": "perft",
                      "description": f"Perft to depth {depth}: {name}, {len(played_moves)} actions into the round",
                      "options": {}, "input": {"setup": setup, "steps": [{"action": "perft", "depth": depth}]}})
    return cases


def first_moves(players, mode, hands, pile, opener, count, rng) -> list[str]:
    from reference.core.log import StepLog
    from .rules.deal import deal_round
    from .rules.turns import legal_actions, play
    match = new_match(players, mode)
    deal_round(match, hands, pile, opener, StepLog())
    moves = []
    while len(moves) < count and match.phase in ("play", "place_drawn"):
        action = rng.choice(legal_actions(match))
        play(match, action, StepLog())
        moves.append(str(action))
    return moves


def hash_seed(*parts: Any) -> int:
    """A stable seed from readable parts (Python's hash() is salted per process)."""
    text = "/".join(str(p) for p in parts)
    value = 0
    for ch in text.encode("utf-8"):
        value = (value * 131 + ch) % 2_147_483_647
    return value


def generate_cases() -> list[dict[str, Any]]:
    from .probes import probe_cases
    return (layout_cases() + settlement_cases() + tied_block_cases() + match_cases() + perft_cases()
            + probe_cases())
