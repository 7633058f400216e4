"""Hitler's Global War's own RL features: `observe(view)`, the ruleset hook of
grognard.rl's observation vector (issue 11, RL interface; docs/simlab.md, "RL
environments").

A fixed-size vector for every scenario: a block of SIDE_FEATURES for each of the
three sides in a fixed order (Axis, Soviets, Allies; zeros for a side the scenario
does not have: the sides are not alike, so their slots are not rotated), then the
share of the game gone by, the Barbarossa objectives (how many of the three Soviet
cities the Axis holds, Berlin held by the Axis: Victory Conditions 1-2), the Russian
winters so far, the phase, one-hot, and whether one seat commands the Soviets and
the Allies (`two_player`). Everything in the game is open, so every view gives the
same features (the observer is the base vector's one-hot).

Per side: whether it plays; its victory production (Victory Conditions 5) / 100;
its armies on the map / 20; its strength points on the map by kind (infantry,
mechanized, tactical air, paratroop, amphibious) / 100; its fleets / 10.
"""

from __future__ import annotations

from typing import Any, cast

from .evaluate import progress
from .layout import HgwBoard
from .scenario import load_scenario
from .victory import gross_production

View = dict[str, Any]

SIDES = ("axis", "soviet", "allied")
POINT_KINDS = ("infantry", "mechanized", "tac_air", "paratroop", "amphibious")
SIDE_FEATURES = ("plays", "production", "armies", *(f"sp:{k}" for k in POINT_KINDS), "fleets")
#: The phases as the board names them, one-hot, then "other".
PHASES = ("movement", "combat", "production")
#: One name per entry of `observe` (grognard.rl prefixes "ruleset:").
OBSERVATION_NAMES = (
    *(f"{side}:{f}" for side in SIDES for f in SIDE_FEATURES),
    *("progress", "axis_capitals_held", "berlin_axis", "winters"),
    *(f"phase:{p}" for p in (*PHASES, "other")),
    "two_player",
)
OBSERVATION_SIZE = len(OBSERVATION_NAMES)
#: A copy of the game costs more than its view: the environments build views (rl/envs.py).
INFO_COPY = False
#: Campaign Game IV is left out of the fixed RL index (about 75M slots with two record
#: sheets a side): the legal-action index serves it, and its production lists reach 640
#: actions at once (new armies with a counter of each nation), past the default 512.
LEGAL_INDEX_CAP = 4096


def _fleets(board: dict[str, Any], side: str) -> int:
    fleets = board.get("fleets") or {}
    return sum(1 for f in fleets.values() if isinstance(f, dict) and f.get("side") == side)


def observe(view: View) -> list[float]:
    """Fixed-size features of a view for RL policies (see the module text)."""
    board = view["board"]
    content = load_scenario(str(view["scenario"]))
    owner: dict[str, str] = board["owner"]
    # gross_production reads only the scenario and the owners: a board of those two keys
    places = cast(HgwBoard, {"scenario": view["scenario"], "owner": owner})
    playing = set(view["roles"])
    features: list[float] = []
    for side in SIDES:
        if side not in playing:
            features += [0.0] * len(SIDE_FEATURES)
            continue
        armies = [a for a in board["armies"] if a["side"] == side and a.get("at") is not None]
        features += [
            1.0,
            gross_production(places, side) / 100,
            len(armies) / 20,
            *(sum(float(a["sp"].get(k, 0)) for a in armies) / 100 for k in POINT_KINDS),
            _fleets(board, side) / 10,
        ]
    goals = content.capitals.get("axis", ())
    phase = str(board.get("phase"))
    features += [
        progress(board),
        sum(owner.get(c) == "axis" for c in goals) / len(goals) if goals else 0.0,
        float(owner.get(content.berlin) == "axis"),
        float(board.get("winters", 0)) / 4,
        *(float(phase == p) for p in PHASES),
        float(phase not in PHASES),
        float(bool((view.get("options") or {}).get("two_player"))),
    ]
    return features
