"""Campaign Game II's attacks across the water by air (Paradrop Across Water 1-2, K14) as
questions of the board for the combat and movement phases: an army of paratroop and tac
air points alone may name an adjacent hex across a sea or crossing hexside as over land
(`water_targets`); over the water its paratroops advance only by paradrop and only its
tac air assaults (`over_water`, read by combat.firing_strength and advance.py); and
paratroop and amphibious points never share an army (`why_not_join`, movement.py).
The rule functions are paratroops.py's."""

from __future__ import annotations

from .board import geo
from .geography import Place
from .layout import Army, HgwBoard
from .map import load_map
from .paratroops import AMPHIBIOUS, PARA, TAC, across_water, why_not_mix

Data = HgwBoard


def airborne(army: Army) -> bool:
    """Paradrop Across Water 1: the army holds paratroop and tac air points alone."""
    kinds = {k for k, v in army["sp"].items() if int(v)}
    return bool(kinds) and kinds <= {PARA, TAC}


def water_targets(data: Data, army_id: str) -> list[Place]:
    """The hexes an airborne army may name across the water: adjacent land hexes no
    land hexside joins to its own (the land ones are geography's links already)."""
    army = data["armies"][army_id]
    at = army["at"]
    hmap = load_map()
    if at is None or at not in hmap or not airborne(army):
        return []
    g = geo(data)
    links = set(g.links.get(at, ()))
    return sorted(n for n in hmap.neighbours(at) if n in g.places and n not in links and across_water(at, n))


def over_water(data: Data, army_id: str, target: Place | None) -> bool:
    """The army's attack on `target` crosses the water (Paradrop Across Water 1)."""
    at = data["armies"][army_id]["at"]
    if target is None or at is None or target in geo(data).links.get(at, ()):
        return False
    return at in load_map() and across_water(at, target)


def why_not_join(data: Data, source: str, kind: str, target: str) -> str | None:
    """Paradrop Across Water 2: the points moving from `source` (`kind`, or "army" for
    all of it) may not join `target` when that would put paratroop and amphibious
    points in one army."""
    moving = [k for k, v in data["armies"][source]["sp"].items() if int(v)] if kind == "army" else [kind]
    into = data["armies"][target]
    for k in moving:
        if k in (PARA, AMPHIBIOUS):
            why = why_not_mix(into, k)
            if why is not None:
                return why
    return None
