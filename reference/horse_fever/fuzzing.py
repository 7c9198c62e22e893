"""Fuzz cases for Horse Fever (issue 10): random play from a game's start, a round's start or a
position reached by play, every chance input (stables, characters, deals, movement cards, dice,
photo-finish orders) drawn through the Chooser and written out in the case, in protocol form as
the vector cases of each kind are.

    game    from the start (setup as vectors/horse_fever/game.json)
    round   from the start of a round, every value given (as round.json)
    probe   from a position reached by legal play (as probe.json; round_position.py's form)

The play mixes legal actions with refused ones, each followed by an `observe` step: a bet out of
turn (`by SEAT`), below the minimum, above the Danari held, the same side on a horse twice in the
second bets, a bet on a horse whose tokens are gone (under bet_without_token=refused), a card
not held, a card played outside the rigging, an action of a phase that is not
the current one. A refused action is only used when the reference engine refuses it (tried on a
copy of the state). Choice 0 is always the simplest: stop, legal, the first option.

The sizes come first in the chooser numbers, so that shrinking a number shrinks the case and
leaves the rest of it alone: the player count (0: two players), then the case's length in steps
(0: one step), then for a probe the length of the legal play that leads to its position (0: the
start itself), then the first player (and a round's number: 0 is the last round). Beside the kind's observation keys every step checks the bet-token pool
(`tokens`: HF-SETUP-6 and HF-BET-2 act on it), and a `payouts` step its events, whose order is
the settling order (HF-PAY-1: clockwise from the first player), and its payouts.
"""

from __future__ import annotations

from typing import Any

from reference.core.errors import InputError
from reference.core.fuzz.choices import Chooser
from reference.core.log import StepLog

from .actions import (Action, Deal, EndRound, NewOdds, Pass, Payouts, PlaceBet, PlayCard, RaceRound, Reveal,
                      protocol_form, with_by)
from .options import parse_options
from .positions import game_in_progress, race_from_setup
from .replay import check_by
from .round_position import position_of, round_under_way
from .rules.betting import VP_PENALTY, lowest_stake
from .rules.components import COLOURS, SHOW, WIN, characters, family_action_deck, movement_cards, tables
from .rules.game_end import leaders
from .rules.options import Options
from .rules.phases import ALLOWED, play
from .rules.race import photo_ties, race_round as run_race_round
from .rules.reveal import reveal_cards
from .rules.setup import new_game
from .rules.state import (DEAL, END_ROUND, FIRST_BETS, NEW_ODDS, OVER, PAYOUTS, RACE, REVEAL, RIGGING, Race,
                          SECOND_BETS, GameState)

PLAY_KINDS = ("game", "round", "probe")
# race: a race from the Start or from a race under way (reveal, race rounds); odds: the new odds
# of a board from a ranking
KINDS = PLAY_KINDS + ("race", "odds")
# The game's other kinds, and why no fuzz case is made of them (named in `horserace fuzz --help`).
NOT_FUZZED = {
    "position": "a position case is one round under way and an observe step: one play reaches, or a near miss of one "
                "that no game reaches; fuzzing already starts probe cases from positions play reaches, and a random "
                "change to a position is mostly malformed input, not a near miss",
}

# Steps written at most (legal and refused, observe steps included); a whole game is ~150 steps,
# a round ~30. A case's length is drawn from 1 to this, before anything else is played.
MAX_STEPS = {"game": 300, "round": 150, "probe": 60, "race": 40, "odds": 3}
RACE_CARDS = 13                  # action cards on the horses of a race case: 0 .. 12
RACE_START = 8                   # race rounds played before a race case starts: 0 (the Start) .. 7
REFUSE_PERCENT = 15              # a step is a refused action (then an observe) this often
CROWD_PERCENT = 30               # a bet goes on a horse already bet on this round this often (token shortages)
# Observation keys checked beside the kind's own: at every step, and at a step of that action.
CHECKED_EVERYWHERE = ["tokens"]
CHECKED_AT = {"payouts": ["events", "payouts"]}
MAX_PREFIX = 80                  # legal steps played before a probe's position is taken
DANARI_CHOICES = (1000, 0, 50, 100, 200, 300, 500, 800, 1200, 2000, 3500)
MAX_VP = 6                       # a round start's VP: 0..6 (the minimum bet and its penalty come up)
OUT_PERCENT = 10                 # a round start's seat (not the first player) has already lost the game

