"""The forces that arrive with a nation's entry into the war (Campaign Game I's politics):
where the rules fix their hex the engine puts them there; the rest wait in the politics
record's `arrivals` ([{side, name, at, left}]) until their player places them point by
point (`PlaceArrivals`; Nations Inclined toward Axis 3-5). politics.py says when forces
arrive; this module where they go.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, call, end

from .board import Data, armies_at, free_army, geo, over_limit, points, stack
from .campaign import Force
from .geography import Place
from .layout import Arrival
from .nations import apart
from .nations import nation as nation_of
from .neutrality import politics
from .scenario import load_scenario

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]


def arrival_candidates(data: Data, side: str, force: Force) -> list[Place]:
    """The hexes of `force.at` (hexes, and the hexes of territories) that `side` holds."""
    g = geo(data)
    found: list[Place] = []
    for where in force.at:
        if where in g.places:
            found.append(where)
        else:
            found += sorted(p for p in g.places if g.country.get(p) == where)
    return [p for p in dict.fromkeys(found) if data["owner"].get(p) == side]


ARRIVAL_KINDS = ("mechanized", "infantry", "amphibious", "tac_air")


def _army_for(data: Data, side: str, place: Place, name: str) -> str | None:
    """The army an arriving point joins at `place`: the force's own army there, else a
    spare counter from the record sheet (named after the force), else any army of the
    side there (Military Record Sheet 1: twelve counters a side, never more). No arriving
    force is French, so it never joins a French army nor stands beside one (Activity
    Limitations 8: the U.S. Army placed in Britain keeps apart from French armies)."""
    if apart(data, "", side, place):
        return None
    here = [a for a in armies_at(data, place, side) if nation_of(data, a) == ""]
    own = [a for a in here if data["armies"][a]["name"] == name]
    if own:
        return own[0]
    spare = free_army(data, side)
    if spare is not None:
        return spare
    return here[0] if here else None


def _room(data: Data, side: str, place: Place, name: str) -> bool:
    """One more point fits (Stacking 1; Off-Map Combat 1: a box holds any number) and an
    army can take it."""
    if over_limit(place, stack(data, place) + 1):
        return False
    return _army_for(data, side, place, name) is not None


def _put(game: HgwState, side: str, place: Place, name: str, kind: str) -> None:
    data = game.data
    army_id = _army_for(data, side, place, name)
    assert army_id is not None  # asked only where `_room` says an army can take it
    army = data["armies"][army_id]
    if army["at"] is None:
        army["at"], army["name"] = place, name
    army["sp"][kind] += 1


def place_force(game: HgwState, side: str, force: Force) -> None:
    """A force arrives. Where the rules fix its hex (`force.at[0]` unless `force.choose`)
    the engine puts the points there while the side holds it with room; the rest wait
    in `arrivals` for the side's player to place them (PlaceArrivals)."""
    data = game.data
    # Campaign Game II set-up: a force may bring points Campaign Game I's does not
    extra = load_scenario(data["scenario"]).arrival_points.get(force.name, {})
    left = {k: int(getattr(force, k)) + extra.get(k, 0) for k in ARRIVAL_KINDS}
    left = {k: n for k, n in left.items() if n}
    fixed = None if force.choose else force.at[0]
    if fixed is not None and fixed in geo(data).places and data["owner"].get(fixed) == side:
        placed = 0
        for kind in ARRIVAL_KINDS:
            while left.get(kind) and _room(data, side, fixed, force.name):
                _put(game, side, fixed, force.name, kind)
                left[kind] -= 1
                placed += 1
        if placed:
            game.log(f"the {force.name} ({points(placed)}) arrives in {fixed}")
    if not any(left.values()):
        return
    pol = politics(data)
    assert pol is not None  # forces arrive only in Campaign Game I
    entry = Arrival(side=side, name=force.name, at=list(force.at), left=left)
    pol.setdefault("arrivals", []).append(entry)
    game.log(f"{points(sum(left.values()))} of the {force.name} arrive: the {side} player places them")


def _waiting(data: Data) -> list[Arrival]:
    """The forces waiting to be placed, first first (none outside Campaign Game I)."""
    pol = politics(data)
    return (pol.get("arrivals") if pol else None) or []


def arrival_places(data: Data, entry: Arrival) -> list[Place]:
    """Where the next point of a waiting force may go: the hexes and the territories'
    hexes of its `at` that its side holds, with room and an army to take it."""
    force = Force(name=entry["name"], at=tuple(entry["at"]))
    side = entry["side"]
    return [p for p in arrival_candidates(data, side, force) if _room(data, side, p, entry["name"])]


def arrival_area(entry: Arrival) -> str:
    """Where a waiting force may go, in words ("Rumania", "1636, Italy")."""
    return ", ".join(str(w).replace("_", " ").title() for w in entry["at"])


def arrival_choices(data: Data) -> list[Action]:
    """The first waiting force's choices: ("place", kind, place), one point at a time."""
    waiting = _waiting(data)
    if not waiting:
        return []
    entry = waiting[0]
    places = arrival_places(data, entry)
    return [("place", k, p) for k in sorted(k for k, n in entry["left"].items() if n) for p in places]


def _settle(game: HgwState) -> Arrival | None:
    """Drop the forces that are all placed or have nowhere left to go (their points are
    lost, and the log says so); the first force still waiting, or None."""
    pol = politics(game.data)
    waiting = (pol.get("arrivals") if pol else None) or []
    while waiting and not arrival_choices(game.data):
        entry = waiting.pop(0)
        lost = sum(entry["left"].values())
        if lost:
            game.log(f"{points(lost)} of the {entry['name']} find no room and are lost")
    if not waiting:
        if pol is not None:
            pol.pop("arrivals", None)
        return None
    return waiting[0]


def ask_arrivals(game: HgwState) -> None:
    """Put the placement of waiting forces on top of the flow (after whatever step the
    phase goes on to), asking the owning side's player."""
    first = _settle(game)
    flow = game.data["flow"]
    if first is not None and flow and flow[-1]["state"] != "place_arrivals":
        call(flow, "place_arrivals", role=first["side"])


class PlaceArrivals(GameStep["HgwState"]):
    """Nations Inclined toward Axis 3-5 (and every arrival whose fixed hex is not to be
    had): the owning player places the arriving points one at a time in the hexes the
    rule names, ten a hex; then play resumes where it stood."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        waiting = _waiting(game.data)
        if not waiting or waiting[0]["side"] != role:
            return []
        return arrival_choices(game.data)

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        pol = politics(game.data)
        assert pol is not None  # asked only in Campaign Game I
        entry = pol["arrivals"][0]
        _, kind, place = action
        _put(game, role, place, entry["name"], kind)
        entry["left"][kind] -= 1
        game.log(f"{role} places one {kind} point of the {entry['name']} in {place}")
        first = _settle(game)
        if first is None:
            caller = end(game.data["flow"])
            if caller is not None:
                caller.pop("returned", None)  # nothing to hand back: play resumes as it stood
        else:
            frame["role"] = first["side"]

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        waiting = _waiting(game.data) or [Arrival(side="", name="", left={}, at=[])]
        entry = waiting[0]
        left = ", ".join(points(n, k) for k, n in sorted(entry["left"].items()) if n)
        where = arrival_area(entry)
        return f"{frame['role']}: place the {entry['name']}'s {left}, one at a time, in {where} (ten a hex)"
