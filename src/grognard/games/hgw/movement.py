"""The Movement Phase: strategic redeployment of strength points (Movement 1-9;
Stacking 1-6).

Points, not armies, move: a move takes some points of one kind from an army and puts
them into another army, or into a new army taken from the record sheet, anywhere the
side can reach through a connected chain of its friendly places (Movement 2). An army
left empty goes back to the sheet (Movement 5). A move is two questions: what to take
(`("move", army, kind, count)`, or `("move", army, "army", strength)` for the whole army
with its counter) and where (`move_to`), so that the legal lists stay short on a map of
hundreds of hexes.

From The Fall of Germany on, points may also cross seas between two coastal places of
their side, within each sea's transport limit for that side per player turn
(Strength Point Movement Across Seas 1-2; `sea_transport` in the scenario file).

Stacking is checked as points arrive: a move that would put more than ten points in a
hex is not offered (Stacking 1), and the phase cannot end while a hex is over the
limit, which only an advance can cause (Advance Resolution 12); the player then moves
points out or eliminates some (Stacking 4). French points never go to a place holding
other Allied armies nor into another nation's army (Activity Limitations 8, nations.py).
Amphibious points may be turned into infantry, one at a time and never back
(Amphibious Strength Points 3).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, call, end, goto

from . import leaders, strategic_moves
from .across_water import why_not_join
from .board import (
    Data,
    armies_at,
    armies_by_place,
    drop_marker,
    fixed_points_at,
    free_army,
    geo,
    left,
    on_board,
    over_limit,
    points,
    remove_points,
    stack,
    stacked,
    strength,
)
from .china import in_china, is_chinese
from .ferry import ferry, ferry_destinations
from .geography import CAPE_CONTROL, Place
from .home_forces import movable_home, start_move
from .italian_army import confined_to_italy, may_move_to
from .layout import placed
from .limitations import confined_to, sea_limits
from .nations import may_enter, may_join, nation
from .optional import has_option
from .route_memo import RouteMemo, room_class
from .scenario import BOX, KINDS, load_scenario
from .sea_transport import cross
from .shipping_counters import charge, in_play
from .shipping_counters import room as shipping_room

if TYPE_CHECKING:
    from .state import HgwState

WHOLE = "army"  # the "kind" of a move that takes a whole army


def sea_room(data: Data, side: str, sea: str) -> int | None:
    """Strength Point Movement Across Seas 1: how many more points `side` may carry over
    `sea` this player turn (None: no limit; 0: none at all)."""
    return sea_rooms(data, side)(sea)


def sea_rooms(data: Data, side: str) -> Callable[[str], int | None]:
    """`sea_room` of any sea for `side` now, the limits read once for all the seas a
    search asks about (the game must not change while it is used)."""
    if in_play(data):  # Campaign Game II: the shipping counters (Shipping 1, 9)
        return lambda sea: shipping_room(data, side, sea)
    limits = sea_limits(data, side)  # with Italy 4-5 in Campaign Game I
    used = data.get("sea_moves", {})

    def room(sea: str) -> int | None:
        if sea not in limits:
            return 0
        limit = limits[sea]
        if limit < 0:
            return None
        return max(0, limit - int(used.get(sea, 0)))

    return room


def box_lanes(data: Data, side: str) -> dict[Place, str]:
    """Strength Point Movement Across Seas 1 (Atlantic): the lanes with a limit of their
    own, by the box places at their ends (to and from the U.S. or Canada box). A sea
    move that starts or ends in such a place is charged to its lane like a sea
    (`sea_room`, `carry`)."""
    lanes = load_scenario(data["scenario"]).box_lanes.get(side, {})
    if not lanes:
        return {}
    return {p: lane for p, box in geo(data).box_at.items() for lane, boxes in lanes.items() if box in boxes}


Leg = tuple[str, Place, Place]  # a sea crossing: (sea, embarking place, landing place)


def routes(data: Data, start: Place, side: str, count: int = 1) -> dict[Place, tuple[str, ...]]:
    """Movement 2 and Strength Point Movement Across Seas 1-2: every friendly place that
    `count` points at `start` can reach through friendly places, crossing any sea whose
    transport limit still has room for them (from a coastal place of the side to any
    other on that sea's coast), with the seas each route crosses. Routes over land or
    unlimited seas are preferred, so that a limited sea is used only when needed."""
    return {p: seas for p, (seas, _) in _search(data, start, side, count).items()}


def sea_legs(data: Data, start: Place, side: str, count: int = 1) -> dict[Place, tuple[Leg, ...]]:
    """The sea crossings of each route of `routes` (Shipping 10: where each is met)."""
    return {p: legs for p, (_, legs) in _search(data, start, side, count).items()}


Found = dict[Place, tuple[tuple[str, ...], tuple[Leg, ...]]]  # place: (seas, legs)
_MEMO: RouteMemo[Found] = RouteMemo()  # route_memo.py: reused only when nothing read changed


def _search(data: Data, start: Place, side: str, count: int) -> Found:
    """`routes` and `sea_legs` of one search; the same search again (the moves of an
    army listed, then the chosen one applied) is answered from the memo. The result is
    shared: callers copy what they hand out and never change it."""
    owner = data["owner"]
    shut = owner.get(CAPE_CONTROL) != side and not has_option(data, "naval_action")  # N1.1
    key = (str(data["scenario"]), side, start, shut)
    read_room = sea_rooms(data, side)
    found = _MEMO.get(key, owner, lambda sea: room_class(read_room(sea), count))
    if found is None:
        rooms: dict[str, int | None] = {}
        found = _walk(data, start, side, count, shut, read_room, rooms)
        _MEMO.put(key, owner, tuple((sea, room_class(r, count)) for sea, r in rooms.items()), found)
    return found


def _walk(
    data: Data,
    start: Place,
    side: str,
    count: int,
    shut: bool,
    read_room: Callable[[str], int | None],
    rooms: dict[str, int | None],
) -> Found:
    """The search itself, reading rooms with `read_room` (`sea_rooms`); `rooms` receives
    the room of every sea it looked at."""
    g = geo(data)
    owner = data["owner"]
    lanes = box_lanes(data, side)
    best: dict[Place, int] = {start: 0}  # each place's cost: the limited seas crossed
    found: Found = {start: ((), ())}  # and its route: the seas crossed, the crossings
    queue: deque[Place] = deque([start])
    done: set[Place] = set()
    # Seas already crossed from a place outside every lane: places pop in order of cost
    # (0-1 search), so crossing the same sea again from a later such place finds nothing
    # cheaper; skipping it keeps the search linear in the coast instead of quadratic.
    crossed: set[str] = set()

    def room_of(sea: str) -> int | None:  # the same from every place of one search
        if sea not in rooms:
            rooms[sea] = read_room(sea)
        return rooms[sea]

    while queue:
        p = queue.popleft()
        if p in done:
            continue
        done.add(p)
        cost = best[p]
        here = found[p]
        seas, legs = here
        # each step is taken as soon as it is found: steps over land first, then by sea
        for n in g.links[p]:
            if owner.get(n) == side and (n not in best or cost < best[n]):
                best[n] = cost
                found[n] = here
                queue.appendleft(n)  # 0-1 search: free steps first
        in_lane = bool(lanes) and p in lanes
        for sea in g.coast_seas.get(p, ()):
            if sea in crossed and not in_lane:
                continue
            room = room_of(sea)
            if (room is not None and room < count) or (shut and g.round_the_cape(sea, p)):
                continue
            if not in_lane:
                crossed.add(sea)
            limited = 0 if room is None else 1
            for n in g.sea_coast[sea]:
                if owner.get(n) != side or (shut and g.round_the_cape(sea, n)):
                    continue  # Sea Route 4: round the Cape only while 4639 is the side's
                lane = lanes.get(p) or lanes.get(n) if lanes else None
                if lane is None:
                    c, route = cost + limited, (*seas, sea)
                elif (lane_room := room_of(lane)) is None or lane_room >= count:
                    c, route = cost + 1, (*seas, sea, lane)
                else:
                    continue
                if n not in best or c < best[n]:
                    best[n] = c
                    found[n] = (route, (*legs, (sea, p, n)))
                    if c == cost:
                        queue.appendleft(n)
                    else:
                        queue.append(n)
    return found


def reachable(data: Data, start: Place, side: str) -> set[Place]:
    """Movement 2: every friendly place joined to `start` through friendly places (and
    across the seas the side may still carry a point over)."""
    return set(routes(data, start, side))


def carry(data: Data, seas: tuple[str, ...], count: int) -> None:
    """Charge the seas a move crossed against their transport limits."""
    used = data.setdefault("sea_moves", {})
    for sea in dict.fromkeys(seas):
        used[sea] = int(used.get(sea, 0)) + count


def can_move(data: Data, army_id: str) -> bool:
    army = data["armies"][army_id]
    if army_id in data["frozen"]:
        return False  # Unsupplied Hexes 3-4
    # Barbarossa special rule 3: the Siberian points stay put on the first turn
    frozen_box = load_scenario(data["scenario"]).siberia.frozen_first_turn
    return not (frozen_box and army["at"] == BOX and data["turn"] == 0)


def overstacked(data: Data, side: str) -> list[Place]:
    at = armies_by_place(data)  # one pass over the armies, not one a place
    places = {placed(data["armies"][a]) for a in on_board(data, side)}
    return sorted(p for p in places if over_limit(p, stack(data, p, at[p])))


def removable_markers(data: Data, side: str) -> list[Place]:
    """Garrisons 6: the side's occupation markers it may lift in its movement phase,
    those of places where none of its armies stands."""
    occupied = {x["at"] for x in data["armies"].values() if x["side"] == side}
    return sorted(p for p, s in data["markers"].items() if s == side and p not in occupied)


def give_up(game: HgwState, side: str, place: Place) -> None:
    """Garrisons 6, our reading of a voluntary removal (docs/hgw-design.md): outside the
    side's own starting territory the place is given up, back to the side that held it
    when the scenario began (or to nobody), its devastation unchanged and without any
    combat; the side's supply routes no longer pass through it and it can no longer be
    lost cut off (Unsupplied Hexes 2). In the side's own territory (a desert, jungle or
    island, whose marker stands for the garrison, Garrisons 3) the place stays the
    side's but without a garrison until an army stands there again."""
    data = game.data
    drop_marker(data, place)
    start = geo(data).start_owner.get(place)
    if start == side:
        game.log(f"{side} lifts its occupation marker in {place} (no garrison there now)")
        return
    if start is None:
        data["owner"].pop(place, None)
    else:
        data["owner"][place] = start
    game.log(f"{side} lifts its occupation marker in {place} and gives it up to {start or 'nobody'}")


