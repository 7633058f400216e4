"""Destruction markers (9.5, L1.4) with the `logistics` option: bridges and canals
shot down with G fire, and engineers rebuilding them.

- `("demolish", block, hexside)` in the move phase, instead of the block's move: a block
  with G firepower fires at a bridge or canal hexside, a ground block from one of the
  two hexes it joins, an air or naval block from one of them or a hex next to them
  (9.5: "an adjacent hex"). A die per step, hits at or under its G firepower (6.4);
  hits add up over the game (9.5: "two hits total") and at two the hexside is
  destroyed: a destroyed bridge leaves a plain river that no road crosses
  (control.side_features: moving on by road and strategic moves stop there, crossing
  it stops the block as a river does), and neither carries supply (7.2).
- `("rebuild", block, hexside)` in the production phase: an engineer in one of the two
  hexes, both of them its owner's (9.5: both friendly), spends a step and the marker
  goes. The Logistics sheet (L1.4) asks the same (an engineer in the same hex).

`data["destroyed"]` lists destroyed hexside ids; `data["side_hits"]` {hexside: hits}.
Both are public. A helper of the move and production phases; it imports no phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .control import Data, arm, controller, gmap, has_enemy, occupancy, side_key, storm_area, unit_of

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]
HITS_TO_DESTROY = 2  # 9.5
TARGETS = frozenset({"bridge", "canal"})


def _targets_near(data: Data, hex_id: str, reach: int) -> list[str]:
    """Bridge and canal hexsides with an end within `reach` hexes of `hex_id`."""
    the_map = gmap(data)
    near = {hex_id}
    for _ in range(reach):
        near |= {n for h in near for n in the_map.neighbors(h)}
    out = set()
    for h in near:
        for n in the_map.neighbors(h):
            if the_map.side_features(h, n) & TARGETS:
                out.add(side_key(h, n))
    destroyed = set(data.get("destroyed", ()))
    return sorted(out - destroyed)


def demolish_actions(data: Data, bid: str) -> list[Action]:
    """9.5: the hexsides this block may fire at instead of moving."""
    if not data["options"].get("logistics"):
        return []
    block = data["blocks"][bid]
    fp = unit_of(block).fire.get("G", 0)
    at = block["at"]
    if fp <= 0 or block["moved"] or at is None or block.get("landing") or at in storm_area(data):
        return []
    if has_enemy(data, occupancy(data), at, block["owner"]):
        return []  # pinned or fighting (5.1)
    reach = 0 if arm(block) == "ground" else 1
    return [("demolish", bid, side) for side in _targets_near(data, at, reach)]


def demolish(game: VictoryState, role: str, bid: str, side: str) -> None:
    data = game.data
    block = data["blocks"][bid]
    fp = unit_of(block).fire.get("G", 0)
    block["moved"] = True
    dice = game.roll(block["steps"], role, f"fire at the hexside {side}")
    hits = sum(1 for d in dice if d <= fp)
    total = data.setdefault("side_hits", {}).get(side, 0) + hits
    data["side_hits"][side] = total
    game.log(f"{role} fires at the hexside {side}: {hits} hit(s), {total} in all")
    if total >= HITS_TO_DESTROY:
        data.setdefault("destroyed", []).append(side)
        data["destroyed"].sort()
        game.log(f"the hexside {side} is destroyed (9.5)")


def rebuild_actions(data: Data, role: str) -> list[Action]:
    """9.5: engineers at a destroyed hexside whose two hexes are both `role`'s."""
    if not data["options"].get("logistics"):
        return []
    occ = occupancy(data)
    out: list[Action] = []
    for side in data.get("destroyed", ()):
        ends = side.split("|")
        if any(controller(data, occ, h) != role for h in ends):
            continue
        for h in ends:
            for bid in occ.get(h, ()):
                block = data["blocks"][bid]
                if block["owner"] == role and "engineer" in unit_of(block).tags and not block.get("new"):
                    out.append(("rebuild", bid, side))
    return out


def rebuild(game: VictoryState, role: str, bid: str, side: str) -> None:
    data = game.data
    data["destroyed"].remove(side)
    data.get("side_hits", {}).pop(side, None)
    block = data["blocks"][bid]
    block["steps"] -= 1
    game.log(f"{role} rebuilds the hexside {side} (9.5)")
    if block["steps"] <= 0:
        del data["blocks"][bid]
        data["graveyard"][bid] = {"owner": role, "type": block["type"]}
        game.log(f"{bid} ({unit_of(block).name}) is used up rebuilding it", to=[role])


__all__ = ["demolish", "demolish_actions", "rebuild", "rebuild_actions"]
