"""The heuristic player's amphibious war in The Pacific War (issue 23, part 4), from its
view only (ai.py's hooks call these only in the Pacific theater; Europe's play is not
touched).

The Pacific's prizes are islands: Japan wins only by holding more production at the end
than at the start (pacific_war.py), the Allies by taking Tokyo or by keeping Japan from
that, and no land route joins Tokyo to Manila, Singapore or Java. So each side keeps one
invasion army in a port where it can build (Building Strength Points 3):

- production (`build`): the home port's invader is filled with amphibious points up to
  GOAL and as many infantry (Invasion Advance 2 counts that many others; an
  infantry point costs less than half a mechanized one), after a garrison for the
  capital the enemy's amphibious armies threaten (Japan's Tokyo: Victory 1);
- the port (`staging_port`): of the side's ports where it may build, the one with the
  shortest sea route to the nearest prize (Invasion Procedure 3: every twelve steps past
  six cost an amphibious point);
- the invasion (`invasion`): of the legal invasions with fair landing odds, the one
  worth most: the target's production (what decides the game), a port (a base to invade
  on from: Invasion Procedure 4) and, for the Allies, progress toward Tokyo; the
  landing odds break ties;
- counters (`keep_counter`): an army counter is kept off the map for the next invasion
  army (Military Record Sheet 1: twelve a side), so the movement does not spend the last
  one on a new army at the front.
"""

from __future__ import annotations

from typing import Any

from grognard.core.game import Action

from .actions import args
from .ai_board import Board, is_invader, is_port, sea_route_steps
from .geography import Place
from .invasion_routes import extension_cost
from .map import hex_distance
from .scenario import load_scenario

LANDING_LIMIT = 3  # even odds for a landing (the heuristic's fair limit)
EMPTY_LIMIT = 2  # an undefended island is worth a worse roll
GOAL = 4  # amphibious points of an invader, with as many infantry: eight of the ten a hex holds
GARRISON_MOST = 4  # a place other than Tokyo: its share of a budget that must also invade
DETER = 2  # a landing of strength s against a defence of s - 2 or more has less than even odds
OTHERS = "infantry"  # the invader's other points: cheapest, and counted like mechanized
REACH = 12  # hexes: the enemy fleets that could intercept a landing (the Ranges table's)


def in_pacific(b: Board) -> bool:
    return load_scenario(b.scenario).theater == "pacific"


def capital(b: Board) -> Place:
    """Tokyo: the Allies' goal and Japan's seat (the scenario's `capitals`)."""
    return load_scenario(b.scenario).capitals["allied"][0]


def prizes(b: Board) -> list[Place]:
    """The enemy places worth invading: its production places and its ports, and for the
    Allies Tokyo itself (Victory 1)."""
    found = [
        p for p, o in b.owner.items()
        if o in b.foes and (b.g.production.get(p, 0) > 0 or is_port(p))
    ]
    return sorted(found)


def staging_port(b: Board, places: set[Place]) -> Place | None:
    """Of the ports among `places` (where the production offers builds), the one nearest
    by sea to a prize (fewest amphibious points spent, then fewest steps), or None."""
    targets = prizes(b)
    best: tuple[int, int, Place] | None = None
    for port in sorted(p for p in places if is_port(p)):
        steps = min((sea_route_steps(port, t, b.closed, b.canals) for t in targets), default=10**6)
        if steps >= 10**6:
            continue
        key = (extension_cost(steps), steps, port)
        if best is None or key < best:
            best = key
    return best[2] if best else None


def garrisons(b: Board, places: set[Place]) -> list[tuple[Place, int]]:
    """The side's build places short of the garrison the enemy's amphibious armies call
    for, the capital first, then by production: Tokyo the threat and one more point
    (Victory 1), but no more than leaves room for the invader gathering there (ten points
    a hex, Stacking); another place enough that a landing there no longer has even odds
    (the landing strength less DETER: Advance Table), GARRISON_MOST points at most. An
    army with amphibious points may sail away, so it is not counted in the garrison."""
    tokyo = capital(b)
    short = []
    for place in sorted(places, key=lambda p: (p != tokyo, -b.g.production.get(p, 0), p)):
        if b.owner.get(place) != b.me:
            continue
        threat = b.invasion_threat(place)
        if not threat:
            continue
        want = min(10 - 2 * GOAL, threat + 1) if place == tokyo else min(GARRISON_MOST, threat - DETER)
        # an army with amphibious points may sail away: the garrison is what stays
        leaving = sum(int(a["strength"]) for a in b.at(place, b.me) if a["sp"]["amphibious"])
        if b.defence(place) - leaving < want:
            short.append((place, want))
    return short


def invader(b: Board, port: Place) -> dict[str, Any] | None:
    """The army gathering the invasion in `port`: the one with the most amphibious points."""
    return b.invader_at(port)


