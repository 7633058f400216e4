"""A running Victory game's win chances from one view, for search agents.

The generic search agent (grognard.agents.mcts) cuts its rollouts short and asks the
ruleset's `evaluate(view)` to score the position reached (issue 11). This one reads
only what the view shows, so a block the viewer cannot see (6.1, Fog of War) counts
the same whatever it really is: a hidden block is worth the mean of a full-strength
Quick Start block (10.1), the prior the battle odds use too (odds.PRIOR_NOTE).

Each side's position is a few numbers (`FEATURES`, all in production points but the
count of cities):
- the PP of the cities it controls (10.0: reaching the target PP wins), and the same
  scaled by how far the game has gone (10.6: at the time limit the most PP wins, so a
  PP lead counts more as the limit nears);
- the cities it holds (a city is a supply base and a place to build, 7.3, 8.0);
- its material: each block's steps times its cost per step (8.3), the worth of what
  it would take to rebuild it, and the same scaled by the game's progress (an army
  is worth most while there are turns left to use it);
- its material out of supply, roughly: a land block more than SUPPLY_REACH hexes
  from every city its side controls (7.0; it cannot attack, 7.1). The real supply
  lines (7.0-7.4: roads, ports, blockades) need the map's roads and every enemy
  block's position; this proxy is cheap, as an evaluation called once per rollout
  must be.

A side's strength is the weighted sum of its numbers; the chances are a softmax of
the strengths; a side at or past its target PP is all but sure to win. The weights
are data (data/evaluation.json), fitted on the outcomes of heuristic games by
scripts/fit_victory_evaluation.py (the recipe and the figures: docs/simlab.md,
"Victory: an evaluation fitted on heuristic games"); the file says how they were
fitted and how well they forecast held-out games.
"""

from __future__ import annotations

import math
from functools import cache
from importlib import resources
from typing import Any

import msgspec

from grognard.agents.chances import softmax
from grognard.core.hexgrid import distance, parse_hex_id

from .scenarios import quick_start_pool
from .units import unit_table

View = dict[str, Any]

#: A side's numbers, in this order (the weights file must name the same).
FEATURES = ("pp", "pp_late", "cities", "material", "material_late", "unsupplied")
SUPPLY_REACH = 3  # hexes from a friendly city within which a land block counts as supplied
WON = 1000.0  # the strength bonus of a side that has reached its target PP (10.0)
WEIGHTS_FILE = "evaluation.json"


class Fit(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How the weights were fitted and how well they forecast held-out games."""

    scenario: str
    games: int
    held_out_games: int
    positions: int
    seeds: str
    l2: float
    #: what the weights were pulled towards: "hand" (HAND_WEIGHTS) or "zero"
    prior: str
    commit: str
    date: str
    #: held-out mean log loss and Brier score, fitted and the hand-set weights
    held_out: dict[str, dict[str, int | float]]


class Weights(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    features: list[str]
    weights: list[float]
    fit: Fit | None = None

    def __post_init__(self) -> None:
        if tuple(self.features) != FEATURES:
            raise ValueError(f"{WEIGHTS_FILE}: features must be {list(FEATURES)}, not {self.features}")
        if len(self.weights) != len(FEATURES) or not all(math.isfinite(w) for w in self.weights):
            raise ValueError(f"{WEIGHTS_FILE}: one finite weight per feature, not {self.weights}")


#: The weights this module used before they were fitted (a softmax at 4 PP of PP held,
#: a PP a city, a quarter of the material, half that out of supply: a negative weight
#: on what is out of supply takes that half off): the baseline the fit is measured
#: against.
HAND_WEIGHTS = Weights(list(FEATURES), [0.25, 0.0, 0.25, 0.0625, 0.0, -0.03125])


@cache
def weights() -> tuple[float, ...]:
    """The fitted weights shipped in the package (validated when first read)."""
    raw = resources.files("grognard.games.victory").joinpath("data", WEIGHTS_FILE).read_bytes()
    return tuple(msgspec.json.decode(raw, type=Weights).weights)


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


def progress(board: dict[str, Any]) -> float:
    """How far the game has gone towards its time limit (10.6): 0 on the first turn,
    1 on the last; 0 throughout a game without a limit."""
    limit = board.get("turn_limit") or 0
    if limit <= 1:
        return 0.0
    return min(1.0, max(0.0, (float(board.get("turn") or 1) - 1) / (limit - 1)))


def features(view: View) -> dict[str, list[float]]:
    """Each side's numbers (`FEATURES`, in that order) from `view` alone."""
    board = view["board"]
    roles = [str(r) for r in view["roles"]]
    land = {h["id"] for h in board["hexes"] if h["land"]}
    cities: dict[str, list[tuple[int, int]]] = {r: [] for r in roles}
    for h in board["hexes"]:
        if h["city"] and h.get("control") in cities:
            cities[h["control"]].append(_coords(h["id"]))
    pp = board.get("pp") or {}
    supplied = dict.fromkeys(roles, 0.0)
    unsupplied = dict.fromkeys(roles, 0.0)
    for entry in board["blocks"]:
        side, at = entry["side"], entry.get("at")
        if side not in supplied or not at:
            continue
        worth = block_worth(entry)
        if at in land and not entry.get("at_sea") and cities[side]:
            here = _coords(at)
            if min(distance(here, c) for c in cities[side]) > SUPPLY_REACH:
                unsupplied[side] += worth
                continue
        supplied[side] += worth
    late = progress(board)
    out = {}
    for role in roles:
        held = float(pp.get(role, 0))
        material = supplied[role] + unsupplied[role]
        out[role] = [held, held * late, float(len(cities[role])), material, material * late, unsupplied[role]]
    return out


def strengths(view: View, using: tuple[float, ...] | None = None) -> dict[str, float]:
    """Each side's strength (the weighted sum of its `features`; the shipped weights
    unless `using`), with WON added for a side at or past its target PP."""
    w = weights() if using is None else using
    board = view["board"]
    pp = board.get("pp") or {}
    target = board.get("target_pp") or {}
    out = {}
    for role, numbers in features(view).items():
        out[role] = sum(a * b for a, b in zip(w, numbers, strict=True))
        if target.get(role) and pp.get(role, 0) >= target[role]:
            out[role] += WON
    return out


def chances(power: dict[str, float]) -> dict[str, float]:
    """A softmax of strengths (each weight is already in units of the logit)."""
    return softmax(power)


def evaluate(view: View) -> dict[str, float]:
    """A running game's win chance per role from `view` only (issue 11: the search
    agent's cut-off rollouts): a softmax of `strengths`."""
    return chances(strengths(view))


def weights_json(fitted: Weights) -> str:
    """The weights file's text, as the fitting script writes it."""
    return msgspec.json.format(msgspec.json.encode(fitted), indent=2).decode() + "\n"
