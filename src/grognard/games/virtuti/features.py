"""Virtuti Militari's own RL features: `observe(view)`, the ruleset hook of
grognard.rl's observation vector (issue 11, RL interface; docs/simlab.md, "RL
environments").

A fixed-size vector: a block of FACTION_FEATURES for each faction in a fixed order
(Axis, Western Allies, USSR: the factions are not alike, so their slots are not
rotated), then the game's state: the share of the game's turns played, the Axis's and
the Allies' VP / 26 (the map's total; Summary Phase victory checks: 15 for a minor
victory, 18 for the Axis's decisive one), the seven cities of the Allied decisive
victory held by the Allies / 7, the USSR active and at war, the pact, whether a secret
window is open, and the phase, one-hot.

Per faction: its areas controlled / 100; its units on the map / 50 and their battle
strength (the level's, content.py) / 150; its PP / 50 and war economy / 100 from the
faction tracks.

It reads only what the view shows: during a secret window the other player's units
and tracks are as they were when it opened (secrets.py), and it never reads a hand,
an order or an air token (tests/rl/test_rl_wargame_features.py checks that another
player's secret choice leaves the features unchanged).
"""

from __future__ import annotations

from typing import Any

from .board import ALLIED_DECISIVE, ROLE_OF
from .evaluate import material_of, turns_of, vp
from .steps import PHASES

View = dict[str, Any]

FACTIONS = ("axis", "western_allies", "ussr")
FACTION_FEATURES = ("areas", "units", "strength", "pp", "war_economy")
VP_TOTAL = 26  # every VP area of the map (test_virtuti_map: the seven cities included)
#: One name per entry of `observe` (grognard.rl prefixes "ruleset:").
OBSERVATION_NAMES = (
    *(f"{faction}:{f}" for faction in FACTIONS for f in FACTION_FEATURES),
    *("progress", "vp:axis", "vp:allies", "decisive_cities", "ussr_active", "ussr_at_war", "pact", "secret"),
    *(f"phase:{p}" for p in (*PHASES, "other")),
)
OBSERVATION_SIZE = len(OBSERVATION_NAMES)
#: A copy of the game costs more than its view: the environments build views (rl/envs.py).
INFO_COPY = False


def observe(view: View) -> list[float]:
    """Fixed-size features of a view for RL policies (see the module text)."""
    board = view["board"]
    control: dict[str, str] = board["control"]
    strength = material_of(view)
    tracks = board.get("factions") or {}
    features: list[float] = []
    for faction in FACTIONS:
        units = [u for u in board["units"] if u.get("f") == faction and u.get("a")]
        track = tracks.get(faction) or {}
        features += [
            sum(1 for f in control.values() if f == faction) / 100,
            len(units) / 50,
            strength.get(faction, 0.0) / 150,
            float(track.get("pp", 0)) / 50,
            float(track.get("we", 0)) / 100,
        ]
    points = vp(view)
    options = view.get("options") or {}
    turns = turns_of(str(view["scenario"]), int(options.get("turns") or 0))
    phase = str(board.get("phase"))
    features += [
        min(1.0, float(board["turn_no"]) / turns),
        points["axis"] / VP_TOTAL,
        points["allies"] / VP_TOTAL,
        sum(ROLE_OF.get(control.get(a, ""), "") == "allies" for a in ALLIED_DECISIVE) / len(ALLIED_DECISIVE),
        float(bool(board.get("ussr_active"))),
        float(bool(board.get("ussr_at_war"))),
        float(bool(board.get("pact"))),
        float(board.get("secret") is not None),
        *(float(phase == p) for p in PHASES),
        float(phase not in PHASES),
    ]
    return features
