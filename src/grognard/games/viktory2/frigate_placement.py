"""Where a frigate comes on from the Reserve (13.3, 13.4), and the naval battle a
placement may start (13.5).

Both the Reserve Placement Phase (reserves.py) and a new vassal's reinforcement of
his capital (15.62, alliance.py) place frigates, so these questions live here, below
both phases.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from grognard.core.flow import Frame
from grognard.core.game import Role

from . import battle

if TYPE_CHECKING:
    from .state import Viktory2State


def _alliance_frigate_at(st: Viktory2State, role: Role, water: str) -> bool:
    return any(
        st.units[u]["type"] == "frigate" and st.allied(role, st.units[u]["owner"]) for u in st.units_at(water)
    )


def frigate_waters(st: Viktory2State, role: Role, hex_: str, capital: bool) -> list[str]:
    """Water hexes where a frigate of role's may be placed from the settlement at hex_.

    13.3 a forest city: the adjacent water hexes, or the nearest ones if none is adjacent.
    13.4 the capital: the adjacent water hexes only.
    15.62, 15.64 never into water holding an alliance frigate; if those fill every adjacent
    water hex, the nearest free water hexes instead.
    A hostile frigate does not forbid the hex: a battle follows (13.5).
    """
    adjacent = [n for n in st.neighbors(hex_) if st.is_water(n)]
    free = [n for n in adjacent if not _alliance_frigate_at(st, role, n)]
    if free or (capital and not adjacent):
        return free
    best: list[str] = []
    best_d = -1
    for water in st.geo.ids:
        if not st.is_water(water) or _alliance_frigate_at(st, role, water):
            continue
        d = st.distance(hex_, water)
        if best_d < 0 or d < best_d:
            best, best_d = [water], d
        elif d == best_d:
            best.append(water)
    return sorted(best)


def _hostile_frigate_at(st: Viktory2State, role: Role, water: str) -> bool:
    units = st.units
    return any(
        units[u]["type"] == "frigate" and st.hostile(role, units[u]["owner"]) for u in st.units_at(water)
    )


def may_place_frigate(st: Viktory2State, role: Role, frigate: str, water: str) -> bool:
    """13.5 read with 12.2 and 10.6: a frigate may be placed onto another player's
    frigate only where the naval battle that follows may be fought. So not in a water
    hex that already saw a battle this Player Turn (12.2), and not a frigate that has
    already made its one attack this turn (10.6), e.g. one sunk in a battle and now back
    in the Reserve. Water free of hostile frigates starts no battle and stays open."""
    if not _hostile_frigate_at(st, role, water):
        return True
    turn = st.data["turn"]
    return water not in turn["battles"] and frigate not in turn["attacked"]


# ----- 13.5 placement naval battles ------------------------------------------------------
def placement_battle_hexes(st: Viktory2State, role: Role, waters: Iterable[str]) -> list[str]:
    """Water hexes where role placed a frigate beside another player's hostile frigate."""
    return sorted(
        {
            w
            for w in waters
            if any(
                st.units[u]["type"] == "frigate" and st.hostile(st.units[u]["owner"], role)
                for u in st.units_at(w)
            )
        }
    )


def next_placement_battle(st: Viktory2State, frame: Frame) -> bool:
    """Start the next 13.5 battle still to fight in frame["pending"]; False when none is left."""
    role = frame["role"]
    while frame["pending"]:
        water = frame["pending"].pop(0)
        owners = {st.units[u]["owner"] for u in st.units_at(water) if st.units[u]["type"] == "frigate"}
        if role in owners and any(st.hostile(o, role) for o in owners):
            battle.start_placement_battle(st, role, water)
            return True
    return False
