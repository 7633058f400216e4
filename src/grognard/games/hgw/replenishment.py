"""Naval Action's fleet replenishment (optional rule `naval_action`; Fleet Replenishment
1-5, cases N13.0-N13.5): amphibious points sent to sea as refuelling units, from whose
hex a fleet counts its mission's range.

    ("replenish", fleet, hex)              one amphibious point of an army in the fleet's
                                           port sails to a sea hex within twelve hexes
                                           (the Ranges table's Fleet Replenishment line,
                                           along a sea route) of the port or of the
                                           fleet's chain's last unit: a new unit at the
                                           chain's end, or one more point for it there
    ("intercept_replenishment", fleet)     the enemy's fleet tries to meet the point
    ("let_replenishment_pass",)            sailing (step replenishment_intercept)
    ("attack_replenishment", fleet, hex)   in its own naval movement, a fleet sails to
                                           attack an enemy unit at sea (a patrol's chain
                                           stays out through the enemy's turn)

The rules as played (docs/hgw-design.md, "Fleet replenishment", gives each reading):
  1. a chain belongs to one fleet (N13.3): its points come from the side's armies in the
     fleet's port, its first unit lies within twelve hexes of that port, each further
     unit within twelve of the one before (N13.1-2). Built while the fleet is still free
     to move, it is "building": naval_phase counts the fleet's mission range from the
     last unit (naval_phase.RANGE_LEAD: patrols, raids, naval base attacks) and the
     fleet's path runs through every unit to it;
  2. each point sailing is searched and may be intercepted along its whole path from the
     port, as a fleet would be (N13.2; naval_search, the Fleet line's reach); met, it is
     fired at by the doubled ship strength (Naval Battle Resolution 2) and, holding no
     ships, fires back nothing: a loss sinks it;
  3. at the end of the player's combat phase (step 5, when missions end) a chain whose
     fleet is on patrol stays out while the patrol lasts ("supplying"); every other chain
     is spent (N13.5); a patrol's chain is spent when its fleet is back in port. The
     points never return to the pool (N13.5);
  4. a unit destroyed at sea cuts off the units beyond it that lie more than twelve hexes
     from any friendly port and from every surviving unit before them; they are removed,
     and a fleet the chain supplies (one that has sailed on its mission) is eliminated
     (N13.4).

DATA LAYOUT: `data["replenishment"]` {fleet id: {"side", "port", "state": "building" |
"supplying", "units": [{"hex", "sp"}, ...] (in chain order)}}.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, call, end

from . import fleet_nations, naval_search, ports
from .board import armies_at, opponents, points
from .firepower import fire
from .fleets import active, base_hex, is_uboat_fleet, route_path, set_points, ships
from .invasion_routes import barred_crossings, closed_narrows
from .layout import Fleet, HgwBoard, HgwData, placed
from .map import hex_distance, load_map
from .naval_phase import EXTRA_OFFERS, EXTRA_VERBS, RANGE_LEAD, movable, open_interceptions, sailing_path
from .naval_tables import load_naval
from .neutrality import at_war, naval_friendly
from .optional import has_option
from .sea_war import reach
from .uboats import intercept, intercept_limit

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]
Data = HgwBoard
VERBS = ("replenish", "attack_replenishment")
STEP_VERBS = ("intercept_replenishment", "let_replenishment_pass")
BUSY = ("escort", "support", "raid", "cut")  # fleets on these missions intercept nothing


@cache
def unit_range() -> int:
    """The Ranges table's Fleet Replenishment line: twelve hexes."""
    return int(load_naval().range("fleet_replenishment").hexes[1] or 0)


@cache
def attack_range() -> int:
    """How far a fleet sails to attack a unit at sea: the Fleet Intercept Ranges' fleet line."""
    return max(d for d in range(100) if intercept_limit("fleet", d))


def _closed(data: Data, side: str) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    return closed_narrows(data, side), barred_crossings(data, side)


@cache
def _sea_steps(
    here: str, limit: int, closed: frozenset[str], barred: frozenset[tuple[str, str]]
) -> dict[str, int]:
    return load_map().sea_reach(here, limit, closed, barred)


