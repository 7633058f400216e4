"""The turn sequence (Sequence of Play; Player Turn Sequence): the Axis player turn,
then the Soviet one (then the Allied one in The Fall of Germany), each of movement,
combat (initial attacks, then exploitation) and production; after all, the Turn Marker
moves a season on. The game ends when a side meets its victory condition or after the
last turn, when the side that held out wins (Barbarossa Victory Conditions 2; The Fall
of Germany Victory Conditions 1-2, victory.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core.flow import Frame, GameStep, goto

from . import arrivals, pacific_war, politics, sea_supply, shipping_counters, world_war
from .board import current_turn, enemy, geo
from .coastal_air import restore as restore_coastal_air
from .layout import HgwBoard
from .morale_events import after_combat
from .naval import cut_fleets
from .naval_phase import fleets_home
from .partisan_phase import revert_unsupplied
from .production import open_production
from .replenishment import mission_over
from .scenario import load_scenario
from .sequence import next_step
from .supply import end_of_combat_supply, frozen_armies
from .unaligned_forces import stranded_gone
from .victory import last_turn_over

if TYPE_CHECKING:
    from .state import HgwState


class TurnStart(GameStep["HgwState"]):
    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return []

    def run(self, game: HgwState, frame: Frame) -> None:
        data = game.data
        side = frame["player"]
        data["player"] = side
        data["phase"] = "movement"
        data["status"] = {}
        data["sea_moves"] = {}  # Strength Point Movement Across Seas 1: limits are per turn
        shipping_counters.reset(data)  # Shipping 1: the counters carry afresh (Campaign Game II)
        data["garrison_lost"] = []
        data["fleet_status"] = {}  # Fleet Naval Fire 2, 5: expended for the turn only
        data["absorbed"] = {}  # Effect Of Forts On Combat 3: absorption is per turn
        data["fort_fired"] = []
        data["frozen"] = frozen_armies(data, side)
        cut = sea_supply.cut_off(data, side)  # K16.6: a sea supply route lost all it carried
        if sea_supply.in_play(data):
            data["supply_cut"] = cut
            data["frozen"] = sorted({*data["frozen"], *cut})
        game.log(f"{current_turn(data)}: {side} player turn")
        politics.turn_start(game, side)  # Campaign Game I: the Time Record's entries
        for a in data["frozen"]:
            if a in cut:
                game.log(sea_supply.why(data, a, cut[a]))
                continue
            game.log(f"{data['armies'][a]['name']} is out of full supply: it may not move or attack")
        world_war.turn_start(game, side)  # Campaign Game IV: the U.S. held until it enters (AL 2)
        cut_fleets(game, side)  # Unsupplied Hexes 4, for fleets
        goto(data["flow"], next_step(data, "turn_start"), role=side)
        arrivals.ask_arrivals(game)  # Nations Inclined toward Axis 3-5: placed by the player


class EndCombat(GameStep["HgwState"]):
    """The end of a combat phase: garrisons come back (Garrisons 4, 6), then the
    unsupplied-hex check (Unsupplied Hexes 1-2), then production."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return []

    def run(self, game: HgwState, frame: Frame) -> None:
        data = game.data
        side = frame["player"]
        data["garrison_lost"] = []
        restore_coastal_air(game)  # Naval Action: coastal air losses lifted with the garrisons (N9.5)
        end_of_combat_supply(game, side)
        stranded_gone(game)  # optional Unaligned Forces: home forces in a hex taken cut off
        revert_unsupplied(game, side)  # Partisan Attacks 3 (Campaign Game II)
        after_combat(game, side)  # National Morale 5: the hexes gained and lost (Campaign Game II)
        fleets_home(game, side)  # Campaign Game II step 5
        mission_over(game, side)  # Naval Action: replenishment chains spent (N13.5)
        if data.get("result") is not None:
            return
        world_war.end_of_combat(game, side)  # Campaign Game IV: Japan's attacks and the U.S. (G6.2)
        asked = politics.end_of_combat(game, side)  # Campaign Game I: neutrality, surrenders
        world_war.after_politics(game, side)  # Campaign Game IV: France's fall and Indochina (G11.4)
        if not asked:
            open_production(game, side)
        arrivals.ask_arrivals(game)  # forces that arrived are placed before going on


class NextTurn(GameStep["HgwState"]):
    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return []

    def run(self, game: HgwState, frame: Frame) -> None:
        data = game.data
        side = frame["player"]
        content = load_scenario(data["scenario"])
        first = content.first_player
        order = content.sides
        if order.index(side) + 1 < len(order):  # the next side's player turn
            goto(data["flow"], "turn_start", player=order[order.index(side) + 1])
            return
        if current_turn(data).startswith("Winter") and _axis_in_soviet_union(data):
            data["winters"] += 1  # Russian Winter Combat 2: the next winter is milder
        if data["turn"] + 1 >= len(data["turns"]):
            if content.victory in ("berlin", "campaign"):
                last_turn_over(game)
                return
            if content.victory == "pacific":  # The Pacific War (pacific_war.py)
                pacific_war.game_over(game)
                return
            data["result"] = {first: 0.0, enemy(first): 1.0}
            game.log(f"the last turn is over: {enemy(first)} wins")
            data["flow"].clear()
            return
        data["turn"] += 1
        goto(data["flow"], "turn_start", player=first)


def _axis_in_soviet_union(data: HgwBoard) -> bool:
    g = geo(data)
    return any(
        x["side"] == "axis" and x["at"] is not None and g.country.get(x["at"]) == "soviet_union"
        for x in data["armies"].values()
    )
