"""The heuristic Hitler's Global War player's movement (ai.py): thin overstacked
hexes, garrison the capitals it guards, gather the Allied invasion armies, and feed
the front; then where arriving points go. A move is asked in two steps (`movement`
picks the points, `move_to` their destination), so `Movement` remembers the plan
between them, and for the rest of the player turn the moves that could not be made
and the armies that received points."""

from __future__ import annotations

from typing import Any

from grognard.core.game import Action

from .actions import args
from .ai_board import AMPHIBIOUS_GOAL, Board, distances, in_port, is_invader
from .ai_pacific import keeps_counter
from .geography import Place

Key = tuple[Any, ...]


class Movement:
    def __init__(self) -> None:
        # the destination chosen with the last move (asked for in the `move_to` step),
        # and the moves whose destination turned out unreachable this player turn
        self._plan: tuple[Any, ...] | None = None
        self._failed: set[Key] = set()
        # armies that received points this player turn give none away (no back and forth)
        self._received: set[Key] = set()

    def give_up(self, key: Key, army: str, kind: str) -> None:
        """The points chosen can go nowhere: not asked again this player turn."""
        self._failed.add((key, army, kind))

    def turn(self, key: Key) -> None:
        """A new player turn (`key`): the marks of the last one are spent."""
        self._failed = {k for k in self._failed if k[0] == key}
        self._received = {k for k in self._received if k[0] == key}

    def _front_spots(self, b: Board, source: dict[str, Any]) -> list[tuple[int, Place]]:
        spots = []
        for p in b.reachable(source["at"]):
            if p != source["at"] and b.is_front(p):
                spots.append((b.dist.get(p, 99), p))
        return sorted(spots)

    def choose(self, b: Board, legal: list[Action]) -> Action:
        self._plan = None
        eliminations = [a for a in legal if a[0] == "eliminate"]
        eliminations.sort(key=lambda a: args(a)["kind"] != "infantry")
        if eliminations:
            return eliminations[0]
        # the largest count offered for each army and kind (whole-army moves are not used)
        offered = [args(a) for a in legal if a[0] == "move"]
        moves = {
            (x["army"], x["kind"]): x["count"]
            for x in offered
            if x["kind"] != "army"
            and (b.key, x["army"], x["kind"]) not in self._failed
            and (b.key, x["army"]) not in self._received
        }
        if b.fog_allied:
            gather = self._gather(b, moves)
            if gather is not None:
                return gather
        else:
            # armies able to invade keep their amphibious points and stay in their port;
            # the others' amphibious points fight better as infantry
            converts = [a for a in legal if a[0] == "convert" and not in_port(b.armies[args(a)["army"]])]
            if converts:
                return converts[0]
        guard = self._guard(b, moves)
        if guard is not None:
            return guard
        for (army_id, kind), _count in sorted(moves.items(), key=lambda x: (x[0][1] != "mechanized", x[0])):
            army = b.armies[army_id]
            if b.is_front(army["at"]) or is_invader(army):
                continue
            # an army with amphibious points in a port sheds its other points until it
            # is half amphibious, and then waits there to invade (Invasion Procedure 2)
            excess = 99
            if kind == "amphibious" and b.fog_allied:
                continue  # the Allies gather them in their invasion ports (_gather)
            if in_port(army):
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
            near = distances(b.scenario, frozenset({place}))
            sources = []
            for (army_id, kind), have in moves.items():
                army = b.armies[army_id]
                at = army["at"]
                if at == place or b.is_front(at) or is_invader(army) or place not in b.reachable(at):
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

    def offered(self, b: Board, legal: list[Action]) -> dict[tuple[str, str], int]:
        """The largest count offered for each (army, kind) that may still move this turn
        (kind "army": the whole army, counter and all)."""
        return {
            (x["army"], x["kind"]): x["count"]
            for x in (args(a) for a in legal if a[0] == "move")
            if (b.key, x["army"], x["kind"]) not in self._failed
            and (b.key, x["army"]) not in self._received
        }

    def order(self, army_id: str, kind: str, count: int, dest: Action) -> Action:
        """A move planned by another chooser (The Pacific War's counters): its
        destination is given in the `move_to` step."""
        return self._order(army_id, kind, count, dest)

    def _order(self, army_id: str, kind: str, count: int, dest: Action) -> Action:
        self._plan = (army_id, kind, count, dest)
        return ("move", army_id, kind, count)

    def _destination(self, b: Board, source: dict[str, Any], count: int) -> tuple[Action, int] | None:
        """Where points of `source` should go: (move_to action, room there). French
        points stay apart from the other Allied armies (Activity Limitations 8)."""
        nation = source.get("nation", "")
        spare = any(
            a["at"] is None and a["side"] == b.me and a.get("nation", "") == nation for a in b.armies.values()
        ) and not keeps_counter(b, source)  # The Pacific War: a counter kept for the next invasion army
        for _, p in self._front_spots(b, source):
            # the stacking limit, and the seas' room on the way (Shipping 1, 9)
            room = min(10 - b.stacks.get(p, 0), b.sea_room(source["at"], p))
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

    def move_to(self, b: Board, legal: list[Action]) -> Action:
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


def arrive(b: Board, legal: list[Action]) -> Action:
    """Arriving points ("place", kind, place): on the country's front if it has one,
    together with the side's armies there (one counter for the force), else nearest
    the side's goals; mechanized first."""

    def rank(a: Action) -> tuple[bool, bool, int, bool, str]:
        x = args(a)  # ("place", kind, place)
        p = x["place"]
        return (not b.is_front(p), not b.at(p, b.me), b.dist.get(p, 999), x["kind"] != "mechanized", str(p))

    return min(legal, key=rank)
