"""The sequence of play as a data-only stack of named frames (a pushdown automaton).

A frame is a plain dict with a `"state"` key naming the question being asked and any
other JSON-safe fields it needs (`{"state": "battle_round", "hex": "0,1", "round": 2}`).
`call` pushes a sub-procedure, `goto` replaces the current frame, `become` moves it on
to another step with the same fields, `end` pops it and hands a value to the caller's
frame under the key `"returned"`. Nothing here holds
behaviour, so a game state is savable and clonable at every decision point.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeVar

Frame = dict[str, Any]

#: The state class of the ruleset a step belongs to (its `FlowState` subclass).
GameT = TypeVar("GameT")


def top(stack: list[Frame]) -> Frame:
    if not stack:
        raise RuntimeError("the flow stack is empty: the game has ended")
    return stack[-1]


def call(stack: list[Frame], state: str, **fields: Any) -> Frame:
    frame: Frame = {"state": state, **fields}
    stack.append(frame)
    return frame


def goto(stack: list[Frame], state: str, **fields: Any) -> Frame:
    stack.pop()
    return call(stack, state, **fields)


def become(frame: Frame, state: str) -> Frame:
    """The current frame moves on to its next step, keeping its fields (and the frame
    itself, which the caller may go on changing): a procedure whose steps share their
    fields, such as a battle that asks its questions one after another."""
    frame["state"] = state
    return frame


def end(stack: list[Frame], value: Any = None) -> Frame | None:
    """Pop the current frame; the caller (if any) receives `value` as `"returned"`."""
    stack.pop()
    if not stack:
        return None
    caller = stack[-1]
    caller["returned"] = value
    return caller


class GameStep(Generic[GameT]):
    """One named state of the sequence of play: who decides, what they may do.

    Subclasses override what they need. A step whose `actors` is empty is automatic:
    `FlowState` calls its `run` until a step asks a question or the game ends.
    Steps are stateless singletons; everything they remember lives in the frame.

    `GameT` is the ruleset's state class: a step of Viktory II is a
    `GameStep[Viktory2State]`, and mypy checks what its hooks ask of the game.
    """

    def actors(self, game: GameT, frame: Frame) -> list[str]:
        return [frame["role"]] if "role" in frame else []

    def legal(self, game: GameT, frame: Frame, role: str) -> Iterable[tuple[Any, ...]]:
        return ()

    def apply(self, game: GameT, frame: Frame, role: str, action: tuple[Any, ...]) -> None:
        raise RuntimeError(f"step {frame['state']} takes no actions")

    def prompt(self, game: GameT, frame: Frame, role: str | None) -> str:
        return str(frame["state"]).replace("_", " ")

    def run(self, game: GameT, frame: Frame) -> None:
        raise RuntimeError(f"step {frame['state']} has no actor and no automatic run")


#: A step whose hooks take the game untyped: the type of a table of steps of any ruleset
#: (`FlowState.STEPS`); every ruleset's steps are `GameStep` of its own state.
Step = GameStep[Any]
