"""Shipping points moved between counters in the naval movement phase (Shipping 3,
K19.3), in two small actions as land points move (so that the legal lists stay short):

    ("move_shipping", from_port)  offered through naval_phase's hooks (EXTRA_OFFERS,
        EXTRA_VERBS): one shipping point of the side's counter in `from_port` sets out;
    ("ship_to", to_port) or ("cancel",)  in the step `shipping_to`: where it goes, a port
        of the side along a friendly route (shipping_counters.friendly_reach), a new
        counter there if none stands. Never intercepted. A point that arrived stays there
        for the rest of the phase (the naval movement frame's `shipping_arrived`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.errors import IllegalAction
from grognard.core.flow import Frame, GameStep, call, end

from .naval_phase import EXTRA_OFFERS, EXTRA_VERBS
from .shipping_counters import friendly_reach, move_choices, move_point, why_not_move

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]
VERB = "move_shipping"


def offer(game: HgwState, frame: Frame, role: str) -> list[Action]:
    return [(VERB, start) for start in move_choices(game.data, role, frame)]


def set_out(game: HgwState, frame: Frame, role: str, action: Action) -> None:
    start = action[1]
    if start not in move_choices(game.data, role, frame):
        why = why_not_move(game.data, role, frame, start, None)
        raise IllegalAction(why or f"no shipping point may leave {start} now (Shipping 3)")
    call(game.data["flow"], "shipping_to", role=role, start=start)


def _phase(game: HgwState) -> Frame:
    """The naval movement frame under the `shipping_to` step."""
    frame: Frame = game.data["flow"][-2]
    return frame


class ShippingTo(GameStep["HgwState"]):
    """Where the shipping point goes (Shipping 3)."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        reach = friendly_reach(game.data, role, frame["start"])
        return [("cancel",), *(("ship_to", p) for p in sorted(reach))]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        if action[0] == "ship_to":
            why = why_not_move(game.data, role, _phase(game), frame["start"], action[1])
            if why is not None:
                raise IllegalAction(why)
            move_point(game, role, _phase(game), frame["start"], action[1])
        end(game.data["flow"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: where does the shipping point from {frame['start']} go?"


EXTRA_VERBS[VERB] = set_out
EXTRA_OFFERS.append(offer)
