"""Choosing the maps (1.1 and its sidebar), the `map_choice` option.

The players pick one board per slot of the layout in the order the layout gives
(boards.layouts()[layout].pick_order: in a 2-map game a die roll decides who picks
first, and the other makes the final map adjustment; in 4-map games the first chooser
takes the first and fourth maps and the adjustment). Each player's picks are his own
maps (5.4). The adjuster then turns boards and exchanges them (boards.adjustment_actions)
until he says `maps_done`; after `MAX_ADJUSTMENTS` changes only `maps_done` is left, so
that every game ends.

Frame: `layout`, `pickers` (the role picking each slot), `adjuster`, `picks` (boards
picked so far), `key` (the map key once every slot is filled), `moves` (adjustments
made).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, end

from .boards import adjustment_actions, apply_adjustment, board_ids, map_key
from .control import sides
from .setup import set_minimums
from .verbs import args

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]
MAX_ADJUSTMENTS = 6


def pick_order(
    game: VictoryState, labels: Iterable[str], by_side: dict[str, str]
) -> tuple[list[str], dict[str, str]]:
    """The role for each seat label: "first"/"second" by a die roll (ties rolled again,
    1.1 sidebar), a side label ("A", "B") by the scenario's sides."""
    roles: list[str] = sides(game.data)
    rolling = list(roles)
    while len(rolling) > 1:
        dice = {role: game.roll(1, role, "first map choice")[0] for role in rolling}
        best = max(dice.values())
        rolling = [r for r in rolling if dice[r] == best]
    first = rolling[0]
    names = {"first": first, "second": next(r for r in roles if r != first), **by_side}
    return [names[label] for label in labels], names


class ChooseMaps(GameStep["VictoryState"]):
    def actors(self, game: VictoryState, frame: Frame) -> list[str]:
        if len(frame["picks"]) < len(frame["pickers"]):
            return [frame["pickers"][len(frame["picks"])]]
        return [frame["adjuster"]]

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        if len(frame["picks"]) < len(frame["pickers"]):
            return [("pick_map", b) for b in board_ids() if b not in frame["picks"]]
        if frame["moves"] >= MAX_ADJUSTMENTS:
            return [("maps_done",)]
        return [tuple(a) for a in adjustment_actions(frame["key"])]

    def apply(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "pick_map":
            board = args(action)["board"]
            frame["picks"].append(board)
            game.log(f"{role} picks map {board}")
            if len(frame["picks"]) == len(frame["pickers"]):
                frame["key"] = map_key(frame["layout"], [(b, 0) for b in frame["picks"]])
            return
        if action[0] == "maps_done":
            bonus = data["home_bonus"]
            rich = {data["homes"][b]: extra for b, extra in bonus.items()}  # 10.3: per player
            data["map"] = frame["key"]
            data["homes"] = dict(zip(frame["picks"], frame["pickers"], strict=True))
            data["home_bonus"] = {b: rich[r] for b, r in data["homes"].items() if r in rich}
            set_minimums(data)
            data["phase"] = "deploy"
            game.log(f"the maps are set: {frame['key']}")
            end(game.flow)
            return
        frame["key"] = apply_adjustment(frame["key"], action)
        frame["moves"] += 1
        game.log(f"{role} adjusts the maps: {frame['key']}")

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if role in self.actors(game, frame):
            if len(frame["picks"]) < len(frame["pickers"]):
                return "Pick a map (1.1)."
            return "Final map adjustment: turn or exchange maps, then say the maps are done."
        return "Waiting for the map choice."
