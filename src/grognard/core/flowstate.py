"""A State whose sequence of play is the flow stack of named `Step`s.

Rulesets built on it list their steps in `STEPS` (name -> Step) and keep the stack
in `data["flow"]`; dispatch, automatic steps and the end of the game are here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from .flow import Frame, Step, top
from .game import Action, Role, State
from .secret_choices import SecretChoices

#: A step loop that runs this many automatic steps without a question is a bug.
MAX_AUTOMATIC_STEPS = 100_000


class FlowState(State):
    STEPS: ClassVar[dict[str, Step]]

    @property
    def flow(self) -> list[Frame]:
        stack: list[Frame] = self.data["flow"]
        return stack

    def frame(self) -> Frame:
        return top(self.flow)

    def step(self) -> Step:
        return self.STEPS[self.frame()["state"]]

    # The hooks below read the stack directly rather than through frame() and step():
    # they run several times per action, and the calls add up in long simulations.
    def _active_roles(self) -> list[Role]:
        stack: list[Frame] = self.data["flow"]
        if not stack:
            return []
        frame = stack[-1]
        return self.STEPS[frame["state"]].actors(self, frame)

    def _legal_actions(self, role: Role) -> Iterable[Action]:
        frame = self.frame()
        return self.STEPS[frame["state"]].legal(self, frame, role)

    def _apply(self, role: Role, action: Action) -> None:
        frame = self.frame()
        self.STEPS[frame["state"]].apply(self, frame, role, action)
        self.advance()

    def _independent_choices(self) -> bool:
        stack: list[Frame] = self.data["flow"]
        if not stack:
            return False
        frame = stack[-1]
        step = self.STEPS[frame["state"]]
        return isinstance(step, SecretChoices) and step.independent_choices(self, frame)

    def _prompt(self, role: Role | None) -> str:
        if not self.flow:
            return "The game is over."
        return self.step().prompt(self, self.frame(), role)

    def advance(self) -> None:
        """Run automatic steps until someone must decide or the game is over."""
        for _ in range(MAX_AUTOMATIC_STEPS):
            stack: list[Frame] = self.data["flow"]
            if not stack or self._result() is not None:
                return
            frame = stack[-1]
            step = self.STEPS[frame["state"]]
            if step.actors(self, frame):
                return
            step.run(self, frame)
        raise RuntimeError(f"flow stuck in automatic steps at {self.frame()}")

    def _debug_frame(self) -> dict[str, Any]:
        return dict(self.frame()) if self.flow else {}
