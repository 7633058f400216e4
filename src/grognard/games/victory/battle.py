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
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, call, end, goto

from .battle_end import eliminate, land_after
from .battle_hits import (
    GROUP_ARM,
    MARKER_GROUP,
    fire,
    is_immune,
    lose_step,
    marker_target,
    players,
    settle_carriers,
    situation,
    told,
)
from .control import (
    Data,
    arm,
    blockaded_ports,
    gmap,
    in_battle,
    lift_blockades,
    may_blockade,
    occupancy,
    unit_of,
)
from .factories import capture_factories
from .grounded import clear as clear_grounded
from .grounded import ground_target, is_grounded, over_stacked
from .markers import capture_markers
from .retreats import entry_sides, hexside_control, retreat, retreat_targets
from .sides import allied, is_enemy, teams_of
from .units import turn_rank
from .verbs import args

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]
ROUNDS = 3  # 6.3
PURSUIT_ROUNDS = 4  # the Pursuit Combat Round option: a fourth round


def round_limit(game: VictoryState) -> int:
    return PURSUIT_ROUNDS if game.data["options"].get("pursuit_round") else ROUNDS


def fighting(data: Data, hex_id: str, owner: str) -> list[str]:
    """The blocks of one side (`owner` and his allies, 2.0 [3]) taking part now
    (responses join in round 2, 5.8)."""
    blocks = data["blocks"]
    return [
        b
        for b in in_battle(data, hex_id)
        if allied(data, blocks[b]["owner"], owner)
        and not blocks[b].get("reserve")
        and not blocks[b].get("grounded")  # 5.52
    ]


def enemy_side(data: Data, frame: Frame, role: str) -> str:
    """The side (attacker or defender of record) `role` fights against."""
    return str(frame["defender"] if allied(data, role, frame["attacker"]) else frame["attacker"])


def fire_options(game: VictoryState, frame: Frame, bid: str) -> list[tuple[str, int]]:
    """(target group, firepower) pairs a block may fire at now (6.41-6.45)."""
    data = game.data
    block = data["blocks"][bid]
    unit = unit_of(block)
    me, kind = block["owner"], arm(block)
    foe = enemy_side(data, frame, me)
    # 3.1 note 4: attackers across a river or bridge lose their round-1 turn
    entered = block.get("entered")
    if frame["round"] == 1 and foe == frame["defender"] and entered is not None and entered != "air":
        features = gmap(data).side_features(entered, frame["hex"])
        if ("river" in features or "bridge" in features) and "engineer" not in unit.tags:
            return []
    enemies = fighting(data, frame["hex"], foe)
    # 5.52: grounded land air is part of the ground target group
    parked = [b for b in in_battle(data, frame["hex"]) if ground_target(data, b) and b not in enemies]
    parked = [b for b in parked if allied(data, data["blocks"][b]["owner"], foe)]
    out = []
    for group in ("A", "N", "G"):
        fp = max(unit.firepower(group, s) for s in (None, *situation(game, frame, bid)))
        if fp <= 0:
            continue
        targets = [b for b in enemies if arm(data["blocks"][b]) == GROUP_ARM[group]]
        if group == "G":
            targets += parked
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
    fp = max(unit.firepower("G", s) for s in (None, *situation(game, frame, bid)))
    if fp > 0 and marker_target(data, frame["hex"], foe):
        out.append((MARKER_GROUP, fp))  # 9.6, 9.7: G fire at a major airfield or a mulberry
    return out


def _own_group(kind: str) -> str:
    return {"ground": "G", "naval": "N", "air": "A"}[kind]


def can_land(game: VictoryState, frame: Frame, bid: str) -> bool:
    """6.6 airborne drop in their first turn; 6.7 invaders land once no enemy ship is left."""
    data = game.data
    landing = data["blocks"][bid].get("landing")
    if landing == "air":
        return True
    if not gmap(data).hexes[frame["hex"]].land_terrain:
        return False  # 5.91: blocks carried at sea have nowhere to land in a sea battle
    foe = enemy_side(data, frame, data["blocks"][bid]["owner"])
    return landing == "sea" and not any(
        arm(data["blocks"][b]) == "naval" for b in fighting(data, frame["hex"], foe)
    )


