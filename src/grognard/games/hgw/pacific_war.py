"""The Pacific War scenario's victory conditions (issue 23, part 3; data/pacific_war.json).

In the spirit of the rulebook's (Barbarossa's capitals at once, The Fall of Germany's and
Campaign Game I's production measured at the end), designed for this scenario since the
Campaign Game IV document is not ours:

1. The Allies win at once when they hold Tokyo (the scenario's `capitals`, 2077: Japan's
   capital and naval yard; board.check_victory plays it like Barbarossa's capitals).
2. After the last turn (Winter 1945), Japan wins if it still holds Tokyo and holds more
   production points than it held at the start (every point of its places, devastated or
   not, as Victory Conditions 5 counts them): Japan went to war for the resources of the
   south, and an empire no larger than in December 1941 is the embargo's slow defeat.
   Otherwise the Allies win.

docs/hgw-design.md, "The Pacific War scenario", gives the reasons.
"""

from __future__ import annotations

from typing import Any

from .geography import geography
from .layout import HgwBoard
from .pacific_state import new_pacific
from .scenario import load_scenario
from .us_entry import us_brought_in
from .victory import gross_production

TOKYO = "2077"


def set_up(data: HgwBoard) -> None:
    """The Pacific's record (japan.new_pacific) at the start: the scenario opens with Pearl
    Harbor, so the U.S. is at war, brought in by Japan on the first game turn (G17.3)."""
    data["pacific"] = new_pacific()
    us_brought_in(data, "japan")


def start_production(scenario_id: str, side: str) -> int:
    """Every production point of the side's places at the start, devastated or not."""
    g = geography(scenario_id)
    return sum(g.production[p] for p, o in g.start_owner.items() if o == side)


def japan_wins(data: HgwBoard) -> bool:
    """Condition 2: Tokyo still Japanese and more production than at the start."""
    if data["owner"].get(TOKYO) != "axis":
        return False
    return gross_production(data, "axis") > start_production(data["scenario"], "axis")


def game_over(state: Any) -> None:
    """The last turn is over: score condition 2 and end the game."""
    data = state.data
    sides = load_scenario(data["scenario"]).sides
    winner = "axis" if japan_wins(data) else "allied"
    data["result"] = {s: 1.0 if s == winner else 0.0 for s in sides}
    held = gross_production(data, "axis")
    start = start_production(data["scenario"], "axis")
    tokyo = "holds" if data["owner"].get(TOKYO) == "axis" else "has lost"
    state.log(f"the last turn is over: Japan {tokyo} Tokyo with {held} production points against {start} "
              f"at the start: {'Japan' if winner == 'axis' else 'the Allies'} win")
    data["flow"].clear()
