"""Hitler's Global War (v1.4b; rulebook ../shared/rules/hitlers-global-war.md): armies
as containers of strength points, assault and advance, exploitation, supply and
production, on the world hex map of map.py and the tables of tables.py.

Rules code follows the sequence of play (steps.py lists the steps): turn (turn
sequence and end of game), movement (strategic redeployment, stacking), combat
(announcing, defensive assaults, assaults, losses), advance (advances, retreats,
exploitation), supply, production; board.py holds the questions they share.
Campaign Game I adds its politics (politics.py in the sequence of play; neutrality.py,
limitations.py and campaign_victory.py for the questions; campaign.py for its data).
Barbarossa, The Fall of Germany and Campaign Game I are playable; what is not done yet
is listed in docs/hgw-design.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from grognard.core.errors import BadOptions
from grognard.core.game import Action, Role, Ruleset, State
from grognard.core.odds import Odds
from grognard.core.schema import Option, Scenario
from grognard.core.verbs import Verbs

from . import (
    fleet_nations,
    leaders,
    optional,
    own_setup,
    pacific_war,
    research,
    ship_builds,
    shipping_counters,
    textmap,
    why,
    world_war,
)
from . import odds as attack_odds
from .actions import REGISTRY, declarations
from .geography import geography
from .layout import typed
from .morale import new_morale
from .neutrality import new_politics
from .scenario import KINDS, load_scenario
from .state import HgwState
from .steps import TITLES
from .strategic import new_strategic
from .tables import load_tables
from .theater import board_sides


class HitlersGlobalWar(Ruleset):
    id: ClassVar[str] = "hgw"
    name: ClassVar[str] = "Hitler's Global War"
    version: ClassVar[int] = 1
    state_class: ClassVar[type[HgwState]] = HgwState
    verbs: ClassVar[Verbs | None] = REGISTRY  # each action's declared shape (actions.py)
    # the tools' seams (grognard/seams.py): which module of this package implements each
    seams: ClassVar[Mapping[str, str]] = {
        "heuristic": ".ai",
        "evaluation": ".evaluate",
        "observation": ".features",
        "action_space": ".action_space",
        "content_report": ".content_report",
    }
    scenarios: ClassVar[tuple[Scenario, ...]] = (
        Scenario(
            "barbarossa",
            "Barbarossa",
            "Summer 1941 to Winter 1943: the Axis invasion of the Soviet Union, two sides.",
            players=(2,),
        ),
        Scenario(
            "fall_of_germany",
            "The Fall of Germany",
            "Spring 1944 to Winter 1945: Axis, Soviets and Allies; Berlin decides. "
            "Two players: one seat commands both the Soviets and the Allies (option two_player).",
            players=(2, 3),
        ),
        Scenario(
            "campaign_1",
            "Campaign Game I: the War for Europe",
            "Winter 1939 to Summer 1945: Axis, Soviets and Allies with the politics of the whole "
            "war (neutrals, entries into the war, surrenders). Two players (option two_player): one "
            "seat commands the Soviets and the Allies, who must take Berlin by Spring 1945.",
            players=(2, 3),
        ),
        Scenario(
            "campaign_2",
            "Campaign Game II: the war for Europe with every system",
            "Campaign Game I's war, start and victory, with Tac Air in the armies and Campaign Game "
            "II's systems as they are played (docs/hgw-design.md lists which). Two players with "
            "option two_player, as in Campaign Game I.",
            players=(2, 3),
        ),
        Scenario(
            "campaign_3",
            "Campaign Game III: Campaign Game II with every optional rule",
            "Campaign Game II's set-up and special rules with all the optional rules on: leaders, "
            "unaligned forces, Pacific and African garrisons, the Italian army and naval action "
            "(docs/hgw-design.md lists which are played yet). Two players with option two_player.",
            players=(2, 3),
        ),
        Scenario(
            "pacific_war",
            "The Pacific War, December 1941-1945",
            "Winter 1941 to Winter 1945, a designed scenario: Japan (the Axis) against the "
            "Allies (the United States, the Commonwealth, the Dutch and China) from Pearl "
            "Harbor on, on the Pacific half of the world map (docs/hgw-design.md).",
            players=(2,),
        ),
        Scenario(
            "campaign_4",
            "Campaign Game IV: the World War 1939-1945",
            "Winter 1939 to Summer 1945, a designed scenario: Campaign Game III's war for Europe "
            "and the Pacific war at once, on the whole ring. The Axis player commands Germany and "
            "Japan; the Allied player the West, the United States, the Commonwealth, the Dutch and "
            "China (docs/hgw-design.md). Two players with option two_player.",
            players=(2, 3),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "two_player",
            "bool",
            False,
            "The Fall of Germany special rule 1: one player commands the Soviets and the Allies, "
            "who then win together only by taking Berlin.",
        ),
        Option(
            "own_setup",
            "bool",
            False,
            "The Fall of Germany set-up: each side places its printed strength points itself, "
            "in its armies in its own places (Axis, then Soviets, then Allies), instead of the "
            "scenario's deployment. Other scenarios set up as printed.",
        ),
        *(
            Option(
                name,
                "bool",
                False,
                f"Optional rule, {optional.TITLES[name]}: for Campaign Game II (Campaign Game III "
                "always plays every optional rule).",
            )
            for name in optional.OPTIONAL
        ),
    )

    def check_options(self, scenario: Scenario, options: dict[str, Any]) -> None:
        # the optional rules extend Campaign Game II's systems; the earlier scenarios'
        # set-ups and special rules were written without them (optional.py)
        on = [name for name in optional.OPTIONAL if options.get(name)]
        content = load_scenario(scenario.id)
        if on and (not content.systems or content.theater == "pacific"):  # nor The Pacific War's
            raise BadOptions(
                f"the optional rules ({', '.join(on)}) are played in Campaign Games II and III, "
                f"not in {scenario.id}"
            )

    def roles(self, scenario: str | None = None, options: Mapping[str, Any] | None = None) -> list[str]:
        # the sides in playing order; with two_player one seat takes two of the roles
        return list(load_scenario(scenario or self.scenarios[0].id).sides)

    def setup(self, state: State) -> None:
        assert isinstance(state, HgwState)  # new_game builds the ruleset's own state class
        scenario_id = state.meta["scenario"]
        content = load_scenario(scenario_id)
        g = geography(scenario_id)
        turns = load_tables().turns()
        last = content.last
        if content.last_two_player and state.meta.get("options", {}).get("two_player"):
            last = content.last_two_player  # Campaign Game I set-up: Spring 1945 with two players
        data = state.data
        data.update(
            {
                "scenario": scenario_id,
                "turns": turns[turns.index(content.first) : turns.index(last) + 1],
                "turn": 0,
                "player": content.first_player,
                "phase": "movement",
                "owner": dict(sorted(g.start_owner.items())),
                "markers": {},
                "won": [],
                "devastated": {},
                "permanent": dict(content.permanent_devastation),
                "armies": {},
                "status": {},
                "frozen": [],
                "garrison_lost": [],
                "winters": content.winters_at_start,
                "result": None,
            }
        )
        pol = new_politics(scenario_id)
        if pol is not None:
            data["politics"] = pol  # Campaign Game I (neutrality.py)
        rules = optional.chosen(content.optional, state.meta.get("options", {}))
        if rules:
            data["optional"] = rules  # the optional rules in play (optional.py)
        if "leaders" in rules:  # optional rule Leaders 2-3: the pools (leaders.py)
            data["leaders"] = leaders.new_leaders(content.sides)
        if "research" in content.systems:  # Campaign Game II: Item Cost 5, Research 2
            data["research"] = research.new_research(content.sides)
        if content.lend_lease is not None:
            data["lend_lease"] = {"open": content.lend_lease.open_at_start, "gift": 0}
        hmap_side = {s.side: s for s in board_sides(scenario_id)}  # theater.py: map.json's or the file's
        for side, spec in hmap_side.items():
            for h, points in spec.devastated.items():
                data["devastated"][h] = points
            for p, owner in sorted(g.start_owner.items()):
                if owner == side and g.country[p] in spec.devastated_territories and g.production[p]:
                    data["devastated"][p] = g.production[p]
        for side, names in content.armies.items():
            for army in names:
                data["armies"][army.id] = {
                    "side": side,
                    "name": army.name,
                    "at": None,
                    "sp": {k: 0 for k in KINDS},
                }
                if army.nation:
                    data["armies"][army.id]["nation"] = army.nation  # Activity Limitations 8
        own = content.own_setup and bool(state.meta.get("options", {}).get("own_setup"))
        if not own:
            own_setup.place_printed(data, content)
        # Fleet Naval Fire 1 and the set-up's forts (The Fall of Germany; naval.py, forts.py)
        data["fleets"] = {
            f.id: {"side": f.side, "name": f.name, "at": f.at or None, "sp": f.points} for f in content.fleets
        }
        for f in content.fleets:  # Campaign Game II: typed points (fleets.py)
            if f.ships:
                data["fleets"][f.id]["ships"] = dict(f.ships)
            if f.nation:  # The Pacific War: a fleet's nation on its record (pacific_politics.py)
                data["fleets"][f.id]["nation"] = f.nation
        if content.theater == "pacific":  # The Pacific War's own state (pacific_war.py)
            pacific_war.set_up(data)
        if content.theater == "world":  # Campaign Game IV: the Pacific's record (world_war.py)
            world_war.set_up(data)
        if optional.has_option(data, "naval_action"):
            fleet_nations.set_up(data, content)  # Naval Action: the fleets by nation (N1.1, N1.6)
        data["forts"] = {f.at: {"side": f.side, "points": f.points, "building": 0} for f in content.forts}
        data["fleet_status"] = {}
        data["absorbed"] = {}
        data["beachheads"] = {}
        if "strategic" in content.systems:  # Campaign Game II: strategic warfare (strategic.py)
            data["strategic"] = new_strategic()
        if "morale" in content.systems:  # Campaign Game II set-up: every morale at 0 (K26.2)
            data["morale"] = new_morale()
        if "naval" in content.systems:  # Shipping 1, 3: the shipping counters (shipping_counters.py)
            shipping_counters.set_up(data)
        if "partisans" in content.systems:  # Partisan Attacks 3: hexes partisans took
            data["partisans"] = {}
        if "naval" in content.systems and "naval_action" in rules:  # Ship Builds 2, 4 (N7)
            data["ship_track"] = ship_builds.new_track(content.sides, content.ships_building)
        data["flow"].append({"state": "turn_start", "player": content.first_player})
        if own:
            own_setup.start(data, content)  # The Fall of Germany special rule 5 (F7.1)
        name = next(s.name for s in self.scenarios if s.id == scenario_id)
        state.log(f"{name} begins, {content.first}")
        state.advance()

    def board_data(self) -> dict[str, Any]:
        """For the browser: the kinds of strength points, each step's title and each
        verb's declared shape (actions.py), so that web/games/hgw.js restates none."""
        nations = {n: {"name": x.name, "side": x.side, "colour": x.colour, "flag": x.flag}
                   for n, x in fleet_nations.load_counters().nations.items()}  # Naval Action (N1.3)
        verbs = declarations()
        return {"kinds": list(KINDS), "steps": dict(TITLES), "verbs": verbs, "fleet_nations": nations}

    def render_text(self, view: dict[str, Any]) -> list[list[tuple[str, str | None]]] | None:
        return textmap.render(view)

    # ----- odds of one army's attack (odds.py)
    def odds_form(self) -> dict[str, Any] | None:
        return attack_odds.odds_form()

    def odds(self, description: Mapping[str, Any]) -> Odds:
        return attack_odds.odds(description)

    def battle_at(
        self, state: State, role: Role | None, where: str, action: Action | None = None
    ) -> dict[str, Any] | None:
        return attack_odds.battle_at(state, role, where, action)

    # "why can't I?" (State.why_illegal): why.py
    def explain_illegal(self, state: State, role: Role, action: Action) -> str | None:
        return why.explain(typed(state.data), role, action)


RULESET = HitlersGlobalWar()
__all__ = ["RULESET", "HgwState", "HitlersGlobalWar"]
