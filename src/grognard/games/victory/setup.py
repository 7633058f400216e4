"""Starting a game: the scenario's forces (10.1) and their deployment (1.4).

Deployment is simultaneous by default: every player places his own blocks at once,
and nobody sees the other's placements until all are done. With the `fog_deploy`
option (the Fog of War sidebar) players instead place three blocks at a time in
seat order.

Resources (4.3, the `resources` option, on by default): every player is dealt one
1-step resource block among his forces (its id dealt at random like the others); the
set-up places it, before anyone deploys, on his mine (`resource_site`): the resource
hex of his own map(s) on a road (a ground strategic move, its only move, starts on a
road, 5.9) nearest his cities. A player whose maps have no such hex gets none.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from grognard.core.flow import Frame, call, goto
from grognard.core.secret_choices import SecretChoices

from .boards import game_map, map_key
from .control import (
    Block,
    Data,
    arm,
    arms_with_room,
    gmap,
    has_room,
    hex_distance,
    is_water,
    new_block,
    occupancy,
    sides,
    stack_limit,
)
from .factories import plays_factories
from .layout import VictoryOptions
from .scenarios import deployment_rules, min_units_for
from .strategic import road_links
from .units import unit_table
from .verbs import args

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]
RESOURCE = "RE"  # 4.3: the resource block every player starts with (`resources` option)


def home_sites(data: Data, role: str) -> list[str]:
    """1.4, 10.0: a player's own cities and towns, where his forces start."""
    boards = tuple(sorted(board for board, owner in data["homes"].items() if owner == role))
    return list(_sites(data["map"], boards))


@cache
def _sites(map_key: str, boards: tuple[str, ...]) -> tuple[str, ...]:
    the_map = game_map(map_key)
    return tuple(sorted(h for h, i in the_map.hexes.items() if i.board in boards and (i.city or i.town)))


def resource_site(data: Data, role: str) -> str | None:
    """4.3, our reading: where a player's starting resource block stands, the resource
    hex of his own map(s) on a road nearest his own cities (ties: the first id); None
    when his maps have none on a road."""
    boards = tuple(sorted(board for board, owner in data["homes"].items() if owner == role))
    return _resource_site(data["map"], boards)


@cache
def _resource_site(map_key: str, boards: tuple[str, ...]) -> str | None:
    the_map = game_map(map_key)
    roads = road_links(map_key)
    mines = sorted(h for h, i in the_map.hexes.items() if i.board in boards and i.resource and roads.get(h))
    cities = [h for h in _sites(map_key, boards) if the_map.hexes[h].city]
    if not mines:
        return None
    return min(mines, key=lambda h: (min((hex_distance(h, c) for c in cities), default=0), h))


def is_resource(block: Block) -> bool:
    return "resource" in unit_table()[block["type"]].tags


def place_resources(game: VictoryState) -> None:
    """4.3: the set-up puts each player's starting resource block on his mine."""
    data = game.data
    for bid in sorted(data["blocks"]):
        block = data["blocks"][bid]
        if block["at"] is not None or not is_resource(block):
            continue
        site = resource_site(data, block["owner"])
        if site is None:
            del data["blocks"][bid]
            owner = block["owner"]
            game.log(f"{bid} (Resource) has no mine on a road on your maps and is set aside", to=[owner])
            continue
        block["at"] = site
        game.log(f"{bid} (Resource) starts at its mine, {site}", to=[block["owner"]])


def undeployed(data: Data, role: str) -> list[str]:
    blocks = data["blocks"]
    return [b for b in sorted(blocks) if blocks[b]["owner"] == role and blocks[b]["at"] is None]


def _needy(data: Data, occ: dict[str, list[str]], role: str) -> dict[str, int]:
    """1.4: own cities holding fewer than two blocks (fewer where the forces are too
    small for two everywhere, scenarios.min_units_for), and how many each still needs."""
    the_map = gmap(data)
    blocks = data["blocks"]
    least = data["min_per_city"][role]
    out = {}
    for hex_id in home_sites(data, role):
        if the_map.hexes[hex_id].city:
            mine = sum(1 for b in occ.get(hex_id, ()) if blocks[b]["owner"] == role)
            if mine < least:
                out[hex_id] = least - mine
    return out


