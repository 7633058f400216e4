"""Naval Action's fleets by nation (The Fleets 1-6, N1; Fleet Movement 1, 4, N2.1, N2.4).

With the optional rule `naval_action` every fleet counter of data/fleet_counters.json is
in play, each of one nation (Britain, France, Germany, Italy, the Soviet Union; Japan's
wait for the Pacific): its ship points are that nation's for good (N1.3), it bases only in
the ports its nation may use (N1.4), and the ports hold what N1.2 says. Without the rule
only the transfers between fleets are played (Campaign Game II forms fleets from points
in one anchor or naval yard, K9.6) and the fleets play as Campaign Game II's.

DATA LAYOUT (`state.data`, naval_action only), beside fleets.py's record:
    fleets[id]["nation"]   the counter's nation (fleet_counters.json), for good
    fleets[id]["penalty"]  N2.3: what a long base change adds to the fleet's interception
                           rolls until its side's next player-turn (absent when 0)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from grognard.core.flow import Frame

from .datafile import decode_file, load_data
from .fleets import free_french, is_naval_base, ships
from .layout import Fleet, HgwBoard, placed
from .neutrality import politics
from .optional import has_option
from .scenario import ScenarioContent, load_scenario

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
DATA_PATH = Path(__file__).with_name("data") / "fleet_counters.json"


class FleetCountersError(ValueError):
    """data/fleet_counters.json breaks its schema."""


class Nation(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    side: str
    name: str
    colour: str
    flag: str


class Counter(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    nation: str
    name: str
    kind: str  # "surface" or "ss"


class FleetCounters(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    nations: dict[str, Nation]
    counters: tuple[Counter, ...]


def load_counters_from(path: Path) -> FleetCounters:
    found = decode_file(path, FleetCounters, FleetCountersError, "fleet counters")
    _check_counters(found, path)
    return found


def _check_counters(found: FleetCounters, path: Path) -> None:
    problems = [f"counter {c.id!r}: unknown nation {c.nation!r}" for c in found.counters
                if c.nation not in found.nations]
    problems += [f"counter {c.id!r}: kind {c.kind!r} is not surface or ss" for c in found.counters
                 if c.kind not in ("surface", "ss")]
    if len({c.id for c in found.counters}) != len(found.counters):
        problems.append("counter ids repeat")
    if problems:
        raise FleetCountersError(f"bad fleet counters {path}: " + "; ".join(problems))


def load_counters() -> FleetCounters:
    return load_data(DATA_PATH, FleetCounters, FleetCountersError, "fleet counters", _check_counters)


def new_fleets(placed: Any) -> dict[str, Any]:
    """N1.1, N1.6: every counter, empty and off the board, then the naval action set-up's
    points (`placed`: scenario.Fleet records naming counters) in their ports, the German
    raider on patrol at sea with its home port as its base."""
    counters = load_counters()
    fleets: dict[str, Any] = {}
    for c in counters.counters:
        kind = "uboat" if c.kind == "ss" else "capital"
        side = counters.nations[c.nation].side
        fleets[c.id] = {"side": side, "name": c.name, "nation": c.nation, "at": None, "sp": 0}
        fleets[c.id]["ships"] = {kind: 0}
    for f in placed:
        if f.id not in fleets and f.nation:
            # Campaign Game IV: a fleet of the scenario's own, off the counter sheet (the
            # Kido Butai, the U.S. and Dutch fleets), as in The Pacific War (`_kind`)
            fleets[f.id] = {"side": f.side, "name": f.name, "nation": f.nation, "at": None, "sp": 0}
        if f.id not in fleets:
            raise FleetCountersError(f"the naval action set-up names {f.id!r}, not a fleet counter")
        fleet = fleets[f.id]
        fleet.update(at=f.at or None, sp=f.points, ships=dict(f.ships) or {"capital": f.points})
        if f.patrol:
            fleet["patrol"] = f.patrol
    return fleets


def set_up(data: Data, content: ScenarioContent) -> None:
    """N1.6 at set-up: the naval action fleets replace the scenario's. Campaign Game II with
    the rule reads Campaign Game III's set-up (the rule's own at-start placements)."""
    placed = content.naval_action_fleets or load_scenario("campaign_3").naval_action_fleets
    data["fleets"] = new_fleets(placed)
    data["raiders"] = sorted(f.id for f in placed if f.patrol)  # N1.6: the German raider at sea (N6)


def nation_of(fleet: Fleet) -> str:
    return str(fleet.get("nation", ""))


def idle(data: Data, fleet: Fleet) -> bool:
    """A nation still unaligned (Italy until it joins the Axis, Unaligned Countries) or
    surrendered keeps its fleets in port: they neither sail nor fight (ours, as its
    army waits, Activity Limitations 2); but France's fleets fight on as Free French
    after its surrender (N1.4, France 5)."""
    pol = politics(data)
    nation = nation_of(fleet)
    if pol is None or not nation or free_french(data, fleet):
        return False
    return nation in pol["unaligned"] or nation in pol["surrendered"]


TRANSFER_VERBS = ("merge_fleet", "detach_ship")


def _in_port(data: Data, fleet_id: str, moves: Any) -> bool:
    fleet = data["fleets"][fleet_id]
    busy = fleet_id in data.get("fleet_status", {}) or fleet_id in moves
    return fleet["at"] is not None and "patrol" not in fleet and not busy


def _kind(fleet_id: str, fleet: Fleet | None = None) -> str:
    """The counter's kind; a fleet of a scenario's own, off the counter sheet (The Pacific
    War's), by its ships: submarines or surface ships (U-Boat Attack 1)."""
    found = next((c.kind for c in load_counters().counters if c.id == fleet_id), None)
    if found is not None:
        return found
    return "ss" if fleet is not None and ships(fleet).get("uboat") else "surface"


def may_transfer(data: Data, giver: str, taker: str, frame: Frame) -> str | None:
    """N1.3, N2.4: why ship points may not pass from `giver` to `taker` now, or None.
    Both of one nation, in one port, before either sails or takes a mission (ours: so no
    point moves twice); an empty counter of the nation is formed in the giver's port.
    Campaign Game II without Naval Action (K9.6): fleets of the side, formed only in an
    anchor (major naval port) or naval yard, from points that start the phase there.
    Surface ships and submarines keep to counters of their own (U-Boat Attack 1). In one
    phase a fleet gives or takes, never both (ours: no endless shuffling)."""
    fleets = data["fleets"]
    if giver not in fleets or taker not in fleets or giver == taker:
        return "name two fleet counters"
    a, b = fleets[giver], fleets[taker]
    if a["side"] != frame["role"] or b["side"] != frame["role"]:
        return "both fleets must be yours"
    if nation_of(a) != nation_of(b):
        return f"{a['name']} and {b['name']} are of two nations: ship points stay with their nation (N1.3)"
    if a["sp"] <= 0 or not _in_port(data, giver, frame.get("took", ())):
        return f"{a['name']} has no ships in port that have not moved or taken a mission this turn"
    if not has_option(data, "naval_action") and not is_naval_base(placed(a)):
        where = f"{a['name']} lies in {a['at']}, a plain port"
        return f"{where}: fleets are formed in an anchor or naval yard (K9.6)"
    if b["sp"] > 0 and (b["at"] != a["at"] or not _in_port(data, taker, frame.get("gave", ()))):
        return f"{b['name']} is not in {a['at']} unmoved: points pass between fleets in one port (N2.4)"
    if b["sp"] <= 0 and taker in frame.get("gave", ()):
        return f"{b['name']} gave its ships this phase: it takes none back"
    if _kind(giver, a) != _kind(taker, b):
        return "U-boats and surface ships sail in counters of their own (U-Boat Attack 1)"
    return None


def transfer_choices(data: Data, frame: Frame) -> list[tuple[str, ...]]:
    """The merges and one-point detachments open to the phase's player (N2.4)."""
    side = frame["role"]
    mine = sorted(f for f, x in data.get("fleets", {}).items() if x["side"] == side)
    found: list[tuple[str, ...]] = []
    for giver in mine:
        if data["fleets"][giver]["sp"] <= 0:
            continue
        for taker in mine:
            if may_transfer(data, giver, taker, frame) is not None:
                continue
            if data["fleets"][taker]["sp"] > 0:
                found.append(("merge_fleet", giver, taker))
            held = sorted(ships(data["fleets"][giver]).items())
            found += [("detach_ship", giver, taker, k) for k, n in held if n]
    return found


def transfer(game: HgwState, frame: Frame, action: tuple[Any, ...]) -> None:
    """Apply a checked merge or detachment: the points pass; an emptied counter leaves
    play (N2.4: it may come back to take points at any time)."""
    data = game.data
    giver, taker = data["fleets"][action[1]], data["fleets"][action[2]]
    given = dict(ships(giver)) if action[0] == "merge_fleet" else {action[3]: 1}
    typed = taker.setdefault("ships", {})
    for kind, n in given.items():
        typed[kind] = typed.get(kind, 0) + n
        giver["ships"][kind] = giver["ships"].get(kind, 0) - n
    moved = sum(given.values())
    taker["sp"] += moved
    taker["at"] = giver["at"]
    giver["sp"] -= moved
    if giver["sp"] <= 0:
        giver["at"] = None
    frame.setdefault("gave", []).append(action[1])
    frame.setdefault("took", []).append(action[2])
    game.log(f"{moved} ship point(s) pass from {giver['name']} to {taker['name']} in {taker['at']}")