REFUSED_FORMS = ("out_of_turn", "below_minimum", "above_danari", "same_side_twice", "no_token", "card_not_held",
                 "card_out_of_phase", "other_phase")


def generate(choose: Chooser, kind: str, options: dict[str, Any]) -> dict[str, Any]:
    if kind not in KINDS:
        raise ValueError(f"horse_fever fuzzing makes {', '.join(KINDS)} cases, not {kind!r}")
    if kind == "race":
        return race_case(choose, options)
    if kind == "odds":
        return odds_case(choose, options)
    engine_options = parse_options(options)
    players = players_count(choose)
    length = 1 + choose.below(MAX_STEPS[kind])
    if kind == "game":
        setup = game_setup(choose, players)
        state = new_game(setup, engine_options)
    elif kind == "round":
        setup = round_setup(choose, players)
        state = game_in_progress(setup, engine_options)
    else:
        setup, state = probe_position(choose, players, engine_options)
    steps = play_steps(choose, state, length)
    return {"kind": kind, "options": dict(options), "input": {"setup": setup, "steps": steps},
            "checked_keys": [checked_keys(step) for step in steps]}


def checked_keys(step: dict[str, Any]) -> list[str]:
    return CHECKED_EVERYWHERE + CHECKED_AT.get(step["action"].split()[0], [])


# -- starts ----------------------------------------------------------------------------------

def players_count(choose: Chooser) -> int:
    return 2 + choose.below(5)                              # 2..6 players (HF-TABLE-1)


def game_setup(choose: Chooser, players: int) -> dict[str, Any]:
    first = choose.below(players)                   # before the deals: who starts shapes the whole play
    stables = choose.shuffled(COLOURS)
    chars = partial_shuffle(choose, sorted(characters()), players)
    return {"players": players, "stables": stables, "characters": chars, "first_player": first}


def round_setup(choose: Chooser, players: int) -> dict[str, Any]:
    rounds = tables().rounds[players]
    first, round_ = choose.below(players), rounds - choose.below(rounds)     # 0: the last round
    owned = partial_shuffle(choose, list(COLOURS), players)
    setup = {"players": players, "odds": {c: 2 + choose.below(6) for c in COLOURS},
             "vp": [choose.below(MAX_VP + 1) for _ in range(players)],
             "danari": [choose.pick(DANARI_CHOICES) for _ in range(players)],
             "owners": {c: seat for seat, c in enumerate(owned)}, "first_player": first,
             "round": round_, "rounds": rounds}
    out = [seat for seat in range(players) if seat != setup["first_player"] and choose.chance(OUT_PERCENT)]
    for seat in out:
        # HF-MIN-3: a seat that lost the game could not pay the 2 VP for a minimum bet it could not cover
        setup["vp"][seat] = choose.below(VP_PENALTY)
        setup["danari"][seat] = choose.below(lowest_stake(setup["vp"][seat]))
    if out:
        setup["out"] = out
    return setup


def probe_position(choose: Chooser, players: int, options: Options) -> tuple[dict[str, Any], GameState]:
    """A position reached by legal play from a game's or a round's start; 0 prefix steps is the
    start itself (a round's deal). The prefix's length is drawn first."""
    prefix = choose.below(MAX_PREFIX)
    from_game = choose.below(2) == 1
    state = (new_game(game_setup(choose, players), options) if from_game
             else game_in_progress(round_setup(choose, players), options))
    for _ in range(prefix):
        if state.phase == OVER:
            break
        action = legal_action(choose, state)
        before = state.copy()
        play(state, action, StepLog())
        if state.phase == OVER:                      # a probe starts in a round under way
            state = before
            break
    setup = position_of(state)
    return setup, round_under_way(setup, options)


def partial_shuffle(choose: Chooser, items: list[Any], count: int) -> list[Any]:
    """The first `count` items of a Fisher-Yates shuffle (all zeros keep the order)."""
    out = list(items)
    for i in range(count):
        j = i + choose.below(len(out) - i)
        out[i], out[j] = out[j], out[i]
    return out[:count]


# -- play ------------------------------------------------------------------------------------

def play_steps(choose: Chooser, state: GameState, length: int) -> list[dict[str, Any]]:
    """`length` steps (at least one: a case that compares nothing checks nothing), fewer when
    the game ends."""
    steps: list[dict[str, Any]] = []
    while len(steps) < length and state.phase != OVER:
        if len(steps) + 2 <= length and choose.chance(REFUSE_PERCENT):
            refused = refused_step(choose, state)
            if refused is not None:
                steps += [refused, {"action": "observe"}]
                continue
        action = legal_action(choose, state)
        play(state, action, StepLog())
        steps.append(protocol_form(action))
    return steps


