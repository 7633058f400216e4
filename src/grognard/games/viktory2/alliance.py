"""15.6 Subjugation, the steps: what follows the capture of a capital (15.62).

The questions (who is whose vassal, who may attack or stop where) are in vassals.py;
combat records the capture and hands control here by step name (losses.py).

A capture of a capital with the rule on (15.62):
  1. the captor becomes the loser's ruler, the town goes back to the loser;
  2. step `relocate_from_capital`: the captor moves each of his units out of the
     capital into an adjacent hex (or aboard one of his frigates next to it); hexes
     entered that hold enemy or vassal units are fought over once all are out;
  3. step `vassal_reinforce`: the vassal may place Reserve units in his capital only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from grognard.core import flow
from grognard.core.flow import Frame, GameStep, Step
from grognard.core.game import Action, Role

from . import battle
from .boarding import board_unit, boarding_key, can_board
from .engagement import defender_at
from .exploration import explore
from .frigate_placement import (
    frigate_waters,
    may_place_frigate,
    next_placement_battle,
    placement_battle_hexes,
)
from .tables import LAND_UNITS
from .vassals import on_attack
from .verbs import args
from .wording import unit_words

if TYPE_CHECKING:
    from .state import Viktory2State


def _representatives(uids: Iterable[str], st: Viktory2State) -> dict[str, str]:
    """One unit per type: the smallest id (units of a type are interchangeable)."""
    reps: dict[str, str] = {}
    for uid in sorted(uids):
        reps.setdefault(st.units[uid]["type"], uid)
    return reps


def _boardable(st: Viktory2State, role: Role, water: str, uid: str) -> str | None:
    """One of role's frigates in `water` that can take `uid` aboard."""
    for frigate in st.units_at(water):
        unit = st.units[frigate]
        if unit["owner"] == role and unit["type"] == "frigate" and can_board(st, frigate, uid):
            return frigate
    return None


class RelocateFromCapital(GameStep["Viktory2State"]):
    """15.62: the ruler moves his units out of his new vassal's capital.

    Frame: {"state", "role": ruler, "hex": capital, "vassal", "entered": [hexes],
    "pending": [hexes still to fight over, once every unit is out]}.
    """

    def _ruler_units(self, st: Viktory2State, frame: Frame) -> list[str]:
        return [u for u in st.units_at(frame["hex"]) if st.units[u]["owner"] == frame["role"]]

    def _movable(self, st: Viktory2State, frame: Frame) -> dict[str, list[str]]:
        """Representative unit per type -> hexes it may relocate to (only those with one)."""
        units = self._ruler_units(st, frame)
        by_land = set(_representatives(units, st).values())
        # units of a type may board differently: a unit landed from a frigate this turn
        # already counts toward its three (9.41)
        by_sea: dict[tuple[str, ...], str] = {}
        for uid in sorted(units):
            by_sea.setdefault(boarding_key(st, uid), uid)
        moves = {
            uid: self.destinations(st, frame, uid, uid in by_land, uid in by_sea.values())
            for uid in sorted(by_land | set(by_sea.values()))
        }
        return {uid: hexes for uid, hexes in moves.items() if hexes}

    def destinations(self, st: Viktory2State, frame: Frame, uid: str,
                     by_land: bool = True, by_sea: bool = True) -> list[str]:
        out = []
        for n in st.neighbors(frame["hex"]):
            if (by_land and st.is_land(n)) or (
                by_sea and st.is_water(n) and _boardable(st, frame["role"], n, uid) is not None
            ):
                out.append(n)
        return out

    def actors(self, game: Viktory2State, frame: Frame) -> list[str]:
        st: Viktory2State = game
        if "pending" in frame or not self._movable(st, frame):
            return []
        return [frame["role"]]

    def legal(self, game: Viktory2State, frame: Frame, role: str) -> Iterable[Action]:
        st: Viktory2State = game
        for uid, hexes in self._movable(st, frame).items():
            yield from (("relocate_unit", uid, h) for h in hexes)

    def apply(self, game: Viktory2State, frame: Frame, role: str, action: Action) -> None:
        st: Viktory2State = game
        named = args(action)
        uid, dest = named["unit"], named["to"]
        if st.is_water(dest):
            frigate = _boardable(st, role, dest, uid)
            assert frigate is not None
            board_unit(st, frigate, uid)
            aboard = unit_words(st, frigate, role)
            st.log(f"{role} moves {unit_words(st, uid, role)} out of {frame['hex']} aboard {aboard}")
            return
        st.units[uid]["hex"] = dest
        st.log(f"{role} moves {unit_words(st, uid, role)} {frame['hex']} → {dest}")
        entered = frame.setdefault("entered", [])
        if dest not in entered:
            entered.append(dest)
        explore(st, role, dest)  # 9.2 (and 15.3 when the option is on)

    def run(self, game: Viktory2State, frame: Frame) -> None:
        """Every unit is out: fight over the hexes entered that hold other players'
        units, one at a time, then let the vassal reinforce his capital."""
        st: Viktory2State = game
        role = frame["role"]
        if "pending" not in frame:
            for uid in self._ruler_units(st, frame):
                # nowhere to go (an island capital and no frigate of his alongside)
                st.to_reserve(uid)
                st.log(f"{unit_words(st, uid)} cannot leave {frame['hex']} and goes to {role}'s Reserve")
            frame["pending"] = sorted(frame.get("entered", []))
        while frame["pending"]:
            hex_ = frame["pending"].pop(0)
            here = {st.units[u]["owner"] for u in st.units_at(hex_)}
            if role not in here or here == {role}:
                continue
            for owner in sorted(here - {role}):
                on_attack(st, role, owner)  # fighting the vassal frees him (15.65)
            if defender_at(st, hex_, role) is None:
                continue
            entries = st.data["turn"]["entries"].setdefault(hex_, [])
            if frame["hex"] not in entries:
                entries.append(frame["hex"])
            battle.start(st, role, hex_)
            return
        flow.goto(st.flow, "vassal_reinforce", role=frame["vassal"], hex=frame["hex"])

    def prompt(self, game: Viktory2State, frame: Frame, role: str | None) -> str:
        return f"Move your units out of {frame['vassal']}'s capital at {frame['hex']} into adjacent hexes."


