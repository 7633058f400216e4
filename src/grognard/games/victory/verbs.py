"""Every Victory action's shape, declared once (issue 21; core/verbs.py): its verb, the
names and kinds of its arguments and the rule it plays. An action stays a plain JSON
tuple, `(verb, *arguments)`; readers take its arguments by name (`args`), the RL index
(action_space.py) finds the verbs that name a block here, and the table is served
with the board data (GET /api/rulesets/victory/board-data).

Argument kinds: block (a block id, "blue-07"), hex (a hex id), land_hex (a hex with
land), water_hex (a sea or coastal hex), via (where an attack enters its hex: a
neighbouring hex, or "air"), hexside (a bridge or canal hexside, control.side_key),
board (a map board's id), unit_type (a unit type's id), factory_type (a factory's arm
type, factories.FACTORY_ARM), pp (a count of production points), target_class (A, N
or G: what a block fires at, 6.42), arm (ground, naval or air: a commander's arm),
role (a seat).

Two verbs have a short form: ("land", block) is a battle turn's choice to land an air
unit in its own hex (5.51), ("land", block, hex) its landing move elsewhere after the
battle; ("add_step", block) pays the step in the block's city, ("add_step", block,
city) from another city (9.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grognard.core.verbs import BadAction, Verb, Verbs

__all__ = ["BLOCK_VERBS", "REGISTRY", "VERBS", "BadAction", "args"]

BLOCK, HEX, TO = ("block", "block"), ("hex", "hex"), ("to", "hex")

VERBS: tuple[Verb, ...] = (
    # 1.1 the maps (option map_choice)
    Verb("pick_map", (("board", "board"),), "1.1", only="map_choice"),
    Verb("rotate_map", (("board", "board"),), "1.1", only="map_choice"),
    Verb(
        "swap_maps", (("board", "board"), ("other", "board")), "1.1", only="map_choice", index=("board_pair",)
    ),
    Verb("maps_done", (), "1.1", only="map_choice"),
    # 10.2 custom forces, 1.4 deployment, 9.1 factory set-up
    Verb("buy", (("type", "unit_type"),), "10.2"),
    Verb("buy_step", (BLOCK,), "10.2"),
    Verb("done", (), "8.2, 10.2"),
    Verb("deploy", (BLOCK, TO), "1.4"),
    Verb("default_factories", (), "9.1", only="factories"),
    Verb("factory", (("city", "land_hex"), ("type", "factory_type"), ("pp", "pp")), "9.1", only="factories"),
    # the move phase (5.0-5.9, 6.6, 6.7, 9.5, 2.0 [3])
    Verb("end_moves", (), "5.0"),
    Verb("ally", (("role", "role"),), "2.0"),
    Verb("move", (BLOCK, TO), "5.0"),
    Verb("attack", (BLOCK, TO, ("via", "via")), "5.3, 6.1", index=("block", "hex_via")),
    Verb("paradrop", (BLOCK, ("to", "land_hex")), "6.6"),
    Verb("invade", (BLOCK, TO, ("via", "water_hex")), "6.7", index=("block", "landing")),
    Verb("strategic", (BLOCK, TO), "5.9"),
    Verb("sea_move", (BLOCK, ("to", "water_hex")), "5.91"),
    Verb("demolish", (BLOCK, ("side", "hexside")), "9.5"),
    Verb("board", (BLOCK,), "4.2"),
    # combat (6.x)
    Verb("fight", (HEX,), "6.1"),
    Verb("blockade_battle", (HEX,), "6.8"),
    Verb("end_battles", (), "6.8"),
    Verb("pass", (BLOCK,), "6.31"),
    Verb("drop", (BLOCK,), "S1.1", only="stretch_units"),
    Verb("land", (BLOCK, TO), "5.51", short=(1,)),
    Verb("fire", (BLOCK, ("at", "target_class")), "6.4, 6.42"),
    Verb("retreat", (BLOCK, TO), "6.5"),
    Verb("blockade", (BLOCK,), "6.8"),
    Verb("take_hit", (BLOCK,), "6.46"),
    Verb("ground", (BLOCK,), "5.52"),
    Verb("regroup", (BLOCK, TO), "O1.4", only="regroups"),
    Verb("end_regroup", (), "O1.4", only="regroups"),
    # production (8.x, 9.1, 9.5-9.7)
    Verb("build", (("city", "hex"), ("type", "unit_type")), "8.2"),
    Verb("add_step", (BLOCK, ("payer", "land_hex")), "8.2, 9.1", short=(1,)),
    Verb("exchange", (BLOCK, ("type", "factory_type")), "9.1", only="factories"),
    Verb("disband", (BLOCK,), "8.22"),
    Verb("merge", (BLOCK, ("into", "block")), "8.21", index=("block_pair",)),
    Verb("divide", (BLOCK,), "8.21"),
    Verb("airfield", (BLOCK,), "9.6", only="logistics"),
    Verb("mulberry", (BLOCK,), "9.7", only="logistics"),
    Verb("rebuild", (BLOCK, ("side", "hexside")), "9.5"),
    Verb("convert", (BLOCK,), "4.3, 9.1"),
    # 10.5 the war council (Commanders)
    Verb("transfer", (("arm", "arm"), ("to", "role")), "10.5", only="commanders"),
    Verb("vote_coup", (), "10.5", only="commanders"),
)
REGISTRY = Verbs("Victory", VERBS)
#: the verbs whose first argument is a block (the RL index keys it by rank)
BLOCK_VERBS = REGISTRY.with_first("block")


def args(action: Sequence[Any]) -> dict[str, Any]:
    """The action's arguments by name (core/verbs.py; BadAction when misshapen)."""
    return REGISTRY.args(action)
