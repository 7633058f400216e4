"""The heuristic Hitler's Global War player's production (ai.py): lend-lease first,
then the goal's fort, Berlin's and the narrows' garrisons, the Allied invasion armies
of The Fall of Germany, and the points its side wants most, nearest the goal.

Campaign Game II: the research phase gets what production leaves, and production stops
at RESEARCH_RESERVE points once the urgent builds are made (twice that while a weapon
is researched), so that research goes on every turn. Research goes to the points the
side buys first, then to its weapon of the long war (LONG_WAR: the Axis's missiles, the
Allies' atomic bomb once the U.S. entry has raised it (United States Technology), each
up to the first level the Units Capability Table does not prohibit, Item Cost 3,
Atomic Bombs 2), then to its other points and tac air: as many points as the rules allow an item
(two, one for an item no other side has as good, Research Special Cases 2), and a roll
once the marker stands on ROLL_FROM or further (Research 8: waiting makes the roll
better). A side taking ground also buys a paratroop
point for each army at the front and a tac air point for each full one (`_air_build`)."""

from __future__ import annotations

from grognard.core.game import Action

from .actions import args
from .ai_board import AMPHIBIOUS_GOAL, Board, distances
from .capability import load_capability
from .geography import Place
from .production import placed_at

FORT_GOAL = 3  # fort points the defender of the goal builds there
RESEARCH_RESERVE = 2  # Campaign Game II: production points kept for research (Research 3)
AIR_SPARE = 12  # Campaign Game II: paratroop and tac air points only from a budget this large
PARATROOP_GOAL = 4  # paratroop points on the map at most (one a front army)
TAC_AIR_GOAL = 4  # tac air points on the map wanted at most (one a full front army)
ROLL_FROM = 4  # the research track space from which it rolls (our track: A on 1-3 there)
LONG_WAR = {"axis": "missile", "allied": "atomic_bomb"}  # each side's weapon of the long war


def produce(b: Board, legal: list[Action]) -> Action:
    if b.fog_allied:
        build = _invasion_builds(b, legal)
        if build is not None:
            return build
    # before buying: a stronger Soviet front helps toward Berlin, unless the Soviets
    # are rivals whose production can rob the Allies of the win (three players)
    if ("lend_lease",) in legal and not (b.fog_allied and not b.two_player):
        return ("lend_lease",)
    reserve = research_reserve(b)
    if ("lend_lease_france",) in legal and int(b.frame["budget"]) > reserve and _lend_to_france(b, legal):
        return ("lend_lease_france",)
    want = "mechanized" if b.attacking else "infantry"
    # the side holding the goal fortifies it, three points at most (Fortifications)
    for goal in sorted(b.goals):
        fort = b.forts.get(goal)
        built = int(fort["points"]) + int(fort["building"]) if fort else 0
        if not b.attacking and ("fort", goal) in legal and built < FORT_GOAL:
            return ("fort", goal)
    # Berlin short of the garrison its invasion threat calls for gets infantry (the
    # other capitals only keep their points and draw on the rear in the movement)
    build = _infantry_in(b, legal, b.berlin) if b.defence(b.berlin) < b.guard.get(b.berlin, 0) else None
    build = build or _narrows_build(b, legal) or _held_goal_build(b, legal)
    if build is not None:
        return build
    builds = [a for a in legal if a[0] == "build"]
    # Research 3: the rest goes to research, unless the rules ask for a build first (the
    # optional Italian Army 2 makes a short Italian force good before the phase ends)
    if reserve and int(b.frame["budget"]) <= reserve and ("end_production",) in legal:
        builds = [a for a in builds if french_paid(b, a)]  # France's own budget is not kept
        if not builds:
            return ("end_production",)
    air = _air_build(b, builds)
    if air is not None:
        return air
    for kind in (want, "infantry", "mechanized"):
        options = [a for a in builds if args(a)["kind"] == kind]
        if options:
            return min(options, key=lambda a: _build_rank(b, a))
    repairs = [a for a in legal if a[0] == "repair"]
    return repairs[0] if repairs else ("end_production",)


def _held_goal_build(b: Board, legal: list[Action]) -> Action | None:
    """Barbarossa: infantry for the place the enemy needs that is furthest short of
    its guard (ai_board's `held_goals`), in its own army there if it has one."""
    short = [(b.defence(p) - b.guard.get(p, 0), p) for p in b.held_goals]
    for _, place in sorted(s for s in short if s[0] < 0):
        build = _infantry_in(b, legal, place)
        if build is not None:
            return build
    return None


