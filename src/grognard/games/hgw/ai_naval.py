"""The heuristic player's fleets in Campaign Game II (naval_phase.py, naval_builds.py),
deciding from its view and the legal actions only.

- naval movement: U-boats patrol the enemy route hex that keeps farthest from the
  enemy's fleets that can fight them (a patrol on the route attacks without a roll);
  surface fleets with A.S.W. strength to fight U-boats with sail to the port of a route
  no one escorts and escort it; the others stay in port, where they intercept;
- naval action (fleets by nation, search): a surface fleet of two points or more that
  outguns every enemy surface fleet within twelve hexes of an enemy route hex, or of a
  hex next to an enemy fleet at sea (which it then attacks: N4.1), patrols there, the
  strongest first (a patrol meets what moves within a hex: N3.2);
- forming fleets (K9.6, N2.4): two surface fleets in one port merge, the smaller into
  the larger, before any sails; U-boat fleets stay apart;
- strikes: before the patrols, carriers and coastal air strike enemy ships in port, or
  a country's morale (ai_strikes.py);
- interception: a fleet intercepts when it is at least as strong as the mover (A.S.W.
  strength against U-boats, ship points against ships);
- Naval Action's raiders: ai_raiders (declared first in production; their missions
  after the patrols); carrier strikes on naval bases: ai_strikes;
- production: before the land builds, while ten points stay for them, the Axis builds
  U-boats up to four points or twice the Allies' best A.S.W. strength, and
  the Allies raise their A.S.W. box to match the Axis's U-boats (six points at most),
  then build two SS points against Germany's Swedish ore while ore sails.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grognard.core.game import Action

from . import ai_raiders
from .ai_board import Board
from .ai_leaders import naval_move as leader_move
from .ai_strikes import strike
from .map import hex_distance
from .naval_builds import price as ship_price
from .sea_supply import KIND as ARMY_SUPPLY
from .sea_war import SIDE_ROUTES, carried

SPARE = 10  # production points the land builds keep before a naval build
ORE_SS = 2  # Allied SS points kept against the Swedish ore
ORE_ROUTES = frozenset(SIDE_ROUTES["axis"])  # by the Swedish port and by Narvik


def _uboat(fleet: dict[str, Any]) -> bool:
    return bool(fleet.get("ships", {}).get("uboat"))


def _asw(b: Board, fleet: dict[str, Any]) -> int:
    """Anti-Submarine Warfare 1-2, as the view shows it."""
    ships = fleet.get("ships", {})
    level = int(b.data.get("asw_level", {}).get(fleet["side"], 0))
    big = bool(ships.get("capital") or ships.get("carrier"))
    return int(ships.get("asw", 0)) + (level if big else 0)


def _where(fleet: dict[str, Any]) -> str | None:
    return fleet.get("patrol") or fleet.get("at")


def _danger(b: Board, h: str) -> int:
    """How close the nearest enemy fleet that can fight U-boats lies (larger is safer)."""
    near = [
        hex_distance(h, str(_where(x)))
        for x in b.fleets.values()
        if x["side"] in b.foes and _where(x) and not _uboat(x) and _asw(b, x) > 0
    ]
    return min(near, default=99)


def _home(b: Board, action: Action) -> int:
    base = b.fleets[action[1]].get("at")
    return hex_distance(str(base), str(action[2])) if base else 0


def move(b: Board, legal: list[Action]) -> Action:
    lead = leader_move(b, legal)  # optional rule Leaders 9: an admiral to the strongest fleet
    if lead is not None:
        return lead
    strikes = [a for a in legal if a[0] == "attack_replenishment"]
    if strikes:  # N13.4: an enemy chain at sea supplies a patrol; breaking it sinks the fleet
        return max(strikes, key=lambda a: (int(b.fleets[a[1]]["sp"]), a[1], a[2]))
    merge = merge_fleets(b, legal)
    if merge is not None:
        return merge
    routes = b.data.get("sea_routes", {})
    on_route = {h for r in routes.values() if r["side"] in b.foes for h in r["path"]}
    patrols = [a for a in legal if a[0] == "patrol" and _uboat(b.fleets[a[1]]) and a[2] in on_route]
    if patrols:  # the safest, then the nearest home (a shorter way back), then by number
        return max(patrols, key=lambda a: (_danger(b, a[2]), -_home(b, a), a[2]))
    hit = strike(b, legal)  # Naval Action: carriers' and coastal air's strikes (ai_strikes.py)
    if hit is not None:
        return hit
    # Naval Action: declared raiders go for routes (ai_raiders), before a surface patrol
    mission = ai_raiders.raid(b, legal)
    if mission is not None:
        return mission
    hunt = surface_patrol(b, legal, on_route)
    if hunt is not None:
        return hunt
    escorts = [a for a in legal if a[0] == "escort_route" and _asw(b, b.fleets[a[1]]) > 0]
    if escorts:  # the route with the most at stake first (K16.6: armies' supply counts twice)
        return max(escorts, key=lambda a: _at_stake(b, str(a[2])))
    # a fleet that could fight U-boats sails to the port of a route no one escorts
    guarded = set(b.data.get("route_escorts", {}))
    ports = {
        end: rid
        for rid, r in sorted(routes.items())
        if r["side"] == b.me and rid not in guarded
        for end in (r["origin"], r["to"])
    }
    for action in legal:
        if action[0] == "change_base" and action[2] in ports and _asw(b, b.fleets[action[1]]) > 0:
            return action
    return ("end_naval_movement",)


def replenishment_intercept(b: Board, legal: list[Action]) -> Action:
    """N13.2: a replenishment point fires nothing back: the strongest fleet that reaches
    it tries to meet it."""
    tries = [a for a in legal if a[0] == "intercept_replenishment"]
    if not tries:
        return ("let_replenishment_pass",)
    return max(tries, key=lambda a: (int(b.fleets[a[1]]["sp"]), a[1]))


def merge_fleets(b: Board, legal: list[Action]) -> Action | None:
    """K9.6, N2.4: two surface fleets in one port sail as one, the smaller joining the
    larger (a bigger fleet fights better alone: Fleets 9); U-boat fleets stay apart, each
    patrolling a route of its own; a declared raider neither joins nor takes in another."""
    raiders = set(b.data.get("raiders", ()))  # a declared raider sails alone (N6.1-N6.4)
    merges = [
        a
        for a in legal
        if a[0] == "merge_fleet"
        and not _uboat(b.fleets[a[1]])
        and not raiders & {a[1], a[2]}
        and int(b.fleets[a[1]]["sp"]) <= int(b.fleets[a[2]]["sp"])
    ]
    return min(merges, key=lambda a: (int(b.fleets[a[1]]["sp"]), a)) if merges else None


PATROL_MIN = 2  # ship points a surface patrol takes to sea
THREAT = 12  # hexes: the enemy fleets that could come at a patrol (the Ranges table's)


def surface_patrol(b: Board, legal: list[Action], on_route: set[str]) -> Action | None:
    """Naval action only (its fleets carry a nation): the strongest surface fleet that
    outguns every enemy surface fleet near an enemy route hex patrols it, or None."""
    if not any("nation" in x for x in b.fleets.values()):
        return None
    foes = [
        (str(_where(x)), int(x["sp"]))
        for x in b.fleets.values()
        if x["side"] in b.foes and _where(x) and int(x["sp"]) > 0 and not _uboat(x)
    ]
    at_sea = [str(x["patrol"]) for x in b.fleets.values() if x["side"] in b.foes and x.get("patrol")]
    best: tuple[tuple[int, int, str], Action] | None = None
    for action in legal:
        if action[0] != "patrol":
            continue
        if action[2] not in on_route and not any(hex_distance(h, action[2]) <= 1 for h in at_sea):
            continue  # neither by an enemy route nor by an enemy fleet at sea (N4.1)
        fleet = b.fleets[action[1]]
        points = int(fleet["sp"])
        if _uboat(fleet) or points < PATROL_MIN:
            continue
        threat = max((sp for at, sp in foes if hex_distance(at, action[2]) <= THREAT), default=0)
        key = (points, -_home(b, action), str(action[2]))
        if points > threat and (best is None or key > best[0]):
            best = (key, action)
    return best[1] if best else None


def intercept(b: Board, legal: list[Action]) -> Action:
    mover = b.fleets.get(str(b.frame.get("mover")), {})
    strength = int(mover.get("sp", 0))
    for action in legal:
        if action[0] != "intercept":
            continue
        mine = b.fleets[action[1]]
        power = int(mine["sp"]) if _uboat(mine) or not _uboat(mover) else _asw(b, mine)
        if power >= strength:
            return action
    return ("no_interception",)


def naval_build(b: Board, legal: list[Action]) -> Action | None:
    """A naval build before the land builds, or None."""
    money = int(b.frame.get("budget", 0))
    if money < SPARE:
        return None
    at_sea = sum(int(x["sp"]) for x in b.fleets.values() if x["side"] in b.foes and _uboat(x))
    mine = sum(int(x["sp"]) for x in b.fleets.values() if x["side"] == b.me and _uboat(x))
    if b.me == "axis":
        foes = max((_asw(b, x) for x in b.fleets.values() if x["side"] in b.foes), default=0)
        builds = sorted(a for a in legal if a[:2] == ("build_ship", "uboat"))
        if builds and mine < max(4, 2 * foes) and money - SPARE >= 6:
            return builds[0]
        return None
    level = int(b.data.get("asw_level", {}).get(b.me, 0))
    served = any(  # the box serves only capital ship and carrier fleets
        x["side"] == b.me and (x.get("ships", {}).get("capital") or x.get("ships", {}).get("carrier"))
        for x in b.fleets.values()
    )
    if served and ("build_asw_level",) in legal and level < min(at_sea, 6):
        return ("build_asw_level",)  # Britain's own routes first
    return _ore_submarines(b, legal, money)


def _ore_submarines(b: Board, legal: list[Action], money: int) -> Action | None:
    """The Allies: SS points (U-boats of another nation, U-Boat Attack 1) up to ORE_SS,
    built in the yard nearest Germany's Swedish ore route while ore sails on it, for the
    patrols above to cut it (Swedish Production 1-3: every point lost is one less for
    the Axis budget). The Soviets build none: at peace with the Axis their boats could
    not attack, and at war their budget goes to the front."""
    if b.me != "allied":
        return None
    routes = b.data.get("sea_routes", {})
    ore = [
        h
        for rid, r in sorted(routes.items())
        if rid in ORE_ROUTES and carried(b.data, rid) > 0
        for h in r["path"]
    ]
    mine = sum(int(x["sp"]) for x in b.fleets.values() if x["side"] == b.me and _uboat(x))
    builds = [a for a in legal if a[:2] == ("build_ship", "uboat")]
    cost = ship_price(b.data, b.me, "uboat")
    if not ore or not builds or mine >= ORE_SS or cost is None or money - SPARE < cost:
        return None
    return min(builds, key=lambda a: (min(hex_distance(str(a[3]), h) for h in ore), a))


Chooser = Callable[[Board, list[Action]], Action]


def with_naval_builds(produce: Chooser) -> Chooser:
    """The production chooser with the naval build first, when one is wanted."""

    def choose(b: Board, legal: list[Action]) -> Action:
        return ai_raiders.declare(b, legal) or naval_build(b, legal) or produce(b, legal)

    return choose


def _at_stake(b: Board, rid: str) -> int:
    """What U-boats could take off the route: the points it carries; an army supply
    route's twice (each point is production lost and, lost all, its armies frozen: K16.6)."""
    load = carried(b.data, rid)
    return 2 * load if b.data["sea_routes"][rid]["kind"] == ARMY_SUPPLY else load
