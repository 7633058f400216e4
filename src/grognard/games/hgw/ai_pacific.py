"""The heuristic player's amphibious war in The Pacific War (issue 23, part 4), from its
view only (ai.py's hooks call these only in the Pacific theater; Europe's play is not
touched).

The Pacific's prizes are islands: Japan wins only by holding more production at the end
than at the start (pacific_war.py), the Allies by taking Tokyo or by keeping Japan from
that, and no land route joins Tokyo to Manila, Singapore or Java. So each side keeps
invasion armies in ports where it can build (Building Strength Points 3):

- production (`build`): the home port's invader is filled with amphibious points up to
  GOAL and as many infantry (Invasion Advance 2 counts that many others; an
  infantry point costs less than half a mechanized one), after a garrison for the
  capital the enemy's amphibious armies threaten (Japan's Tokyo: Victory 1); a capital
  ship (`warship`) rather than points for a dead end (ai_pacific_counters.dead_end);
- the ports (`staging_ports`): of the side's ports where it may build, the one with the
  shortest sea route to the nearest prize (Invasion Procedure 3: every twelve steps past
  six cost an amphibious point), and every port no land route joins to the front;
- the invasion (`invasion`): of the legal invasions with fair landing odds once the
  enemy fleets that may intercept have fired (`interception_losses`: Fleet Naval Fire
  2-3), the one worth most: the target's production (what decides the game), a port (a
  base to invade on from: Invasion Procedure 4) and, for the Allies, progress toward
  Tokyo; the landing odds break ties;
- counters (`keep_counter`): an army counter of a staging port's pool is kept off the
  map for the next invasion army (Military Record Sheet 1: twelve a side), so the
  movement does not spend the last one on a new army at the front (the pools and the
  merges: ai_pacific_counters).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from grognard.core.game import Action

from .actions import args
from .ai_board import Board, is_invader, is_port, sea_route_steps
from .ai_pacific_counters import dead_end, free, place_pool, pool
from .ai_pacific_theater import capital, here, in_pacific, pacific_money, world
from .fleets import may_intercept
from .geography import Geography, Place
from .invasion_routes import barred_crossings, extension_cost
from .naval import firepower
from .production import build_places as production_places
from .production import placed_at

LANDING_LIMIT = 3  # even odds for a landing (the heuristic's fair limit)
EMPTY_LIMIT = 2  # an undefended island is worth a worse roll
GOAL = 5  # amphibious points of an invader, with as many infantry: the ten a hex holds
GARRISON_MOST = 4  # a place other than Tokyo: its share of a budget that must also invade
DETER = 2  # a landing of strength s against a defence of s - 2 or more has less than even odds
OTHERS = "infantry"  # the invader's other points: cheapest, and counted like mechanized


def prizes(b: Board) -> list[Place]:
    """The enemy places worth invading: its production places and its ports, and for the
    Allies Tokyo itself (Victory 1)."""
    found = [p for p in _worth_invading(b.g) if b.owner.get(p) in b.foes and here(b, p)]
    return sorted(found)


@cache
def _worth_invading(g: Geography) -> frozenset[Place]:
    """The places of a map that produce or are ports, whoever holds them."""
    return frozenset(p for p in g.places if g.production.get(p, 0) > 0 or is_port(p))


def staging_port(b: Board, places: set[Place]) -> Place | None:
    """Of the ports among `places` (where the production offers builds), the one nearest
    by sea to a prize (fewest amphibious points spent, then fewest steps), or None."""
    ports = staging_ports(b, places)
    return ports[0] if ports else None


def staging_ports(b: Board, places: set[Place]) -> list[Place]:
    """The ports among `places` where an invasion army gathers: the one nearest by sea to
    a prize (fewest amphibious points spent, then fewest steps), and every other one from
    which no land route reaches the front (ai_pacific_counters.dead_end: points built
    there can only sail), nearest first."""
    targets = prizes(b)
    ranked: list[tuple[int, int, Place]] = []
    for port in sorted(p for p in places if is_port(p)):
        steps = min((sea_route_steps(port, t, b.closed, b.canals) for t in targets), default=10**6)
        if steps < 10**6:
            ranked.append((extension_cost(steps), steps, port))
    ranked.sort()
    return [p for i, (_, _, p) in enumerate(ranked) if i == 0 or dead_end(b, p)]


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
    if not pacific_money(b):
        return None
    places = build_places(b, legal)
    for place, _ in garrisons(b, places):
        # never into an army holding amphibious points: the invader would never be half amphibious
        here = sorted((a for a in b.at(place, b.me) if not a["sp"]["amphibious"]), key=_id)
        wanted: list[Action] = [("build", "infantry", "army", a["id"]) for a in here]
        wanted.append(("build", "infantry", "place", place))
        for a in wanted:
            if a in legal:
                return a
    for port in staging_ports(b, places):
        choice = _invader_build(b, port, legal)
        if choice is not None:
            return choice
    return None


def _invader_build(b: Board, port: Place, legal: list[Action]) -> Action | None:
    """The next point for the invasion army gathering in `port`, or None when it is full
    (or the build is not offered)."""
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
    """Where the production phase offers builds now in the Pacific (Building Strength
    Points 3)."""
    places = {_build_at(b, a) for a in legal if a[0] == "build"}
    return {p for p in places if p is not None and here(b, p)}


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
        if not here(b, army["at"]):
            continue  # Campaign Game IV: Europe's landings are the ordinary heuristic's
        if a[0] == "invade":  # the fleets that may intercept it take their toll first
            army = after_losses(army, interception_losses(b, army, target))
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


def interception_losses(b: Board, army: dict[str, Any], target: Place) -> int:
    """The points the landing is expected to lose at sea: every enemy surface fleet that
    may intercept its route (Fleet Naval Fire 2: fleets.may_intercept) fires once at
    twice its points on the Firepower Table (Fleet Naval Fire 3), the mean over the die;
    an escort answers the interceptor but takes none of the invader's losses."""
    origin = str(army["at"])
    barred = barred_crossings(b.data, b.me)
    # G17.3: no U.S. fleet intercepts on the Japanese turn that brought the U.S. in; the
    # view carries no entry record, and The Pacific War opens on that turn (Pearl Harbor)
    held = b.me == "axis" and int(b.data["turn"]) == 0
    total = 0.0
    for fid, fleet in sorted(b.fleets.items()):
        if fleet["side"] not in b.foes or not fleet.get("at") or fleet.get("ships", {}).get("uboat"):
            continue
        if held and fleet.get("nation") == "united_states":
            continue
        if int(fleet["sp"]) <= 0:
            continue
        if not may_intercept(b.data, fid, origin, target, b.closed, barred, b.canals):
            continue
        total += mean_fire(2 * int(fleet["sp"]))
    return round(total)


