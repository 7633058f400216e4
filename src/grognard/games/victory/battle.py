"""The combat phase (2.0 [3], 6.x): battles one at a time, in rounds of combat turns.

`combat` picks the next battle: Player 1's attacks first, in the order he chooses,
then Player 2's (6.1). `battle` fights one: up to three rounds (6.3); in each round
every block has one combat turn, A+ before A before B... F, the defender first on a
tied letter (6.31), and fires at a target group, passes or retreats (6.31, 6.42).
Hits go to the `hits` step (battle_hits.py); withdrawals after the last round and
air landings after the battle to `withdraw` and `land_air` (battle_end.py).

Battle frame: `hex`, `attacker`, `defender`, `round` (0 before it starts), `queue`
(blocks still to take their turn this round, in order), `current`, `shown` (blocks
face up in this battle), `fires` (this round's), `casualties` ({id: steps lost}),
`retreats` ([[id, hex]]), `air_strikes` ({"G"|"N": [air blocks that fired at that
group this round]}, for flak 6.45), `bombard` (ships that fired at ground this
round, 6.43), `retreat_sides` ({hex: blocks that left across that hexside this
round}, 6.5), `over` (the winner once decided).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from grognard.core.flow import Frame, Step, call, end, goto

from .battle_end import eliminate, land_after
from .battle_hits import GROUP_ARM, fire, is_immune, situation
from .control import Data, arm, gmap, in_battle, unit_of
from .retreats import entry_sides, retreat, retreat_targets
from .units import turn_rank

Action = tuple[Any, ...]
ROUNDS = 3  # 6.3
PURSUIT_ROUNDS = 4  # the Pursuit Combat Round option: a fourth round


def round_limit(game: Any) -> int:
    return PURSUIT_ROUNDS if game.data["options"].get("pursuit_round") else ROUNDS


def fighting(data: Data, hex_id: str, owner: str) -> list[str]:
    """The blocks of one side taking part now (responses join in round 2, 5.8)."""
    blocks = data["blocks"]
    return [
        b for b in in_battle(data, hex_id) if blocks[b]["owner"] == owner and not blocks[b].get("reserve")
    ]


def enemy_side(frame: Frame, role: str) -> str:
    return str(frame["defender"] if role == frame["attacker"] else frame["attacker"])


def fire_options(game: Any, frame: Frame, bid: str) -> list[tuple[str, int]]:
    """(target group, firepower) pairs a block may fire at now (6.41-6.45)."""
    data = game.data
    block = data["blocks"][bid]
    unit = unit_of(block)
    me, kind = block["owner"], arm(block)
    foe = enemy_side(frame, me)
    # 3.1 note 4: attackers across a river or bridge lose their round-1 turn
    if frame["round"] == 1 and me == frame["attacker"] and block.get("entered") not in (None, "air"):
        features = gmap(data).side_features(block["entered"], frame["hex"])
        if ("river" in features or "bridge" in features) and "engineer" not in unit.tags:
            return []
    enemies = fighting(data, frame["hex"], foe)
    out = []
    for group in ("A", "N", "G"):
        fp = max(unit.firepower(group, s) for s in (None, *situation(game, frame, bid)))
        if fp <= 0:
            continue
        targets = [b for b in enemies if arm(data["blocks"][b]) == GROUP_ARM[group]]
        if group == "A" and kind != "air":
            # 6.45 flak only at air units that struck this block's group this round
            targets = [b for b in targets if b in frame["air_strikes"].get(_own_group(kind), [])]
        if group == "N" and kind == "ground":
            targets = [b for b in targets if b in frame["bombard"]]  # 6.43 retaliation
        if group == "G" and kind == "naval" and any(arm(data["blocks"][b]) == "naval" for b in enemies):
            targets = []  # 6.43 no shore bombardment while enemy ships defend
        if group == "G" and kind != "ground":
            targets = [b for b in targets if not is_immune(data, b)]  # 6.46
        if targets:
            out.append((group, fp))
    return out


def _own_group(kind: str) -> str:
    return {"ground": "G", "naval": "N", "air": "A"}[kind]


def can_land(game: Any, frame: Frame, bid: str) -> bool:
    """6.6 airborne drop in their first turn; 6.7 invaders land once no enemy ship is left."""
    data = game.data
    landing = data["blocks"][bid].get("landing")
    if landing == "air":
        return True
    if not gmap(data).hexes[frame["hex"]].land_terrain:
        return False  # 5.91: blocks carried at sea have nowhere to land in a sea battle
    foe = enemy_side(frame, data["blocks"][bid]["owner"])
    return landing == "sea" and not any(
        arm(data["blocks"][b]) == "naval" for b in fighting(data, frame["hex"], foe)
    )


def turn_actions(game: Any, frame: Frame, bid: str) -> list[Action]:
    if frame["round"] == PURSUIT_ROUNDS and game.data["blocks"][bid]["owner"] == frame["attacker"]:
        # pursuit round option: the attacker's blocks must retreat in their turn
        return [("retreat", bid, h) for h in retreat_targets(game.data, frame, bid)]
    landing = game.data["blocks"][bid].get("landing")
    if landing == "air":
        # 6.6: paratroops drop in their first turn, or abort back to an airbase
        return [("land", bid)] + [("retreat", bid, h) for h in retreat_targets(game.data, frame, bid)]
    actions: list[Action] = [("pass", bid)]
    if landing:
        actions += [("land", bid)] if can_land(game, frame, bid) else []
        if "fires_air_at_sea" in unit_of(game.data["blocks"][bid]).tags:
            # 5.91 exception: marines at sea keep their air firepower (flak, 6.45)
            actions += [("fire", bid, g) for g, _ in fire_options(game, frame, bid) if g == "A"]
    else:
        actions += [("fire", bid, group) for group, _ in fire_options(game, frame, bid)]
    if not (game.meta["options"].get("mandatory_first_round") and frame["round"] == 1):
        actions += [("retreat", bid, h) for h in retreat_targets(game.data, frame, bid)]
    return actions


class Combat(Step):
    """The combat phase. Frame: `attacker_index` into this turn's order of play."""

    def _pending(self, game: Any, frame: Frame) -> tuple[str | None, list[str]]:
        data = game.data
        order = data["order"]
        while frame["attacker_index"] < len(order):
            attacker = order[frame["attacker_index"]]
            hexes = sorted(h for h, b in data["battles"].items() if b["attacker"] == attacker)
            if hexes:
                return attacker, hexes
            frame["attacker_index"] += 1
        return None, []

    def actors(self, game: Any, frame: Frame) -> list[str]:
        attacker, hexes = self._pending(game, frame)
        return [attacker] if attacker is not None and len(hexes) > 1 else []

    def legal(self, game: Any, frame: Frame, role: str) -> Iterable[Action]:
        return [("fight", h) for h in self._pending(game, frame)[1]]

    def apply(self, game: Any, frame: Frame, role: str, action: Action) -> None:
        start_battle(game, action[1])

    def run(self, game: Any, frame: Frame) -> None:
        frame.pop("returned", None)
        attacker, hexes = self._pending(game, frame)
        if attacker is None:
            game.data["phase"] = "supply"
            goto(game.flow, "supply")
        elif len(hexes) == 1:
            start_battle(game, hexes[0])

    def prompt(self, game: Any, frame: Frame, role: str | None) -> str:
        if role in self.actors(game, frame):
            return "Choose which of your battles to fight next."
        return "Waiting for the battles to be fought."