def _infantry_in(b: Board, legal: list[Action], place: Place) -> Action | None:
    """An infantry point for a garrison: into the side's army at `place` (the first
    by id), else a new army there; None if neither may be built."""
    own = [("build", "infantry", "army", a["id"]) for a in b.at(place, b.me)]
    return next((a for a in [*sorted(own), ("build", "infantry", "place", place)] if a in legal), None)


def french_build(b: Board, legal: list[Action]) -> Action | None:
    """The build France's own purse pays for (Activity Limitations 1, 8), chosen as
    the production plan chooses, or None: what is left of it when the Allied player
    ends the phase is lost (Production Points 4), so the phase is not ended for the
    Allied budget's sake while France can still build."""
    builds = [a for a in legal if a[0] == "build" and french_paid(b, a)]
    for kind in ("mechanized" if b.attacking else "infantry", "infantry", "mechanized"):
        options = [a for a in builds if args(a)["kind"] == kind]
        if options:
            return min(options, key=lambda a: _build_rank(b, a))
    return None


def _air_build(b: Board, builds: list[Action]) -> Action | None:
    """Campaign Game II, a side taking ground: a paratroop point for each army at the
    front (dropped, it counts double in the advance, Paradrop 2-3), and a tac air point
    for each front army at the stacking limit (tac air stacks above it, Abilities 2, and
    in an advance that drives armies out each point above theirs costs them one, Air
    Superiority), while the budget keeps AIR_SPARE points for the rest; None otherwise."""
    if not b.research or not b.attacking or int(b.frame.get("budget", 0)) < AIR_SPARE:
        return None
    mine = [a for a in b.armies.values() if a["side"] == b.me and a["at"] is not None]
    front = [a for a in mine if b.is_front(a["at"])]
    full = [a for a in front if b.stacks.get(a["at"], 0) >= 10]
    have = {kind: sum(int(a["sp"].get(kind, 0)) for a in mine) for kind in ("paratroop", "tac_air")}
    wants = {"paratroop": min(len(front), PARATROOP_GOAL), "tac_air": min(len(full), TAC_AIR_GOAL)}
    for kind, want in wants.items():
        options = [a for a in builds if args(a)["kind"] == kind]
        if have[kind] < want and options:
            return min(options, key=lambda a: _build_rank(b, a))
    return None


def long_war(b: Board) -> str | None:
    """The weapon the side researches now beside its points (LONG_WAR), or None."""
    if b.me not in LONG_WAR or not b.research:
        return None
    item = LONG_WAR[b.me]
    level = int(b.research.get(b.me, {}).get("items", {}).get(item, {}).get("level", 0))
    start, goal = _long_war_levels(b.me, item)
    return item if start <= level < goal else None


def _long_war_levels(side: str, item: str) -> tuple[int, int]:
    """From which tech level the side researches `item` and up to which: the Allies from
    the level the U.S. entry brings (United States Technology: nothing to research
    before it), to the first level that may build the item (Item Cost 3)."""
    cap = load_capability()
    start = cap.start.us_entry.get(item, 0) if side == "allied" else 0
    goal = next(n for n in range(cap.top_level(item) + 1) if not cap.is_prohibited_level(item, n))
    return start, goal


def research_reserve(b: Board) -> int:
    """Production points production leaves to research (Research 3): none without
    research, twice as many while a weapon of the long war is researched."""
    if not b.research:
        return 0
    return RESEARCH_RESERVE * (2 if long_war(b) else 1)


def wanted_research(b: Board) -> tuple[str, ...]:
    """The items whose cost the strategy feels most: the points it buys, first the one
    it buys first (production above), then its weapon of the long war, then tac air;
    the Allies' bombers before them until they may be built."""
    first = "mechanized" if b.attacking else "infantry"
    second = "infantry" if b.attacking else "mechanized"
    weapon = long_war(b)
    later = ((weapon,) if weapon else ()) + (second, "tac_air")
    items = b.research.get(b.me, {}).get("items", {})
    if b.me == "allied" and int(items.get("bomber", {}).get("level", 1)) == 0:
        # the Allies start across the sea from Germany: bombers (prohibited at level 0,
        # Item Cost 3) are how they strike its production first (Strategic Bombing)
        return ("bomber", first, *later)
    return (first, *later)


