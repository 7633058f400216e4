"""The steps of the optional rule Unaligned Forces (O2.1-O2.9; unaligned_forces.py holds
the data and the questions):

- `place_home_forces`: called on top of the attacker's announcement the moment an
  attack is named on a country whose home forces have not appeared (O2.4); the side
  that would control the country (O2.5) places them one point at a time (`place`,
  "infantry", place), at most two in its capital; then the attacker goes on naming.
- `home_retreat`: after a successful advance into their hex the home forces retreat
  together into a hex of their country (`retreat`, place); with none they are
  eliminated (O2.3).
- `home_move_to`: in the controlling side's movement phase (`move_home`, place) picks a
  home point and (`to_place`, place) sends it anywhere in its country that it reaches
  through places of the country its side may stand in, the capital's limit of two no
  longer counting (O2.6).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, call, end

from .board import geo
from .geography import Place
from .layout import HgwBoard
from .unaligned_forces import (
    Occupancy,
    add_point,
    controller,
    home_country,
    home_nation,
    home_points,
    home_side,
    is_played,
    lose_points,
    may_stand,
    needs_placing,
    placement_places,
    room,
    start_placing,
)

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]


def _title(nation: str) -> str:
    return nation.replace("_", " ").title()


def attack_named(game: HgwState, side: str, target: Place) -> None:
    """O2.4: an attack named on `target`; if it is the first on an unaligned country with
    home forces, its controlling side places them before anything is resolved."""
    found = needs_placing(game.data, target)
    if found is None:
        return
    nation, count = found
    owner = controller(game.data, nation, side)
    start_placing(game.data, nation, owner, count)
    game.log(f"{_title(nation)} raises its home forces ({count} infantry): the {owner} player places them")
    if placement_places(game.data):
        call(game.data["flow"], "place_home_forces", role=owner)
    else:
        _give_up_waiting(game)


def _give_up_waiting(game: HgwState) -> None:
    record = game.data["home_forces"]
    waiting = record.pop("waiting", None)
    if waiting and waiting["left"]:
        game.log(f"{waiting['left']} home points of {_title(waiting['nation'])} find no room and are lost")


class PlaceHomeForces(GameStep["HgwState"]):
    """O2.4-O2.5: the controlling side places the home points one at a time."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("place", "infantry", p) for p in placement_places(game.data)]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        waiting = data["home_forces"]["waiting"]
        place = action[2]
        add_point(data, waiting["nation"], waiting["side"], place)
        waiting["left"] -= 1
        game.log(f"{role} places one home point of {_title(waiting['nation'])} in {place}")
        if waiting["left"] <= 0 or not placement_places(data):
            _give_up_waiting(game)
            caller = end(data["flow"])
            if caller is not None:
                caller.pop("returned", None)  # the announcement goes on as it stood

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        waiting = game.data.get("home_forces", {}).get("waiting")
        nation, left = (waiting["nation"], waiting["left"]) if waiting else ("", 0)
        return (
            f"{frame['role']}: place {_title(nation)}'s {left} home infantry points, "
            "one at a time, in its country (two at most in its capital)"
        )


# ----- retreat (O2.3)


def retreat_places(data: HgwBoard, origin: Place) -> list[Place]:
    """Advance Resolution 4 for home forces: an adjacent place of their own country (not
    across a crossing or the sea) that their side may stand in, with room for them all."""
    nation, side = home_nation(data, origin), home_side(data, origin)
    if nation is None or side is None:
        return []
    country = set(home_country(data, nation))
    count = home_points(data, origin)
    links = geo(data).retreat_links[origin]
    return [p for p in links if p in country and may_stand(data, p, side) and room(data, p, count)]


def displaced(game: HgwState, target: Place, attacker: str) -> None:
    """A successful advance into `target`: its home forces of another side retreat."""
    data = game.data
    side = home_side(data, target)
    if side is None or side == attacker:
        return
    call(data["flow"], "home_retreat", role=side, origin=target, nation=home_nation(data, target))


