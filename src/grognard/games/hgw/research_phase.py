"""Campaign Game II's research phase (player-turn step 7; Research 3-9, Research Special
Cases 1-4, Atomic Bombs 1) played over the rules of research.py.

The phase opens with what production (and the partisan attacks) left of the side's
budget (Research 3): the frame that hands it on carries `player` and `budget`. Opening
clears the sheet's record of the last phase (`research.begin_phase`) and reads off the
board what the research rules ask (`conditions`): whether the Soviets and the Axis have
attacked each other yet (Special Cases 1) and whether the side traces a supply route to
two friendly nuclear materials hexes (Atomic Bombs 1, checked once, as the phase opens).
The player then invests ("invest", item, 1 | 2) and rolls ("roll_research", item) in any
order the rules allow, and ends with ("end_research",); what is left is lost (Production
Points 4: nothing carries to the next turn). A side with nothing to invest and nothing
to roll passes the phase at once.

FRAME: {"state": "research", "role": side, "budget": production points left,
        "soviet_at_peace": bool, "atomic_supply": bool}
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, cast

from grognard.core.flow import Frame, GameStep, goto

from . import research
from .board import Data, points
from .capability import format_cost
from .geography import Place, geography
from .layout import HgwBoard
from .limitations import box_place
from .map import load_map
from .neutrality import politics
from .sequence import next_step
from .supply import supplied_places

if TYPE_CHECKING:
    from .state import HgwState

END = ("end_research",)
NUCLEAR = "nuclear"  # the map's feature of a nuclear materials hex (Atomic Bombs 1)
NUCLEAR_NEEDED = 2  # Atomic Bombs 1: a supply route to two of them


def nuclear_places(data: Data) -> tuple[Place, ...]:
    """Atomic Bombs 1's nuclear materials hexes as places of the scenario: the hex itself
    when it is on the board, else the off-map box its country is played in (Colorado,
    19112, is the United States box in European play)."""
    return _nuclear_places(data["scenario"])


@cache
def _nuclear_places(scenario: str) -> tuple[Place, ...]:
    m = load_map()
    places = geography(scenario).places
    found = set()
    for h in m.hexes:
        if not m.has_feature(h, NUCLEAR):
            continue
        box = "" if h in places else m.box_of(h)
        only_scenario = cast(HgwBoard, {"scenario": scenario})  # box_place reads the scenario only
        where = h if h in places else (box_place(only_scenario, box) if box else None)
        if where is not None:
            found.add(where)
    return tuple(sorted(found))


def nuclear_supply(data: Data, side: str) -> list[Place]:
    """The nuclear materials places friendly to `side` that trace a supply route to its
    home countries (the route production points trace, Production Points 1)."""
    supplied = supplied_places(data, side, home_only=True)
    return [p for p in nuclear_places(data) if data["owner"].get(p) == side and p in supplied]


def soviet_at_peace(data: Data) -> bool:
    """Research Special Cases 1: the Soviets and the Axis have not attacked each other
    yet (Campaign Game I's politics record it; without them they fight from the start)."""
    pol = politics(data)
    return pol is not None and not pol.get("soviet_war")


def conditions(data: Data, side: str) -> research.Conditions:
    return research.Conditions(
        soviet_at_peace=side == "soviet" and soviet_at_peace(data),
        atomic_supply=len(nuclear_supply(data, side)) >= NUCLEAR_NEEDED,
    )


def frame_conditions(frame: Frame) -> research.Conditions:
    """The conditions read as the phase opened (kept in the frame)."""
    return research.Conditions(
        soviet_at_peace=bool(frame["soviet_at_peace"]), atomic_supply=bool(frame["atomic_supply"])
    )


def _actions(data: Data, frame: Frame) -> list[research.ResearchAction]:
    return research.research_actions(
        data["research"], frame["role"], int(frame["budget"]), frame_conditions(frame)
    )


def us_technology(game: HgwState) -> None:
    """United States Technology: as the U.S. joins the Allies their sheet reaches atomic
    bomb level 2 and capital ship level 1 where it is not there already (Campaign Game II
    only: without a research sheet nothing happens)."""
    data = game.data
    sheet = data.get("research")
    if sheet is None or "allied" not in sheet:
        return
    new = research.us_joins_allies(sheet)
    before, after = sheet["allied"]["items"], new["allied"]["items"]
    for item in sorted(after):
        if after[item]["level"] != before[item]["level"]:
            what, cost = item.replace("_", " "), format_cost(after[item]["cost"])
            reached = after[item]["level"]
            game.log(f"the United States brings the Allies {what} tech level {reached} (cost {cost})")
    data["research"] = new


class Research(GameStep["HgwState"]):
    """Who researches, what may be invested and rolled, and what each does."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return [frame["role"]] if "role" in frame else []

    def run(self, game: HgwState, frame: Frame) -> None:
        """The phase opens: the sheet's last phase cleared, the board's conditions read."""
        data = game.data
        side = str(frame["player"])
        data["phase"] = "research"
        data["research"] = research.begin_phase(data["research"], side)
        found = conditions(data, side)
        frame.update(role=side, soviet_at_peace=found.soviet_at_peace, atomic_supply=found.atomic_supply)
        if not _actions(data, frame):
            self._close(game, frame)
            return
        if frame["budget"]:
            game.log(f"{side} has {points(int(frame['budget']), 'production')} for research")
        else:  # Research 8: markers left on the track may still be rolled for
            game.log(f"{side} has no production left for research, only rolls to make")

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[tuple[Any, ...]]:
        return sorted([END, *_actions(game.data, frame)])

    def apply(self, game: HgwState, frame: Frame, role: str, action: tuple[Any, ...]) -> None:
        data = game.data
        if action == END:
            if frame["budget"]:
                game.log(f"{role} leaves {points(int(frame['budget']))} of production unspent (lost)")
            self._close(game, frame)
            return
        sheet, spent, outcome = research.apply_research_action(
            data["research"], role, action, int(frame["budget"]), game, frame_conditions(frame)
        )
        data["research"] = sheet
        frame["budget"] = int(frame["budget"]) - spent
        if outcome is not None:
            game.log(outcome.describe(role))
        else:
            item = str(action[1]).replace("_", " ")
            marker = sheet[role]["items"][action[1]]["marker"]
            game.log(f"{role} puts {points(spent, 'production')} into {item} research (space {marker})")

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        side = frame.get("role", frame.get("player"))
        return f"{side}: research with {points(int(frame['budget']), 'production')} left (invest, then roll)"

    @staticmethod
    def _close(game: HgwState, frame: Frame) -> None:
        data = game.data
        side = frame["role"]
        goto(data["flow"], next_step(data, "research"), player=side, budget=frame["budget"])