class VassalReinforce(GameStep["Viktory2State"]):
    """15.62: the new vassal may at once place Reserve units in his capital only."""

    def actors(self, game: Viktory2State, frame: Frame) -> list[str]:
        if "pending" in frame:
            return []
        return [frame["role"]]

    def legal(self, game: Viktory2State, frame: Frame, role: str) -> Iterable[Action]:
        st: Viktory2State = game
        yield ("done",)
        reps = _representatives(st.reserve_of(role), st)
        for kind, uid in reps.items():
            if kind in LAND_UNITS:
                yield ("place", uid, frame["hex"])
        if "frigate" in reps:
            for water in frigate_waters(st, role, frame["hex"], capital=True):
                if may_place_frigate(st, role, reps["frigate"], water):  # 13.5, 12.2
                    yield ("place", reps["frigate"], water)

    def apply(self, game: Viktory2State, frame: Frame, role: str, action: Action) -> None:
        st: Viktory2State = game
        if action[0] == "done":
            frame["pending"] = placement_battle_hexes(st, role, frame.get("frigates", []))
            return
        named = args(action)
        uid, hex_ = named["unit"], named["to"]
        st.units[uid]["hex"] = hex_
        if st.units[uid]["type"] == "frigate":
            frame.setdefault("frigates", []).append(hex_)
        st.log(f"{role} places {unit_words(st, uid, role)} at {hex_}")

    def run(self, game: Viktory2State, frame: Frame) -> None:
        """13.5 by way of 15.62: frigate battles, then back to the ruler's turn."""
        st: Viktory2State = game
        if next_placement_battle(st, frame):
            return
        st.flow.pop()  # back to the ruler's turn

    def prompt(self, game: Viktory2State, frame: Frame, role: str | None) -> str:
        return f"Place units from your Reserve in your capital at {frame['hex']}, or finish."


STEPS: dict[str, Step] = {
    "relocate_from_capital": RelocateFromCapital(),
    "vassal_reinforce": VassalReinforce(),
}
