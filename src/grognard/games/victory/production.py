"""The production phase (2.0 [5], 8.x), simultaneous: every player spends the PP of
each controlled, supplied city there and then (8.1, 8.2); what is left is forfeit.

Actions: `("convert", bid)` turns a resource block standing in a city into PP
there (4.3; with factories, PP of the factories' arms, 9.1); `("build", hex, type)`
raises a new 1-step block in one of the player's starting cities (8.4; naval types,
marines, amphibious infantry and commandos only in ports, 8.2); `("add_step", bid)` adds a
step to a block standing in a controlled, supplied city (8.2, 8.4), and for a factory
`("add_step", bid, city)` pays its 1 PP from another city (9.1); `("merge", bid,
into)` and `("divide", bid)` join or split blocks (8.21); `("disband", bid)` removes
a block (8.22); `("done",)`. A step costs the type's PP per step (8.3).
New blocks stay unseen by the other players until everyone is done. With the
`building_cadres` option a block raised this phase gets no further steps.

Frame: `done` (players finished), `left` ({role: {city: PP still to spend}}).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, goto
from grognard.core.secret_choices import SecretChoices

from .control import (
    Data,
    arms_with_room,
    blockaded_ports,
    controller,
    gmap,
    has_room,
    is_water,
    occupancy,
    sides,
    unit_of,
)
from .demolition import rebuild, rebuild_actions
from .factories import (
    FACTORY_ARM,
    arm_budget,
    arms_for,
    factories_at,
    factory_pp,
    is_factory,
    plays_factories,
    repair_factories,
    resource_yield,
)
from .layout import placed
from .markers import build, build_actions
from .supply_memo import current_supply
from .units import unit_table
from .verbs import args

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]
# types the generic blocks offer for building: no elites, stretch or logistics
# pieces, and resources are mined, never bought (4.3)
NOT_BUILT = frozenset({"elite", "stretch", "blockset_only", "factory", "logistics", "mined_not_built"})


# the stretch units whose special rules are not played yet (the rocket's launch)
NOT_PLAYED: frozenset[str] = frozenset()


@cache
def buildable_types(stretch: bool = False) -> tuple[str, ...]:
    """Types a city may raise; with the `stretch_units` option the Kickstarter units too
    (all but those whose special rules are not played yet)."""
    banned = (NOT_BUILT - {"stretch"}) | NOT_PLAYED if stretch else NOT_BUILT
    return tuple(sorted(t for t, u in unit_table().items() if not (u.tags & banned)))


def may_build_here(type_id: str, city_pp: int, air_factory: int | None = None) -> bool:
    """The atom bomb's note (S1.1): it needs a 3-value air factory (`air_factory`, the
    city's best air factory in PP, with factories, 9.1); without factories our reading
    lets a city worth 3 PP or more stand for one."""
    best = city_pp if air_factory is None else air_factory
    return "air_factory_3" not in unit_table()[type_id].tags or best >= 3


def _pays(data: Data, frame: Frame, role: str, hex_id: str, type_id: str, cost: int) -> str | None:
    """9.1: with factories, the arm whose PP in the city pay `cost` for a unit type
    (its own first, L1.6-L1.8), or None; without factories the city's PP ("")."""
    if not plays_factories(data):
        return "" if cost <= frame["left"][role][hex_id] else None
    budget = frame["arms"][role][hex_id]
    return next((a for a in arms_for(data, type_id) if budget.get(a, 0) >= cost), None)


def _spend(data: Data, frame: Frame, role: str, hex_id: str, type_id: str, cost: int) -> None:
    if plays_factories(data):
        kind = _pays(data, frame, role, hex_id, type_id, cost)
        assert kind is not None
        frame["arms"][role][hex_id][kind] -= cost
    frame["left"][role][hex_id] -= cost


def _factory_actions(data: Data, frame: Frame, role: str, occ: dict[str, list[str]]) -> list[Action]:
    """9.1: factory steps (1 PP of any arm in the city, within the city's value) and
    the exchange of a factory in a city that has done no production."""
    actions: list[Action] = []
    the_map = gmap(data)
    blocks = data["blocks"]
    left = frame["left"][role]
    payers = [c for c, pp in left.items() if pp >= 1]
    for hex_id, pp in left.items():
        info = the_map.hexes[hex_id]
        here = [b for b in factories_at(data, hex_id, occ) if blocks[b]["owner"] == role]
        total = sum(factory_pp(blocks[b]) for b in here)
        for bid in here:
            block = blocks[bid]
            if total < info.city and block["steps"] < unit_of(block).max_steps:
                # 9.1: the step's PP comes from its own city or any other one
                if pp >= 1:
                    actions.append(("add_step", bid))
                actions += [("add_step", bid, payer) for payer in payers if payer != hex_id]
            if pp == frame["full"][role][hex_id]:
                for other in sorted(FACTORY_ARM):
                    if other != block["type"] and (other != "FCN" or info.port):
                        actions.append(("exchange", bid, other))
    return actions


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


