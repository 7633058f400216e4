"""15.6 Subjugation: captured capitals make vassals, rulers and forced alliances.

`data["ruler"]` maps each vassal to his ruler (15.61); an alliance is a ruler and his
vassals. With the option `subjugation` off nobody is ever a vassal, so every
predicate here answers as if there were no alliances.

A capture of a capital with the rule on (15.62):
  1. the captor becomes the loser's ruler, the town goes back to the loser;
  2. step `relocate_from_capital`: the captor moves each of his units out of the
     capital into an adjacent hex (or aboard one of his frigates next to it); hexes
     entered that hold enemy or vassal units are fought over once all are out;
  3. step `vassal_reinforce`: the vassal may place Reserve units in his capital only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from grognard.core import flow
from grognard.core.flow import Frame, Step
from grognard.core.game import Action, Role

from . import battle, reserves, victory
from .state import LAND_UNITS, Viktory2State

#: Frames of the phases of a Player Turn; anything else on top of the stack is a
#: procedure (a battle, a casualty choice...) that must finish before ours run.
PHASE_STEPS = frozenset({"build", "move", "reserves"})


def is_on(st: Viktory2State) -> bool:
    return bool(st.option("subjugation"))


def vassals_of(st: Viktory2State, ruler: Role) -> list[Role]:
    return sorted(v for v, r in st.data["ruler"].items() if r == ruler)


def is_vassal(st: Viktory2State, role: Role) -> bool:
    return role in st.data["ruler"]


def _free(st: Viktory2State, vassal: Role, why: str) -> None:
    """15.65: the vassal leaves his forced alliance."""
    if st.data["ruler"].pop(vassal, None) is not None:
        st.log(f"{vassal} is no longer a vassal ({why})")


def forget(st: Viktory2State, role: Role) -> None:
    """An eliminated player is nobody's ruler or vassal any more."""
    st.data["ruler"].pop(role, None)
    for vassal in vassals_of(st, role):
        _free(st, vassal, f"{role} is out of the game")


def alliance_winner(st: Viktory2State) -> Role | None:
    """5.2, 15.66: the ruler whose alliance is everybody left, if any."""
    if not is_on(st):
        return None
    alive = st.alive()
    heads = {st.ruler_of(r) for r in alive}
    if len(alive) > 1 and len(heads) == 1:
        return heads.pop()
    return None


# ----- 15.63, 15.64 predicates for movement and combat ----------------------------------
def may_attack(st: Viktory2State, attacker: Role, defender: Role) -> bool:
    """May attacker bombard or battle defender's units or towns now?"""
    # 15.63 reorganisation: no attack at all on the turn after losing the capital
    turn = st.data["turn"]
    if turn["player"] == attacker and turn.get("no_attack"):
        return False
    # 15.64 a vassal never attacks his alliance (his ruler may: that frees the vassal, 15.65)
    return not (st.allied(attacker, defender) and is_vassal(st, attacker))


def may_stop_in(st: Viktory2State, role: Role, hex_: str) -> bool:
    """15.64: a vassal may cross, but not stop in, a hex with alliance units or a town.

    A ruler may stop with his vassal: that starts a battle (call `on_attack` first).
    """
    if not is_vassal(st, role):
        return True
    town = st.town_at(hex_)
    if town is not None and st.allied(role, town["owner"]):
        return False
    return not any(st.allied(role, st.units[u]["owner"]) for u in st.units_at(hex_))


def aids_movement(st: Viktory2State, role: Role, other: Role) -> bool:
    """15.64: alliance towns and units count as role's own for 9.12 and 9.13."""
    return st.friendly(role, other)


def on_attack(st: Viktory2State, attacker: Role, defender: Role) -> None:
    """15.65 (1): a ruler who battles or bombards his vassal frees him."""
    if st.data["ruler"].get(defender) == attacker:
        _free(st, defender, f"{attacker} attacked him")


