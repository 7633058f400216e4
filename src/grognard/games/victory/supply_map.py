"""Who is in supply where now (7.0-7.5, 6.8, 9.5, 9.7): for every player, the hexes
where his units are in supply, from the supply network of each player (supply.py)
over the board as control.py reads it. Asked at the end of every turn (7.1
attrition) and for production (8.1), through supply_memo.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .control import (
    Data,
    arm,
    blockaded_ports,
    controllers,
    gmap,
    is_submarine,
    occupancy,
    sides,
    working_mulberry,
)
from .layout import placed
from .sides import allied, has_allies, is_enemy
from .supply import supply_network


def _raw_supplied(
    data: Data,
    role: str,
    occ: Mapping[str, list[str]],
    owners: Mapping[str, str | None],
    cutters: set[str],
    sea_cutters: set[str],
) -> frozenset[str]:
    # 2.0 [3] our reading: allies' cities are bases and their hexes carry lines for each other
    friends = [r for r in sides(data) if r != role and allied(data, role, r)] if has_allies(data) else []
    mine = {role, *friends}
    sources = [h for h, info in gmap(data).hexes.items() if info.city and owners[h] in mine]
    heads = [placed(b) for b in data["blocks"].values() if b["owner"] == role and b.get("beachhead")]
    return supply_network(
        gmap(data),
        role,
        owners,
        lambda h: h in cutters,
        sources,
        sea_cut=lambda h: h in sea_cutters,  # 7.5: submarines cut sea supply, not land supply
        allies=friends,
        blockaded=blockaded_ports(data, occ),  # 6.8: no sea supply in or out
        beachheads=heads,
        broken_sides=list(data.get("destroyed", ())),  # 9.5
        mulberries=[h for h in data.get("mulberries", {}) if working_mulberry(data, h, role)],  # 9.7
    ).supplied


def supply_map(data: Data, occ: Mapping[str, list[str]] | None = None) -> dict[str, frozenset[str]]:
    """7.0: for every player, the hexes where his units are in supply now. Every
    friendly city is offered as a supply base (7.3; the supply module keeps those
    linked to another). 7.1: a unit that is itself out of supply cuts no enemy supply,
    so a second pass forgets the hexes only such units hold (ships need no supply)."""
    occ = occupancy(data) if occ is None else occ
    owners = controllers(data, occ)
    blocks = data["blocks"]
    roles = sides(data)

    def cutters(role: str, counts: Callable[[str, str], bool], land: bool = True) -> set[str]:
        # 6.8: blockading ships stop sea supply only; the port's roads stay open
        # 7.5: submarines cut sea supply but no land supply (`land`: the land cutters)
        return {
            h
            for h, here in occ.items()
            if any(
                is_enemy(data, role, blocks[b]["owner"])
                and not blocks[b].get("blockade")
                and not (land and is_submarine(blocks[b]))
                and counts(b, h)
                for b in here
            )
        }

    def everyone(b: str, h: str) -> bool:
        return True

    first_cut = {r: (cutters(r, everyone), cutters(r, everyone, land=False)) for r in roles}
    first = {r: _raw_supplied(data, r, occ, owners, *first_cut[r]) for r in roles}

    def in_supply(b: str, h: str) -> bool:
        return arm(blocks[b]) == "naval" or h in first[blocks[b]["owner"]]

    out = {}
    for role in roles:
        cut, sea_cut = cutters(role, in_supply), cutters(role, in_supply, land=False)
        if (cut, sea_cut) == first_cut[role]:
            out[role] = first[role]  # every enemy unit cutting is in supply: nothing to redo
            continue
        # hexes held only by unsupplied enemy units count as neutral for this player
        idle = first_cut[role][0] - cut
        seen = {h: (None if h in idle else o) for h, o in owners.items()}
        out[role] = _raw_supplied(data, role, occ, seen, cut, sea_cut)
    return out


def supplied(data: Data, role: str, occ: Mapping[str, list[str]] | None = None) -> frozenset[str]:
    """7.0: the hexes where `role`'s units are in supply now (see supply_map)."""
    return supply_map(data, occ)[role]
