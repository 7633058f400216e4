"""7 - Operations Phase: the four sub-phases, in initiative order, one order at a time.

Sub-phases: feint attacks, movement (Move and Maneuver), strategic movement, build
fortifications (automatic). Each faction in initiative order executes one order of the
sub-phase's kind, then the next faction, until none is left. Executing an order may
do nothing (the player may skip its effects). Executed tokens go back to the pool,
except single-use ones (Maneuver). Amphibious landings are not yet done.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from grognard.core.flow import Frame, call
from grognard.core.game import Action
from grognard.games.virtuti.board import (
    ARMOUR,
    ROLE_OF,
    Data,
    Unit,
    at_war,
    content,
    controller,
    enemy_units_in,
    is_naval,
    kind_of,
    may_enter_land,
    neighbours,
    stacks_fit,
    units,
    units_in,
    vmap,
)
from grognard.games.virtuti.stacking import can_finish
from grognard.games.virtuti.verbs import args

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState

SUB_PHASES: tuple[tuple[str, ...], ...] = (
    ("feint_attack",), ("move", "maneuver", "amphibious_landing"), ("strategic_movement",),
    ("build_fortification",),
)  # fmt: skip
SUB_NAMES = ("feint attacks", "movement", "strategic movement", "fortifications")
FEINT_REMOVES = ("feint_attack", "support", "build_fortification", "strategic_movement",
                 "amphibious_landing", "shore_bombardment")  # fmt: skip


def order_kind(order_id: str) -> str:
    return str({o.id: o for o in content().orders}[order_id].kind)


def pending(data: Data, faction: str, sub: int) -> list[str]:
    kinds = SUB_PHASES[sub]
    return sorted(a for a, o in data["orders"].items() if o["f"] == faction and order_kind(o["o"]) in kinds)


def current_faction(data: Data, frame: Frame) -> str | None:
    """Whose turn it is in the sub-phase: the next faction in initiative order that
    still has an order of the sub-phase's kind on the map."""
    order = data["initiative"]
    for step in range(len(order)):
        f = order[(frame["next"] + step) % len(order)]
        if pending(data, f, frame["sub"]):
            return str(f)
    return None


def return_token(data: Data, faction: str, order_id: str) -> None:
    """Executed or removed orders go back to the pool; single-use ones leave the game."""
    token = {o.id: o for o in content().orders}[order_id]
    if not token.single_use:
        pool = data["factions"][faction]["orders"]
        pool[order_id] = pool.get(order_id, 0) + 1


def execute(state: VirtutiState, frame: Frame, area: str) -> None:
    data = state.vdata
    order = data["orders"].pop(area)
    f, order_id = order["f"], order["o"]
    kind = order_kind(order_id)
    return_token(data, f, order_id)
    frame["next"] = (data["initiative"].index(f) + 1) % len(data["initiative"])
    state.log(f"{f} executes {order_id} in {area}")
    bonus = {o.id: o.bonus for o in content().orders}[order_id]
    if kind == "feint_attack":
        call(state.flow, "feint", f=f, area=area)
    elif kind in ("move", "maneuver", "amphibious_landing"):
        landing = kind == "amphibious_landing"
        targets = landing_targets(data, f, area) if landing else []  # the fleets stay put meanwhile
        call(state.flow, "move", f=f, area=area, bonus=bonus, maneuver=kind == "maneuver",
             landing=landing, targets=targets, plan={}, done=False)  # fmt: skip
    elif kind == "strategic_movement":
        call(state.flow, "strategic", f=f, area=area, plan={}, done=False)


def build_fortifications(state: VirtutiState) -> None:
    """4th sub-phase: each Build Fortification order adds a level (at most 3)."""
    data = state.vdata
    for area in sorted(data["orders"]):
        o = data["orders"][area]
        if order_kind(o["o"]) != "build_fortification":
            continue
        del data["orders"][area]
        return_token(data, o["f"], o["o"])
        level = data["forts"].get(area, 0)
        if level < 3:
            data["forts"][area] = level + 1
        state.log(f"{o['f']} fortifies {area}: level {data['forts'].get(area, level)}")


# --- feint attacks ---------------------------------------------------------------------------------


def feint_targets(state: VirtutiState, faction: str, area: str) -> list[str]:
    """Land feints reach adjacent land areas; sea and port feints adjacent sea areas."""
    data = state.vdata
    reach = ("land",) if kind_of(area) == "land" else ("sea",)
    out = []
    for n in neighbours(area, reach):
        o = data["orders"].get(n)
        if o and ROLE_OF[o["f"]] != ROLE_OF[faction] and order_kind(o["o"]) in FEINT_REMOVES:
            out.append(n)
    return out


def feint_legal(state: VirtutiState, frame: Frame) -> list[Action]:
    return [("skip",), *(("remove", a) for a in feint_targets(state, frame["f"], frame["area"]))]