def start_battle(game: Any, hex_id: str) -> None:
    record = game.data["battles"][hex_id]
    game.log(f"the battle at {hex_id} begins: {record['attacker']} attacks {record['defender']}")
    call(
        game.flow,
        "battle",
        hex=hex_id,
        attacker=record["attacker"],
        defender=record["defender"],
        round=0,
        queue=[],
        current=None,
        shown=[],
        fires=[],
        casualties={},
        retreats=[],
        air_strikes={},
        bombard=[],
        retreat_sides={},
        over=None,
        entry_sides=entry_sides(game.data, hex_id, record["attacker"]),
    )


def reveal(game: Any, frame: Frame, bids: list[str]) -> None:
    """6.1: blocks in the battle turn face up for the players in it (5.8: responses
    from round 2). Remembered in `seen`; a hidden reveal, so undo stops here."""
    data = game.data
    fresh = [b for b in bids if b not in frame["shown"]]
    if not fresh:
        return
    frame["shown"].extend(fresh)
    players = [frame["attacker"], frame["defender"]]
    for role in players:
        seen = data["seen"].setdefault(role, [])
        seen.extend(b for b in fresh if b not in seen)
    names = ", ".join(f"{b} {unit_of(data['blocks'][b]).id}-{data['blocks'][b]['steps']}" for b in fresh)
    game.log(f"revealed at {frame['hex']}: {names}", to=players)
    game.mark_irreversible()


