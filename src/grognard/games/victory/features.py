"""Victory's own RL features: `observe(view)`, the ruleset hook of grognard.rl's
observation vector (issue 11, RL interface; docs/simlab.md, "RL environments").

A fixed-size vector for every scenario (two sides, whatever the seats): a block of
SIDE_FEATURES for the observer's side, then one for the other side; then the game
turn against the turn limit (10.6), the phase being played, one-hot, and whether the
game is one of seats sharing a side (Commanders, 10.5). It reads the view only, so a
block the observer cannot see (6.1, Fog of War) counts as a block at its hex and
nothing more: its type, steps and arm stay unknown (tests/rl/test_rl_wargame_features.py
checks two positions that differ only in a hidden block's identity give the same
features).

Per side: its PP / 20 and PP / its target PP (10.0, capped at 1); cities it controls
/ 10; its blocks on the map / 30, and of them those hidden from the observer / 30;
the steps of its blocks the observer sees on the map / 100; those seen blocks by arm
(ground, air, naval) / 20; its blocks off the map (not yet deployed or bought back)
/ 30.

`observation_view(state, role)` builds only the parts of the view `observe` reads,
the blocks as view.py lists them and the control of the cities alone, without the
rest of the board view (its every hex and the JSON copy): the RL environments' steps
spent three quarters of their time building whole views (issue 25).
tests/rl/test_rl_env_digests.py checks it gives the features of the whole view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .city_pp import city_values, pp_by_side
from .commanders import is_team_game, side_of
from .control import controller, occupancy
from .units import unit_table
from .view import listed, visible

if TYPE_CHECKING:
    from .state import VictoryState

View = dict[str, Any]

SIDE_FEATURES = (
    "pp", "pp_of_target", "cities", "blocks_on_map", "hidden_blocks", "seen_steps",
    "seen_ground", "seen_air", "seen_naval", "off_map",
)  # fmt: skip
#: The phases of the sequence of play as the board names them, one-hot, then "other".
PHASES = ("maps", "purchase", "deploy", "initiative", "move", "combat", "supply", "production")
#: One name per entry of `observe` (grognard.rl prefixes "ruleset:").
OBSERVATION_NAMES = (
    *(f"{who}:{f}" for who in ("mine", "theirs") for f in SIDE_FEATURES),
    "turn_of_limit",
    *(f"phase:{p}" for p in (*PHASES, "other")),
    "shared_sides",
)
OBSERVATION_SIZE = len(OBSERVATION_NAMES)
#: For grognard.rl: a copy of a game costs less than one whole view (0.3 against 2 ms
#: CPU in a random game), so an info held across a step keeps a copy (envs.py).
INFO_COPY = True
ARMS = ("ground", "air", "naval")


def observer_side(view: View) -> str | None:
    """The side the observer plays: its role, or in Commanders its seat's colour."""
    seat = view["board"].get("commanders")
    if isinstance(seat, dict) and seat.get("side"):
        return str(seat["side"])
    role = view.get("role")
    return str(role) if role is not None else None


def _side(board: dict[str, Any], side: str | None, cities: dict[str, int]) -> list[float]:
    if side is None:
        return [0.0] * len(SIDE_FEATURES)
    table = unit_table()
    pp = float((board.get("pp") or {}).get(side, 0))
    target = float((board.get("target_pp") or {}).get(side, 0))
    own = [b for b in board["blocks"] if b["side"] == side]
    placed = [b for b in own if b.get("at")]
    seen = [b for b in placed if not b.get("hidden")]
    arms: list[str] = [table[str(b["short"])].arm for b in seen]
    return [
        pp / 20,
        min(1.0, pp / target) if target else 0.0,
        cities.get(side, 0) / 10,
        len(placed) / 30,
        (len(placed) - len(seen)) / 30,
        sum(float(b.get("steps", 0)) for b in seen) / 100,
        *(arms.count(arm) / 20 for arm in ARMS),
        (len(own) - len(placed)) / 30,
    ]


def observe(view: View) -> list[float]:
    """Fixed-size features of a view for RL policies (see the module text)."""
    board = view["board"]
    sides = sorted((board.get("target_pp") or {}).keys()) or sorted({str(b["side"]) for b in board["blocks"]})
    mine = observer_side(view)
    if mine not in sides:  # the spectator: the first side in name order counts as "mine"
        mine = sides[0] if sides else None
    theirs = next((s for s in sides if s != mine), None)
    cities: dict[str, int] = {}
    for h in board["hexes"]:
        if h["city"] and h.get("control"):
            cities[h["control"]] = cities.get(h["control"], 0) + 1
    limit = float(board.get("turn_limit") or 0)
    phase = str(board.get("phase"))
    return [
        *_side(board, mine, cities),
        *_side(board, theirs, cities),
        min(1.0, float(board.get("turn", 0)) / limit) if limit else 0.0,
        *(float(phase == p) for p in PHASES),
        float(phase not in PHASES),
        float(len(view["roles"]) > len(sides)),
    ]


def observation_view(state: VictoryState, role: str | None) -> View:
    """What `observe` and the RL observation read of `state.view(role)`, and no
    more: the same entries, values and types (see the module text)."""
    data = state.data
    side = side_of(data, role) if role is not None and is_team_game(data) else role
    face_up = visible(data, state.flow, side)
    table = unit_table()
    blocks: list[dict[str, Any]] = []
    for bid, block in data["blocks"].items():
        if not listed(data, bid, side):
            continue
        if bid in face_up:
            unit = table[block["type"]]
            blocks.append({"side": block["owner"], "at": block.get("at"), "short": unit.id,
                           "steps": block.get("steps", 0)})
        else:
            blocks.append({"side": block["owner"], "at": block["at"], "hidden": True})
    cities = city_values(data["map"])
    owners: dict[str, str | None] = {}
    pp: dict[str, int] = {}
    if data["phase"] != "deploy":  # board_view: no control is shown while deploying
        occ = occupancy(data)
        owners = {h: controller(data, occ, h) for h in cities}
        pp = pp_by_side(data, owners)
    board: dict[str, Any] = {
        "turn": data["turn"],
        "turn_limit": data["turn_limit"],
        "phase": data["phase"],
        "hexes": [{"id": h, "city": city, "control": owners.get(h)} for h, city in sorted(cities.items())],
        "blocks": blocks,
        "pp": pp,
        "target_pp": dict(data["target_pp"]),
    }
    if role is not None and is_team_game(data):
        board["commanders"] = {"seat": role, "side": side}
    return {"role": role, "roles": state.roles, "board": board}
