"""The sequence of play of Viktory II as one table of named steps (4.0-14.0 and the
variants of 15): the phase modules hand control on by step name through the flow."""

from __future__ import annotations

from grognard.core.flow import Step

from . import alliance, battle, losses, movement, production, reserves, setup, turns

STEPS: dict[str, Step] = {
    "choose_capital": setup.ChooseCapital(),
    "start_turn": turns.StartTurn(),
    "build": production.Build(),
    "rebalance": production.Rebalance(),
    "rebuild": production.Rebuild(),
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