class Movement(GameStep["HgwState"]):
    def legal(self, game: HgwState, frame: Frame, role: str) -> list[tuple[Any, ...]]:
        data = game.data
        actions: list[tuple[Any, ...]] = []
        crowded = overstacked(data, role)
        for a in on_board(data, role):
            army = data["armies"][a]
            movable = can_move(data, a)
            if movable:
                actions.append(("move", a, WHOLE, strength(army)))  # the army itself
            for kind in KINDS:
                have = int(army["sp"][kind])
                if movable:
                    actions += [("move", a, kind, n) for n in range(1, have + 1)]
                if have and army["at"] in crowded:
                    actions.append(("eliminate", a, kind))  # Stacking 4
            if army["sp"]["amphibious"]:
                actions.append(("convert", a))  # Amphibious Strength Points 3
        if frame.get("nowhere"):  # points found to go nowhere in this position (MoveTo.apply)
            actions = [x for x in actions if x[0] != "move" or list(x[1:]) not in frame["nowhere"]]
        actions += [("remove_marker", p) for p in removable_markers(data, role)]
        actions += leader_moves(data, role)  # optional rule Leaders 9
        actions += [("move_home", p) for p in movable_home(data, role)]  # Unaligned Forces 6
        actions += strategic_moves.offers(data, role, frame)  # K20.1, K21.2: strategic markers
        if not crowded:
            actions.append(("end_movement",))
        return actions

    def apply(self, game: HgwState, frame: Frame, role: str, action: tuple[Any, ...]) -> None:
        data = game.data
        if action[0] != "move":
            frame.pop("nowhere", None)  # the position changes: a way may open (MoveTo.apply)
        if action[0] == "end_movement":
            game.log(f"{role} ends movement")
            leaders.tidy(game)  # Leaders 9: a leader left alone goes back to the pool
            # Garrisons 6: in the combat phase a hex its armies leave stays without a
            # garrison until the phase ends, so every hex held now is marked
            # (Air Attacks 9: a hex of tac air alone keeps it)
            held = {x["at"] for x in data["armies"].values() if x["at"] and stacked(x)}
            held |= set(data.get("home_forces", {}).get("at", {}))  # Unaligned Forces: as armies
            data["garrison_lost"] = sorted(held)
            goto(data["flow"], "announce", role=role)
            data["phase"] = "combat"
            return
        if action[0] == "remove_marker":
            give_up(game, role, action[1])
            return
        if action[0] == "move_leader":  # optional rule Leaders 9
            leaders.move(game, action[1], action[2])
            return
        if action[0] in strategic_moves.VERBS:  # K20.1, K21.2
            strategic_moves.apply(game, role, frame, action)
            return
        if action[0] == "move_home":
            start_move(game, role, action[1])
            return
        if action[0] == "convert":
            army = data["armies"][action[1]]
            army["sp"]["amphibious"] -= 1
            army["sp"]["infantry"] += 1
            game.log(f"{role} converts one amphibious point of {army['name']} to infantry")
            return
        if action[0] == "eliminate":
            remove_points(data, action[1], action[2])
            name = data["armies"][action[1]]["name"]
            game.log(f"{role} eliminates one {action[2]} point of {name} (overstacked)")
            return
        call(data["flow"], "move_to", role=role, army=action[1], kind=action[2], count=action[3])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']} redeploys strength points through friendly hexes, then ends movement"