def legal_action(choose: Chooser, state: GameState) -> Action:
    phase = state.phase
    if phase == DEAL:
        return deal(choose, state)
    if phase in (FIRST_BETS, SECOND_BETS):
        return bet(choose, state)
    if phase == RIGGING:
        return PlayCard(choose.pick(sorted(state.players[state.to_play].hand)), choose.pick(COLOURS))
    if phase == REVEAL:
        return Reveal()
    if phase == RACE:
        return race_round(choose, state)
    if phase == PAYOUTS:
        return Payouts()
    if phase == NEW_ODDS:
        return NewOdds()
    if phase == END_ROUND:
        top = leaders(state) if state.round >= state.rounds else []
        return EndRound(choose.pick(top) if len(top) > 1 else None)
    raise RuntimeError(f"no action in phase {phase}")


def deal(choose: Chooser, state: GameState) -> Deal:
    """HF-SETUP-5: the shuffled action deck, two cards to each player still in (HF-DEAL-1)."""
    dealt = 2 * len(state.in_game())
    cards = iter(partial_shuffle(choose, list(family_action_deck()), dealt))
    return Deal({"hands": [[] if p.out else [next(cards), next(cards)] for p in state.players]})


def bet_choices(state: GameState, seat: int) -> list[tuple[str, str]]:
    taken = {(b.horse, b.side) for b in state.bets if b.player == seat}
    open_ = [c for c in COLOURS if state.tokens[c] > 0 or state.options.bet_without_token == "allowed"]
    return [(c, s) for c in open_ for s in (WIN, SHOW) if (c, s) not in taken]


