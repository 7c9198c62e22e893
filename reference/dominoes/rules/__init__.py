"""The rules of Horse Race dominoes, and nothing else (seeds 000 es, 001 pt, 002 pl).

Modules in the order of the texts' sections:
  tiles, seating   "Jugadores, fichas y puntuación"   the set, players, sides, deal sizes
  points           the scoring unit and the target (DOM-SCORE-1), placement points
  deal             dealing and "Empezar la ronda"     DOM-DEAL-*, DOM-OPEN-1/2/5/6
  layout           "Colocar una ficha", "Cada doble puede ramificarse": joining, doubles,
                   counted ends (DOM-PLACE-*, DOM-DBL-*, DOM-COUNT-*, DOM-PTS-1)
  turns            a placement and what follows it, step by step (DOM-OPEN-3/4, DOM-PTS-*)
  continuation     "... y continuar el turno" (DOM-CONT-*)
  drawing          "Robar o pasar el turno" (DOM-DRAW-*, DOM-PASS-1, DOM-BLOCK-1)
  settlement       "Liquidación de puntos de la ronda", "Empate entre las menores sumas"
  match            "Ganar la partida y anotar los puntos" (DOM-MATCH-*, DOM-END-1)
plus the plain data they share: state (the match and round), moves (the four actions) and
interpretations (the options for points the texts leave open, DOM-INT-*).

Every rule is decided in one named function or block carrying a `# DOM-...:` comment.
These modules import only the standard library, each other and `reference.core.errors`;
the suite's machinery (replay, vectors, mutants, diagrams, narration) imports them.
Functions that take a `log` receive the step's record (`reference.core.log.StepLog`):
`log.event(type, clause, **fields)` and `log.rule(*clauses)`.
"""
