"""France's production apart from the Allies' (Campaign Game I: Activity Limitations
1, 4 and 8; Allied Production; France 5).

THE SPLIT. In the Allied production phase the Allied player spends two budgets: the
Allied one (Britain, the Commonwealth, the U.S.) and France's. France's counts the
undevastated points of French places (France and its possessions, the French Africa
box included) that trace a full-supply route, over Allied routes as well as French
ones (the French may use Allied routes: Activity Limitations 8); the Allied budget
counts the other places, traced without French sources (Activity Limitations 1:
France may not share Allied production; 8: French routes supply no Allied forces).

LEND-LEASE. The Allied player may pass any number of points of the Allied budget to
France's, one point an action ("lend_lease_france"), while a French build place traces
an Allied full-supply route (Activity Limitations 1: "via supply routes"; 4: the U.S.
may lend-lease to France without limit, and the rules set no limit for Britain either).
It is an action, not automatic, because the Allied player decides how to share one
purse between two nations that build in different places; the points go over at once
and must be spent in this phase like any other (Production Points 4).

WHERE FRANCE BUILDS. New French points go only into French army counters (nations.py),
in France's production places (Building Strength Points 3: its own producing country;
Allied Production names France). Once France has surrendered there are none left to
the Allies, and the Free French build where the other Allies do (Britain, the U.S.
and Canada boxes once at war) and in French places the Allies hold with production:
the Free French fought from Britain and from the Empire, and without this France's
lend-lease would have nowhere to go. France pays for repairs and forts in French
places; forts have no nation (any Allied army may stand in one).
"""

from __future__ import annotations

from typing import Any

from .board import Data, armies_at, free_army, geo, production_of
from .geography import Place
from .limitations import box_place, box_points, boxes_counted
from .nations import FRANCE, apart, free_french, french_place, french_split, is_french
from .scenario import BOX
from .supply import supplied_places

Action = tuple[Any, ...]
PURSE = "french"  # the production frame's key for France's budget


def french_boxes(data: Data) -> list[str]:
    """The Allied boxes counted now that are French places (the French Africa box)."""
    return [b for b in boxes_counted(data, "allied") if (p := box_place(data, b)) and french_place(data, p)]


def french_budget(data: Data) -> int:
    """Activity Limitations 1 and 8: France's own production this phase."""
    full = supplied_places(data, "allied", home_only=True)
    owner = data["owner"]
    total = sum(
        production_of(data, p)
        for p in full
        if owner.get(p) == "allied" and p != BOX and french_place(data, p)
    )
    return total + sum(box_points(data, b) for b in french_boxes(data))


def french_build_places(data: Data, allied_places: list[Place]) -> list[Place]:
    """Where new French points may go (module docstring): France's production places,
    or after France's surrender the Allies' own (`allied_places`) and the Allied
    French places that produce."""
    g = geo(data)
    if not free_french(data):
        return [p for p in allied_places if g.country[p] == FRANCE]
    owner = data["owner"]
    held = {
        p for p, o in owner.items() if o == "allied" and french_place(data, p) and production_of(data, p) > 0
    }
    return sorted(set(allied_places) | held)


def may_lend(data: Data, allied_places: list[Place]) -> bool:
    """Activity Limitations 1, 4: a French build place traces an Allied (not French)
    full-supply route."""
    places = french_build_places(data, allied_places)
    if not places:
        return False
    theirs = supplied_places(data, "allied", home_only=True, allied_only=True)
    return any(p in theirs for p in places)


def purse(data: Data, action: Action) -> str:
    """Which budget of the production frame pays for `action`: France's ("french") for
    French armies and counters, and repairs and forts in French places; else "budget"."""
    if not french_split(data):
        return "budget"
    kind = action[0]
    if kind == "build":
        if action[2] == PURSE or (action[2] == "army" and is_french(data, action[3])):
            return PURSE
        return "budget"
    if kind in ("repair", "fort") and french_place(data, action[1]):
        return PURSE
    return "budget"


def french_builds(
    data: Data, role: str, kinds: list[str], allied_places: list[Place], fits: Any
) -> list[Action]:
    """The French build actions: into a French army in a French build place, or a new
    French army (a French spare counter) there, never beside other Allied armies
    (Activity Limitations 8). `fits(place)` is the stacking check."""
    if not french_split(data, role):
        return []
    spare = free_army(data, role, FRANCE)
    actions: list[Action] = []
    for p in french_build_places(data, allied_places):
        if not fits(p) or apart(data, FRANCE, role, p):
            continue
        for kind in kinds:
            actions += [("build", kind, "army", a) for a in armies_at(data, p, role) if is_french(data, a)]
            if spare is not None:
                actions.append(("build", kind, PURSE, p))
    return actions


def counted_by_allies(data: Data, side: str, place: Place) -> bool:
    """Does `place` count in `side`'s own budget (not France's)?"""
    return not (french_split(data, side) and french_place(data, place))
