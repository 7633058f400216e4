"""Every Viktory II action's shape, declared once (issue 21; core/verbs.py): its verb,
the names and kinds of its arguments and the rule it plays. An action stays a plain
JSON tuple, `(verb, *arguments)`; readers take its arguments by name (`args`), the
RL index (action_space.py) keys the unit arguments it finds here, and the table is
served with the board data (GET /api/rulesets/viktory2/board-data).

Argument kinds: hex (a board hex id, "q,r"), unit (any unit's id, "red-i17"),
land_unit (an infantry, cavalry or artillery unit's id), frigate (a frigate's id),
bombarder (an artillery's or a frigate's id), pairs (a count of pairs of dice, from 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grognard.core.verbs import BadAction, Verb, Verbs

__all__ = ["REGISTRY", "VERBS", "BadAction", "args"]

HEX, UNIT, TO = ("hex", "hex"), ("unit", "unit"), ("to", "hex")

VERBS: tuple[Verb, ...] = (
    # 4.0 set-up: the capitals
    Verb("capital", (HEX,), "4.0"),
    # 7.0 building (15.3's balancing and 15.5's relocation come first when chosen)
    Verb("keep_water", (), "15.3", only="exploration_balancing"),
    Verb("swap_water", (HEX,), "15.3", only="exploration_balancing"),
    Verb("build_town", (HEX,), "7.21"),
    Verb("build_city", (HEX,), "7.23"),
    Verb("relocate", (("from", "hex"), TO), "15.5", only="relocation", index=("hex_pair",)),
    Verb("skip_build", (), "7.24"),
    # 9.0 movement, 11.0 bombardment, 12.0 battles begun, in any order (12.4)
    Verb("move", (UNIT, TO), "9.0"),
    Verb("embark", (("frigate", "frigate"), ("unit", "land_unit")), "9.42"),
    Verb("disembark", (("frigate", "frigate"), ("unit", "land_unit"), TO), "9.46"),
    Verb("bombard", (("unit", "bombarder"), ("target", "hex")), "11.0"),
    Verb("battle", (HEX,), "12.0"),
    Verb("end_moves", (), "6.0"),
    # 12.3 battle rounds and 10.1-10.2 losses
    Verb("hit", (UNIT,), "10.1"),
    Verb("average", (("pairs", "pairs"),), "15.4", only="luck_averaging"),
    Verb("fight_on", (), "12.3"),
    Verb("retreat", (UNIT, TO), "12.3"),
    Verb("eliminate", (UNIT,), "10.2"),
    # 13.0 reserve placement (and 15.62's vassal reinforcement)
    Verb("place", (UNIT, TO), "13.0, 15.62"),
    Verb("end_turn", (), "13.0"),
    # 15.6 subjugation
    Verb("relocate_unit", (UNIT, TO), "15.62", only="subjugation"),
    Verb("done", (), "15.62", only="subjugation"),
)
REGISTRY = Verbs("Viktory II", VERBS)


def args(action: Sequence[Any]) -> dict[str, Any]:
    """The action's arguments by name (core/verbs.py; BadAction when misshapen)."""
    return REGISTRY.args(action)
