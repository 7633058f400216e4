"""Frigates carrying land units: the questions of 9.41 and 9.45 that movement,
retreats (12.3 step 3) and the move out of a captured capital (15.62) all ask.

A frigate holds three land units at a time and carries three in a whole turn. The
turn record keeps, per frigate, the units it carried this turn (`carried`) and all
units transported (`transported`, 9.43, 9.44). This module imports no phase.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .layout import TurnRecord
from .tables import tables

if TYPE_CHECKING:
    from .state import Viktory2State


@cache
def capacity() -> int:
    """9.41: land units a frigate carries at a time, and in a whole turn."""
    return int(tables()["units"]["frigate"]["cargo"])


def _carried(turn: TurnRecord, frigate: str, cargo: list[str]) -> set[str]:
    """9.41: land units the frigate carried this turn, those aboard now included."""
    return set(turn["carried"].get(frigate, ())) | set(cargo)


def has_room(turn: TurnRecord, frigate: str, cargo: list[str]) -> bool:
    """9.41: room aboard for a unit the frigate has not carried yet this turn."""
    cap = capacity()
    return len(cargo) < cap and len(_carried(turn, frigate, cargo)) < cap


def _fits(aboard: int, carried: set[str], uid: str) -> bool:
    """9.41: fewer than three aboard now, and uid within the frigate's three this turn.

    A unit the frigate already carried this turn (it landed from it) is one of those
    three already: boarding again carries no new unit, so it never counts twice. This
    is what lets landed units retreat back aboard (12.3 step 3) or leave a captured
    island capital aboard (15.62)."""
    cap = capacity()
    return aboard < cap and (uid in carried or len(carried) < cap)


def boarding_key(st: Viktory2State, uid: str) -> tuple[str, ...]:
    """Land units with the same key are interchangeable for boarding: same type, and
    already counted (9.41) by the same frigates this turn."""
    carried_by = sorted(f for f, uids in st.data["turn"]["carried"].items() if uid in uids)
    return (st.units[uid]["type"], *carried_by)


def can_all_board(
    st: Viktory2State, frigates: list[str], uids: list[str], first: tuple[str, str] | None = None,
) -> bool:
    """Can every unit in uids be put aboard one of these frigates together (9.41)?

    `first` = (frigate, uid) fixes where one of them goes; the others are matched by a
    small search (a battle hex holds few units and few frigates wait beside it)."""
    turn = st.data["turn"]
    loads = {f: (len(st.cargo_of(f)), _carried(turn, f, st.cargo_of(f))) for f in frigates}
    rest = list(uids)
    if first is not None:
        frigate, uid = first
        aboard, carried = loads[frigate]
        if not _fits(aboard, carried, uid) or not _beside(st, frigate, uid):
            return False
        loads[frigate] = (aboard + 1, carried | {uid})
        rest.remove(uid)
    if len(rest) > sum(capacity() - aboard for aboard, _ in loads.values()):
        return False

    def place(i: int) -> bool:
        if i == len(rest):
            return True
        uid = rest[i]
        for f in frigates:
            aboard, carried = loads[f]
            if _fits(aboard, carried, uid) and _beside(st, f, uid):
                loads[f] = (aboard + 1, carried | {uid})
                if place(i + 1):
                    return True
                loads[f] = (aboard, carried)
        return False

    return place(0)


def _beside(st: Viktory2State, frigate: str, uid: str) -> bool:
    """Same owner, a land unit on the map next to the frigate, which is at sea (9.32)."""
    f = st.units.get(frigate)
    u = st.units.get(uid)
    if f is None or u is None or f["type"] != "frigate" or not st.is_land_unit(uid):
        return False
    if f["owner"] != u["owner"] or f["hex"] is None or u["hex"] is None:
        return False
    # 9.32 no pick-up in a port: the frigate must be at sea, next to the unit
    return bool(st.is_water(f["hex"]) and u["hex"] in st.neighbors(f["hex"]))


def can_board(st: Viktory2State, frigate: str, uid: str) -> bool:
    """May this land unit step aboard this frigate now (capacity and position only)?

    Used by embarking (9.42) and by retreats onto adjacent frigates (12.3 step 3); the
    callers add their own conditions (e.g. embarking needs a unit that has not moved).
    """
    if not _beside(st, frigate, uid):
        return False
    cargo = st.cargo_of(frigate)
    return _fits(len(cargo), _carried(st.data["turn"], frigate, cargo), uid)


def board_unit(st: Viktory2State, frigate: str, uid: str) -> None:
    """Put a land unit aboard a frigate: it becomes cargo (9.45), carried this turn (9.41).

    The caller logs the act (embarking here, a retreat in battle.py).
    """
    u = st.units[uid]
    u["hex"] = None
    u["aboard"] = frigate
    note_carried(st.data["turn"], frigate, uid)


def note_carried(turn: TurnRecord, frigate: str, uid: str) -> None:
    """9.41: the unit counts toward the frigate's three this turn; 9.43, 9.44: a
    transported unit moves no more and its artillery may not bombard."""
    for seen in (turn["carried"].setdefault(frigate, []), turn["transported"]):
        if uid not in seen:
            seen.append(uid)
            seen.sort()