def turn_actions(game: VictoryState, frame: Frame, bid: str) -> list[Action]:
    owner = game.data["blocks"][bid]["owner"]
    if frame["round"] == PURSUIT_ROUNDS and allied(game.data, owner, frame["attacker"]):
        # pursuit round option: the attacker's blocks must retreat in their turn
        return [("retreat", bid, h) for h in retreat_targets(game.data, frame, bid)]
    landing = game.data["blocks"][bid].get("landing")
    if landing == "air":
        # 6.6: paratroops drop in their first turn, or abort back to an airbase
        return [("land", bid)] + [("retreat", bid, h) for h in retreat_targets(game.data, frame, bid)]
    actions: list[Action] = [("pass", bid)]
    if "atom_bomb" in unit_of(game.data["blocks"][bid]).tags and not game.data["blocks"][bid].get("dud"):
        actions.append(("drop", bid))  # S1.1: its one strike
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


def blockade_offers(data: Data, frame: Frame, role: str) -> list[str]:
    """6.8: blockades `role` is part of (blockading or blockaded) that nobody has
    turned into a battle this combat phase; he may start one during his battles."""
    if role in frame.get("declined", ()):
        return []
    occ = occupancy(data)
    blocks = data["blocks"]
    return sorted(
        h
        for h in blockaded_ports(data, occ)
        if h not in frame.get("activated", ())
        and h not in data["battles"]
        and any(blocks[b]["owner"] == role for b in occ[h])
    )


class Combat(GameStep["VictoryState"]):
    """The combat phase. Frame: `attacker_index` into this turn's order of play,
    `activated` (blockades fought this phase, 6.8), `declined` (players who started
    no more blockade battles)."""

    def _pending(self, game: VictoryState, frame: Frame) -> tuple[str | None, list[str], list[str]]:
        data = game.data
        order = data["order"]
        while frame["attacker_index"] < len(order):
            attacker = order[frame["attacker_index"]]
            hexes = sorted(h for h, b in data["battles"].items() if b["attacker"] == attacker)
            offers = blockade_offers(data, frame, attacker)
            if hexes or offers:
                return attacker, hexes, offers
            frame["attacker_index"] += 1
        return None, [], []

    def actors(self, game: VictoryState, frame: Frame) -> list[str]:
        attacker, hexes, offers = self._pending(game, frame)
        return [attacker] if attacker is not None and (len(hexes) > 1 or offers) else []

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        _, hexes, offers = self._pending(game, frame)
        actions: list[Action] = [("fight", h) for h in hexes]
        actions += [("blockade_battle", h) for h in offers]
        if not hexes:
            actions.append(("end_battles",))  # 6.8: blockade battles are optional
        return actions

    def apply(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        if action[0] == "end_battles":
            frame.setdefault("declined", []).append(role)
            return
        if action[0] == "blockade_battle":  # 6.8: the player who starts it attacks
            hex_id = args(action)["hex"]
            data = game.data
            blocks = data["blocks"]
            here = [b for b in in_battle(data, hex_id)]
            blockader = next(blocks[b]["owner"] for b in here if blocks[b].get("blockade"))
            other = next(blocks[b]["owner"] for b in here if is_enemy(data, role, blocks[b]["owner"]))
            data["battles"][hex_id] = {"attacker": role, "defender": other, "blockade": blockader}
            frame.setdefault("activated", []).append(hex_id)
            game.log(f"{role} starts a battle in the blockade at {hex_id}")
        start_battle(game, args(action)["hex"])

    def run(self, game: VictoryState, frame: Frame) -> None:
        frame.pop("returned", None)
        lift_blockades(game.data)  # 6.8: a port its holders left is blockaded no more
        attacker, hexes, offers = self._pending(game, frame)
        if attacker is None:
            game.data["phase"] = "supply"
            goto(game.flow, "supply")
        elif len(hexes) == 1 and not offers:
            start_battle(game, hexes[0])

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if role in self.actors(game, frame):
            return "Choose which of your battles to fight next."
        return "Waiting for the battles to be fought."


def start_battle(game: VictoryState, hex_id: str) -> None:
    record = game.data["battles"][hex_id]
    for bid in in_battle(game.data, hex_id):
        game.data["blocks"][bid].pop("blockade", None)  # 6.8: the blockaders fight
    game.log(f"the battle at {hex_id} begins: {record['attacker']} attacks {record['defender']}")
    blocks = game.data["blocks"]
    strikers = [
        b for b in in_battle(game.data, hex_id) if allied(game.data, blocks[b]["owner"], record["attacker"])
    ]
    # 2.0 [3]: every player with blocks in the hex takes part, allies on their partner's side
    present = sorted({blocks[b]["owner"] for b in in_battle(game.data, hex_id)} - {record["attacker"]})
    # S1.6: a rocket striking alone learns nothing of the defender's blocks or losses
    alone = bool(strikers) and all("rocket" in unit_of(blocks[b]).tags for b in strikers)
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
        hexsides=hexside_control(game.data, hex_id, record),
        blockader=record.get("blockade"),
        veiled=[record["attacker"]] if alone else [],
        players=[record["attacker"], *present],
    )


