"""Why a block's move or attack is refused (Ruleset.explain_illegal; issue 9, section 5).

The browser asks when a click does nothing: the selected block and the clicked hex
make the action ("move", bid, hex) — or ("attack", bid, hex, via) — and the answer
names the rule in the way: a block that is not the seat's (5.0), the wrong step of
the turn (2.0 [2]), a block that has moved (5.0), is pinned (5.1) or in the storm
(9.4), a hex out of its reach (5.5-5.7), a full hexside (5.3) or stack (5.2); a
strategic move into a city or town that began the game neutral (N1.1); and a block
placed in deployment ("deploy", bid, hex) where it may not start (1.4): not one of the
seat's starting places, a ship away from a port, or a full stack (5.2).

Only what the asking seat knows goes into an answer (the reason goes to its browser):
its own blocks, the public map and markers, and the number of blocks in a hex. An id
that is not one of the seat's blocks is refused without saying whose it is or whether
it exists.
"""

from __future__ import annotations

from grognard.core.game import Action, Role

from .control import (
    arm,
    began_neutral,
    controller,
    gmap,
    has_room,
    hex_distance,
    occupancy,
    side_limit,
    storm_area,
    unit_of,
)
from .movement import entries_across, is_pinned
from .setup import deploy_targets, home_sites
from .sides import is_enemy
from .state import VictoryState
from .verbs import BadAction, args


def explain(st: VictoryState, role: Role, action: Action) -> str | None:
    """Why `action` (not legal for the active `role`) is refused, or None."""
    try:
        named = args(action)  # the verb's declared shape (verbs.py)
    except BadAction:
        return None
    verb = action[0]
    if verb in ("move", "attack"):
        return _move(st, role, str(named["block"]), str(named["to"]), named.get("via"))
    if verb == "strategic":
        return _strategic(st, role, str(named["block"]), str(named["to"]))
    if verb == "deploy":
        return _deploy(st, role, str(named["block"]), str(named["to"]))
    return None


ARM_WORDS = {"air": "air units", "naval": "ships", "ground": "ground units"}


def _deploy(st: VictoryState, role: Role, bid: str, dest: str) -> str | None:
    """1.4 and 5.2: why a block may not start in a hex (issue 26: not a move's reason)."""
    data = st.data
    block = data["blocks"].get(bid)
    if block is None or block["owner"] != role:
        return f"{bid} is not one of your blocks: each player deploys only his own (1.4)"
    top = data["flow"][-1] if data["flow"] else {}
    if top.get("state") != "deploy":
        return "blocks are placed only while deploying (1.4); this step asks something else"
    unit = unit_of(block)
    name = f"{unit.name} {bid}"
    if block["at"] is not None:
        return f"{name} is on the map already: each block is placed once (1.4)"
    info = gmap(data).hexes.get(dest)
    if info is None:
        return f"{dest} is not a hex of the map"
    place = f"{info.name} ({dest})" if info.name else dest
    if dest not in home_sites(data, role):
        return f"{place} is not one of your starting cities or towns: blocks start there only (1.4)"
    kind = arm(block)
    if kind == "naval" and not info.port:
        return f"{name} is a ship: ships start only in a port (1.4, 5.2)"
    if "coastal_only" in unit.tags and info.terrain != "coastal":
        return f"{name} starts only in a coastal city or town (1.4)"
    occ = occupancy(data)
    if not has_room(data, occ, dest, role, kind):
        blocks = data["blocks"]
        mine = sum(1 for b in occ.get(dest, ()) if blocks[b]["owner"] == role and arm(blocks[b]) == kind)
        words = ARM_WORDS[kind]
        return f"{place} already holds {mine} of your {words}, as many as a player may stack there (5.2)"
    if dest in deploy_targets(data, role, bid, occ, strict=False):
        return (
            f"placing {name} in {place} would leave too few blocks to put the required number"
            " in each of your cities (1.4)"
        )
    return None


def _strategic(st: VictoryState, role: Role, bid: str, dest: str) -> str | None:
    """N1.1: the one refusal of a strategic move this module names; others, None."""
    data = st.data
    block = data["blocks"].get(bid)
    if block is None or block["owner"] != role:
        return f"{bid} is not one of your blocks: each player moves only his own (5.0)"
    info = gmap(data).hexes.get(dest)
    if info is not None and began_neutral(data, info) and controller(data, occupancy(data), dest) is None:
        place = info.name or dest
        return (
            f"{place} began the game neutral: it is taken by a normal move only, never a strategic one (N1.1)"
        )
    return None


def _move(st: VictoryState, role: Role, bid: str, dest: str, via: object) -> str | None:
    data = st.data
    block = data["blocks"].get(bid)
    if block is None or block["owner"] != role:
        return f"{bid} is not one of your blocks: each player moves only his own (5.0)"
    flow = data["flow"]
    top = flow[-1] if flow else {}
    if top.get("state") != "move" or top.get("role") != role:
        return "blocks move only in your part of the move phase (2.0 [2], 5.0); this step asks something else"
    unit = unit_of(block)
    name = f"{unit.name} {bid}"
    if block["at"] is None:
        return f"{name} is not on the map"
    if dest == block["at"]:
        return f"{name} already stands in {dest}: pick a lit hex"
    if block["moved"]:
        return f"{name} has moved this turn: blocks move once a turn (5.0)"
    if unit.move == 0 or "strategic_only" in unit.tags:
        return f"{name} has no ordinary move (its movement allowance is 0)"
    occ = occupancy(data)
    if block["at"] in storm_area(data):
        return f"{name} is in the storm: nothing moves in or out of it (9.4)"
    if is_pinned(data, occ, bid):
        return f"{name} is pinned: a defender keeps as many blocks in the battle hex as attack it (5.1)"
    kind = arm(block)
    reach = unit.move
    the_map = gmap(data)
    if dest not in the_map.hexes:
        return f"{dest} is not a hex of the map"
    far = hex_distance(block["at"], dest)
    if far > reach:
        rule = {"air": "5.5", "naval": "5.6"}.get(kind, "5.7")
        return f"{name} moves at most {reach} hexes ({rule}); {dest} is {far} away"
    enemy = any(is_enemy(data, role, data["blocks"][b]["owner"]) for b in occ.get(dest, ()))
    if enemy and not has_room(data, occ, dest, role, kind):
        return f"your blocks already fill the stacking limit of {dest} (5.2)"
    crossing = isinstance(via, str) and via in the_map.hexes and hex_distance(via, dest) == 1
    if enemy and kind != "air" and crossing:
        side = str(via)
        limit = side_limit(the_map, side, dest, kind)
        if entries_across(data, occ, dest, side, role, kind) >= limit:
            full = f"lets {limit} block(s) into a battle, and so many have crossed"
            return f"the hexside {side}|{dest} {full} (5.3)"
    # within reach, yet no path: the page's own hint would be no better, so say what shapes paths
    return (
        f"{name} cannot get to {dest} with this move: terrain stops, river, estuary and alpine"
        " hexsides, enemy blocks on the way and stacking limits shape its paths (5.2, 5.3, 5.7); the lit"
        " hexes are where it can go"
    )
