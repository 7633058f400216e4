"""A running Virtuti Militari game's win chances from one view, for search agents.

The generic search agent (grognard.agents.mcts) cuts its rollouts short and asks the
ruleset's `evaluate(view)` to score the position reached (issue 11). This one reads
only the open parts of a view: who controls which area (and so the VP), the units on
the map as the view shows them (during a secret window, the other player's as they
were when it opened, secrets.py), the turn and the options. It never reads the hands
of cards, orders, air support tokens or the secret-window fields, so a player's
unrevealed choices cannot move it (tests/games/virtuti/test_virtuti_evaluate.py).

The summary phase decides the game (Summary Phase victory checks, victory.py): the
Axis at 18 VP, or the Allies holding the seven cities, win at once; after the last
turn a side with 15 VP wins (the Axis checked first), else the game is drawn (half a
win each). So each side's *projected* VP is its VP plus MATERIAL_VP for each point of
unit strength (the level's battle strength, content.py) it has on the map beyond the
other side's, and

    P(Axis wins)   = sigmoid((projected Axis VP - 14.5) / spread)
    P(Allies win)  = (1 - P(Axis wins)) * sigmoid((projected Allied VP - 14.5) / spread)
    a draw         = the rest, half a win to each,

with a spread of BASE_SPREAD VP on the last turn, growing by SPREAD_PER_TURN for each
turn still to play (the further the end, the less today's VP say). A decisive victory
already on the board is all but certain.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from .board import ALLIED_DECISIVE, AXIS_DECISIVE_VP, MINOR_VP, ROLE_OF, content, vmap
from .scenarios import SEASONS, load_scenarios
from .setup import last_turn

View = dict[str, Any]

MATERIAL_VP = 0.1  # VP a point of unit strength on the map is worth, beyond the enemy's
BASE_SPREAD = 1.0  # VP of uncertainty on the last turn
SPREAD_PER_TURN = 0.15  # more for each turn still to play
SURE = 0.99  # the chance given to a decisive victory already on the board


@cache
def _strength(kind: str, level: int) -> int:
    return content().unit(kind).levels[level - 1].strength


@cache
def turns_of(scenario: str, turns: int) -> int:
    """How many turns the game lasts: the scenario's, or the `turns` option's."""
    s = load_scenarios()[scenario]
    season, year = last_turn(s, turns)
    return (year - s.start.year) * len(SEASONS) + season - SEASONS.index(s.start.season) + 1


def vp(view: View) -> dict[str, int]:
    """VP per role from the view's control map (the map's VP per area)."""
    m = vmap()
    out = {"axis": 0, "allies": 0}
    for area, faction in view["board"]["control"].items():
        role = ROLE_OF.get(faction)
        if role is not None:
            out[role] += m.land(area).vp
    return out


def material_of(view: View) -> dict[str, float]:
    """Battle strength of each faction's units on the map, as the view shows them."""
    out: dict[str, float] = {}
    for unit in view["board"]["units"]:
        faction = str(unit.get("f"))
        if faction in ROLE_OF and unit.get("a"):
            out[faction] = out.get(faction, 0.0) + _strength(str(unit["t"]), int(unit["lv"]))
    return out


def material(view: View) -> dict[str, float]:
    """`material_of` summed per role (the Allies: the Western Allies and the USSR)."""
    out = {"axis": 0.0, "allies": 0.0}
    for faction, strength in material_of(view).items():
        out[ROLE_OF[faction]] += strength
    return out


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x)) if x > -60 else 0.0


def evaluate(view: View) -> dict[str, float]:
    """A running game's win chance per role from `view` only (see the module text)."""
    board = view["board"]
    points = vp(view)
    if points["axis"] >= AXIS_DECISIVE_VP:
        return {"axis": SURE, "allies": 1 - SURE}
    control = board["control"]
    if all(ROLE_OF.get(control.get(a, "")) == "allies" for a in ALLIED_DECISIVE):
        return {"axis": 1 - SURE, "allies": SURE}
    power = material(view)
    edge = MATERIAL_VP * (power["axis"] - power["allies"])
    options = view.get("options") or {}
    left = max(0, turns_of(str(view["scenario"]), int(options.get("turns") or 0)) - int(board["turn_no"]))
    spread = BASE_SPREAD + SPREAD_PER_TURN * left
    axis = _sigmoid((points["axis"] + edge - MINOR_VP + 0.5) / spread)
    allies = (1 - axis) * _sigmoid((points["allies"] - edge - MINOR_VP + 0.5) / spread)
    draw = 1 - axis - allies
    return {"axis": axis + draw / 2, "allies": allies + draw / 2}
