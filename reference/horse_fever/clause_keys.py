"""Which observations each clause's decision determines (Game.clause_keys): a runner that finds
a divergence at a step charges it to the clauses that step applied whose footprint best
matches what differs. Paths: an observation key, `key.field`, `events.<type>` or
`events.<type>.<field>`, or a finer path the game names inside a whole value
(attribution_paths.py): `ranking.finished` (which horses have finished) and `ranking.order`
(the order the horses both rankings hold arrived in), and at the payout `danari.win.won`,
`danari.win.lost`, `danari.show.won`, `danari.show.lost`, `danari.owner` (the same under `vp`):
the part a seat whose Danari differ played in it; outside a payout `vp.minimum`, `vp.covered`,
`vp.penalty`, `vp.out` (which decision of the minimum-bet penalty the sides disagree on);
`odds.up`, `odds.down`, `odds.level`, `odds.direction` (how the token moved from the row the
step before showed); `positions.ranked` and `positions.running` (whether the step before had
ranked the horse). A clause that decides both parts of the ranking lists both; one that
decides only one part lists that part.

A clause's list is what would change in the same step if that clause alone were misread: its
own output and what is computed from it in that step (a horse moved further may cross the
line, so a clause that moves horses also decides the ranking), not what other clauses decide
from it later. Only clauses a step can apply are listed; the setup clauses (the box, the lay,
the characters) act before the first step and are checked through the setups. The dice and
the movement cards are inputs (setup.first_player, race.card, race.dice), so the clauses that
name them (HF-MOVE-1, HF-TABLE-4) decide only whether an input is accepted and how it is shown."""

from __future__ import annotations

# a clause that changes how far a horse goes on the card, or in the sprint, also decides
# whether it reaches the line in this race round (HF-RANK-1 reads the positions it leaves) and
# how far past the line it stands (HF-FINISH-2 orders the arrivals by it): both parts of the
# ranking (attribution_paths)
RANKING = ["ranking.finished", "ranking.order"]
CARD_MOVE = ["positions", *RANKING, "events.moved"]
SPRINT = ["positions", *RANKING, "events.sprint"]
# the cards that act on reaching the line (Fustis et Radix, XIII): the horse reaches the line
# either way, so they decide how far past it the horse stands, never whether it finished
LINE_MOVE = ["positions", "ranking.order", "events.moved"]
# the effects that act only on the Start, the first card: no horse reaches the 12th space on it
# (at most 4 + 1 on the card and 3 in the sprint), so they never change the ranking
START_MOVE = ["positions", "events.moved"]
# which horses have finished this race round (attribution_paths: `ranking.finished`); whether
# the race then goes on is decided from it by HF-RANK-4/HF-RANK-6
FINISHED = ["ranking.finished", "events.finished"]
# the order of the horses that finished in one race round (`ranking.order`): their places,
# never which horses
ARRIVAL = ["ranking.order", "events.finished.place"]
# the payout (attribution_paths): the part a seat whose Danari or VP differ played in it, read
# from the bets the step before held: a win or show bet that won or lost, or a stable's owner
WIN_BETS = ["danari.win", "vp.win", "events.bet_settled"]
SHOW_BETS = ["danari.show", "vp.show", "events.bet_settled"]

