"""Supply (Line of Supply 1-7; Unsupplied Hexes 1-4).

A route runs from an army or hex through an unbroken chain of the side's friendly
places to a friendly undevastated production point: any one for *defense supply*, one
in a home country for *full supply*. We search outward from the sources: a place is
reached when it touches a place the route may pass through, and a reached place lets
the route pass on only if the terrain lets a route leave it that way (Line of Supply
5-7, `Geography.leaves_for_supply`). A place holding a point is always in defense
supply (Line of Supply 3).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from .board import Data, armies_at, capture, eliminate, geo, opponents, production_of
from .forts import destroy as destroy_fort
from .forts import fort_side
from .geography import CAPE_CONTROL, Place
from .italian_army import east_african_supply
from .limitations import box_producing, supply_seas
from .map import hex_distance
from .nations import french_place, french_split, is_french
from .neutrality import at_war
from .optional import has_option
from .ports import has_supply_road
from .scenario import BOX, load_scenario

if TYPE_CHECKING:
    from .state import HgwState


def _sources(
    data: Data, side: str, home_only: bool, allied_only: bool = False, homes: tuple[str, ...] = ()
) -> set[Place]:
    g = geo(data)
    content = load_scenario(data["scenario"])
    homes = homes or (*content.home_countries[side], *content.overseas_supply.get(side, ()))
    found = set()
    owners = data["owner"]
    for place in g.may_produce:
        if owners.get(place) != side:
            continue
        if place == BOX:
            # the box is Soviet home land with production (Barbarossa special rule 4);
            # it feeds supply while undevastated, whatever its points add to the budget
            if not data["devastated"].get(BOX):
                found.add(place)
            continue
        producing = production_of(data, place) or (place in g.box_at and box_producing(data, side, place))
        if allied_only and french_place(data, place):
            continue  # Activity Limitations 8: French routes supply no other Allied army
        if producing and (not home_only or g.country[place] in homes):
            found.add(place)
    # Invasion Procedure 4: a landed invader traces supply to its hex for the ensuing
    # game turn, as if the hex were a source of its own side
    for place, head in data.get("beachheads", {}).items():
        current = int(head["until"]) >= int(data["turn"])
        if head["side"] == side and current and data["owner"].get(place) == side:
            found.add(place)
    return found


# the state a listing reads and what it has traced there: see `traced_once`
_ONCE: ContextVar[tuple[Data, dict[tuple[Any, ...], frozenset[Place]]] | None] = ContextVar(
    "supply_traced_once", default=None
)


@contextmanager
def traced_once(data: Data) -> Iterator[None]:
    """Within the block, each supply question about `data` is traced once and its answer
    kept. For a listing of actions, which reads the state and never changes it: a
    production listing asks the same question in its fort and repair offers, its port
    sites, its bombing bases and its coastal air hosts. A block inside another about the
    same state shares its answers."""
    held = _ONCE.get()
    if held is not None and held[0] is data:
        yield
        return
    token = _ONCE.set((data, {}))
    try:
        yield
    finally:
        _ONCE.reset(token)


def supplied_places(
    data: Data,
    side: str,
    *,
    home_only: bool,
    through: frozenset[Place] = frozenset(),
    allied_only: bool = False,
    homes: tuple[str, ...] = (),
) -> set[Place]:
    """Every place of `side` (plus `through`, places it may trace into) that can trace a
    supply route to a source; `home_only` asks for full supply, to the side's home
    countries or only to `homes` if given (Germany's or Italy's own, Activity
    Limitations 1); `allied_only` leaves out the French sources, for Allied armies that
    are not French (Activity Limitations 8: the French may use Allied routes, never the
    reverse)."""
    question = (side, home_only, through, allied_only, homes)
    held = _ONCE.get()
    if held is None or held[0] is not data:
        return _supplied(data, *question)
    answer = held[1].get(question)
    if answer is None:
        answer = held[1][question] = frozenset(_supplied(data, *question))
    return set(answer)  # the caller's own copy


def _supplied(
    data: Data,
    side: str,
    home_only: bool,
    through: frozenset[Place],
    allied_only: bool,
    homes: tuple[str, ...],
) -> set[Place]:
    owner = data["owner"]

    def usable(p: Place) -> bool:
        return owner.get(p) == side or p in through

    sources = _sources(data, side, home_only, allied_only, homes)
    return _trace(data, side, sources, usable, None)


Crossing = tuple[str, Place, Place]  # (sea, the coast it sails from, the coast it lands on)


def sea_chains(data: Data, side: str) -> dict[Place, tuple[Crossing, ...]]:
    """Every place of `side` in full supply with the sea crossings its route takes
    (Supply Route 1-2), the fewest first: () for a place a land route reaches; else the
    crossings from the home side outward, each a (sea, from, to) of places. The reached
    places are `supplied_places(home_only=True)`'s."""
    via: dict[Place, tuple[Crossing, ...]] = {}
    owner = data["owner"]
    _trace(data, side, _sources(data, side, True), lambda p: owner.get(p) == side, via)
    return via


