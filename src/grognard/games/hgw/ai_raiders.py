"""The heuristic player's raiders under Naval Action (raiders.py, N6.1-N6.4), deciding
from its view and the legal actions only (its carrier strikes on naval bases are
ai_strikes.py's):

- production: a declaration costs nothing (N6.1), so every fleet the rules let it
  declare is declared while the foes have a sea route declared (a raider's unescorted
  target takes triple fire, N6.4; a surface fleet raids routes only as a raider);
- naval movement, after the U-boat patrols (a patrol on a route attacks without a
  roll): a raid on an unescorted enemy route's hex (a raider's triple fire, N6.4; an
  escort's A.S.W. points would fight the U-boats, and a surface raider may raid only
  an unescorted route), where no enemy surface fleet within THREAT hexes of the hex is
  as strong as the raider (a surface raider; U-boats are not fought by surface points
  alone), the hex nearest the raider's port first (the interception roll gets harder
  with distance).
"""

from __future__ import annotations

from typing import Any

from grognard.core.game import Action

from .ai_board import Board
from .map import hex_distance

THREAT = 12  # hexes: the enemy surface fleets that could come at a raider (the Ranges table's)


def _ships(fleet: dict[str, Any]) -> dict[str, int]:
    return {k: int(n) for k, n in fleet.get("ships", {}).items()}


def _where(fleet: dict[str, Any]) -> str | None:
    return fleet.get("patrol") or fleet.get("at")


def declare(b: Board, legal: list[Action]) -> Action | None:
    """A raider declaration (production), or None: the first fleet offered, by id."""
    routes = b.data.get("sea_routes", {})
    if not any(r["side"] in b.foes for r in routes.values()):
        return None
    offered = sorted(a for a in legal if a[0] == "declare_raider")
    return offered[0] if offered else None


def raid(b: Board, legal: list[Action]) -> Action | None:
    """A route raid (naval movement), or None."""
    escorted = set(b.data.get("route_escorts", {}))
    # N3.5 lets any surface fleet raid a route; only a declared raider triples its fire
    # (N6.4), so only raiders are sent: the other fleets patrol (ai_naval.surface_patrol)
    raiders = set(b.data.get("raiders", ()))
    foes = [
        (str(_where(x)), int(x["sp"]))
        for x in b.fleets.values()
        if x["side"] in b.foes and _where(x) and int(x["sp"]) > 0 and not _ships(x).get("uboat")
    ]
    best: tuple[tuple[int, str, str], Action] | None = None
    for action in legal:
        if action[0] != "raid_route" or action[2] in escorted or action[1] not in raiders:
            continue
        fleet_id, route, hex_ = str(action[1]), str(action[2]), str(action[3])
        fleet = b.fleets[fleet_id]
        if not _ships(fleet).get("uboat"):  # a surface raider keeps clear of stronger fleets
            threat = max((sp for at, sp in foes if hex_distance(at, hex_) <= THREAT), default=0)
            if threat >= int(fleet["sp"]):
                continue
        base = fleet.get("at")
        key = (hex_distance(str(base), hex_) if base else 0, route, hex_)
        if best is None or key < best[0]:
            best = (key, action)
    return best[1] if best else None
