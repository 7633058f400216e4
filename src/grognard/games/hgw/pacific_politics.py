"""The Pacific's political rules (issue 23, part 2) as functions over the game's plain
data: French Indochina's two capitals (G2.7, G11.4), the United States' surrender
(G15.1-G15.3), the U.S. entry through Japanese attacks (G6.2 a-c), the National Morale
Chart's Pacific events (loss of Hawaii, loss of five or more carriers) and German raiders
by the Bering Strait (N6.3). Campaign Game IV plays them (world_war.py, indochina.py,
carrier_watch.py) but N6.3, for which the map has no passage through the Arctic ice.

State: `data["pacific"]` (japan.py's layout) and Campaign Game I's politics
(`data["politics"]`, its "surrendered" list). U.S. armies and fleets carry
`"nation": "united_states"`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, cast

from grognard.core.errors import IllegalAction

from . import morale
from .board import armies_at
from .fleets import base_hex, set_points
from .geography import Place, geography
from .japan import AXIS, pacific, pacific_record, us_brought_in, us_has_surrendered
from .layout import HgwBoard, placed
from .limitations import has_surrendered, season
from .map import load_map
from .neutrality import politics
from .pacific_tables import load_pacific

Data = HgwBoard
US = "united_states"
ALLIED = "allied"
COMMONWEALTH_AND_DUTCH = ("britain", "netherlands")  # the map's territory groups (G6.2c)


# --- G2.7, G11.4: French Indochina's two capitals -------------------------------------------


def indochina_capitals_count(data: Data) -> bool:
    """G2.7: while France stands, Indochina is a French possession and its two capitals
    are ignored; G11.4: France's surrender leaves it unaligned with two capitals."""
    return has_surrendered(data, "france")


def indochina_half(capital: Place) -> tuple[Place, ...]:
    """G11.4: the hexes a capital controls (Hanoi the north, Saigon the south)."""
    halves = load_pacific().indochina.capitals
    if capital not in halves:
        return ()
    return halves[capital]


def indochina_capture(data: Data, place: Place, side: str) -> list[Place]:
    """G11.4 with Other Countries 1-2 and 5: `side` has just captured `place`. If it is one
    of Indochina's capitals, France has fallen and that half has not surrendered before,
    the half surrenders: its hexes not yet captured become `side`'s, their production
    devastated. Returns the hexes handed over (none otherwise: a capital while France
    stands is an ordinary hex)."""
    half = indochina_half(place)
    done = pacific(data)["indochina_surrendered"]
    if not half or not indochina_capitals_count(data) or place in done:
        return []
    pacific_record(data)["indochina_surrendered"].append(place)
    handed = [h for h in half if h != place and data["owner"].get(h) is None]
    for h in handed:
        data["owner"][h] = side
        if _production(data, h):
            data["devastated"][h] = _production(data, h)
    return handed


# --- G15: the United States' surrender ------------------------------------------------------


def us_capitals(data: Data) -> list[Place] | None:
    """G15.1's four capitals as the game plays them: each capital's hex, or, where the
    scenario plays that hex as part of an off-map box (Campaign Game IV: Washington 1809
    in the U.S. box 1909), the box's place. None when a capital is out of play (The
    Pacific War: Washington is in Europe's play area), so the U.S. cannot surrender."""
    spec = load_pacific().us_surrender
    if "scenario" not in data:
        return list(spec.capitals)
    g = geography(data["scenario"])
    hmap = load_map()
    found: list[Place] = []
    for c in spec.capitals:
        if c in g.places:
            found.append(c)
            continue
        box = next((p for p, country in g.box_at.items() if country == hmap.hex(c).country), None)
        if box is None:
            return None
        found.append(box)
    return found


def us_capitals_held(data: Data) -> list[Place]:
    """G15.1: the U.S. capitals friendly to the Axis."""
    return [c for c in us_capitals(data) or () if data["owner"].get(c) == AXIS]


def us_surrenders(data: Data) -> bool:
    """G15.1, asked at the end of an Axis combat phase: all four capitals (Washington
    1809, San Francisco 19107, Seattle 15107, Hawaii 25106) are Axis-friendly at once; a
    country surrenders once only (Other Countries 5)."""
    capitals = us_capitals(data)
    return (
        capitals is not None
        and not us_has_surrendered(data)
        and len(us_capitals_held(data)) == len(capitals)
    )


def us_surrender_hexes(data: Data | None = None) -> frozenset[Place]:
    """G15.2: the hexes of the United States, Alaska and Hawaii: the map's U.S. land
    hexes but its other Pacific islands (Midway, Wake, Guam, American Samoa), which the
    rule does not name; in a scenario, its U.S. places (the U.S. box among them) but
    those islands."""
    spec = load_pacific().us_surrender
    hmap = load_map()
    if data is not None and "scenario" in data:
        g = geography(data["scenario"])
        return frozenset(
            p for p in g.places if g.country.get(p) == spec.country and p not in spec.not_in_surrender
        )
    return frozenset(
        h
        for h, x in hmap.hexes.items()
        if x.country == spec.country and x.kind == "land" and h not in spec.not_in_surrender
    )


def _production(data: Data, place: Place) -> int:
    """A place's production: a box's (the U.S. box), the scenario's, or the map's."""
    if "scenario" in data:
        g = geography(data["scenario"])
        if place in g.box_at:
            return load_map().box(g.box_at[place]).production
        return g.production.get(place, 0)
    return load_map().hex(place).production


