"""Reading the component data (data/*.yaml, each validated by its schema) for the rules.

The rules never read files: `rules.components` asks this module's loader, installed when the
package is imported, for the cards and tables.
"""

from __future__ import annotations

from functools import lru_cache

from reference.core import schemas
from reference.core.paths import display_path, package_folder
from reference.core.yamlsource import load_yaml_file

from .rules import components
from .rules.components import ActionCard, Character, ComponentData, MovementCard, Tables

DATA_DIR = package_folder(__package__) / "data"


def _load(name: str, schema: str):
    path = DATA_DIR / name
    doc = load_yaml_file(path)
    doc.path = display_path(path)
    schemas.check(doc.data, schema, doc)
    return doc.data


@lru_cache(maxsize=1)
def load_components() -> ComponentData:
    movement = _load("movement_cards.yaml", "horse_fever/movement_cards.schema.json")
    action = _load("action_cards.yaml", "horse_fever/action_cards.schema.json")
    chars = _load("characters.yaml", "horse_fever/characters.schema.json")
    owners = _load("stable_owners.yaml", "horse_fever/stable_owners.schema.json")
    table = _load("tables.yaml", "horse_fever/tables.schema.json")
    rows = table["by_player_count"]
    return ComponentData(
        movement_cards={c["number"]: MovementCard(c["number"], tuple(c["moves"])) for c in movement["cards"]},
        action_cards={c["number"]: ActionCard(c["number"], c["name"], c["letter"], c["kind"], c["effect"], c["star"])
                      for c in action["cards"]},
        characters={c["number"]: Character(c["number"], c["name"], c["danari"], c["owns_odds"])
                    for c in chars["characters"]},
        starred_characters=tuple(chars["starred_numbers"]),
        stable_owner_names={o["colour"]: o["name"] for o in owners["owners"]},
        tables=Tables({r["players"]: r["bet_tokens_per_colour"] for r in rows},
                      {r["players"]: r["rounds"] for r in rows}, table["finish_line"], tuple(owners["prizes"])),
    )


# the data files alone make it: a mutant's misreading cannot change it (reference.core.mutation)
load_components.same_for_every_reading = True     # type: ignore[attr-defined]
components.provide(load_components)
