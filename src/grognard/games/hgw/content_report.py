"""Hitler's Global War's designed content in the balance report: production and capitals.

Facts per game (read by grognard.sim.content), from the final state and its public log:
the production each side had to spend in each of its turns (the log's "has N production
points this turn" line, P1.1), each side's gross production at the end (Victory
Conditions 5, `gross_production`), the capital hexes and the production places it
holds at the end, and which side won alone.
"""

from __future__ import annotations

import re
from typing import Any

from grognard.core.game import State

from .geography import geography
from .layout import typed
from .map import load_map
from .victory import gross_production

_PRODUCTION = re.compile(r"^(\w+) has (\d+) production points? this turn \(")


def production_by_turn(log: list[Any]) -> dict[str, list[int]]:
    """Each side's production in each of its turns, in order, from the public log."""
    out: dict[str, list[int]] = {}
    for entry in log:
        text, only = (entry[0], entry[1]) if isinstance(entry, list | tuple) else (entry, None)
        match = _PRODUCTION.match(str(text)) if only is None else None
        if match:
            out.setdefault(match[1], []).append(int(match[2]))
    return out


def content_facts(initial: State, final: State) -> dict[str, Any]:
    data = typed(final.data)
    hmap = load_map()
    g = geography(data["scenario"])
    owner: dict[str, str] = data["owner"]
    sides = sorted({side for side in owner.values() if side})  # the map's sides, not seats
    capitals = {side: 0 for side in sides}
    places = {side: 0 for side in sides}
    for place, side in owner.items():
        if side not in capitals or place not in g.places:
            continue
        if place in hmap and hmap.has_feature(place, "capital"):
            capitals[side] += 1
        if g.production.get(place, 0) > 0:
            places[side] += 1
    result = data.get("result") or {}
    best = [s for s, v in result.items() if v == max(result.values())] if result else []
    return {
        "production": production_by_turn(data["log"]),
        "final_production": {side: gross_production(data, side) for side in sides},
        "capitals_held": capitals,
        "production_places_held": places,
        "won": {f"{role} won": best == [role] for role in final.roles},
    }


FIGURES: list[dict[str, Any]] = [
    {"kind": "series", "fact": "production", "title": "production points per side, turn by turn (P1.1)"},
    {"kind": "mean", "fact": "final_production", "title": "gross production at the end (VC 5)"},
    {"kind": "mean", "fact": "capitals_held", "title": "capital hexes held at the end"},
    {"kind": "mean", "fact": "production_places_held", "title": "production places held at the end"},
    {"kind": "share", "fact": "won", "title": "winner (sole) of the scenario"},
]  # fmt: skip
