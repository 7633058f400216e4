"""What one seat sees (the Fog of War sidebar, 6.1): its own blocks in full, other
blocks as owner and hex only, the blocks of a battle face up to the players in it
while it is fought. Shapes follow docs/client-view-conventions.md (`blocks`,
`areas`, `battle`)."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, cast

from .boards import game_map
from .city_pp import pp_by_side
from .control import Block, Data, controllers, gmap, occupancy, sides, storm_area
from .sides import allied
from .units import unit_table

ROUNDS = 3


@cache
def fire_label(type_id: str) -> str:
    """A-N-G firepower as printed on the chart, "1-1-2"."""
    fire = unit_table()[type_id].fire
    return "-".join(str(fire.get(group, 0)) for group in ("A", "N", "G"))


def shown_entry(data: Data, bid: str, block: Block) -> dict[str, Any]:
    unit = unit_table()[block["type"]]
    entry = {
        "id": bid,
        "side": block["owner"],
        "at": block.get("at"),
        "kind": unit.name,
        "short": unit.id,
        "letter": unit.combat_turn,
        "firepower": fire_label(unit.id),
        "steps": block.get("steps", 0),
        "max_steps": unit.max_steps,
    }
    if block.get("half"):
        entry["half_hit"] = True
    if block.get("beachhead"):
        entry["beachhead"] = True
    if block.get("landing") == "sea":
        entry["at_sea"] = True  # 5.91, 6.52, 6.7: a ground block carried at sea
    if block.get("blockade"):
        entry["blockade"] = True  # 6.8: face up in the port it blockades
    if block.get("aboard"):
        entry["aboard"] = block["aboard"]  # 4.2: the carrier it is on
    if block.get("grounded"):
        entry["grounded"] = block["grounded"]  # 5.52: "land" or "carrier"
    return entry


def battle_frame(flow: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((f for f in reversed(flow) if f["state"] == "battle"), None)


def visible(data: Data, flow: list[dict[str, Any]], role: str | None) -> set[str]:
    """The blocks `role` sees face up now: its own, and the shown blocks of the battle
    being fought if it is a player in it."""
    blocks = data["blocks"]
    out = {b for b, block in blocks.items() if block["owner"] == role}
    if role is not None:  # 6.71, 6.8: beachheads and blockaders stand face up for the players
        out |= {b for b, block in blocks.items() if block.get("beachhead") or block.get("blockade")}
    frame = battle_frame(flow)
    if frame and role in _players(frame) and role not in frame.get("veiled", ()):
        out |= {b for b in frame["shown"] if b in blocks and blocks[b]["at"] == frame["hex"]}
    return out


def _players(frame: dict[str, Any]) -> list[str]:
    """The players in a battle: attacker, defender and their allies there (2.0 [3])."""
    return list(frame.get("players") or (frame["attacker"], frame["defender"]))


def listed(data: Data, bid: str, role: str | None) -> bool:
    """Whether `role` knows the block exists: not another's block still being placed
    (simultaneous deployment), a factory being allocated (9.1) or a block newly built
    in this production phase (both marked `new`)."""
    block = data["blocks"][bid]
    if block["owner"] == role:
        return True
    return block["at"] is not None and not block.get("new") and data["phase"] != "deploy"


# A map's hexes and hexsides are the same in every view: built once a map. The view
# hands them out shared; Game.view copies a view before it leaves (a round trip
# through JSON), so nothing a caller changes reaches them.
@lru_cache(maxsize=16)
def _static_hexes(map_key: str) -> tuple[dict[str, Any], ...]:
    return tuple(
        {
            "id": h,
            "terrain": i.terrain,
            "land": i.land_terrain,
            "city": i.city,
            "town": i.town,
            "port": i.port,
            "name": i.name,
            "board": i.board,
            "col": i.col,
            "row": i.row,
        }
        for h, i in sorted(game_map(map_key).hexes.items())
    )


@lru_cache(maxsize=64)
def _hexes_with_control(map_key: str, owners: tuple[tuple[str, str], ...]) -> list[dict[str, Any]]:
    """The map's hexes, each with its controller: kept per map and control, which
    change far less often than a search asks for views (shared like _static_hexes)."""
    held = dict(owners)
    return [{**hex_, "control": held.get(hex_["id"])} for hex_ in _static_hexes(map_key)]


@lru_cache(maxsize=16)
def _hexsides(map_key: str) -> dict[str, list[str]]:
    return {side: sorted(features) for side, features in sorted(game_map(map_key).sides().items())}


def board_view(data: Data, flow: list[dict[str, Any]], role: str | None) -> dict[str, Any]:
    blocks = data["blocks"]
    face_up = visible(data, flow, role)
    entries = []
    for bid in sorted(blocks):
        if not listed(data, bid, role):
            continue
        block = blocks[bid]
        if bid in face_up:
            entries.append(shown_entry(data, bid, block))
        else:
            entries.append({"side": block["owner"], "at": block["at"], "hidden": True})
    entries.sort(key=lambda e: (bool(e.get("hidden")), e["side"], str(e["at"]), e.get("id", "")))
    the_map = gmap(data)
    occ = occupancy(data)
    owners = controllers(data, occ) if data["phase"] != "deploy" else {}
    places = sorted(
        {h for h, i in the_map.hexes.items() if i.city or i.town} | {e["at"] for e in entries if e["at"]}
    )
    frame = battle_frame(flow)
    production = None
    top = flow[-1] if flow else None
    if top and top["state"] == "production" and top.get("left") and role in top["left"]:
        production = dict(top["left"][role])
    choice = None
    if top and top["state"] == "choose_maps":
        choice = {k: top[k] for k in ("layout", "pickers", "adjuster", "picks", "key")}
    return {
        "map_choice": choice,
        "turn": data["turn"],
        "turn_limit": data["turn_limit"],
        "phase": data["phase"],
        "order": list(data.get("order", [])),
        "map": data["map"],
        "hexes": _hexes_with_control(data["map"], tuple(sorted(owners.items()))),
        "hexsides": _hexsides(data["map"]),
        "areas": [{"id": h, "name": the_map.hexes[h].name or h} for h in places],
        "blocks": entries,
        "pp": pp_by_side(data, owners) if data["phase"] != "deploy" else {},
        "target_pp": dict(data["target_pp"]),
        # 2.0 [3], 10.4: who is allied with whom, and the open offers (public)
        "allies": {r: [o for o in sides(data) if o != r and allied(data, r, o)] for r in sides(data)},
        "offers": {r: list(o) for r, o in sorted(data.get("offers", {}).items())},
        "battles": [{"at": h, **b} for h, b in sorted(data["battles"].items())],
        "battle": battle_view(data, frame, role) if frame else None,
        "production": production,
        # 8.3: each buildable type's name and PP per step, for the build buttons (issue
        # 26: names and costs, not bare ids); public data, sent while production lasts
        "unit_types": {t: {"name": u.name, "cost": u.cost} for t, u in unit_table().items() if u.cost}
        if production is not None
        else None,
        # 9.6, 9.7: airfields and mulberries are public markers
        "airfields": [{"at": h, **f} for h, f in sorted(data.get("airfields", {}).items())],
        "mulberries": [{"at": h, **m} for h, m in sorted(data.get("mulberries", {}).items())],
        "destroyed": list(data.get("destroyed", ())),  # 9.5: destruction markers
        "storm": data.get("storm"),  # 9.4: public, with the hexes it covers
        "storm_area": sorted(storm_area(data)),
    }


def battle_view(data: Data, frame: dict[str, Any], role: str | None) -> dict[str, Any]:
    blocks, graveyard = data["blocks"], data["graveyard"]
    in_it = role in _players(frame)
    veiled = role in frame.get("veiled", ())  # S1.6: a rocket's lone strike

    def entry(bid: str) -> dict[str, Any]:
        # a fallen block shows its face with no steps left; shown_entry reads a living
        # block's other keys with .get, so the graveyard's record stands in for one
        block = blocks.get(bid) or cast(Block, {**graveyard[bid], "steps": 0})
        if in_it and (block["owner"] == role or (bid in frame["shown"] and not veiled)):
            shape = shown_entry(data, bid, block)
            shape.pop("at", None)
            return shape
        return {"side": block["owner"], "hidden": True}

    here = [b for b in sorted(blocks) if blocks[b]["at"] == frame["hex"] and listed(data, b, role)]

    def _with(owner: str, side: str, foe: str) -> bool:
        return owner == side or (owner != foe and allied(data, owner, side))

    def side_list(side: str) -> list[dict[str, Any]]:
        # 2.0 [3]: an ally's blocks are listed on the side they fight for
        foe = frame["defender"] if side == frame["attacker"] else frame["attacker"]
        shapes = [entry(b) for b in here if _with(blocks[b]["owner"], side, foe)]
        return sorted(shapes, key=lambda e: (bool(e.get("hidden")), e.get("letter", ""), e.get("id", "")))

    current = frame["current"]
    return {
        "at": frame["hex"],
        "name": gmap(data).hexes[frame["hex"]].name or frame["hex"],
        "round": frame["round"],
        "rounds": 4 if data["options"].get("pursuit_round") else ROUNDS,
        "attacker": frame["attacker"],
        "defender": frame["defender"],
        "players": _players(frame),
        "turn": blocks[current]["owner"] if current else None,
        "firing": entry(current) if current else None,
        "sides": {s: side_list(s) for s in (frame["attacker"], frame["defender"])},
        "fires": [
            {
                "block": entry(f["block"]),
                "dice": f["dice"],
                "hit_on": f["hit_on"],
                "hits": f["hits"],
                "group": f["group"],
            }
            for f in frame["fires"]
            if f["block"] in blocks or f["block"] in graveyard
        ],
        "casualties": [
            {"block": entry(b), "lost": n, "eliminated": b in graveyard}
            for b, n in sorted(frame["casualties"].items())
            if not veiled or (blocks.get(b) or graveyard[b])["owner"] == role
        ],
        "retreats": [
            {"block": entry(b), "to": to} for b, to in frame["retreats"] if b in blocks or b in graveyard
        ],
    }


__all__ = ["battle_view", "board_view"]
