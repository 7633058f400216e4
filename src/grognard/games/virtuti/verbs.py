"""Every Virtuti Militari action's shape, declared once (issue 21; core/verbs.py): its
verb, the names and kinds of its arguments and the rule it plays. An action stays a
plain JSON tuple, `(verb, *arguments)`; readers take its arguments by name (`args`),
the RL index (action_space.py) finds the verbs that name a unit here, and the table is
served with the board data (GET /api/rulesets/virtuti/board-data).

Argument kinds: faction (a faction id), unit (a unit id on the map, "g12"), loss (a
unit id, or "fort" or "card": what takes a battle's hit next, B1.5), area (a land
area, port or sea zone), sea (a sea zone a faction's submarines may enter), unit_type,
level (a unit level, 1-3), order (an order token id), order_set (a special order set
id), card (a card id of the faction's deck), token (an air support token's level,
"1"-"5", as the pools key it), technology, country (a country id).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grognard.core.verbs import BadAction, Verb, Verbs

__all__ = ["REGISTRY", "UNIT_VERBS", "VERBS", "BadAction", "args"]

FACTION, AREA = ("faction", "faction"), ("area", "area")

VERBS: tuple[Verb, ...] = (
    # the end of a secret step, of the diplomatic phase or of the Planning Phase
    Verb("done", (), "G1.1"),
    # P4.0 Strategic Phase and B1.2-B1.3 (cards and air support in secret)
    Verb("card", (FACTION, ("card", "card")), "P4.1, B1.2", index=("faction_card",)),
    Verb("air", (FACTION, ("token", "token")), "P4.3, B1.3"),
    # P5.0 Production Phase
    Verb("buy", (FACTION, ("type", "unit_type"), ("level", "level")), "P5.1"),
    Verb("strengthen", (FACTION, ("unit", "unit")), "P5.2"),
    Verb("upgrade", (FACTION, ("unit", "unit")), "P5.3"),
    Verb("orders", (FACTION, ("set", "order_set")), "P5.4"),
    Verb("submarine", (FACTION,), "P5.5"),
    Verb("deploy_sub", (FACTION, ("sea", "sea")), "P5.5", index=("faction_sea",)),
    Verb("deploy", (FACTION, ("type", "unit_type"), ("level", "level"), AREA), "P5.5"),
    Verb("logistics", (FACTION,), "P5.6"),
    Verb("research", (FACTION, ("technology", "technology")), "P5.7"),
    # P6.0 Planning Phase
    Verb("order", (FACTION, ("order", "order"), AREA), "P6.0"),
    # P7.0 Operations Phase
    Verb("execute", (AREA,), "P7.1"),
    Verb("skip", (), "P7.2"),
    Verb("remove", (AREA,), "P7.2"),
    Verb("send", (("unit", "unit"), ("to", "area")), "P7.3, P7.6, P7.8", index=("unit_key", "area")),
    Verb("go", (), "P7.3"),
    # B1.0 battles
    Verb("hit", (("loss", "loss"),), "B1.5", index=("loss_key",)),
    Verb("retreat", (("to", "area"),), "B1.6"),
    # P9.0 Diplomatic Phase
    Verb("declare_war", (("country", "country"),), "P9.3"),
    Verb("pressure", (FACTION, ("country", "country")), "P9.4"),
    Verb("declare_war_ussr", (), "P9.3, G1.6"),
    Verb("break_pact", (), "P9.3, G1.6"),
)
REGISTRY = Verbs("Virtuti Militari", VERBS)
#: the verbs that name a unit (the RL index keys it as (faction, rank))
UNIT_VERBS = frozenset(v.name for v in VERBS if {"unit", "loss"} & set(v.kinds))


def args(action: Sequence[Any]) -> dict[str, Any]:
    """The action's arguments by name (core/verbs.py; BadAction when misshapen)."""
    return REGISTRY.args(action)