def chains(data: Data) -> dict[str, Any]:
    return dict(data.get("replenishment", {}))


def chain(data: Data, fleet_id: str) -> dict[str, Any] | None:
    """The fleet's chain still being built for its mission this phase, or None."""
    found = data.get("replenishment", {}).get(fleet_id)
    if not found or found["state"] != "building" or not found["units"]:
        return None
    return found if data["fleets"][fleet_id]["at"] == found["port"] else None  # not after a base change


def end_hex(data: Data, fleet_id: str) -> str:
    """Where the next unit sails from: the chain's last unit, else the fleet's port."""
    found = chain(data, fleet_id)
    return str(found["units"][-1]["hex"]) if found else base_hex(placed(data["fleets"][fleet_id]))


def _legs(data: Data, side: str, hexes: list[str]) -> list[str]:
    """The sea path through `hexes` in order, each leg the shortest sea route."""
    closed, barred = _closed(data, side)
    path = [hexes[0]]
    for a, b in pairwise(hexes):
        leg = list(route_path(a, b, closed, barred)) or [a, b]
        path += leg[1:]
    return path


def lead(data: Data, fleet_id: str) -> list[str]:
    """naval_phase.RANGE_LEAD: the path from the fleet's port through its chain to the
    last unit, from which the mission's range counts (N13.1-2); [] with no chain."""
    found = chain(data, fleet_id) if data.get("replenishment") else None
    if not found or data["fleets"][fleet_id]["at"] is None:
        return []
    port = base_hex(placed(data["fleets"][fleet_id]))
    return _legs(data, found["side"], [port, *(u["hex"] for u in found["units"])])


def amphibious_in_port(data: Data, fleet_id: str) -> int:
    fleet = data["fleets"][fleet_id]
    aboard = armies_at(data, placed(fleet), fleet["side"])
    return sum(int(data["armies"][a]["sp"].get("amphibious", 0)) for a in aboard)


def unit_choices(data: Data, fleet_id: str) -> list[str]:
    """N13.1-2: the sea hexes a unit may sail to for the fleet: within twelve hexes of the
    chain's end along a sea route, not back onto an earlier unit (the end's own hex adds
    a point to it)."""
    fleet = data["fleets"][fleet_id]
    if not amphibious_in_port(data, fleet_id):
        return []
    here = end_hex(data, fleet_id)
    found = chain(data, fleet_id)
    earlier = {u["hex"] for u in found["units"][:-1]} if found else set()
    hmap = load_map()
    reached = _sea_steps(here, unit_range(), *_closed(data, fleet["side"]))
    port = base_hex(placed(fleet))
    return sorted(h for h in reached if hmap.is_water(h) and h not in earlier and h != port)


def offer(game: HgwState, frame: Frame, role: str) -> list[Action]:
    """EXTRA_OFFERS: units for the fleets free to move; attacks on the enemy's units."""
    data = game.data
    if not has_option(data, "naval_action"):
        return []
    actions: list[Action] = []
    for f in movable(data, role):
        if data.get("fleet_status", {}).get(f) is not None:
            continue  # a raider in a neutral port (N6.1)
        actions += [("replenish", f, h) for h in unit_choices(data, f)]
        actions += [("attack_replenishment", f, h) for h in attack_choices(data, f)]
    return actions


def attack_choices(data: Data, fleet_id: str) -> list[str]:
    """The hexes of enemy units at sea (sides at war) within the fleet's intercept reach."""
    fleet = data["fleets"][fleet_id]
    side, port = fleet["side"], base_hex(placed(fleet))
    line = "ss" if is_uboat_fleet(fleet) else "fleet"
    found: set[str] = set()
    for x in data.get("replenishment", {}).values():
        if x["side"] in opponents(data, side) and at_war(data, side, x["side"]):
            found.update(u["hex"] for u in x["units"] if intercept_limit(line, hex_distance(port, u["hex"])))
    return sorted(found)


def _spend(game: HgwState, fleet_id: str, why: str) -> None:
    """N13.5: the chain's points leave play (not back to the pool)."""
    data = game.data
    gone = data.get("replenishment", {}).pop(fleet_id, None)
    if gone and gone["units"]:
        total = sum(int(u["sp"]) for u in gone["units"])
        name = data["fleets"][fleet_id]["name"]
        game.log(
            f"{name}'s replenishment chain, {points(total, 'amphibious')} at sea, is spent: {why} (N13.5)"
        )
    if not data.get("replenishment"):
        data.pop("replenishment", None)


