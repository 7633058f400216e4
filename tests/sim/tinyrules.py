"""A throwaway ruleset for the agent, sim and CLI tests: take 1 or 2 from a pile, or
roll a die to take 1-3; whoever takes the last wins. Option `draw_after` ends the
game in a draw after that many turns (0 = never)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from grognard.core.game import Action, Result, Role, Ruleset, State
from grognard.core.registry import Registry
from grognard.core.schema import Option, Scenario


class TinyState(State):
    def _active_roles(self) -> list[Role]:
        return [self.data["to_move"]]

    def _legal_actions(self, role: Role) -> Iterable[Action]:
        yield ("take", 1)
        if self.data["pile"] >= 2:
            yield ("take", 2)
        yield ("roll",)

    def _apply(self, role: Role, action: Action) -> None:
        d = self.data
        n = int(action[1]) if action[0] == "take" else min(d["pile"], self.roll(1, role, "roll", sides=3)[0])
        d["pile"] -= n
        d["turns"] += 1
        self.log(f"{role} takes {n}, {d['pile']} left")
        if d["pile"] == 0:
            d["result"] = {r: (1.0 if r == role else 0.0) for r in d["roles"]}
        elif self.meta["options"]["draw_after"] and d["turns"] >= self.meta["options"]["draw_after"]:
            d["result"] = dict.fromkeys(d["roles"], 0.5)
        else:
            roles = d["roles"]
            d["to_move"] = roles[(roles.index(role) + 1) % len(roles)]

    def _view(self, role: Role | None) -> dict[str, Any]:
        return {"pile": self.data["pile"], "turns": self.data["turns"]}

    def _prompt(self, role: Role | None) -> str:
        return "Take 1 or 2, or roll."

    def _result(self) -> Result | None:
        result: Result | None = self.data.get("result")
        return result


class Tiny(Ruleset):
    id: ClassVar[str] = "tiny"
    name: ClassVar[str] = "Tiny pile"
    version: ClassVar[int] = 1
    state_class: ClassVar[type[State]] = TinyState
    # its action index is declared in this module (grognard/seams.py)
    seams: ClassVar[Mapping[str, str]] = {"action_space": __name__}
    scenarios: ClassVar[tuple[Scenario, ...]] = (
        Scenario("standard", "Standard", "One pile.", players=(2, 3)),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option("players", "int", 2, "Players.", min=2, max=3),
        Option("pile", "int", 9, "Pile size.", min=1),
        Option("draw_after", "int", 0, "Turns after which the game is drawn (0 = never).", min=0),
    )

    def roles(self, scenario: str | None = None, options: Mapping[str, Any] | None = None) -> list[Role]:
        return ["north", "south", "east"][: int((options or {}).get("players", 2))]

    def setup(self, state: State) -> None:
        state.data.update(pile=state.meta["options"]["pile"], turns=0, to_move=state.roles[0], result=None)


RULESET = Tiny()


def action_space(scenario: str, options: Mapping[str, Any]) -> list[tuple[str, list[list[Any]]]]:
    """The fixed RL action index (grognard.rl.action_space): take 1, take 2, roll."""
    return [("take", [[1, 2]]), ("roll", [])]


def registry_with_tiny() -> Registry:
    """The games registry plus the tiny ruleset (tests patch it in)."""
    from grognard.games import REGISTRY

    reg = Registry()
    for ruleset in REGISTRY:
        reg.register(ruleset)
    reg.register(RULESET)
    return reg