def _trace(
    data: Data,
    side: str,
    sources: set[Place],
    usable: Callable[[Place], bool],
    via: dict[Place, tuple[Crossing, ...]] | None,
) -> set[Place]:
    """The places a route reaches from `sources`; with `via`, each one's crossings. The
    land is searched before any sea is crossed, so a place has a sea in its chain only
    when no land route reaches it (the reached set does not depend on that order)."""
    g = geo(data)
    won = {p for p in data.get("won", ()) if data["markers"].get(p) == side}  # a view has none
    seas = supply_seas(data, side)  # with Italy 4 in Campaign Game I
    shut = data["owner"].get(CAPE_CONTROL) != side and not has_option(data, "naval_action")  # N1.1
    crossed: set[str] = set()
    reached = set(sources)
    passing = deque(sorted(sources))
    coasts: deque[Place] = deque()
    open_ = set(sources)
    if via is not None:
        via.update((p, ()) for p in sources)
    while passing or coasts:
        if passing:
            x = passing.popleft()
            chain = via[x] if via is not None else ()
            for y in g.links[x]:
                if y in open_ or not usable(y):
                    continue  # an open place is reached, its chain known, already queued
                reached.add(y)
                # N12: a supply road lets a route leave its hex whatever the terrain
                if g.leaves_for_supply(y, x, y in won) or has_supply_road(data, y):
                    open_.add(y)
                    passing.append(y)
                    if via is not None:
                        via[y] = chain
                elif via is not None and y not in via:
                    via[y] = chain
            if g.coast_seas.get(x):
                coasts.append(x)
            continue
        x = coasts.popleft()
        chain = via[x] if via is not None else ()
        # Supply Route 1-2: from a coast the route may cross any friendly sea, of any
        # length, to any of the side's places on that sea's coast; a place on two seas
        # (Gibraltar, the Sound, Suez) passes the route on only while it is the side's
        # own, which is Sea Route 4's control of those narrows
        for sea in g.coast_seas[x]:
            if sea not in seas or sea in crossed or (shut and g.round_the_cape(sea, x)):
                continue
            crossed.add(sea)
            for y in g.sea_coast[sea]:
                if shut and g.round_the_cape(sea, y):
                    continue  # Sea Route 4: the Cape is shut while 4639 is not the side's
                if usable(y) and y not in open_:
                    reached.add(y)
                    open_.add(y)
                    passing.append(y)
                    if via is not None:
                        via[y] = (*chain, (sea, x, y))
    return reached


def frozen_armies(data: Data, side: str) -> list[str]:
    """Unsupplied Hexes 3-4: armies out of full supply at the start of their turn may
    neither move nor attack (they may still defensively assault)."""
    full = supplied_places(data, side, home_only=True)
    frozen = [a for a, x in data["armies"].items() if x["side"] == side and x["at"] and x["at"] not in full]
    frozen = [a for a in frozen if not east_african_supply(data, a)]  # the optional Italian Army 7
    if french_split(data, side):  # Activity Limitations 8: the others not by French routes
        theirs = supplied_places(data, side, home_only=True, allied_only=True)
        frozen += [a for a in _not_french_on_board(data, side) if data["armies"][a]["at"] not in theirs]
    return sorted(set(frozen))


def _not_french_on_board(data: Data, side: str) -> list[str]:
    return sorted(
        a for a, x in data["armies"].items() if x["side"] == side and x["at"] and not is_french(data, a)
    )