def feint_apply(state: VirtutiState, frame: Frame, action: Action) -> None:
    if action[0] == "remove":
        area = args(action)["area"]
        o = state.vdata["orders"].pop(area)
        pool = state.vdata["factions"][o["f"]]["orders"]
        pool[o["o"]] = pool.get(o["o"], 0) + 1  # removed orders return, single-use or not
        state.log(f"{frame['f']} feints from {frame['area']}: {o['f']}'s {o['o']} in {area} is removed")
    frame["done"] = True


# --- movement ----------------------------------------------------------------------------------------


def strait_open(data: Data, faction: str, a: str, b: str) -> bool:
    m = vmap()
    if m.graph.border(a, b) != "strait":
        return True
    strait = m.strait_between(a, b)
    return strait is not None and controller(data, strait.area) == faction


def fleet_seas(data: Data, faction: str) -> set[str]:
    return {u["a"] for u in units(data) if u["f"] == faction and is_naval(u) and kind_of(u["a"]) == "sea"}


def sea_transport(data: Data, faction: str, area: str) -> list[str]:
    """Transporting Land Units Over Sea: own port areas reachable along a chain of own
    fleets in sea zones (the Western Allies also around Africa)."""
    m = vmap()
    if m.land(area).port is None:
        return []
    fleets = fleet_seas(data, faction)
    if not fleets:
        return []
    out = []
    for dest, holder in data["control"].items():
        if holder != faction or dest == area or m.land(dest).port is None:
            continue
        chain = m.fleet_chain(
            area, dest, fleets, lambda s: controller(data, s.area) == faction, faction=faction
        )
        if chain is not None:
            out.append(dest)
    return out


def fleet_moves(data: Data, faction: str, unit: Unit) -> list[str]:
    """Fleets enter sea zones (straits only when the strait's land area is held) and
    friendly-controlled ports; a zone with fleets of two enemy factions is not entered."""
    here = unit["a"]
    out = []
    for n in neighbours(here, ("sea", "port")):
        if kind_of(n) == "port":
            if controller(data, n) == faction:
                out.append(n)
            continue
        through = strait_open(data, faction, here, n) if kind_of(here) == "sea" else True
        if through and len({u["f"] for u in enemy_units_in(data, faction, n)}) <= 1:
            out.append(n)
    return out


def maneuver_moves(data: Data, faction: str, unit: Unit) -> list[str]:
    """Maneuver: armour up to two areas, others one; never into (or through) areas with
    enemy units, never over sea. The way on goes only through the faction's own areas
    (an enemy area entered is taken, which ends the move) and never through a stack of
    four (G1.4, Overstacking)."""
    reach = 2 if unit["t"] in ARMOUR else 1
    seen = {unit["a"]: 0}
    queue = deque([unit["a"]])
    while queue:
        a = queue.popleft()
        if seen[a] >= reach:
            continue
        passing = a != unit["a"]
        if passing and (controller(data, a) != faction or len(units_in(data, a, faction)) >= 4):
            continue
        for n in neighbours(a, ("land",)):
            if n in seen or not may_enter_land(data, faction, n) or enemy_units_in(data, faction, n):
                continue
            seen[n] = seen[a] + 1
            queue.append(n)
    return sorted(a for a in seen if a != unit["a"])


def landing_targets(data: Data, faction: str, origin: str) -> list[str]:
    """Amphibious Landing: enemy-held land areas in clear weather that a chain of the
    faction's fleets joins to the departure port."""
    m = vmap()
    fleets = fleet_seas(data, faction)
    if not fleets or m.land(origin).port is None:
        return []
    out = []
    for dest, holder in sorted(data["control"].items()):
        if (
            not at_war(data, faction, holder)
            or data["weather"].get(dest) != "clear"
            or not m.land(dest).coasts
        ):
            continue
        chain = m.fleet_chain(
            origin, dest, fleets, lambda s: controller(data, s.area) == faction, faction=faction
        )
        if chain is not None:
            out.append(dest)
    return out


def destinations(data: Data, frame: Frame, unit: Unit) -> list[str]:
    f = frame["f"]
    if frame.get("landing"):
        if is_naval(unit):
            return []
        return list(frame["targets"])
    if is_naval(unit):
        return [] if frame["maneuver"] else fleet_moves(data, f, unit)
    if frame["maneuver"]:
        return maneuver_moves(data, f, unit)
    near = [n for n in neighbours(unit["a"], ("land",)) if may_enter_land(data, f, n)]
    return sorted(set(near) | set(sea_transport(data, f, unit["a"])))


def battle_at(data: Data, faction: str, dest: str) -> bool:
    return bool(enemy_units_in(data, faction, dest))


def move_legal(state: VirtutiState, frame: Frame) -> list[Action]:
    """Send each unit of the area somewhere (one battle per Move order), then go; the
    stacking limits hold when the order ends, not after each unit sent (G1.4)."""
    data = state.vdata
    f, plan = frame["f"], frame["plan"]
    left = unsent(data, frame)
    battles = {d for ds in left.values() for d in ds if battle_at(data, f, d)}
    battles |= {d for d in plan.values() if battle_at(data, f, d)}
    fighting = {d for d in plan.values() if d in battles}
    out: list[Action] = [("go",)] if may_go(data, frame) else []
    for uid, dests in left.items():
        rest = {k: v for k, v in left.items() if k != uid}
        for dest in dests:
            if dest in battles and fighting and dest not in fighting:
                continue  # one battle per Move order
            if can_finish(data, f, {**plan, uid: dest}, rest, battles):
                out.append(("send", uid, dest))
    return out