def sail(game: HgwState, frame: Frame, role: str, action: Action) -> None:
    """N13.1-2: one amphibious point sails to the hex; then it may be intercepted."""
    data = game.data
    if action[0] == "attack_replenishment":
        attack_sail(game, frame, role, action)
        return
    fleet_id, target = str(action[1]), str(action[2])
    fleet = data["fleets"][fleet_id]
    old = data.get("replenishment", {}).get(fleet_id)
    if old and old["state"] != "building":
        _spend(game, fleet_id, "its mission is over")
    start = lead(data, fleet_id) or [base_hex(placed(fleet))]
    army = max(
        armies_at(data, placed(fleet), role),
        key=lambda a: (int(data["armies"][a]["sp"].get("amphibious", 0)), a),
    )
    data["armies"][army]["sp"]["amphibious"] -= 1
    path = start[:-1] + _legs(data, role, [start[-1], target])
    built = data.setdefault("replenishment", {}).setdefault(
        fleet_id, {"side": role, "port": fleet["at"], "state": "building", "units": []}
    )
    units = built["units"]
    if units and units[-1]["hex"] == target:
        units[-1]["sp"] += 1
    else:
        units.append({"hex": target, "sp": 1})
    steps = _sea_steps(start[-1], unit_range(), *_closed(data, role)).get(target, 0)
    game.log(
        f"{role} sends an amphibious point from {fleet['at']} to {target} to replenish {fleet['name']} "
        f"(unit {len(units)} of its chain, {steps} sea-route steps on)"
    )
    for enemy in reversed(opponents(data, role)):
        if not at_war(data, role, enemy):
            continue
        step = {"role": enemy, "fleet": fleet_id, "hex": target, "path": path, "sailing": 1, "done": []}
        if not interceptors(data, step):
            continue
        unit = {"name": f"the amphibious point for {fleet['name']}", "side": role, "sp": 1}
        if naval_search.search_move(game, enemy, fleet_id, path, target=unit):
            call(data["flow"], "replenishment_intercept", **step)


def interceptors(data: Data, frame: Frame) -> list[str]:
    """The side's fleets that reach the sailing point's path (Fleets 7; N13.2)."""
    status = data.get("fleet_status", {})
    return [
        f
        for f, x in sorted(data.get("fleets", {}).items())
        if x["side"] == frame["role"]
        and f not in frame["done"]
        and active(data, f)
        and status.get(f) not in BUSY
        and not fleet_nations.idle(data, x)
        and reach(data, f, frame["path"]) is not None
    ]


def strength(fleet: Fleet) -> int:
    """Naval Battle Resolution 2: ship strength doubled, A.S.W. points at half of that."""
    x = ships(fleet)
    return 2 * (x.get("capital", 0) + x.get("carrier", 0) + x.get("uboat", 0)) + x.get("asw", 0)


def _meets(game: HgwState, fleet_id: str, path: list[str], what: str) -> bool:
    data = game.data
    found = reach(data, fleet_id, path)
    if found is None:
        return False
    distance, automatic = found
    fleet = data["fleets"][fleet_id]
    if automatic:
        game.log(f"{fleet['name']}, on patrol {distance} hexes away, meets {what}")
        return True
    line = "ss" if is_uboat_fleet(fleet) else "fleet"
    got = intercept(game, fleet["side"], line, distance, int(fleet.get("penalty", 0)))
    game.log(
        f"{fleet['name']} tries to intercept {what} {distance} hexes away: a {got.roll}, "
        f"{'intercepted' if got.success else 'missed'} (needs {got.needed} or less)"
    )
    return got.success


