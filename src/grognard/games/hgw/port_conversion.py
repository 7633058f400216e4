"""An amphibious point turned into a port after a successful invasion advance (Naval
Action: Ports 1, N10.1), under option `naval_action`.

After an invasion's advance roll succeeds (invasion.py), an invading army with an
amphibious point in a hex without a port is asked (step "port_conversion", frame
`{role, army, place}`):

    ("make_port",)   one amphibious point leaves the army for good and the hex gets a
                     port that acts like a printed one (ports.add_port; N10.1, N10.3)
    ("no_port",)     the army keeps it

A port never turns back into an amphibious point (N10.1): no action does that. The
question is asked at once, before the displaced defenders retreat (they leave whatever
the answer; a port changes nothing for them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core.flow import Frame, GameStep, call, end
from grognard.core.game import Action

from .board import left, remove_points
from .layout import HgwBoard
from .optional import has_option
from .ports import add_port, has_port

if TYPE_CHECKING:
    from .state import HgwState


def may_convert(data: HgwBoard, army_id: str, place: str) -> bool:
    """N10.1: Naval Action is played, the army stands in the invaded hex with an
    amphibious point, and the hex has no port yet."""
    army = data["armies"][army_id]
    return (
        has_option(data, "naval_action")
        and data.get("result") is None
        and army["at"] == place
        and int(army["sp"]["amphibious"]) > 0
        and not has_port(data, place)
    )


def offer(game: HgwState, army_id: str, place: str) -> None:
    """After a successful invasion advance into `place`: ask the invader (N10.1)."""
    data = game.data
    if may_convert(data, army_id, place):
        call(data["flow"], "port_conversion", role=data["armies"][army_id]["side"], army=army_id, place=place)


class PortConversion(GameStep["HgwState"]):
    """N10.1: convert one of the invader's amphibious points into a port?"""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("make_port",), ("no_port",)]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        end(data["flow"])
        if action[0] == "no_port":
            return
        army_id, place = frame["army"], frame["place"]
        remove_points(data, army_id, "amphibious")
        left(data, place)  # an army of one amphibious point is gone: Garrisons 6
        add_port(data, place)
        game.log(f"{data['armies'][army_id]['name']} turns one amphibious point into a port in {place}")

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        army = game.data["armies"][frame["army"]]["name"]
        return f"{frame['role']}: turn one amphibious point of {army} into a port in {frame['place']}?"
