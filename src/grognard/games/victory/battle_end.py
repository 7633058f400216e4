"""The end of a battle: the loser's withdrawal after the last round (6.3, 6.5) and
the landing of aircraft after the battle (5.51, 5.53).

Withdraw frame: `hex`, `role`, `queue` (its blocks still in the hex). Land frame:
`hex`, `role`, `queue` (its air units that must land).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, call, end

from .battle_hits import battle_frame, told
from .carriers import carrier_landings, settle
from .control import (
    AIRBASE_CAPACITY,
    arm,
    controller,
    friendly_airbases,
    gmap,
    has_enemy,
    has_room,
    in_battle,
    is_airbase_site,
    landing_reach,
    may_blockade,
    occupancy,
    side_limit,
    sides,
    storm_area,
    unit_of,
)
from .retreats import retreat, retreat_targets
from .sides import allied
from .verbs import args

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]


def eliminate(game: VictoryState, battle: Frame, bid: str, why: str) -> None:
    data = game.data
    block = data["blocks"].pop(bid)
    data["graveyard"][bid] = {"owner": block["owner"], "type": block["type"]}
    battle["casualties"][bid] = battle["casualties"].get(bid, 0) + block["steps"]
    game.log(f"{bid} ({unit_of(block).name}) {why} and is eliminated", to=told(battle, block["owner"]))
    game.log(f"a {block['owner']} block is eliminated at {battle['hex']}")


def _can_blockade(game: VictoryState, frame: Frame, bid: str) -> bool:
    """6.8: only the attacker's ships, when the attacker is the side that must leave."""
    battle = battle_frame(game)
    return allied(game.data, frame["role"], battle["attacker"]) and may_blockade(game.data, frame["hex"], bid)


def declare_blockade(game: VictoryState, frame: Frame, bid: str) -> None:
    """6.8: the ship stays face up in the port; every player sees it from now on."""
    data = game.data
    block = data["blocks"][bid]
    block["blockade"] = True
    block["entered"] = None
    for role in sides(data):
        seen = data["seen"].setdefault(role, [])
        if role != block["owner"] and bid not in seen:
            seen.append(bid)
    combat = next(f for f in reversed(game.flow) if f["state"] == "combat")
    fought = combat.setdefault("activated", [])
    if frame["hex"] not in fought:
        fought.append(frame["hex"])  # 6.8: this battle was the port's one this phase
    name = unit_of(block).name
    # face up to the players only: an observer sees no block's id or type (as 6.71's beachheads)
    game.log(f"{block['owner']}'s {bid} ({name}) blockades {frame['hex']}", to=sides(data))
    game.log(f"a {block['owner']} ship blockades {frame['hex']}")  # for observers
    game.mark_irreversible()


