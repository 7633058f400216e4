"""The heuristic player's air and carrier strikes of Naval Action (port_attacks.py,
coastal_strike.py, morale_strike.py), chosen in its naval movement from its view and the
legal actions only:

- coastal air attacks an enemy naval base holding ships in port, aimed at the ships (the
  base with the most enemy ship points first); with no such base in reach it strikes a
  country's morale; it never aims at the coastal air alone (the hits a base takes come
  back as its garrison does, N9.5, the ships and the morale do not);
- a carrier fleet attacks the enemy naval base where the most enemy ship points lie
  (a base with none is still worth the hits that reduce it, N11.3) when its strike,
  three points a carrier (N8.5), outweighs the fire that meets it as launched: the
  base's coastal air, the fighters of the carriers in port (three a carrier) and the
  anti-aircraft fire of the ships in port (a point each);
  else a fleet with two carrier points or more and at least as many capital ship points
  as carrier points (an escort for the interceptions on its way) strikes a country's
  morale; lone carriers stay in port.
"""

from __future__ import annotations

from typing import Any

from grognard.core.game import Action

from .ai_board import Board
from .layout import HgwBoard
from .naval import air_at
from .supply import traced_once

MIN_CARRIERS = 2  # carrier points a fleet strikes with
STRIKE = 3  # N8.5: a carrier point strikes a naval base at triple strength


def _in_port(b: Board, place: Any) -> int:
    """The enemy ship points in port at `place`."""
    foes = (f for f in b.fleets.values() if f["side"] in b.foes)
    return sum(int(f["sp"]) for f in foes if f["at"] == place and "patrol" not in f)


def _escorted(fleet: dict[str, Any]) -> bool:
    typed = fleet.get("ships") or {}
    carriers = int(typed.get("carrier", 0))
    return carriers >= MIN_CARRIERS and int(typed.get("capital", 0)) >= carriers


def _typed(fleet: dict[str, Any]) -> dict[str, int]:
    return {k: int(n) for k, n in fleet.get("ships", {}).items()}


def port_attack(b: Board, legal: list[Action]) -> Action | None:
    """A carrier strike on an enemy naval base (naval movement), or None."""
    best: tuple[tuple[int, int, str, str], Action] | None = None
    # the view leaves out supply's record of captured markers (seen.py): none assumed
    data: HgwBoard = {**b.data, "won": b.data.get("won", [])}
    with traced_once(data):  # each base's defender asks its supply: traced once a side
        for action in legal:
            if action[0] == "port_attack":
                best = _better_strike(b, data, action, best)
    return best[1] if best else None


def _better_strike(
    b: Board, data: HgwBoard, action: Action, best: tuple[tuple[int, int, str, str], Action] | None
) -> tuple[tuple[int, int, str, str], Action] | None:
    """`best` or, if it beats it, the carrier strike `action`: one that outweighs the
    base's defence, the most ships afloat there first, then the weakest defence."""
    fleet_id, base = str(action[1]), str(action[2])
    fleet = b.fleets[fleet_id]
    side = fleet["side"]
    in_port = [
        _typed(x)
        for x in b.fleets.values()
        if x["side"] != side and x.get("at") == base and "patrol" not in x
    ]
    afloat = sum(n for s in in_port for k, n in s.items() if k != "uboat")  # U-boats are no targets
    fighters = STRIKE * sum(s.get("carrier", 0) for s in in_port)
    defence = air_at(data, base, side) + fighters + afloat
    strike = STRIKE * _typed(fleet).get("carrier", 0)
    if strike <= defence:
        return best
    key = (afloat, -defence, fleet_id, base)
    return (key, action) if best is None or key > best[0] else best


def strike(b: Board, legal: list[Action]) -> Action | None:
    """The strike the heuristic makes now, or None."""
    air = [a for a in legal if a[0] == "coastal_strike"]
    ships = [a for a in air if a[3] == "ships" and _in_port(b, a[2])]
    if ships:
        return max(ships, key=lambda a: (_in_port(b, a[2]), a[1], a[2]))
    morale = [a for a in air if a[3] == "morale"]
    if morale:
        return morale[0]
    base = port_attack(b, legal)  # carriers on a base: weighed against its defence
    if base is not None:
        return base
    fleets = [a for a in legal if a[0] == "morale_strike" and _escorted(b.fleets[a[1]])]
    return fleets[0] if fleets else None