def unsent(data: Data, frame: Frame) -> dict[str, list[str]]:
    """The units of the order's area not yet sent, with where each may go."""
    strategic = frame["state"] == "strategic"
    reach = strategic_reach(data, frame["f"], frame["area"]) if strategic else []
    out: dict[str, list[str]] = {}
    for u in units(data):
        if u["f"] != frame["f"] or u["a"] != frame["area"] or u["ex"] or u["id"] in frame["plan"]:
            continue
        if strategic:
            if not is_naval(u):
                out[u["id"]] = reach
        else:
            out[u["id"]] = destinations(data, frame, u)
    return out


def may_go(data: Data, frame: Frame) -> bool:
    """An order ends (`go`) only within the stacking limits (G1.4 Overstacking), whether
    its attackers advance or stay where they are (a battle lost or a defence held, B1.6,
    B1.7); an order that moves nothing may always end."""
    f, plan = frame["f"], frame["plan"]
    stay = {u: d for u, d in plan.items() if not battle_at(data, f, d)}
    return not plan or (stacks_fit(data, f, plan) and stacks_fit(data, f, stay))


def move_apply(state: VirtutiState, frame: Frame, action: Action) -> None:
    data = state.vdata
    if action[0] == "send":
        named = args(action)
        frame["plan"][named["unit"]] = named["to"]
        return
    f, origin = frame["f"], frame["area"]
    frame["done"] = True
    attackers: list[str] = []
    target = None
    for uid, dest in sorted(frame["plan"].items()):
        if battle_at(data, f, dest):
            attackers.append(uid)
            target = dest
            continue
        data["units"][uid]["a"] = dest
        state.log(f"{f} moves {data['units'][uid]['t']} {uid} from {origin} to {dest}")
        holder = controller(data, dest)
        if kind_of(dest) == "land" and holder is not None and holder != f and at_war(data, f, holder):
            capture(state, f, dest)
    if target is not None:
        sea = kind_of(target) == "sea"
        call(state.flow, "battle", area=target, att=f, defender=enemy_units_in(data, f, target)[0]["f"],
             attackers=attackers, origin=origin, bonus=frame["bonus"], sea=sea,
             landing=bool(frame.get("landing")))  # fmt: skip


def capture(state: VirtutiState, faction: str, area: str) -> None:
    """Step 7 (and entering an empty enemy area): control passes; fortifications and the
    loser's orders there go (single-use ones for good); enemy fleets in its port sink."""
    data, m = state.vdata, vmap()
    data["control"][area] = faction
    data["forts"].pop(area, None)
    if area in data["oos"]:
        data["oos"].remove(area)
    for place in (area, m.land(area).port):
        if place is None:
            continue
        o = data["orders"].get(place)
        if o and o["f"] != faction:
            del data["orders"][place]
            return_token(data, o["f"], o["o"])
    port = m.land(area).port
    if port is not None:
        for u in [u for u in units(data) if u["a"] == port and u["f"] != faction]:
            del data["units"][u["id"]]
    state.log(f"{faction} captures {area}")


# --- strategic movement ------------------------------------------------------------------------------


def strategic_reach(data: Data, faction: str, start: str) -> list[str]:
    """Friendly or occupied areas joined to the start by a path of such areas, never
    through a stack of four of the faction's units (G1.4 Overstacking)."""
    seen = {start}
    queue = deque([start])
    while queue:
        a = queue.popleft()
        if a != start and len(units_in(data, a, faction)) >= 4:
            continue  # it may be reached (the limits then decide), not passed through
        for n in neighbours(a, ("land",)):
            if n not in seen and controller(data, n) == faction:
                seen.add(n)
                queue.append(n)
    return sorted(seen - {start})


def strategic_legal(state: VirtutiState, frame: Frame) -> list[Action]:
    data = state.vdata
    f, plan = frame["f"], frame["plan"]
    out: list[Action] = [("go",)] if may_go(data, frame) else []
    left = unsent(data, frame)
    for uid, dests in left.items():
        rest = {k: v for k, v in left.items() if k != uid}
        out += [("send", uid, d) for d in dests if can_finish(data, f, {**plan, uid: d}, rest)]
    return out


def strategic_apply(state: VirtutiState, frame: Frame, action: Action) -> None:
    if action[0] == "send":
        named = args(action)
        frame["plan"][named["unit"]] = named["to"]
        return
    for uid, dest in sorted(frame["plan"].items()):
        state.vdata["units"][uid]["a"] = dest
        state.log(f"{frame['f']} moves {uid} by strategic movement to {dest}")
    frame["done"] = True
