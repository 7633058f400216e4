"""Factories (9.1) and the Logistics sheet's factory rules (L1.5-L1.8), with the
`factories` option.

- A factory is a block (FCA air, FCN naval, FCG ground) standing in a city; its
  value in PP is its steps less one: the bottom step is its 0 PP step, which hits
  never take (9.1), so one block is worth 0-3 PP. A city's factories may total its
  PP value at most (9.1); naval factories stand only in ports.
- Set-up (9.1): after deployment each player allocates his cities' factories himself
  (factory_setup.py); `allocation` is the standing choice offered there as the
  default: his largest port city gets a naval factory and his largest inland city an
  air factory, each of the city's value (at most 3); every other city, and any value
  left over, a ground factory.
- Production (9.1): a city's PP come from its factories, each producing only units
  of its arm; L1.6-L1.8 options let engineers come from any factory, airborne units
  from air factories, marines from naval ones. A factory step costs 1 PP of any arm,
  from the same city or another one the player chooses. If a city does no production,
  one of its factories may be exchanged for a 0 PP factory of another type (the city
  then forfeits its PP).
- Combat (9.1): factories fire 1-1-1 in turn F and never move or retreat; a factory
  left in a hex with none of its owner's other blocks beside an enemy ground unit is
  captured at once at its strength (by a move into it, or in a battle).
- Resources (4.3, 9.1): a resource block in a city converts in the production phase
  to its steps times the city's value in PP; with factories, to its steps times each
  factory's value, for that factory's arm (`resource_yield`).
- L1.5 (with `logistics_sheet`): at the end of production every city whose factories
  total less than its value gets one factory step for free.

A lower module: it reads the game data and the static tables; the phases call it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .control import Block, Data, arm, gmap, occupancy
from .sides import allied, is_enemy
from .units import unit_table

if TYPE_CHECKING:
    from .state import VictoryState

# 9.1: the arm each factory type produces (the unit data's `produces`)
FACTORY_ARM: dict[str, str] = {t: u.produces for t, u in unit_table().items() if u.produces is not None}
FACTORY_OF = {kind: type_id for type_id, kind in FACTORY_ARM.items()}
# L1.6-L1.8: options letting a unit come from another kind of factory (tag, option, arm)
EXTRA_FACTORIES = (
    ("engineer", "engineer_building", ("ground", "naval", "air")),
    ("airborne", "airborne_building", ("air",)),
    ("marine", "marine_building", ("naval",)),
)


def plays_factories(data: Data) -> bool:
    return bool(data["options"].get("factories"))


def is_factory(block: Block) -> bool:
    return block["type"] in FACTORY_ARM


def factory_pp(block: Block) -> int:
    """9.1: a factory's value is its steps less its 0 PP step."""
    return int(block["steps"]) - 1


def factories_at(data: Data, hex_id: str, occ: dict[str, list[str]] | None = None) -> list[str]:
    occ = occupancy(data) if occ is None else occ
    blocks = data["blocks"]
    return [b for b in occ.get(hex_id, ()) if is_factory(blocks[b])]


def arm_budget(data: Data, hex_id: str, occ: dict[str, list[str]] | None = None) -> dict[str, int]:
    """9.1: the PP a city's factories give, per arm they produce."""
    out: dict[str, int] = {}
    for bid in factories_at(data, hex_id, occ):
        block = data["blocks"][bid]
        kind = FACTORY_ARM[block["type"]]
        out[kind] = out.get(kind, 0) + factory_pp(block)
    return out


@cache
def paying_arms(type_id: str, engineer: bool, airborne: bool, marine: bool) -> tuple[str, ...]:
    """9.1, L1.6-L1.8: the factory arms whose PP may build or mend a unit type, its
    own arm first."""
    unit = unit_table()[type_id]
    arms: list[str] = [unit.arm]
    chosen = {"engineer_building": engineer, "airborne_building": airborne, "marine_building": marine}
    for tag, option, extra in EXTRA_FACTORIES:
        if chosen[option] and tag in unit.tags:
            arms += [a for a in extra if a not in arms]
    return tuple(arms)


def arms_for(data: Data, type_id: str) -> tuple[str, ...]:
    options = data["options"]
    return paying_arms(
        type_id,
        bool(options.get("engineer_building")),
        bool(options.get("airborne_building")),
        bool(options.get("marine_building")),
    )