# ----- 15.61, 15.62 a captured capital ------------------------------------------------
def on_capital_captured(st: Viktory2State, loser: Role, captor: Role, hex_: str) -> None:
    """Combat calls this once captor has taken hex_, the capital of `loser`.

    The capture is recorded for 5.3 in any case (a player retaking his own capital
    loses nothing). With the subjugation rule on, 15.6 replaces 14.0: combat leaves the
    capital and its units to the loser (no 10.2/10.3 exchange), and 15.62 follows.
    """
    if loser == captor:
        return
    captured = st.data.setdefault("capitals_captured", [])
    if loser not in captured:
        captured.append(loser)
    if st.is_city(hex_):
        victory.note_city_captured(st)  # 5.5
    if is_on(st):
        _subjugate(st, loser, captor, hex_)
    victory.check(st)


def _subjugate(st: Viktory2State, loser: Role, captor: Role, hex_: str) -> None:
    rulers = st.data["ruler"]
    # 15.65 (2): the loser's own vassals go free; (3) a vassal who takes a capital is free
    for vassal in vassals_of(st, loser):
        _free(st, vassal, f"their ruler {loser} lost his capital")
    _free(st, captor, f"{captor} took a capital")
    # 15.61 the loser joins the captor's alliance
    rulers[loser] = captor
    st.log(f"{loser} becomes the vassal of {captor}")
    # 15.63 no attacks on the loser's next turn
    reorganizing = st.data.setdefault("reorganizing", [])
    if loser not in reorganizing:
        reorganizing.append(loser)
    # 15.62 the capital stays the loser's: combat's capture leaves it (and its units) to him
    _schedule(st, {"state": "relocate_from_capital", "role": captor, "hex": hex_, "vassal": loser})


def _schedule(st: Viktory2State, frame: Frame) -> None:
    """Run `frame` as soon as the procedure now on top of the stack (the battle that
    took the capital) ends, or at once if a phase question is on top."""
    stack = st.flow
    if stack and stack[-1]["state"] not in PHASE_STEPS:
        stack.insert(len(stack) - 1, frame)
    else:
        stack.append(frame)


def _representatives(uids: Iterable[str], st: Viktory2State) -> dict[str, str]:
    """One unit per type: the smallest id (units of a type are interchangeable)."""
    reps: dict[str, str] = {}
    for uid in sorted(uids):
        reps.setdefault(st.units[uid]["type"], uid)
    return reps


def _boardable(st: Viktory2State, role: Role, water: str, uid: str) -> str | None:
    """One of role's frigates in `water` that can take `uid` aboard."""
    from . import naval  # the movement engineer's module: the boarding rules (9.41)

    for frigate in st.units_at(water):
        unit = st.units[frigate]
        if unit["owner"] == role and unit["type"] == "frigate" and naval.can_board(st, frigate, uid):
            return frigate
    return None


