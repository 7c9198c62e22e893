"""A round under way, given in full (the `probe` kind): the `round` setup (a game at the start of
a round) plus where the round stands - its phase, the seats still to act, the hands, the bets,
the bet-token pool and the race. `position_of` writes any state in that form, so a position
taken from play can start a case; `round_under_way` reads it back, refusing a position no game
reaches (a card twice, a bet by a seat that lost, a race in the wrong phase ...).

    phase     deal | first_bets | rigging | second_bets | reveal | race | payouts | new_odds | end_round
    to_act    the seats still to act in a betting or rigging phase, next first (while rigging a
              seat is listed once per card it still holds)
    hands     the action cards each seat holds (first bets and rigging)
    bets      [{player, horse, side, amount, second, token}] in the order placed; token: whether a
              bet token of the horse's colour lies on the bet (false: the pool of that colour was
              empty when it was placed, HF-INT-8)
    tokens    the bet-token pool, per colour: the table's tokens per colour less the bets holding one
    race      {odds, cards, revealed, race_rounds_played, movement_cards, positions, ranking}; none
              during the first bets (no card lies on a horse yet)

Facts a position leaves implicit are settled as play settles them: in the first bets the seat at
the head of to_act has already paid the short-of-minimum penalty it owed (HF-MIN-2 is settled as
soon as a first bet is due), so it covers its minimum bet.
"""

from __future__ import annotations

from typing import Any

from reference.core.errors import InputError

from .positions import (MAX_COUNT, MAX_RACE_ROUNDS, check_count, check_list, check_mapping,
                        check_odds_board, game_in_progress, key_text, read_positions, read_ranking)
from .rules import reveal
from .rules.components import (COLOURS, SHOW, WIN, parse_action_card, parse_colour,
                               parse_movement_card, shorten)
from .rules.betting import can_cover_minimum, minimum_bet
from .rules.options import Options
from .rules.race import new_race
from .rules.setup import check_seat
from .rules.state import (DEAL, END_ROUND, FIRST_BETS, NEW_ODDS, PAYOUTS, RACE, REVEAL, RIGGING, SECOND_BETS,
                          TURN_PHASES, Bet,
                          GameState)

POSITION_KEYS = ("phase", "to_act", "hands", "bets", "tokens", "race")
PHASES = (DEAL, FIRST_BETS, RIGGING, SECOND_BETS, REVEAL, RACE, PAYOUTS, NEW_ODDS, END_ROUND)
RACE_OVER_PHASES = (PAYOUTS, NEW_ODDS, END_ROUND)
HAND_PHASES = (FIRST_BETS, RIGGING)   # dealt at the deal, all played by the end of the rigging (HF-RIG-2)
MAX_BETS = 2 * 6                 # two bets a player at most (HF-BET-1, HF-BET2-1)


def position_of(state: GameState) -> dict[str, Any]:
    """The state as a probe setup: the round setup and where the round stands."""
    setup: dict[str, Any] = {
        "players": len(state.players), "odds": dict(state.odds), "vp": [p.vp for p in state.players],
        "danari": [p.danari for p in state.players], "owners": dict(state.owners),
        "first_player": state.first_player, "round": state.round, "rounds": state.rounds,
        "out": [s for s, p in enumerate(state.players) if p.out], "phase": state.phase,
    }
    if state.phase in TURN_PHASES:
        setup["to_act"] = list(state.queue)
    if state.phase in HAND_PHASES:
        setup["hands"] = [list(p.hand) for p in state.players]
    if state.bets:
        setup["bets"] = [{"player": b.player, "horse": b.horse, "side": b.side, "amount": b.amount,
                          "second": b.second, "token": b.token} for b in state.bets]
    setup["tokens"] = dict(state.tokens)
    if state.race is not None and state.phase not in (FIRST_BETS,):
        race = state.race
        setup["race"] = {"cards": {c: list(race.cards[c]) for c in COLOURS if race.cards[c]},
                         "revealed": race.revealed}
        if race.revealed:
            setup["race"].update(odds=dict(race.odds), race_rounds_played=race.rounds_played,
                                 movement_cards=list(race.movement_seen), positions=dict(race.positions),
                                 ranking=list(race.ranking))
    return setup


