"""A running Victory game's win chances from one view, for search agents.

The generic search agent (grognard.agents.mcts) cuts its rollouts short and asks the
ruleset's `evaluate(view)` to score the position reached (issue 11). This one reads
only what the view shows, so a block the viewer cannot see (6.1, Fog of War) counts
the same whatever it really is: a hidden block is worth the mean of a full-strength
Quick Start block (10.1), the prior the battle odds use too (odds.PRIOR_NOTE).

A side's strength, in production points (PP):
- the PP of the cities it controls (10.0: reaching the target PP wins), plus a
  bonus per city held (a city is a supply base and a place to build, 7.3, 8.0);
- a share of its material: each block's steps times its cost per step (8.3), the
  worth of what it would take to rebuild it;
- supply, roughly: a land block more than SUPPLY_REACH hexes from every city its
  side controls counts at UNSUPPLIED_SHARE of its worth. The real supply lines
  (7.0-7.4: roads, ports, blockades) need the map's roads and every enemy block's
  position; this proxy is cheap, as an evaluation called once per rollout must be.

The chances are a softmax of the strengths (EVAL_TEMPERATURE PP make a side e times
likelier to win); a side at or past its target PP is all but sure to win.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from grognard.core.hexgrid import distance, parse_hex_id

from .scenarios import quick_start_pool
from .units import unit_table

View = dict[str, Any]

CITY_BONUS = 1.0  # PP a held city is worth beyond its own PP
MATERIAL_SHARE = 0.25  # how much a PP of blocks counts against a PP of cities
SUPPLY_REACH = 3  # hexes from a friendly city within which a land block counts as supplied
UNSUPPLIED_SHARE = 0.5  # 7.0: a block out of supply is worth less (it cannot attack, 7.1)
EVAL_TEMPERATURE = 4.0
WON = 1000.0  # the strength bonus of a side that has reached its target PP (10.0)


@cache
def hidden_worth() -> float:
    """The mean worth (steps x cost per step) of a full-strength Quick Start block."""
    table = unit_table()
    pool = quick_start_pool()
    return sum(table[t].max_steps * table[t].cost for t in pool) / len(pool)


@cache
def _coords(hex_id: str) -> tuple[int, int]:
    return parse_hex_id(hex_id)


def block_worth(entry: dict[str, Any]) -> float:
    """What a block of the view is worth: its steps times its cost per step (8.3) if
    the viewer sees it, the Quick Start mean if it does not."""
    if entry.get("hidden"):
        return hidden_worth()
    return float(entry.get("steps", 0)) * unit_table()[str(entry["short"])].cost


def strengths(view: View) -> dict[str, float]:
    """Each side's strength in PP (see the module text), from `view` alone."""
    board = view["board"]
    roles = [str(r) for r in view["roles"]]
    land = {h["id"] for h in board["hexes"] if h["land"]}
    cities: dict[str, list[tuple[int, int]]] = {r: [] for r in roles}
    for h in board["hexes"]:
        if h["city"] and h.get("control") in cities:
            cities[h["control"]].append(_coords(h["id"]))
    pp = board.get("pp") or {}
    target = board.get("target_pp") or {}
    out = {}
    for role in roles:
        held = float(pp.get(role, 0))
        out[role] = held + CITY_BONUS * len(cities[role])
        if target.get(role) and held >= target[role]:
            out[role] += WON
    for entry in board["blocks"]:
        side, at = entry["side"], entry.get("at")
        if side not in out or not at:
            continue
        worth = block_worth(entry)
        if at in land and not entry.get("at_sea") and cities[side]:
            here = _coords(at)
            if min(distance(here, c) for c in cities[side]) > SUPPLY_REACH:
                worth *= UNSUPPLIED_SHARE
        out[side] += MATERIAL_SHARE * worth
    return out


def evaluate(view: View) -> dict[str, float]:
    """A running game's win chance per role from `view` only (issue 11: the search
    agent's cut-off rollouts): a softmax of `strengths`."""
    power = strengths(view)
    if not power:
        return {}
    top = max(power.values())
    weights = {r: math.exp((s - top) / EVAL_TEMPERATURE) for r, s in power.items()}
    total = sum(weights.values())
    return {r: w / total for r, w in weights.items()}
