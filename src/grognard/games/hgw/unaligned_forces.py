"""The optional rule Unaligned Forces (O2.1-O2.9): the home forces of the unaligned
countries, as questions on the game data (the steps that place, move and retreat them
are in home_forces.py; board.py and combat.py ask these questions).

A country's home forces are infantry points that stand on the map in its home country
(its nation's first territory), never in an army (O2.2): number markers. They appear
when the first attack on one of its hexes is announced (O2.4), placed and directed by
the side the country would join if it did not surrender (O2.5), move in that side's
movement phases inside the country only (O2.6), die when they retreat out of it (O2.3),
vanish when it surrenders (O2.3), and are never rebuilt (O2.7). Their numbers are data
(data/unaligned_forces.json, O2.8).

DATA LAYOUT (`state.data["home_forces"]`, absent until the first home forces appear)
    used     nations whose home forces have been placed (each only once, O2.7)
    at       {place: {"nation", "side", "sp"}}: the home points standing in a place
    fired    places whose home forces made their defensive assault this player turn
    waiting  {"nation", "side", "left", "capital"} while the side places them

How they fight (our reading of "like infantry points of an army in that hex", written in
docs/hgw-design.md): while they stand in a hex its garrison does not defend (as with an
army); they join every defensive assault their side makes from the hex, once a player
turn, or make one alone, firing as infantry; the losses an assault inflicts on the hex
fall on them first (they are all infantry: no choice to make), then on the side's armies
there; they count as infantry on the Advance Table; a successful advance makes them
retreat together into a hex of their country, else they are eliminated.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from .airpower import stacked_points
from .campaign import load_campaign
from .datafile import load_data
from .forts import fort_points
from .geography import Place, box_hexes, geography
from .layout import HgwBoard, HomeForces
from .neutrality import capital_of, politics
from .optional import has_option

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
DATA_PATH = Path(__file__).with_name("data") / "unaligned_forces.json"
STACK_LIMIT = 10  # Stacking 1


class UnalignedForcesError(ValueError):
    """The unaligned forces file breaks its schema."""


class HomeFort(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    place: str
    points: int


class HomeForcesTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    note: str
    default: int
    points: dict[str, int]
    capital_most: int
    forts: dict[str, HomeFort]
    end_with_axis_arrival: tuple[str, ...]

    def points_of(self, nation: str) -> int:
        """O2.8: the nation's home forces."""
        return self.points.get(nation, self.default)


def load_home_forces() -> HomeForcesTable:
    return load_data(DATA_PATH, HomeForcesTable, UnalignedForcesError, "unaligned forces file", _check_points)


def _check_points(table: HomeForcesTable, path: Path) -> None:
    if table.default < 0 or any(n < 0 for n in table.points.values()):
        raise UnalignedForcesError(f"bad unaligned forces file {path}: negative points")


def is_played(data: Data) -> bool:
    return has_option(data, "unaligned_forces") and politics(data) is not None


def home_record(data: Data) -> HomeForces:
    found: HomeForces = data.setdefault("home_forces", {"used": [], "at": {}, "fired": []})
    return found


def home_points(data: Data, place: Place) -> int:
    """The home points standing in `place`."""
    entry = data.get("home_forces", {}).get("at", {}).get(place)
    return int(entry["sp"]) if entry else 0


def home_side(data: Data, place: Place) -> str | None:
    """The side that directs the home forces in `place` (O2.5), if any stand there."""
    entry = data.get("home_forces", {}).get("at", {}).get(place)
    return str(entry["side"]) if entry else None


def home_nation(data: Data, place: Place) -> str | None:
    entry = data.get("home_forces", {}).get("at", {}).get(place)
    return str(entry["nation"]) if entry else None


def defending_home(data: Data, place: Place, attacker: str) -> int:
    """The home points in `place` that fight `attacker` (none of its own side)."""
    side = home_side(data, place)
    return home_points(data, place) if side is not None and side != attacker else 0


