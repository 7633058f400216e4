"""Firing and hits (6.4-6.48): dice per step, firepower per target group, hits to
the strongest block with the owner choosing among ties, the 1-step immunity of
ground units to air and naval fire, double defense with half-hits, friendly fire.

A lower module of the battle: it imports no phase module. `fire` rolls and then
calls the `hits` step, which applies hits one by one and asks the owner whenever
several blocks share the highest strength.

Hits frame: `hex`, `role` (whose blocks are hit), `hits` (still to apply), `group`,
`only` (blocks that may take them, or None for the whole group: flak 6.45 and the
answer to shore bombardment 6.43), `immune` (1-step ground blocks are spared: air
or naval fire, 6.46), `double` (double defense, 6.47), `choice` (the tied blocks the
owner must choose from, or None).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, call, end

from .carriers import aboard, is_carrier, overflow
from .control import DOUBLE_DEFENSE, STACK_FREE, Data, arm, gmap, in_battle, land_terrain, unit_of
from .grounded import defers_carrier_losses, ground_target
from .sides import allied
from .units import bonus_situations
from .verbs import args

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]
GROUP_ARM = {"A": "air", "N": "naval", "G": "ground"}
MARKER_GROUP = "L"  # 9.6, 9.7: a logistics marker as a target of G fire
MARKER_HITS = 2  # 9.6, 9.7: hits in one battle that reduce or destroy it


def marker_target(data: Data, hex_id: str, foe: str) -> str | None:
    """9.6, 9.7 (`logistics`): the foe's major airfield or mulberry in the battle hex
    that G fire may aim at ("airfield" or "mulberry"), if any."""
    if not data["options"].get("logistics"):
        return None
    field = data.get("airfields", {}).get(hex_id)
    if field and field["owner"] == foe and field["major"]:
        return "airfield"
    berth = data.get("mulberries", {}).get(hex_id)
    if berth and berth["owner"] == foe:
        return "mulberry"
    return None


def _fire_at_marker(game: VictoryState, frame: Frame, foe: str, hits: int) -> None:
    """9.6, 9.7: two hits in one battle make a major airfield minor (it is never
    destroyed) or destroy a mulberry; the markers are public, and so is the result."""
    data = game.data
    hex_id = frame["hex"]
    kind = marker_target(data, hex_id, foe)
    if kind is None:
        return
    frame["marker_hits"] = int(frame.get("marker_hits", 0)) + hits
    if frame["marker_hits"] < MARKER_HITS:
        return
    frame["marker_hits"] = 0
    if kind == "airfield":
        data["airfields"][hex_id]["major"] = False
        game.log(f"the major airfield at {hex_id} is reduced to a minor airfield")
    else:
        del data["mulberries"][hex_id]
        game.log(f"the mulberry at {hex_id} is destroyed")


def battle_frame(game: VictoryState) -> Frame:
    return next(f for f in reversed(game.flow) if f["state"] == "battle")


def players(frame: Frame) -> list[str]:
    """Everyone in the battle: attacker, defender and their allies there (2.0 [3])."""
    return list(frame.get("players") or (frame["attacker"], frame["defender"]))


def told(frame: Frame, owner: str) -> list[str]:
    """The players of a battle who learn what befalls `owner`'s blocks: in a rocket's
    lone strike (S1.6) the rocket's owner learns nothing of the defender's losses."""
    return [r for r in players(frame) if r == owner or r not in frame.get("veiled", ())]


def situation(game: VictoryState, frame: Frame, bid: str) -> tuple[str, ...]:
    """The fire bonus situations that hold for a block (4.3 infantry in a city,
    mountain troops in mountains)."""
    info = gmap(game.data).hexes[frame["hex"]]
    defending = allied(game.data, game.data["blocks"][bid]["owner"], frame["defender"])
    return bonus_situations(defending, bool(info.city), land_terrain(info))


def is_immune(data: Data, bid: str) -> bool:
    """6.46: a ground unit at 1 step takes no more hits from air or naval fire."""
    block = data["blocks"][bid]
    return arm(block) == "ground" and block["steps"] <= 1


def fire(game: VictoryState, frame: Frame, bid: str, group: str, fp: int) -> None:
    """6.4: roll a die per step; each die at or under the firepower `fp` hits (6.41)."""
    data = game.data
    block = data["blocks"][bid]
    me, kind = block["owner"], arm(block)
    dice = game.roll(block["steps"], me, f"fire at {group}{fp} in {frame['hex']}")
    hits = sum(1 for d in dice if d <= fp)
    frame["fires"].append({"block": bid, "dice": dice, "hit_on": fp, "hits": hits, "group": group})
    foe = frame["defender"] if allied(data, me, frame["attacker"]) else frame["attacker"]
    if group == MARKER_GROUP:
        target = marker_target(data, frame["hex"], foe)
        game.log(f"{bid} fires at the {target}: {hits} hit(s)", to=told(frame, me))
        _fire_at_marker(game, frame, foe, hits)
        return
    game.log(f"{bid} fires at the {GROUP_ARM[group]} group: {hits} hit(s)", to=told(frame, me))
    if kind == "air" and group in ("G", "N"):
        frame["air_strikes"].setdefault(group, []).append(bid)  # 6.45 opens flak
    if kind == "naval" and group == "G":
        frame["bombard"].append(bid)  # 6.43 opens the shore's reply
    only = None
    if group == "A" and kind != "air":
        only = list(frame["air_strikes"].get("G" if kind == "ground" else "N", []))
    if group == "N" and kind == "ground":
        only = list(frame["bombard"])
    friendly = 0
    if group == "G" and (kind != "ground" or "rocket" in unit_of(block).tags):  # 6.48, S1.6
        # 6.48: on his side's ground units (an ally's too, our reading)
        blocks = data["blocks"]
        ground_here = [b for b in in_battle(data, frame["hex"]) if allied(data, blocks[b]["owner"], me)]
        if any(arm(data["blocks"][b]) == "ground" for b in ground_here):
            friendly = sum(1 for d in dice if d == 6)  # 6.48 friendly fire
    if friendly:
        game.log(f"{friendly} friendly hit(s) fall on {me}'s own ground units")
        _call_hits(game, frame, me, friendly, "G", None, immune=True, double=False)
    if hits:
        info = gmap(data).hexes[frame["hex"]]
        double = group == "G" and foe == frame["defender"] and land_terrain(info) in DOUBLE_DEFENSE
        _call_hits(game, frame, foe, hits, group, only, immune=kind != "ground", double=double)


def _call_hits(
    game: VictoryState,
    frame: Frame,
    role: str,
    hits: int,
    group: str,
    only: list[str] | None,
    immune: bool,
    double: bool,
) -> None:
    call(
        game.flow,
        "hits",
        hex=frame["hex"],
        role=role,
        hits=hits,
        group=group,
        only=only,
        immune=immune,
        double=double,
        choice=None,
    )


def candidates(data: Data, frame: Frame) -> list[str]:
    blocks = data["blocks"]
    out = []
    for bid in in_battle(data, frame["hex"]):
        block = blocks[bid]
        if not allied(data, block["owner"], frame["role"]) or block.get("reserve"):
            continue
        if block.get("grounded"):  # 5.52: only land air, and only from G fire
            if not (ground_target(data, bid) and frame["group"] == "G"):
                continue
        elif arm(block) != GROUP_ARM[frame["group"]]:
            continue
        if frame["only"] is not None and bid not in frame["only"]:
            continue
        if frame["immune"] and is_immune(data, bid):
            continue
        if block["type"] in STACK_FREE and block["steps"] <= 1:
            continue  # 9.1: a factory's 0 PP step is never lost
        out.append(bid)
    return out


def lose_step(game: VictoryState, battle: Frame, bid: str) -> None:
    """One step off a block; at none it is eliminated (6.2)."""
    data = game.data
    block = data["blocks"][bid]
    block["steps"] -= 1
    battle["casualties"][bid] = battle["casualties"].get(bid, 0) + 1
    if block["steps"] > 0:
        game.log(f"{bid} loses a step", to=told(battle, block["owner"]))
        if is_carrier(block):
            _spill(game, battle, bid)
        return
    del data["blocks"][bid]
    data["graveyard"][bid] = {"owner": block["owner"], "type": block["type"]}
    game.log(f"{bid} ({unit_of(block).name}) is eliminated", to=told(battle, block["owner"]))
    game.log(f"a {block['owner']} block is eliminated at {battle['hex']}")
    if is_carrier(block):
        _spill(game, battle, bid)


def _spill(game: VictoryState, battle: Frame, cid: str) -> None:
    """5.51: aircraft a damaged or sunk carrier can no longer hold lose the excess
    (all of them when it sinks)."""
    for plane, lost in overflow(game.data, cid):
        if defers_carrier_losses(game.data, plane):
            if cid in game.data["blocks"]:
                battle.setdefault("adjust", []).append(cid)  # 5.52: after the battle
            continue
        owner = game.data["blocks"][plane]["owner"]
        game.log(f"{plane} loses {lost} step(s): its carrier cannot hold it", to=told(battle, owner))
        for _ in range(lost):
            if plane in game.data["blocks"]:
                lose_step(game, battle, plane)
    if cid not in game.data["blocks"]:
        for plane in aboard(game.data, cid):
            game.data["blocks"][plane].pop("aboard", None)


def settle_carriers(game: VictoryState, battle: Frame) -> None:
    """5.52 sidebar: at the battle's end the grounded aircraft still aboard a damaged
    carrier lose the air steps it can no longer hold."""
    data = game.data
    for cid in sorted(set(battle.get("adjust", ()))):
        if cid not in data["blocks"]:
            continue
        for plane, lost in overflow(data, cid):
            owner = data["blocks"][plane]["owner"]
            game.log(f"{plane} loses {lost} step(s): its carrier cannot hold it", to=told(battle, owner))
            for _ in range(lost):
                if plane in data["blocks"]:
                    lose_step(game, battle, plane)


def _take(game: VictoryState, frame: Frame, bid: str) -> None:
    battle = battle_frame(game)
    block = game.data["blocks"][bid]
    frame["hits"] -= 1
    if frame["double"] and not block.get("half"):
        block["half"] = True  # 6.47 a half-hit: no step lost yet
        battle["casualties"].setdefault(bid, 0)
        game.log(f"{bid} takes a half-hit (double defense)", to=told(battle, block["owner"]))
        return
    block.pop("half", None)
    lose_step(game, battle, bid)


def chooser(data: Data, frame: Frame) -> str:
    """6.46: the owner picks among his tied blocks; when the tie spans allies (2.0 [3])
    the player leading that side of the battle picks (our reading)."""
    owners = {data["blocks"][b]["owner"] for b in frame["choice"]}
    return owners.pop() if len(owners) == 1 else str(frame["role"])


class Hits(GameStep["VictoryState"]):
    """Apply a fire's hits; the owner picks among tied strongest blocks (6.46)."""

    def actors(self, game: VictoryState, frame: Frame) -> list[str]:
        return [chooser(game.data, frame)] if frame["choice"] else []

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        return [("take_hit", bid) for bid in frame["choice"]]

    def apply(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        frame["choice"] = None
        _take(game, frame, args(action)["block"])

    def run(self, game: VictoryState, frame: Frame) -> None:
        data = game.data
        while frame["hits"] > 0:
            pool = candidates(data, frame)
            if not pool:
                break
            halves = [b for b in pool if data["blocks"][b].get("half")]
            if frame["double"] and halves:
                _take(game, frame, halves[0])  # 6.47 a half-hit block takes the next hit
                continue
            top = max(data["blocks"][b]["steps"] for b in pool)
            tied = [b for b in pool if data["blocks"][b]["steps"] == top]
            if len(tied) > 1:
                frame["choice"] = tied
                return
            _take(game, frame, tied[0])
        end(game.flow)

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if frame["choice"] and role == chooser(game.data, frame):
            group = GROUP_ARM[frame["group"]]
            return f"{frame['hits']} hit(s) on your {group} units: choose which takes the next."
        return "Waiting for hits to be allocated."
