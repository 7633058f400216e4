"""Naval Action's carriers on invasion support (optional rule `naval_action`; Aircraft
Carriers 4): each carrier point of the invasion's escort and of the separate support
fleets that reached the target lends the invading army one tac air point for its
invasion assault. The carriers never add to the support fire (fleets.support_points
leaves them out) and their tac air is never taken as a loss.

The lent points are recorded on the army's turn record (`status[army]["carrier_air"]`)
when the supporting fleets fire (Invasion Resolution step 4) and combat.firing_strength
adds them to the invasion assault's tac air, after any air attack (they are not the
army's own tac air, so an air attack neither commits them nor takes losses from them:
our reading of "not used for losses"). The ten-point cap of an assault still holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core.flow import Frame

from .board import mark, points
from .fleets import active, ships
from .layout import HgwBoard
from .naval import reaching
from .optional import has_option

if TYPE_CHECKING:
    from .state import HgwState


def carrier_air(data: HgwBoard, frame: Frame) -> int:
    """The tac air the invasion's carriers lend its army (0 without Naval Action)."""
    if not has_option(data, "naval_action"):
        return 0
    escorts = [f for f in frame.get("escorts", []) if active(data, f)]
    return sum(ships(data["fleets"][f]).get("carrier", 0) for f in [*escorts, *reaching(data, frame)])


def lend(game: HgwState, frame: Frame) -> None:
    """Aircraft Carriers 4: record the carriers' tac air on the invading army."""
    air = carrier_air(game.data, frame)
    if not air:
        return
    army = frame["army"]
    mark(game.data, army)["carrier_air"] = air
    game.log(f"the supporting carriers give {game.data['armies'][army]['name']} {points(air, 'tac air')}")
