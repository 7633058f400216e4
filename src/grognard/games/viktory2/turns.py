"""The Player Turn (6.0): its start, its end, and the per-turn record.

Each Player Turn runs build (7.0) -> move (9.0-12.0) -> reserves (13.0). The record in
`data["turn"]` holds what the rules must remember only for the turn in progress; it
is rebuilt at every turn start, so nothing stale crosses turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core import flow
from grognard.core.flow import Frame, GameStep
from grognard.core.game import Role

from . import victory
from .layout import Attack, TurnRecord

if TYPE_CHECKING:
    from .state import Viktory2State


def new_turn_record(player: Role, number: int) -> TurnRecord:
    """A fresh record of the Player Turn (layout.TurnRecord says what each key keeps)."""
    return {
        "player": player,
        "number": number,
        "phase": "build",
        "mp": {},            # uid -> movement points left (9.11, 9.31)
        "done": [],          # uids whose movement has ended (9.0, 10.7)
        "moving": None,      # the unit being moved now: one at a time (9.0)
        "attacked": {},      # uid -> "bombard" | "battle" (10.6)
        "transported": [],   # land units embarked this turn (9.43, 9.44)
        "carried": {},       # frigate -> land units carried this turn (9.41)
        "dropoff": {},       # frigate -> the one hex it dropped units into (9.46)
        "start_hexes": [],   # hexes where the player's land units began the turn (9.12 B)
        "battles": [],       # hexes where a battle was fought this turn (12.2)
        "entries": {},       # battle hex -> hexes attacking units entered from (12.3, 3)
        "new_towns": [],     # towns built this turn: not yet roads or ports (9.13, 9.32)
        "no_attack": False,  # 15.63 vassal reorganisation
    }


def next_player(st: Viktory2State, role: Role) -> Role | None:
    """The next player clockwise (6.0) who is still in the game."""
    order = st.data["order"]
    i = order.index(role)
    for k in range(1, len(order) + 1):
        nxt = order[(i + k) % len(order)]
        if nxt not in st.data["eliminated"]:
            return str(nxt)
    return None


class StartTurn(GameStep["Viktory2State"]):
    """Automatic: reset the turn record, run the turn-start victory checks (5.4, 5.5)."""

    def actors(self, game: Viktory2State, frame: Frame) -> list[str]:
        return []

    def run(self, game: Viktory2State, frame: Frame) -> None:
        st: Viktory2State = game
        role = frame["role"]
        st.data["turns"] += 1
        st.data["turn"] = new_turn_record(role, st.data["turns"])
        st.data["turn"]["start_hexes"] = sorted(
            {u["hex"] for u in st.units.values() if u["owner"] == role and u["hex"] is not None
             and u["type"] != "frigate"}
        )
        st.data["turn"]["no_attack"] = role in st.data.get("reorganizing", [])
        if role in st.data.get("reorganizing", []):
            st.data["reorganizing"].remove(role)
        # numbered in rounds, as the page's counter and the turn_limit option are
        # (a round is every player's turn once; "rounds" counts the completed ones)
        st.log(f"— round {st.data.get('rounds', 0) + 1}: {role} —")
        victory.at_turn_start(st, role)
        if st.data["winner"] is not None:
            return
        flow.goto(st.flow, "build", role=role)


class EndTurn(GameStep["Viktory2State"]):
    """Automatic: end-of-turn victory checks, then the next player's turn (6.0)."""

    def actors(self, game: Viktory2State, frame: Frame) -> list[str]:
        return []

    def run(self, game: Viktory2State, frame: Frame) -> None:
        st: Viktory2State = game
        victory.check(st)
        if st.data["winner"] is not None:
            return
        nxt = next_player(st, frame["role"])
        if nxt is None:
            victory.check(st)
            return
        flow.goto(st.flow, "start_turn", role=nxt)


# ----- bookkeeping shared by the movement and combat modules --------------------------
def end_movement(st: Viktory2State, uid: str) -> None:
    """9.0, 10.7: the unit may not move again this turn."""
    turn = st.data["turn"]
    turn["mp"][uid] = 0
    if uid not in turn["done"]:
        turn["done"].append(uid)
        turn["done"].sort()
    if turn["moving"] == uid:
        turn["moving"] = None


def mark_attacked(st: Viktory2State, uid: str, kind: Attack) -> None:
    """10.6: one attack per unit per turn; 10.7: attacking ends movement."""
    st.data["turn"]["attacked"][uid] = kind
    end_movement(st, uid)
