"""Viktory II (rulebook: shared/rules/viktory2.md), complete with its variants."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from grognard.core.errors import BadOptions
from grognard.core.game import Action, Role, Ruleset, State
from grognard.core.odds import Odds
from grognard.core.schema import Option, Scenario
from grognard.core.verbs import Verbs

from . import odds as battle_odds
from . import setup, textmap, why
from .state import Viktory2State
from .tables import COLORS
from .verbs import REGISTRY

VICTORY_CONDITIONS = ("standard", "subjugation", "shorter", "race", "doomsday")


class Viktory2(Ruleset):
    id: ClassVar[str] = "viktory2"
    name: ClassVar[str] = "Viktory II"
    version: ClassVar[int] = 1
    state_class: ClassVar[type[Viktory2State]] = Viktory2State
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
    scenarios: ClassVar[tuple[Scenario, ...]] = (
        Scenario(
            id="standard",
            name="Standard game",
            description="A random face-down map for 2 to 6 players (3.2, 3.3).",
            players=(2, 3, 4, 5, 6),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option("players", "int", 2, "Number of players (3.2).", min=2, max=6),
        Option(
            "victory",
            "choice",
            "standard",
            "Victory condition: standard conquest 5.1, subjugation 5.2, shorter conquest 5.3, "
            "race for dominance 5.4 or the doomsday clock 5.5.",
            choices=VICTORY_CONDITIONS,
        ),
        Option("race_points", "int", 20, "Empire points that win the race for dominance (5.4).", min=1),
        Option("terrain_leveling", "bool", False, "15.1: terrain never slows, blocks sight or defends."),
        Option("no_exploration", "bool", False, "15.2: every tile face up from the start."),
        Option("exploration_balancing", "bool", False, "15.3: swap a revealed water hex for land."),
        Option("luck_averaging", "bool", False, "15.4: trade a pair of battle dice for one sure hit."),
        Option(
            "relocation", "bool", False, "15.5: move a town or city to an adjacent hex instead of building."
        ),
        Option("subjugation", "bool", False, "15.6: a captured capital makes its owner a vassal."),
        Option(
            "turn_limit",
            "int",
            60,
            "Game rounds before the game stops and empires are scored as in 5.3 "
            "(our addition so that every game ends; 0 = no limit).",
            min=0,
        ),
    )

    def roles(self, scenario: str | None = None, options: Mapping[str, Any] | None = None) -> list[str]:
        players = int((options or {}).get("players", 2))
        if not 2 <= players <= 6:
            raise BadOptions(f"Viktory II is for 2 to 6 players, not {players}")
        return list(COLORS[:players])

    def check_options(self, scenario: Scenario, options: dict[str, Any]) -> None:
        if options["victory"] == "subjugation" and not options["subjugation"]:
            raise BadOptions(
                "victory=subjugation (5.2) needs the subjugation rule: add --option subjugation=true"
            )

    def setup(self, state: Any) -> None:
        setup.setup_game(state)

    def board_data(self) -> dict[str, Any]:
        """For the browser: each verb's declared shape (verbs.py); the views carry the
        board itself."""
        return {"verbs": REGISTRY.declarations()}

    def render_text(self, view: dict[str, Any]) -> list[list[tuple[str, str | None]]] | None:
        return textmap.render(view)

    # battle odds (core/odds.py): games/viktory2/odds.py
    def odds_form(self) -> dict[str, Any] | None:
        return battle_odds.odds_form()

    def odds(self, description: Mapping[str, Any]) -> Odds:
        return battle_odds.odds(description)

    def battle_at(
        self, state: State, role: Role | None, where: str, action: Action | None = None
    ) -> dict[str, Any] | None:
        return battle_odds.battle_at(state, role, where, action)

    # "why can't I?" (State.why_illegal): games/viktory2/why.py
    def explain_illegal(self, state: State, role: Role, action: Action) -> str | None:
        return why.explain(state, role, action) if isinstance(state, Viktory2State) else None


RULESET = Viktory2()
__all__ = ["RULESET", "Viktory2", "Viktory2State"]
