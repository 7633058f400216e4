"""Questions every phase asks about the board: who is where, who controls a hex,
stacking (5.2, 5.52, 5.6), hexside limits (5.3) and terrain effects (3.1).

A lower module: it reads the game data (a plain dict) and the static tables, and
imports no phase module, so movement, battle, supply and production can all use it
without importing each other.

`Data` is the game data and `Block` one block's record in `data["blocks"]`: both are
typed in layout.py, which says what each key means.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import cast

from grognard.core.hexgrid import distance, hexside, parse_hex_id

from .boards import GameMap, HexInfo, game_map
from .flight import flight_distance as flight_distance
from .flight import storm_area as storm_area
from .layout import Block as Block
from .layout import VictoryData, placed
from .sides import allied, has_allies, is_enemy, teams_of
from .terrain import ground_hexside_limit, terrain_effects
from .units import ARMS, UnitType, unit_table

Data = VictoryData

# 3.1 terrain effects chart, from data/terrain.json (terrain.py)
_CHART = terrain_effects()
GROUND_STACK: Mapping[str, int] = {t: e.stack for t, e in _CHART.land.items()}
# ground units stop on entering these unless moving wholly by road (3.1 notes 1-2)
STOP_TERRAIN = frozenset(t for t, e in _CHART.land.items() if e.stop)
# defending ground units have double defense here (3.1 note 2, 6.47)
DOUBLE_DEFENSE = frozenset(t for t, e in _CHART.land.items() if e.double_defense)
SEA_STACK = _CHART.naval["sea"].stack  # 5.6
COASTAL_NAVAL_STACK = _CHART.naval["coastal"].stack  # 5.2, 5.6: in addition to ground units
AIR_STACK = _CHART.air_stack  # 5.52: air units fighting in a battle, extra to ground stacking
AIRBASE_CAPACITY = _CHART.airbase_air_units["city"]  # 5.51: air units a city or town holds
# 9.6: air units a minor and a major airfield hold
# 9.1: factories stand in cities outside stacking (our reading, as 9.6's airfields)
STACK_FREE = frozenset(t for t, u in unit_table().items() if "factory" in u.tags)
AIRFIELD_CAPACITY = {
    False: _CHART.airbase_air_units["minor_airfield"],
    True: _CHART.airbase_air_units["major_airfield"],
}


def sides(data: Data) -> list[str]:
    """The players who own blocks, in seat order: the roles, except in Commanders
    (10.5), where the seats of a team share their side's blocks (commanders.py)."""
    return list(data.get("sides") or data["roles"])


def new_block(owner: str, type_id: str, steps: int, at: str | None = None) -> Block:
    """A block's data (see state.py): not yet moved, in no battle."""
    return {"owner": owner, "type": type_id, "steps": steps, "at": at, "moved": False, "entered": None}


def unit_of(block: Block) -> UnitType:
    return unit_table()[block["type"]]


LANDING_ARM = {"air": "air", "sea": "naval"}


def is_submarine(block: Block) -> bool:
    """4.2, 7.5: a submarine controls no land and cuts no land supply."""
    return "submarine" in unit_table()[block["type"]].tags


def arm(block: Block) -> str:
    """The block's arm as it fights now: airborne units count as air until they drop
    (6.6), invading units as naval until they land (6.7)."""
    landing = block.get("landing")
    if landing:
        return LANDING_ARM[landing]
    return unit_table()[block["type"]].arm


def gmap(data: Data) -> GameMap:
    return game_map(data["map"])


def land_terrain(info: HexInfo) -> str:
    """The terrain that rules ground units in a hex: in a coastal hex its dominant land
    terrain (3.0); "" at sea."""
    return info.land_terrain


def occupancy(data: Data) -> dict[str, list[str]]:
    """hex -> block ids there, sorted (blocks not yet deployed are left out)."""
    out: dict[str, list[str]] = {}
    for bid in sorted(data["blocks"]):
        at = data["blocks"][bid]["at"]
        if at is not None:
            out.setdefault(at, []).append(bid)
    return out


def owners_at(data: Data, occ: Mapping[str, list[str]], hex_id: str) -> set[str]:
    blocks = data["blocks"]
    return {blocks[b]["owner"] for b in occ.get(hex_id, ())}


def home_owner(data: Data, info: HexInfo) -> str | None:
    """The player whose starting map the hex lies on (5.4), if any."""
    owner: str | None = data["homes"].get(info.board)
    return owner