def reveal(game: VictoryState, frame: Frame, bids: list[str]) -> None:
    """6.1: blocks in the battle turn face up for the players in it (5.8: responses
    from round 2). Remembered in `seen`; a hidden reveal, so undo stops here."""
    data = game.data
    fresh = [b for b in bids if b not in frame["shown"]]
    if not fresh:
        return
    frame["shown"].extend(fresh)
    blocks = data["blocks"]

    def names(bids: list[str]) -> str:
        return ", ".join(f"{b} {unit_of(blocks[b]).id}-{blocks[b]['steps']}" for b in bids)

    veiled = frame.get("veiled", ())
    for role in players(frame):
        # S1.6: in a rocket's lone strike its owner sees only his own blocks
        shown = [b for b in fresh if role not in veiled or blocks[b]["owner"] == role]
        seen = data["seen"].setdefault(role, [])
        seen.extend(b for b in shown if b not in seen)
        if veiled and shown:
            game.log(f"revealed at {frame['hex']}: {names(shown)}", to=[role])
    if not veiled:
        game.log(f"revealed at {frame['hex']}: {names(fresh)}", to=players(frame))
    game.mark_irreversible()


class Battle(GameStep["VictoryState"]):
    """One battle; the owner of the block whose combat turn it is decides."""

    def actors(self, game: VictoryState, frame: Frame) -> list[str]:
        bid = frame["current"]
        return [game.data["blocks"][bid]["owner"]] if bid else []

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        return turn_actions(game, frame, frame["current"])

    def apply(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        verb, named = action[0], args(action)
        bid = named["block"]
        frame["current"] = None
        if verb == "pass":
            game.log(f"{bid} passes", to=told(frame, game.data["blocks"][bid]["owner"]))
        elif verb == "retreat":
            retreat(game, frame, bid, named["to"])
        elif verb == "drop":
            atom_strike(game, frame, bid)
        elif verb == "land":  # 6.6, 6.7: landing takes the turn; it fires from the next
            game.data["blocks"][bid].pop("landing")
            game.log(f"{bid} lands in {frame['hex']}", to=told(frame, game.data["blocks"][bid]["owner"]))
        else:
            fire(game, frame, bid, named["at"], dict(fire_options(game, frame, bid))[named["at"]])
            if bid in game.data["blocks"] and "expended_on_fire" in unit_of(game.data["blocks"][bid]).tags:
                eliminate(game, frame, bid, "is spent")  # S1.6: a rocket fires once

    def run(self, game: VictoryState, frame: Frame) -> None:
        data = game.data
        frame.pop("returned", None)
        if frame["over"] is not None:
            if game.data["options"].get("regroups") and not frame.get("regrouped"):
                frame["regrouped"] = True  # the Regroups option, at the instant of victory
                call(game.flow, "regroup", hex=frame["hex"], role=frame["over"], done=[])
                return
            finish(game, frame)
            return
        capture_factories(game, frame["hex"])  # 9.1: taken at once when left alone
        # blockading ships left in the port (6.8) are no longer in the battle
        sides = {
            data["blocks"][b]["owner"]
            for b in in_battle(data, frame["hex"])
            if not data["blocks"][b].get("blockade")
        }
        if teams_of(data, sides) < 2:
            left = next(iter(sides)) if sides else frame["defender"]
            frame["over"] = frame["attacker"] if allied(data, left, frame["attacker"]) else frame["defender"]
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

    def _next_round(self, game: VictoryState, frame: Frame) -> None:
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
            return (turn_rank(unit_of(block).combat_turn), int(not allied(data, block["owner"], defender)), b)

        frame["queue"] = sorted(
            (b for b in here if not data["blocks"][b].get("reserve") and not is_grounded(data, b)), key=order
        )
        if over_stacked(data, frame["hex"]):  # 5.52: the excess air is grounded first
            call(game.flow, "ground_air", hex=frame["hex"])

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        head = f"Battle at {frame['hex']}, round {frame['round']} of {round_limit(game)}"
        bid = frame["current"]
        if bid and role == game.data["blocks"][bid]["owner"]:
            return f"{head}: your {unit_of(game.data['blocks'][bid]).name} may fire, pass or retreat."
        return f"{head}: waiting."


def atom_strike(game: VictoryState, frame: Frame, bid: str) -> None:
    """S1.1: one die; on 1-5 every block fighting in the hex, friend or foe and the bomb
    itself, loses a step (no immunity, no double defense: our reading of "takes 1
    hit"); a 6 is a dud and the bomb has no further strike."""
    data = game.data
    block = data["blocks"][bid]
    die = game.roll(1, block["owner"], f"atom bomb at {frame['hex']}")[0]
    if die == 6:
        block["dud"] = True
        game.log(f"the atom bomb at {frame['hex']} is a dud")
        return
    game.log(f"an atom bomb strikes {frame['hex']}: every unit there takes a hit")
    for target in in_battle(data, frame["hex"]):
        if target in data["blocks"] and not data["blocks"][target].get("reserve"):
            lose_step(game, frame, target)


def _withdraw_loser(game: VictoryState, frame: Frame) -> None:
    """6.3, 6.5: after the last round the attacker retreats everything; but defending
    ships and planes without ground support must leave enemy ground units instead."""
    data = game.data
    hex_id = frame["hex"]
    attacker, defender = frame["attacker"], frame["defender"]

    def has_ground(role: str) -> bool:
        return any(
            arm(data["blocks"][b]) == "ground"
            for b in in_battle(data, hex_id)
            if allied(data, data["blocks"][b]["owner"], role)
        )

    blockader = frame.get("blockader")
    if blockader and attacker != blockader and _blockade_stands(game, frame, blockader):
        return
    loser = defender if has_ground(attacker) and not has_ground(defender) else attacker
    queue = [b for b in in_battle(data, hex_id) if allied(data, data["blocks"][b]["owner"], loser)]
    # carriers go first, so that the aircraft aboard may go with them (5.52 sidebar)
    queue.sort(key=lambda b: bool(data["blocks"][b].get("aboard")))
    game.log(f"after round {frame['round']} {loser} must leave {hex_id}")
    frame["retreat_sides"] = {}
    call(game.flow, "withdraw", hex=hex_id, role=loser, queue=queue, battle_attacker=attacker)


def _blockade_stands(game: VictoryState, frame: Frame, blockader: str) -> bool:
    """Our reading of 6.8: a battle its holders start in a blockaded port, or bring
    about by moving in, and that is still undecided after the last round leaves the
    blockade as it was (the port's holders do not leave their own port): the ships
    blockade again, the blockader's other blocks withdraw. Not when the holders now
    have ships or aircraft there (6.8's condition)."""
    data = game.data
    hex_id = frame["hex"]
    blocks = data["blocks"]
    ships = [
        b
        for b in in_battle(data, hex_id)
        if blocks[b]["owner"] == blockader
        and unit_of(blocks[b]).arm == "naval"
        and not blocks[b].get("landing")
    ]
    if not ships or not all(may_blockade(data, hex_id, b) for b in ships):
        return False
    for bid in ships:
        blocks[bid]["blockade"] = True
    game.log(f"the blockade at {hex_id} stands after round {frame['round']}")
    rest = [b for b in in_battle(data, hex_id) if blocks[b]["owner"] == blockader and b not in ships]
    frame["retreat_sides"] = {}
    call(game.flow, "withdraw", hex=hex_id, role=blockader, queue=rest, battle_attacker=frame["attacker"])
    return True


def finish(game: VictoryState, frame: Frame) -> None:
    data = game.data
    hex_id = frame["hex"]
    settle_carriers(game, frame)  # 5.52: grounded aircraft aboard are adjusted now
    clear_grounded(data)
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
    capture_markers(game)  # 9.6, 9.7: a won hex's markers change hands
    end(game.flow)


__all__ = ["Battle", "Combat", "fire_options"]
