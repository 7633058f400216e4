"""The Movement & Combat Phase (6.0 step 2): the one question "what next?".

The whole phase is one question, MovePhase. Its legal list joins land moves (the
board's answers are in situation.py), frigate moves and transport (naval.py),
bombardments (bombard.py) and battle starts (battle.py), and it hands each verb to
the module that owns it; ending the phase hands control to the step "reserves" by
name.

Units move one hex per action, one unit at a time (9.0): `turn["moving"]` is the unit
being moved, and acting with any other unit ends its movement for the turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from grognard.core import flow
from grognard.core.flow import Frame, GameStep
from grognard.core.game import Action

from . import battle, bombard, naval
from .engagement import contested_hexes
from .situation import Situation, step_unit, switch_to
from .verbs import args

if TYPE_CHECKING:
    from .state import Viktory2State


class MovePhase(GameStep["Viktory2State"]):
    """6.0 step 2: move, bombard and start battles in any order (12.4), then end."""

    def legal(self, game: Viktory2State, frame: Frame, role: str) -> Iterable[Action]:
        st: Viktory2State = game
        sit = Situation(st, role)
        moving = sit.turn["moving"]
        if moving is not None and sit.in_transit(moving):
            return sit.unit_moves(moving)
        actions: list[Action] = []
        actions.extend(sit.land_moves())
        actions.extend(naval.legal_in(sit))
        actions.extend(bombard.legal(st, role, sit.guns, sit.targets, sit.engaged))
        # a unit that entered an enemy hex must fight there before the phase ends;
        # battles start only where units are contested, so ask for starts only then
        contested = contested_hexes(st, role, sit.engaged)
        if contested:
            actions.extend(("battle", h) for h in contested)
        else:
            actions.append(("end_moves",))
        return actions

    def apply(self, game: Viktory2State, frame: Frame, role: str, action: tuple[Any, ...]) -> None:
        st: Viktory2State = game
        verb, named = action[0], args(action)  # the arguments by name (verbs.py)
        if verb == "move":
            if st.units[named["unit"]]["type"] == "frigate":
                naval.apply(st, role, action)
            else:
                step_unit(st, role, named["unit"], named["to"])
        elif verb in ("embark", "disembark"):
            naval.apply(st, role, action)
        elif verb == "bombard":
            switch_to(st, named["unit"])
            bombard.apply(st, role, action)
        elif verb == "battle":
            switch_to(st, None)
            battle.start(st, role, named["hex"])
        elif verb == "end_moves":
            switch_to(st, None)
            st.log(f"{role} ends movement and combat")
            st.data["turn"]["phase"] = "reserves"
            flow.goto(st.flow, "reserves", role=role)
        else:
            raise ValueError(f"the movement phase has no verb {verb!r}")

    def prompt(self, game: Viktory2State, frame: Frame, role: str | None) -> str:
        st: Viktory2State = game
        moving = st.data["turn"]["moving"]
        if role is not None and role == frame["role"] and moving is not None \
                and Situation(st, role).in_transit(moving):
            return f"Move {moving} on: it may not end its movement in {st.units[moving]['hex']}."
        return f"{frame['role']}: move a unit, bombard, start a battle, or end your moves."
