"""The sequence of play of Viktory II as named steps, and the set-up of a new game."""

from __future__ import annotations

from typing import Any

from . import alliance, battle, board, building, losses, movement, reserves, setup, turns
from .state import Viktory2State

STEPS: dict[str, Any] = {
    "choose_capital": setup.ChooseCapital(),
    "start_turn": turns.StartTurn(),
    "build": building.Build(),
    "rebalance": building.Rebalance(),
    "rebuild": building.Rebuild(),
    "move": movement.MovePhase(),
    "battle": battle.BattleStep(),
    "casualties": losses.Casualties(),
    "retreat": battle.Retreat(),
    "luck": battle.LuckAveraging(),
    "eliminate": losses.Eliminate(),
    "reserves": reserves.PlaceReserves(),
    "end_turn": turns.EndTurn(),
    **alliance.STEPS,
}
Viktory2State.STEPS = STEPS


def setup_game(st: Viktory2State) -> None:
    """3.2 board, 3.3 starting hexes, 4.0 turn order and the capital procedure."""
    d = st.data
    d.update(
        towns={}, capitals={}, units={}, next_uid=1, turns=0, ruler={},
        doomsday={"started": False, "marked": []}, eliminated=[], winner=None,
        reorganizing=[],
    )
    board.lay_out(st)          # fills board, tiles, stock, starts
    setup.begin(st)            # order, turn record, flow frames for 4.0
    assert d["flow"], "setup must leave a question on the flow stack"