CLAUSE_KEYS: dict[str, list[str]] = {
    "HF-OBJ-1": ["winner", "events.game_over"],
    # -- turn order and phases
    "HF-PLAY-2": ["first_player", "events.first_player_passed"],
    "HF-PLAY-4": ["phase"],
    "HF-DEAL-1": ["events.dealt"],
    "HF-SETUP-5": ["events.dealt"],
    "HF-BETTING-1": ["phase", "events.bets_closed"],
    # -- bets
    "HF-BET-1": ["turn", "phase", "events.first_bets_done"],          # who bets next; all must bet
    "HF-BET-2": ["bets", "events.bet_placed.token", "events.bet_placed.horse"],
    "HF-BET-3": ["bets", "danari", "events.bet_placed.side", "events.bet_placed.amount"],
    # the minimum bet, VP x 100 D (a lower stake is refused), and so whether Danari clearly below
    # or above it leave a player short (attribution_paths: `vp.minimum`)
    "HF-MIN-1": ["vp.minimum", "events.penalty.minimum"],
    # a player short of the minimum loses 2 VP: the size of the penalty (`vp.penalty`) and that
    # Danari equal to the minimum cover it (`vp.covered`)
    "HF-MIN-2": ["vp.penalty", "vp.covered", "events.penalty"],
    "HF-MIN-3": ["players_out", "vp.out", "turn", "events.player_out"],   # out instead of paying the VP
    "HF-BET2-1": ["turn"],                                            # who bets next in the second bets
    "HF-BET2-2": ["events.bet_placed.amount"],                        # (a second bet below the minimum is refused)
    "HF-BET2-3": ["turn", "events.passed"],
    "HF-BET2-4": ["bets", "events.bet_placed.side"],                  # the other side (the same side is refused)
    # -- rigging
    "HF-RIG-1": ["turn", "events.card_played.player"],
    "HF-RIG-2": ["phase"],                                            # rigging ends when no card is left
    "HF-RIG-3": ["cards_on_horses", "events.card_played"],
    "HF-RIG-4": ["cards_on_horses", "events.card_played.horse"],
    # -- the reveal: the effects that act before the race
    "HF-REVEAL-1": ["phase", "odds", "cards_on_horses", "events.cards_revealed", "events.cards_cancelled",
                    "events.cards_discarded"],
    "HF-CANCEL-1": ["cards_on_horses", "events.cards_cancelled"],
    "HF-ACT-15": ["odds", "events.odds_changed"],
    "HF-ACT-19": ["odds", "events.odds_changed"],
    "HF-ACT-16": ["cards_on_horses", "events.cards_discarded"],
    "HF-ACT-20": ["cards_on_horses", "events.cards_discarded"],
    # -- a race round: the card, the sprint, the finish
    "HF-RACE-1": ["phase", "events.race_over"],
    "HF-RACE-2": ["race_round", "positions", *RANKING, "events.movement_card", "events.moved", "events.sprint"],
    "HF-MOVE-1": ["events.movement_card"],                            # the card revealed (an input) accepted
    "HF-MOVE-2": CARD_MOVE,
    "HF-MOVECARD-1": CARD_MOVE,
    "HF-MOVE-3": CARD_MOVE,
    "HF-MOVE-4": [*CARD_MOVE, "events.sprint"],                       # the sprint after every card move
    "HF-START-1": [*START_MOVE, "events.movement_card.start"],
    "HF-ACT-1": START_MOVE,
    "HF-ACT-2": START_MOVE,
    "HF-ACT-6": LINE_MOVE,
    "HF-ACT-7": CARD_MOVE,
    "HF-ACT-8": START_MOVE,
    "HF-ACT-9": START_MOVE,
    "HF-ACT-13": LINE_MOVE,
    "HF-ACT-14": CARD_MOVE,
    "HF-RANK-5": ["positions.ranked", "events.moved"],                # a ranked horse is not moved by the card
    "HF-SPRINT-1": SPRINT,
    "HF-SPRINT-2": SPRINT,
    # a ranked horse does not sprint (attribution_paths: `positions.ranked`): no ranking change
    "HF-SPRINT-3": ["positions.ranked", "events.sprint_lost", "events.sprint"],
    "HF-ACT-3": SPRINT,
    "HF-ACT-4": SPRINT,
    "HF-ACT-10": SPRINT,
    "HF-ACT-11": SPRINT,
    "HF-TABLE-4": ["events.sprint.horse", "events.sprint_lost.horse"],  # the dice (an input) accepted
    "HF-RANK-1": FINISHED,
    "HF-FINISH-1": FINISHED,
    "HF-TABLE-3": FINISHED,
    "HF-RANK-2": ARRIVAL,
    "HF-RANK-3": ARRIVAL,
    "HF-RANK-4": ["phase"],
    "HF-RANK-6": ["phase", "events.race_over"],
    "HF-FINISH-2": [*ARRIVAL, "events.finished.past_line"],
    "HF-PHOTO-1": ARRIVAL,
    "HF-PHOTO-2": ARRIVAL,
    "HF-ACT-5": ARRIVAL,
    "HF-ACT-12": ARRIVAL,
    # -- payouts
    # HF-PAY-1 settles every bet: the stake of a lost bet stays with the bank (it was taken when
    # the bet was made, HF-PAYF-1); what a winning bet pays is HF-WIN-1's, HF-SHOW-1's and HF-PAYF-1's
    "HF-PAY-1": ["danari.win.lost", "danari.show.lost", "events.bet_settled"],
    "HF-WIN-1": WIN_BETS,                                             # whether a win bet won; 3 VP, odds
    "HF-SHOW-1": SHOW_BETS,                                           # whether a show bet won; 1 VP, x2
    "HF-PAYF-1": ["danari.win.won", "events.bet_settled.returned"],   # what a winning win bet hands back
    # the stable owners' prizes (600/400/200 D), and whether an owner also gets a VP: the reading
    # of this clause's "the related VP" that HF-INT-2 settles
    "HF-PAY-2": ["danari.owner", "vp.owner", "events.owner_prize"],
    # -- new odds
    "HF-NEWODDS-1": ["phase", "odds.direction", "events.new_odds"],
    "HF-NEWODDS-2": ["odds.up", "events.new_odds"],                   # a token moved up one row
    "HF-NEWODDS-3": ["odds.down", "events.new_odds"],                 # down one row
    "HF-NEWODDS-4": ["odds.level", "events.new_odds"],                # kept on its row
    "HF-NEWODDS-5": ["events.new_odds"],                              # the order the tokens are worked through
    # a permission (rows may be shared, others left empty): where each token goes is decided by
    # HF-NEWODDS-2..4; it decides only that the row a token moves onto may be held already
    "HF-ODDS-4": ["events.new_odds.after"],
    # -- end of the round and of the game
    "HF-END-1": ["phase", "round", "positions", "ranking", "events.round_ended"],
    "HF-END-2": ["first_player", "events.first_player_passed"],
    "HF-END-3": ["phase", "round", "events.game_over"],
    "HF-GAMEEND-1": ["winner", "events.game_over"],
    "HF-GAMEEND-2": ["winner", "events.game_over"],
    "HF-GAMEEND-3": ["winner", "events.game_over"],
}