def round_under_way(setup: Any, options: Options) -> GameState:
    setup = check_mapping(setup, "setup", "give the round setup and its position")
    phase = setup.get("phase", DEAL)
    state = game_in_progress({k: v for k, v in setup.items() if k not in POSITION_KEYS}, options,
                             mid_round=phase != DEAL)
    if phase not in PHASES:
        raise InputError("setup.phase", f"{shorten(phase)} is not a phase of a round; phases are "
                         + ", ".join(PHASES), "HF-PLAY-4")
    state.phase = phase
    state.queue = seats_to_act(state, setup.get("to_act"))
    place_hands(state, setup.get("hands"))
    state.bets = read_bets(state, setup.get("bets"))
    state.tokens = read_tokens(state, setup.get("tokens"))
    if phase != DEAL:
        state.race = read_race(state, setup.get("race"))
    elif setup.get("race") is not None:
        raise InputError("setup.race", "before the deal no race is set out", "HF-PLAY-4")
    check_cards_once(state)
    check_token_pool(state)
    check_penalty_settled(state)
    state.ledger.danari_start += sum(b.amount for b in state.bets)
    return state


def seats_to_act(state: GameState, raw: Any) -> list[int]:
    if state.phase not in TURN_PHASES:
        if raw:
            raise InputError("setup.to_act", f"nobody takes turns in the {state.phase} phase", "HF-PLAY-4")
        return []
    seats = check_list(raw, "setup.to_act", "list the seats still to act, next first")
    if not seats:
        raise InputError("setup.to_act", f"the {state.phase} phase goes on only while a seat is still to act",
                         "HF-BETTING-1")
    out = []
    for index, seat in enumerate(seats):
        where = f"setup.to_act[{index}]"
        seat = check_seat(seat, len(state.players), where)
        if seat in out and state.phase != RIGGING:
            raise InputError(where, f"seat {seat} is listed twice", "HF-BETTING-1")
        if state.players[seat].out:
            raise InputError(where, f"seat {seat} has lost the game and takes no turn", "HF-MIN-3")
        out.append(seat)
    return out


def place_hands(state: GameState, raw: Any) -> None:
    if raw is None:
        if state.phase in HAND_PHASES:
            raise InputError("setup.hands", f"in the {state.phase} phase give the cards each seat holds", "HF-DEAL-1")
        return
    if state.phase not in HAND_PHASES:
        raise InputError("setup.hands", f"every action card has been played by the {state.phase} phase", "HF-RIG-2")
    hands = check_list(raw, "setup.hands", "give one list of action cards per seat")
    if len(hands) != len(state.players):
        raise InputError("setup.hands", f"give one hand per seat ({len(state.players)})", "HF-DEAL-1")
    for seat, hand in enumerate(hands):
        where = f"setup.hands[{seat}]"
        hand = check_list(hand, where, "give the seat's action cards, e.g. [5, 16]")
        held = 0 if state.players[seat].out else 2 if state.phase == FIRST_BETS else state.queue.count(seat)
        if len(hand) != held:
            raise InputError(where, f"{len(hand)} cards; seat {seat} holds {held} now (two are dealt to each "
                             "player still in, and played one a turn)", "HF-DEAL-1" if state.phase == FIRST_BETS
                             else "HF-RIG-2")
        state.players[seat].hand = [parse_action_card(c, f"{where}[{i}]") for i, c in enumerate(hand)]


