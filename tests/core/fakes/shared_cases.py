"""The vector cases that several test modules read whole, read once per test process.

Shared between the modules: a test that needs to change a case changes a copy of it."""

from functools import lru_cache

from reference.core.vectors import load_cases


@lru_cache(maxsize=None)
def every_case_of(game: str) -> tuple[dict, ...]:
    """Every case of the game's vector files, as `load_cases([game])` reads them."""
    return tuple(load_cases([game]))