def _hit(game: HgwState, fleet_id: str, owner_fleet: str, hex_: str, most: int) -> int:
    """The interceptor fires at up to `most` points of the unit in `hex_`; the losses."""
    data = game.data
    fleet = data["fleets"][fleet_id]
    hits = fire(game, fleet["side"], strength(fleet), f"{fleet['name']} at a replenishment unit").losses
    built = data["replenishment"][owner_fleet]
    unit = next(u for u in built["units"] if u["hex"] == hex_)
    lost = min(hits, most, int(unit["sp"]))
    unit["sp"] -= lost
    game.log(f"{fleet['name']} fires at the replenishment unit in {hex_}: {points(lost, 'amphibious')} sunk")
    if unit["sp"] <= 0:
        cut_off(game, owner_fleet, hex_)
    return lost


def cut_off(game: HgwState, fleet_id: str, hex_: str) -> None:
    """N13.4: the unit in `hex_` is gone; units no longer within twelve hexes of a friendly
    port or of a linked unit before them go too, and a fleet the chain supplies is lost."""
    data = game.data
    built = data["replenishment"][fleet_id]
    side = built["side"]
    closed, barred = _closed(data, side)
    linked: list[str] = []
    lost: list[dict[str, Any]] = []
    for u in built["units"]:
        if u["hex"] == hex_ or int(u["sp"]) <= 0:
            lost.append(u)
            continue
        near = _sea_steps(u["hex"], unit_range(), closed, barred)
        if any(h in near for h in linked) or _port_near(data, side, near):
            linked.append(u["hex"])
        else:
            lost.append(u)
    built["units"] = [u for u in built["units"] if u not in lost]
    fleet = data["fleets"][fleet_id]
    cut = [u["hex"] for u in lost if u["hex"] != hex_]
    game.log(
        f"{fleet['name']}'s replenishment unit in {hex_} is destroyed"
        + (f"; cut off, the units in {', '.join(cut)} are lost too" if cut else "")
        + " (N13.4)"
    )
    if supplying(data, fleet_id) and fleet["at"] is not None:
        fleet.pop("patrol", None)
        fleet["at"] = None
        set_points(fleet, 0)
        game.log(f"{fleet['name']}, supplied by the broken chain, is eliminated (N13.4)")
    if not built["units"]:
        data["replenishment"].pop(fleet_id)
        if not data["replenishment"]:
            data.pop("replenishment")


def _port_near(data: Data, side: str, near: dict[str, int]) -> bool:
    return any(h in data["owner"] and ports.has_port(data, h) and naval_friendly(data, side, h) for h in near)


def supplying(data: Data, fleet_id: str) -> bool:
    """The chain supplies its fleet once the fleet has sailed on its mission."""
    built = data.get("replenishment", {}).get(fleet_id)
    if not built:
        return False
    return built["state"] == "supplying" or data.get("fleet_status", {}).get(fleet_id) is not None


