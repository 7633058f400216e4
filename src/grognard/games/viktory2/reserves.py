"""The Reserve Placement Phase (13.0): the last phase of a Player Turn.

The player puts units from his Reserve on the map, one action per unit, or keeps them
(13.0); `("end_turn",)` closes the phase. What one phase may put in a town or city is
its capacity (13.11: the unit types it supports, looked up in data/units.json); the
frame remembers what went where this phase:

    {"state": "reserves", "role": r,
     "placed": {hex: [unit types placed there]},   land units, per town or city
     "frigates": [water hexes],                     frigates placed (13.3, 13.4)
     "pending": [water hexes]}                      13.5 battles still to fight

A frigate placed through a forest city uses that city's frigate place; since several
forest cities may reach the same water hex, a new frigate is legal when every frigate
of the phase can still be given a distinct city (a small bipartite matching). Where a
frigate may come on, and the 13.5 battles, are asked in frigate_placement.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from grognard.core import flow
from grognard.core.flow import Frame, GameStep
from grognard.core.game import Action, Role

from .frigate_placement import (
    frigate_waters,
    may_place_frigate,
    next_placement_battle,
    placement_battle_hexes,
)
from .layout import placed
from .tables import LAND_UNITS
from .verbs import args
from .wording import unit_words

if TYPE_CHECKING:
    from .state import Viktory2State


# ----- where units may go ---------------------------------------------------------------
def threatened_hexes(st: Viktory2State, role: Role) -> set[str]:
    """13.2: hexes holding or next to a hostile unit, land or naval.

    Alliance units are not hostile, so they never block (15.64).
    """
    held = {placed(unit) for _, unit in st.iter_placed() if st.hostile(unit["owner"], role)}
    neighbors = st.geo.neighbors
    return held.union(*(neighbors[h] for h in held))


def capacity(st: Viktory2State, role: Role, hex_: str) -> list[str]:
    """13.11: the units one phase may place in role's town or city at hex_.

    14.0: while role does not hold his capital his cities take one infantry, as towns.
    """
    if not st.holds_capital(role):
        return ["infantry"]
    return st.supported_units(hex_)


def _room(capacity: list[str], placed: list[str]) -> list[str]:
    """13.11: the unit types (once each, in capacity order) a town or city may still
    take this phase, given those already placed there (a Counter difference)."""
    left: dict[str, int] = {}
    for kind in capacity:
        left[kind] = left.get(kind, 0) + 1
    for kind in placed:
        if kind in left:
            left[kind] -= 1
    return [kind for kind, n in left.items() if n > 0]


def _can_match(needs: list[str], slots: list[set[str]]) -> bool:
    """Can each needed water hex get its own forest city (slot) that reaches it?"""
    owner = [-1] * len(slots)

    def assign(i: int, seen: set[int]) -> bool:
        for s, reach in enumerate(slots):
            if s in seen or needs[i] not in reach:
                continue
            seen.add(s)
            if owner[s] < 0 or assign(owner[s], seen):
                owner[s] = i
                return True
        return False

    return all(assign(i, set()) for i in range(len(needs)))


def placements(st: Viktory2State, role: Role, frame: Frame) -> list[tuple[str, str]]:
    """(unit, hex) for one representative Reserve unit per type and every legal hex."""
    reps: dict[str, str] = {}
    for uid in st.reserve_of(role):
        reps.setdefault(st.units[uid]["type"], uid)
    if not reps:
        return []
    # 10.6: a frigate that attacked this turn places differently (may_place_frigate)
    frigates = [u for u in st.reserve_of(role) if st.units[u]["type"] == "frigate"]
    attacked = st.data["turn"]["attacked"]
    frigate_reps = [
        *[u for u in frigates if u not in attacked][:1], *[u for u in frigates if u in attacked][:1],
    ]
    out: list[tuple[str, str]] = []
    capital = st.capital_of(role) if st.holds_capital(role) else None
    threatened = threatened_hexes(st, role)
    placed: dict[str, list[str]] = frame.get("placed", {})
    slots: list[set[str]] = []
    for town in st.towns_of(role):
        if town == capital:
            # 13.4 anything in the capital, whatever its terrain and its neighbours
            out.extend((uid, town) for kind, uid in reps.items() if kind in LAND_UNITS)
            if "frigate" in capacity(st, role, town) and "frigate" in reps:
                slots.append(set(frigate_waters(st, role, town, capital=False)))  # a forest capital
            continue
        if town in threatened:  # 13.2
            continue
        room = _room(capacity(st, role, town), placed.get(town, []))
        out.extend((reps[kind], town) for kind in room if kind in LAND_UNITS and kind in reps)
        if "frigate" in room and "frigate" in reps:
            slots.append(set(frigate_waters(st, role, town, capital=False)))
    if "frigate" in reps:
        free = set(frigate_waters(st, role, capital, capital=True)) if capital else set()
        already = [h for h in frame.get("frigates", []) if h not in free]
        for water in sorted(free.union(*slots)):
            if water in free or _can_match([*already, water], slots):
                out.extend((f, water) for f in sorted(frigate_reps) if may_place_frigate(st, role, f, water))
    return out


class PlaceReserves(GameStep["Viktory2State"]):
    """13.0 Reserve Placement Phase; then the turn ends (6.0)."""

    def actors(self, game: Viktory2State, frame: Frame) -> list[str]:
        return [] if "pending" in frame else [frame["role"]]

    def legal(self, game: Viktory2State, frame: Frame, role: str) -> Iterable[Action]:
        st: Viktory2State = game
        yield ("end_turn",)
        for uid, hex_ in placements(st, role, frame):
            yield ("place", uid, hex_)

    def apply(self, game: Viktory2State, frame: Frame, role: str, action: Action) -> None:
        st: Viktory2State = game
        if action[0] == "end_turn":
            # 13.5 battles are fought once everything is placed
            frame["pending"] = placement_battle_hexes(st, role, frame.get("frigates", []))
            return
        named = args(action)
        uid, hex_ = named["unit"], named["to"]
        unit = st.units[uid]
        unit["hex"] = hex_
        if unit["type"] == "frigate":
            frame.setdefault("frigates", []).append(hex_)
        else:
            frame.setdefault("placed", {}).setdefault(hex_, []).append(unit["type"])
        st.log(f"{role} places {unit_words(st, uid, role)} at {hex_}")

    def run(self, game: Viktory2State, frame: Frame) -> None:
        st: Viktory2State = game
        if next_placement_battle(st, frame):
            return
        st.data["turn"]["phase"] = "ended"
        flow.goto(st.flow, "end_turn", role=frame["role"])

    def prompt(self, game: Viktory2State, frame: Frame, role: str | None) -> str:
        return "Place units from your Reserve in your towns and cities, or end your turn."
