"""Morale Attacks 6 (K24.6): the Axis's SS/U-boat morale attack on the U.S. coast, a
mission of the naval movement phase offered through naval_phase's hooks (EXTRA_OFFERS,
EXTRA_VERBS).

    ("raid_us_coast", fleet, target)   an Axis U-boat fleet sails for a U.S. coast hex

The mission is a patrol mission (the rule's own words): the fleet needs no interception
roll against the hex; it sails along a sea route within the SS patrol range (the Ranges
table, 30 movement points, half a point above row 12 as every sea route), declares its
path, and the enemy may intercept it on the way and in the hex itself (the path ends
there: naval_phase.open_interceptions). If it arrives still afloat, one of its points
has reached the coast: that point is removed from play and U.S. morale falls one level
(morale.ss_reaches_us_coast, with Japan's rising: the pair). The fleet's mission is then
spent for the turn (fleet_status "us_coast"); the points left stay in their port.

Readings: in European play the U.S. coast is the U.S. box's hex (1909, on the Atlantic);
the Panama Canal (3008) is no place of European play, so no target. The attack is made
only while the United States is an Ally and holds its box (before that the U.S. is
unaligned, and an attack on it is Neutrality's business), and only where national morale
and the U-boat war are played (campaign_2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, end

from . import morale
from .board import points
from .fleets import active, is_uboat_fleet, set_points
from .layout import HgwBoard, HgwData
from .limitations import box_place, campaign_state
from .naval_phase import EXTRA_OFFERS, EXTRA_VERBS, movable, sail_on_mission, sailing_path
from .naval_tables import load_naval
from .sea_war import sink_if_empty
from .sequence import has_system

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]
Data = HgwBoard
VERB = "raid_us_coast"
STATUS = "us_coast"


def us_coast(data: Data) -> list[str]:
    """The U.S. coast hexes an Axis U-boat may attack now (the module's readings)."""
    if "morale" not in data or not has_system(data, "uboats"):
        return []
    found = campaign_state(data)
    if found is None:
        return []
    rules, pol = found
    place = box_place(data, rules.us_box)
    if (
        place is None
        or pol["joined"].get("united_states") != "allied"
        or data["owner"].get(place) != "allied"
    ):
        return []
    return [place]


def reach() -> int:
    """The SS patrol range, in movement points (the Ranges table)."""
    return int(load_naval().range("ss_patrol").hexes[1] or 0)


def path_to(data: Data, fleet_id: str, target: str) -> list[str]:
    return sailing_path(data, fleet_id, target, reach())


def offer(game: HgwState, frame: Frame, role: str) -> list[Action]:
    data = game.data
    if role != "axis":
        return []
    coast = us_coast(data)
    return [
        (VERB, f, target)
        for f in movable(data, role)
        if is_uboat_fleet(data["fleets"][f]) and data.get("fleet_status", {}).get(f) is None
        for target in coast
        if path_to(data, f, target)
    ]


def why_not(data: HgwData, role: str, action: Action) -> str | None:
    """Why a U-boat morale attack on the U.S. coast is refused, or None."""
    top = data["flow"][-1] if data["flow"] else {}
    if top.get("state") != "naval_movement" or top.get("role") != role:
        return "a U-boat attack on the U.S. coast sails in the Axis naval movement phase (K24.6)"
    fleet_id, target = str(action[1]), str(action[2])
    fleet = data.get("fleets", {}).get(fleet_id)
    if role != "axis" or fleet is None or fleet["side"] != role or not is_uboat_fleet(fleet):
        return "only an Axis U-boat fleet makes this morale attack (K24.6)"
    if target not in us_coast(data):
        return f"{target} is no U.S. coast hex to attack now: the U.S. must be an Ally holding it (K24.6)"
    if fleet_id not in movable(data, role) or data.get("fleet_status", {}).get(fleet_id) is not None:
        return f"{fleet['name']} has already moved, taken a mission or been beaten this turn (K9.7)"
    if not path_to(data, fleet_id, target):
        return f"no sea route reaches {target} from {fleet['at']} within {reach()} movement points (K24.6)"
    return None


def sail(game: HgwState, frame: Frame, role: str, action: Action) -> None:
    """The fleet sails; the attack (UsCoastRaid) runs after any interception."""
    data = game.data
    fleet_id, target = str(action[1]), str(action[2])
    path = path_to(data, fleet_id, target)
    purpose = f"to attack the U.S. coast at {target}"
    sail_on_mission(game, frame, fleet_id, path, STATUS, "us_coast_raid", purpose, target=target)


class UsCoastRaid(GameStep["HgwState"]):
    """The point that got through: removed from play, U.S. morale one level down."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return []

    def run(self, game: HgwState, frame: Frame) -> None:
        data = game.data
        end(data["flow"])
        fleet_id = frame["fleet"]
        fleet = data["fleets"][fleet_id]
        if not active(data, fleet_id) or int(fleet["sp"]) < 1:
            game.log(f"{fleet['name']} never reaches the U.S. coast")
            return
        set_points(fleet, int(fleet["sp"]) - 1)
        data["morale"] = morale.ss_reaches_us_coast(data["morale"])
        left = data["morale"]["united_states"]
        game.log(
            f"a U-boat point of {fleet['name']} reaches the U.S. coast at {frame['target']} and is spent"
            f" ({points(int(fleet['sp']))} left): U.S. morale {left:+d}"
        )
        sink_if_empty(game, fleet_id)


EXTRA_VERBS[VERB] = sail
EXTRA_OFFERS.append(offer)
