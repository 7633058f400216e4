"""Why a move or a battle start is refused (Ruleset.explain_illegal; issue 9, section 5).

The browser asks when a click does nothing: the selected unit and the clicked hex
make the action ("move", uid, hex), a hex alone ("battle", hex). The answer names
the rule in the way, worked out from the same Situation the legal list is built
from, so it can be exact where a guess from the view cannot (roads, the 9.12
exceptions, one battle per hex).

Only what the asking seat knows goes into an answer: its own units, revealed tiles
and what stands on them (everybody sees the whole board but face-down tiles, whose
terrain nobody knows, so a face-down tile is named as such and nothing more).
"""

from __future__ import annotations

from grognard.core.game import Action, Role

from .layout import Unit
from .situation import Situation, allowance, mp_left
from .state import Viktory2State
from .tables import WATER
from .verbs import BadAction, args


def explain(st: Viktory2State, role: Role, action: Action) -> str | None:
    """Why `action` (not legal for the active `role`) is refused, or None."""
    try:
        named = args(action)  # the verb's declared shape (verbs.py)
    except BadAction:
        return None
    if action[0] == "move":
        return _move(st, role, str(named["unit"]), str(named["to"]))
    if action[0] == "battle":
        return _battle(st, role, str(named["hex"]))
    return None


def _step(st: Viktory2State) -> str:
    return str(st.frame()["state"]) if st.flow else ""


def _unit_name(unit: Unit) -> str:
    """A unit of the asking player's as it says it: "your infantry at 1,0"."""
    return f"your {unit['type']} at {unit['hex']}" if unit["hex"] else f"your {unit['type']}"


def _move(st: Viktory2State, role: Role, uid: str, dest: str) -> str | None:
    if _step(st) != "move":
        return "units move only in the Movement & Combat phase (6.0, 9.0); this step asks something else"
    unit = st.units.get(uid)
    tiles = st.data["tiles"]
    if unit is None:
        return f"there is no unit {uid}"
    name = _unit_name(unit)  # as a player says it, not its id (issue 26, item 15)
    if unit["owner"] != role:
        at = f" at {unit['hex']}" if unit["hex"] else ""
        return f"{unit['owner']}'s {unit['type']}{at} is not yours: you move only your own units (9.0)"
    if dest not in tiles:
        return f"{dest} is not a hex of the board"
    turn = st.data["turn"]
    sit = Situation(st, role)
    moving = turn["moving"]
    if moving is not None and moving != uid and sit.in_transit(moving):
        first = _unit_name(st.units[moving])
        return f"{first} must move on first: it may not end its movement where it stands (9.0, 9.32)"
    where = unit["hex"]
    if where is None:
        if unit.get("aboard"):
            return f"{name} is aboard a frigate: it goes ashore by disembarking (9.46), not by moving"
        reserve = "it enters the board in Reserve Placement (13.0), not by moving"
        return f"that {unit['type']} is in your reserve: {reserve}"
    if uid in turn["attacked"]:
        return f"{name} has attacked this turn, which ends its movement (10.7)"
    if uid in turn["transported"]:
        return f"{name} was carried by a frigate this turn and may not move (9.43)"
    left = mp_left(st, uid)
    if uid in turn["done"] or left <= 0:
        # the turn record does not tell which: end_movement zeroes the points too
        return (
            f"{name}'s movement is over this turn: it has used its {allowance(unit['type'])} movement"
            " points, or another unit moved after it, and units move one at a time (9.0, 9.11)"
        )
    is_frigate = unit["type"] == "frigate"
    if dest == where:
        return f"{name} already stands in {dest}: pick a lit hex next to it"
    if tiles[dest] is None:
        return f"{dest} is face down: units explore it by moving next to it (9.2), never into it"
    if not is_frigate and tiles[dest] == WATER:
        return f"{name} cannot enter water: land units cross it aboard a frigate (9.1, 9.4)"
    if is_frigate and tiles[dest] != WATER and dest not in sit.ports:
        return f"{name} stays on water: it passes only through a port of yours (9.3, 9.32)"
    if dest not in st.neighbors(where) and (is_frigate or dest not in sit.roads_from(where)):
        far = st.distance(where, dest)
        roads = "" if is_frigate else "; roads (9.13) join only your towns 2 or 3 hexes apart"
        if _reachable(sit, is_frigate, where, left, dest):
            return f"{name} moves one hex at a time: go through a lit hex next to it towards {dest} (9.0)"
        if far > left:
            points = f"{left} movement point{'' if left == 1 else 's'}"
            rule = "9.31" if is_frigate else "9.11"
            return f"{dest} is {far} hexes from {name}, which has {points} left ({rule}){roads}"
        if is_frigate:
            return f"no way over water of {left} hexes takes {name} to {dest} (9.3, 9.32)"
        return (
            f"no way of {left} hexes takes {name} to {dest}: water (9.1), forest and mountain that stop it"
            f" (9.12) or enemy hexes (9.0) are in the way{roads}"
        )
    if sit.is_hostile(dest) and not sit.may_attack_into(dest):
        if dest in sit.battles:
            return f"a battle was fought at {dest} this turn: one battle per hex per turn (12.2)"
        if turn["no_attack"]:
            return "your empire is reorganising and may attack nobody this turn (15.63)"
        return f"{name} may not attack into {dest} (15.6)"
    if is_frigate and tiles[dest] != WATER and left < 2:
        return f"{name} needs 2 movement points to pass through the port {dest}, and has {left} (9.32)"
    if not sit.may_stop(dest):
        return f"{name} may not stop in {dest}, an alliance hex (15.64)"
    return f"{name} could not end its movement anywhere legal from {dest} (9.0, 9.12)"


def _reachable(sit: Situation, is_frigate: bool, start: str, mp: int, dest: str) -> bool:
    """Can the unit get to dest this turn, one step at a time (9.0, 9.12, 9.13, 9.32)?"""
    frontier, seen = [(start, mp)], {(start, mp)}
    while frontier:
        hex_, left = frontier.pop()
        for step, stops in sit.steps(is_frigate, hex_, left):
            if step == dest:
                return True
            nxt = (step, left - 1)
            if not stops and left > 1 and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return False


def _battle(st: Viktory2State, role: Role, hex_: str) -> str | None:
    if hex_ not in st.data["tiles"]:
        return f"{hex_} is not a hex of the board"
    if _step(st) != "move":
        return "battles start only in the Movement & Combat phase (6.0, 12.0)"
    turn = st.data["turn"]
    if hex_ in turn["battles"]:
        return f"a battle was fought at {hex_} this turn: one battle per hex per turn (12.2)"
    mine = [u for u in st.units_at(hex_) if st.units[u]["owner"] == role]
    if not mine:
        return f"none of your units is at {hex_}: battles start where yours entered an enemy hex (12.0)"
    return f"there is no enemy to fight at {hex_} (12.0)"


__all__ = ["explain"]
