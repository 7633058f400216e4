"""Campaign Game II's partisan attacks (player turn step 6f; Partisan Attacks 1-4), played
as a step over partisans.py, paid from what the production phase left.

Step `partisans` (frame: player, budget, tried [hexes picked this phase], taken [hexes
the partisans took this phase]): the Allied or Soviet player picks Axis hexes one at a
time, two production points and a die each; a taken hex's devastated production may be
repaired at once, here, from the same budget (3: "even in the same turn"). The step is
skipped when the player has nothing to pick or repair; it hands what is left on to the
next phase (`goto(next_step(data, "partisans"), player=..., budget=rest)`).

Partisan Attacks 3: a taken hex is remembered in `data["partisans"]` ({place: {"side",
"turn"}}) until the end of the capturing side's next combat phase, when
`revert_unsupplied` (turn.py's EndCombat) hands it back to the Axis unless a supply route
reaches it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, goto

from .board import capture, points
from .layout import HgwBoard, HgwData
from .neutrality import at_war, politics
from .partisans import COST, SIDES, capture_by_partisans, partisan_attack, reverts_to_axis, why_not_partisans
from .sequence import next_step
from .supply import supplied_places
from .tables import load_tables

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]
Data = HgwBoard
AXIS = "axis"


def may_raise(data: Data, side: str) -> bool:
    """Partisan Attacks 1: the Allies and the Soviets (even after a surrender), once at war
    with the Axis (Campaign Game I's politics: a neutral Soviet Union raises none)."""
    if side not in SIDES:
        return False
    pol = politics(data)
    if pol is None:
        return True
    if side == "soviet":
        return bool(pol.get("soviet_war"))
    return at_war(data, side, AXIS)


def targets(data: Data, frame: Frame) -> list[str]:
    side = frame["player"]
    if not may_raise(data, side) or frame["budget"] < COST:
        return []
    tried = frame.get("tried", [])
    return sorted(
        p
        for p, o in data["owner"].items()
        if o == AXIS and why_not_partisans(data, side, p, tried, frame["budget"]) is None
    )


def repairs(data: Data, frame: Frame) -> list[str]:
    """Partisan Attacks 3: the taken hexes' production, rebuilt from the same budget."""
    side, price = frame["player"], load_tables().costs.repair
    taken = [p for p in frame.get("taken", []) if data["owner"].get(p) == side]
    if frame["budget"] < price or not taken:
        return []
    repairable = [p for p in taken if int(data["devastated"].get(p, 0)) > int(data["permanent"].get(p, 0))]
    if not repairable:
        return []
    supplied = supplied_places(data, side, home_only=False)
    return [p for p in sorted(repairable) if p in supplied]


class Partisans(GameStep["HgwState"]):
    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        data = game.data
        return [frame["player"]] if targets(data, frame) or repairs(data, frame) else []

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        data = game.data
        picks: list[Action] = [("partisans", p) for p in targets(data, frame)]
        picks += [("repair", p) for p in repairs(data, frame)]
        return sorted([*picks, ("end_partisans",)])

    def run(self, game: HgwState, frame: Frame) -> None:
        _leave(game, frame)

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "end_partisans":
            _leave(game, frame)
            return
        place = action[1]
        if action[0] == "repair":
            frame["budget"] -= load_tables().costs.repair
            data["devastated"][place] -= 1
            if data["devastated"][place] <= 0:
                del data["devastated"][place]
            game.log(f"{role} repairs one production point in {place}")
            return
        attack = partisan_attack(game, data, role, place, frame.get("tried", []), frame["budget"])
        frame["budget"] -= attack.cost
        frame["tried"] = sorted({*frame.get("tried", []), place})
        if not attack.taken:
            game.log(f"{role} partisans against {place} roll {attack.roll}: they fail")
            return
        game.log(f"{role} partisans against {place} roll {attack.roll}: they take it")
        lost = capture_by_partisans(game, attack)
        if lost:
            game.log(f"{points(lost, 'production')} devastated in {place}")
        frame["taken"] = sorted({*frame.get("taken", []), place})
        data.setdefault("partisans", {})[place] = {"side": role, "turn": data["turn"]}

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return (
            f"{frame['player']}: partisan attacks on Axis hexes, {COST} production points each "
            f"({frame['budget']} left), or repairs in the hexes they took"
        )


def _leave(game: HgwState, frame: Frame) -> None:
    data = game.data
    side, rest = frame["player"], frame["budget"]
    goto(data["flow"], next_step(data, "partisans"), player=side, budget=rest)


def revert_unsupplied(game: HgwState, side: str) -> None:
    """Partisan Attacks 3, at the end of `side`'s combat phase: each hex its partisans took
    last turn goes back to the Axis unless a supply route reaches it now; a hex in supply
    by then (or lost meanwhile) is no longer watched."""
    data = game.data
    taken = data.get("partisans")
    if not taken:
        return
    mine = {p: r for p, r in taken.items() if r["side"] == side and data["turn"] > r["turn"]}
    if not mine:
        return
    supplied = supplied_places(data, side, home_only=False)
    for place, record in sorted(mine.items()):
        del taken[place]
        if data["owner"].get(place) != side:
            continue
        if reverts_to_axis(record["turn"], data["turn"], combat_over=True, in_supply=place in supplied):
            game.log(f"{place}, taken by partisans, is out of {side} supply: it returns to the Axis")
            capture(game, place, AXIS, by_advance=False)


def why_not_pick(data: HgwData, role: str, place: str) -> str | None:
    """Why a partisan attack on `place` is refused now (why.py), or None."""
    top = data["flow"][-1] if data["flow"] else {}
    if top.get("state") != "partisans" or top.get("player") != role:
        return "partisan attacks are picked in your partisan phase, after production (K15.2)"
    if not may_raise(data, role):
        return f"the {role} player raises no partisans now (K15.1)"
    return why_not_partisans(data, role, place, top.get("tried", []), int(top.get("budget", 0)))
