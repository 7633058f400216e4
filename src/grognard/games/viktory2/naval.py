"""Frigates: naval movement and port transit (9.3-9.32), transport of land units (9.4-9.47).

Frigate steps share situation.Situation with land units (one hex and 1 MP per action,
one unit at a time). Embarking costs the frigate nothing and may happen at several
places; a frigate drops land units into one hex per turn, and dropping them ends its
movement. Cargo travels with its frigate (`aboard`, no hex of its own). What a frigate
may carry (9.41) is asked in boarding.py, shared with retreats and 15.62.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.game import Action, Role

from . import turns
from .boarding import board_unit, has_room, note_carried
from .exploration import explore
from .layout import placed
from .situation import Situation, record_entry, step_unit, switch_to
from .tables import WATER
from .verbs import args
from .wording import unit_words

if TYPE_CHECKING:
    from .state import Viktory2State


def may_land(sit: Situation, hex_: str) -> bool:
    """May cargo be put ashore in hex_ (9.46), by amphibious landing if hostile (9.47)?"""
    if not sit.is_land(hex_):
        return False
    if sit.is_hostile(hex_) and not sit.may_attack_into(hex_):
        return False
    return sit.may_stop(hex_)


def legal(st: Viktory2State, role: Role) -> list[Action]:
    """The frigate moves, embarkings and disembarkings open to role now."""
    return legal_in(Situation(st, role))


def legal_in(sit: Situation) -> list[Action]:
    actions: list[Action] = []
    units = sit.st.units
    turn = sit.turn
    for fid in sit.frigates:
        actions.extend(sit.unit_moves(fid))
        sea = placed(units[fid])  # role's frigates on the map (Situation.frigates)
        if sit.tiles[sea] != WATER:
            continue  # 9.32 in a port a frigate may only leave
        cargo = sit.cargo.get(fid, [])
        # 9.42 embark land units that have not moved, from any adjacent land hex
        if has_room(turn, fid, cargo):
            for n in sit.neighbors[sea]:
                for lid in sit.own_land_at.get(n, ()):
                    if lid not in sit.moved:
                        actions.append(("embark", fid, lid))
        # 9.46 disembark into one hex per turn; 9.47 possibly an enemy one
        if cargo:
            drop = turn["dropoff"].get(fid)
            shores = [n for n in sit.neighbors[sea] if (drop is None or drop == n) and may_land(sit, n)]
            for lid in cargo:
                if lid in turn["attacked"]:
                    continue  # 10.6 a unit that fought (and retreated aboard) attacks no more
                actions.extend(("disembark", fid, lid, n) for n in shores)
    return actions


def apply(st: Viktory2State, role: Role, action: tuple[Any, ...]) -> None:
    verb, named = action[0], args(action)  # the arguments by name (verbs.py)
    if verb == "move":
        step_unit(st, role, named["unit"], named["to"])
    elif verb == "embark":
        _embark(st, named["frigate"], named["unit"])
    elif verb == "disembark":
        _disembark(st, role, named["frigate"], named["unit"], named["to"])
    else:
        raise ValueError(f"naval movement has no verb {verb!r}")


def _embark(st: Viktory2State, frigate: str, uid: str) -> None:
    switch_to(st, frigate)
    st.log(f"{unit_words(st, uid)} boards {unit_words(st, frigate)} from {st.units[uid]['hex']}")
    board_unit(st, frigate, uid)
    # 9.43 embarking takes the land unit's whole movement
    turns.end_movement(st, uid)


def _disembark(st: Viktory2State, role: Role, frigate: str, uid: str, shore: str) -> None:
    sit = Situation(st, role)
    turn = st.data["turn"]
    switch_to(st, frigate)
    sea = placed(st.units[frigate])
    u = st.units[uid]
    u["aboard"] = None
    u["hex"] = shore
    st.log(f"{unit_words(st, frigate)} lands {unit_words(st, uid, u['owner'])} at {shore}")
    turn["dropoff"][frigate] = shore
    note_carried(turn, frigate, uid)
    if sit.is_hostile(shore):
        record_entry(st, shore, sea)  # 9.47 amphibious landing: retreat is back aboard
    # 9.43 the land unit's movement is spent; 9.46 the frigate's movement ends
    turns.end_movement(st, uid)
    turns.end_movement(st, frigate)
    explore(st, role, shore)