def _may_build(type_id: str, pp: int, city: int, port: bool, rooms: frozenset[str], air: int | None) -> bool:
    """8.2: a type the city may raise now, its cost within `pp`: naval units, marines
    and amphibious infantry only in ports (`port`), within stacking (`rooms`, 5.2)."""
    unit = unit_table()[type_id]
    if unit.cost > pp or unit.cost == 0 or not may_build_here(type_id, city, air):
        return False
    if (unit.arm == "naval" or "amphibious" in unit.tags) and not port:
        return False
    return unit.arm in rooms


@lru_cache(maxsize=4096)
def _city_builds(stretch: bool, pp: int, city: int, port: bool, rooms: frozenset[str]) -> tuple[str, ...]:
    """The types a city worth `city` PP with `pp` left may build, without factories:
    the same for every city and turn alike, so kept."""
    return tuple(t for t in buildable_types(stretch) if _may_build(t, pp, city, port, rooms, None))


def _factory_builds(
    data: Data,
    frame: Frame,
    role: str,
    hex_id: str,
    occ: dict[str, list[str]],
    rooms: frozenset[str],
    stretch: bool,
) -> list[Action]:
    """9.1: with factories, a type is built only where a factory of its kind has the PP;
    the atom bomb needs a 3-value air factory (S1.1)."""
    info, blocks = gmap(data).hexes[hex_id], data["blocks"]
    here = factories_at(data, hex_id, occ)
    air = max((factory_pp(blocks[b]) for b in here if blocks[b]["type"] == "FCA"), default=0)
    pp, port = frame["left"][role][hex_id], bool(info.port and is_water(info))
    table = unit_table()
    return [
        ("build", hex_id, t)
        for t in buildable_types(stretch)
        if _may_build(t, pp, info.city, port, rooms, air)
        and _pays(data, frame, role, hex_id, t, table[t].cost) is not None
    ]


def production_actions(data: Data, frame: Frame, role: str) -> list[Action]:
    actions: list[Action] = [("done",)]
    left = frame["left"][role]
    factories = plays_factories(data)
    the_map = gmap(data)
    occ = occupancy(data)
    homes = {board for board, owner in data["homes"].items() if owner == role}
    cadres = data["options"].get("building_cadres", False)
    stretch = bool(data["options"].get("stretch_units"))
    for hex_id, pp in left.items():
        info = the_map.hexes[hex_id]
        if info.board in homes:
            # 5.2: the arms with room for one more of the player's blocks in the city
            rooms = arms_with_room(data, occ, hex_id, role)
            if factories:
                actions += _factory_builds(data, frame, role, hex_id, occ, rooms, stretch)
            else:
                port = bool(info.port and is_water(info))
                actions += [("build", hex_id, t) for t in _city_builds(stretch, pp, info.city, port, rooms)]
        for bid in occ.get(hex_id, ()):
            block = data["blocks"][bid]
            if block["owner"] != role or (cadres and block.get("new")):
                continue
            unit = unit_of(block)
            if is_factory(block):
                continue  # 9.1: factory steps cost 1 PP (_factory_actions)
            if "resource" in unit.tags and any(resource_yield(data, hex_id, block["steps"], occ).values()):
                actions.append(("convert", bid))  # 4.3, 9.1
                continue
            if (
                block["steps"] < unit.max_steps
                and 0 < unit.cost <= pp
                and (not factories or _pays(data, frame, role, hex_id, block["type"], unit.cost) is not None)
            ):
                actions.append(("add_step", bid))
    if factories:
        actions += _factory_actions(data, frame, role, occ)
    if data["options"].get("logistics"):
        actions += build_actions(data, role)  # 9.6, 9.7: engineers build, paying a step
        actions += rebuild_actions(data, role)  # 9.5
    blocks = data["blocks"]
    room: dict[tuple[str, str], bool] = {}  # 5.2, asked once per hex and arm
    for bid, block in blocks.items():
        if block["owner"] != role or block["at"] is None or block.get("landing") or is_factory(block):
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
        if block["steps"] >= 2:
            key = (block["at"], unit.arm)
            if key not in room:
                room[key] = has_room(data, occ, key[0], role, key[1])
            if room[key]:
                actions.append(("divide", bid))
    return actions


