"""Storms (9.4, and the Logistics sheet's reading, L1.3), with the `storms` option.

The storm marker stands on one hex; its area is that hex and the six around it. Blocks
in the area do not move; no block moves into or through it (control.storm_area, used by
every movement search), but a block may retreat into it and loses a step doing so
(retreats.py). Production goes on as usual.

After each initiative roll the storm moves: two dice, the first the direction (die faces
clockwise from north-east, boards.STORM_DIRECTIONS), the second the distance. Section
9.4 has Player 1 roll and removes a storm that blows off the map; with the
`logistics_sheet` option the initiative loser rolls and a storm that blows off starts
again at the centre of the map. It starts at the centre (`GameMap.center()`).

A helper of the initiative step; it imports no phase module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .boards import storm_path
from .control import Data, gmap

if TYPE_CHECKING:
    from .state import VictoryState


def place_storm(data: Data) -> None:
    """9.4: the storm starts at the centre of the map (before the first move)."""
    if data["options"].get("storms") and "storm" not in data:
        data["storm"] = gmap(data).center()


def move_storm(game: VictoryState) -> None:
    """9.4 / L1.3: roll direction and distance after the initiative roll and move it."""
    data = game.data
    storm = data.get("storm")
    if not data["options"].get("storms") or storm is None:
        return
    logistics = bool(data["options"].get("logistics_sheet"))
    roller = data["order"][-1] if logistics else data["order"][0]  # the loser, or Player 1
    direction, distance = game.roll(2, roller, "storm direction and distance")
    the_map = gmap(data)
    path = storm_path(the_map, storm, direction, distance)
    if len(path) == distance:
        data["storm"] = path[-1]
        game.log(f"the storm moves {distance} hex(es) to {data['storm']}")
    elif logistics:
        data["storm"] = the_map.center()  # L1.3: it starts again at the centre
        game.log(f"the storm blows off the map and starts again at {data['storm']}")
    else:
        data["storm"] = None  # 9.4: off the map, out of play
        game.log("the storm blows off the map and is out of play")
    batter_mulberries(game, logistics)


def batter_mulberries(game: VictoryState, logistics: bool) -> None:
    """9.4, 9.7: a storm on a mulberry destroys it; one next to it puts it out of action
    for the game turn, or (the Logistics sheet, L1.2) destroys it on a 4-6."""
    data = game.data
    storm = data.get("storm")
    if storm is None:
        return
    around = set(gmap(data).neighbors(storm))
    for hex_id in sorted(data.get("mulberries", {})):
        wrecked = hex_id == storm
        if not wrecked and hex_id in around:
            if logistics:
                wrecked = game.roll(1, data["mulberries"][hex_id]["owner"], "storm at the mulberry")[0] >= 4
            else:
                data["mulberries"][hex_id]["down"] = data["turn"]
                game.log(f"the storm puts the mulberry at {hex_id} out of action this turn")
        if wrecked:
            del data["mulberries"][hex_id]
            game.log(f"the storm destroys the mulberry at {hex_id}")


__all__ = ["batter_mulberries", "move_storm", "place_storm"]