class Withdraw(GameStep["VictoryState"]):
    """6.5: the side that must leave retreats each block; one with nowhere to go is
    lost. An attacking ship may blockade the port instead (6.8)."""

    def _has_choice(self, game: VictoryState, frame: Frame, bid: str) -> bool:
        return bool(retreat_targets(game.data, battle_frame(game), bid)) or _can_blockade(game, frame, bid)

    def actors(self, game: VictoryState, frame: Frame) -> list[str]:
        queue = frame["queue"]
        if queue and queue[0] in game.data["blocks"] and self._has_choice(game, frame, queue[0]):
            return [game.data["blocks"][queue[0]]["owner"]]  # 2.0 [3]: each ally moves his own
        return []  # run() drops or eliminates the block at the head of the queue

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        bid = frame["queue"][0]
        actions: list[Action] = [("blockade", bid)] if _can_blockade(game, frame, bid) else []
        return actions + [("retreat", bid, h) for h in retreat_targets(game.data, battle_frame(game), bid)]

    def apply(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        frame["queue"].pop(0)
        named = args(action)
        if action[0] == "blockade":
            declare_blockade(game, frame, named["block"])
        else:
            retreat(game, battle_frame(game), named["block"], named["to"])
        self.run(game, frame)

    def run(self, game: VictoryState, frame: Frame) -> None:
        battle = battle_frame(game)
        while frame["queue"]:
            bid = frame["queue"][0]
            if bid not in game.data["blocks"] or game.data["blocks"][bid]["at"] != battle["hex"]:
                frame["queue"].pop(0)  # gone, or carried off aboard its carrier (4.2)
                continue
            if self._has_choice(game, frame, bid):
                return
            frame["queue"].pop(0)
            eliminate(game, battle, bid, "cannot retreat")
        end(game.flow)

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if frame["queue"] and role in self.actors(game, frame):
            return "The battle is lost: choose where each block retreats (ships may blockade a port)."
        return "Waiting for the retreat after the battle."


def land_after(game: VictoryState, battle: Frame) -> None:
    """5.51: the winner's aircraft land at once: they stay if the hex is now one of
    his airbases with room (the example's fighter lands at Hope), else they fly to
    a friendly airbase within their move."""
    data = game.data
    hex_id, winner = battle["hex"], battle["over"]
    occ = occupancy(data)
    air = [b for b in in_battle(data, hex_id) if arm(data["blocks"][b]) == "air"]
    info = gmap(data).hexes[hex_id]
    holder = controller(data, occ, hex_id)
    owners = {data["blocks"][b]["owner"] for b in air}
    mine = holder is not None and owners <= {holder} and allied(data, holder, winner)
    stays = is_airbase_site(info) and mine
    if stays and len(air) <= AIRBASE_CAPACITY:
        return
    if air:
        call(game.flow, "land_air", hex=hex_id, role=winner, queue=air)


class LandAir(GameStep["VictoryState"]):
    """Aircraft after a battle choose a friendly airbase within their move (5.51, 5.53)."""

    def _targets(self, game: VictoryState, frame: Frame, bid: str) -> list[str]:
        data = game.data
        reach = landing_reach(data, data["blocks"][bid])
        owner = data["blocks"][bid]["owner"]  # 2.0 [3]: an ally's aircraft land at his own bases
        bases = {
            h
            for h in friendly_airbases(data, occupancy(data), owner, frame["hex"], reach)
            if h != frame["hex"]
        }
        return sorted(bases | set(carrier_landings(data, bid, frame["hex"], reach)))  # 4.2

    def actors(self, game: VictoryState, frame: Frame) -> list[str]:
        queue = frame["queue"]
        if queue and queue[0] in game.data["blocks"] and self._targets(game, frame, queue[0]):
            return [game.data["blocks"][queue[0]]["owner"]]
        return []  # run() drops or eliminates the block at the head of the queue

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        bid = frame["queue"][0]
        return [("land", bid, h) for h in self._targets(game, frame, bid)]

    def apply(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        named = args(action)
        bid, dest = named["block"], named["to"]
        frame["queue"].pop(0)
        settle(game.data, bid, dest)  # 4.2: onto a carrier where no airbase has room
        game.data["blocks"][bid]["at"], game.data["blocks"][bid]["entered"] = dest, None
        game.log(f"{bid} lands at {dest}", to=[role])
        game.log(f"a {role} air unit lands at {dest}")
        self.run(game, frame)

    def run(self, game: VictoryState, frame: Frame) -> None:
        while frame["queue"]:
            bid = frame["queue"][0]
            if bid not in game.data["blocks"]:
                frame["queue"].pop(0)
                continue
            if self._targets(game, frame, bid):
                return
            frame["queue"].pop(0)
            eliminate(game, battle_frame(game), bid, "finds no airbase to land at")
        end(game.flow)

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if frame["queue"] and role in self.actors(game, frame):
            return "Choose where your aircraft land after the battle."
        return "Waiting for aircraft to land."


def regroup_targets(game: VictoryState, frame: Frame, bid: str) -> list[str]:
    """Regroups option: an adjacent friendly or neutral hex, free of enemies, that the
    block may enter (terrain, hexside) and has room for it. Ground units do not regroup
    by sea."""
    data = game.data
    the_map = gmap(data)
    occ = occupancy(data)
    block = data["blocks"][bid]
    kind, role = arm(block), frame["role"]
    if kind == "air" or unit_of(block).move == 0:
        return []
    storm = storm_area(data)  # 9.4: a regroup is a move
    out = []
    for nxt in the_map.neighbors(frame["hex"]):
        if has_enemy(data, occ, nxt, role) or controller(data, occ, nxt) not in (None, role) or nxt in storm:
            continue
        if side_limit(the_map, frame["hex"], nxt, kind) and has_room(data, occ, nxt, role, kind):
            out.append(nxt)
    return out


class Regroup(GameStep["VictoryState"]):
    """Regroups option: at the instant of victory the victor may move any of its blocks
    from the battle hex to adjacent friendly or neutral hexes. Frame: `hex`, `role`,
    `done` (blocks already regrouped or kept)."""

    def _movable(self, game: VictoryState, frame: Frame) -> list[str]:
        blocks = game.data["blocks"]
        return [
            b
            for b in in_battle(game.data, frame["hex"])
            if blocks[b]["owner"] == frame["role"]
            and b not in frame["done"]
            and regroup_targets(game, frame, b)
        ]

    def actors(self, game: VictoryState, frame: Frame) -> list[str]:
        return [frame["role"]] if self._movable(game, frame) else []

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        actions: list[Action] = [("end_regroup",)]
        for bid in self._movable(game, frame):
            actions += [("regroup", bid, h) for h in regroup_targets(game, frame, bid)]
        return actions

    def apply(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        if action[0] == "end_regroup":
            end(game.flow)
            return
        named = args(action)
        bid, dest = named["block"], named["to"]
        game.data["blocks"][bid]["at"], game.data["blocks"][bid]["entered"] = dest, None
        frame["done"].append(bid)
        game.log(f"{bid} regroups to {dest}", to=[role])
        game.log(f"a {role} block regroups from {frame['hex']} to {dest}")

    def run(self, game: VictoryState, frame: Frame) -> None:
        end(game.flow)

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if role == frame["role"]:
            return "Victory: regroup blocks to adjacent friendly or neutral hexes, or end the regroup."
        return "Waiting for the victor to regroup."
