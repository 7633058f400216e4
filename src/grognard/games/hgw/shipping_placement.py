"""Where Campaign Game II's Allied builds go once the United States is an Ally (Shipping 8,
K19.8): each production phase, the first six strength points the Allied player builds
for armies are placed in the United States (the U.S. box of European play); the rest
go anywhere. Production (production.py) offers only U.S. builds until six are built
there, counting in its frame (`army_builds`: points built for armies this phase,
`us_builds`: those placed in the U.S. box); why.py gives the reason for a refusal.

Readings: "built by the Allied player" leaves out the points France builds from its own
budget (Activity Limitations 1); fort points, repairs and the Campaign Game II systems'
builds (strategic markers, ships) are not "assigned to armies" and never count; when no
point can go to the U.S. box (its owner is not the Allies, or it is full and every army
counter is out), the rule asks nothing impossible and the points go elsewhere."""

from __future__ import annotations

from typing import Any, Final

from grognard.core.flow import Frame

from .layout import HgwBoard
from .limitations import box_place, campaign_state
from .sequence import has_system
from .shipping import why_not_us_placement

Data = HgwBoard
Action = tuple[Any, ...]
BUILT: Final = "army_builds"
IN_US: Final = "us_builds"


def us_box(data: Data, side: str) -> str | None:
    """The U.S. box, when `side` is the Allies, the United States has joined them and
    they hold the box, in a scenario that plays Campaign Game II's shipping."""
    if side != "allied" or not has_system(data, "naval"):
        return None
    found = campaign_state(data)
    if found is None:
        return None
    rules, pol = found
    place = box_place(data, rules.us_box)
    if pol["us_since"] is None or pol["joined"].get("united_states") != "allied" or place is None:
        return None
    return place if data["owner"].get(place) == "allied" else None


def why_not(data: Data, frame: Frame, side: str, where: str | None) -> str | None:
    """Why a build for an army placed at `where` breaks Shipping 8 now (None if it does
    not): checked only when a U.S. build is possible (`restrict` decides that)."""
    box = us_box(data, side)
    if box is None or where == box:
        return None
    why = why_not_us_placement(int(frame.get(BUILT, 0)) + 1, int(frame.get(IN_US, 0)))
    return None if why is None else f"{why} yet (Shipping 8): build in the United States ({box}) first"


def restrict(
    data: Data, frame: Frame, side: str, actions: list[Action], where: Any, own: Any
) -> list[Action]:
    """The production actions left once Shipping 8 holds: while the first six points
    built for armies are not all in the United States, its builds only (when there are
    some). `where(action)` is the place a build goes; `own(action)` whether the Allied
    budget pays for it (not France's)."""
    box = us_box(data, side)
    own = [a for a in actions if a[0] == "build" and own(a)]
    if box is None or not any(where(a) == box for a in own):
        return actions
    return [a for a in actions if a not in own or why_not(data, frame, side, where(a)) is None]


def count(data: Data, frame: Frame, side: str, place: str | None, *, own: bool) -> None:
    """After a build for an army (`own`: paid by the Allied budget, not France's): the
    frame's counts of Shipping 8."""
    if not own or us_box(data, side) is None:
        return
    frame[BUILT] = int(frame.get(BUILT, 0)) + 1
    if place == us_box(data, side):
        frame[IN_US] = int(frame.get(IN_US, 0)) + 1