class Production(SecretChoices["VictoryState"]):
    """A window of secret choices (core/secret_choices.py), opened by `run` (the
    budgets); the last player's done ends the phase and reveals the builds."""

    def seats(self, game: VictoryState, frame: Frame) -> list[str]:
        return [] if frame["left"] is None else sides(game.data)

    def run(self, game: VictoryState, frame: Frame) -> None:
        data = game.data
        supply = current_supply(data)  # 7.0: often the one attrition asked (supply_memo.py)
        frame["left"] = {role: city_budgets(data, role, supply[role]) for role in sides(data)}
        if plays_factories(data):  # 9.1: the factories' PP replace the cities'
            occ = occupancy(data)
            frame["arms"] = {
                role: {h: arm_budget(data, h, occ) for h in frame["left"][role]} for role in sides(data)
            }
            frame["left"] = {
                role: {h: sum(by_arm.values()) for h, by_arm in frame["arms"][role].items()}
                for role in sides(data)
            }
            frame["full"] = {role: dict(frame["left"][role]) for role in sides(data)}

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        return production_actions(game.data, frame, role)

    def confirmed(self, game: VictoryState, frame: Frame, role: str) -> None:
        frame["done"].append(role)
        game.log(f"{role} has finished production")

    def reveal(self, game: VictoryState, frame: Frame) -> None:
        _end_production(game)

    def choose(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        verb, named = action[0], args(action)
        if verb in ("airfield", "mulberry"):  # 9.6, 9.7
            build(game, role, action)
            return
        if verb == "rebuild":  # 9.5
            rebuild(game, role, named["block"], named["side"])
            return
        if verb == "exchange":  # 9.1: the city forfeits its production
            block = data["blocks"][named["block"]]
            hex_id = block["at"]
            block["type"], block["steps"] = named["type"], 1
            frame["left"][role][hex_id] = 0
            frame["arms"][role][hex_id] = {}
            name = unit_table()[named["type"]].name
            game.log(f"you exchange {named['block']} for a 0 PP {name} at {hex_id}", to=[role])
            return
        if verb == "convert":  # 4.3, 9.1: the block becomes PP in its city
            block = data["blocks"].pop(named["block"])
            hex_id = placed(block)  # a resource block converts in its city
            gained = resource_yield(data, hex_id, block["steps"])
            for kind, pp in gained.items():
                if kind:
                    by_arm = frame["arms"][role][hex_id]
                    by_arm[kind] = by_arm.get(kind, 0) + pp
                frame["left"][role][hex_id] += pp
            total = sum(gained.values())
            game.log(f"you convert {named['block']} (Resource) to {total} PP at {hex_id}", to=[role])
            return
        if verb == "disband":  # 8.22
            block = data["blocks"].pop(named["block"])
            game.log(f"you disband {named['block']} ({unit_of(block).name})", to=[role])
            return
        if verb == "merge":  # 8.21
            gone = data["blocks"].pop(named["block"])
            data["blocks"][named["into"]]["steps"] += gone["steps"]
            game.log(f"you merge {named['block']} into {named['into']} ({unit_of(gone).name})", to=[role])
            return
        if verb == "divide":  # 8.21
            block = data["blocks"][named["block"]]
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
            game.log(f"you split {new} off {named['block']} ({unit_of(block).name})", to=[role])
            return
        if verb == "build":
            hex_id, type_id = named["city"], named["type"]
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
            _spend(data, frame, role, hex_id, type_id, unit_table()[type_id].cost)
            return
        bid = named["block"]
        block = data["blocks"][bid]
        hex_id = placed(block)  # steps are added to blocks in a city
        if is_factory(block):  # 9.1: 1 PP of whichever arm has most left, in the paying city
            payer = named.get("payer", hex_id)
            by_arm = frame["arms"][role][payer]
            kind = max(sorted(by_arm), key=lambda a: by_arm[a])
            by_arm[kind] -= 1
            frame["left"][role][payer] -= 1
            if payer != hex_id:
                game.log(f"{payer} pays for it", to=[role])
        else:
            _spend(data, frame, role, hex_id, block["type"], unit_of(block).cost)
        block["steps"] += 1
        game.log(f"you add a step to {bid} ({unit_of(block).name}) at {hex_id}", to=[role])

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if role in self.actors(game, frame):
            left = frame["left"][role]
            total = sum(left.values())
            return f"Production: spend the PP of your cities ({total} PP left), then say done."
        return "Waiting for production."


def _end_production(game: VictoryState) -> None:
    data = game.data
    if plays_factories(data) and data["options"].get("logistics_sheet"):
        repair_factories(game)  # L1.5
    for block in data["blocks"].values():
        block.pop("new", None)
        block["moved"] = False
        block["entered"] = None
        block.pop("flown", None)
        block.pop("strategic", None)  # 4.2: a carrier's strategic move lasts the turn
    data["turn"] += 1
    data["phase"] = "initiative"  # the builds are known (as hidden blocks) to all
    goto(game.flow, "initiative")


__all__ = ["Production", "buildable_types", "city_budgets"]