def began_neutral(data: Data, info: HexInfo) -> bool:
    """N1.1: a city or town on no player's map, neutral when the game began (a board
    the scenario leaves without an owner, e.g. Neutral Ground's centre map)."""
    return bool(info.city or info.town) and info.board not in data["homes"]


def is_airbase_site(info: HexInfo) -> bool:
    """5.51: cities and towns are airbases."""
    return info.city > 0 or info.town


def controller(data: Data, occ: Mapping[str, list[str]], hex_id: str) -> str | None:
    """5.4: the player who controls a hex now, or None (neutral, or a battle hex).

    Ground units control land; air units control an airbase; naval units control sea
    hexes and coastal hexes with no enemy ground or air there, submarines never the
    land (4.2). A vacant city or town on a player's own map is his, and stays his while
    only his allies stand in it (allies never take hexes from each other).
    """
    blocks = data["blocks"]
    here = occ.get(hex_id, ())
    info = gmap(data).hexes[hex_id]
    if here:
        owners = {blocks[b]["owner"] for b in here}
        if len(owners) > 1:
            # 6.8: blockading ships leave the land to the player who holds it
            here = [b for b in here if not blocks[b].get("blockade")]
            owners = {blocks[b]["owner"] for b in here}
            if teams_of(data, owners) != 1:
                return None  # 5.4: a battle hex is friendly to nobody
            if len(owners) > 1:
                return _allied_controller(data, info, here)
        owner: str = next(iter(owners))
        home = home_owner(data, info) if is_airbase_site(info) else None
        if home is not None and home != owner and has_allies(data) and allied(data, home, owner):
            return home  # 2.0 [3] our reading: a partner in an ally's city or town takes nothing
        for bid in here:
            block = blocks[bid]
            kind = arm(block)
            if kind == "ground":
                return owner
            if kind == "air" and is_airbase_site(info):
                return owner
            if kind == "naval" and (info.terrain == "sea" or "submarine" not in unit_of(block).tags):
                return owner
    if is_airbase_site(info):
        return home_owner(data, info)
    return None


def _allied_controller(data: Data, info: HexInfo, here: list[str]) -> str | None:
    """5.4 with allies sharing a hex (after a battle they fought together, or moving
    in beside a partner): our reading, the one whose blocks would control it alone,
    the hex's home player first, then the first in seat order; allies never take a
    hex from each other."""
    blocks = data["blocks"]
    owners = sorted({blocks[b]["owner"] for b in here}, key=sides(data).index)
    home = home_owner(data, info)
    if home in owners:
        owners.remove(home)
        owners.insert(0, home)
    for owner in owners:
        mine = [b for b in here if blocks[b]["owner"] == owner]
        if _holds(info, [blocks[b] for b in mine]):
            return str(owner)
    return home if is_airbase_site(info) and home is not None and allied(data, home, owners[0]) else None


def _holds(info: HexInfo, mine: list[Block]) -> bool:
    """5.4: whether these blocks (one player's) control the hex they stand in."""
    for block in mine:
        kind = arm(block)
        if kind == "ground" or (kind == "air" and is_airbase_site(info)):
            return True
        if kind == "naval" and (info.terrain == "sea" or "submarine" not in unit_of(block).tags):
            return True
    return False


def blockaded_ports(data: Data, occ: Mapping[str, list[str]]) -> set[str]:
    """6.8: ports and beachhead hexes where another player's blockading ships stand
    beside the blocks holding the land."""
    blocks = data["blocks"]
    out = set()
    for hex_id, here in occ.items():
        ships = {blocks[b]["owner"] for b in here if blocks[b].get("blockade")}
        if ships and any(blocks[b]["owner"] not in ships for b in here):
            out.add(hex_id)
    return out


def lift_blockades(data: Data) -> None:
    """6.8: a blockade ends when nobody else is left in the port: the ships are then
    ordinary blocks holding a coastal hex."""
    occ = occupancy(data)
    blocks = data["blocks"]
    for here in occ.values():
        owners = {blocks[b]["owner"] for b in here}
        if teams_of(data, owners) < 2:
            for b in here:
                blocks[b].pop("blockade", None)


