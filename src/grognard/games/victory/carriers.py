"""Carriers carrying air units (4.2, 5.51).

- A carrier is an airbase of its owner: it holds at most two air units whose steps
  together are no more than its own (4.2, 5.51); heavy bombers, patrol bombers and
  atom bombs never use carriers, medium bombers may load onto one in port and fly
  from it but not land on it at sea (the `no_carrier` and `carrier_launch_only` tags,
  4.1).
- An air unit that has not moved, in a port hex with its owner's carrier, may load
  onto it: `("board", bid)`, its move for the turn (our reading); that is how a medium
  bomber gets aboard.
- An air unit that ends a flight (a move, a landing after battle, a retreat) in a
  hex with a carrier of its owner with room, where no city, town or airfield of his
  has room, goes aboard (`aboard` = the carrier's id). Aboard, it moves with the
  carrier (ordinary moves, strategic moves and retreats), needs no
  supply (7.5), and counts for no stacking (5.52, 5.6).
- It launches by flying off as any air unit from the carrier's hex, never in a turn
  its carrier made a strategic move (`strategic`, cleared at the end of the turn),
  nor does such a carrier recover aircraft that turn (4.2); nor in a canal hex (4.2).
- A carrier that loses steps keeps only the air steps it can hold: the excess is
  lost from the strongest aircraft aboard first, all of them when the carrier sinks
  (our reading of 5.51's "excess air steps are eliminated").

Grounded air (5.52, more than two air units of a player in a battle) is grounded.py:
grounded aircraft aboard lose their excess steps only after the battle, and those of
a sunk carrier fly to another airbase rather than going down with it.

A lower module: it reads and writes the game data; the phases call it.
"""

from __future__ import annotations

from .control import Block, Data, airbases_with_room, flight_distance, gmap, occupancy, storm_area, unit_of

CARRIER_UNITS = 2  # 4.2: air units a carrier holds


def is_carrier(block: Block) -> bool:
    return "carrier" in unit_of(block).tags


def aboard(data: Data, cid: str) -> list[str]:
    """The air units aboard a carrier, sorted."""
    blocks = data["blocks"]
    return sorted(b for b, block in blocks.items() if block.get("aboard") == cid)


def may_land_on(block: Block, in_port: bool = False) -> bool:
    """4.1, 4.2: whether an air unit may go aboard a carrier: never a heavy bomber (nor
    a patrol bomber or atom bomb); a medium bomber only in port, where it loads to fly
    from the carrier later."""
    tags = unit_of(block).tags
    if unit_of(block).arm != "air" or "no_carrier" in tags:
        return False
    return in_port or "carrier_launch_only" not in tags


def may_launch(data: Data, block: Block) -> bool:
    """4.2: an air unit aboard a carrier that made a strategic move this turn stays
    aboard (carriers launch and recover aircraft after an ordinary move only), and so
    does one aboard a carrier in a canal hex (4.2)."""
    cid = block.get("aboard")
    if not cid:
        return True
    carrier = data["blocks"].get(cid)
    if carrier is None:
        return True
    if carrier["at"] and gmap(data).hexes[carrier["at"]].canal:
        return False  # 4.2: no launch in a canal hex
    return not carrier.get("strategic")


def carrier_with_room(data: Data, hex_id: str, bid: str) -> str | None:
    """4.2: a carrier of the block's owner in `hex_id` that can take it now."""
    blocks = data["blocks"]
    block = blocks[bid]
    info = gmap(data).hexes[hex_id]
    if info.canal or not may_land_on(block, in_port=bool(info.port)):
        return None  # 4.2: no recovery in a canal hex
    for cid in sorted(blocks):
        carrier = blocks[cid]
        if carrier["at"] != hex_id or carrier["owner"] != block["owner"] or not is_carrier(carrier):
            continue
        if carrier.get("landing") or carrier.get("strategic"):
            continue  # 4.2: no recovery after a strategic move
        planes = [b for b in aboard(data, cid) if b != bid]
        used = sum(blocks[b]["steps"] for b in planes)
        if len(planes) < CARRIER_UNITS and used + block["steps"] <= carrier["steps"]:
            return str(cid)
    return None


def carrier_landings(data: Data, bid: str, origin: str, reach: int) -> list[str]:
    """5.51: hexes within `reach` of `origin` where the block could land on a carrier."""
    blocks = data["blocks"]
    if not may_land_on(blocks[bid], in_port=True):
        return []
    owner = blocks[bid]["owner"]
    hexes = {
        c["at"]
        for c in blocks.values()
        if c["owner"] == owner and c["at"] is not None and is_carrier(c)
    }
    hexes = {h for h in hexes if flight_distance(data, origin, h) <= reach}  # 9.4: round the storm
    return sorted(h for h in hexes if carrier_with_room(data, h, bid))


def board_target(data: Data, bid: str) -> str | None:
    """4.1, 4.2: the carrier an air unit that has not moved may load onto in its own
    port hex (`("board", bid)`, its move for the turn: our reading), or None."""
    block = data["blocks"][bid]
    at = block["at"]
    if block["moved"] or block.get("aboard") or unit_of(block).arm != "air" or at is None:
        return None
    if not gmap(data).hexes[at].port or at in storm_area(data):
        return None  # 9.4: nothing moves in the storm
    return carrier_with_room(data, at, bid)


def settle(data: Data, bid: str, dest: str) -> None:
    """An air unit ends its flight at `dest`: aboard a carrier there unless a city,
    town or airfield of its owner has room for it (4.2, 5.51)."""
    block = data["blocks"][bid]
    block.pop("aboard", None)
    if unit_of(block).arm != "air":
        return
    if dest in airbases_with_room(data, occupancy(data), block["owner"]):
        return
    cid = carrier_with_room(data, dest, bid)
    if cid is not None:
        block["aboard"] = cid


def carry(data: Data, cid: str, dest: str) -> None:
    """4.2: the aircraft aboard a carrier go where it goes."""
    for bid in aboard(data, cid):
        data["blocks"][bid]["at"] = dest


def overflow(data: Data, cid: str) -> list[tuple[str, int]]:
    """5.51: (aircraft, steps lost) when a carrier holds fewer steps than are aboard
    (all of them when it is gone), the strongest first."""
    blocks = data["blocks"]
    room = int(blocks[cid]["steps"]) if cid in blocks else 0
    planes = aboard(data, cid)
    excess = sum(blocks[b]["steps"] for b in planes) - room
    out = []
    for bid in sorted(planes, key=lambda b: (-blocks[b]["steps"], b)):
        if excess <= 0:
            break
        lost = min(excess, int(blocks[bid]["steps"]))
        out.append((bid, lost))
        excess -= lost
    return out


__all__ = [
    "CARRIER_UNITS",
    "aboard",
    "board_target",
    "carrier_landings",
    "carrier_with_room",
    "carry",
    "is_carrier",
    "may_launch",
    "overflow",
    "settle",
]
