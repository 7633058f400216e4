"""Viktory II's designed content in the balance report: the tile stock (docs/viktory2-design.md).

Facts per game (read by grognard.sim.content): the terrain of each player's capital
hex (it decides the unit its city supports, 8.2) and the terrain of the six hexes
around it at the end of the game (their land count in one number), the land around
the three start hexes (what the stock's draws dealt before the player chose anything),
how many tiles of each terrain left the stock, and which terrains ran out. The
figures ask whether a start's terrain mix favours its player.
"""

from __future__ import annotations

from typing import Any

from grognard.core.game import State

TERRAINS = ("plains", "grassland", "forest", "mountain", "water")
#: Counts of a terrain around a capital are grouped 0, 1, 2, 3+ (six neighbours).
TOP_BIN = 3


def _bin(count: int) -> str:
    return f"{TOP_BIN}+" if count >= TOP_BIN else str(count)


def terrain_around(state: State, hex_: str) -> dict[str, int]:
    """How many of the hex's neighbours show each terrain (face-down ones count for none)."""
    tiles = state.data["tiles"]
    neighbours = state.neighbors(hex_)  # type: ignore[attr-defined]
    return {t: sum(1 for h in neighbours if tiles.get(h) == t) for t in TERRAINS}


def land_around_start(state: State, role: str) -> int:
    """Land hexes face up among those next to the role's three start hexes (3.3), the
    group itself left out: what the draws dealt the player before any choice of its."""
    start = set(state.data["starts"].get(role, ()))
    ring = {h for s in start for h in state.neighbors(s)} - start  # type: ignore[attr-defined]
    tiles = state.data["tiles"]
    return sum(1 for h in ring if tiles.get(h) not in (None, "water"))


def content_facts(initial: State, final: State) -> dict[str, Any]:
    data = final.data
    capitals: dict[str, str] = data["capitals"]
    around = {role: terrain_around(final, hex_) for role, hex_ in sorted(capitals.items())}
    drawn = {t: initial.data["stock"].get(t, 0) - data["stock"].get(t, 0) for t in TERRAINS}
    return {
        "land_near_start": {role: land_around_start(final, role) for role in sorted(data["starts"])},
        "land_near_capital": {
            role: sum(n for t, n in counts.items() if t != "water") for role, counts in around.items()
        },
        "capital_terrain": {role: data["tiles"].get(hex_) for role, hex_ in sorted(capitals.items())},
        "terrain_near_capital": {
            role: {t: _bin(n) for t, n in counts.items()} for role, counts in around.items()
        },
        "tiles_drawn": drawn,
        "stock_ran_out": {t: data["stock"].get(t, 0) == 0 for t in TERRAINS},
    }


FIGURES: list[dict[str, Any]] = [
    {"kind": "win_rate", "fact": "land_near_start", "per_role": True,
     "title": "win rate by the land hexes around a player's three start hexes (the deal alone)"},
    {"kind": "win_rate", "fact": "land_near_capital", "per_role": True,
     "title": "win rate by the land hexes among the six around a player's capital"},
    {"kind": "mean", "fact": "land_near_start",
     "title": "land hexes around the start group, by colour (does the deal favour a seat)"},
    {"kind": "mean", "fact": "land_near_capital",
     "title": "land hexes around the capital, by colour (start position)"},
    {"kind": "win_rate", "fact": "terrain_near_capital", "per_role": True,
     "title": "win rate by the terrain of the six hexes around a player's capital (count)"},
    {"kind": "win_rate", "fact": "capital_terrain", "per_role": True,
     "title": "win rate by the terrain of the capital hex (8.2: the unit its city supports)"},
    {"kind": "mean", "fact": "tiles_drawn", "title": "tiles drawn from the stock per game, by terrain"},
    {"kind": "share", "fact": "stock_ran_out", "title": "games that emptied the stock of a terrain"},
]  # fmt: skip