class ReplenishmentIntercept(GameStep["HgwState"]):
    """N13.2: the enemy may intercept the point sailing, one fleet at a time."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return [frame["role"]] if frame["sailing"] > 0 and interceptors(game.data, frame) else []

    def run(self, game: HgwState, frame: Frame) -> None:
        end(game.data["flow"])

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("let_replenishment_pass",)] + [
            ("intercept_replenishment", f) for f in interceptors(game.data, frame)
        ]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "let_replenishment_pass":
            end(data["flow"])
            return
        fleet_id = str(action[1])
        frame["done"].append(fleet_id)
        name = data["fleets"][frame["fleet"]]["name"]
        if _meets(game, fleet_id, frame["path"], f"the amphibious point for {name}"):
            frame["sailing"] -= _hit(game, fleet_id, frame["fleet"], frame["hex"], frame["sailing"])
        if frame["sailing"] <= 0 or data.get("replenishment", {}).get(frame["fleet"]) is None:
            end(data["flow"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        name = game.data["fleets"][frame["fleet"]]["name"]
        return (
            f"{frame['role']}: intercept the amphibious point sailing to {frame['hex']} to replenish {name}?"
        )


def attack_sail(game: HgwState, frame: Frame, role: str, action: Action) -> None:
    """A fleet sails against an enemy unit at sea; the attack runs after any interception."""
    data = game.data
    fleet_id, target = str(action[1]), str(action[2])
    fleet = data["fleets"][fleet_id]
    origin = fleet["at"]
    data.setdefault("fleet_status", {})[fleet_id] = "raid"  # an interception mission: home at step 5
    frame["stage"] = "patrols"  # a mission has sailed: base changes are over (K9.8)
    game.log(f"{fleet['name']} sails from {origin} to attack the replenishment unit in {target}")
    call(data["flow"], "replenishment_attack", fleet=fleet_id, hex=target)
    open_interceptions(game, fleet_id, sailing_path(data, fleet_id, target), origin)


class ReplenishmentAttack(GameStep["HgwState"]):
    """The attack on a unit at sea: searched (Search 3), intercepted (Fleets 7), fired at."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return []

    def run(self, game: HgwState, frame: Frame) -> None:
        data = game.data
        end(data["flow"])
        fleet_id, hex_ = frame["fleet"], frame["hex"]
        if not active(data, fleet_id):
            return  # beaten or sunk on the way
        side = data["fleets"][fleet_id]["side"]
        for owner, built in sorted(data.get("replenishment", {}).items()):
            unit = next((u for u in built["units"] if u["hex"] == hex_), None)
            if unit is None or built["side"] not in opponents(data, side):
                continue
            name = f"{data['fleets'][owner]['name']}'s replenishment unit"
            target = {"name": name, "side": built["side"], "sp": unit["sp"]}
            fleet = data["fleets"][fleet_id]
            fleet["patrol"] = hex_  # at sea in the unit's hex, the fleet searches it too (Search 5)
            spotted = naval_search.search_move(game, side, owner, [hex_], target=target)
            fleet.pop("patrol")
            if not spotted:
                return
            if _meets(game, fleet_id, [hex_], target["name"]):
                _hit(game, fleet_id, owner, hex_, int(unit["sp"]))
            return


def mission_over(game: HgwState, side: str) -> None:
    """Step 5: a patrol's chain stays out while the patrol lasts; others are spent (N13.5)."""
    data = game.data
    for f, built in sorted(data.get("replenishment", {}).items()):
        if built["side"] != side:
            continue
        fleet = data["fleets"][f]
        patrol = "patrol" in fleet and fleet["at"] is not None and supplying(data, f)
        if built["state"] == "building" and patrol:
            built["state"] = "supplying"
            continue
        _spend(game, f, "its mission is over" if supplying(data, f) else "its fleet took no mission")


def why_not(data: HgwData, role: str, action: Action) -> str | None:
    """Why a replenishment move is refused, or None."""
    if not has_option(data, "naval_action"):
        return "fleet replenishment is part of the Naval Action rule (N13.1)"
    top = data["flow"][-1] if data["flow"] else {}
    if action[0] in STEP_VERBS:
        if top.get("state") != "replenishment_intercept" or top.get("role") != role:
            return (
                "a replenishment point is intercepted as it sails, by the enemy side that spotted it (N13.2)"
            )
        reach_words = "one of your fleets that reach the point's path, free of other missions (N13.2)"
        return f"{action[1]} is not {reach_words}"
    if top.get("state") != "naval_movement" or top.get("role") != role:
        return "replenishment units sail in their side's naval movement phase (N13.1)"
    fleet_id = str(action[1])
    fleet = data.get("fleets", {}).get(fleet_id)
    if fleet is None or fleet["side"] != role:
        return f"{fleet_id} is not one of your fleets"
    if fleet_id not in movable(data, role) or data.get("fleet_status", {}).get(fleet_id) is not None:
        name = fleet["name"]
        return f"{name} has already moved or taken a mission: a chain serves one fleet's one mission (N13.3)"
    if action[0] == "attack_replenishment":
        return (
            f"no enemy replenishment unit in {action[2]} within {fleet['name']}'s intercept range (Fleets 7)"
        )
    if not amphibious_in_port(data, fleet_id):
        return f"no army of yours in {fleet['at']} holds an amphibious point to send (N13.1)"
    return (
        f"a replenishment unit sails to a sea hex within {unit_range()} hexes of {end_hex(data, fleet_id)} "
        f"(the fleet's port or its chain's last unit) along a sea route, not back onto its chain (N13.1-2)"
    )


for _verb in VERBS:
    EXTRA_VERBS[_verb] = sail
EXTRA_OFFERS.append(offer)
RANGE_LEAD.append(lead)