def may_blockade(data: Data, hex_id: str, bid: str) -> bool:
    """6.8: an attacking ship may stay to blockade a port or a beachhead instead of
    retreating, if no enemy ship or aircraft is in the hex."""
    blocks = data["blocks"]
    block = blocks[bid]
    if unit_of(block).arm != "naval" or block.get("landing"):
        return False
    role = block["owner"]
    here = [b for b in blocks if blocks[b]["at"] == hex_id and is_enemy(data, role, blocks[b]["owner"])]
    if any(arm(blocks[b]) in ("naval", "air") for b in here):
        return False
    if hex_id in data.get("mulberries", {}):
        return True  # 9.7: a mulberry is a port
    return bool(gmap(data).hexes[hex_id].port) or any(blocks[b].get("beachhead") for b in here)


def count_arm(data: Data, bids: list[str], owner: str, kind: str) -> int:
    blocks = data["blocks"]
    return sum(1 for b in bids if blocks[b]["owner"] == owner and arm(blocks[b]) == kind)


def stack_limit(info: HexInfo, kind: str) -> int:
    """5.2: how many blocks of one arm a player may have in the hex."""
    if kind == "ground":
        return GROUND_STACK.get(info.land_terrain, 0)
    if kind == "naval":
        if info.terrain == "sea":
            return SEA_STACK
        if info.terrain == "coastal":
            return COASTAL_NAVAL_STACK
        return 0
    return AIR_STACK


def has_room(data: Data, occ: Mapping[str, list[str]], hex_id: str, owner: str, kind: str) -> bool:
    """Stacking per player (5.2: in battle hexes each player has his own limit)."""
    limit = stack_limit(gmap(data).hexes[hex_id], kind)
    here = occ.get(hex_id)
    if not here:
        return limit > 0
    blocks = data["blocks"]
    mine = 0
    for b in here:
        block = blocks[b]
        if block["owner"] == owner and arm(block) == kind and block["type"] not in STACK_FREE:
            mine += 0 if block.get("aboard") else 1  # 4.2: aircraft aboard carriers do not stack
    return mine < limit


def arms_with_room(data: Data, occ: Mapping[str, list[str]], hex_id: str, owner: str) -> frozenset[str]:
    """The arms of which `owner` may put one more block in the hex: `has_room` for
    the three arms at once (5.2)."""
    info = gmap(data).hexes[hex_id]
    blocks = data["blocks"]
    mine: dict[str, int] = {}
    for b in occ.get(hex_id, ()):
        block = blocks[b]
        # 4.2: aircraft aboard carriers do not stack
        if block["owner"] == owner and block["type"] not in STACK_FREE and not block.get("aboard"):
            kind = arm(block)
            mine[kind] = mine.get(kind, 0) + 1
    return frozenset(kind for kind in ARMS if mine.get(kind, 0) < stack_limit(info, kind))


def side_key(a: str, b: str) -> str:
    """The hexside id of a|b (hexgrid.hexside), as destruction markers are keyed."""
    return hexside(_coords(a), _coords(b))


def side_features(data: Data, a: str, b: str) -> frozenset[str]:
    """The hexside's features now: a destroyed bridge (9.5) leaves a plain river that no
    road crosses, a destroyed canal carries no road either."""
    features = gmap(data).side_features(a, b)
    destroyed = data.get("destroyed")
    if destroyed and side_key(a, b) in destroyed:
        return features - {"bridge", "road"}
    return features


def ground_side_limit(the_map: GameMap, a: str, b: str) -> int:
    """5.3: ground blocks that may cross the hexside a|b into a battle at b (0 = impassable).

    Roads make a hexside clear (3.3) except at a bridge; rivers and bridges allow 1;
    alpine hexsides only let a road through; otherwise the terrain of the hex entered
    gives the limit (our reading, docs/victory-design.md)."""
    land = land_terrain(the_map.hexes[b])
    if not land:
        return 0
    return ground_hexside_limit(land, the_map.side_features(a, b))


def naval_side_limit(the_map: GameMap, a: str, b: str) -> int:
    """3.1: two naval blocks across an all-sea hexside, one where a coast is involved;
    none where no water joins the two hexes (a shoal hexside, or land between)."""
    if not the_map.is_coastal_side(a, b):
        return 0
    return 2 if the_map.hexes[a].terrain == "sea" and the_map.hexes[b].terrain == "sea" else 1


def side_limit(the_map: GameMap, a: str, b: str, kind: str) -> int:
    if kind == "air":
        return 99  # 5.3: air ignores hexside limits
    if kind == "naval":
        return naval_side_limit(the_map, a, b)
    return ground_side_limit(the_map, a, b)


