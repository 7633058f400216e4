"""Shipping points moved between counters in the naval movement phase (Shipping 3,
K19.3), offered through naval_phase's hooks (EXTRA_OFFERS, EXTRA_VERBS):

    ("move_shipping", from_port, to_port)  one shipping point from the side's counter in
        `from_port` to its port `to_port` (a new counter there if none stands), along a
        friendly route (shipping_counters.friendly_reach); never intercepted. A point that
        arrived stays there for the rest of the phase.
"""

from __future__ import annotations

from typing import Any

from grognard.core.errors import IllegalAction
from grognard.core.flow import Frame

from .naval_phase import EXTRA_OFFERS, EXTRA_VERBS
from .shipping_counters import move_choices, move_point, why_not_move

Action = tuple[Any, ...]
VERB = "move_shipping"


def offer(game: Any, frame: Frame, role: str) -> list[Action]:
    return list(move_choices(game.data, role, frame))


def apply(game: Any, frame: Frame, role: str, action: Action) -> None:
    why = why_not_move(game.data, role, frame, action[1], action[2])
    if why is not None:
        raise IllegalAction(why)
    move_point(game, role, frame, action[1], action[2])


EXTRA_VERBS[VERB] = apply
EXTRA_OFFERS.append(offer)