def leader_moves(data: Data, role: str) -> list[tuple[Any, ...]]:
    """Leaders 9: a revealed leader goes, like a strength point, to another army of his
    side that a point of his army could reach now and that he may command (no marker on
    it: one a unit). He counts for no stacking and no sea transport."""
    out: list[tuple[Any, ...]] = []
    for source in leaders.revealed_armies(data, role):
        start = data["armies"][source]["at"]
        if start is None or not can_move(data, source):
            continue
        reach = routes(data, start, role, 0)
        out += [
            ("move_leader", source, a)
            for a in leaders.open_units(data, role, leaders.LAND)
            if data["armies"][a]["at"] in reach and leaders.may_command_now(data, source, a)
        ]
    return out


class MoveTo(GameStep["HgwState"]):
    """Where the chosen points go: another army, or a new army in a friendly place."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[tuple[Any, ...]]:
        data = game.data
        source = frame["army"]
        start = placed(data["armies"][source])
        count = frame["count"]
        actions: list[tuple[Any, ...]] = [("cancel",)]
        places = sorted(_search(data, start, role, count))  # `routes`' places
        confine = confined_to(data, source)  # Campaign Game I, Activity Limitations 9
        if confine is not None:
            places = [p for p in places if p in confine]
        italy = confined_to_italy(data, source)  # Italian Army 3
        if italy is not None:
            places = [p for p in places if p in italy]
        if is_chinese(data, source):  # G17.11 (why_not_chinese_enter)
            places = [p for p in places if in_china(p)]
        whole = frame["kind"] == WHOLE
        spare = source if whole else free_army(data, role, nation(data, source))
        at = armies_by_place(data)  # one pass over the armies, not one a place
        fixed = fixed_points_at(data)
        moving = stacking_points(data, source, frame["kind"], count)
        for p in places:
            if whole and p == start:
                continue
            arriving = 0 if p == start else moving
            there = at.get(p, [])
            held = stack(data, p, there) if there or p in fixed else 0
            if over_limit(p, held + arriving):
                continue  # Stacking 1
            if there and not may_enter(data, source, p):
                continue  # Activity Limitations 8 (French apart: only where armies stand)
            for a in (a for a in there if data["armies"][a]["side"] == role):
                # Paradrop Across Water 2: paratroop and amphibious points never in one army
                mixed = why_not_join(data, source, frame["kind"], a)
                # Italian Army 3: nothing joins the Italian Army outside Italian territory
                italian = may_move_to(data, a, p)
                if a != source and may_join(data, source, a) and mixed is None and italian:
                    actions.append(("to_army", a))
            if spare is not None:
                actions.append(("to_place", p))
        if frame["kind"] == "tac_air":  # Tac Air Abilities 1: ferried to an army
            for p in sorted(ferry_destinations(data, role, source)):
                joins = [("to_army", a) for a in armies_at(data, p, role) if may_join(data, source, a)]
                actions += [j for j in joins if j not in actions]
        return actions

    def apply(self, game: HgwState, frame: Frame, role: str, action: tuple[Any, ...]) -> None:
        data = game.data
        movement = data["flow"][-2] if len(data["flow"]) > 1 else {}
        stuck = action[0] == "cancel" and movement.get("state") == "movement"
        if stuck and self.legal(game, frame, role) == [action]:
            # M1.1 a player moves any, some or none of his points; points that can go nowhere
            # (Activity Limitations 8 and 9, Stacking 1, no route) are not offered again
            # until the position changes: without this, a player that picks them again
            # and again (a search did) never ends its turn
            movement.setdefault("nowhere", []).append([frame["army"], frame["kind"], frame["count"]])
        elif action[0] != "cancel":
            movement.pop("nowhere", None)  # points moved: a way may open
        if action[0] != "cancel":
            source, kind, count = frame["army"], frame["kind"], frame["count"]
            start = placed(data["armies"][source])
            destination = action[1] if action[0] == "to_place" else placed(data["armies"][action[1]])
            ferried = ferry_destinations(data, role, source) if kind == "tac_air" else {}
            if action[0] == "to_army" and destination in ferried:  # no sea transport
                arrive = ferry(game, role, action[1], ferried[destination], count)
                remove_points(data, source, kind, count)
                left(data, start)
                data["armies"][action[1]]["sp"][kind] += arrive
                end(data["flow"])
                return
            seas, legs = _search(data, start, role, count)[destination]
            if seas:
                carry(data, seas, count)
                game.log(f"{points(count)} cross the {', the '.join(seas)}")
            if seas and in_play(data):  # Campaign Game II: Shipping 1, 10
                charge(data, role, seas, count)
                lost = cross(game, role, legs, count)
                if lost:
                    count -= _sunk(game, role, source, kind, lost)
                    if count <= 0 or data["armies"][source]["at"] is None:
                        left(data, start)
                        end(data["flow"])
                        return
            if kind == WHOLE:
                _move_whole(game, role, source, action)
                end(data["flow"])
                return
            if action[0] == "to_army":
                target = action[1]
            else:
                spare = free_army(data, role, nation(data, source))
                assert spare is not None  # offered only with a spare counter
                target = spare
                data["armies"][target]["at"] = action[1]
            data["armies"][target]["sp"][kind] += count
            start = placed(data["armies"][source])
            remove_points(data, source, kind, count)
            left(data, start)
            dest = data["armies"][target]
            game.log(f"{role} moves {points(count, kind)} from {start} to {dest['name']} in {dest['at']}")
        end(data["flow"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        if frame["kind"] == WHOLE:
            return f"{frame['role']}: where does {frame['army']} go?"
        return f"{frame['role']}: where do {frame['count']} {frame['kind']} points of {frame['army']} go?"


def _sunk(game: HgwState, role: str, source: str, kind: str, lost: int) -> int:
    """Shipping 10: the transported points sunk at sea come off the moving army before
    it lands (a whole army's in the record sheet's order, infantry first: our reading
    of the owner's choice); returns the points still moving."""
    data = game.data
    army = data["armies"][source]
    start = placed(army)
    if kind != WHOLE:
        remove_points(data, source, kind, lost)
        game.log(f"{role} loses {points(lost, kind)} of {army['name']} at sea")
        return lost
    for k in KINDS:
        take = min(lost, int(army["sp"][k]))
        if take:
            remove_points(data, source, k, take)
            lost -= take
    game.log(f"{role} loses points of {army['name']} at sea")
    if army["at"] is None:
        left(data, start)
    return 0


def stacking_points(data: Data, source: str, kind: str, count: int) -> int:
    """The moving points the stacking limit counts: none of tac air (Tac Air Abilities 2)."""
    if kind == WHOLE:
        return stacked(data["armies"][source])
    return 0 if kind == "tac_air" else count


def _move_whole(game: HgwState, role: str, source: str, action: tuple[Any, ...]) -> None:
    """The whole army moves: its counter to a friendly place, or every point into
    another army there (which returns this counter to the record sheet)."""
    data = game.data
    army = data["armies"][source]
    start = placed(army)
    if action[0] == "to_place":
        army["at"] = action[1]
        left(data, start)
        game.log(f"{role} moves {army['name']} from {start} to {action[1]}")
        return
    target = data["armies"][action[1]]
    for kind in KINDS:
        target["sp"][kind] += army["sp"][kind]
        if army["sp"][kind]:
            remove_points(data, source, kind, army["sp"][kind])
    left(data, start)
    game.log(f"{role} moves all of {army['name']} from {start} into {target['name']} in {target['at']}")