def _fits(
    data: Data, occ: dict[str, list[str]], role: str, bid: str, hex_id: str, hand: _Hand | None = None
) -> bool:
    """Whether a block may stand in one of its owner's starting sites (arm and stacking;
    `hand`: the caller's, which keeps each site's room)."""
    info = gmap(data).hexes[hex_id]
    block = data["blocks"][bid]
    kind = arm(block)
    if kind == "naval" and not (is_water(info) and info.port):
        return False
    if "coastal_only" in unit_table()[block["type"]].tags and info.terrain != "coastal":
        return False
    if hand is not None:
        return kind in hand.room(data, occ, role, hex_id)
    return stack_limit(info, kind) > 0 and has_room(data, occ, hex_id, role, kind)


def _cost(block: Block) -> int:
    """10.2, 10.4: what a starting block counts against a PP quota: its steps' cost."""
    return int(unit_table()[block["type"]].cost) * int(block["steps"])


def within_quota(data: Data, role: str, bid: str, hex_id: str) -> bool:
    """10.4: whether placing `bid` at `hex_id` keeps every home board of the player
    within its quota (units or PP per map), and leaves the blocks still in hand a way
    to fill the quotas left (so that deployment never reaches a dead end)."""
    quota = data["board_quota"][role]
    the_map = gmap(data)
    blocks = data["blocks"]
    boards = sorted({the_map.hexes[h].board for h in home_sites(data, role)})

    def measure(block: Block) -> int:
        return 1 if "units" in quota else _cost(block)

    limit = int(quota.get("units", quota.get("pp", 0)))
    used = dict.fromkeys(boards, 0)
    for block in blocks.values():
        if block["owner"] == role and block["at"] is not None and not is_resource(block):
            board = the_map.hexes[block["at"]].board
            if board in used:
                used[board] += measure(block)
    board = the_map.hexes[hex_id].board
    used[board] += measure(blocks[bid])
    if used[board] > limit:
        return False
    left = sorted(
        (measure(blocks[b]) for b in undeployed(data, role) if b != bid and not is_resource(blocks[b])),
        reverse=True,
    )
    return _packs(tuple(left), tuple(sorted(limit - used[b] for b in boards)))


@cache
def _packs(items: tuple[int, ...], room: tuple[int, ...]) -> bool:
    """Whether the items (largest first) fit into bins of these sizes (sorted)."""
    if not items:
        return True
    if sum(items) > sum(room):
        return False
    first, rest = items[0], items[1:]
    for k, space in enumerate(room):
        if space < first or (k and room[k - 1] == space):
            continue  # too small, or the same as the bin tried before
        if _packs(rest, tuple(sorted((*room[:k], space - first, *room[k + 1 :])))):
            return True
    return False


def _coast_bound(data: Data, bid: str) -> bool:
    """Ships and marines can only start in port cities; other blocks anywhere."""
    block = data["blocks"][bid]
    return arm(block) == "naval" or "coastal_only" in unit_table()[block["type"]].tags


def _can_fill(free: int, total: int, inland: int, coastal: int) -> bool:
    """Whether the blocks in hand (`free` of `total` not bound to the coast) can still
    bring every city to its minimum: blocks bound to the coast fill only port cities
    (Hall's condition for these two kinds)."""
    return free >= inland and total >= inland + coastal


def deploy_targets(
    data: Data,
    role: str,
    bid: str,
    occ: dict[str, list[str]] | None = None,
    strict: bool = True,
    hand: _Hand | None = None,
) -> list[str]:
    """Where a block may be placed: an own city or town with room for its arm (1.4),
    keeping in hand blocks that can still fill every city to two (`strict=False`
    drops that last condition, for forces that cannot meet it; `hand`: the caller's
    _Hand, when it asks for many blocks)."""
    occ = occupancy(data) if occ is None else occ
    places = deployment_rules().places  # 1.4, 10.0: cities and towns
    the_map = gmap(data)
    sites = [
        h
        for h in home_sites(data, role)
        if ("city" in places and the_map.hexes[h].city) or ("town" in places and the_map.hexes[h].town)
        if _fits(data, occ, role, bid, h, hand)
    ]
    if data.get("board_quota", {}).get(role):
        sites = [h for h in sites if within_quota(data, role, bid, h)]  # 10.4
    if not strict:
        return sites
    hand = _Hand.of(data, occ, role) if hand is None else hand
    in_hand = bid in hand.blocks
    left = len(hand.blocks) - in_hand
    free = hand.free - (in_hand and not _coast_bound(data, bid))
    out = []
    for hex_id in sites:
        # the cities still short of their minimum once the block stands here
        filled = hex_id in hand.needy
        port = filled and bool(the_map.hexes[hex_id].port)
        if _can_fill(free, left, hand.inland - (filled and not port), hand.coastal - port):
            out.append(hex_id)
    return out