def home_may_fire(data: Data, place: Place, side: str) -> bool:
    """Home forces of `side` in `place` that have not yet made their one defensive
    assault this player turn (as an army's, Initial Attack 4)."""
    return home_side(data, place) == side and place not in data.get("home_forces", {}).get("fired", [])


def fire_home(data: Data, place: Place) -> int:
    """The home points that join a defensive assault from `place`, marked as fired."""
    record = home_record(data)
    record["fired"] = sorted({*record["fired"], place})
    return home_points(data, place)


def home_country(data: Data, nation: str) -> list[Place]:
    """O2.2-O2.3: the places of the nation's home country (its first territory)."""
    return list(_country(data["scenario"], nation))


@cache
def _country(scenario: str, nation: str) -> tuple[Place, ...]:
    rules = load_campaign(scenario)
    first = rules.territories_of(nation)[0] if rules else nation
    g = geography(scenario)
    return tuple(sorted(p for p in g.places if g.country.get(p) == first))


class Occupancy:
    """The points and the armies' sides in each place, read once for the many room and
    standing questions a search asks (`room`, `may_stand` over one position)."""

    def __init__(self, data: Data) -> None:
        self.data = data
        self.points: dict[Place, int] = {}
        self.sides: dict[Place, set[str]] = {}
        for x in data["armies"].values():
            if x["at"] is not None:
                self.points[x["at"]] = self.points.get(x["at"], 0) + stacked_points(x)
                self.sides.setdefault(x["at"], set()).add(x["side"])

    def room(self, place: Place, arriving: int = 1) -> bool:
        if place in box_hexes():
            return True
        data = self.data
        used = self.points.get(place, 0) + fort_points(data, place) + home_points(data, place)
        return used + arriving <= STACK_LIMIT

    def may_stand(self, place: Place, side: str) -> bool:
        if self.data["owner"].get(place) not in (None, side):
            return False
        return not (self.sides.get(place, set()) - {side})


def nation_of_place(data: Data, place: Place) -> str | None:
    rules = load_campaign(data["scenario"])
    g = geography(data["scenario"])
    country = g.country.get(place)
    if rules is None or country is None or place not in g.places:
        return None
    return rules.nation_of(country)


def controller(data: Data, nation: str, attacker: str) -> str:
    """O2.5: the side the country would join if it did not surrender: the Axis when the
    Allies or the Soviets attack it, else the side Violation of Neutrality 2 names (the
    Soviets for the nations that join them, the Allies for the others; our reading for
    the nations that never join, Poland and Sweden among them: the side they would join
    if they did)."""
    if attacker != "axis":
        return "axis"
    rules = load_campaign(data["scenario"])
    return "soviet" if rules is not None and nation in rules.join_soviet else "allied"


def room(data: Data, place: Place, arriving: int = 1) -> bool:
    """Stacking 1: ten points a hex, the armies' (tac air left out), forts' and home
    forces' together."""
    return Occupancy(data).room(place, arriving)


def may_stand(data: Data, place: Place, side: str) -> bool:
    """A place of its country where home forces of `side` may be: unaligned or held by
    `side`, with no army of another side."""
    return Occupancy(data).may_stand(place, side)


def placement_places(data: Data) -> list[Place]:
    """O2.4: where the next waiting home point may go: anywhere in its country, at most
    `capital_most` points in the capital, ten a hex."""
    waiting = data.get("home_forces", {}).get("waiting")
    if not waiting or not waiting["left"]:
        return []
    side, nation = waiting["side"], waiting["nation"]
    most = load_home_forces().capital_most
    found = []
    here = Occupancy(data)
    for p in home_country(data, nation):
        if not here.may_stand(p, side) or not here.room(p):
            continue
        if p == waiting.get("capital") and home_points(data, p) >= most:
            continue
        found.append(p)
    return found