class HomeRetreat(GameStep["HgwState"]):
    """O2.3: the home forces displaced from `origin` retreat together, or die."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return [frame["role"]] if retreat_places(game.data, frame["origin"]) else []

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("retreat", p) for p in retreat_places(game.data, frame["origin"])]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        origin, place = frame["origin"], action[1]
        entry = data["home_forces"]["at"][origin]
        count = int(entry["sp"])
        lose_points(data, origin, count)
        add_point(data, entry["nation"], entry["side"], place, count)
        game.log(f"{_title(entry['nation'])}'s home forces retreat from {origin} to {place}")
        end(data["flow"])

    def run(self, game: HgwState, frame: Frame) -> None:
        data = game.data
        count = home_points(data, frame["origin"])
        if count and home_side(data, frame["origin"]) == frame["role"]:
            lose_points(data, frame["origin"], count)
            title = _title(str(frame.get("nation") or ""))
            game.log(
                f"{title}'s home forces in {frame['origin']} ({count} infantry) have nowhere in their "
                "country to retreat: eliminated"
            )
        end(data["flow"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: where do the home forces retreat from {frame['origin']}?"


# ----- movement (O2.6)


def movable_home(data: HgwBoard, side: str) -> list[Place]:
    """The places whose home forces `side` may move now."""
    at = data.get("home_forces", {}).get("at", {})
    if not at or not is_played(data):
        return []
    here = Occupancy(data)
    return sorted(p for p, x in at.items() if x["side"] == side and _home_moves(data, p, here, first=True))


def home_move_places(data: HgwBoard, origin: Place) -> list[Place]:
    """O2.6: where one home point in `origin` may go: any place of its country joined to
    `origin` through places of the country its side may stand in (Movement 2), with
    room; the capital takes more than two now."""
    return _home_moves(data, origin, Occupancy(data), first=False)


def _home_moves(data: HgwBoard, origin: Place, here: Occupancy, *, first: bool) -> list[Place]:
    """`home_move_places` over `here`; with `first`, only the first place found."""
    nation, side = home_nation(data, origin), home_side(data, origin)
    if nation is None or side is None:
        return []
    country = set(home_country(data, nation))
    links = geo(data).links
    seen, queue = {origin}, deque([origin])
    found = []
    while queue:
        at = queue.popleft()
        for p in links.get(at, ()):
            if p in country and p not in seen and here.may_stand(p, side):
                seen.add(p)
                queue.append(p)
                if here.room(p):
                    found.append(p)
                    if first:
                        return found
    return sorted(found)


def start_move(game: HgwState, role: str, origin: Place) -> None:
    call(game.data["flow"], "home_move_to", role=role, origin=origin)


class HomeMoveTo(GameStep["HgwState"]):
    """O2.6: where the chosen home point goes."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("cancel",)] + [("to_place", p) for p in home_move_places(game.data, frame["origin"])]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "to_place":
            origin = frame["origin"]
            entry = data["home_forces"]["at"][origin]
            nation, side = entry["nation"], entry["side"]
            lose_points(data, origin, 1)
            add_point(data, nation, side, action[1])
            game.log(f"{role} moves one home point of {_title(nation)} from {origin} to {action[1]}")
        end(data["flow"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: where does one home point in {frame['origin']} go (inside its country)?"


# ----- why an action on home forces is refused (why.py)


def _country_words(data: HgwBoard, nation: str) -> str:
    return _title(nation)


def _why_place_in(data: HgwBoard, nation: str, side: str, place: Place, case: str) -> str | None:
    if place not in home_country(data, nation):
        return f"{_title(nation)}'s home forces stand only in {_country_words(data, nation)} ({case})"
    if not may_stand(data, place, side):
        return f"{place} is held by another side: home forces go only where their side may stand ({case})"
    if not room(data, place):
        return f"{place} already holds ten points (M2.1)"
    return None


def why_not(data: HgwBoard, role: str, frame: dict[str, Any], action: Action) -> str | None:
    """Why an action on home forces (O2.3, O2.4, O2.6) is refused, or None when it is not
    one of theirs."""
    step, verb = frame.get("state"), action[0]
    record = data.get("home_forces", {})
    if step == "place_home_forces" and verb == "place" and len(action) == 3:
        waiting = record.get("waiting")
        if not waiting or frame.get("role") != role:
            return "the home forces are placed by the side that would control their country (O2.5)"
        if action[1] != "infantry":
            return "home forces are infantry points (O2.1)"
        place = str(action[2])
        if place == waiting.get("capital") and home_points(data, place) >= 2:
            return f"at most two home points are placed in the capital, {place} (O2.4)"
        return _why_place_in(data, waiting["nation"], waiting["side"], place, "O2.4")
    if verb == "move_home" and len(action) == 2:
        place = str(action[1])
        if home_side(data, place) != role:
            return f"no home forces of yours stand in {place} (O2.5)"
        if frame.get("state") != "movement":
            return "home forces move in their side's movement phase (O2.6)"
        return f"the home forces in {place} have nowhere in their country to go (O2.6)"
    if step == "home_move_to" and verb == "to_place" and len(action) == 2:
        origin, place = frame["origin"], str(action[1])
        nation, side = home_nation(data, origin), home_side(data, origin)
        if nation is None or side is None:
            return None
        why = _why_place_in(data, nation, side, place, "O2.6")
        joined = "through places of the country their side may stand in"
        return why or f"{place} is not joined to {origin} {joined} (O2.6)"
    if step == "home_retreat" and verb == "retreat" and len(action) == 2:
        origin, place = frame["origin"], str(action[1])
        nation, side = home_nation(data, origin), home_side(data, origin)
        if nation is None or side is None:
            return None
        if place not in geo(data).retreat_links[origin]:
            return f"home forces retreat into a hex next to {origin} (C5.4)"
        why = _why_place_in(data, nation, side, place, "O2.3")
        return why or f"all the home points of {origin} retreat together: {place} has no room (M2.1)"
    return None