def end_of_combat_supply(state: HgwState, side: str) -> None:
    """Unsupplied Hexes 1-2, at the end of `side`'s combat phase: armies in places that
    reach no friendly production point are eliminated, and the opponent captures each
    such place it can trace supply to and could reach with a supplied army of its own
    within three hexes."""
    data = state.data
    supplied = supplied_places(data, side, home_only=False)
    if french_split(data, side):
        # Activity Limitations 8: an Allied army that only French routes reach is cut off
        theirs = supplied_places(data, side, home_only=False, allied_only=True)
        for army in _not_french_on_board(data, side):
            place = data["armies"][army]["at"]
            if place in supplied and place not in theirs:
                eliminate(state, army, f"out of supply in {place} (French routes supply only the French)")
    cut = frozenset(p for p, o in data["owner"].items() if o == side and p not in supplied)
    if not cut:
        return
    for place in sorted(cut):
        for army in armies_at(data, place, side):
            eliminate(state, army, f"out of supply in {place}")
        if fort_side(data, place) == side and destroy_fort(data, place):
            state.log(f"the fort in {place} is lost, out of supply")  # Effect Of Forts On Combat 5
    if load_scenario(data["scenario"]).cut_hex_to_nearest:
        _to_nearest_producer(state, side, sorted(cut))
        return
    _to_capturing_opponent(state, side, cut)


def _to_capturing_opponent(state: HgwState, side: str, cut: frozenset[Place]) -> None:
    """Unsupplied Hexes 2: an opponent at war with `side` captures each cut-off place it
    can trace supply to (through the other cut-off places) and reach with one of its
    supplied armies within three hexes, stepping through its own places or the cut-off
    ones. Where several opponents qualify, the one with the closest undevastated
    production point takes it, a die settling a tie."""
    data = state.data
    g = geo(data)
    takers: dict[Place, list[str]] = {}
    for other in opponents(data, side):
        if not at_war(data, side, other):
            continue  # a neutral major power is no opponent (Campaign Game I)
        their_supply = supplied_places(data, other, home_only=False, through=cut)
        their_armies = supplied_places(data, other, home_only=False)
        starts = {x["at"] for x in data["armies"].values() if x["side"] == other and x["at"] in their_armies}
        near = _within(g.links, starts, 3, lambda p, o=other: data["owner"].get(p) == o or p in cut)
        for place in cut:
            if place in their_supply and place in near:
                takers.setdefault(place, []).append(other)
    for place in sorted(takers):
        taker = _closest(state, place, takers[place], side)
        capture(state, place, taker, by_advance=False)
        if data.get("result") is not None:
            return


def _to_nearest_producer(state: HgwState, side: str, cut: list[Place]) -> None:
    """The Fall of Germany special rule 4: each cut-off place goes to the opposing side
    whose nearest undevastated production point is closest to it; a tie is settled by a
    die roll (the side that plays first on 1-3, the other on 4-6)."""
    data = state.data
    producers = {
        other: [p for p, o in data["owner"].items() if o == other and p != BOX and production_of(data, p)]
        for other in opponents(data, side)
    }
    if not producers:
        return  # at peace with everyone (Campaign Game I, Soviet Union 2): nobody takes it
    for place in cut:
        if data["owner"].get(place) != side:
            continue
        if geo(data).is_box(place):
            continue  # a box is a whole country, not a hex to measure from; it stays as it is
        capture(state, place, _closest(state, place, list(producers), side), by_advance=False)
        if data.get("result") is not None:
            return


def _closest(state: HgwState, place: Place, sides: list[str], side: str) -> str:
    """Of `sides` (in playing order), the one whose nearest undevastated production point
    is closest to `place` by hex distance; a tie between the first two is settled by a
    die of `side`'s: the first in playing order on 1-3, the other on 4-6 (Unsupplied
    Hexes 2; The Fall of Germany special rule 4)."""
    if len(sides) == 1:
        return sides[0]
    data = state.data
    distance = {}
    for other in sides:
        points = [p for p, o in data["owner"].items() if o == other and p != BOX and production_of(data, p)]
        distance[other] = min((hex_distance(place, p) for p in points), default=10**6)
    best = min(distance.values())
    nearest = [o for o in sides if distance[o] == best]
    if len(nearest) == 1:
        return nearest[0]
    (roll,) = state.roll(1, side, f"who takes the cut-off hex {place}")
    return nearest[0] if roll <= 3 else nearest[1]


def _within(
    links: dict[Place, tuple[Place, ...]], starts: set[Place], steps: int, passable: Any
) -> set[Place]:
    seen = set(starts)
    frontier = set(starts)
    for _ in range(steps):
        frontier = {n for p in frontier for n in links[p] if n not in seen and passable(n)}
        seen |= frontier
    return seen
