"""Airfields (9.6, L1.1) and mulberries (9.7, L1.2): markers engineers build in the
production phase, and their capture.

- `("airfield", bid)`: an engineer spends a step to put a minor airfield in its hex (any
  land hex but a city or town, one its owner controls), or to turn a minor airfield
  there into a major one. A minor airfield holds one air unit, a major two; neither
  counts for stacking nor supplies anything (control.friendly_airbases).
- `("mulberry", bid)`: an engineer spends a step for a mulberry in its coastal hex (no
  port there already): a port of capacity 2 for sea movement (seatransport.py) and
  sea supply that is traced on to the hexes around it and their roads (supply.py).
  With the `logistics_sheet` option marines build them instead (L1.2).
- Capture: an airfield alone with another player's ground blocks, a mulberry alone
  with another player's ground or naval blocks (no submarine: it holds no land, 4.2),
  changes hands at once and serves the captor from the next game turn (`since` records
  the turn it changed hands or was built; production belongs to the turn before the one
  it serves).

`data["airfields"]` is {hex: {"owner", "major", "since"}} and `data["mulberries"]`
{hex: {"owner", "since", "down"?}}: public, drawn for everyone. Not done: attacking
a major airfield or a mulberry with G fire (two hits in one battle), and the storm's
damage to mulberries is in storms.py.

A lower module: production, movement and battles call it; it imports no phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .control import Data, arm, controller, gmap, is_airbase_site, is_submarine, occupancy, unit_of
from .layout import Airfield, Mulberry, placed
from .sides import is_enemy
from .verbs import args

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]


def builder_tag(data: Data) -> str:
    """9.7: engineers build mulberries; the Logistics sheet (L1.2) gives it to marines."""
    return "marine" if data["options"].get("logistics_sheet") else "engineer"


def build_actions(data: Data, role: str) -> list[Action]:
    """The airfields and mulberries `role`'s blocks may build now (9.6, 9.7)."""
    occ = occupancy(data)
    the_map = gmap(data)
    fields = data.get("airfields", {})
    berths = data.get("mulberries", {})
    mulberry_tag = builder_tag(data)
    out: list[Action] = []
    for bid in sorted(data["blocks"]):
        block = data["blocks"][bid]
        at = block["at"]
        if block["owner"] != role or at is None or arm(block) != "ground" or block.get("new"):
            continue
        if controller(data, occ, at) != role:
            continue  # not in a battle hex or a hex someone else holds
        info = the_map.hexes[at]
        tags = unit_of(block).tags
        if "engineer" in tags and not is_airbase_site(info):
            field = fields.get(at)
            if field is None or (field["owner"] == role and not field["major"]):
                out.append(("airfield", bid))
        if mulberry_tag in tags and info.terrain == "coastal" and not info.port and at not in berths:
            out.append(("mulberry", bid))
    return out


def build(game: VictoryState, role: str, action: Action) -> None:
    """Spend one step of the builder (9.6, 9.7); a builder at one step is used up."""
    data = game.data
    bid = args(action)["block"]
    block = data["blocks"][bid]
    at = placed(block)  # build_actions offers only builders on the map
    if action[0] == "airfield":
        fields = data.setdefault("airfields", {})
        if at in fields:
            fields[at]["major"] = True
            game.log(f"{role} enlarges the airfield at {at} to a major airfield")
        else:
            fields[at] = {"owner": role, "major": False, "since": data["turn"]}
            game.log(f"{role} builds a minor airfield at {at}")
    else:
        data.setdefault("mulberries", {})[at] = {"owner": role, "since": data["turn"]}
        game.log(f"{role} builds a mulberry at {at}")
    block["steps"] -= 1
    if block["steps"] <= 0:
        del data["blocks"][bid]
        data["graveyard"][bid] = {"owner": role, "type": block["type"]}
        game.log(f"{bid} ({unit_of(block).name}) is used up building it", to=[role])


def capture_markers(game: VictoryState) -> None:
    """9.6, 9.7: markers alone with another player's blocks change hands now."""
    data = game.data
    if not data.get("airfields") and not data.get("mulberries"):
        return  # none on the map (the Logistics set's markers are optional)
    occ = occupancy(data)
    blocks = data["blocks"]
    kinds: tuple[tuple[dict[str, Airfield] | dict[str, Mulberry], str, tuple[str, ...]], ...] = (
        (data.get("airfields", {}), "airfield", ("ground",)),
        (data.get("mulberries", {}), "mulberry", ("ground", "naval")),
    )
    for markers, name, arms in kinds:
        for hex_id, marker in markers.items():
            here = occ.get(hex_id, ())
            owners = {blocks[b]["owner"] for b in here}
            if len(owners) != 1 or not is_enemy(data, marker["owner"], next(iter(owners))):
                continue  # 2.0 [3]: an ally never takes a marker
            # 4.2: a submarine controls no land, so it takes no marker ashore
            if any(arm(blocks[b]) in arms and not is_submarine(blocks[b]) for b in here):
                marker["owner"] = next(iter(owners))
                marker["since"] = data["turn"]
                game.log(f"{marker['owner']} captures the {name} at {hex_id}")


__all__ = ["build", "build_actions", "builder_tag", "capture_markers"]
