"""Bombard attacks (11.0-11.3, with 9.44, 9.45, 10.1, 10.6, 10.7).

An artillery or frigate fires one die at a hex one or two hexes away that holds
another player's units, if it can see that hex. No return fire (11.1); towns and
cities are never harmed (11.0). The action is ("bombard", uid, target_hex); the
movement step lists `legal` among its own actions and hands the verb to `apply`.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache
from typing import TYPE_CHECKING

from grognard.core import hexgrid
from grognard.core.game import Action, Role

from . import losses, turns
from .engagement import meeting_hexes, scan
from .layout import placed
from .situation import bombarding_types
from .tables import geometry, tables
from .verbs import args
from .wording import unit_words

if TYPE_CHECKING:
    from .state import Viktory2State

#: 11.0 maximum bombardment range
RANGE = 2


@cache
def _sight_rules() -> tuple[bool, bool, frozenset[str]]:
    """(a town blocks sight, a city does, the terrains that do) from data/units.json."""
    table = tables()
    settlement = table["settlement"]
    terrains = frozenset(t for t, row in table["terrain"].items() if row["blocks_sight"])
    return bool(settlement["town"]["blocks_sight"]), bool(settlement["city"]["blocks_sight"]), terrains


def blocks_sight(st: Viktory2State, hex_: str) -> bool:
    """11.2: forest, mountain and any town or city block a line of sight.

    A face-down tile blocks too (our reading: nobody can fire across a hex that has
    not been seen). 15.1 terrain leveling lifts the terrain's blocking only: towns
    and cities are not terrain and still block.
    """
    town_blocks, city_blocks, terrains = _sight_rules()
    town = st.data["towns"].get(hex_)
    if town is not None:
        return city_blocks if town["city"] else town_blocks
    terrain = st.data["tiles"][hex_]
    if terrain is None:
        return True
    return not st.options["terrain_leveling"] and terrain in terrains


@cache
def _between(radius: int, frm: str, to: str) -> tuple[tuple[str, ...], ...]:
    """The hexes strictly between two hexes, one tuple per possible line (hexgrid.lines)."""
    a, b = hexgrid.parse_hex_id(frm), hexgrid.parse_hex_id(to)
    return tuple(tuple(hexgrid.hex_id(h) for h in line[1:-1]) for line in hexgrid.lines(a, b))


def has_line_of_sight(st: Viktory2State, frm: str, to: str) -> bool:
    """11.2: true when some line from `frm` to `to` crosses no blocking hex.

    The bombarding player picks the path, so any clear line will do; a line running
    along a hexside has two variants (hexgrid.lines) and either clear one suffices.
    """
    return any(
        not any(blocks_sight(st, h) for h in between)
        for between in _between(st.data["board"]["radius"], frm, to)
    )


@cache
def _in_range(radius: int, hex_: str) -> frozenset[str]:
    """Board hexes one or two hexes from hex_ (11.0)."""
    return frozenset(geometry(radius).within(hex_, RANGE))


def can_bombard(st: Viktory2State, uid: str, engaged: set[str] | None = None) -> bool:
    """May this unit fire a bombardment now (wherever it aims)? `engaged`: the hexes
    where its owner meets enemies (engagement.meeting_hexes), when already known."""
    u = st.units[uid]
    turn = st.data["turn"]
    hex_ = u["hex"]
    if hex_ is None or u["type"] not in bombarding_types():
        return False
    # 10.6 one attack per unit per turn
    if uid in turn["attacked"]:
        return False
    if u["type"] == "frigate":
        # 9.32 no bombardment from a port hex
        if not st.is_water(hex_):
            return False
    elif uid in turn["transported"]:
        # 9.44, 9.45 artillery carried this turn never bombards
        return False
    # Units standing with enemies they must battle are committed to that battle (12.0, 10.6).
    if engaged is None:
        engaged = meeting_hexes(st, u["owner"])
    return hex_ not in engaged


def legal(
    st: Viktory2State,
    role: Role,
    guns: list[str] | None = None,
    targets: Collection[str] | None = None,
    engaged: set[str] | None = None,
) -> list[Action]:
    """("bombard", uid, hex) for every unit that may fire and every hex it may hit.

    The movement step passes what it already knows: `guns` (role's placed units of a
    bombarding type that have not attacked), `targets` (the hexes holding units role
    may attack: battle.scan's owners) and `engaged` (engagement.meeting_hexes).
    """
    if guns is None:
        bombards, attacked = bombarding_types(), st.data["turn"]["attacked"]
        guns = [
            uid for uid, u in st.units.items()
            if u["owner"] == role and u["hex"] is not None and u["type"] in bombards
            and uid not in attacked
        ]
    if not guns:
        return []
    seen = None
    if targets is None:
        seen = scan(st, role)
        targets = seen.owners.keys()
    if not targets:
        return []
    if engaged is None:
        engaged = meeting_hexes(st, role, seen)
    radius = st.data["board"]["radius"]
    actions: list[Action] = []
    for uid in guns:
        if not can_bombard(st, uid, engaged):
            continue
        here = placed(st.units[uid])  # guns: placed units (Situation.guns)
        # the few hexes holding targets that are in range, in a fixed order
        for hex_ in sorted(_in_range(radius, here).intersection(targets)):
            if has_line_of_sight(st, here, hex_):
                actions.append(("bombard", uid, hex_))
    return actions


def _chooser(st: Viktory2State, role: Role, owners: list[str]) -> Role:
    """Who picks the casualty of an ordinary hit (10.1): the target player; if several
    players' units share the hex, the first of them after role in seating order."""
    order: list[str] = st.data["order"]
    start = order.index(role)
    for k in range(1, len(order) + 1):
        other = order[(start + k) % len(order)]
        if other in owners:
            return other
    return owners[0]


def apply(st: Viktory2State, role: Role, action: Action) -> None:
    """11.0: one die; a 1 lets role pick the casualty, a 2 or 3 lets its owner pick."""
    named = args(action)
    uid, target = named["unit"], named["target"]
    turn = st.data["turn"]
    # 9.0: acting with another unit ends the movement of the one being moved.
    if turn["moving"] not in (None, uid):
        turns.end_movement(st, turn["moving"])
    owners = sorted(scan(st, role).owners.get(target, ()))
    for owner in owners:
        losses.note_attack(st, role, owner)  # 15.65 rule 1
    turns.mark_attacked(st, uid, "bombard")  # 10.6, 10.7
    st.log(f"{role} bombards {target} with {unit_words(st, uid, role)} from {st.units[uid]['hex']}")
    tact, ordinary = losses.score(st.roll(1, role, "bombard"))
    pool: list[str] = [u for u in st.units_at(target) if st.units[u]["owner"] in owners]
    if tact:
        losses.assign_now(st, role, pool, 1)
    elif ordinary:
        losses.assign_now(st, _chooser(st, role, owners), pool, 1)
    else:
        st.log("the bombardment misses")
