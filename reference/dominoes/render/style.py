"""Sizes, colours and fonts of the drawing (pixels unless said otherwise)."""

PAD = 24
ORANGE = "#ff8c00"               # branching doubles
BLUE = "#1d4ed8"                 # counted contributions and open points
INK = "#1f2937"
TILE_FILL = "#fffdf4"
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
MIN_WIDTH = 520

PIPS = {                         # (along, across) offsets in half-units of a tile half
    0: (), 1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
}
