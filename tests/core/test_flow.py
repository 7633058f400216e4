"""The flow stack (call/goto/end), Steps, and FlowState, directly and through tiny."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from tinygame import TINY

from grognard.core import flowstate
from grognard.core.flow import Frame, Step, call, end, goto, top
from grognard.core.flowstate import FlowState
from grognard.core.game import Ruleset
from grognard.core.schema import Scenario


# ----- the stack ---------------------------------------------------------------------
def test_call_pushes_a_frame_with_its_fields() -> None:
    stack: list[Frame] = []
    frame = call(stack, "battle_round", hex="0,1", round=2)
    assert stack == [{"state": "battle_round", "hex": "0,1", "round": 2}]
    assert frame is stack[-1]


def test_goto_replaces_the_top_frame() -> None:
    stack: list[Frame] = [{"state": "turn"}, {"state": "move", "unit": "u1"}]
    goto(stack, "attack", unit="u1")
    assert stack == [{"state": "turn"}, {"state": "attack", "unit": "u1"}]


def test_end_pops_and_returns_a_value_to_the_caller() -> None:
    stack: list[Frame] = []
    call(stack, "turn", player="red")
    call(stack, "battle", hex="2,3")
    caller = end(stack, {"winner": "red"})
    assert caller is stack[-1]
    assert stack == [{"state": "turn", "player": "red", "returned": {"winner": "red"}}]


def test_end_of_the_last_frame_returns_none() -> None:
    stack: list[Frame] = [{"state": "game"}]
    assert end(stack) is None
    assert stack == []


def test_top_of_an_empty_stack_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="empty"):
        top([])
    assert top([{"state": "a"}, {"state": "b"}]) == {"state": "b"}


def test_frames_stay_plain_json() -> None:
    import json

    stack: list[Frame] = []
    call(stack, "a", n=1)
    call(stack, "b", items=["x"])
    end(stack, [1, 2])
    assert json.loads(json.dumps(stack)) == stack


# ----- Step defaults -----------------------------------------------------------------
def test_step_defaults() -> None:
    step = Step()
    assert step.actors(None, {"state": "move_who", "role": "red"}) == ["red"]
    assert step.actors(None, {"state": "upkeep"}) == []
    assert list(step.legal(None, {"state": "x"}, "red")) == []
    assert step.prompt(None, {"state": "move_who"}, "red") == "move who"
    with pytest.raises(RuntimeError, match="takes no actions"):
        step.apply(None, {"state": "upkeep"}, "red", ("go",))
    with pytest.raises(RuntimeError, match="no automatic run"):
        step.run(None, {"state": "upkeep"})


# ----- FlowState -----------------------------------------------------------------------
class Countdown(Step):
    """Automatic: counts down, then asks `red` to stop."""

    def actors(self, game: Any, frame: Frame) -> list[str]:
        return []

    def run(self, game: Any, frame: Frame) -> None:
        game.data["ticks"] += 1
        if frame["n"] > 0:
            goto(game.flow, "countdown", n=frame["n"] - 1)
        else:
            goto(game.flow, "ask", role="red")


class Ask(Step):
    def legal(self, game: Any, frame: Frame, role: str) -> list[tuple[Any, ...]]:
        return [("stop",), ("again",)]

    def apply(self, game: Any, frame: Frame, role: str, action: tuple[Any, ...]) -> None:
        if action == ("again",):
            goto(game.flow, "countdown", n=2)
        else:
            end(game.flow)


class Forever(Step):
    def actors(self, game: Any, frame: Frame) -> list[str]:
        return []

    def run(self, game: Any, frame: Frame) -> None:
        goto(game.flow, "forever")


class MiniState(FlowState):
    STEPS: ClassVar[dict[str, Step]] = {"countdown": Countdown(), "ask": Ask(), "forever": Forever()}

    def _view(self, role: str | None) -> dict[str, Any]:
        return {"ticks": self.data["ticks"]}

    def _result(self) -> dict[str, float] | None:
        return None if self.flow else {"red": 1.0}


class Mini(Ruleset):
    id = "mini"
    name = "Mini"
    version = 1
    scenarios = (Scenario("only", "Only", "One scenario.", players=(1,)),)
    options = ()
    state_class = MiniState
    start = "countdown"

    def roles(self, scenario: str | None = None, options: Any = None) -> list[str]:
        return ["red"]

    def setup(self, state: Any) -> None:
        state.data["ticks"] = 0
        call(state.flow, self.start, n=3)
        state.advance()


def test_automatic_steps_run_until_a_question() -> None:
    state = Mini().new_game()
    assert state.data["ticks"] == 4
    assert state.active_roles() == ["red"]
    assert state.frame() == {"state": "ask", "role": "red"}
    assert state.view("red")["prompt"] == "ask"


def test_an_action_runs_the_automatic_steps_after_it() -> None:
    state = Mini().new_game()
    state.apply("red", ("again",))
    assert state.data["ticks"] == 7
    state.apply("red", ("stop",))
    assert state.flow == []
    assert state.is_over()
    assert state.active_roles() == []
    assert state.view("red")["prompt"] == "The game is over."


def test_a_flow_stuck_in_automatic_steps_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(flowstate, "MAX_AUTOMATIC_STEPS", 50)
    monkeypatch.setattr(Mini, "start", "forever")
    with pytest.raises(RuntimeError, match="stuck"):
        Mini().new_game()


# ----- the tiny game's flow ----------------------------------------------------------------
def test_tiny_calls_each_round_and_returns_to_play() -> None:
    state = TINY.new_game("sprint", seed=1)
    assert [f["state"] for f in state.flow] == ["play", "pick"]
    for role, n in (("north", 3), ("east", 1), ("south", 1)):
        state.apply(role, ("pick", n))
    assert [f["state"] for f in state.flow] == ["play", "roll"]
    assert state.frame()["role"] == "north"
    state.apply("north", ("roll",))
    assert [f["state"] for f in state.flow] == ["play", "north_turn"]
    state.apply("north", ("done",))
    assert state.data["round"] == 2
    assert [f["state"] for f in state.flow] == ["play", "pick"]
    assert "returned" not in state.flow[0]


def test_tiny_rolls_for_every_tied_winner_in_seating_order() -> None:
    state = TINY.new_game(seed=1)
    for role in ("south", "east", "north"):
        state.apply(role, ("pick", 2))
    rollers = []
    while state.frame()["state"] == "roll":
        rollers.append(state.active_roles()[0])
        state.apply(rollers[-1], ("roll",))
    assert rollers == ["north", "east", "south"]


def test_tiny_ends_through_goto_final_and_end() -> None:
    state = TINY.new_game("sprint", seed=2)
    for _ in range(2):
        for role in ("north", "east", "south"):
            state.apply(role, ("pick", 3))
        for role in ("north", "east", "south"):
            state.apply(role, ("roll",))
        state.apply("north", ("done",))
    assert state.flow == []
    assert state.is_over()
    assert state.data["shown"] is True