def stakes(state: GameState, seat: int) -> list[int]:
    player = state.players[seat]
    low = lowest_stake(player.vp)
    return list(dict.fromkeys(a for a in (low, low + 100, 2 * low, player.danari // 2, player.danari)
                              if low <= a <= player.danari))


def bet(choose: Chooser, state: GameState) -> Action:
    seat = state.to_play
    choices = bet_choices(state, seat)
    amounts = stakes(state, seat)
    if state.phase == SECOND_BETS and (not choices or not amounts or choose.below(2) == 0):
        return Pass()                                # HF-BET2-3: the simplest second bet is none
    backed = {b.horse for b in state.bets}
    crowd = [(c, s) for c, s in choices if c in backed]
    if crowd and choose.chance(CROWD_PERCENT):       # the horse others back: its tokens run out (HF-BET-2)
        choices = crowd
    horse, side = choose.pick(choices)
    return PlaceBet(horse, side, choose.pick(amounts))


def race_round(choose: Chooser, state: GameState) -> RaceRound:
    return race_round_of(choose, state.race, state.options)


def race_round_of(choose: Chooser, race: Race, options: Options) -> RaceRound:
    """The next movement card from what is left of the deck (HF-MOVE-1, HF-INT-14), two sprint
    dice (HF-TABLE-4) and the first player's order for each photo finish (HF-PHOTO-2)."""
    deck = sorted(movement_cards())
    this_deck = set(race.movement_seen[len(race.movement_seen) - len(race.movement_seen) % len(deck):])
    card = choose.pick([n for n in deck if n not in this_deck])
    dice = [choose.pick(COLOURS), choose.pick(COLOURS)]
    photo: list[str] = []
    for group in photo_ties(race, card, dice, options):
        photo += choose.shuffled(list(group))
    return RaceRound(card, dice, photo or None)


# -- refused actions -------------------------------------------------------------------------

def refused_step(choose: Chooser, state: GameState) -> dict[str, Any] | None:
    """A step the rules refuse in this state, or None when the chosen form has none here or the
    engine would accept it."""
    form = choose.pick(applicable_forms(state))
    made = refused_form(choose, state, form)
    if made is None:
        return None
    action, seat = made
    if not engine_refuses(state, action, seat):
        return None
    step = protocol_form(action)
    step["action"] = with_by(step["action"], seat)
    return step


def applicable_forms(state: GameState) -> list[str]:
    """The refused forms that can arise in this phase (the phase-independent one first)."""
    phase = state.phase
    allowed = {"other_phase", "card_out_of_phase"} if phase != RIGGING else {"other_phase", "card_not_held"}
    if state.to_play is not None:
        allowed.add("out_of_turn")
    if phase in (FIRST_BETS, SECOND_BETS):
        allowed |= {"below_minimum", "above_danari"}
    if phase == SECOND_BETS and any(b.player == state.to_play for b in state.bets):
        allowed.add("same_side_twice")
    if phase in (FIRST_BETS, SECOND_BETS) and without_tokens(state):
        allowed.add("no_token")
    return [form for form in REFUSED_FORMS if form in allowed]


def refused_form(choose: Chooser, state: GameState, form: str) -> tuple[Action, int | None] | None:
    seat = state.to_play
    betting = state.phase in (FIRST_BETS, SECOND_BETS)
    if form == "out_of_turn" and seat is not None:
        others = [s for s in range(len(state.players)) if s != seat]
        action = bet_or_card(choose, state, seat)
        return action, choose.pick(others)
    if form == "below_minimum" and betting:
        player = state.players[seat]
        return PlaceBet(choose.pick(COLOURS), choose.pick((WIN, SHOW)), lowest_stake(player.vp) - 1), None
    if form == "above_danari" and betting:
        player = state.players[seat]
        amount = max(player.danari + 1 + 100 * choose.below(3), lowest_stake(player.vp))
        return PlaceBet(choose.pick(COLOURS), choose.pick((WIN, SHOW)), amount), None
    if form == "same_side_twice" and state.phase == SECOND_BETS:
        mine = [b for b in state.bets if b.player == seat]
        amounts = stakes(state, seat)
        if mine and amounts:
            taken = choose.pick(mine)
            return PlaceBet(taken.horse, taken.side, choose.pick(amounts)), None
    if form == "no_token" and betting and without_tokens(state):
        amounts = stakes(state, seat)
        if amounts:
            return PlaceBet(choose.pick(without_tokens(state)), choose.pick((WIN, SHOW)), choose.pick(amounts)), None
    if form == "card_not_held" and state.phase == RIGGING:
        hand = state.players[seat].hand
        return PlayCard(choose.pick([c for c in family_action_deck() if c not in hand]), choose.pick(COLOURS)), None
    if form == "card_out_of_phase" and state.phase != RIGGING:
        held = sorted(state.players[seat].hand) if seat is not None else []
        card = choose.pick(held or list(family_action_deck()))
        return PlayCard(card, choose.pick(COLOURS)), None
    if form == "other_phase":
        return choose.pick([a for a in other_phase_actions(state) if not isinstance(a, ALLOWED[state.phase])]), None
    return None


def without_tokens(state: GameState) -> list[str]:
    """The horses whose bet tokens are gone, when a bet needs one (HF-BET-2)."""
    if state.options.bet_without_token != "refused":
        return []
    return [c for c in COLOURS if state.tokens[c] == 0]


def bet_or_card(choose: Chooser, state: GameState, seat: int) -> Action:
    """What the seat whose turn it is could do, claimed by another seat."""
    if state.phase == RIGGING:
        return PlayCard(choose.pick(sorted(state.players[seat].hand)), choose.pick(COLOURS))
    choices = bet_choices(state, seat) or [(COLOURS[0], WIN)]
    horse, side = choose.pick(choices)
    return PlaceBet(horse, side, choose.pick(stakes(state, seat) or [lowest_stake(state.players[seat].vp)]))


def other_phase_actions(state: GameState) -> list[Action]:
    """One action of each phase (the deal with a well-formed deal of the first cards)."""
    deck = iter(family_action_deck())
    hands = [[] if p.out else [next(deck), next(deck)] for p in state.players]
    low = max(lowest_stake(p.vp) for p in state.players)
    return [Reveal(), Payouts(), NewOdds(), EndRound(), Pass(), Deal({"hands": hands}),
            PlaceBet(COLOURS[0], WIN, low), RaceRound(sorted(movement_cards())[0], [COLOURS[0], COLOURS[1]], None)]


def engine_refuses(state: GameState, action: Action, seat: int | None) -> bool:
    """Whether the reference refuses the action (tried on a copy: the state is not touched)."""
    trial = state.copy()
    try:
        check_by(trial, seat, "action")
        play(trial, action, StepLog())
    except InputError:
        return True
    return False



# -- the race and odds kinds -------------------------------------------------------------------

def race_case(choose: Chooser, options: dict[str, Any]) -> dict[str, Any]:
    """A race (the `race` kind, as race.json): the case's length first, then the race rounds
    already played (0: the Start) and the number of action cards on the horses, then the odds
    board, the cards and where they lie. A race under way is written as the race setup takes
    it (the revealed cards still in effect, the odds they left, positions, ranking, the movement
    cards seen). The steps reveal the cards (from the Start) and run race rounds to the end; now
    and then a refused step: a second reveal (HF-REVEAL-1), a race round before the reveal
    (HF-REVEAL-1) or after the race is over (HF-RANK-6), a movement card already revealed from
    this deck (HF-MOVE-1), each followed by an `observe` step."""
    engine = parse_options(options)
    length = 1 + choose.below(MAX_STEPS["race"])
    played = choose.below(RACE_START)
    count = choose.below(RACE_CARDS)
    setup: dict[str, Any] = {"odds": {c: 2 + choose.below(6) for c in COLOURS}, "cards": {}}
    for card in partial_shuffle(choose, list(family_action_deck()), count):
        setup["cards"].setdefault(choose.pick(COLOURS), []).append(card)
    race = race_from_setup(setup)
    if played:
        reveal_cards(race, engine, StepLog())
        for _ in range(played):
            action = race_round_of(choose, race, engine)
            after = race.copy()
            run_race_round(after, action.card, action.dice, action.photo, engine, StepLog())
            if after.is_over():
                break                               # a race case starts before its end
            race = after
        setup = race_setup_of(race)
        race = race_from_setup(setup)
    steps: list[dict[str, Any]] = []
    while len(steps) < length and (not race.is_over() or (len(steps) + 2 <= length and choose.chance(50))):
        if len(steps) + 2 <= length and (race.is_over() or choose.chance(REFUSE_PERCENT)):
            refused = refused_race_step(choose, race, engine)
            if refused is not None:
                steps += [refused, {"action": "observe"}]
                continue
            if race.is_over():
                break
        if not race.revealed:
            reveal_cards(race, engine, StepLog())
            steps.append({"action": "reveal"})
            continue
        action = race_round_of(choose, race, engine)
        run_race_round(race, action.card, action.dice, action.photo, engine, StepLog())
        steps.append(protocol_form(action))
    return {"kind": "race", "options": dict(options), "input": {"setup": setup, "steps": steps}}


def race_setup_of(race: Race) -> dict[str, Any]:
    """A race under way in the form of the `race` kind's setup."""
    return {"odds": dict(race.odds), "cards": {c: list(race.cards[c]) for c in COLOURS if race.cards[c]},
            "race_rounds_played": race.rounds_played, "movement_cards": list(race.movement_seen),
            "positions": dict(race.positions), "ranking": list(race.ranking)}


def refused_race_step(choose: Chooser, race: Race, options: Options) -> dict[str, Any] | None:
    """A step the rules refuse in this race, or None when the chosen one would be taken."""
    forms: list[Action] = [Reveal() if race.revealed else race_round_of(choose, race.copy(), options)]
    if race.revealed and race.movement_seen:
        dice = [choose.pick(COLOURS), choose.pick(COLOURS)]
        forms.append(RaceRound(choose.pick(race.movement_seen), dice, None))
    if race.is_over():
        forms.append(RaceRound(sorted(movement_cards())[0], [COLOURS[0], COLOURS[1]], None))
    action = choose.pick(forms)
    trial = race.copy()
    try:
        if isinstance(action, Reveal):
            if trial.revealed:
                raise InputError("action", "the cards are already face up", "HF-REVEAL-1")
            reveal_cards(trial, options, StepLog())
        else:
            run_race_round(trial, action.card, action.dice, action.photo, options, StepLog())
    except InputError:
        return protocol_form(action)
    return None


def odds_case(choose: Chooser, options: dict[str, Any]) -> dict[str, Any]:
    """The new odds of a board from a ranking (the `odds` kind, as odds.json): the board, the
    ranking (all zeros: the colours in order), the `new_odds` step, and now and then a second
    one, refused (HF-NEWODDS-1: the odds are set once), then an `observe` step."""
    setup = {"odds": {c: 2 + choose.below(6) for c in COLOURS}, "ranking": choose.shuffled(list(COLOURS))}
    steps = [{"action": "new_odds"}]
    if choose.chance(REFUSE_PERCENT):
        steps += [{"action": "new_odds"}, {"action": "observe"}]
    return {"kind": "odds", "options": dict(options), "input": {"setup": setup, "steps": steps}}
