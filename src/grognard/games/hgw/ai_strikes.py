"""The heuristic player's air and carrier strikes of Naval Action (port_attacks.py,
coastal_strike.py, morale_strike.py), chosen in its naval movement from its view and the
legal actions only:

- coastal air attacks an enemy naval base holding ships in port, aimed at the ships (the
  base with the most enemy ship points first); with no such base in reach it strikes a
  country's morale; it never aims at the coastal air alone (the hits a base takes come
  back as its garrison does, N9.5, the ships and the morale do not);
- carriers strike a naval base when their strike outweighs its defence (ai_raiders.py);
  else a fleet with two carrier points or more and at least as many capital ship points
  as carrier points (an escort for the interceptions on its way) strikes a country's
  morale; lone carriers stay in port.
"""

from __future__ import annotations

from typing import Any

from grognard.core.game import Action

from . import ai_raiders
from .ai_board import Board

MIN_CARRIERS = 2  # carrier points a fleet strikes with


def _in_port(b: Board, place: Any) -> int:
    """The enemy ship points in port at `place`."""
    foes = (f for f in b.fleets.values() if f["side"] in b.foes)
    return sum(int(f["sp"]) for f in foes if f["at"] == place and "patrol" not in f)


def _escorted(fleet: dict[str, Any]) -> bool:
    typed = fleet.get("ships") or {}
    carriers = int(typed.get("carrier", 0))
    return carriers >= MIN_CARRIERS and int(typed.get("capital", 0)) >= carriers


def strike(b: Board, legal: list[Action]) -> Action | None:
    """The strike the heuristic makes now, or None."""
    air = [a for a in legal if a[0] == "coastal_strike"]
    ships = [a for a in air if a[3] == "ships" and _in_port(b, a[2])]
    if ships:
        return max(ships, key=lambda a: (_in_port(b, a[2]), a[1], a[2]))
    morale = [a for a in air if a[3] == "morale"]
    if morale:
        return morale[0]
    base = ai_raiders.port_attack(b, legal)  # carriers on a base: weighed against its defence
    if base is not None:
        return base
    fleets = [a for a in legal if a[0] == "morale_strike" and _escorted(b.fleets[a[1]])]
    return fleets[0] if fleets else None
