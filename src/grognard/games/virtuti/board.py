"""Questions about a Virtuti game's data that every phase asks.

The game data (`state.vdata`, plain JSON) holds units by id, area control, country
statuses, each faction's position and the orders on the map; the functions here read
it, never the live state object, so battle and supply code can be tested on bare data.
Map and content come from the committed data files (`load_map`, `load_content`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from grognard.games.virtuti.content import FACTIONS, VirtutiContent, load_content, placement_problem
from grognard.games.virtuti.layout import UnitRecord, VirtutiData
from grognard.games.virtuti.map import VirtutiMap, load_map
from grognard.games.virtuti.scenarios import SEASONS, fits_logistics

Data = VirtutiData
Unit = UnitRecord

ROLES = ("axis", "allies")
ROLE_OF = {"axis": "axis", "western_allies": "allies", "ussr": "allies"}
FACTIONS_OF = {"axis": ("axis",), "allies": ("western_allies", "ussr")}
ARMOUR = ("armored_corps", "armored_division")
# Summary Phase victory: the seven cities of the Allied decisive victory
ALLIED_DECISIVE = ("london", "paris", "moscow", "leningrad", "stalingrad", "rome", "berlin")
AXIS_DECISIVE_VP = 18
MINOR_VP = 15


def vmap() -> VirtutiMap:
    return load_map()


def content() -> VirtutiContent:
    return load_content()


@cache
def _kinds() -> dict[str, str]:
    m = load_map()
    return {a: m.graph.area(a).kind for a in m.graph.areas}


def kind_of(area: str) -> str:
    """'land', 'port' or 'sea' (asked very often by the rules: a dict, not a graph walk)."""
    return _kinds()[area]


@cache
def neighbours(area: str, kinds: tuple[str, ...] = ("land", "port", "sea")) -> tuple[str, ...]:
    """Adjacent areas of the given kinds, sorted (cached: the map never changes)."""
    return tuple(load_map().neighbours(area, kinds))


def turn_name(data: Data) -> str:
    return f"{SEASONS[data['season']].replace('_', ' ').title()} {data['year']}"


# --- factions and war --------------------------------------------------------------------


def ussr_playing(data: Data) -> bool:
    """The Allied player may act for the USSR only once it is active (Factions War Status)."""
    return bool(data["ussr_active"])


def acting_factions(data: Data, role: str) -> list[str]:
    """The factions a role acts for now (the USSR only when active)."""
    return [f for f in FACTIONS_OF[role] if f != "ussr" or ussr_playing(data)]


def at_war(data: Data, a: str, b: str) -> bool:
    """Western Allies and Axis are always at war; the USSR fights only the Axis, once at war."""
    pair = {a, b}
    if pair == {"axis", "western_allies"}:
        return True
    if pair == {"axis", "ussr"}:
        return bool(data["ussr_at_war"])
    return False


def initiative(data: Data) -> list[str]:
    order: list[str] = data["initiative"]
    return order


def country_faction(data: Data, country: str) -> str | None:
    """The faction an active country fights in (None for neutral or surrendered)."""
    c = data["countries"][country]
    return str(c["faction"]) if c["status"] == "active" else None


def secret_window(data: Data) -> dict[str, Any]:
    """The secret window now open (secrets.py); asked only while one is."""
    window = data["secret"]
    if window is None:
        raise RuntimeError("no secret window is open")
    return window


# --- areas ----------------------------------------------------------------------------------


def land_of(area: str) -> str:
    """A port's land area, or the area itself."""
    return vmap().port(area).land if kind_of(area) == "port" else area


def controller(data: Data, area: str) -> str | None:
    """Who controls a land area (or a port's land area); None for neutral areas and seas."""
    if kind_of(area) == "sea":
        return None
    owner: str | None = data["control"].get(land_of(area))
    return owner


def is_friendly(data: Data, faction: str, area: str) -> bool:
    """Status of Map Areas: controlled by the faction and originally its member's."""
    land = land_of(area)
    return controller(data, land) == faction and country_faction(data, vmap().land(land).owner) == faction


def may_enter_land(data: Data, faction: str, area: str) -> bool:
    """Land moves go to own areas or into enemy ones; never neutral or allied areas."""
    holder = controller(data, area)
    return holder == faction or (holder is not None and at_war(data, faction, holder))


