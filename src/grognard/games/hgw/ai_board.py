"""The heuristic Hitler's Global War player's reading of its view (ai.py): the
board indexed for its decisions, its goals, the front, the threats it sees and the
odds of an advance or a landing. The odds are the rules' own (advance.py, board.py),
asked of the board the seat sees (seen.py); what is the player's own judgement (how
much an assault takes off, how far a threat reaches) is said where it is made.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any, cast

from .advance import advance_limit, advance_modifier, invasion_points
from .board import STACK_LIMIT, defence, winter_modifier
from .campaign_victory import levels, shares
from .geography import Geography, Place, geography
from .invasion_routes import canals, closed_narrows, control_hexes, extension_cost
from .layout import HgwBoard
from .map import load_map, route_steps, row_col
from .movement import box_lanes, routes, sea_room
from .scenario import load_scenario
from .seen import data_from_view
from .shipping_counters import in_play
from .tables import load_tables
from .victory import soviet_outproduces

View = dict[str, Any]
# Campaign Game I: the Axis's first goals, and the unaligned nations it may attack at no
# political cost (Violation of Neutrality 5: Poland never joins another side)
CAMPAIGN_AXIS_GOALS = ("1339", "1434", "1144", "0942", "1446")
FREE_PREY = frozenset({"poland"})
FAIR_LIMIT = 3  # advance only when a roll of 1-3 or better succeeds (even odds)
RACE_LIMIT = 1  # The Fall of Germany's attackers: any roll that can succeed will do
STAGING_PORTS = 2  # The Fall of Germany: ports where the Allied invasion armies gather
AMPHIBIOUS_GOAL = 5  # amphibious points of a full invasion army (with as many others)
LAND_REACH = 2  # hexes from a capital within which enemy armies threaten it by land


@cache
def distances(scenario: str, goals: frozenset[Place]) -> dict[Place, int]:
    g = geography(scenario)
    dist = {p: 0 for p in goals}
    queue = deque(goals)
    while queue:
        p = queue.popleft()
        for n in g.links[p]:
            if n not in dist:
                dist[n] = dist[p] + 1
                queue.append(n)
    return dist


@cache
def theater_distances(scenario: str, europe: frozenset[Place], pacific: frozenset[Place]) -> dict[Place, int]:
    """Campaign Game IV: each place's distance to its own theater's goals: a place of the
    Pacific half (columns xx58-xx112, as theater.in_pacific) to the `pacific` goals, any
    other (the off-map boxes too) to `europe`'s, so that Japan's armies in China press
    toward the Pacific's goals while Germany's press toward Europe's."""
    g = geography(scenario)
    east = load_map().data.europe_max_col
    near = {"europe": distances(scenario, europe), "pacific": distances(scenario, pacific)}
    found: dict[Place, int] = {}
    for p in g.links:
        half = "pacific" if not g.is_box(p) and row_col(p)[1] > east else "europe"
        if p in near[half]:
            found[p] = near[half][p]
    return found