@cache
def water_links(map_key: str) -> Mapping[str, frozenset[str]]:
    """For every hex, the water hexes next to it across a hexside ships may cross
    (4.2, 3.1): what naval searches ask again and again, worked out once per map."""
    the_map = game_map(map_key)
    return {
        h: frozenset(
            n
            for n in the_map.neighbors(h)
            if is_water(the_map.hexes[n]) and naval_side_limit(the_map, h, n) != 0
        )
        for h in the_map.hexes
    }


def is_water(info: HexInfo) -> bool:
    """Naval units may be here (4.2): sea or coastal, never shoal."""
    return info.terrain in ("sea", "coastal")


def is_land(info: HexInfo) -> bool:
    return info.land_terrain != ""


def city_pp(data: Data, hex_id: str) -> int:
    return int(gmap(data).hexes[hex_id].city)


def is_friendly(data: Data, who: str | None, role: str) -> bool:
    """5.4 with allies (2.0 [3]): a hex `who` controls is friendly to `role` and his allies."""
    return who is not None and (who == role or (has_allies(data) and allied(data, role, who)))


def in_battle(data: Data, hex_id: str) -> list[str]:
    """Every block in a hex, sorted by id."""
    blocks = data["blocks"]
    return [b for b in sorted(blocks) if blocks[b]["at"] == hex_id]


@cache
def _coords(hex_id: str) -> tuple[int, int]:
    return parse_hex_id(hex_id)


def hex_distance(a: str, b: str) -> int:
    return distance(_coords(a), _coords(b))


def has_enemy(data: Data, occ: Mapping[str, list[str]], hex_id: str, role: str) -> bool:
    here = occ.get(hex_id)
    if not here:
        return False
    blocks = data["blocks"]
    if "teams" not in data and "pacts" not in data:  # sides.has_allies, inlined: a hot path
        return any(blocks[b]["owner"] != role for b in here)
    return any(is_enemy(data, role, blocks[b]["owner"]) for b in here)


def enemy_hexes(data: Data, occ: Mapping[str, list[str]], role: str) -> list[str]:
    """Hexes holding an enemy's blocks (another player's, not an ally's)."""
    if "teams" not in data and "pacts" not in data:
        blocks = data["blocks"]
        return [h for h, here in occ.items() if any(blocks[b]["owner"] != role for b in here)]
    return [h for h in occ if has_enemy(data, occ, h, role)]


def barred_battles(data: Data, role: str) -> frozenset[str]:
    """2.0 [3]: battles between two other sides, allied to neither of which `role`
    may not enter (a third player must join the attacker or the defender; we read
    the choice as made by an alliance declared in the move phase)."""
    battles = data.get("battles")
    if not battles or (not has_allies(data) and len(sides(data)) < 3):
        return frozenset()
    return frozenset(
        h
        for h, b in battles.items()
        if is_enemy(data, role, b["attacker"]) and is_enemy(data, role, b["defender"])
    )


@cache
def airbase_sites(map_key: str) -> tuple[str, ...]:
    """5.51: the cities and towns of a map, sorted."""
    return tuple(sorted(h for h, info in game_map(map_key).hexes.items() if info.city or info.town))


def working_airfield(data: Data, occ: Mapping[str, list[str]], hex_id: str, role: str) -> bool:
    """9.6: an airfield `role` may fly from or to now: his, free of enemies, and not
    taken from another player this very turn."""
    field = data.get("airfields", {}).get(hex_id)
    if not field or field["owner"] != role or has_enemy(data, occ, hex_id, role):
        return False
    return int(data["turn"]) > int(field["since"])


def is_friendly_airbase(data: Data, occ: Mapping[str, list[str]], hex_id: str, role: str) -> bool:
    """5.51, 9.6: a city or town `role` controls, or one of his working airfields."""
    if is_airbase_site(gmap(data).hexes[hex_id]):
        return not has_enemy(data, occ, hex_id, role) and controller(data, occ, hex_id) == role
    return working_airfield(data, occ, hex_id, role)


def friendly_airbases(
    data: Data, occ: Mapping[str, list[str]], role: str, origin: str, reach: int
) -> list[str]:
    """5.51, 6.54: friendly airbases with room for one more air unit within `reach`
    (a flight round the storm, 9.4)."""
    return [h for h in airbases_with_room(data, occ, role) if flight_distance(data, origin, h) <= reach]