def read_bets(state: GameState, raw: Any) -> list[Bet]:
    bets_raw = check_list(raw if raw is not None else [], "setup.bets", "list the bets placed, in order")
    if len(bets_raw) > MAX_BETS:
        raise InputError("setup.bets", f"{len(bets_raw)} bets; a player bets at most twice", "HF-BET2-1")
    if bets_raw and state.phase == DEAL:
        raise InputError("setup.bets", "before the first bets there are no bets", "HF-BET-1")
    bets: list[Bet] = []
    for index, entry in enumerate(bets_raw):
        where = f"setup.bets[{index}]"
        entry = check_mapping(entry, where, "a bet is {player, horse, side, amount, second}")
        seat = check_seat(entry.get("player"), len(state.players), f"{where}.player")
        if state.players[seat].out:
            raise InputError(f"{where}.player", f"seat {seat} has lost the game and has no bet", "HF-MIN-3")
        horse = parse_colour(entry.get("horse"), f"{where}.horse")
        side = entry.get("side")
        if side not in (WIN, SHOW):
            raise InputError(f"{where}.side", f"{shorten(side)} is not a side; use win or show", "HF-BET-3")
        amount = check_count(entry.get("amount"), f"{where}.amount", MAX_COUNT, 1, "HF-BET-3")
        second = entry.get("second", False)
        if not isinstance(second, bool):
            raise InputError(f"{where}.second", f"{shorten(second)} is not true or false")
        if second and state.phase in (FIRST_BETS, RIGGING):
            raise InputError(f"{where}.second", "no second bet before the second bets", "HF-BET2-1")
        if any(b.player == seat and b.second == second for b in bets):
            raise InputError(where, f"seat {seat} already has a {'second' if second else 'first'} bet",
                             "HF-BET2-1" if second else "HF-BET-1")
        token = entry.get("token")
        if not isinstance(token, bool):
            raise InputError(f"{where}.token", f"{shorten(token)}: say whether a bet token lies on this bet (true) "
                             "or the pool of its colour was empty when it was placed (false)", "HF-BET-2")
        bets.append(Bet(seat, horse, side, amount, second, token))
    return bets


def check_token_pool(state: GameState) -> None:
    """HF-BET-2, HF-INT-8: a bet takes a token of its horse's colour while one is left, and no
    token comes back before the payouts; so on each colour the bets holding one come first, a
    bet without one only once the pool of that colour is empty, and the pool holds the table's
    tokens less those on bets."""
    for colour in COLOURS:
        on_colour = [(index, bet) for index, bet in enumerate(state.bets) if bet.horse == colour]
        holding = sum(bet.token for _, bet in on_colour)
        if holding + state.tokens[colour] != state.tokens_per_colour:
            raise InputError(f"setup.tokens.{colour}", f"{state.tokens[colour]} left and {holding} on bets; the "
                             f"pool started the round with {state.tokens_per_colour} {colour} tokens and none "
                             "comes back before the payouts", "HF-BET-2")
        # (whether a bet without a token could be made at all is the reading of HF-INT-8: reading a
        # position consults no option, so the replays under each reading may share it)
        without = [index for index, bet in on_colour if not bet.token]
        for index, bet in on_colour:
            if bet.token and without and index > without[0]:
                raise InputError(f"setup.bets[{index}].token", f"a {colour} token lies on this bet, but an earlier "
                                 f"{colour} bet found the pool empty, and none comes back before the payouts "
                                 "(HF-INT-8)", "HF-BET-2")


def check_penalty_settled(state: GameState) -> None:
    """HF-MIN-2 is settled as soon as a first bet is due: the seat at the head of to_act has
    already paid its penalty (under every reading of HF-INT-9 it then covers its minimum, or it
    made no first bet and is not in to_act)."""
    if state.phase != FIRST_BETS or not state.queue:
        return
    seat = state.queue[0]
    if not can_cover_minimum(state, seat):
        player = state.players[seat]
        raise InputError("setup.to_act[0]", f"seat {seat} holds {player.danari} D, short of its minimum bet of "
                         f"{minimum_bet(player.vp)} D ({player.vp} VP): the short-of-minimum penalty is paid as soon "
                         "as a first bet is due, so the next seat to bet has paid it already and covers its minimum",
                         "HF-MIN-2")


def read_tokens(state: GameState, raw: Any) -> dict[str, int]:
    if raw is None:
        return dict(state.tokens)
    tokens = check_mapping(raw, "setup.tokens", "give the bet tokens left per colour, e.g. {red: 1, ...}")
    out = dict(state.tokens)
    for colour, count in tokens.items():
        where = f"setup.tokens.{key_text(colour)}"
        out[parse_colour(colour, where)] = check_count(count, where, state.tokens_per_colour, 0, "HF-SETUP-6")
    return out


