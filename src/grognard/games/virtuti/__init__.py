"""Virtuti Militari (rulebook: shared/rules/virtuti-militari.md): WW2 in Europe on an area map.

The map (`map`, `map_validation`) and the designed content (`content`, `scenarios`,
`calendar_events`, `scripted_events`; docs/virtuti-design.md) feed the rules engine:
`setup` builds a game, `steps` runs the ten phases (events, cards, production, planning,
movement, battle + losses, supply, diplomacy, summary and victory), `secrets` keeps simultaneous
choices hidden until their reveal. What is not done yet is listed in
docs/virtuti-design.md, "Rules not yet done".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from grognard.core.flow import call
from grognard.core.game import Action, Role, Ruleset, State
from grognard.core.odds import Odds
from grognard.core.schema import Option, Scenario
from grognard.core.verbs import Verbs
from grognard.games.virtuti import odds as battle_odds
from grognard.games.virtuti.board_data import board_data
from grognard.games.virtuti.scenarios import load_scenarios
from grognard.games.virtuti.setup import setup_game
from grognard.games.virtuti.state import VirtutiState
from grognard.games.virtuti.verbs import REGISTRY
from grognard.games.virtuti.why import explain


def _scenarios() -> tuple[Scenario, ...]:
    text = {
        "full_campaign": "Late Summer 1939 to Autumn 1945; the USSR starts inactive.",
        "barbarossa": "Early Summer 1941 to Autumn 1945; the USSR is active and at war.",
    }
    return tuple(Scenario(s.id, s.name, text.get(s.id, s.name)) for s in load_scenarios().values())


class Virtuti(Ruleset):
    id: ClassVar[str] = "virtuti"
    name: ClassVar[str] = "Virtuti Militari: World War 2 in Europe"
    version: ClassVar[int] = 1
    state_class: ClassVar[type[State]] = VirtutiState
    verbs: ClassVar[Verbs | None] = REGISTRY  # each action's declared shape (verbs.py)
    # the tools' seams (grognard/seams.py): which module of this package implements each
    seams: ClassVar[Mapping[str, str]] = {
        "heuristic": ".ai",
        "evaluation": ".evaluate",
        "action_scores": ".ai",
        "observation": ".features",
        "action_space": ".action_space",
        "content_report": ".content_report",
    }
    scenarios: ClassVar[tuple[Scenario, ...]] = _scenarios()
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "turns",
            "int",
            0,
            "Play only this many turns, then score as at the scenario's end (0 = to Autumn 1945).",
            min=0,
            max=40,
        ),
    )

    def roles(self, scenario: str | None = None, options: Mapping[str, Any] | None = None) -> list[str]:
        return ["axis", "allies"]

    def board_data(self) -> dict[str, Any]:
        return board_data()

    def explain_illegal(self, state: State, role: str, action: tuple[Any, ...]) -> str | None:
        assert isinstance(state, VirtutiState)
        return explain(state.vdata, role, action)  # "why can't I?": why.py

    def setup(self, state: State) -> None:
        assert isinstance(state, VirtutiState)
        setup_game(state)
        call(state.flow, "turn", phase=0)
        state.advance()

    # battle odds (games/virtuti/odds.py: exact, with a prior over secret cards and air tokens)
    def odds_form(self) -> dict[str, Any] | None:
        return battle_odds.odds_form()

    def odds(self, description: Mapping[str, Any]) -> Odds:
        return battle_odds.odds(description)

    def battle_at(
        self, state: State, role: Role | None, where: str, action: Action | None = None
    ) -> dict[str, Any] | None:
        return battle_odds.battle_at(state, role, where, action)


RULESET = Virtuti()

__all__ = ["RULESET", "Virtuti", "VirtutiState"]
