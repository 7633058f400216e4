"""Where the optional rules and Campaign Game II's morale meet Campaign Game I's political
events (politics.py calls these, so that its own module keeps to the basic rules):

- a nation joins the Axis: with the Italian Army rule Italy brings the point in 2239
  (O4.6, italian_army.py); with Unaligned Forces, Finland's, Rumania's and Hungary's home
  forces are eliminated when the Axis receives their armies (O2.9, unaligned_forces.py);
- Italy surrenders: the Italian Army is eliminated (O4.5, italian_army.py);
- the United States enters the war: with Leaders, the U.S. leaders join the Allied pools
  at once and two No Leader markers leave the land pool (O1.3, leaders.py);
- with national morale (Campaign Game II), the chart's political events: the United
  States joining the Allies or the Axis and the Soviet surrender (morale_events.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .campaign import Force
from .italian_army import libya_point
from .italian_army import on_surrender as italy_surrenders
from .leaders import us_entry
from .morale_events import chart_event, joined
from .unaligned_forces import eliminate_nation, load_home_forces

if TYPE_CHECKING:
    from .state import HgwState

__all__ = ["italy_surrenders", "joined_axis", "soviet_surrenders", "us_entered"]


def us_entered(game: HgwState) -> None:
    """The United States enters the war on the Allied side."""
    us_entry(game)  # O1.3
    chart_event(game, "us_joins_allies")  # the National Morale Chart


def soviet_surrenders(game: HgwState) -> None:
    """The Axis accepts the Soviet surrender (Soviet Union 1-4)."""
    game.log("the Axis accepts the Soviet surrender: no more attacks between them")
    chart_event(game, "soviet_surrender")  # the National Morale Chart


def joined_axis(game: HgwState, nation: str, bonus: Force | None) -> None:
    """`nation` has joined the Axis, the Axis receiving `bonus` (Nations Inclined toward
    Axis 3-5) if any."""
    if nation == "italy":
        libya_point(game)  # O4.6
    if bonus is not None and nation in load_home_forces().end_with_axis_arrival:  # O2.9
        eliminate_nation(game, nation, f"the Axis receives the {bonus.name}")
    joined(game, nation, "axis")  # the National Morale Chart: the United States only