@cache
def mean_fire(strength: int) -> float:
    return sum(firepower(strength, roll) for roll in range(1, 7)) / 6


def after_losses(army: dict[str, Any], lost: int) -> dict[str, Any]:
    """The army as it would come ashore after `lost` points: half of them (rounded up)
    amphibious (Fleet Naval Fire 3), the rest infantry, then mechanized."""
    sp = dict(army["sp"])
    amphibious = min(int(sp["amphibious"]), (lost + 1) // 2)
    sp["amphibious"] = int(sp["amphibious"]) - amphibious
    rest = lost - amphibious
    for kind in ("infantry", "mechanized", "amphibious"):
        taken = min(int(sp[kind]), rest)
        sp[kind] = int(sp[kind]) - taken
        rest -= taken
    return {**army, "sp": sp, "strength": sum(int(v) for v in sp.values())}


def keep_counter(b: Board, nation: str = "") -> bool:
    """Whether the movement must not place a new army of `nation`'s counters: one counter
    of a staging port's pool is kept for its next invader (G17.7: counters by nation)."""
    ports = staging_ports(b, {p for p in production_places(b.data, b.me) if here(b, p)})
    if nation not in {place_pool(b, p) for p in ports}:
        return False
    return free(b, nation) <= 1


def keeps_counter(b: Board, army: dict[str, Any]) -> bool:
    """In the Pacific, keep_counter for `army`'s pool of counters; elsewhere never."""
    return in_pacific(b) and keep_counter(b, pool(b, army))


def cover(b: Board, legal: list[Action]) -> Action | None:
    """Naval movement: the strongest surface fleet of the side changes base to the port of
    an invasion army that has no fleet of its side there, so that it can escort the next
    landing (Fleet Naval Fire 4: escorts sail from the invader's port), or None."""
    fleet_ports = {str(f["at"]) for f in b.fleets.values() if f["side"] == b.me and f.get("at")}
    waiting = sorted(
        str(a["at"]) for a in b.armies.values()
        if a["side"] == b.me and a["at"] and is_invader(a) and is_port(a["at"]) and a["at"] not in fleet_ports
        and here(b, a["at"])
    )
    if not waiting:
        return None
    moves = [
        a for a in legal
        if a[0] == "change_base" and a[2] in waiting and not b.fleets[a[1]].get("ships", {}).get("uboat")
        and here(b, b.fleets[a[1]].get("at"))
        and _left_behind(b, str(b.fleets[a[1]]["at"]), a[1])
    ]
    return max(moves, key=lambda a: (int(b.fleets[a[1]]["sp"]), a[1], a[2])) if moves else None


def _left_behind(b: Board, port: str, fleet: str) -> bool:
    """A fleet leaves its port only if no invader there needs it, or another fleet stays."""
    needed = any(a["side"] == b.me and a["at"] == port and is_invader(a) for a in b.armies.values())
    others = [f for f, x in b.fleets.items() if f != fleet and x["side"] == b.me and x.get("at") == port]
    return not needed or bool(others)


def new_armies(b: Board, legal: list[Action]) -> list[Action]:
    """The legal list the ordinary production sees: no new army counter of a staging
    port's pool placed outside a staging port (kept for the next invader), and no point
    built in a dead end (ai_pacific_counters.dead_end: it could go nowhere) while
    anything else can be built."""
    ports = staging_ports(b, build_places(b, legal))
    kept = {place_pool(b, p) for p in ports}
    legal = [
        a for a in legal
        if not (a[0] == "build" and a[2] == "place" and a[3] not in ports and here(b, str(a[3])))
        or place_pool(b, str(a[3])) not in kept
    ]
    useful = _useful(b, legal)
    return useful if any(a[0] == "build" for a in useful) else legal


def _useful(b: Board, legal: list[Action]) -> list[Action]:
    """`legal` without the builds in dead ends (ai_pacific_counters.dead_end)."""
    ends = {p for p in build_places(b, legal) if dead_end(b, p)}
    return [a for a in legal if not (a[0] == "build" and _build_at(b, a) in ends)]


def ship_instead(b: Board, legal: list[Action]) -> Action | None:
    """A capital ship (`warship`) when the land builds left are only dead ends' (after
    the garrisons and the invasion armies: `build`), or None."""
    if world(b) or any(a[0] == "build" for a in _useful(b, new_armies(b, legal))):
        return None  # Campaign Game IV: Europe's builds are never a dead end's
    return warship(b, legal)


def warship(b: Board, legal: list[Action]) -> Action | None:
    """A capital ship point (Fleets 1, 5: built in a naval yard) into the side's biggest
    fleet that may take one, while the side's surface points fall short of its foes'
    (landings are intercepted and escorts fire back: Fleet Naval Fire 2-3), or None."""
    def surface(sides: Any) -> int:
        return sum(
            int(f["sp"]) for f in b.fleets.values()
            if f["side"] in sides and f.get("at") and not f.get("ships", {}).get("uboat")
        )

    if surface((b.me,)) >= surface(b.foes):
        return None
    builds = [a for a in legal if a[:2] == ("build_ship", "capital")]
    if not builds:
        return None
    return max(builds, key=lambda a: (int(b.fleets[str(a[2])]["sp"]), str(a[2]), str(a[3])))


def _build_at(b: Board, action: Action) -> Place | None:
    return placed_at(b.armies, action)
