"""Victory's fixed action index (issue 11, "RL interface"): slot k means the same
decision in every position of a scenario with its options. `grognard.rl` numbers the
families below mixed-radix, in this order, the first domain most significant.

Block ids are minted as blocks are built, split off (8.21) or bought (10.2), from a
counter per player that never goes back, so no finite list names them. Legal actions
that name a block are numbered through a KEY (`action_keys`): the block becomes its
RANK among its owner's blocks in id order (0 first; in Commanders the owner is the
side, whose seats share its blocks, 10.5). A rank is below `max_blocks(layout)`: the
rules set no count, so it is a bound with a margin over what games reach: in games of
ten turns between heuristic agents a player had at most 50 blocks at once on two maps
(bound 80) and 71 on four (bound 112), random agents fewer; a player with more blocks
has actions outside the index, which the encoder reports.

Families (kind: domains; "(a, b)" marks a joint domain; B = block ranks, H = hexes):

- set-up, 1.1 sidebar: pick_map (board), rotate_map (board), swap_maps ((board, board)
  pairs, sorted), maps_done; 10.2 purchase: buy (unit type), buy_step (B), done;
  1.4 deployment: deploy (B x H); 9.1 factory set-up: default_factories, factory
  (land hex x factory type x PP 1 to the most a factory holds)
- move phase (5.x, 6.6, 6.7, 9.5, 2.0 [3]): end_moves, ally (role), move (B x H),
  attack (B x (battle hex, entered from): every hex with each neighbour and "air"),
  paradrop (B x land hexes), invade (B x (coastal hex, adjacent water hex)), strategic
  (B x H), sea_move (B x water hexes), demolish (B x bridge and canal hexsides),
  board (B: an air unit loads onto its carrier in port, 4.1, 4.2)
- combat (6.x): fight (H), blockade_battle (H), end_battles, pass (B), drop (B),
  land (B x (H and "": "" is the land-in-place choice of a battle turn, which the
  action writes without a hex)), fire (B x target class A/N/G), retreat (B x H),
  blockade (B), take_hit (B), ground (B), regroup (B x H), end_regroup
- production (8.x, 9.1, 9.5-9.7): build (H x unit type), add_step (B x (H and "": a
  factory step paid by another city names it, 9.1; any other step writes no hex)), exchange
  (B x factory type), disband (B), merge ((B, B) pairs), divide (B), airfield (B),
  mulberry (B), rebuild (B x bridge and canal hexsides), convert (B: a resource
  block, 4.3 and 9.1)
- 10.5 war council: transfer (arm x seat), vote_coup

H is every hex of the scenario's layout, sorted: all boards fill their whole frame, so
the choice of maps (1.1) changes terrain but not the hex ids. Terrain (water = sea or
coastal, land = not all-sea, coastal) and the bridge and canal hexsides are those of
the scenario's map, or with `map_choice` those any board may bring to the hex in any
slot and rotation the layout allows.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from grognard.core.ranks import ranks_within

from .boards import board_ids, game_map, layouts, map_key, parse_key
from .control import side_key
from .demolition import TARGETS
from .factories import FACTORY_ARM, max_pp
from .layout import Block
from .scenarios import scenario_spec
from .units import ARMS, TARGET_CLASSES, unit_table
from .verbs import BLOCK_VERBS

if TYPE_CHECKING:
    from .state import VictoryState

Family = tuple[str, list[list[Any]]]

#: block ranks per layout: enough for every player's blocks (see the module docstring)
MAX_BLOCKS = {"1map": 48, "2map": 80, "3map": 80, "4map": 112}

#: kinds whose first element is a block id: the verbs that declare it so (verbs.py)
BLOCK_KINDS = BLOCK_VERBS


WATER = frozenset({"sea", "coastal"})


def max_blocks(layout: str) -> int:
    return MAX_BLOCKS.get(layout, 112)


@cache
def _maps(layout: str, key: str, choice: bool) -> tuple[str, ...]:
    """The map keys a game may be played on: the scenario's own, or with the map choice
    (1.1) each board once in each slot in each rotation the layout allows (a hex's
    terrain and its hexsides' features come from the board and rotation in its slot)."""
    if not choice:
        return (key,)
    spec = layouts()[layout]
    boards = board_ids()
    return tuple(
        map_key(layout, [(boards[(slot + shift) % len(boards)], rotation) for slot in range(len(spec.slots))])
        for shift, rotation in itertools.product(range(len(boards)), spec.rotations)
    )


@cache
def _geography(layout: str, key: str, choice: bool) -> tuple[dict[str, frozenset[str]], tuple[str, ...]]:
    """Each hex's possible terrains, and the bridge and canal hexsides (9.5)."""
    terrain: dict[str, set[str]] = {}
    works: set[str] = set()
    for one in _maps(layout, key, choice):
        the_map = game_map(one)
        for h, info in the_map.hexes.items():
            terrain.setdefault(h, set()).add(info.terrain)
            sides = the_map.neighbors(h)
            works.update(side_key(h, n) for n in sides if the_map.side_features(h, n) & TARGETS)
    return {h: frozenset(t) for h, t in sorted(terrain.items())}, tuple(sorted(works))


def action_space(scenario: str, options: Mapping[str, Any]) -> list[Family]:
    """The families of a scenario with its options (`maps` and `players` pick the
    layout and the seats, `map_choice` which boards may lie where; the other options
    only make slots legal or not)."""
    spec = scenario_spec(scenario, maps=options.get("maps") or None, players=options.get("players") or None)
    layout = parse_key(spec.map_key)[0]
    terrain, works_ = _geography(layout, spec.map_key, bool(options.get("map_choice")))
    hexes = list(terrain)
    water = [h for h in hexes if terrain[h] & WATER]
    land = [h for h in hexes if terrain[h] - {"sea"}]
    neighbours = game_map(spec.map_key).neighbors  # the same on every map of the layout
    steps = [(h, n) for h in hexes for n in neighbours(h)]
    landings = [(h, n) for h in hexes if "coastal" in terrain[h] for n in neighbours(h) if terrain[n] & WATER]
    ranks = list(range(max_blocks(layout)))
    boards = list(board_ids())
    types = sorted(unit_table())
    works = list(works_)
    roles = list(spec.roles)
    return [
        ("pick_map", [boards]),
        ("rotate_map", [boards]),
        ("swap_maps", [list(itertools.combinations(boards, 2))]),
        ("maps_done", []),
        ("buy", [types]),
        ("buy_step", [ranks]),
        ("done", []),
        ("deploy", [ranks, hexes]),
        ("default_factories", []),
        ("factory", [land, sorted(FACTORY_ARM), list(range(1, max_pp() + 1))]),
        ("end_moves", []),
        ("ally", [roles]),
        ("move", [ranks, hexes]),
        ("attack", [ranks, steps + [(h, "air") for h in hexes]]),
        ("paradrop", [ranks, land]),
        ("invade", [ranks, landings]),
        ("strategic", [ranks, hexes]),
        ("sea_move", [ranks, water]),
        ("demolish", [ranks, works]),
        ("board", [ranks]),
        ("fight", [hexes]),
        ("blockade_battle", [hexes]),
        ("end_battles", []),
        ("pass", [ranks]),
        ("drop", [ranks]),
        ("land", [ranks, [*hexes, ""]]),
        ("fire", [ranks, list(TARGET_CLASSES)]),
        ("retreat", [ranks, hexes]),
        ("blockade", [ranks]),
        ("take_hit", [ranks]),
        ("ground", [ranks]),
        ("regroup", [ranks, hexes]),
        ("end_regroup", []),
        ("build", [hexes, types]),
        ("add_step", [ranks, [*land, ""]]),
        ("exchange", [ranks, sorted(FACTORY_ARM)]),
        ("disband", [ranks]),
        ("merge", [[(a, b) for a in ranks for b in ranks if a != b]]),
        ("divide", [ranks]),
        ("airfield", [ranks]),
        ("mulberry", [ranks]),
        ("rebuild", [ranks, works]),
        ("convert", [ranks]),
        ("transfer", [list(ARMS), roles]),
        ("vote_coup", []),
    ]


def _number(bid: str) -> int:
    return int(bid.rsplit("-", 1)[1])


def block_ranks(blocks: Mapping[str, Block]) -> dict[str, int]:
    """block id -> its rank among its owner's blocks in id order."""
    return ranks_within(blocks, lambda bid: blocks[bid]["owner"], _number)


def action_keys(state: VictoryState, role: str, actions: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Each legal action's key in the index: block ids become ranks; the land-in-place
    choice gets the hex "" (see the module docstring)."""
    ranks: dict[str, int] | None = None
    out: list[tuple[Any, ...]] = []
    for action in actions:
        kind = action[0]
        if kind in BLOCK_KINDS:
            if ranks is None:
                ranks = block_ranks(state.data["blocks"])
            if kind == "merge":
                action = (kind, ranks[action[1]], ranks[action[2]])
            else:
                action = (kind, ranks[action[1]], *action[2:])
                if kind in ("land", "add_step") and len(action) == 2:
                    action = (kind, action[1], "")
        out.append(action)
    return out
