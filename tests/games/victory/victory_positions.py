"""Building Victory positions for rule tests: a Quick Start game emptied of blocks,
then the blocks a test needs put on hexes it picks from the real map by their
properties (so that the tests do not depend on where a board puts its cities)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from grognard.games.victory import RULESET, VictoryState
from grognard.games.victory.boards import HexInfo
from grognard.games.victory.control import gmap

BLUE, RED = "blue", "red"


def empty_game(seed: int = 0, scenario: str = "quick-start", **options: Any) -> VictoryState:
    """A new game with no block on the map, in the move phase (blue, then red)."""
    state = RULESET.new_game(scenario, options, seed)
    assert isinstance(state, VictoryState)
    state.data["blocks"].clear()
    state.data["phase"] = "move"
    state.data["order"] = [BLUE, RED]
    return state


def deployed(seed: int, scenario: str = "quick-start", **options: Any) -> VictoryState:
    """A new game whose blocks random players have all deployed (1.4)."""
    state = RULESET.new_game(scenario, options, seed)
    assert isinstance(state, VictoryState)
    agents = random.Random(seed)
    while state.data["phase"] == "deploy":
        role = agents.choice(state.active_roles())
        state.apply(role, agents.choice(state.legal_actions(role)))
    return state


def put(state: VictoryState, owner: str, type_id: str, hex_id: str, steps: int, **extra: Any) -> str:
    number = state.data["next_id"][owner]
    state.data["next_id"][owner] = number + 1
    bid = f"{owner}-{number:02d}"
    state.data["blocks"][bid] = {
        "owner": owner,
        "type": type_id,
        "steps": steps,
        "at": hex_id,
        "moved": False,
        "entered": None,
        **extra,
    }
    return bid


def hexes(state: VictoryState, test: Callable[[HexInfo], bool]) -> list[str]:
    return sorted(h for h, info in gmap(state.data).hexes.items() if test(info))


def home_board(state: VictoryState, role: str) -> str:
    return str(next(board for board, owner in state.data["homes"].items() if owner == role))


def neighbours(state: VictoryState, hex_id: str) -> list[str]:
    return gmap(state.data).neighbors(hex_id)


def side(state: VictoryState, a: str, b: str) -> frozenset[str]:
    return gmap(state.data).side_features(a, b)


def clear_pair(state: VictoryState, features: frozenset[str] | set[str] = frozenset()) -> tuple[str, str]:
    """Two neighbouring clear land hexes, the second with no city or town, whose
    hexside has exactly these features (none: a plain hexside)."""
    the_map = gmap(state.data)
    return next(
        (x, y)
        for y in hexes(state, lambda i: i.land_terrain == "clear" and not i.city and not i.town)
        for x in neighbours(state, y)
        if the_map.hexes[x].land_terrain == "clear" and side(state, x, y) == features
    )


def start(state: VictoryState, step: str, **frame: Any) -> None:
    """Put the flow at one step and let automatic steps run."""
    state.data["flow"][:] = [{"state": step, **frame}]
    state.advance()
    state._after_change(None, None)


def start_moves(state: VictoryState, role: str) -> None:
    start(state, "move", role=role)


def start_combat(state: VictoryState, battle_hex: str, attacker: str, defender: str) -> None:
    state.data["battles"][battle_hex] = {"attacker": attacker, "defender": defender}
    state.data["phase"] = "combat"
    start(state, "combat", attacker_index=0)


def battle(state: VictoryState) -> dict[str, Any]:
    return next(f for f in reversed(state.data["flow"]) if f["state"] == "battle")


def actor(state: VictoryState) -> str:
    active = state.active_roles()
    assert len(active) == 1, active
    return active[0]


def act(state: VictoryState, *action: Any) -> None:
    state.apply(actor(state), tuple(action))
