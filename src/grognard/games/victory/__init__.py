"""Victory (Columbia Games; rulebooks ../shared/rules/victory.md and
victory-logistics.md): WW2 blocks on geomorphic hex maps.

Rules code is split along the sequence of play (steps.py lists the steps): setup
(deployment), initiative, movement, battle (+ battle_hits, retreats, battle_end),
endturn (supply), victory, production. control.py holds the questions they share.
Content (units, boards, scenarios, supply lines) is data with its own modules.
What is not done yet is listed in docs/victory-design.md, "Rules not yet done".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from grognard.core.errors import BadOptions
from grognard.core.game import Action, Role, Ruleset, State
from grognard.core.odds import Odds
from grognard.core.schema import Option, Scenario
from grognard.core.verbs import Verbs

from . import odds as battle_odds
from . import why
from .boards import layouts, parse_key
from .commanders import seat_data
from .mapchoice import pick_order
from .scenarios import ScenarioSpec, quick_start_pool, scenario_spec, time_limit
from .setup import setup_game
from .state import VictoryState
from .verbs import REGISTRY

# the scenarios of 10.x, all playable: Quick Start also by four players on four maps
# (free for all, 2.0 [3]), Two Front War also by three (10.4: B's two allies); Neutral
# Ground is ours, for the neutral cities sidebar (N1.1)
PLAYABLE = ("quick-start", "custom-forces", "sleeping-giant", "two-front", "commanders", "neutral-ground")


def _scenario(spec_id: str) -> Scenario:
    spec = scenario_spec(spec_id)
    return Scenario(spec.id, spec.name, f"{spec.rule}: {spec.description}", players=spec.player_counts)


class Victory(Ruleset):
    id: ClassVar[str] = "victory"
    name: ClassVar[str] = "Victory (Columbia Games)"
    version: ClassVar[int] = 1
    state_class: ClassVar[type[VictoryState]] = VictoryState
    verbs: ClassVar[Verbs | None] = REGISTRY  # each action's declared shape (verbs.py)
    # the tools' seams (grognard/seams.py): which module of this package implements each
    seams: ClassVar[Mapping[str, str]] = {
        "heuristic": ".ai",
        "evaluation": ".evaluate",
        "action_scores": ".ai",
        "observation": ".features",
        "observation_view": ".features",
        "action_space": ".action_space",
        "odds_report": ".odds",
        "content_report": ".content_report",
    }
    scenarios: ClassVar[tuple[Scenario, ...]] = tuple(_scenario(s) for s in PLAYABLE)
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "maps", "choice", 0, "Maps in play: 2 or 4 (10.0); 0 = the scenario's own.", choices=(0, 2, 3, 4)
        ),
        Option(
            "turn_limit",
            "int",
            time_limit().suggested_turns,
            "10.6: game turns before the player with the most PP wins.",
            min=1,
            max=time_limit().max_turns,
        ),
        Option(
            "bought_forces",
            "bool",
            False,
            "10.3, 10.4: buy the starting forces with PP instead of random units.",
        ),
        Option(
            "players",
            "int",
            0,
            "Players: 2, or 4 on 4 maps in Quick Start, 2 or 3 in Two Front War (10.4), 6 or 8 in"
            " Commanders (10.5); 0 = the scenario's smallest.",
            min=0,
            max=8,
        ),
        Option("map_choice", "bool", False, "1.1: players pick the maps, then the final map adjustment."),
        Option(
            "resources",
            "bool",
            True,
            "4.3: every player starts with a 1-step resource block at a mine of his own map; it grows a"
            " step a turn there and converts to PP in a city.",
        ),
        Option("fog_deploy", "bool", False, "Fog of War sidebar: deploy three blocks at a time, in turn."),
        Option("mandatory_first_round", "bool", False, "Optional rule: no retreats in combat round 1."),
        Option("building_cadres", "bool", False, "Optional rule: a new block is raised at one step only."),
        Option("air_range", "bool", False, "Optional rule: trade attack range against landing range."),
        Option("regroups", "bool", False, "Optional rule: a battle's victor may regroup to adjacent hexes."),
        Option(
            "pursuit_round", "bool", False, "Optional rule: a fourth round; the attacker must retreat in it."
        ),
        Option(
            "logistics",
            "bool",
            False,
            "9.6, 9.7: engineers build airfields and mulberries in the production phase.",
        ),
        Option(
            "stretch_units",
            "bool",
            False,
            "Stretch-goal units: cavalry, commandos, jets, recon and atom bombs may be built.",
        ),
        Option(
            "factories",
            "bool",
            False,
            "9.1: factories in the cities produce by arm; they fire, are captured and rebuilt.",
        ),
        Option("engineer_building", "bool", False, "L1.6 with factories: engineers from any factory."),
        Option("airborne_building", "bool", False, "L1.7 with factories: airborne units from air factories."),
        Option("marine_building", "bool", False, "L1.8 with factories: marines from naval factories."),
        Option("storms", "bool", False, "9.4: a storm marker wanders the map; nothing moves in or into it."),
        Option(
            "logistics_sheet",
            "bool",
            False,
            "Logistics sheet readings: the initiative loser moves the storm, which restarts at the centre;"
            " marines build mulberries; a storm next to a mulberry wrecks it on a 50% roll.",
        ),
    )

    def spec(self, scenario: str | None, options: Mapping[str, Any] | None) -> ScenarioSpec:
        chosen = self.scenario(scenario)
        maps = int((options or {}).get("maps", 0) or 0)
        players = int((options or {}).get("players", 0) or 0)
        if players and players not in chosen.players:
            counts = " or ".join(str(n) for n in chosen.players)
            raise BadOptions(f"{chosen.id} is played by {counts} players, not {players}")
        try:
            return scenario_spec(chosen.id, maps=maps or None, players=players or None)
        except ValueError as exc:
            raise BadOptions(str(exc)) from None

    def roles(self, scenario: str | None = None, options: Mapping[str, Any] | None = None) -> list[str]:
        return list(self.spec(scenario, options).roles)

    def check_options(self, scenario: Scenario, options: dict[str, Any]) -> None:
        spec = self.spec(scenario.id, options)
        if options["map_choice"] and spec.layout not in ("2map", "4map"):
            raise BadOptions(f"map_choice is for 2- and 4-map games, not {scenario.id}'s {spec.layout}")
        if options["map_choice"] and len(spec.sides) < len(spec.roles) and not spec.team_seats:
            raise BadOptions("map_choice is for two players (1.1); with more each keeps the scenario's map")
        if options["maps"] and options["maps"] not in spec.map_counts:
            counts = " or ".join(str(n) for n in spec.map_counts)
            raise BadOptions(f"{scenario.id} is played on {counts} maps, not {options['maps']}")

    def setup(self, state: State) -> None:
        assert isinstance(state, VictoryState)  # new_game builds the ruleset's own state class
        spec = self.spec(state.meta["scenario"], state.meta["options"])
        layout, placed = parse_key(spec.map_key)
        pool = list(quick_start_pool())  # 10.1: the random units come from this pool
        forces: dict[str, list[str]] = {}
        buy = bool(state.meta["options"].get("bought_forces")) and spec.forces_choice
        players = list(spec.players)
        if spec.team_seats:  # 10.5: the seats of a team share one side's forces
            state.data["sides"], state.data["seats"], state.data["command"] = seat_data(players)
            state.data.update({"coup": {}, "coup_votes": {}})
            firsts = {p.colour: p for p in reversed(players)}
            players = [replace(firsts[colour], role=colour) for colour in state.data["sides"]]
        teams = {p.role: p.team for p in players}
        if len(set(teams.values())) < len(teams):  # 10.4: allies from the start (sides.py)
            state.data["teams"] = teams
        budgets = {p.role: p.purchase_pp for p in players if buy or not p.random_units}
        for player in players:
            drawn: list[str] = []
            while player.role not in budgets and len(drawn) < player.random_units:
                bag = list(pool)
                state.rng.shuffle(bag)
                drawn += bag[: player.random_units - len(drawn)]
            forces[player.role] = drawn
        pickers: list[str] = []
        adjuster = ""
        if state.meta["options"].get("map_choice"):
            sides = {p.side: p.role for p in reversed(players)}  # a side's first seat
            spec_layout = layouts()[layout]
            pickers, names = pick_order(state, spec_layout.pick_order, sides)
            adjuster = names[spec_layout.final_adjustment]
        setup_game(
            state,
            layout,
            list(placed),
            forces,
            pickers=pickers,
            adjuster=adjuster,
            budgets=budgets,
            homes={board: p.role for p in players for board in p.home_boards},
            target_pp={p.role: spec.victory_pp[p.side] for p in players},
            home_bonus={
                board: spec.home_city_bonus.get(p.side, 0) for p in players for board in p.home_boards
            },
            board_quota={  # 10.4: B's forces are set per outer map
                p.role: (
                    {"pp": p.purchase_pp // len(p.home_boards)}
                    if p.role in budgets
                    else {"units": p.random_units // len(p.home_boards)}
                )
                for p in players
                if p.per_board and len(p.home_boards) > 1
            },
        )

    # ----- battle odds (odds.py: the numpy battle simulator; hidden blocks by a prior)
    def board_data(self) -> dict[str, Any]:
        """For the browser: each verb's declared shape (verbs.py); the views carry the
        board itself."""
        return {"verbs": REGISTRY.declarations()}

    def odds_form(self) -> dict[str, Any] | None:
        return battle_odds.odds_form()

    def odds(self, description: Mapping[str, Any]) -> Odds:
        return battle_odds.odds(description)

    def battle_at(
        self, state: State, role: Role | None, where: str, action: Action | None = None
    ) -> dict[str, Any] | None:
        return battle_odds.battle_at(state, role, where, action)

    # ----- "why can't I?" (why.py)
    def explain_illegal(self, state: State, role: Role, action: Action) -> str | None:
        assert isinstance(state, VictoryState)
        return why.explain(state, role, action)


RULESET = Victory()
__all__ = ["RULESET", "Victory", "VictoryState"]
