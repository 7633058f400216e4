"""Campaign Game IV, the World War 1939-1945 (issue 23, part 3; data/campaign_4.json;
docs/hgw-design.md, "Campaign Game IV"): the rules the whole war adds to Campaign Game
III's engine when the Pacific half of the ring is in play beside Europe.

- Activity Limitations 2: while the United States is unaligned, its West Coast, Alaska and
  Hawaii are unaligned places of its nation (with its box, `pacific_unaligned`), its
  Philippine command in the Allied-held Philippines may neither move nor attack
  (`held_armies`, added to the Allied turn's frozen armies; `why_held` for "why can't I?")
  and its fleets stay in port by Naval Action's idle rule (fleet_nations.idle). In the
  Spring 1940 Allied player turn the U.S. fleets on the West Coast move to Hawaii
  (`to_hawaii`). At the start of the first player turn after the U.S. enters the war, its
  Hawaiian and West Coast commands take the field (`us_pacific_arrivals`, `arrivals`).
- Entry into the War, United States 2 a-c (G6.2): at the end of the Axis combat phase, an
  Axis attack on a U.S. place, or a Japanese attack on U.S. units or a Commonwealth or
  Dutch hex (pacific_politics.us_entry_by_japan), brings the United States in, before
  Campaign Game I's politics would read the attack as a violation of neutrality; the turn
  is recorded as Japan's when Japan did it (G17.3: no U.S. interception that player
  turn). Condition d, the Spring 1942 entry, is Campaign Game I's Time Record entry.
- The United States' surrender (G15): at the end of an Axis combat phase with Washington
  (the U.S. box, which stands for it here), San Francisco, Seattle and Hawaii all Axis
  (pacific_politics.us_surrenders, apply_us_surrender; `us_surrender`).
- French Indochina's two capitals (G2.7, G11.4; indochina.py): unaligned at France's
  surrender (`after_politics`), each capital then surrendering its half to its captor.
- Japan and the Soviet Union (G17.6; japan_soviet.py): the clock at the end of combat,
  the attacks filtered by nations.may_aim.
- The National Morale Chart's loss of Hawaii (K23.3): Hawaii Allied at the start of a
  player turn and Axis at the end of its combat phase strikes U.S. morale, once a game
  (pacific_politics.hawaii_lost; `hawaii_owner` in the Pacific's record). Its loss of five
  carriers: Japan's carrier points looked at each turn start and combat end (carrier_watch).

The Pacific's record (`data["pacific"]`, pacific_state.py) is set up with nothing yet
happened, and `us_forces` "waiting" until the U.S. Pacific commands have arrived.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import carrier_watch, indochina, japan_soviet, politics
from .board import current_turn
from .japan import us_brought_in
from .layout import HgwBoard
from .layout import units as unit_records
from .limitations import campaign_state
from .map import load_map
from .neutrality import places_of
from .pacific_politics import apply_us_surrender, hawaii_lost, us_entry_by_japan, us_surrenders
from .pacific_state import new_pacific
from .pacific_tables import load_pacific
from .scenario import KINDS, load_scenario
from .theater import WORLD, in_pacific

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
US = "united_states"
TO_HAWAII = "Spring 1940"  # Activity Limitations 2


def set_up(data: Data) -> None:
    """The Pacific's record at the start: the United States not yet at war."""
    data["pacific"] = {**new_pacific(), "us_forces": "waiting"}


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
    return f"{name} is American and the United States is not yet at war: it may not move or attack (G17.2)"


def turn_start(game: HgwState, side: str) -> None:
    """The start of a player turn: the U.S. Pacific commands arrive once the U.S. is at
    war; the U.S. armies held before, the fleets sent to Hawaii."""
    data = game.data
    if not is_world(data):
        return
    arrivals(game)
    carrier_watch.look(game)  # K23.3: Japan's carriers lost since the last look
    data["pacific"]["hawaii_owner"] = data["owner"].get(load_pacific().morale.hawaii)
    if side != "allied":
        return
    held = held_armies(data)
    if held:
        data["frozen"] = sorted({*data["frozen"], *held})
    if current_turn(data) == TO_HAWAII:
        to_hawaii(game)


