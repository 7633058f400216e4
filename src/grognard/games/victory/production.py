"""The production phase (2.0 [5], 8.x), simultaneous: every player spends the PP of
each controlled, supplied city there and then (8.1, 8.2); what is left is forfeit.

Actions: `("build", hex, type)` raises a new 1-step block in one of the player's
starting cities (8.4; naval types only in ports, 8.2); `("add_step", bid)` adds a
step to a block standing in a controlled, supplied city (8.2, 8.4); `("merge", bid,
into)` and `("divide", bid)` join or split blocks (8.21); `("disband", bid)` removes
a block (8.22); `("done",)`. A step costs the type's PP per step (8.3).
New blocks stay unseen by the other players until everyone is done. With the
`building_cadres` option a block raised this phase gets no further steps.

Frame: `done` (players finished), `left` ({role: {city: PP still to spend}}).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from grognard.core.flow import Frame, Step, goto

from .control import (
    Data,
    blockaded_ports,
    controller,
    gmap,
    has_room,
    is_water,
    occupancy,
    sides,
    stack_limit,
    supply_map,
    unit_of,
)
from .demolition import rebuild, rebuild_actions
from .markers import build, build_actions
from .units import unit_table

Action = tuple[Any, ...]
# types the generic blocks offer for building: no elites, stretch or logistics
# pieces, and resources are mined, never bought (4.3)
NOT_BUILT = frozenset({"elite", "stretch", "blockset_only", "factory", "logistics", "mined_not_built"})


# the stretch units whose special rules are not played yet (the rocket's launch)
NOT_PLAYED = frozenset({"rocket"})


@cache
def buildable_types(stretch: bool = False) -> tuple[str, ...]:
    """Types a city may raise; with the `stretch_units` option the Kickstarter units too
    (all but those whose special rules are not played yet)."""
    banned = (NOT_BUILT - {"stretch"}) | NOT_PLAYED if stretch else NOT_BUILT
    return tuple(sorted(t for t, u in unit_table().items() if not (u.tags & banned)))


def may_build_here(type_id: str, city_pp: int) -> bool:
    """Our reading of the atom bomb's note (S1.1): it needs a 3-value air factory;
    without factories (9.1 is not played) a city worth 3 PP or more stands for one."""
    return "air_factory_3" not in unit_table()[type_id].tags or city_pp >= 3


def city_budgets(data: Data, role: str, supplied: frozenset[str]) -> dict[str, int]:
    """8.1, 8.2: PP of each city the player controls and supplies; a blockaded port
    produces nothing (6.8)."""
    occ = occupancy(data)
    bonus = data.get("home_bonus", {})
    blockaded = blockaded_ports(data, occ)
    out = {}
    for hex_id, info in gmap(data).hexes.items():
        if hex_id in blockaded:
            continue
        if info.city and hex_id in supplied and controller(data, occ, hex_id) == role:
            extra = bonus.get(info.board, 0)  # 10.3 Sleeping Giant's home cities
            out[hex_id] = int(info.city) + int(extra)
    return out


def production_actions(data: Data, frame: Frame, role: str) -> list[Action]:
    actions: list[Action] = [("done",)]
    left = frame["left"][role]
    the_map = gmap(data)
    occ = occupancy(data)
    homes = {board for board, owner in data["homes"].items() if owner == role}
    table = unit_table()
    cadres = data["options"].get("building_cadres", False)
    for hex_id, pp in left.items():
        info = the_map.hexes[hex_id]
        if info.board in homes:
            for type_id in buildable_types(bool(data["options"].get("stretch_units"))):
                unit = table[type_id]
                if unit.cost > pp or unit.cost == 0 or not may_build_here(type_id, info.city):
                    continue
                kind = unit.arm
                if kind == "naval" and not (info.port and is_water(info)):
                    continue
                if "coastal_only" in unit.tags and info.terrain != "coastal":
                    continue
                if stack_limit(info, kind) and has_room(data, occ, hex_id, role, kind):
                    actions.append(("build", hex_id, type_id))
        for bid in occ.get(hex_id, ()):
            block = data["blocks"][bid]
            if block["owner"] != role or (cadres and block.get("new")):
                continue
            unit = unit_of(block)
            if block["steps"] < unit.max_steps and 0 < unit.cost <= pp:
                actions.append(("add_step", bid))
    if data["options"].get("logistics"):
        actions += build_actions(data, role)  # 9.6, 9.7: engineers build, paying a step
        actions += rebuild_actions(data, role)  # 9.5
    blocks = data["blocks"]
    for bid, block in blocks.items():
        if block["owner"] != role or block["at"] is None or block.get("landing"):
            continue
        actions.append(("disband", bid))
        unit = unit_of(block)
        # 8.21 merging into a block of the very same type in the same hex
        for other in occ.get(block["at"], ()):
            peer = blocks[other]
            same = other != bid and peer["owner"] == role and peer["type"] == block["type"]
            if same and peer["steps"] + block["steps"] <= unit.max_steps:
                actions.append(("merge", bid, other))
        # 8.21 dividing: a step split off into a new block, within stacking
        if block["steps"] >= 2 and has_room(data, occ, block["at"], role, unit.arm):
            actions.append(("divide", bid))
    return actions


class Production(Step):
    def actors(self, game: Any, frame: Frame) -> list[str]:
        if frame["left"] is None:
            return []
        return [r for r in sides(game.data) if r not in frame["done"]]

    def run(self, game: Any, frame: Frame) -> None:
        data = game.data
        supply = supply_map(data)
        frame["left"] = {role: city_budgets(data, role, supply[role]) for role in sides(data)}

    def legal(self, game: Any, frame: Frame, role: str) -> Iterable[Action]:
        return production_actions(game.data, frame, role)

    def apply(self, game: Any, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        verb = action[0]
        if verb == "done":
            frame["done"].append(role)
            game.log(f"{role} has finished production")
            if len(frame["done"]) == len(sides(data)):
                _end_production(game)
            return
        if verb in ("airfield", "mulberry"):  # 9.6, 9.7
            build(game, role, action)
            return
        if verb == "rebuild":  # 9.5
            rebuild(game, role, action[1], action[2])
            return
        if verb == "disband":  # 8.22
            block = data["blocks"].pop(action[1])
            game.log(f"you disband {action[1]} ({unit_of(block).name})", to=[role])
            return
        if verb == "merge":  # 8.21
            gone = data["blocks"].pop(action[1])
            data["blocks"][action[2]]["steps"] += gone["steps"]
            game.log(f"you merge {action[1]} into {action[2]} ({unit_of(gone).name})", to=[role])
            return
        if verb == "divide":  # 8.21
            block = data["blocks"][action[1]]
            number = data["next_id"][role]
            data["next_id"][role] = number + 1
            new = f"{role}-{number:02d}"
            block["steps"] -= 1
            data["blocks"][new] = {
                "owner": role,
                "type": block["type"],
                "steps": 1,
                "at": block["at"],
                "moved": False,
                "entered": None,
                "new": True,
            }
            game.log(f"you split {new} off {action[1]} ({unit_of(block).name})", to=[role])
            return
        if verb == "build":
            hex_id, type_id = action[1], action[2]
            number = data["next_id"][role]
            data["next_id"][role] = number + 1
            bid = f"{role}-{number:02d}"
            data["blocks"][bid] = {
                "owner": role,
                "type": type_id,
                "steps": 1,
                "at": hex_id,
                "moved": False,
                "entered": None,
                "new": True,
            }
            game.log(f"you build {bid} ({unit_table()[type_id].name}) at {hex_id}", to=[role])
        else:
            bid = action[1]
            block = data["blocks"][bid]
            hex_id = block["at"]
            block["steps"] += 1
            game.log(f"you add a step to {bid} ({unit_of(block).name}) at {hex_id}", to=[role])
        type_id = data["blocks"][bid]["type"]
        frame["left"][role][hex_id] -= unit_table()[type_id].cost

    def prompt(self, game: Any, frame: Frame, role: str | None) -> str:
        if role in self.actors(game, frame):
            left = frame["left"][role]
            total = sum(left.values())
            return f"Production: spend the PP of your cities ({total} PP left), then say done."
        return "Waiting for production."


def _end_production(game: Any) -> None:
    data = game.data
    for block in data["blocks"].values():
        block.pop("new", None)
        block["moved"] = False
        block["entered"] = None
        block.pop("flown", None)
    data["turn"] += 1
    data["phase"] = "initiative"
    game.mark_irreversible()  # the builds become known (as hidden blocks) to all
    goto(game.flow, "initiative")


__all__ = ["Production", "buildable_types", "city_budgets"]