class _Hand(NamedTuple):
    """A player's blocks still to deploy and the cities short of blocks (1.4): what
    every block's places ask, worked out once per list of placements."""

    blocks: frozenset[str]
    free: int  # of `blocks`, those not bound to the coast
    needy: dict[str, int]  # _needy
    inland: int  # blocks the inland cities still need
    coastal: int  # and the port cities
    rooms: dict[str, frozenset[str]]  # the arms with room at each site asked (5.2)

    def room(self, data: Data, occ: dict[str, list[str]], role: str, hex_id: str) -> frozenset[str]:
        """control.arms_with_room, asked once per site."""
        if hex_id not in self.rooms:
            self.rooms[hex_id] = arms_with_room(data, occ, hex_id, role)
        return self.rooms[hex_id]

    @classmethod
    def of(cls, data: Data, occ: dict[str, list[str]], role: str) -> _Hand:
        hand = undeployed(data, role)
        needy = _needy(data, occ, role)
        ports = {h for h in needy if gmap(data).hexes[h].port}
        return cls(
            frozenset(hand),
            sum(1 for b in hand if not _coast_bound(data, b)),
            needy,
            sum(n for h, n in needy.items() if h not in ports),
            sum(n for h, n in needy.items() if h in ports),
            {},
        )


def _likeness(block: Block) -> Any:
    """What makes two undeployed blocks alike for deploy_targets: their whole data (None
    when some of it is unhashable: then the block is asked on its own)."""
    try:
        key = tuple(sorted(block.items()))
        hash(key)
    except TypeError:
        return None
    return key


