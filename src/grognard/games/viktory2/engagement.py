"""Who meets whom: where battles may be fought and who defends there (10.5, 12.0-12.2).

Movement offers battle starts, bombardment avoids units that must battle, battles
pick their sides and the 15.62 moves find their defenders: all ask these questions,
so they live here, below those phases, and import none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from grognard.core.game import Action, Role

from .vassals import is_opponent

if TYPE_CHECKING:
    from .state import Viktory2State


def fighting_units(st: Viktory2State, hex_: str, role: Role) -> list[str]:
    """role's units that take part in a battle at hex_: land units in a land hex,
    frigates in a water hex (10.5). Cargo never fights (9.45)."""
    naval = st.is_water(hex_)
    found = [
        uid for uid, u in st.units.items()
        if u["hex"] == hex_ and u["owner"] == role and (u["type"] == "frigate") == naval
    ]
    found.sort()  # as units_at: asked at every step of a battle, so in one pass
    return found


def defender_at(st: Viktory2State, hex_: str, role: Role) -> Role | None:
    """12.1: the player role fights at hex_: the owner of a hostile town, else of the
    hostile units there (land units in a land hex, frigates at sea)."""
    town = st.town_at(hex_)
    if town is not None and is_opponent(st, role, town["owner"]):
        return str(town["owner"])
    naval = st.is_water(hex_)
    for uid in st.units_at(hex_):
        u = st.units[uid]
        if (u["type"] == "frigate") == naval and is_opponent(st, role, u["owner"]):
            return str(u["owner"])
    return None


class Scan(NamedTuple):
    """One pass over the placed units, from role's point of view."""

    mine: tuple[set[str], set[str]]     # hexes with role's (land, naval) units
    theirs: tuple[set[str], set[str]]   # hexes with (land, naval) units role may attack
    owners: dict[str, set[str]]         # hex -> the players role may attack there
    opponent: dict[str, bool]           # player -> may role attack him (is_opponent)


def scan(st: Viktory2State, role: Role) -> Scan:
    found = Scan((set(), set()), (set(), set()), {}, {})
    opponent = found.opponent
    for u in st.units.values():
        hex_ = u["hex"]
        if hex_ is None:
            continue
        sea = u["type"] == "frigate"
        owner = u["owner"]
        if owner == role:
            found.mine[sea].add(hex_)
            continue
        if owner not in opponent:
            opponent[owner] = is_opponent(st, role, owner)
        if opponent[owner]:
            found.theirs[sea].add(hex_)
            found.owners.setdefault(hex_, set()).add(owner)
    return found


def meeting_hexes(st: Viktory2State, role: Role, seen: Scan | None = None) -> set[str]:
    """Hexes where role's units stand with units (or a town) they may fight (12.0, 10.5):
    land units with land units or a town or city, frigates with frigates."""
    sc = seen or scan(st, role)
    return meetings(st, role, sc.mine, sc.theirs, sc.opponent)


def meetings(
    st: Viktory2State,
    role: Role,
    mine: tuple[set[str], set[str]],
    theirs: tuple[set[str], set[str]],
    opponent: dict[str, bool],
) -> set[str]:
    """meeting_hexes from the parts of a Scan it reads (the movement step has them)."""
    found = (mine[0] & theirs[0]) | (mine[1] & theirs[1])
    towns = st.data["towns"]
    for hex_ in mine[0] - found:
        town = towns.get(hex_)
        if town is not None:
            owner = town["owner"]
            if owner not in opponent:
                opponent[owner] = is_opponent(st, role, owner)
            if opponent[owner]:
                found.add(hex_)
    return found


def contested_hexes(st: Viktory2State, role: Role, engaged: set[str] | None = None) -> list[str]:
    """Hexes where role may start a battle: its units meet units or a town they may
    fight, and no battle was fought there yet this turn (12.2). `engaged`: the
    meeting_hexes of role, when already known."""
    if engaged is None:
        engaged = meeting_hexes(st, role)
    return sorted(engaged.difference(st.data["turn"]["battles"]))


def legal_starts(st: Viktory2State, role: Role) -> list[Action]:
    """("battle", hex) for each hex where role may start a battle now."""
    return [("battle", h) for h in contested_hexes(st, role)]