def to_hawaii(game: HgwState) -> None:
    """Activity Limitations 2: the U.S. fleets based on the West Coast move to Hawaii
    (unless the Axis holds it; a fleet already at sea or elsewhere stays)."""
    data = game.data
    hawaii = load_pacific().morale.hawaii
    if data["owner"].get(hawaii) == "axis":
        return
    hmap = load_map()
    for fleet in data.get("fleets", {}).values():
        at = fleet.get("at")
        on_coast = at is not None and at in hmap and in_pacific(at) and hmap.hex(at).country == US
        if fleet.get("nation") == US and on_coast and at != hawaii:
            fleet["at"] = hawaii
            game.log(f"{fleet['name']} sails from the West Coast to Hawaii, {hawaii} (AL 2)")


def arrivals(game: HgwState) -> None:
    """The U.S. Pacific commands take the field in their hexes, if still Allied and their
    counters unused, at the first player turn's start after the U.S. entered the war."""
    data = game.data
    found = campaign_state(data)
    record = data.get("pacific", {})
    if found is None or found[1]["us_since"] is None or record.get("us_forces") != "waiting":
        return
    record["us_forces"] = "arrived"
    for p in load_scenario(data["scenario"]).us_pacific_arrivals:
        army = data["armies"][p.army]
        if army["at"] is not None or data["owner"].get(p.at) != "allied":
            game.log(f"{army['name']} cannot take the field in {p.at}")
            continue
        army["at"] = p.at
        for kind in KINDS:
            army["sp"][kind] = getattr(p, kind, 0)
        game.log(f"{army['name']} takes the field in {p.at}: the United States is at war")


def _targets(data: Data, japanese: bool) -> set[str]:
    return {
        str(status["target"])
        for army_id, status in data["status"].items()
        if status.get("target") is not None
        and data["armies"][army_id]["side"] == "axis"
        and (not japanese or data["armies"][army_id].get("nation") == "japan")
    }


def end_of_combat(game: HgwState, side: str) -> None:
    """The end of a combat phase: the loss of Hawaii, the U.S. entry by attack, the U.S.
    surrender."""
    if is_world(game.data):
        carrier_watch.look(game)  # K23.3: the carriers Japan lost in this turn's fighting
        indochina.capitals_taken(game)  # G11.4: a capital taken surrenders its half
        japan_soviet.end_of_combat(game, side)  # G17.6: Germany's first attack, the war
        _hawaii(game)
        _us_entry(game, side)
        if side == "axis":
            us_surrender(game)


def after_politics(game: HgwState, side: str) -> None:
    """After Campaign Game I's politics at the end of a combat phase: France's surrender
    leaves French Indochina unaligned with its two capitals (France 4, G11.4)."""
    if is_world(game.data) and side == "axis":
        indochina.falls_unaligned(game)


def us_surrender(game: HgwState) -> None:
    """G15.1-G15.3 at the end of an Axis combat phase: the four capitals Axis (Washington
    is the U.S. box here) and the United States surrenders."""
    data = game.data
    if not us_surrenders(data):
        return
    out = apply_us_surrender(data)
    game.log("the United States surrenders: Washington, San Francisco, Seattle and Hawaii are Axis (G15.1); "
             "its hexes, Alaska and Hawaii become Axis, their production devastated (G15.2)")
    for kind, uid in out["eliminated"]:
        game.log(f"{unit_records(data, kind)[uid]['name']} is eliminated (G15.2)")
    for kind, uid in out["allied"]:
        game.log(f"{unit_records(data, kind)[uid]['name']} fights on as an Allied force (G15.3)")


def _hawaii(game: HgwState) -> None:
    data = game.data
    if "morale" not in data:
        return
    new = hawaii_lost(data, data["morale"], data["pacific"].get("hawaii_owner"))
    if new != data["morale"]:
        data["morale"] = new
        game.log(f"the United States has lost Hawaii: morale united_states {new['united_states']:+d}, "
                 f"japan {new['japan']:+d} (National Morale Chart)")


def _us_entry(game: HgwState, side: str) -> None:
    """G6.2 a-c: the places the Axis (Japan for b and c) attacked this combat phase may
    bring the U.S. in."""
    data = game.data
    found = campaign_state(data)
    if side != "axis" or not us_unaligned(data) or found is None:
        return
    us_places = set(places_of(data, US))
    violated = sorted(_targets(data, japanese=False) & us_places)
    japanese = _targets(data, japanese=True)
    why = us_entry_by_japan(data, japanese)
    if why is None and not violated:
        return
    if why is not None:
        us_brought_in(data, "japan")  # G17.3: the entry is Japan's doing
    why = why or f"a: the Axis violated U.S. territory at {violated[0]}"
    game.log(f"the United States enters the war (G6.2 {why})")
    politics.us_enters(game, *found)
