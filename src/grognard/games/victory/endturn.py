"""2.0 [4]: the step between the combat and the production phases: the supply check
with attrition (7.0-7.5), mining (4.3), then the victory check (victory.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core.flow import Frame, GameStep, goto

from .control import (
    STACK_FREE,
    arm,
    controller,
    gmap,
    lift_blockades,
    mark_beachheads,
    occupancy,
    sides,
    unit_of,
)
from .supply_memo import current_supply
from .victory import check_victory

if TYPE_CHECKING:
    from .state import VictoryState


def attrition(game: VictoryState) -> None:
    """7.1: every unsupplied ground or air unit loses a step; airborne units are
    eliminated (6.6); naval units and ground units at sea need no supply (7.5)."""
    data = game.data
    supply = current_supply(data)  # all at once, before any step is lost
    for role in sides(data):
        ok = supply[role]
        for bid in sorted(data["blocks"]):
            block = data["blocks"].get(bid)
            if block is None or block["owner"] != role or arm(block) == "naval" or block["at"] in ok:
                continue
            if block["type"] in STACK_FREE or block.get("aboard"):
                continue  # 9.1: factories need no supply (our reading); 7.5: nor air aboard carriers
            if "resource" in unit_of(block).tags:
                continue  # 4.3: a resource block is ore, not troops: it needs no supply (our reading)
            unit = unit_of(block)
            block["steps"] = 0 if "airborne" in unit.tags else block["steps"] - 1
            if block["steps"] <= 0:
                del data["blocks"][bid]
                data["graveyard"][bid] = {"owner": role, "type": block["type"]}
                game.log(f"{bid} ({unit.name}) is out of supply and eliminated", to=[role])
                game.log(f"an unsupplied {role} block is eliminated at {block['at']}")
            else:
                game.log(f"{bid} ({unit.name}) is out of supply and loses a step", to=[role])
                game.log(f"an unsupplied {role} block loses a step at {block['at']}")


def mine(game: VictoryState) -> list[str]:
    """4.3: each resource block standing in a resource hex its owner controls gains a
    step, up to its maximum; anywhere else it does not grow. Done once a turn, after
    attrition and before production. The new strength is told to the owner only (a
    block's steps are hidden). Returns the blocks that grew."""
    data = game.data
    the_map = gmap(data)
    occ = occupancy(data)
    grown = []
    for bid in sorted(data["blocks"]):
        block = data["blocks"][bid]
        at = block["at"]
        unit = unit_of(block)
        if "resource" not in unit.tags or at is None or not the_map.hexes[at].resource:
            continue
        if block["steps"] >= unit.max_steps or controller(data, occ, at) != block["owner"]:
            continue
        block["steps"] += 1
        grown.append(bid)
        game.log(f"{bid} (Resource) is mined at {at}: {block['steps']} steps", to=[block["owner"]])
    return grown


class Supply(GameStep["VictoryState"]):
    """Automatic: attrition, mining, then the victory check, then production."""

    def actors(self, game: VictoryState, frame: Frame) -> list[str]:
        return []

    def run(self, game: VictoryState, frame: Frame) -> None:
        data = game.data
        lift_blockades(data)  # 6.8: before supply is traced
        fresh = mark_beachheads(data)  # 6.71, before supply is traced
        for bid in fresh:
            owner = data["blocks"][bid]["owner"]
            others = [r for r in sides(data) if r != owner]
            for role in others:
                if bid not in data["seen"][role]:
                    data["seen"][role].append(bid)
            at = data["blocks"][bid]["at"]
            game.log(
                f"{owner}'s {bid} ({unit_of(data['blocks'][bid]).name}) holds a beachhead at {at}", to=others
            )
        if fresh:
            game.mark_irreversible()
        attrition(game)
        mine(game)
        if check_victory(game):
            game.flow.clear()
            return
        game.data["phase"] = "production"
        goto(game.flow, "production", done=[], left=None)
