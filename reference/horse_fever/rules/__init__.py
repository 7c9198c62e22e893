"""The rules of Horse Fever, the family game, and nothing else: seed 004 (es) read paragraph by
paragraph, with the facts of shared/horse-fever-components.md. Every decision carries its clause
id (clauses.yaml) as a `# HF-...:` comment on the block that makes it.

In the order of the text:

    components     Componentes; the cards and tables the text names (data handed in by the machinery)
    setup          El juego familiar, Preparar
    seating        Como se juega: clockwise from the first player
    phases         the four phases of a round and the parts of the betting phase
    deal           1. Fase de negociación
    betting        2. Fase de apuestas: first bets, the odds, the minimum bet, win and show, second bets
    rigging        Arreglando la carrera
    reveal         3. Fase de carrera: Revelar las cartas de acción
    race           La carrera, Rondas de carrera
    movement       the movement card, the Start and the cards that change a move
    sprint         Inicio y Sprint
    ranking        La clasificación, Línea de meta y foto de llegada
    payouts        Pagos
    new_odds       Nuevo orden de probabilidades
    end_of_round   4. Fin de la fase de ronda
    game_end       Fin del juego

Beside them: state (the game and the race as plain data), actions (what a step can do), options
(the readings of open points, interpretations.yaml) and log (what a rule records).
The rules import only the standard library, this package and reference.core.errors.
"""
