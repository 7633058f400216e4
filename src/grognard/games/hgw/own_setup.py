"""The Fall of Germany set-up by the players (The Fall of Germany Set-up and Special
Rules, the strength table and special rule 5; case F7.1), under the `own_setup` option.

Each side in turn, the Axis first, then the Soviets, then the Allies, places the
printed strength points of its set-up (the sums of `setup` in the scenario data:
Axis 29 infantry and 14 mechanized, Soviets 40 and 16, Allies 28, 12 and 12
amphibious) one at a time into its armies in its own friendly places: a point joins
the side's army already there (the first by id), or brings a spare counter from the
record sheet (twelve a side), never past ten points a hex (Stacking 1). A side may
instead take the scenario's deployment of its points (`printed_setup`) before
placing any. Forts and fleets stand where the printed set-up puts them.

DATA LAYOUT (`state.data`)
    own_setup   {side: {kind: points still to place}} while the set-up is being made
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, end, goto

from .board import armies_at, free_army, geo, on_board, over_limit, points, stack
from .layout import HgwBoard, HgwData, Place
from .scenario import KINDS, ScenarioContent, load_scenario

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]
Data = HgwBoard


def printed_pools(content: ScenarioContent) -> dict[str, dict[str, int]]:
    """Each side's points in the scenario's deployment: the set-up table's totals."""
    sides = {a.id: side for side, names in content.armies.items() for a in names}
    pools: dict[str, dict[str, int]] = {side: dict.fromkeys(KINDS, 0) for side in content.sides}
    for p in content.setup:
        pool = pools[sides[p.army]]
        pool["infantry"] += p.infantry
        pool["mechanized"] += p.mechanized
        pool["amphibious"] += p.amphibious
        pool["tac_air"] += p.tac_air
    return pools


def place_printed(data: Data, content: ScenarioContent, side: str | None = None) -> None:
    """Put the scenario's deployment on the board (one side's, or every side's)."""
    sides = {a.id: s for s, names in content.armies.items() for a in names}
    for placement in content.setup:
        if side is not None and sides[placement.army] != side:
            continue
        army = data["armies"][placement.army]
        army["at"] = placement.at
        army["sp"]["infantry"] = placement.infantry
        army["sp"]["mechanized"] = placement.mechanized
        army["sp"]["amphibious"] = placement.amphibious
        army["sp"]["tac_air"] = placement.tac_air


def start(data: HgwData, content: ScenarioContent) -> None:
    """The set-up step on top of the first turn's start, for the first side."""
    pools = printed_pools(content)
    data["own_setup"] = {side: {k: n for k, n in pool.items() if n} for side, pool in pools.items()}
    data["flow"].append({"state": "own_setup", "role": content.sides[0], "placed": 0})


def _army_for(data: Data, side: str, place: Place) -> str | None:
    here = armies_at(data, place, side)
    return here[0] if here else free_army(data, side)


def places_for(data: Data, side: str) -> list[Any]:
    """Friendly places of the side with room for one more point and an army to take it."""
    return [
        p
        for p in sorted(geo(data).places)
        if data["owner"].get(p) == side and not over_limit(p, stack(data, p) + 1) and _army_for(data, side, p)
    ]


class OwnSetup(GameStep["HgwState"]):
    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        data = game.data
        pool = data["own_setup"][role]
        if not any(pool.values()):
            return [("end_setup",)]
        actions: list[Action] = [] if frame["placed"] else [("printed_setup",)]
        places = places_for(data, role)
        for kind in sorted(k for k, n in pool.items() if n):
            actions += [("place", kind, p) for p in places]
        return actions

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        pool = data["own_setup"][role]
        if action[0] == "place":
            _, kind, place = action
            army_id = _army_for(data, role, place)
            assert army_id is not None  # offered only where an army can take it
            army = data["armies"][army_id]
            army["at"] = place
            army["sp"][kind] += 1
            pool[kind] -= 1
            frame["placed"] += 1
            return
        if action[0] == "printed_setup":
            place_printed(data, load_scenario(data["scenario"]), role)
            data["own_setup"][role] = {}
            game.log(f"{role} sets up as the scenario's deployment does")
        else:
            for a in on_board(data, role):
                x = data["armies"][a]
                what = ", ".join(points(x["sp"][k], k) for k in KINDS if x["sp"][k])
                game.log(f"{role} sets up {x['name']} in {x['at']}: {what}")
        self._next(game, frame, role)

    def _next(self, game: HgwState, frame: Frame, role: str) -> None:
        data = game.data
        sides = list(data["own_setup"])
        after = sides[sides.index(role) + 1 :]
        if after:
            goto(data["flow"], "own_setup", role=after[0], placed=0)
            return
        del data["own_setup"]
        end(data["flow"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        pool = game.data["own_setup"][frame["role"]]
        left = ", ".join(points(n, k) for k, n in sorted(pool.items()) if n)
        if not left:
            return f"{frame['role']}: every point is placed; end the set-up"
        return f"{frame['role']}: place {left} in your armies in your own places (ten a hex)"
