"""Build a Viktory II position directly, for rule tests, examples and benchmarks.

    st = position.build(
        tiles={"0,0": "mountain", "1,0": "plains"},
        towns={"0,0": ("yellow", "city")},
        capitals={"yellow": "0,0"},
        units=[("red", "infantry", "1,0"), ("yellow", "frigate", "2,-1")],
        player="red", step="move",
    )

Unlisted interior tiles are face down; the perimeter ring is water (3.2). The turn
record is fresh for `player`, and the flow stands at `step` for that player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from grognard.core.game import LOG_VERSION
from grognard.core.rng import RNG_VERSION

from . import RULESET
from .state import Viktory2State
from .tables import COLORS, LAND, WATER
from .turns import new_turn_record

UnitSpec = tuple[str, str, Any]


def build(
    players: int = 2,
    tiles: Mapping[str, str] | None = None,
    towns: Mapping[str, tuple[str, str]] | None = None,
    capitals: Mapping[str, str] | None = None,
    units: Iterable[UnitSpec] = (),
    player: str = "red",
    step: str = "move",
    options: Mapping[str, Any] | None = None,
    radius: int = 3,
    stock: Mapping[str, int] | None = None,
    seed: int = 1,
) -> Viktory2State:
    opts = {"players": players, **(options or {})}
    scenario, resolved = RULESET.resolve(None, opts)
    meta = {
        "ruleset": RULESET.id,
        "ruleset_version": RULESET.version,
        "rng_version": RNG_VERSION,
        "log_version": LOG_VERSION,
        "scenario": scenario.id,
        "options": resolved,
        "seed": seed,
    }
    roles = list(COLORS[:players])
    from grognard.core.game import _new_data  # the core's fresh-data layout

    st = Viktory2State(RULESET, meta, _new_data(seed, RNG_VERSION, roles))
    geo_state = st.data
    geo_state.update({
        "board": {"players": players, "radius": radius},
        "towns": {},
        "capitals": dict(capitals or {}),
        "units": {},
        "next_uid": 1,
        "turns": 1,
        "ruler": {},
        "doomsday": {"started": False, "marked": []},
        "eliminated": [],
        "winner": None,
        "reorganizing": [],
        "order": roles,
        "starts": {r: [] for r in roles},
        "stock": dict(stock) if stock is not None else {t: 5 for t in (*LAND, WATER)},
    })
    geo = st.geo
    st.data["tiles"] = {h: (WATER if h in geo.perimeter else None) for h in geo.ids}
    for hex_, terrain in (tiles or {}).items():
        st.data["tiles"][hex_] = terrain
    for hex_, (owner, kind) in (towns or {}).items():
        st.data["towns"][hex_] = {"owner": owner, "city": kind == "city", "built": 0}
    for owner, kind, where in units:
        uid = st.add_unit(owner, kind)
        if isinstance(where, tuple):
            st.units[uid]["aboard"] = _resolve_carrier(st, where[1])
        else:
            st.units[uid]["hex"] = where
    st.data["turn"] = new_turn_record(player, 1)
    st.data["turn"]["phase"] = step
    st.data["turn"]["start_hexes"] = sorted(
        {u["hex"] for u in st.units.values() if u["owner"] == player and u["hex"] and u["type"] != "frigate"}
    )
    st.data["flow"] = [{"state": step, "role": player}]
    st._after_change(None, None)
    return st


def _resolve_carrier(st: Viktory2State, ref: str) -> str:
    """A carrier given as a uid, or as "hex" meaning the frigate placed in that hex."""
    if ref in st.units:
        return ref
    for uid, u in st.units.items():
        if u["type"] == "frigate" and u["hex"] == ref:
            return uid
    raise ValueError(f"no frigate {ref!r} to carry cargo: list the frigate before its cargo")


def force_tiles(st: Viktory2State, terrains: Iterable[str]) -> None:
    """Make the next reveals draw these terrains, in order: `reveal` draws an index
    into the stock laid out in sorted terrain order, so force those indexes."""
    stock = dict(st.data["stock"])
    values = []
    for terrain in terrains:
        values.append(sum(n for t, n in stock.items() if t < terrain))
        stock[terrain] -= 1
    st.rng.force(values)