def read_race(state: GameState, raw: Any) -> Any:
    """The race of the round: the cards on the horses, and once revealed the race so far."""
    race = new_race(state.odds)
    if raw is None:
        if state.phase not in (FIRST_BETS,):
            raise InputError("setup.race", f"in the {state.phase} phase give the race (its cards at least)",
                             "HF-PLAY-4")
        return race
    raw = check_mapping(raw, "setup.race", "give {odds, cards, revealed, race_rounds_played, positions, ranking}")
    if state.phase == FIRST_BETS:
        raise InputError("setup.race", "during the first bets no card lies on a horse yet", "HF-RIG-1")
    for colour, cards in check_mapping(raw.get("cards") or {}, "setup.race.cards", "give {colour: [card]}").items():
        where = f"setup.race.cards.{key_text(colour)}"
        horse = parse_colour(colour, where)
        cards = check_list(cards, where, "give the action cards on the horse, e.g. [1, 15]")
        if len(cards) > 22:
            raise InputError(where, f"{len(cards)} cards; there are 22 action cards", "HF-SETUP-3")
        race.cards[horse] = [parse_action_card(n, f"{where}[{i}]") for i, n in enumerate(cards)]
    revealed = raw.get("revealed", False)
    if not isinstance(revealed, bool):
        raise InputError("setup.race.revealed", f"{shorten(revealed)} is not true or false")
    if revealed != (state.phase in (RACE, *RACE_OVER_PHASES)):
        raise InputError("setup.race.revealed", f"the cards are face up from the reveal on; in the {state.phase} "
                         f"phase they are face {'up' if not revealed else 'down'}", "HF-REVEAL-1")
    race.revealed = revealed
    if not revealed:
        for key in ("race_rounds_played", "movement_cards", "positions", "ranking"):
            if raw.get(key):
                raise InputError(f"setup.race.{key}", "before the reveal the race has not started", "HF-REVEAL-1")
        return race
    race.odds = check_odds_board(raw.get("odds", state.odds), "setup.race.odds")
    for colour in COLOURS:
        if reveal.cancelled_pairs(race.cards[colour]):
            raise InputError(f"setup.race.cards.{colour}", "two cards with the same letter would have cancelled "
                             "at the reveal", "HF-CANCEL-1")
    race.rounds_played = check_count(raw.get("race_rounds_played", 0), "setup.race.race_rounds_played",
                                     MAX_RACE_ROUNDS)
    seen = check_list(raw.get("movement_cards", []), "setup.race.movement_cards", "list the movement cards revealed")
    if len(seen) != race.rounds_played:
        raise InputError("setup.race.movement_cards", f"list the {race.rounds_played} movement cards revealed, "
                         "in order", "HF-MOVE-1")
    race.movement_seen = [parse_movement_card(n, f"setup.race.movement_cards[{i}]").number
                          for i, n in enumerate(seen)]
    read_positions(race, raw, "setup.race")
    if race.rounds_played == 0 and any(race.positions.values()):
        raise InputError("setup.race.positions", "before the Start every horse is on its start space",
                         "HF-SETUP-10")
    read_ranking(race, raw, "setup.race")
    if race.is_over() != (state.phase in RACE_OVER_PHASES):
        raise InputError("setup.race.ranking", f"in the {state.phase} phase the race is "
                         f"{'over' if state.phase in RACE_OVER_PHASES else 'still running'}", "HF-RANK-6")
    return race


def check_cards_once(state: GameState) -> None:
    """Each action card exists once: in a hand or on a horse (HF-SETUP-3)."""
    seen: dict[int, str] = {}
    places = [(f"setup.hands[{s}]", p.hand) for s, p in enumerate(state.players)]
    if state.race is not None:
        places += [(f"setup.race.cards.{c}", state.race.cards[c]) for c in COLOURS]
    for where, cards in places:
        for index, card in enumerate(cards):
            if card in seen:
                raise InputError(f"{where}[{index}]", f"card {card} is also in {seen[card]}; there is one of each card",
                                 "HF-SETUP-3")
            seen[card] = where