def airbases_with_room(data: Data, occ: Mapping[str, list[str]], role: str) -> list[str]:
    """5.51: every friendly airbase with room for one more air unit, sorted; airfields
    (9.6) hold one air unit (minor) or two (major)."""
    out = []
    vacant = vacant_control(data)
    for hex_id in airbase_sites(data["map"]):
        if hex_id not in occ:  # most of them: a vacant city or town is its home player's
            if vacant[hex_id] == role and AIR_STACK > 0:
                out.append(hex_id)  # an empty hex has room for one air unit (5.52)
            continue
        if has_enemy(data, occ, hex_id, role) or controller(data, occ, hex_id) != role:
            continue
        if has_room(data, occ, hex_id, role, "air"):
            out.append(hex_id)
    return sorted(out + airfields_with_room(data, occ, role))


def airfields_with_room(data: Data, occ: Mapping[str, list[str]], role: str) -> list[str]:
    """9.6: `role`'s working airfields with room for one more air unit: one on a minor
    airfield, two on a major one."""
    out = []
    for hex_id, field in data.get("airfields", {}).items():
        if not working_airfield(data, occ, hex_id, role):
            continue
        if count_arm(data, list(occ.get(hex_id, ())), role, "air") < AIRFIELD_CAPACITY[bool(field["major"])]:
            out.append(hex_id)
    return out


def controllers(data: Data, occ: Mapping[str, list[str]]) -> dict[str, str | None]:
    """`controller` of every hex of the map, in the map's order."""
    out = dict(vacant_control(data))
    out.update((h, controller(data, occ, h)) for h in occ if h in out)
    return out


def vacant_control(data: Data) -> Mapping[str, str | None]:
    """`controller` of every hex while nobody stands in it (5.4): its home player's if
    it is a city or town."""
    return _vacant_control(data["map"], tuple(sorted(data["homes"].items())))


@lru_cache(maxsize=64)
def _vacant_control(map_key: str, homes: tuple[tuple[str, str], ...]) -> Mapping[str, str | None]:
    """5.4: who controls each hex while nobody stands in it (its home player's if it is
    a city or town), kept per map and home maps."""
    # an empty board: only the keys `controller` reads on a vacant map (map, homes,
    # blocks); the rest of the game data is never asked for here
    data = cast(Data, {"map": map_key, "homes": dict(homes), "blocks": {}})
    return {h: controller(data, {}, h) for h in game_map(map_key).hexes}


def working_mulberry(data: Data, hex_id: str, role: str) -> bool:
    """9.7: a mulberry that serves `role` as a port now: his, not taken this turn,
    not put out of action by a storm next to it this turn (9.4)."""
    berth = data.get("mulberries", {}).get(hex_id)
    if not berth or berth["owner"] != role:
        return False
    return int(data["turn"]) > int(berth["since"]) and berth.get("down") != data["turn"]


def landing_reach(data: Data, block: Block) -> int:
    """5.53: an air unit lands within its move after a battle; with the Air Range
    option it has whatever its out-and-back allowance (twice its move) leaves after
    the flight out (`flown`, recorded when it attacked)."""
    move = unit_of(block).move
    if data["options"].get("air_range"):
        return max(0, 2 * move - int(block.get("flown", 0)))
    return move


def attack_reach(data: Data, block: Block) -> int:
    """5.53: how far an air unit may fly to a battle; with the Air Range option up to
    its whole out-and-back allowance less one hex for the way home."""
    move = unit_of(block).move
    return 2 * move - 1 if data["options"].get("air_range") else move


def mark_beachheads(data: Data) -> list[str]:
    """6.71: in the supply phase a marine or amphibious block ashore in a friendly
    coastal hex without a port turns face up as a beachhead, one per hex. We mark every
    block that qualifies (the rule lets a player choose; a beachhead never hurts its
    owner but shows the block). Returns the blocks newly marked."""
    occ = occupancy(data)
    blocks = data["blocks"]
    the_map = gmap(data)
    fresh, taken = [], set()
    for bid in sorted(blocks):
        block = blocks[bid]
        info = the_map.hexes.get(block["at"]) if block["at"] else None
        ok = (
            info is not None
            and "amphibious" in unit_of(block).tags
            and arm(block) == "ground"
            and info.terrain == "coastal"
            and not info.port
            and controller(data, occ, placed(block)) == block["owner"]
            and block["at"] not in taken
        )
        if ok:
            taken.add(block["at"])
            if not block.get("beachhead"):
                fresh.append(bid)
            block["beachhead"] = True
        else:
            block.pop("beachhead", None)
    return fresh