class Battle(Step):
    """One battle; the owner of the block whose combat turn it is decides."""

    def actors(self, game: Any, frame: Frame) -> list[str]:
        bid = frame["current"]
        return [game.data["blocks"][bid]["owner"]] if bid else []

    def legal(self, game: Any, frame: Frame, role: str) -> Iterable[Action]:
        return turn_actions(game, frame, frame["current"])

    def apply(self, game: Any, frame: Frame, role: str, action: Action) -> None:
        verb, bid = action[0], action[1]
        frame["current"] = None
        if verb == "pass":
            game.log(f"{bid} passes", to=[frame["attacker"], frame["defender"]])
        elif verb == "retreat":
            retreat(game, frame, bid, action[2])
        elif verb == "land":  # 6.6, 6.7: landing takes the turn; it fires from the next
            game.data["blocks"][bid].pop("landing")
            game.log(f"{bid} lands in {frame['hex']}", to=[frame["attacker"], frame["defender"]])
        else:
            fire(game, frame, bid, action[2], dict(fire_options(game, frame, bid))[action[2]])

    def run(self, game: Any, frame: Frame) -> None:
        data = game.data
        frame.pop("returned", None)
        if frame["over"] is not None:
            if game.data["options"].get("regroups") and not frame.get("regrouped"):
                frame["regrouped"] = True  # the Regroups option, at the instant of victory
                call(game.flow, "regroup", hex=frame["hex"], role=frame["over"], done=[])
                return
            finish(game, frame)
            return
        sides = {data["blocks"][b]["owner"] for b in in_battle(data, frame["hex"])}
        if len(sides) < 2:
            frame["over"] = next(iter(sides)) if sides else frame["defender"]
            game.log(f"{frame['over']} wins the battle at {frame['hex']}")
            land_after(game, frame)
            return
        while frame["queue"]:
            bid = frame["queue"].pop(0)
            block = data["blocks"].get(bid)
            if block is None or block["at"] != frame["hex"] or block.get("reserve"):
                continue
            actions = turn_actions(game, frame, bid)
            if not actions:  # it must retreat and cannot (6.5)
                eliminate(game, frame, bid, "cannot retreat")
                continue
            if actions == [("pass", bid)]:
                continue  # only a pass: a forfeited or empty turn goes by itself
            frame["current"] = bid
            return
        self._next_round(game, frame)

    def _next_round(self, game: Any, frame: Frame) -> None:
        data = game.data
        if frame["round"] >= round_limit(game):
            _withdraw_loser(game, frame)
            return
        frame["round"] += 1
        frame.update(fires=[], air_strikes={}, bombard=[], retreat_sides={})
        here = in_battle(data, frame["hex"])
        if frame["round"] == 2:
            if not fighting(data, frame["hex"], frame["defender"]):
                # 5.8: responses arriving after every other defender fell: the
                # attacker defends from now on, the responders attack
                frame["attacker"], frame["defender"] = frame["defender"], frame["attacker"]
                frame["entry_sides"] = entry_sides(data, frame["hex"], frame["attacker"])
                game.log(f"{frame['attacker']}'s responses arrive: {frame['defender']} now defends")
            for b in here:
                data["blocks"][b].pop("reserve", None)  # 5.8 responses arrive
        reveal(game, frame, [b for b in here if not data["blocks"][b].get("reserve")])
        defender = frame["defender"]
        game.log(f"round {frame['round']} of the battle at {frame['hex']}")

        def order(b: str) -> tuple[int, int, str]:
            block = data["blocks"][b]
            return (turn_rank(unit_of(block).combat_turn), int(block["owner"] != defender), b)

        frame["queue"] = sorted((b for b in here if not data["blocks"][b].get("reserve")), key=order)

    def prompt(self, game: Any, frame: Frame, role: str | None) -> str:
        head = f"Battle at {frame['hex']}, round {frame['round']} of {round_limit(game)}"
        bid = frame["current"]
        if bid and role == game.data["blocks"][bid]["owner"]:
            return f"{head}: your {unit_of(game.data['blocks'][bid]).name} may fire, pass or retreat."
        return f"{head}: waiting."


def _withdraw_loser(game: Any, frame: Frame) -> None:
    """6.3, 6.5: after the last round the attacker retreats everything; but defending
    ships and planes without ground support must leave enemy ground units instead."""
    data = game.data
    hex_id = frame["hex"]
    attacker, defender = frame["attacker"], frame["defender"]

    def has_ground(role: str) -> bool:
        return any(
            arm(data["blocks"][b]) == "ground"
            for b in in_battle(data, hex_id)
            if data["blocks"][b]["owner"] == role
        )

    loser = defender if has_ground(attacker) and not has_ground(defender) else attacker
    queue = [b for b in in_battle(data, hex_id) if data["blocks"][b]["owner"] == loser]
    game.log(f"after round {frame['round']} {loser} must leave {hex_id}")
    frame["retreat_sides"] = {}
    call(game.flow, "withdraw", hex=hex_id, role=loser, queue=queue, battle_attacker=attacker)


def finish(game: Any, frame: Frame) -> None:
    data = game.data
    hex_id = frame["hex"]
    ashore = bool(gmap(data).hexes[hex_id].land_terrain)
    for bid in in_battle(data, hex_id):
        block = data["blocks"][bid]
        block.pop("half", None)  # 6.47 the winner recovers half-hits
        block.pop("reserve", None)
        if ashore:
            block.pop("landing", None)  # the battle is won: they come ashore
        block.pop("flown", None)
        block["entered"] = None
    data["battles"].pop(hex_id, None)
    end(game.flow)


__all__ = ["Battle", "Combat", "fire_options"]