def out_of_supply(data: Data, area: str) -> bool:
    return land_of(area) in data["oos"]


# --- units -------------------------------------------------------------------------------------


def units(data: Data) -> Iterable[Unit]:
    all_units: dict[str, Unit] = data["units"]
    return all_units.values()


def units_in(data: Data, area: str, faction: str | None = None) -> list[Unit]:
    return [u for u in units(data) if u["a"] == area and (faction is None or u["f"] == faction)]


def enemy_units_in(data: Data, faction: str, area: str) -> list[Unit]:
    return [u for u in units(data) if u["a"] == area and u["f"] != faction and at_war(data, faction, u["f"])]


def level_stats(unit: Unit) -> Any:
    return content().unit(unit["t"]).levels[unit["lv"] - 1]


def strength(unit: Unit) -> int:
    """Exhausted units count zero strength (battle step 6, Effects of Being Exhausted)."""
    return 0 if unit["ex"] else int(level_stats(unit).strength)


def hp(unit: Unit) -> int:
    return int(level_stats(unit).hp)


def is_naval(unit: Unit) -> bool:
    return bool(content().unit(unit["t"]).naval)


def new_unit(data: Data, faction: str, kind: str, level: int, area: str) -> Unit:
    """A new unit on the map. Every rule that raises one comes here, and here it passes
    the content loaders' check (`placement_problem`: never a fleet on land nor a land
    unit in a port or at sea); a refusal is a bug in the caller, raised before any change."""
    problem = placement_problem(kind, content().unit(kind).naval, area, vmap(), in_play=True)
    if problem:
        raise ValueError(f"cannot raise a unit: {problem}")
    # ids count per faction, so a secret deployment does not shift the opponent's ids
    record = data["factions"][faction]
    uid = f"{faction[0]}{record['next_unit']}"
    record["next_unit"] += 1
    unit: Unit = {"id": uid, "f": faction, "t": kind, "lv": level, "a": area, "ex": False}
    data["units"][uid] = unit
    return unit


def remove_unit(data: Data, unit: Unit) -> None:
    del data["units"][unit["id"]]


# --- stacking (Stacking limits) -------------------------------------------------------------------


def stack_allowance(data: Data, faction: str) -> list[int]:
    position = data["factions"][faction]["logistics"]
    return list(content().tracks.logistics[position - 1].stacks)


def stacks_fit(data: Data, faction: str, moved: dict[str, str | None] | None = None) -> bool:
    """Whether the faction's stacks fit its logistics position, with `moved` units (id ->
    new area, None = gone) placed as given."""
    moved = moved or {}
    counts: dict[str, int] = {}
    for u in units(data):
        if u["f"] != faction:
            continue
        where = moved.get(u["id"], u["a"]) if u["id"] in moved else u["a"]
        if where is not None:
            counts[where] = counts.get(where, 0) + 1
    return fits_logistics(list(counts.values()), stack_allowance(data, faction))


def placement_refused(data: Data, faction: str, kind: str, area: str) -> str | None:
    """Why a unit of `kind` cannot be put in `area` for `faction` now (mobilisation P9.3,
    deployment P5.5): the content check (fleets in ports, land units on land), the area
    held by the faction, and the stacking limits (new units never break them)."""
    problem = placement_problem(kind, content().unit(kind).naval, area, vmap())
    if problem:
        return problem
    if controller(data, area) != faction:
        return f"{kind} in {area}: the area is not held by {faction}"
    if not fits_with_new(data, faction, area):
        return f"{kind} in {area}: it would break {faction}'s stacking limits"
    return None


def fits_with_new(data: Data, faction: str, area: str) -> bool:
    """Whether one more unit in `area` keeps the faction within its stacking limits."""
    counts: dict[str, int] = {area: 1}
    for u in units(data):
        if u["f"] == faction:
            counts[u["a"]] = counts.get(u["a"], 0) + 1
    return fits_logistics(list(counts.values()), stack_allowance(data, faction))


# --- victory points ---------------------------------------------------------------------------------


def vp_of(data: Data, role: str) -> int:
    m = vmap()
    return sum(m.land(a).vp for a, f in data["control"].items() if ROLE_OF[f] == role)


def all_factions() -> tuple[str, ...]:
    return FACTIONS
