"""Buying the starting forces with PP (10.2 Custom Forces), before deployment.

Every player buys at once and in secret: `("buy", type)` a new block at one step,
`("buy_step", bid)` one more step for a block bought, at the type's cost per step
(8.3), until he says `("done",)` or the budget is spent. The types are those
production offers (production.buildable_types). Then deployment (1.4) begins.

Frame: `budget` ({role: PP left}), `done` (players finished).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, end
from grognard.core.secret_choices import SecretChoices

from .control import new_block, sides
from .production import buildable_types
from .setup import set_minimums
from .units import unit_table
from .verbs import args

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]


class Purchase(SecretChoices["VictoryState"]):
    """A window of secret choices (core/secret_choices.py): each player buys, then
    says done; the last one's done reveals the purchases (as unseen blocks)."""

    def seats(self, game: VictoryState, frame: Frame) -> list[str]:
        return sides(game.data)

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        left = frame["budget"][role]
        table = unit_table()
        actions: list[Action] = [("done",)]
        stretch = bool(game.data["options"].get("stretch_units"))
        actions += [
            ("buy", t)
            for t in buildable_types(stretch)
            if 0 < table[t].cost <= left and "air_factory_3" not in table[t].tags  # S1.1: built, not bought
        ]
        for bid, block in game.data["blocks"].items():
            unit = table[block["type"]]
            if block["owner"] == role and block["steps"] < unit.max_steps and 0 < unit.cost <= left:
                actions.append(("buy_step", bid))
        return actions

    def confirmed(self, game: VictoryState, frame: Frame, role: str) -> None:
        frame["done"].append(role)
        game.log(f"{role} has bought its forces")

    def reveal(self, game: VictoryState, frame: Frame) -> None:
        set_minimums(game.data)
        game.data["phase"] = "deploy"
        end(game.flow)

    def choose(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        table = unit_table()
        if action[0] == "buy":
            number = data["next_id"][role]
            data["next_id"][role] = number + 1
            bid = f"{role}-{number:02d}"
            data["blocks"][bid] = new_block(role, args(action)["type"], 1)
        else:
            bid = args(action)["block"]
            data["blocks"][bid]["steps"] += 1
        cost = table[data["blocks"][bid]["type"]].cost
        frame["budget"][role] -= cost
        game.log(f"you buy {bid} ({table[data['blocks'][bid]['type']].name}) a step for {cost} PP", to=[role])
        if not any(a[0] != "done" for a in self.legal(game, frame, role)):
            self.confirmed(game, frame, role)  # nothing more to buy

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if role in self.actors(game, frame):
            return f"Buy your starting forces: {frame['budget'][role]} PP left (10.2)."
        return "Waiting for the players to buy their forces."