class Board:
    """The view, indexed for the decisions."""

    def __init__(self, view: View) -> None:
        board = view["board"]
        self.me: str = view["role"]
        self.scenario: str = view["scenario"]
        self.g: Geography = geography(self.scenario)
        self.owner: dict[Place, str] = board["owner"]
        self.armies = {a["id"]: a for a in board["armies"]}
        self.frame: dict[str, Any] = board["frame"]
        self.stacks: dict[Place, int] = board["stacks"]
        self.devastated: dict[Place, int] = board["devastated"]
        self.unaligned: dict[Place, str] = board.get("unaligned", {})
        self.fleets: dict[str, dict[str, Any]] = board.get("fleets", {})
        self.forts: dict[Place, dict[str, Any]] = board.get("forts", {})
        self.research: dict[str, Any] = board.get("research", {})  # Campaign Game II's sheets
        # the board as game data, for the rules' own questions (seen.py)
        self.data: HgwBoard = data_from_view(board, self.scenario, view.get("options") or {})
        content = load_scenario(self.scenario)
        # the Axis fights everyone else; the Soviets and the Allies only the Axis
        self.foes = frozenset(s for s in content.sides if s != self.me and "axis" in (s, self.me))
        # the side that must take ground: the Axis in Barbarossa, its foes in The Fall of Germany
        # (in Campaign Game I every side takes ground: the Soviets and the Allies toward Berlin)
        self.attacking = (self.me == "axis") == (content.victory != "berlin") or content.victory == "campaign"
        # racing the clock to Berlin, the attackers accept worse odds than even
        self.fair = RACE_LIMIT if content.victory == "berlin" and self.attacking else FAIR_LIMIT
        self.prey: frozenset[str] = frozenset()
        if content.victory == "campaign" and self.me == "axis":
            # Campaign Game I: Warsaw, Paris, then the Soviet capitals, while they are not Axis
            goals = [c for c in CAMPAIGN_AXIS_GOALS if self.owner.get(c) != "axis"][:2]
            self.prey = FREE_PREY
        elif content.victory in ("berlin", "campaign"):
            goals = [content.berlin]  # The Fall of Germany: everything turns on Berlin
            if content.victory == "campaign" and self.me == "soviet":
                # Campaign Game I: unaligned Poland stands between the Soviet Union and
                # Germany; it never joins a side (Violation of Neutrality 5), so the
                # Soviets go through it rather than wait for the Axis to open a front
                self.prey = FREE_PREY
        else:
            goals = [c for c in content.capitals.get(self.me, ()) if self.owner.get(c) != self.me]
            # The Pacific War: the scenario's objectives for its heuristic (pacific_war.json)
            goals += [c for c in content.objectives.get(self.me, ()) if self.owner.get(c) != self.me]
        self.goals = frozenset(goals or content.capitals.get(self.me, ()))
        self.dist = distances(self.scenario, self.goals)
        # Campaign Game IV: the Pacific half has its own goals, the scenario's `objectives`
        # (campaign_4.json: Japan's Chungking, Yenan, Singapore and Rangoon; the Allies'
        # Japanese-held China), those the side does not hold, else all of them
        self.pacific_goals: frozenset[Place] = frozenset()
        if content.theater == "world" and content.objectives.get(self.me):
            wanted = frozenset(content.objectives[self.me])
            self.pacific_goals = frozenset(c for c in wanted if self.owner.get(c) != self.me) or wanted
            self.dist = theater_distances(self.scenario, self.goals, self.pacific_goals)
        self.tables = load_tables()
        # Campaign Game I with three players: taking Berlin ends the game, so the Soviets
        # and the Allies take it only when the production count would then crown them
        self.held_back: Place | None = None
        options = view.get("options") or {}
        three = content.victory == "campaign" and self.me != "axis" and not options.get("two_player")
        if three and _berlin_share(view, self.me, content.berlin) < 1:
            self.held_back = content.berlin
            # in the last turn it is taken if that leaves the side a better share of the
            # win than the production count without it (a tie at the top: Three Players 4)
            last = int(board["turn_index"]) >= len(board["turns"]) - 1
            if last and _berlin_share(view, self.me, content.berlin) > _berlin_share(view, self.me, None):
                self.held_back = None
        # The Fall of Germany with three players: the Allies win only if Berlin falls while
        # the Soviets produce less than two thirds of the Allied total (Victory Conditions
        # 3-4), so they take it only when that would hold, or on the last turn
        self.berlin: Place = content.berlin
        self.fog_allied = content.victory == "berlin" and self.me == "allied"
        self.last_turn = int(board["turn_index"]) >= len(board["turns"]) - 1
        self.berlin_wins = True
        self.two_player = bool(options.get("two_player"))
        if self.fog_allied and not self.two_player:
            self.berlin_wins = _fog_berlin_wins(view, content.berlin)
            if not self.berlin_wins and not self.last_turn:
                self.held_back = content.berlin
        # The Fall of Germany: the seas the side may carry any number of points over
        # (Strength Point Movement Across Seas 1), used to feed the front from Britain
        self.open_seas: frozenset[str] = frozenset()
        if content.victory == "berlin":
            transport = content.sea_transport.get(self.me, {})
            self.open_seas = frozenset(sea for sea, n in transport.items() if n < 0)
        self.key = (int(board["turn_index"]), str(board["player"]))
        # Campaign Games II and III: the shipping counters carry points over the seas
        # (Shipping 1, 9; the U.S. lane three a turn), so where points can go is the rules'
        # own answer (movement.routes), not the land alone: else the U.S. Army in its box
        # and the British in their island never reach the front (Campaign Game IV's
        # world war keeps its own plan, ai_pacific)
        europe = content.victory == "campaign" and content.theater == "europe"
        self.shipped = europe and in_play(self.data)
        self._routes: dict[Place, dict[Place, tuple[str, ...]]] = {}
        self._front_reached: dict[Place, bool] = {}  # `reaches_front`, this decision
        self.lanes: dict[Place, str] = box_lanes(self.data, self.me) if self.shipped else {}
        # The Fall of Germany and Campaign Game I, the Axis: the capitals it holds (Berlin
        # first) and the garrison each wants against the invasions it can see coming;
        # Barbarossa: the places whose joint holding wins for the enemy
        self.guard: dict[Place, int] = {}
        self.narrows: list[Place] = []  # the control hexes guarded for Berlin's sake
        if self.me == "axis" and content.victory in ("berlin", "campaign"):
            capitals = [content.berlin, *sorted(p for p in _capitals() if p != content.berlin)]
            for place in capitals:
                if self.owner.get(place) == self.me and place not in self.guard:
                    self._guard_against(place, self.invasion_threat(place) + self.land_threat(place))
                if place == content.berlin:
                    self._guard_narrows(place)  # right after Berlin: the Sound opens its road
        # Barbarossa (Victory Conditions 1-2): the enemy wins by holding a set of places
        # at once, so each side guards those of them it holds against the enemy points
        # within reach, and production tops their garrisons up (ai_production). Before,
        # the Soviets sent every point toward Berlin and left Moscow to a garrison of one:
        # between heuristics the Axis won 74 of seeds 1-200, with the guard 26
        # (docs/hgw-design.md, "Guarding the cities the enemy needs")
        self.held_goals: tuple[Place, ...] = ()
        if content.victory == "capitals":
            needed = sorted({p for foe in self.foes for p in content.capitals.get(foe, ())})
            self.held_goals = tuple(p for p in needed if self.owner.get(p) == self.me)
            for place in self.held_goals:
                self._guard_against(place, self.land_threat(place))
        # the ports the Allied invasion armies gather in: the nearest to Berlin by sea
        self.staging: tuple[Place, ...] = ()
        # Sea Route 4: closed_narrows reads the owners only
        self.closed = closed_narrows(cast(HgwBoard, {"owner": self.owner}), self.me)
        self.canals = canals(self.data, self.me)  # N2.6: Kiel's canal, with Naval Action
        if self.fog_allied:
            # ports in the rear: an army at the front fights where it stands
            ports = [p for p, o in self.owner.items() if o == self.me and is_port(p)]
            ports = [p for p in ports if not self.is_front(p)]

            # fewest amphibious points spent on the route, then a port with a fleet to
            # escort the invasion (Fleet Naval Fire 4), then the shortest route
            def rank(p: Place) -> tuple[int, bool, int, Place]:
                # measured as if the narrows were open: a closed Sound is taken first
                steps = sea_route_steps(p, self.berlin, frozenset())
                fleet = any(f["at"] == p and f["side"] == self.me for f in self.fleets.values())
                return (extension_cost(steps), not fleet, steps, p)

            self.staging = tuple(sorted(ports, key=rank)[:STAGING_PORTS])

    def _guard_narrows(self, berlin: Place) -> None:
        """The Axis also garrisons a sea-route control hex it holds (the Sound, 1136,
        Sea Route 3-4) whose loss would open a seaborne road to Berlin: when Berlin's
        threat with that hex in enemy hands is greater than it is now, the hex wants the
        threat against itself and one more point, ahead of the other capitals (the
        Sound's Copenhagen is one of them too)."""
        if self.owner.get(berlin) != self.me:
            return
        now = self.invasion_threat(berlin)
        for hex_ in sorted(_control_hexes_held(self.owner, self.me)):
            opened = self.invasion_threat(berlin, lost=hex_)
            if opened <= now:
                continue
            threat = self.invasion_threat(hex_)
            if threat:
                # the invasions come first in the enemy's turn (Invasion Procedure 5):
                # the Sound taken by one, the next may sail through it to Berlin, so
                # Berlin keeps the garrison the open road calls for, and comes first
                want = min(STACK_LIMIT, opened + self.land_threat(berlin) + 1)
                self.guard[berlin] = max(self.guard.get(berlin, 0), want)
                self._guard_against(hex_, threat)
                self.narrows.append(hex_)

    def _guard_against(self, place: Place, threat: int) -> None:
        """A place under `threat` wants one point more than the enemy could bring, as
        many as a stack may hold at most (Stacking 1); no threat, no guard."""
        if threat:
            self.guard[place] = min(STACK_LIMIT, threat + 1)

    def invasion_threat(self, place: Place, lost: Place | None = None) -> int:
        """The most points the enemy's amphibious armies could land in `place` in its
        next turn if they gathered for it: each army in a port, or next to one of its
        side's ports, counts its amphibious points less those the sea route spends
        (Invasion Procedure 3) and as many of its others (Invasion Advance 2). With
        `lost`, as if that hex were the enemy army's (a control hex opening its routes)."""
        total = 0
        for army in self.armies.values():
            at, sp = army["at"], army["sp"]
            if army["side"] not in self.foes or at is None or not int(sp["amphibious"]):
                continue
            owner = self.owner if lost is None else {**self.owner, lost: army["side"]}
            closed = closed_narrows(cast(HgwBoard, {"owner": owner}), army["side"])
            canal = canals({**self.data, "owner": owner}, army["side"])  # N2.6
            ports = [at] if is_port(at) else []
            side_ports = [n for n in self.g.links.get(at, ()) if self.owner.get(n) == army["side"]]
            ports += [n for n in side_ports if is_port(n)]
            steps = min((sea_route_steps(port, place, closed, canal) for port in ports), default=10**6)
            if steps >= 10**6:
                continue
            amphibious = int(sp["amphibious"]) - extension_cost(steps)
            if amphibious > 0:
                total += invasion_points(amphibious, int(sp["infantry"]) + int(sp["mechanized"]))
        return total

    def land_threat(self, place: Place) -> int:
        """Half the enemy points standing within two land hexes of `place`: what could
        attack it next turn (Assault and Defensive Assault), or take the hex beside it
        and exploit into it (Exploitation), so that a capital behind a quiet front is
        not left to the garrison it had when the war was elsewhere."""
        near = distances(self.scenario, frozenset({place}))
        points = sum(
            int(army["strength"])
            for army in self.armies.values()
            if army["side"] in self.foes and army["at"] is not None and near.get(army["at"], 99) <= LAND_REACH
        )
        return points // 2

    def spare(self, army: dict[str, Any]) -> int:
        """Points `army` may give away without leaving a guarded capital short."""
        want = self.guard.get(army["at"])
        if want is None:
            return 99
        return max(0, self.defence(army["at"]) - want)

    def at(self, place: Place, side: str | None = None) -> list[dict[str, Any]]:
        return [a for a in self.armies.values() if a["at"] == place and (side is None or a["side"] == side)]

    def is_target(self, place: Place) -> bool:
        if place == self.held_back:
            return False
        return self.owner.get(place) in self.foes or self.unaligned.get(place) in self.prey

    def enemy_places_near(self, place: Place) -> list[Place]:
        return [n for n in self.g.links[place] if self.is_target(n)]

    def is_front(self, place: Place) -> bool:
        return bool(self.enemy_places_near(place))

    def defence(self, place: Place) -> int:
        """The place's defence on the Advance Table (board.defence)."""
        return defence(self.data, place)

    def advance_limit(
        self, army: dict[str, Any], target: Place, defence: int | None = None, dropping: int = 0
    ) -> int:
        """The highest unmodified roll that advances (0 or less: hopeless), against
        `defence` if given (the defence expected after the army's assault), with
        `dropping` paratroop points (Paradrop 2)."""
        return advance_limit(self.data, army["id"], target, strength=defence, dropping=dropping)

    def invader_at(self, port: Place) -> dict[str, Any] | None:
        """The army gathering the invasion force in `port`: the one with the most
        amphibious points there."""
        mine = self.at(port, self.me)
        return max(mine, key=lambda a: (int(a["sp"]["amphibious"]), a["id"])) if mine else None

    def landing_limit(self, army: dict[str, Any], target: Place, *, extend: bool = True) -> int:
        """The highest unmodified roll with which `army` gets ashore in `target`:
        Invasion Procedure 3 (the amphibious points spent on a long route), Invasion
        Advance 2 (the invasion strength), one amphibious point expected lost to the
        defenders' fire, the amphibious assault taking a point of the defence."""
        sp = army["sp"]
        route = sea_route_steps(army["at"], target, self.closed, self.canals)
        spent = extension_cost(route) if extend else 0
        amphibious = int(sp["amphibious"]) - spent
        defended = bool(self.at(target))
        amphibious -= 1 if defended else 0
        if amphibious <= 0:
            return 0
        landing = invasion_points(amphibious, int(sp["infantry"]) + int(sp["mechanized"]))
        after = max(0, self.defence(target) - (1 if amphibious >= 4 and defended else 0))
        empty = after == 0 and not defended
        advanced = int((army.get("status") or {}).get("advanced", 0))
        winter = winter_modifier(self.data, army["id"])
        modifier = advance_modifier(advanced, self.g.terrain[target], empty=empty, winter=winter)
        limit = self.tables.advance_limit(landing, after)
        return limit - modifier if limit > 0 else 0

    def progress(self, origin: Place, target: Place) -> int:
        far = 99
        return self.dist.get(origin, far) - self.dist.get(target, far)

    def routes(self, start: Place) -> dict[Place, tuple[str, ...]]:
        """Campaign Games II and III: the places a point at `start` can reach this movement,
        with the seas (and the U.S. lane) each route crosses (movement.routes: Movement
        2, Strength Point Movement Across Seas 1, Shipping 1 and 9)."""
        if start not in self._routes:
            self._routes[start] = routes(self.data, start, self.me)
        return self._routes[start]

    def sea_room(self, start: Place, dest: Place) -> int:
        """How many points may go from `start` to `dest` this movement: the least room
        left on the seas of the route (99: by land, or over seas without a limit)."""
        if not self.shipped:
            return 99
        rooms = [sea_room(self.data, self.me, sea) for sea in self.routes(start).get(dest, ())]
        return min((r for r in rooms if r is not None), default=99)

    def reaches_front(self, start: Place) -> bool:
        """Does a route (`reachable`) from `start` reach a place next to the enemy? By
        land and open seas every place of the side that a route joins to `start` reaches
        the same places (the links run both ways), so one search answers for all of
        them; a rollout's production asks this of every build place again and again."""
        known = self._front_reached.get(start)
        if known is None:
            joined = self.reachable(start)
            known = any(self.is_front(p) for p in joined)
            if not self.shipped and self.owner.get(start) == self.me:
                self._front_reached.update(dict.fromkeys(joined, known))
            self._front_reached[start] = known
        return known

    def reachable(self, start: Place) -> set[Place]:
        """Movement 2: friendly places joined by land, and (Strength Point Movement
        Across Seas 1) across the seas the side may cross without limit; in Campaign
        Games II and III across the seas its shipping serves (`routes`)."""
        if self.shipped:
            return set(self.routes(start))
        seen = {start}
        queue = deque([start])
        crossed: set[str] = set()
        while queue:
            p = queue.popleft()
            nexts = list(self.g.links[p])
            for sea in self.g.coast_seas.get(p, ()):
                if sea in self.open_seas and sea not in crossed:
                    crossed.add(sea)
                    nexts += self.g.sea_coast[sea]
            for n in nexts:
                if n not in seen and self.owner.get(n) == self.me:
                    seen.add(n)
                    queue.append(n)
        return seen


