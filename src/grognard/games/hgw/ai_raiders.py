"""The heuristic player's raiders and carrier strikes on naval bases under Naval Action
(raiders.py, N6.1-N6.4; port_attacks.py, N8.5, N11.3), deciding from its view and the
legal actions only:

- production: a declaration costs nothing (N6.1), so every fleet the rules let it
  declare is declared while the foes have a sea route declared (a raider's unescorted
  target takes triple fire, N6.4; a surface fleet raids routes only as a raider);
- naval movement, after the U-boat patrols (a patrol on a route attacks without a
  roll): a raid on an unescorted enemy route's hex (a raider's triple fire, N6.4; an
  escort's A.S.W. points would fight the U-boats, and a surface raider may raid only
  an unescorted route), where no enemy surface fleet within THREAT hexes of the hex is
  as strong as the raider (a surface raider; U-boats are not fought by surface points
  alone), the hex nearest the raider's port first (the interception roll gets harder
  with distance);
- a carrier fleet attacks the enemy naval base where the most enemy ship points lie
  (a base with none is still worth the hits that reduce it, N11.3) when its strike,
  three points a carrier (N8.5), outweighs the fire that meets it as launched: the
  base's coastal air, the fighters of the carriers in port (three a carrier) and the
  anti-aircraft fire of the ships in port (a point each).
"""

from __future__ import annotations

from typing import Any

from grognard.core.game import Action

from .ai_board import Board
from .map import hex_distance
from .naval import air_at

THREAT = 12  # hexes: the enemy surface fleets that could come at a raider (the Ranges table's)
STRIKE = 3  # N8.5: a carrier point strikes a naval base at triple strength


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


def port_attack(b: Board, legal: list[Action]) -> Action | None:
    """A carrier strike on an enemy naval base (naval movement), or None."""
    best: tuple[tuple[int, int, str, str], Action] | None = None
    # the view leaves out supply's record of captured markers (seen.py): none assumed
    data = {**b.data, "won": b.data.get("won", [])}
    for action in legal:
        if action[0] != "port_attack":
            continue
        fleet_id, base = str(action[1]), str(action[2])
        fleet = b.fleets[fleet_id]
        side = fleet["side"]
        in_port = [
            _ships(x)
            for x in b.fleets.values()
            if x["side"] != side and x.get("at") == base and "patrol" not in x
        ]
        afloat = sum(n for s in in_port for k, n in s.items() if k != "uboat")  # U-boats are no targets
        fighters = STRIKE * sum(s.get("carrier", 0) for s in in_port)
        defence = air_at(data, base, side) + fighters + afloat
        strike = STRIKE * _ships(fleet).get("carrier", 0)
        if strike <= defence:
            continue
        key = (afloat, -defence, fleet_id, base)
        if best is None or key > best[0]:
            best = (key, action)
    return best[1] if best else None
