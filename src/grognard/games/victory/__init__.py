"""Victory (Columbia Games; rulebooks ../shared/rules/victory.md and
victory-logistics.md): WW2 blocks on geomorphic hex maps.

Rules code is split along the sequence of play (steps.py lists the steps): setup
(deployment), initiative, movement, battle (+ battle_hits, retreats, battle_end),
endturn (supply and victory), production. control.py holds the questions they share.
Content (units, boards, scenarios, supply lines) is data with its own modules.
What is not done yet is listed in docs/victory-design.md, "Rules not yet done".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from grognard.core.errors import BadOptions
from grognard.core.game import Ruleset
from grognard.core.schema import Option, Scenario

from .setup import setup_game
from .state import VictoryState
from .units import blockset, colours

QUICK_START_UNITS = 20  # 10.1
TWO_MAP_TARGET = 15  # 10.0: PP of cities that wins a two-map game


class Victory(Ruleset):
    id: ClassVar[str] = "victory"
    name: ClassVar[str] = "Victory (Columbia Games)"
    version: ClassVar[int] = 1
    state_class: ClassVar[type[VictoryState]] = VictoryState
    scenarios: ClassVar[tuple[Scenario, ...]] = (
        Scenario(
            id="quick-start",
            name="Quick Start (2 maps)",
            description="10.1: each player deploys 20 random blocks at full strength on his own map; "
            "15 PP of cities at the end of a game turn wins.",
            players=(2,),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "turn_limit",
            "int",
            10,
            "10.6: game turns before the player with the most PP wins.",
            min=1,
            max=60,
        ),
        Option("fog_deploy", "bool", False, "Fog of War sidebar: deploy three blocks at a time, in turn."),
        Option("mandatory_first_round", "bool", False, "Optional rule: no retreats in combat round 1."),
        Option("building_cadres", "bool", False, "Optional rule: a new block is raised at one step only."),
    )

    def roles(self, scenario: str | None = None, options: Mapping[str, Any] | None = None) -> list[str]:
        return list(colours()[:2])

    def check_options(self, scenario: Scenario, options: dict[str, Any]) -> None:
        if scenario.id != "quick-start":
            raise BadOptions(f"scenario {scenario.id} is not playable yet")

    def setup(self, state: Any) -> None:
        roles = state.data["roles"]
        forces = {}
        for role in roles:
            pool = [spec.type for spec in blockset(f"generic-{role}") if spec.type != "RE"]
            state.rng.shuffle(pool)
            forces[role] = pool[:QUICK_START_UNITS]
        setup_game(state, "2map", [("A", 0), ("B", 3)], forces, TWO_MAP_TARGET)


RULESET = Victory()
__all__ = ["RULESET", "Victory", "VictoryState"]