def _berlin_share(view: View, me: str, berlin: Place | None) -> float:
    """`me`'s share of the win (Three Players 4-5: sides tied at the highest level share
    it) if the game ended now, with Berlin fallen to `me` (None: as it stands)."""
    board = view["board"]
    owner = board["owner"] if berlin is None else {**board["owner"], berlin: me}
    # the keys campaign_victory.level reads, nothing more
    data = {
        "scenario": view["scenario"],
        "owner": owner,
        "politics": board.get("politics"),
        "turn": board["turn_index"],
        "turns": board["turns"],
    }
    return shares(levels(cast(HgwBoard, data)))[me]


def _fog_berlin_wins(view: View, berlin: Place) -> bool:
    """The Fall of Germany Victory Conditions 3-4: would the Allies win (the Soviets
    producing less than two thirds of the Allied total) if Berlin fell to them now?"""
    data = {"scenario": view["scenario"], "owner": {**view["board"]["owner"], berlin: "allied"}}
    return not soviet_outproduces(cast(HgwBoard, data))  # reads the scenario and owners only


@cache
def sea_route_steps(
    origin: Place,
    target: Place,
    closed: frozenset[Place],
    canal: frozenset[tuple[Place, Place]] = frozenset(),
) -> int:
    """Steps of the shortest sea route (Invasion Procedure 3; Sea Route 4), as the
    rules count them; `canal`: the canal crossings open to the side (N2.6, Kiel's,
    invasion_routes.canals)."""
    path = load_map().sea_route(origin, target, closed=closed, canals=canal)
    return route_steps(path) if path else 10**6  # Sea Route 7: the northern rows at half


@cache
def _capitals() -> frozenset[Place]:
    """The hexes with a capital star."""
    hmap = load_map()
    return frozenset(h for h in hmap.hexes if hmap.has_feature(h, "capital"))


def _control_hexes_held(owner: dict[Place, str], side: str) -> list[Place]:
    """The sea-route control hexes (Sea Route 3-4) `side` holds."""
    return [h for h in control_hexes() if owner.get(h) == side]


def is_port(place: Place) -> bool:
    return place in load_map() and load_map().is_port(place)


def is_invader(army: dict[str, Any]) -> bool:
    """Invasion Procedure 2: at least half of the army's points are amphibious."""
    amphibious = int(army["sp"]["amphibious"])
    return amphibious > 0 and 2 * amphibious >= int(army["strength"])


def in_port(army: dict[str, Any]) -> bool:
    """An army with amphibious points in a port: a would-be invader."""
    at = army["at"]
    return bool(army["sp"]["amphibious"]) and at is not None and at in load_map() and load_map().is_port(at)