class RelocateFromCapital(Step):
    """15.62: the ruler moves his units out of his new vassal's capital.

    Frame: {"state", "role": ruler, "hex": capital, "vassal", "entered": [hexes],
    "pending": [hexes still to fight over, once every unit is out]}.
    """

    def _ruler_units(self, st: Viktory2State, frame: Frame) -> list[str]:
        return [u for u in st.units_at(frame["hex"]) if st.units[u]["owner"] == frame["role"]]

    def _movable(self, st: Viktory2State, frame: Frame) -> dict[str, list[str]]:
        """Representative unit per type -> hexes it may relocate to (only those with one)."""
        from . import naval  # the boarding rules (9.41)

        units = self._ruler_units(st, frame)
        by_land = set(_representatives(units, st).values())
        # units of a type may board differently: a unit landed from a frigate this turn
        # already counts toward its three (9.41)
        by_sea: dict[tuple[str, ...], str] = {}
        for uid in sorted(units):
            by_sea.setdefault(naval.boarding_key(st, uid), uid)
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

    def actors(self, game: Any, frame: Frame) -> list[str]:
        st: Viktory2State = game
        if "pending" in frame or not self._movable(st, frame):
            return []
        return [frame["role"]]

    def legal(self, game: Any, frame: Frame, role: str) -> Iterable[Action]:
        st: Viktory2State = game
        for uid, hexes in self._movable(st, frame).items():
            yield from (("relocate_unit", uid, h) for h in hexes)

    def apply(self, game: Any, frame: Frame, role: str, action: Action) -> None:
        st: Viktory2State = game
        _, uid, dest = action
        if st.is_water(dest):
            from . import naval  # the movement engineer's boarding rules

            frigate = _boardable(st, role, dest, uid)
            assert frigate is not None
            naval.board_unit(st, frigate, uid)
            st.log(f"{role} moves {uid} out of {frame['hex']} aboard {frigate}")
            return
        st.units[uid]["hex"] = dest
        st.log(f"{role} moves {uid} {frame['hex']} → {dest}")
        entered = frame.setdefault("entered", [])
        if dest not in entered:
            entered.append(dest)
        from . import movement

        movement.explore(st, role, dest)  # 9.2 (and 15.3 when the option is on)

    def run(self, game: Any, frame: Frame) -> None:
        """Every unit is out: fight over the hexes entered that hold other players'
        units, one at a time, then let the vassal reinforce his capital."""
        st: Viktory2State = game
        role = frame["role"]
        if "pending" not in frame:
            for uid in self._ruler_units(st, frame):
                # nowhere to go (an island capital and no frigate of his alongside)
                st.to_reserve(uid)
                st.log(f"{uid} cannot leave {frame['hex']} and goes to {role}'s Reserve")
            frame["pending"] = sorted(frame.get("entered", []))
        while frame["pending"]:
            hex_ = frame["pending"].pop(0)
            here = {st.units[u]["owner"] for u in st.units_at(hex_)}
            if role not in here or here == {role}:
                continue
            for owner in sorted(here - {role}):
                on_attack(st, role, owner)  # fighting the vassal frees him (15.65)
            if battle.defender_at(st, hex_, role) is None:
                continue
            entries = st.data["turn"]["entries"].setdefault(hex_, [])
            if frame["hex"] not in entries:
                entries.append(frame["hex"])
            battle.start(st, role, hex_)
            return
        flow.goto(st.flow, "vassal_reinforce", role=frame["vassal"], hex=frame["hex"])

    def prompt(self, game: Any, frame: Frame, role: str | None) -> str:
        return f"Move your units out of {frame['vassal']}'s capital at {frame['hex']} into adjacent hexes."


class VassalReinforce(Step):
    """15.62: the new vassal may at once place Reserve units in his capital only."""

    def actors(self, game: Any, frame: Frame) -> list[str]:
        if "pending" in frame:
            return []
        return [frame["role"]]

    def legal(self, game: Any, frame: Frame, role: str) -> Iterable[Action]:
        st: Viktory2State = game
        yield ("done",)
        reps = _representatives(st.reserve_of(role), st)
        for kind, uid in reps.items():
            if kind in LAND_UNITS:
                yield ("place", uid, frame["hex"])
        if "frigate" in reps:
            for water in reserves.frigate_waters(st, role, frame["hex"], capital=True):
                if reserves.may_place_frigate(st, role, reps["frigate"], water):  # 13.5, 12.2
                    yield ("place", reps["frigate"], water)

    def apply(self, game: Any, frame: Frame, role: str, action: Action) -> None:
        st: Viktory2State = game
        if action[0] == "done":
            frame["pending"] = reserves.placement_battle_hexes(st, role, frame.get("frigates", []))
            return
        _, uid, hex_ = action
        st.units[uid]["hex"] = hex_
        if st.units[uid]["type"] == "frigate":
            frame.setdefault("frigates", []).append(hex_)
        st.log(f"{role} places {uid} at {hex_}")

    def run(self, game: Any, frame: Frame) -> None:
        """13.5 by way of 15.62: frigate battles, then back to the ruler's turn."""
        st: Viktory2State = game
        if reserves.next_placement_battle(st, frame):
            return
        st.flow.pop()  # back to the ruler's turn

    def prompt(self, game: Any, frame: Frame, role: str | None) -> str:
        return f"Place units from your Reserve in your capital at {frame['hex']}, or finish."


STEPS: dict[str, Step] = {
    "relocate_from_capital": RelocateFromCapital(),
    "vassal_reinforce": VassalReinforce(),
}