class Deploy(SecretChoices["VictoryState"]):
    """1.4: players place their starting blocks, a window of secret choices
    (core/secret_choices.py) that a player finishes by placing his last block; the
    last placement reveals them all. Frame: `turn_of` (fog deployment: whose batch it
    is, else None; then the players place in turn, not at once) and `placed` (blocks
    placed in the current batch)."""

    confirm = None

    def seats(self, game: VictoryState, frame: Frame) -> list[str]:
        return sides(game.data)

    def finished(self, game: VictoryState, frame: Frame, role: str) -> bool:
        return not undeployed(game.data, role)

    def actors(self, game: VictoryState, frame: Frame) -> list[str]:
        if frame.get("turn_of"):
            return [frame["turn_of"]]
        return super().actors(game, frame)

    def independent_choices(self, game: VictoryState, frame: Frame) -> bool:
        return not frame.get("turn_of")

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        data = game.data
        occ = occupancy(data)
        blocks = data["blocks"]
        for strict in (True, False):  # 1.4 when the forces allow it
            # a block's places depend on what it is (its data), not on its id: blocks
            # alike share them (a speed measure: most starting forces repeat a type)
            known: dict[Any, list[str]] = {}
            actions = []
            hand = _Hand.of(data, occ, role)
            for bid in undeployed(data, role):
                key = _likeness(blocks[bid])
                places = known.get(key) if key is not None else None
                if places is None:
                    places = deploy_targets(data, role, bid, occ, strict, hand)
                    if key is not None:
                        known[key] = places
                actions += [("deploy", bid, hex_id) for hex_id in places]
            if actions:
                return actions
        return []

    def choose(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        named = args(action)
        bid, hex_id = named["block"], named["to"]
        game.data["blocks"][bid]["at"] = hex_id
        game.log(
            f"you deploy {bid} ({unit_table()[game.data['blocks'][bid]['type']].name}) at {hex_id}", to=[role]
        )
        if frame.get("turn_of"):
            frame["placed"] += 1
            if frame["placed"] >= deployment_rules().fog_of_war_batch or not undeployed(game.data, role):
                frame["placed"] = 0
                frame["turn_of"] = _next_deployer(game.data, role)
        self._set_aside(game, frame)

    def run(self, game: VictoryState, frame: Frame) -> None:
        self._set_aside(game, frame)
        self.close_if_all_chose(game, frame)

    def _set_aside(self, game: VictoryState, frame: Frame) -> None:
        """Place the resources; set aside the blocks that have nowhere to go."""
        data = game.data
        place_resources(game)  # 4.3: placed by the set-up, not deployed
        occ = occupancy(data)  # nothing moves until blocks are set aside below
        for role in sides(data):
            # blocks with nowhere to go (every site full for their arm) are set aside
            left = undeployed(data, role)
            if left and not any(deploy_targets(data, role, bid, occ, strict=False) for bid in left):
                for bid in left:
                    del data["blocks"][bid]
                    game.log(f"{bid} has no room at any starting site and is set aside", to=[role])
        if frame.get("turn_of") and not undeployed(data, frame["turn_of"]):
            frame["turn_of"] = _next_deployer(data, frame["turn_of"])

    def reveal(self, game: VictoryState, frame: Frame) -> None:
        data = game.data  # the placements become visible to all
        game.log("every block is deployed")
        if plays_factories(data):  # 9.1: the players allocate their factories next
            data["phase"] = "factories"
            goto(game.flow, "factory_setup")
            return
        data["phase"] = "initiative"
        goto(game.flow, "initiative")

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if role in self.actors(game, frame):
            return "Deploy your blocks in your cities and towns (at least two in every city)."
        return "Waiting for the players to deploy."


def _next_deployer(data: Data, after: str) -> str | None:
    roles = sides(data)
    start = roles.index(after)
    for k in range(1, len(roles) + 1):
        role = roles[(start + k) % len(roles)]
        if undeployed(data, role):
            return str(role)
    return None




def setup_game(
    state: VictoryState,
    layout: str,
    placed: list[tuple[str, int]],
    forces: dict[str, list[str]],
    homes: dict[str, str],
    target_pp: dict[str, int],
    home_bonus: dict[str, int],
    pickers: list[str] | None = None,
    adjuster: str = "",
    budgets: dict[str, int] | None = None,
    board_quota: dict[str, dict[str, int]] | None = None,
) -> None:
    """Fill a new game's data: the map, each player's home board (in seat order, one
    board each), his starting blocks at full strength (10.1) under ids dealt in random
    order, then deployment (1.4); with `budgets` (10.2) the players buy their forces
    first. With `pickers` (who picks each slot's board, 1.1)
    the players first choose the boards and `adjuster` makes the final adjustment.
    `board_quota` ({role: {"units": n} or {"pp": n}}) bounds what a player deploys on
    each of his home boards (10.4)."""
    data = state.data
    roles: list[str] = sides(data)
    # the core resolved every declared option, defaults filled in (schema.resolve_options)
    options = cast(VictoryOptions, dict(state.meta["options"]))
    blocks: dict[str, Block] = {}
    next_id: dict[str, int] = {}
    mines = options.get("resources", False)
    for role in roles:
        types = list(forces[role]) + ([RESOURCE] if mines else [])
        state.rng.shuffle(types)  # ids in random order: an id tells nothing (hidden_tokens)
        for number, type_id in enumerate(types, start=1):
            full = deployment_rules().full_strength  # 10.1: deployed at full strength
            # 4.3: a resource block is mined from one step
            steps = 1 if type_id == RESOURCE or not full else unit_table()[type_id].max_steps
            blocks[f"{role}-{number:02d}"] = new_block(role, type_id, steps)
        next_id[role] = len(types) + 1
    data.update(
        {
            "options": options,
            "map": map_key(layout, placed),
            "homes": homes,
            "home_bonus": {board: bonus for board, bonus in home_bonus.items() if bonus},
            "target_pp": target_pp,
            "turn": 1,
            "turn_limit": options.get("turn_limit", 0),
            "phase": "deploy",
            "order": [],
            "blocks": blocks,
            "graveyard": {},
            "battles": {},
            "seen": {role: [] for role in roles},
            "next_id": next_id,
            "min_per_city": {},
            "pp": {},
            "result": None,
        }
    )
    if board_quota:
        data["board_quota"] = board_quota
    set_minimums(data)
    for role in roles:
        mine = ", ".join(f"{b} {blocks[b]['type']}" for b in sorted(blocks) if blocks[b]["owner"] == role)
        state.log(f"your forces: {mine}", to=[role])
    fog = options.get("fog_deploy", False)
    call(state.flow, "deploy", turn_of=roles[0] if fog else None, placed=0)
    if budgets:  # 10.2: the forces are bought first
        data["phase"] = "purchase"
        call(state.flow, "purchase", budget=dict(budgets), done=[])
    if pickers:  # 1.1 map choice first, then the deployment
        data["phase"] = "maps"
        call(
            state.flow,
            "choose_maps",
            layout=layout,
            pickers=pickers,
            adjuster=adjuster,
            picks=[],
            key=None,
            moves=0,
        )
    state.advance()


def set_minimums(data: Data) -> None:
    """1.4: blocks each of a player's cities must receive (scenarios.min_units_for)."""
    for role in sides(data):
        forces = sum(1 for b in data["blocks"].values() if b["owner"] == role and not is_resource(b))
        cities = sum(1 for h in home_sites(data, role) if gmap(data).hexes[h].city)
        data["min_per_city"][role] = min_units_for(forces, cities)