def needs_placing(data: Data, target: Place) -> tuple[str, int] | None:
    """O2.4: (nation, points) when an attack named on `target` is the first on an
    unaligned country whose home forces have not appeared yet."""
    if not is_played(data) or data["owner"].get(target) is not None:
        return None
    nation = nation_of_place(data, target)
    pol = politics(data)
    if nation is None or pol is None or nation not in pol["unaligned"]:
        return None
    if nation in data.get("home_forces", {}).get("used", []):
        return None
    count = load_home_forces().points_of(nation)
    return (nation, count) if count > 0 else None


def start_placing(data: Data, nation: str, side: str, count: int) -> None:
    """The nation's home forces wait for `side` to place them (O2.4-O2.5)."""
    record = home_record(data)
    record["used"] = sorted({*record["used"], nation})
    record["waiting"] = {"nation": nation, "side": side, "left": count, "capital": capital_of(data, nation)}
    fort = load_home_forces().forts.get(nation)
    if fort is not None and not data.get("forts", {}).get(fort.place):
        # O2.8: the Low Countries' permanent fort point
        data.setdefault("forts", {})[fort.place] = {"side": side, "points": fort.points, "building": 0}


def add_point(data: Data, nation: str, side: str, place: Place, count: int = 1) -> None:
    """Home points of `nation` arrive in `place` (the garrison there stops defending)."""
    at = home_record(data)["at"]
    entry = at.setdefault(place, {"nation": nation, "side": side, "sp": 0})
    entry["sp"] = int(entry["sp"]) + count
    data["garrison_lost"] = sorted({*data["garrison_lost"], place})


def lose_points(data: Data, place: Place, count: int) -> int:
    """Up to `count` home points in `place` are lost; the number lost (O2.7: for good)."""
    at = data.get("home_forces", {}).get("at", {})
    entry = at.get(place)
    if not entry:
        return 0
    lost = min(count, int(entry["sp"]))
    entry["sp"] = int(entry["sp"]) - lost
    if entry["sp"] <= 0:
        del at[place]
    return lost


def eliminate_nation(state: HgwState, nation: str, why: str) -> None:
    """Every home point of `nation` leaves the board for good (O2.3, O2.9)."""
    record = state.data.get("home_forces")
    if not record:
        return
    places = sorted(p for p, x in record["at"].items() if x["nation"] == nation)
    total = sum(int(record["at"][p]["sp"]) for p in places)
    for p in places:
        del record["at"][p]
    waiting = record.get("waiting")
    if waiting and waiting["nation"] == nation:
        record.pop("waiting")
    if total:
        title = nation.replace("_", " ").title()
        state.log(f"{title}'s home forces ({total} infantry) are eliminated ({why})")


def surrendered_gone(state: HgwState) -> None:
    """O2.3: the home forces of a country that has surrendered disappear."""
    record = state.data.get("home_forces")
    pol = politics(state.data)
    if not record or pol is None:
        return
    for nation in sorted({x["nation"] for x in record["at"].values()} & set(pol["surrendered"])):
        eliminate_nation(state, nation, "its country surrendered")


def stranded_gone(state: HgwState) -> None:
    """Our reading: home forces left in a hex another side has taken without an advance
    (a cut-off hex captured, Unsupplied Hexes 2) have nowhere to retreat: they are lost."""
    record = state.data.get("home_forces")
    if not record:
        return
    for place, entry in sorted(record["at"].items()):
        owner = state.data["owner"].get(place)
        if owner is not None and owner != entry["side"]:
            lost = lose_points(state.data, place, int(entry["sp"]))
            title = entry["nation"].replace("_", " ").title()
            state.log(f"{lost} home points of {title} are lost in {place}")


def home_view(data: Data) -> dict[str, Any]:
    """The open home forces for the views: {place: {nation, side, sp}} (empty when none)."""
    at = data.get("home_forces", {}).get("at", {})
    return {p: dict(x) for p, x in sorted(at.items())}
