"""The heuristic player's shipping in Campaign Game II (shipping_builds.py,
shipping_moves.py), deciding from its view and the legal actions only.

- production: before the land builds, while ten points stay for them, one more
  shipping point in each counter that carried all it could this turn (the side shipped
  as much as it had: enough to carry what it ships means one more), and, once the U.S. is
  in, one more U.S. transport point when the lane was full this turn;
- naval movement: a sea where the side has armies on the coast but no shipping gets a
  point from its largest counter of three or more (one point a sea: it then has some).
"""

from __future__ import annotations

from collections.abc import Callable

from grognard.core.game import Action

from .ai_board import Board
from .geography import geography
from .shipping_builds import LANE
from .shipping_counters import friendly_reach

SPARE = 10  # production points the land builds keep before a shipping build
DONOR = 3  # the fewest points a counter keeps to give one away

Chooser = Callable[[Board, list[Action]], Action]


def build(b: Board, legal: list[Action]) -> Action | None:
    """A shipping build before the land builds, or None."""
    if int(b.frame.get("budget", 0)) <= SPARE:
        return None
    mine = b.data.get("shipping", {}).get(b.me, {})
    used = b.data.get("shipping_used", {}).get(b.me, {})
    for port, n in sorted(mine.items()):
        if n > 0 and int(used.get(port, 0)) >= n and ("build_shipping", port) in legal:
            return ("build_shipping", port)
    lane = int(used.get(LANE, 0))
    if ("buy_transport",) in legal and lane >= 3 + int(b.data.get("us_transport", 0)):
        return ("buy_transport",)
    return None


def _wanted(b: Board) -> set[str]:
    """The seas where the side's armies stand on the coast and no counter of it serves."""
    coast = geography(b.scenario).coast_seas
    mine = b.data.get("shipping", {}).get(b.me, {})
    served = {sea for p, n in mine.items() if n > 0 for sea in coast.get(p, ())}
    at = {x["at"] for x in b.data["armies"].values() if x["side"] == b.me and x["at"]}
    return {sea for p in at for sea in coast.get(p, ())} - served


def _targets(b: Board, start: str, wanted: set[str]) -> list[str]:
    coast = geography(b.scenario).coast_seas
    return sorted(p for p in friendly_reach(b.data, b.me, start) if set(coast.get(p, ())) & wanted)


def place(b: Board, legal: list[Action]) -> Action | None:
    """A shipping point sets out for a sea with the side's armies on its coast and no
    shipping, from the largest counter of three points or more."""
    sources = {a[1] for a in legal if a[0] == "move_shipping"}
    if not sources:
        return None
    wanted = _wanted(b)
    if not wanted:
        return None
    mine = b.data.get("shipping", {}).get(b.me, {})
    for _, source in sorted((-int(n), p) for p, n in mine.items() if int(n) >= DONOR and p in sources):
        if _targets(b, source, wanted):
            return ("move_shipping", source)
    return None


def ship_to(b: Board, legal: list[Action]) -> Action:
    """Where the point goes: the first port on a sea that wants shipping, else back."""
    wanted = _wanted(b)
    coast = geography(b.scenario).coast_seas
    for a in legal:
        if a[0] == "ship_to" and set(coast.get(a[1], ())) & wanted:
            return a
    return ("cancel",)


def with_shipping_builds(produce: Chooser) -> Chooser:
    def choose(b: Board, legal: list[Action]) -> Action:
        return build(b, legal) or produce(b, legal)

    return choose


def with_shipping_moves(move: Chooser) -> Chooser:
    def choose(b: Board, legal: list[Action]) -> Action:
        return place(b, legal) or move(b, legal)

    return choose
