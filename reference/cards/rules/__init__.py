"""The rules of Horse Race cards (seed 003, es), and nothing else.

Modules in the order of the text:

    cards       02  the pack, the four aces as horses
    seating     02  three or more people, one banks; 03 the others bet; 05 the bank passes clockwise
    track       02  the aces at 0, the seven-card track, the race deck, the re-lay of a loaded track
    odds        03  the posted net odds by track count
    betting     03  equal balances, posting, one horse one chip, the bank's cover, choices fixed
    race        04  revealing race cards, moving by suit, crossing the line
    settlement  05  losing stakes to the bank, winners paid stake plus net odds
    session     05  the table's flow: laying, revealing, settling, rotating the bank, the session's end
    state       the plain data of a table and its race
    agreements  what the table agrees where the text leaves a point open (interpretations)

Each clause of reference/cards/clauses.yaml that is not waived has exactly one marker comment
(the clause id, a colon, a few words) on the block that decides it. This package imports only the standard library, its own modules and
reference.core.errors; the suite's machinery (replay, observation, vectors, mutants, diagrams,
narration) lives beside it and imports it, never the other way.
"""
