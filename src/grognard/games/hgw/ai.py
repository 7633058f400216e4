"""A heuristic Hitler's Global War player that decides from its view and the legal
actions only (the view holds everything: the record sheets are open information; the
map and tables it reads are public, static data).

Plan, phase by phase:
- movement: thin any overstacked hex (infantry first); then feed the front: points of
  armies that touch no enemy hex go, mechanized first, to the front army with room
  that stands nearest the enemy's capitals (or to a new army in such a front hex);
- combat: first the invasion with the best fair odds (armies half amphibious keep
  their points in port for it), then name every army with a fair chance against its
  best adjacent enemy hex (chance to get through, then progress toward the goals), defend with every army
  that may, assault with everything first, advance wherever a roll can succeed, and
  exploit with the strongest army while the odds stay even or better;
- losses: infantry before mechanized, from the weakest army; retreats: toward the
  hex with the most friendly neighbours;
- production: the Axis buys mechanized points (advances count only them), the Soviets
  and the Allies infantry (two points of defence for the price of one advance point),
  placed with an army that has room in the production hex nearest the front; the Allies
  first pass on all the lend-lease they may; then repairs.

In The Fall of Germany every side's goal is Berlin; the Soviets and the Allies, racing
the clock, attack wherever any roll can get through and buy mechanized points, the
Axis buys infantry and fortifies Berlin (three fort points). An army with amphibious
points in a port sends its other points to the front until it is half amphibious and
then invades where any roll can land, with every fleet of its port as escort; other
amphibious points are turned into infantry. Against invasions it intercepts with its
strongest fleet.

The Allies of The Fall of Germany play their own plan: two invasion armies gather in the
rear ports nearest Berlin by sea (every amphibious point, and as many mechanized ones),
the landing odds count the amphibious points a long route spends, Berlin is invaded
when its fall would crown the Allies (else production hexes are), Britain feeds the
front across the open seas, and no lend-lease goes to the rival Soviets with three
players (docs/hgw-design.md, "Heuristic agent").

The Axis of The Fall of Germany and Campaign Game I garrisons its capitals against the
invasions it can see coming and the enemy armies within two hexes by land (the threat
and one more point; Berlin also from the production), and first of all a sea-route
control hex whose loss would open a road to Berlin by sea (the Sound, 1136: the threat
against it and one more point, with infantry built nearest it). Arriving forces it
places on their country's front, together. In Campaign Game I the Soviets count
unaligned Poland as a target, and with three players the Soviets and the Allies hold
Berlin back while its fall would not crown them alone, except in the last turn when it
buys a better share of the win.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cache
from typing import Any

from grognard.core.game import Action

from .advance import advance_limit, advance_modifier, invasion_points
from .board import defence, winter_modifier
from .campaign_victory import level
from .evaluate import evaluate as evaluate  # the search agent's evaluation (issue 11)
from .geography import Geography, Place, geography
from .invasion_routes import closed_narrows, control_hexes, extension_cost
from .map import load_map, route_steps
from .production import placed_at
from .scenario import load_scenario
from .seen import data_from_view
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
BERLIN_LIMIT = 2  # an invasion of Berlin that wins the game is worth a one-in-three chance
LANDING_LIMIT = 3  # any other landing wants even odds
FORT_GOAL = 3  # fort points the defender of the goal builds there


@cache
def _distances(scenario: str, goals: frozenset[Place]) -> dict[Place, int]:
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
        # the board as game data, for the rules' own questions (seen.py)
        self.data: dict[str, Any] = data_from_view(board, self.scenario)
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
        self.goals = frozenset(goals or content.capitals.get(self.me, ()))
        self.dist = _distances(self.scenario, self.goals)
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
        # The Fall of Germany and Campaign Game I, the Axis: the capitals it holds (Berlin
        # first) and the garrison each wants against the invasions it can see coming
        self.guard: dict[Place, int] = {}
        self.narrows: list[Place] = []  # the control hexes guarded for Berlin's sake
        if self.me == "axis" and content.victory in ("berlin", "campaign"):
            capitals = [content.berlin, *sorted(p for p in _capitals() if p != content.berlin)]
            for place in capitals:
                if self.owner.get(place) == self.me and place not in self.guard:
                    threat = self.invasion_threat(place) + self.land_threat(place)
                    if threat:
                        self.guard[place] = min(10, threat + 1)
                if place == content.berlin:
                    self._guard_narrows(place)  # right after Berlin: the Sound opens its road
        # the ports the Allied invasion armies gather in: the nearest to Berlin by sea
        self.staging: tuple[Place, ...] = ()
        self.closed = closed_narrows({"owner": self.owner}, self.me)  # Sea Route 4
        if self.fog_allied:
            # ports in the rear: an army at the front fights where it stands
            ports = [p for p, o in self.owner.items() if o == self.me and _is_port(p)]
            ports = [p for p in ports if not self.is_front(p)]
            # fewest amphibious points spent on the route, then a port with a fleet to
            # escort the invasion (Fleet Naval Fire 4), then the shortest route
            def rank(p: Place) -> tuple[int, bool, int, Place]:
                # measured as if the narrows were open: a closed Sound is taken first
                steps = _route_steps(p, self.berlin, frozenset())
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
                want = min(10, opened + self.land_threat(berlin) + 1)
                self.guard[berlin] = max(self.guard.get(berlin, 0), want)
                self.guard[hex_] = min(10, threat + 1)
                self.narrows.append(hex_)

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
            closed = closed_narrows({"owner": owner}, army["side"])
            ports = [at] if _is_port(at) else []
            side_ports = [n for n in self.g.links.get(at, ()) if self.owner.get(n) == army["side"]]
            ports += [n for n in side_ports if _is_port(n)]
            steps = min((_route_steps(port, place, closed) for port in ports), default=10**6)
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
        near = _distances(self.scenario, frozenset({place}))
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

    def advance_limit(self, army: dict[str, Any], target: Place, defence: int | None = None) -> int:
        """The highest unmodified roll that advances (0 or less: hopeless), against
        `defence` if given (the defence expected after the army's assault)."""
        return advance_limit(self.data, army["id"], target, strength=defence)

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
        spent = extension_cost(_route_steps(army["at"], target, self.closed)) if extend else 0
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

    def reachable(self, start: Place) -> set[Place]:
        """Movement 2: friendly places joined by land, and (Strength Point Movement
        Across Seas 1) across the seas the side may cross without limit."""
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


class HgwHeuristic:
    name = "heuristic"
    wants_view = True

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)
        # the destination chosen with the last move (asked for in the `move_to` step),
        # and the moves whose destination turned out unreachable this player turn
        self._plan: tuple[Any, ...] | None = None
        self._failed: set[tuple[Any, ...]] = set()
        # armies that received points this player turn give none away (no back and forth)
        self._received: set[tuple[Any, ...]] = set()

    def act(self, view: View, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("an agent was asked to act, but no action is legal")
        if len(legal) == 1:
            if tuple(legal[0]) == ("cancel",):
                # the chosen points can go nowhere at all (with Activity Limitations 8
                # and 9 this happens): not asked again this player turn
                board = view["board"]
                key = (int(board["turn_index"]), str(board["player"]))
                self._failed.add((key, board["frame"]["army"], board["frame"]["kind"]))
            return legal[0]
        b = Board(view)
        if any(k[0] != b.key for k in self._failed | self._received):
            # a new player turn: the marks of the last one are spent
            self._failed = {k for k in self._failed if k[0] == b.key}
            self._received = {k for k in self._received if k[0] == b.key}
        step = view["board"]["step"]
        chooser = {
            "movement": self._movement,
            "move_to": self._move_to,
            "announce": self._announce,
            "def_assault": self._defend,
            "losses": self._lose,
            "assaults": self._assault,
            "advances": self._advance,
            "exploitation": self._exploit,
            "exploit_attack": lambda b, legal: ("assault",) if ("assault",) in legal else legal[0],
            "invasions": lambda b, legal: legal[0],
            "invasion_attack": self._invasion_attack,
            "interception": self._intercept,
            "retreat": self._retreat,
            "production": self._produce,
            "soviet_terms": self._terms,
            "italy_losses": self._lose,  # ("italy_loss", army, kind): as combat losses
            "place_arrivals": self._arrive,  # Nations Inclined toward Axis 3-5
            "own_setup": self._set_up,
        }.get(step)
        choice = chooser(b, legal) if chooser else None
        return choice if choice in legal else legal[self.random.randrange(len(legal))]

    def _set_up(self, b: Board, legal: list[Action]) -> Action:
        """The own_setup option: the scenario's deployment, a sound one."""
        return ("printed_setup",) if ("printed_setup",) in legal else legal[0]

    def _arrive(self, b: Board, legal: list[Action]) -> Action:
        """Arriving points ("place", kind, place): on the country's front if it has one,
        together with the side's armies there (one counter for the force), else nearest
        the side's goals; mechanized first."""

        def rank(a: Action) -> tuple[bool, bool, int, bool, str]:
            _, kind, p = a
            return (not b.is_front(p), not b.at(p, b.me), b.dist.get(p, 999), kind != "mechanized", str(p))

        return min(legal, key=rank)

    def _terms(self, b: Board, legal: list[Action]) -> Action:
        return ("accept_surrender",)  # Soviet Union 2: peace in the east frees the Axis

    # -- movement
    def _front_spots(self, b: Board, source: dict[str, Any]) -> list[tuple[int, Place]]:
        spots = []
        for p in b.reachable(source["at"]):
            if p != source["at"] and b.is_front(p):
                spots.append((b.dist.get(p, 99), p))
        return sorted(spots)

    def _movement(self, b: Board, legal: list[Action]) -> Action:
        self._plan = None
        eliminations = sorted((a for a in legal if a[0] == "eliminate"), key=lambda a: a[2] != "infantry")
        if eliminations:
            return eliminations[0]
        # the largest count offered for each army and kind (whole-army moves are not used)
        moves = {
            (a[1], a[2]): a[3]
            for a in legal
            if a[0] == "move"
            and a[2] != "army"
            and (b.key, a[1], a[2]) not in self._failed
            and (b.key, a[1]) not in self._received
        }
        if b.fog_allied:
            gather = self._gather(b, moves)
            if gather is not None:
                return gather
        else:
            # armies able to invade keep their amphibious points and stay in their port;
            # the others' amphibious points fight better as infantry
            converts = [a for a in legal if a[0] == "convert" and not _in_port(b.armies[a[1]])]
            if converts:
                return converts[0]
        guard = self._guard(b, moves)
        if guard is not None:
            return guard
        for (army_id, kind), _count in sorted(moves.items(), key=lambda x: (x[0][1] != "mechanized", x[0])):
            army = b.armies[army_id]
            if b.is_front(army["at"]) or _invader(army):
                continue
            # an army with amphibious points in a port sheds its other points until it
            # is half amphibious, and then waits there to invade (Invasion Procedure 2)
            excess = 99
            if kind == "amphibious" and b.fog_allied:
                continue  # the Allies gather them in their invasion ports (_gather)
            if _in_port(army):
                if kind == "amphibious":
                    continue
                sp = army["sp"]
                excess = int(sp["infantry"]) + int(sp["mechanized"]) - int(sp["amphibious"])
            dest = self._destination(b, army, 1)
            if dest is not None:
                room = dest[1]
                count = min(moves[(army_id, kind)], room, excess, b.spare(army))
                if count > 0:
                    self._plan = (army_id, kind, count, dest[0])
                    return ("move", army_id, kind, count)
        return ("end_movement",)

    def _guard(self, b: Board, moves: dict[tuple[str, str], int]) -> Action | None:
        """The Axis garrisons its capitals against the invasions it sees coming (Berlin
        first): points of armies away from the front, infantry first and the nearest
        first, go to the capital until its defence reaches the threat and one more."""
        for place, want in b.guard.items():
            short = want - b.defence(place)
            room = 10 - b.stacks.get(place, 0)
            if short <= 0 or room <= 0:
                continue
            mine = b.at(place, b.me)
            if mine:
                dest: Action = ("to_army", max(mine, key=lambda a: (a["strength"], a["id"]))["id"])
            elif any(a["at"] is None and a["side"] == b.me for a in b.armies.values()):
                dest = ("to_place", place)
            else:
                continue
            near = _distances(b.scenario, frozenset({place}))
            sources = []
            for (army_id, kind), have in moves.items():
                army = b.armies[army_id]
                at = army["at"]
                if at == place or b.is_front(at) or _invader(army) or place not in b.reachable(at):
                    continue
                count = min(have, short, room, b.spare(army))
                if count > 0:
                    sources.append((kind != "infantry", near.get(at, 99), army_id, kind, count))
            if sources:
                _, _, army_id, kind, count = min(sources)
                return self._order(army_id, kind, count, dest)
        return None

    def _gather(self, b: Board, moves: dict[tuple[str, str], int]) -> Action | None:
        """The Fall of Germany, the Allies: in each staging port one army gathers an
        invasion force of about five amphibious points and as many others, mechanized
        first (Invasion Procedure 2: at least half amphibious; Invasion Advance 2: the
        amphibious points and as many others count). Other points there leave it."""
        for port in b.staging:
            invader = b.invader_at(port)
            if invader is None:
                continue
            sp = invader["sp"]
            amphibious, others = int(sp["amphibious"]), int(sp["infantry"]) + int(sp["mechanized"])
            room = 10 - b.stacks.get(port, 0)
            # other armies in the port: their amphibious points join, the rest leave
            for army in b.at(port, b.me):
                if army["id"] == invader["id"]:
                    continue
                for kind in ("amphibious", "infantry", "mechanized"):
                    count = moves.get((army["id"], kind), 0)
                    if count and kind == "amphibious":
                        return self._order(army["id"], kind, count, ("to_army", invader["id"]))
                    if count:
                        out = self._park(b, army, count)
                        if out is not None:
                            return self._order(army["id"], kind, count, out)
            # too many others to invade: infantry leaves first
            for kind in ("infantry", "mechanized"):
                excess = min(others - amphibious, moves.get((invader["id"], kind), 0))
                if excess > 0:
                    out = self._park(b, invader, excess)
                    if out is not None:
                        return self._order(invader["id"], kind, excess, out)
            # amphibious points from anywhere else, then mechanized ones from the rear
            want = {"amphibious": AMPHIBIOUS_GOAL + 1 - amphibious, "mechanized": amphibious - others}
            for kind, need in want.items():
                for (army_id, k), have in sorted(moves.items()):
                    army = b.armies[army_id]
                    if k != kind or army["at"] in b.staging:
                        continue
                    if kind == "mechanized" and (b.is_front(army["at"]) or army["sp"]["amphibious"]):
                        continue
                    count = min(have, need, room)
                    if count > 0 and army["at"] in b.reachable(port):
                        return self._order(army_id, kind, count, ("to_army", invader["id"]))
        return None

    def _park(self, b: Board, army: dict[str, Any], count: int) -> Action | None:
        """Where points leaving an invasion port go: the front if they can reach it,
        else another army (or a new one) outside the staging ports."""
        dest = self._destination(b, army, count)
        if dest is not None:
            return dest[0]
        places = sorted(p for p in b.reachable(army["at"]) if p not in b.staging)
        for p in places:
            mine = b.at(p, b.me)
            if mine and 10 - b.stacks.get(p, 0) >= count:
                return ("to_army", mine[0]["id"])
        if places and any(a["at"] is None and a["side"] == b.me for a in b.armies.values()):
            return ("to_place", places[0])
        return None

    def _order(self, army_id: str, kind: str, count: int, dest: Action) -> Action:
        self._plan = (army_id, kind, count, dest)
        return ("move", army_id, kind, count)

    def _destination(self, b: Board, source: dict[str, Any], count: int) -> tuple[Action, int] | None:
        """Where points of `source` should go: (move_to action, room there). French
        points stay apart from the other Allied armies (Activity Limitations 8)."""
        nation = source.get("nation", "")
        spare = any(
            a["at"] is None and a["side"] == b.me and a.get("nation", "") == nation for a in b.armies.values()
        )
        for _, p in self._front_spots(b, source):
            room = 10 - b.stacks.get(p, 0)
            if room < count:
                continue
            here = [a for a in b.at(p, b.me) if a["id"] != source["id"]]
            mine = [a for a in here if a.get("nation", "") == nation]
            if len(mine) < len(here) and not b.g.is_box(p):
                continue
            if mine:
                return ("to_army", max(mine, key=lambda a: a["sp"]["mechanized"])["id"]), room
            if spare:
                return ("to_place", p), room
        return None

    def _move_to(self, b: Board, legal: list[Action]) -> Action:
        source = b.armies[b.frame["army"]]
        plan, self._plan = self._plan, None
        if plan is not None and plan[:3] == (source["id"], b.frame["kind"], b.frame["count"]):
            dest: Action | None = plan[3]
        else:
            found = self._destination(b, source, int(b.frame["count"]))
            dest = found[0] if found is not None else None
        if dest is not None and dest in legal:
            if dest[0] == "to_army":
                self._received.add((b.key, dest[1]))
            return dest
        # not reachable after all (a sea's limit, a cut route): not asked again this turn
        self._failed.add((b.key, source["id"], b.frame["kind"]))
        return ("cancel",)

    # -- combat
    def _announce(self, b: Board, legal: list[Action]) -> Action:
        best: tuple[float, Action] | None = None
        invasion = self._invasion(b, legal)
        if invasion is not None:
            return invasion
        for a in legal:
            if a[0] != "attack" or not b.is_target(a[2]):
                continue
            army = b.armies[a[1]]
            defence = b.defence(a[2])
            after = max(0, defence - (2 if army["strength"] >= 6 and b.at(a[2]) else 0))
            limit = b.advance_limit(army, a[2], after)
            if limit < b.fair:
                continue
            score = limit + 2.0 * b.progress(army["at"], a[2]) - 0.1 * len(self._rivals(b, a[2], legal))
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best else ("end_announce",)

    def _invasion(self, b: Board, legal: list[Action]) -> Action | None:
        """The invasion with the best landing odds toward the goal, if they are fair;
        the Allies of The Fall of Germany go for Berlin when its fall would crown
        them, else for the production they need to outweigh the Soviets."""
        best: tuple[float, Action] | None = None
        for a in legal:
            if a[0] not in ("invade", "amphibious_advance") or not b.is_target(a[2]):
                continue
            army, target = b.armies[a[1]], a[2]
            limit = b.landing_limit(army, target, extend=a[0] == "invade")
            if b.fog_allied:
                need = BERLIN_LIMIT if target == b.berlin else LANDING_LIMIT
                score = limit + (100.0 if target == b.berlin else 3.0 * b.g.production[target])
                if target in b.closed and _route_steps(army["at"], b.berlin, b.closed) >= 10**6:
                    score += 50.0  # Sea Route 4: the narrow (the Sound) that bars the way to Berlin
                score -= 0.5 * b.dist.get(target, 99)
            else:
                need, score = b.fair, limit - 0.1 * b.dist.get(target, 99)
            if limit < need:
                continue
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best else None

    def _invasion_attack(self, b: Board, legal: list[Action]) -> Action:
        """Every fleet that may sails with the invasion (its points fire at the coastal
        air and then at the target); the amphibious points always assault."""
        if ("assault",) in legal:
            return ("assault",)
        return max(legal, key=len)

    def _intercept(self, b: Board, legal: list[Action]) -> Action:
        """Intercept with the strongest fleet: the invader's losses come off its landing
        strength, while a beaten interceptor only goes back to port."""
        fleets = [a for a in legal if a[0] == "intercept"]
        if not fleets:
            return ("no_interception",)
        return max(fleets, key=lambda a: (int(b.fleets[a[1]]["sp"]), a[1]))

    def _rivals(self, b: Board, target: Place, legal: list[Action]) -> list[Action]:
        return [a for a in legal if a[0] == "attack" and a[2] == target]

    def _defend(self, b: Board, legal: list[Action]) -> Action:
        # every army that may, and a fort that may fire alone does (Forts On Combat 1)
        return max(legal, key=lambda a: (a[0] == "defensive_assault", len(a)))

    def _lose(self, b: Board, legal: list[Action]) -> Action:
        def cost(a: Action) -> tuple[int, int]:
            if a[0] == "lose_fort":
                return (2, 0)  # a fort point costs five to rebuild and absorbs every turn
            army = b.armies[a[1]]
            return (0 if a[2] == "infantry" else 1, army["sp"]["mechanized"])

        return min(legal, key=cost)

    def _assault(self, b: Board, legal: list[Action]) -> Action:
        assaults = [a for a in legal if a[0] == "assault"]
        return max(assaults, key=len) if assaults else ("to_advances",)

    def _advance(self, b: Board, legal: list[Action]) -> Action:
        for a in legal:
            if a[0] == "advance":
                army = b.armies[a[1]]
                target = (army.get("status") or {}).get("target")
                if target is not None and b.advance_limit(army, target) >= 1:
                    return a
        return ("to_exploitation",)

    def _exploit(self, b: Board, legal: list[Action]) -> Action:
        best: tuple[float, Action] | None = None
        if b.fog_allied:  # Amphibious Advance: an invader ashore may go on by sea
            landing = self._invasion(b, legal)
            if landing is not None:
                return landing
        for a in legal:
            if a[0] != "exploit" or not b.is_target(a[2]):
                continue
            army = b.armies[a[1]]
            defence = b.defence(a[2])
            may_assault = b.at(a[2]) and not (army.get("status") or {}).get("assaulted")
            after = max(0, defence - (2 if may_assault else 0))
            limit = b.advance_limit(army, a[2], after)
            if limit < b.fair:
                continue
            current = 1.0 if a[1] == b.frame.get("current") else 0.0
            score = limit + 2.0 * b.progress(army["at"], a[2]) + current
            if best is None or score > best[0]:
                best = (score, a)
        if best:
            return best[1]
        if ("end_combat",) in legal:
            return ("end_combat",)
        # an overstacked hex must be left: the likeliest advance out, friendly hexes first
        exploits = [a for a in legal if a[0] == "exploit"]
        return max(exploits, key=lambda a: b.advance_limit(b.armies[a[1]], a[2]))

    def _retreat(self, b: Board, legal: list[Action]) -> Action:
        def safety(a: Action) -> int:
            return sum(1 for n in b.g.links[a[1]] if b.owner.get(n) == b.me)

        return max(legal, key=safety)

    # -- production
    def _produce(self, b: Board, legal: list[Action]) -> Action:
        if b.fog_allied:
            build = self._invasion_builds(b, legal)
            if build is not None:
                return build
        # before buying: a stronger Soviet front helps toward Berlin, unless the Soviets
        # are rivals whose production can rob the Allies of the win (three players)
        if ("lend_lease",) in legal and not (b.fog_allied and not b.two_player):
            return ("lend_lease",)
        if ("lend_lease_france",) in legal and self._lend_to_france(b, legal):
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
        if b.defence(b.berlin) < b.guard.get(b.berlin, 0):
            own = [("build", "infantry", "army", a["id"]) for a in b.at(b.berlin, b.me)]
            for build in [*sorted(own), ("build", "infantry", "place", b.berlin)]:
                if build in legal:
                    return build
        build = self._narrows_build(b, legal)
        if build is not None:
            return build
        builds = [a for a in legal if a[0] == "build"]
        for kind in (want, "infantry", "mechanized"):
            options = [a for a in builds if a[1] == kind]
            if options:
                return min(options, key=lambda a: self._build_rank(b, a))
        repairs = [a for a in legal if a[0] == "repair"]
        return repairs[0] if repairs else ("end_production",)

    def _narrows_build(self, b: Board, legal: list[Action]) -> Action | None:
        """A control hex guarded for Berlin's sake (the Sound) and short of its garrison,
        counting the points already waiting next to it away from the front: infantry
        in the production place nearest it, for the movement to bring over (points are
        built only in the home country, Building Strength Points 3)."""
        for hex_ in b.narrows:
            waiting = sum(
                int(a["strength"])
                for n in b.g.links.get(hex_, ())
                if not b.is_front(n)
                for a in b.at(n, b.me)
            )
            if b.defence(hex_) + waiting >= b.guard[hex_]:
                continue
            near = _distances(b.scenario, frozenset({hex_}))
            options = [a for a in legal if a[0] == "build" and a[1] == "infantry"]
            ranked = sorted((near.get(placed_at(b.armies, a) or "", 99), a) for a in options)
            if ranked:
                return ranked[0][1]
        return None

    def _invasion_builds(self, b: Board, legal: list[Action]) -> Action | None:
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

    def _lend_to_france(self, b: Board, legal: list[Action]) -> bool:
        """Activity Limitations 1, 4 (Campaign Game I): Allied points go to France when
        the Allied budget can buy nothing more, or France builds nearer the goal than
        the best Allied build (French armies stand apart, G17.8, so France's own points
        are what fills its front)."""
        sites = _french_sites(b)
        if not sites:
            return False  # France could build nothing with them (counters or hexes full)
        ours = [a for a in legal if a[0] == "build" and not _french_build(b, a)]
        if not ours:
            return True
        best = min(self._build_rank(b, a)[0] for a in ours)
        return min(b.dist.get(p, 99) for p in sites) < best

    def _build_rank(self, b: Board, a: Action) -> tuple[int, int]:
        place = b.armies[a[3]]["at"] if a[2] == "army" else a[3]
        return (b.dist.get(place, 99), 0 if a[2] == "army" else 1)


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


def _french_build(b: Board, a: Action) -> bool:
    """Is this build paid from France's budget (a French army or counter)?"""
    return a[2] == "french" or (a[2] == "army" and bool(b.armies[a[3]].get("nation")))


def _berlin_share(view: View, me: str, berlin: Place | None) -> float:
    """`me`'s share of the win (Three Players 4-5: sides tied at the highest level share
    it) if the game ended now, with Berlin fallen to `me` (None: as it stands)."""
    board = view["board"]
    owner = board["owner"] if berlin is None else {**board["owner"], berlin: me}
    data = {
        "scenario": view["scenario"],
        "owner": owner,
        "politics": board.get("politics"),
        "turn": board["turn_index"],
        "turns": board["turns"],
    }
    levels = {s: level(data, s) for s in load_scenario(view["scenario"]).sides}
    best = max(levels.values())
    top = [s for s, n in levels.items() if n == best and best > 0]
    return 1 / len(top) if me in top else 0.0


def _fog_berlin_wins(view: View, berlin: Place) -> bool:
    """The Fall of Germany Victory Conditions 3-4: would the Allies win (the Soviets
    producing less than two thirds of the Allied total) if Berlin fell to them now?"""
    data = {"scenario": view["scenario"], "owner": {**view["board"]["owner"], berlin: "allied"}}
    return not soviet_outproduces(data)


@cache
def _route_steps(origin: Place, target: Place, closed: frozenset[Place]) -> int:
    """Steps of the shortest sea route (Invasion Procedure 3; Sea Route 4), as the
    rules count them."""
    path = load_map().sea_route(origin, target, closed=closed)
    return route_steps(path) if path else 10**6  # Sea Route 7: the northern rows at half


@cache
def _capitals() -> frozenset[Place]:
    """The hexes with a capital star."""
    hmap = load_map()
    return frozenset(h for h in hmap.hexes if hmap.has_feature(h, "capital"))


def _control_hexes_held(owner: dict[Place, str], side: str) -> list[Place]:
    """The sea-route control hexes (Sea Route 3-4) `side` holds."""
    return [h for h in control_hexes() if owner.get(h) == side]


def _is_port(place: Place) -> bool:
    return place in load_map() and load_map().is_port(place)


def _invader(army: dict[str, Any]) -> bool:
    """Invasion Procedure 2: at least half of the army's points are amphibious."""
    amphibious = int(army["sp"]["amphibious"])
    return amphibious > 0 and 2 * amphibious >= int(army["strength"])


def _in_port(army: dict[str, Any]) -> bool:
    """An army with amphibious points in a port: a would-be invader."""
    at = army["at"]
    return bool(army["sp"]["amphibious"]) and at is not None and at in load_map() and load_map().is_port(at)


def make_heuristic(seed: int) -> HgwHeuristic:
    """The Hitler's Global War heuristic agent, seeded (grognard.agents.registry calls this)."""
    return HgwHeuristic(seed)