def research(b: Board, legal: list[Action]) -> Action:
    """The research phase (Research 3-8): invest in the wanted items, then roll those
    far enough along the track."""
    wants = wanted_research(b)
    for item in wants:
        invests = [a for a in legal if a[0] == "invest" and args(a)["item"] == item]
        if invests:
            return max(invests, key=lambda a: int(args(a)["count"]))
    items = b.research.get(b.me, {}).get("items", {})
    for a in legal:
        if a[0] == "roll_research":
            marker = int(items.get(args(a)["item"], {}).get("marker", 0))
            if marker >= ROLL_FROM:
                return a
    return ("end_research",)


def _narrows_build(b: Board, legal: list[Action]) -> Action | None:
    """A control hex guarded for Berlin's sake (the Sound) and short of its garrison,
    counting the points already waiting next to it away from the front: infantry
    in the production place nearest it, for the movement to bring over (points are
    built only in the home country, Building Strength Points 3)."""
    for hex_ in b.narrows:
        waiting = sum(
            int(a["strength"]) for n in b.g.links.get(hex_, ()) if not b.is_front(n) for a in b.at(n, b.me)
        )
        if b.defence(hex_) + waiting >= b.guard[hex_]:
            continue
        near = distances(b.scenario, frozenset({hex_}))
        options = [a for a in legal if a[0] == "build" and args(a)["kind"] == "infantry"]
        ranked = sorted((near.get(placed_at(b.armies, a) or "", 99), a) for a in options)
        if ranked:
            return ranked[0][1]
    return None


def _invasion_builds(b: Board, legal: list[Action]) -> Action | None:
    """The Fall of Germany, the Allies: fill the invasion armies of the staging ports
    (amphibious points first, then as many mechanized), one port after the other."""
    for port in b.staging:
        invader = b.invader_at(port)
        if invader is None:
            wanted: list[Action] = [("build", "amphibious", "place", port)]
        else:
            sp = invader["sp"]
            amphibious, total = int(sp["amphibious"]), int(invader["strength"])
            if total >= 10 - (b.stacks.get(port, 0) - total):
                continue
            wanted = []
            if amphibious < AMPHIBIOUS_GOAL:
                wanted.append(("build", "amphibious", "army", invader["id"]))
            if total - amphibious < amphibious:
                wanted.append(("build", "mechanized", "army", invader["id"]))
        for a in wanted:
            if a in legal:
                return a
    return None


def _lend_to_france(b: Board, legal: list[Action]) -> bool:
    """Activity Limitations 1, 4 (Campaign Game I): Allied points go to France when
    the Allied budget can buy nothing more, or France builds nearer the goal than
    the best Allied build (French armies stand apart, G17.8, so France's own points
    are what fills its front)."""
    sites = _french_sites(b)
    if not sites:
        return False  # France could build nothing with them (counters or hexes full)
    ours = [a for a in legal if a[0] == "build" and not french_paid(b, a)]
    if not ours:
        return True
    best = min(_build_rank(b, a)[0] for a in ours)
    return min(b.dist.get(p, 99) for p in sites) < best


def _build_rank(b: Board, a: Action) -> tuple[int, bool, int]:
    """Nearest the goal by land; off the land (Britain, the boxes) a place whose
    points may leave by any sea before a box on a lane that carries three a turn
    (Strength Point Movement Across Seas 1: the U.S. and Canada lane); an army's
    counter before a new one."""
    x = args(a)  # ("build", kind, site, army or place)
    place = b.armies[x["at"]]["at"] if x["site"] == "army" else x["at"]
    return (b.dist.get(place, 99), place in b.lanes, 0 if x["site"] == "army" else 1)


def _french_sites(b: Board) -> list[Place]:
    """France's production hexes where a French point could be built now: undevastated,
    below the stacking limit, without other Allied armies (G17.8), and with a French
    army there or a spare French counter."""
    spare = any(a["at"] is None and a["side"] == b.me and a.get("nation") for a in b.armies.values())
    sites = []
    for p, owner in b.owner.items():
        if owner != b.me or b.g.country.get(p) != "france":
            continue
        if b.g.production.get(p, 0) <= int(b.devastated.get(p, 0)) or b.stacks.get(p, 0) >= 10:
            continue
        here = b.at(p, b.me)
        if all(a.get("nation") for a in here) and (here or spare):
            sites.append(p)
    return sites


def french_paid(b: Board, a: Action) -> bool:
    """Is this build paid from France's budget (a French army or counter)?"""
    x = args(a)
    return x["site"] == "french" or (x["site"] == "army" and bool(b.armies[x["at"]].get("nation")))
