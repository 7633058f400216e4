"""Exploration: revealing face-down hexes (9.2) and its balancing variant (15.3).

A unit entering a hex, a new town or city (7.3) and a new capital (4.0) reveal tiles;
when one act reveals two or more water hexes and 15.3 is on, the player may swap one
for land. That offer is the step "rebalance" (production.py), reached here through the
flow by its name, so movement, building and the 15.62 moves share this module and it
imports no phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core import flow
from grognard.core.game import Role

from .tables import LAND

if TYPE_CHECKING:
    from .state import Viktory2State


def explore(st: Viktory2State, role: Role, hex_: str) -> list[str]:
    """9.2: a unit entering a hex reveals every face-down neighbour (15.3 may follow)."""
    revealed = st.explore_around(hex_)
    if revealed:
        rebalance_after(st, role, revealed)
    return revealed


def land_in_stock(st: Viktory2State) -> int:
    """Land tiles left in the unused stock (15.3 draws one of them)."""
    stock = st.data["stock"]
    return sum(stock.get(t, 0) for t in LAND)


def rebalance_after(st: Viktory2State, role: Role, revealed: list[str]) -> None:
    """15.3: after one act revealed 2+ water hexes, let role swap one of them for land.

    Pushes a "rebalance" frame on top of the flow; does nothing when the option is
    off, fewer than two water hexes were revealed, or the stock holds no land.
    """
    if not st.option("exploration_balancing"):
        return
    water = sorted(h for h in revealed if st.is_water(h))
    if len(water) < 2 or not land_in_stock(st):
        return
    flow.call(st.flow, "rebalance", role=role, water=water)
