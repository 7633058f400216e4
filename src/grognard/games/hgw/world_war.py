"""Campaign Game IV, the World War 1939-1945 (issue 23, part 3; data/campaign_4.json;
docs/hgw-design.md, "Campaign Game IV"): the rules the whole war adds to Campaign Game
III's engine when the Pacific half of the ring is in play beside Europe.

- Activity Limitations 2: while the United States is unaligned its armies may neither
  move nor attack (`held_armies`, added to the turn's frozen armies at the start of the
  Allied player turn; `why_held` for "why can't I?"); its fleets stay in port by Naval
  Action's idle rule (fleet_nations.idle: their nation is unaligned). In the Spring 1940
  Allied player turn the U.S. fleets on the West Coast move to Hawaii (`to_hawaii`).
- Entry into the War, United States 2 a-c (G6.2): Japanese armies that attack U.S.
  territory, U.S. units or a Commonwealth or Dutch hex bring the United States in at the
  end of the Axis combat phase (`end_of_combat`, pacific_politics.us_entry_by_japan), as
  Campaign Game I's own rule brings it in when the Axis attacks the U.S. box; the turn
  is recorded as Japan's (G17.3: no U.S. interception that player turn). Condition d, the
  Spring 1942 entry, is Campaign Game I's Time Record entry, unchanged.

The Pacific's record (`data["pacific"]`, pacific_state.py) is set up empty: nothing has
happened in the Pacific in Winter 1939 but the war in China.
"""

from __future__ import annotations

from typing import Any

from . import politics
from .board import current_turn
from .japan import us_brought_in
from .limitations import campaign_state
from .map import load_map
from .pacific_politics import us_entry_by_japan
from .pacific_state import new_pacific
from .pacific_tables import load_pacific
from .scenario import load_scenario
from .theater import WORLD, in_pacific

Data = dict[str, Any]
US = "united_states"
TO_HAWAII = "Spring 1940"  # Activity Limitations 2


def set_up(data: Data) -> None:
    """The Pacific's record at the start: the United States not yet at war."""
    data["pacific"] = new_pacific()


def is_world(data: Data) -> bool:
    return load_scenario(data["scenario"]).theater == WORLD


def us_unaligned(data: Data) -> bool:
    found = campaign_state(data)
    return found is not None and found[1]["us_since"] is None and US in found[1]["unaligned"]


def held_armies(data: Data) -> list[str]:
    """Activity Limitations 2: the U.S. armies on the map while the U.S. is unaligned."""
    if not is_world(data) or not us_unaligned(data):
        return []
    return sorted(a for a, x in data["armies"].items() if x.get("nation") == US and x["at"] is not None)


def why_held(data: Data, army_id: str) -> str | None:
    if army_id not in held_armies(data):
        return None
    name = data["armies"][army_id]["name"]
    return f"{name} is American and the United States is not yet at war: it may not move or attack (G6.2)"


def turn_start(game: Any, side: str) -> None:
    """The start of a player turn: the U.S. armies held, the fleets sent to Hawaii."""
    data = game.data
    if side != "allied" or not is_world(data):
        return
    held = held_armies(data)
    if held:
        data["frozen"] = sorted({*data["frozen"], *held})
    if current_turn(data) == TO_HAWAII:
        to_hawaii(game)


def to_hawaii(game: Any) -> None:
    """Activity Limitations 2: the U.S. fleets based on the West Coast move to Hawaii
    (while Hawaii is Allied; a fleet already at sea or elsewhere stays)."""
    data = game.data
    hawaii = load_pacific().morale.hawaii
    if data["owner"].get(hawaii) != "allied":
        return
    hmap = load_map()
    for fleet in data.get("fleets", {}).values():
        at = fleet.get("at")
        on_coast = at is not None and at in hmap and in_pacific(at) and hmap.hex(at).country == US
        if fleet.get("nation") == US and on_coast and at != hawaii:
            fleet["at"] = hawaii
            game.log(f"{fleet['name']} sails from the West Coast to Hawaii, {hawaii} (AL 2)")


def end_of_combat(game: Any, side: str) -> None:
    """G6.2 a-c: the places Japanese armies attacked this phase may bring the U.S. in."""
    data = game.data
    if side != "axis" or not is_world(data) or not us_unaligned(data):
        return
    targets = {
        str(status["target"])
        for army_id, status in data["status"].items()
        if status.get("target") is not None and data["armies"][army_id].get("nation") == "japan"
    }
    why = us_entry_by_japan(data, targets)
    found = campaign_state(data)
    if why is None or found is None:
        return
    game.log(f"Japan brings the United States into the war (G6.2 {why})")
    us_brought_in(data, "japan")
    politics.us_enters(game, *found)