def allocation(data: Data, role: str, cities: list[str]) -> list[tuple[str, str, int]]:
    """The default of 9.1's set-up: (city, factory type, PP) for a player's cities."""
    the_map = gmap(data)
    top = gmap(data).hexes
    ports = sorted((c for c in cities if top[c].port), key=lambda c: (-top[c].city, c))
    inland = sorted((c for c in cities if not top[c].port), key=lambda c: (-top[c].city, c))
    special = {}
    if ports:
        special[ports[0]] = "FCN"
    if inland:
        special[inland[0]] = "FCA"
    out = []
    for city in sorted(cities):
        value = int(the_map.hexes[city].city)
        first = min(value, max_pp())
        out.append((city, special.get(city, "FCG"), first))
        if value > first:
            out.append((city, "FCG", value - first))
    return out


@cache
def max_pp() -> int:
    return min(unit_table()[t].max_steps for t in FACTORY_ARM) - 1


def resource_yield(
    data: Data, hex_id: str, steps: int, occ: dict[str, list[str]] | None = None
) -> dict[str, int]:
    """4.3, 9.1: the PP a resource block of `steps` steps converts to in a city: its
    steps times the city's value; with factories, its steps times each factory's value,
    added to that factory's arm (9.1's example: Naval 2 and Air 1 factories, a
    Resource 2 block: Naval +4, Air +2). Key "" without factories."""
    if not plays_factories(data):
        return {"": steps * int(gmap(data).hexes[hex_id].city)}
    return {kind: steps * pp for kind, pp in arm_budget(data, hex_id, occ).items() if pp}


def capture_factories(game: VictoryState, hex_id: str) -> list[str]:
    """9.1: factories alone (none of their owner's other blocks there) with another
    player's ground unit pass to him at once, at their strength. Returns them."""
    data = game.data
    if not plays_factories(data):
        return []  # factories stand only with the option
    blocks = data["blocks"]
    here = [b for b in sorted(blocks) if blocks[b]["at"] == hex_id]
    taken = []
    for bid in here:
        block = blocks[bid]
        if not is_factory(block):
            continue
        owner = block["owner"]
        if any(allied(data, blocks[b]["owner"], owner) and not is_factory(blocks[b]) for b in here):
            continue  # 2.0 [3]: an ally's blocks guard it too (our reading)
        captors = sorted(
            blocks[b]["owner"]
            for b in here
            if is_enemy(data, owner, blocks[b]["owner"])
            and not is_factory(blocks[b])
            and "rocket" not in unit_table()[blocks[b]["type"]].tags  # S1.6: a strike, not a unit
            and arm(blocks[b]) == "ground"
            and not blocks[b].get("reserve")
        )
        if captors:
            block["owner"] = captors[0]
            block.pop("half", None)
            taken.append(bid)
            game.log(f"{captors[0]} captures a factory of {owner} at {hex_id}")
            name = unit_table()[block["type"]].name
            game.log(f"you capture {bid} ({name}, {factory_pp(block)} PP) at {hex_id}", to=[captors[0]])
    return taken


def repair_factories(game: VictoryState) -> None:
    """L1.5: every city whose factories total less than its value gains one step."""
    data = game.data
    occ = occupancy(data)
    the_map = gmap(data)
    for hex_id in sorted(occ):
        info = the_map.hexes[hex_id]
        mine = factories_at(data, hex_id, occ)
        if not info.city or not mine:
            continue
        blocks = data["blocks"]
        if sum(factory_pp(blocks[b]) for b in mine) >= info.city:
            continue
        room = [b for b in mine if blocks[b]["steps"] < unit_table()[blocks[b]["type"]].max_steps]
        if room:
            bid = min(room, key=lambda b: (blocks[b]["steps"], b))
            blocks[bid]["steps"] += 1
            game.log(f"the factory {bid} at {hex_id} is repaired by a step", to=[blocks[bid]["owner"]])


__all__ = [
    "FACTORY_ARM",
    "allocation",
    "arm_budget",
    "arms_for",
    "capture_factories",
    "factory_pp",
    "is_factory",
    "max_pp",
    "plays_factories",
    "repair_factories",
    "resource_yield",
]