def build(b: Board, legal: list[Action]) -> Action | None:
    """The Pacific's builds before the ordinary ones, or None (see the module's text)."""
    places = build_places(b, legal)
    for place, _ in garrisons(b, places):
        # never into an army holding amphibious points: the invader would never be half amphibious
        here = sorted((a for a in b.at(place, b.me) if not a["sp"]["amphibious"]), key=_id)
        wanted: list[Action] = [("build", "infantry", "army", a["id"]) for a in here]
        wanted.append(("build", "infantry", "place", place))
        for a in wanted:
            if a in legal:
                return a
    port = staging_port(b, places)
    if port is None:
        return None
    army = invader(b, port)
    if army is None:
        options: list[Action] = [("build", "amphibious", "place", port)]
    else:
        sp = army["sp"]
        amphibious, others = int(sp["amphibious"]), int(sp["infantry"]) + int(sp["mechanized"])
        room = 10 - int(b.stacks.get(port, 0))
        if room <= 0:
            return None
        options = []
        if amphibious < max(GOAL, others):  # Invasion Procedure 2: half amphibious at least
            options.append(("build", "amphibious", "army", army["id"]))
        if others < amphibious:
            options.append(("build", OTHERS, "army", army["id"]))
        if not options:
            return None
    for a in options:
        if a in legal:
            return a
    return None


def build_places(b: Board, legal: list[Action]) -> set[Place]:
    """Where the production phase offers builds now (Building Strength Points 3)."""
    places = {str(a[3]) for a in legal if a[0] == "build" and a[2] == "place"}
    places |= {str(b.armies[str(a[3])]["at"]) for a in legal if a[0] == "build" and a[2] == "army"}
    return places


def _id(army: dict[str, Any]) -> str:
    return str(army["id"])


def invasion(b: Board, legal: list[Action]) -> Action | None:
    """The invasion (or amphibious advance) worth most among those with fair landing odds."""
    tokyo = capital(b)
    best: tuple[tuple[float, int, str], Action] | None = None
    for a in legal:
        if a[0] not in ("invade", "amphibious_advance"):
            continue
        x = args(a)
        target = x["target"]
        if not b.is_target(target):
            continue
        army = b.armies[x["army"]]
        if outgunned(b, army, target):
            continue
        limit = b.landing_limit(army, target, extend=a[0] == "invade")
        empty = not b.at(target) and b.defence(target) == 0
        if limit < (EMPTY_LIMIT if empty else LANDING_LIMIT):
            continue
        value = 3.0 * b.g.production.get(target, 0) + (1.0 if is_port(target) else 0.0)
        if not value:  # a beachhead is worth it only beside an enemy production place
            if not any(b.g.production.get(n, 0) and b.is_target(n) for n in b.g.links[target]):
                continue
            value = 0.5
        if b.me != "axis":
            if target == tokyo:
                value += 100.0  # Victory 1: the game
            value -= 0.05 * min(sea_route_steps(target, tokyo, b.closed, b.canals), 200)
        key = (value, limit, str(target))
        if best is None or key > best[0]:
            best = (key, a)
    return best[1] if best else None


def outgunned(b: Board, army: dict[str, Any], target: Place) -> bool:
    """Whether the enemy surface fleets based within REACH hexes of the invader's port or
    of the target outgun the fleets in that port (the escort: Invasion Resolution 2-3):
    each may intercept in turn, and their fire would sink the landing craft first."""
    port = str(army["at"])
    escort = sum(int(f["sp"]) for f in b.fleets.values() if f["side"] == b.me and f.get("at") == port)
    hostile = [
        int(f["sp"]) for f in b.fleets.values()
        if f["side"] in b.foes and f.get("at") and not f.get("ships", {}).get("uboat")
        and min(hex_distance(str(f["at"]), port), hex_distance(str(f["at"]), target)) <= REACH
    ]
    return sum(hostile) > escort


def keep_counter(b: Board) -> bool:
    """Whether the movement must not place a new army: one counter kept for the next invader."""
    free = sum(1 for a in b.armies.values() if a["side"] == b.me and a["at"] is None)
    return free <= 1


def keeps_counter(b: Board) -> bool:
    """In the Pacific, keep_counter; elsewhere never."""
    return in_pacific(b) and keep_counter(b)


def cover(b: Board, legal: list[Action]) -> Action | None:
    """Naval movement: the strongest surface fleet of the side changes base to the port of
    an invasion army that has no fleet of its side there, so that it can escort the next
    landing (Fleet Naval Fire 4: escorts sail from the invader's port), or None."""
    fleet_ports = {str(f["at"]) for f in b.fleets.values() if f["side"] == b.me and f.get("at")}
    waiting = sorted(
        str(a["at"]) for a in b.armies.values()
        if a["side"] == b.me and a["at"] and is_invader(a) and is_port(a["at"]) and a["at"] not in fleet_ports
    )
    if not waiting:
        return None
    moves = [
        a for a in legal
        if a[0] == "change_base" and a[2] in waiting and not b.fleets[a[1]].get("ships", {}).get("uboat")
        and _left_behind(b, str(b.fleets[a[1]]["at"]), a[1])
    ]
    return max(moves, key=lambda a: (int(b.fleets[a[1]]["sp"]), a[1], a[2])) if moves else None


def _left_behind(b: Board, port: str, fleet: str) -> bool:
    """A fleet leaves its port only if no invader there needs it, or another fleet stays."""
    needed = any(a["side"] == b.me and a["at"] == port and is_invader(a) for a in b.armies.values())
    others = [f for f, x in b.fleets.items() if f != fleet and x["side"] == b.me and x.get("at") == port]
    return not needed or bool(others)


def new_armies(b: Board, legal: list[Action]) -> list[Action]:
    """The legal list the ordinary production sees: no new army counter placed outside the
    staging port (a new army on a home island has nowhere to go)."""
    port = staging_port(b, build_places(b, legal))
    return [a for a in legal if not (a[0] == "build" and a[2] == "place" and a[3] != port)]