def apply_us_surrender(data: Data) -> dict[str, list[tuple[str, str]]]:
    """G15.2-G15.3: every U.S., Alaskan and Hawaiian hex becomes Axis-friendly with its
    production devastated; the U.S. armies and fleets there are eliminated (their
    counters off the map, empty, as board.eliminate and naval.sink leave them); U.S.
    armies and fleets elsewhere in Allied-friendly hexes become plain Allied ones (their
    nation dropped). Records the surrender. Returns {"eliminated": [...], "allied": [...]},
    each unit as ("armies" or "fleets", its id)."""
    if not us_surrenders(data):
        raise IllegalAction("the United States surrenders only with its four capitals Axis-friendly (G15.1)")
    lost = us_surrender_hexes(data)
    for h in sorted(lost):
        data["owner"][h] = AXIS
        if _production(data, h):
            data["devastated"][h] = _production(data, h)
    out: dict[str, list[tuple[str, str]]] = {"eliminated": [], "allied": []}
    for kind in ("armies", "fleets"):
        records: dict[str, Any] = cast(dict[str, Any], data).get(kind, {})  # armies, then fleets
        for uid, unit in sorted(records.items()):
            if unit.get("nation") != US:
                continue
            at = unit.get("at")
            if at is not None and kind == "fleets":
                at = base_hex(at)  # a fleet in an off-map box lies in the box's hex
            if at in lost:
                out["eliminated"].append((kind, uid))
                unit["at"] = None
                if kind == "fleets":
                    set_points(unit, 0)
                else:
                    unit["sp"] = dict.fromkeys(unit["sp"], 0)
            elif at is not None and data["owner"].get(at) == ALLIED:
                unit.pop("nation")
                out["allied"].append((kind, uid))
    pol = politics(data)
    if pol is not None:
        pol["surrendered"] = sorted({*pol["surrendered"], US})
    else:
        pacific_record(data).setdefault("surrendered", []).append(US)
    return out


# --- G6.2: the U.S. enters through Japanese attacks ------------------------------------------


def us_entry_by_japan(data: Data, japanese_targets: Collection[Place]) -> str | None:
    """G6.2 a-c for Japan's units: the places Japanese armies attacked or entered this
    turn bring the U.S. in when one is U.S. territory (a), holds a U.S. unit (b), or is a
    hex of the Commonwealth or the Dutch they still control (c). Returns which condition,
    or None."""
    hmap = load_map()
    territories = hmap.data.territories
    for place in sorted(japanese_targets):
        country = hmap.hex(place).country if place in hmap else ""
        group = territories[country].group if country in territories else ""
        if group == US:
            return f"a: Japan violated U.S. territory at {place}"
        units = [
            *(a for a in armies_at(data, place) if data["armies"][a].get("nation") == US),
            *(
                f
                for f, x in data.get("fleets", {}).items()
                if x.get("at") is not None and base_hex(placed(x)) == place and x.get("nation") == US
            ),
        ]
        if units:
            return f"b: Japan attacked U.S. units at {place}"
        if group in COMMONWEALTH_AND_DUTCH and data["owner"].get(place) == ALLIED:
            return f"c: Japan attacked territory of the Commonwealth or the Dutch at {place}"
    return None


def japan_brings_us_in(data: Data, japanese_targets: Collection[Place]) -> str | None:
    """G6.2 then G17.3's clock: if the Japanese targets bring the still-unaligned U.S. in,
    record the entry as Japan's this turn. Returns the condition met, or None."""
    if pacific(data)["us_entry"] is not None:
        return None
    why = us_entry_by_japan(data, japanese_targets)
    if why is not None:
        us_brought_in(data, "japan")
    return why


# --- the National Morale Chart's Pacific events ----------------------------------------------


def hawaii_lost(data: Data, moral: morale.Morale, owner_before: str | None) -> morale.Morale:
    """The chart's "loss of Hawaii" (U.S. only, -2): when Hawaii 25106 passes from the
    Allies to the Axis. We read it as once a game: retaking and losing it again does not
    strike twice (`data["pacific"]["befallen"]`)."""
    hawaii = load_pacific().morale.hawaii
    if (
        owner_before != ALLIED
        or data["owner"].get(hawaii) != AXIS
        or "lost_hawaii" in pacific(data)["befallen"]
    ):
        return moral
    pacific_record(data)["befallen"].append("lost_hawaii")
    return morale.apply_event(moral, "lost_hawaii", US)


def carriers_lost(data: Data, moral: morale.Morale, nation: str, points: int) -> morale.Morale:
    """The chart's "loss of 5 or more carriers" (Japan only, -2): carrier strength points
    lost are counted over the game (`data["pacific"]["carriers_lost"]`); when Japan's count
    first reaches five the event befalls Japan, once."""
    record = pacific_record(data)
    counts = record["carriers_lost"]
    counts[nation] = counts.get(nation, 0) + max(0, points)
    befallen = record["befallen"]
    if (
        nation != "japan"
        or counts[nation] < load_pacific().morale.carriers_lost
        or "lost_five_carriers" in befallen
    ):
        return moral
    befallen.append("lost_five_carriers")
    return morale.apply_event(moral, "lost_five_carriers", "japan")


# --- N6.3: German raiders by the Bering Strait -----------------------------------------------


def why_not_bering(data: Data, nation: str, *, at_war_with_soviets: bool) -> str | None:
    """N6.3: German raiders may change base to Pacific ports through the Bering Strait
    (05102/05103) while Germany is not at war with the Soviet Union, in Spring and Summer
    turns only."""
    spec = load_pacific().bering
    if nation != "germany":
        return f"only German raiders pass the Bering Strait, not {nation}'s"
    if at_war_with_soviets:
        return "German raiders pass the Bering Strait only while Germany is at peace with the Soviet Union"
    if season(data) not in spec.seasons:
        seasons = " and ".join(spec.seasons)
        return f"German raiders pass the Bering Strait in {seasons} only, not in {season(data)}"
    return None


# The passage itself (the Northern Sea Route to the strait) is polar_route.py's.
