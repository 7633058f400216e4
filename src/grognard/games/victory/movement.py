"""The move phase (2.0 [2], 5.x): each player in turn moves his blocks once.

A block's move is one action, `("move", bid, hex)` to a hex it can reach without a
fight, or `("attack", bid, hex, via)` into an enemy-occupied hex, entered across the
hexside `via|hex` (`via` is "air" for air units, which ignore hexsides, 5.3). The
paths are searched in move_search.py (cached); the rules they obey:

- ground (5.7, 3.1, 3.3): land hexes; stop on entering forest, marsh or mountain
  unless the whole move is by road, and then never leave the road after such a hex
  (cavalry never stop for terrain); stop after
  crossing a river except at a bridge (engineers never stop); stop on crossing a
  canal; alpine hexsides only by road; never across a river's estuary (3.1, from its
  mouth to the first bridge); stop on entering an enemy hex;
- naval (5.6, 4.2): sea and coastal hexes, never shoal; stop on entering an enemy hex,
  except submarines, which may pass through;
- air (5.5): any hexes within the move, over anything; ends at a friendly airbase
  with room (5.51) or attacks;
- an attack obeys the hexside limit (5.3) and the player's stacking in the battle
  hex (5.2, 5.52); stacking applies to the end of every move (5.2);
- pinning (5.1): a defender keeps in a battle hex as many blocks as attacked it;
- response (5.8): a block that joins a battle begun earlier in the turn by another
  player is held back until round 2;
- strategic moves (5.9, strategic.py) and sea transport (5.91, 5.92, seatransport.py),
  `("strategic", bid, hex)` and `("sea_move", bid, hex)`; a ground block at sea moves
  only by sea or invades (6.7);
- blockades (6.8): blockading ships and the blocks holding the port do not pin each
  other; the blockade is no battle until someone starts one in the combat phase.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, goto
from grognard.core.words import with_article

from .carriers import board_target, carrier_landings, carry, is_carrier, may_launch, settle
from .control import (
    Data,
    arm,
    attack_reach,
    barred_battles,
    enemy_hexes,
    flight_distance,
    gmap,
    has_enemy,
    has_room,
    occupancy,
    owners_at,
    side_limit,
    sides,
    storm_area,
    unit_of,
)
from .demolition import demolish, demolish_actions
from .factories import capture_factories
from .flight import within_flight
from .landings import drop_targets, invasion_targets
from .layout import placed
from .markers import capture_markers
from .move_search import ground_search, naval_search
from .seatransport import at_sea, sea_targets, use_port
from .sides import is_enemy, may_offer, offer
from .strategic import Survey, kept, strategic_targets
from .verbs import args

if TYPE_CHECKING:
    from .state import VictoryState

Action = tuple[Any, ...]
Occ = dict[str, list[str]]


def is_pinned(data: Data, occ: Occ, bid: str) -> bool:
    """5.1: a defender in a battle hex keeps as many blocks there as attack it."""
    block = data["blocks"][bid]
    if block.get("blockade"):
        return False  # 6.8: a blockade is no battle; the ships may sail away
    here = occ.get(placed(block), ())
    if len(here) < 2:
        return False  # alone in its hex: no enemy with it
    here = [b for b in here if not data["blocks"][b].get("blockade")]
    role = block["owner"]
    enemies = sum(1 for b in here if is_enemy(data, role, data["blocks"][b]["owner"]))
    if not enemies:
        return False
    mine = sum(1 for b in here if data["blocks"][b]["owner"] == role)
    return mine - 1 < enemies


def entries_across(data: Data, occ: Occ, battle: str, via: str, role: str, kind: str) -> int:
    """How many of `role`'s blocks of one arm entered `battle` across via|battle."""
    blocks = data["blocks"]
    return sum(
        1
        for b in occ.get(battle, ())
        if blocks[b]["owner"] == role and blocks[b].get("entered") == via and arm(blocks[b]) == kind
    )


def can_attack(data: Data, occ: Occ, bid: str, battle: str, via: str) -> bool:
    """5.2 stacking per player in the battle hex, 5.3 hexside limit of via|battle."""
    block = data["blocks"][bid]
    role, kind = block["owner"], arm(block)
    if not has_room(data, occ, battle, role, kind):
        return False
    if kind == "air":
        return True
    return entries_across(data, occ, battle, via, role, kind) < side_limit(gmap(data), via, battle, kind)


def _ground_moves(data: Data, occ: Occ, bid: str, survey: Survey) -> tuple[set[str], set[tuple[str, str]]]:
    """Hexes a ground block can end in peacefully, and (battle, via) attacks: the walk
    (move_search.ground_search), then stacking at the end (5.2) and each attack's
    limits (5.2, 5.3, 2.0 [3])."""
    block = data["blocks"][bid]
    unit = unit_of(block)
    tags = unit.tags
    reached, met = ground_search(
        data["map"],
        block["at"],
        unit.move,
        "ignores_terrain_stop" in tags,
        "engineer" in tags,
        "coastal_only" in tags,
        survey.storm,  # 9.4: nothing moves into or through the storm
        survey.enemies,
        survey.destroyed(),  # 9.5
    )
    ends = set(reached & survey.room("ground"))  # 5.2
    barred = survey.barred
    attacks = {(h, via) for h, via in met if h not in barred and can_attack(data, occ, bid, h, via)}
    return ends, attacks


def _naval_moves(data: Data, occ: Occ, bid: str, survey: Survey) -> tuple[set[str], set[tuple[str, str]]]:
    """A ship's ends and attacks: move_search.naval_search, then stacking (5.2, 5.6)
    and each attack's limits."""
    block = data["blocks"][bid]
    unit = unit_of(block)
    reached, met = naval_search(
        data["map"], block["at"], unit.move, "submarine" in unit.tags, survey.storm, survey.enemies
    )
    ends = set(reached & survey.room("naval"))  # 5.2
    barred = survey.barred
    attacks = {(h, via) for h, via in met if h not in barred and can_attack(data, occ, bid, h, via)}
    return ends, attacks


def _air_moves(data: Data, occ: Occ, bid: str, survey: Survey) -> tuple[set[str], set[tuple[str, str]]]:
    block = data["blocks"][bid]
    start, reach = placed(block), unit_of(block).move  # can_move asked it is on the map
    storm = survey.storm  # 9.4: no flight ends or strikes in the storm
    ends = {h for h in survey.airbases(start, reach) if h != start and h not in storm}
    near = [
        h
        for h in survey.carrier_hexes
        if h not in (start, *storm) and flight_distance(data, start, h) <= reach  # 9.4
    ]
    if near:  # 4.2: carriers are airbases too
        ends |= set(carrier_landings(data, bid, start, reach)) & set(near)
    strike = attack_reach(data, block)  # 5.53, and the Air Range option
    targets = survey.sets.get("air_targets")
    if targets is None:  # an air unit's attack asks only its player's air room (5.52)
        targets = survey.sets["air_targets"] = kept(
            frozenset(h for h in survey.enemies - survey.barred - storm if survey.has_room(h, "air"))
        )
    return ends, {(h, "air") for h in within_flight(data["map"], data.get("storm"), targets, start, strike)}


def atom_targets(data: Data, occ: Occ, bid: str) -> list[str]:
    """S1.1: an atom bomb otherwise moves only strategically, but its bomber flies up
    to its range (8) to a battle or an enemy hex, within air stacking (5.52)."""
    block = data["blocks"][bid]
    role, start = block["owner"], block["at"]
    if block["moved"] or start is None or is_pinned(data, occ, bid) or start in storm_area(data):
        return []
    reach = unit_of(block).move
    storm = storm_area(data)
    return sorted(
        h
        for h in enemy_hexes(data, occ, role)
        if h not in storm
        and flight_distance(data, start, h) <= reach  # 9.4: round the storm
        and h not in barred_battles(data, role)
        and can_attack(data, occ, bid, h, "air")
    )


def rocket_targets(data: Data, occ: Occ, bid: str) -> list[str]:
    """S1.6: a rocket otherwise moves only strategically, but strikes an enemy hex
    within its launch range (4), or a battle its owner began; never in answer to a
    battle another player began (it cannot respond)."""
    block = data["blocks"][bid]
    role, start = block["owner"], block["at"]
    if block["moved"] or start is None or is_pinned(data, occ, bid) or start in storm_area(data):
        return []
    reach = int(unit_of(block).air_move or 0)
    storm = storm_area(data)
    battles = data["battles"]
    return sorted(
        h
        for h in enemy_hexes(data, occ, role)
        if h not in storm
        and flight_distance(data, start, h) <= reach  # 9.4: round the storm
        and (h not in battles or battles[h]["attacker"] == role)
        and h not in barred_battles(data, role)
        and has_room(data, occ, h, role, "ground")
    )


def can_move(data: Data, occ: Occ, bid: str) -> bool:
    """Blocks move once a turn (5.0), not when pinned (5.1), some only strategically."""
    block = data["blocks"][bid]
    unit = unit_of(block)
    if block["moved"] or block["at"] is None or unit.move == 0 or "strategic_only" in unit.tags:
        return False
    if block["at"] in storm_area(data):
        return False  # 9.4: blocks in the storm do not move
    if not may_launch(data, block):
        return False  # 4.2: no launch from a carrier that moved strategically
    return not is_pinned(data, occ, bid)


def block_moves(
    data: Data, occ: Occ, bid: str, survey: Survey | None = None, movable: bool | None = None
) -> tuple[set[str], set[tuple[str, str]]]:
    """The peaceful destinations and (battle, via) attacks of one block now (`survey`:
    the caller's, for one pass over its owner's blocks; `movable`: can_move, when the
    caller has asked it)."""
    block = data["blocks"][bid]
    if movable is None:
        movable = can_move(data, occ, bid)
    if not movable or at_sea(block):
        return set(), set()  # 5.91: a ground block at sea has no ordinary move
    kind = arm(block)
    if survey is None or survey.role != block["owner"]:
        survey = Survey(data, occ, block["owner"])
    if kind == "air":
        return _air_moves(data, occ, bid, survey)
    if kind == "naval":
        return _naval_moves(data, occ, bid, survey)
    return _ground_moves(data, occ, bid, survey)


def move_actions(data: Data, role: str) -> list[Action]:
    """Every legal action of `role`'s move phase, sorted (as the core sorts legal
    lists: by kind, then block, then hex), so that the core's sort finds them in
    order."""
    occ = occupancy(data)
    survey = Survey(data, occ, role)  # answers the blocks of this pass share
    kinds: dict[str, list[Action]] = {"end_moves": [("end_moves",)]}
    if len(sides(data)) > 2:  # 2.0 [3]: alliances are declared in the move phase
        kinds["ally"] = sorted(("ally", other) for other in may_offer(data, role, sides(data)))
    attack, move, paradrop, invade, strategic, sea_move, demolition, board = (
        kinds.setdefault(k, [])
        for k in ("attack", "move", "paradrop", "invade", "strategic", "sea_move", "demolish", "board")
    )
    blocks = data["blocks"]
    storm = survey.storm
    logistics = data["options"].get("logistics")  # demolition is part of that set (9.5)
    for bid in sorted(blocks):
        block = blocks[bid]
        if block["owner"] != role or block["moved"] or block["at"] is None:
            continue  # 5.0: a block moves once a turn, and only on the map
        movable = can_move(data, occ, bid)
        ends, attacks = block_moves(data, occ, bid, survey, movable)
        unit = unit_of(block)
        tags = unit.tags
        if "atom_bomb" in tags:
            attacks |= {(h, "air") for h in atom_targets(data, occ, bid)}
        if "rocket" in tags:
            attacks |= {(h, "air") for h in rocket_targets(data, occ, bid)}  # S1.6
        attack += [("attack", bid, h, via) for h, via in sorted(attacks)]
        move += [("move", bid, h) for h in sorted(ends)]
        if movable and "airborne" in tags:  # 6.6: instead of an ordinary move
            paradrop += [("paradrop", bid, h) for h in drop_targets(data, occ, bid)]
        if movable and "amphibious" in tags:  # 6.7: likewise
            invade += [("invade", bid, h, via) for h, via in invasion_targets(data, occ, bid)]
        at = block["at"]
        idle = not block["moved"] and at is not None and at not in storm  # 5.9, 9.4
        if idle and may_launch(data, block):  # 4.2: aboard a carrier moved strategically, it stays
            strategic += [("strategic", bid, h) for h in strategic_targets(data, occ, bid, survey)]
            sea_move += [("sea_move", bid, h) for h in sea_targets(data, occ, bid, survey)]
            if logistics:
                demolition += demolish_actions(data, bid)  # 9.5
        if unit.arm == "air" and at not in survey.enemies and board_target(data, bid) is not None:
            board.append(("board", bid))  # 4.1, 4.2: loading onto a carrier in port
    return list(chain.from_iterable(kinds[kind] for kind in sorted(kinds)))


def _log_move(game: VictoryState, role: str, public: str, private: str) -> None:
    """A move in the log: the other players and spectators read where a block of
    `role`'s went (its type stays hidden), the mover reads which block it was;
    each reads one line (log version 2; version 1 gave the mover both lines)."""
    if game.log_version >= 2:
        game.log(public, all_but=[role])
    else:
        game.log(public)
    game.log(private, to=[role])


def _sea_move(data: Data, bid: str, dest: str) -> None:
    """5.91, 5.92: count the port used at each end; the block is at sea unless it
    ends ashore in a port or at a beachhead."""
    block = data["blocks"][bid]
    if not at_sea(block):
        use_port(data, placed(block))  # it embarks
    if gmap(data).hexes[dest].terrain == "sea":
        block["landing"] = "sea"
    else:
        use_port(data, dest)  # it lands
        block.pop("landing", None)


class Move(GameStep["VictoryState"]):
    """One player's move phase. Frame: `role`."""

    def legal(self, game: VictoryState, frame: Frame, role: str) -> Iterable[Action]:
        return move_actions(game.data, role)

    def apply(self, game: VictoryState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "end_moves":
            game.log(f"{role} ends the move phase")
            data["port_use"] = {}  # 5.92 counts each player turn
            order = data["order"]
            index = order.index(role) + 1
            if index < len(order):
                goto(game.flow, "move", role=order[index])
            else:
                data["phase"] = "combat"
                goto(game.flow, "combat", attacker_index=0)
            return
        verb, named = action[0], args(action)  # the arguments by name (verbs.py)
        if verb == "demolish":
            demolish(game, role, named["block"], named["side"])
            return
        if verb == "board":  # 4.1, 4.2: an air unit loads onto a carrier in its port
            bid = named["block"]
            cid = board_target(data, bid)
            assert cid is not None, "board is legal only with a carrier to board"  # move_actions
            data["blocks"][bid]["aboard"], data["blocks"][bid]["moved"] = cid, True
            game.log(f"you load {bid} aboard {cid}", to=[role])  # unseen: no block leaves its hex
            return
        if verb == "ally":  # 2.0 [3]: declared openly; it holds once both have offered
            game.log(f"{role} offers an alliance to {named['role']}")
            if offer(data, role, named["role"]):
                game.log(f"{role} and {named['role']} are allies")
            return
        # move, strategic, sea_move, paradrop: (block, to); attack, invade: (block, to, via)
        bid, dest = named["block"], named["to"]
        block = data["blocks"][bid]
        origin = placed(block)  # the move phase moves blocks on the map
        if verb == "sea_move":
            _sea_move(data, bid, dest)
        if verb == "move":
            settle(data, bid, dest)  # 4.2: onto a carrier where no airbase has room
        else:
            block.pop("aboard", None)  # 4.2: it flies off its carrier
        if is_carrier(block):
            carry(data, bid, dest)  # 4.2: its aircraft go with it
            if verb == "strategic":
                block["strategic"] = True  # 4.2: it launches and recovers nothing this turn
        block["at"], block["moved"] = dest, True
        block.pop("beachhead", None)  # 6.71: a beachhead lasts while its unit stays
        block.pop("blockade", None)  # 6.8: ships that sail away lift their blockade
        name = unit_of(block).name
        moved = f"you move {bid} ({name}) from {origin} to {dest}"
        if verb in ("paradrop", "invade"):
            occ = occupancy(data)
            if not has_enemy(data, occ, dest, role):  # 6.6, 6.7: a landing in a vacant hex is shown
                unit = with_article(name) if game.log_version >= 2 else f"a {name}"
                landed = f"you land {bid} ({name}) at {dest}"
                _log_move(game, role, f"{role} lands {unit} at {dest} from {origin}", landed)
                block.pop("landing", None)  # ashore at once
                return
            block["landing"] = "air" if verb == "paradrop" else "sea"
            # landing on an enemy, it attacks: by air, or across the invasion's hexside
            via = "air" if verb == "paradrop" else named["via"]
        elif verb in ("move", "strategic", "sea_move"):
            if block.get("landing") == "sea" and gmap(data).hexes[dest].port:
                block.pop("landing")  # back in a port, the unit at sea comes ashore (5.91)
            _log_move(game, role, f"{role} moves a block from {origin} to {dest}", moved)
            capture_markers(game)  # 9.6, 9.7: taken at once
            return
        else:  # ("attack", block, hex, the hex it comes from or "air")
            via = named["via"]
        if capture_factories(game, dest) and not has_enemy(data, occupancy(data), dest, role):
            # 9.1: no battle
            _log_move(game, role, f"{role} moves a block from {origin} to {dest}", moved)
            return
        block["entered"] = via
        if via == "air":
            block["flown"] = flight_distance(data, origin, dest)  # for the landing move (5.53, 9.4)
        battles = data["battles"]
        if dest not in battles:
            occ = occupancy(data)
            defender = sorted(o for o in owners_at(data, occ, dest) if is_enemy(data, role, o))[0]
            battles[dest] = {"attacker": role, "defender": defender}
            blockaders = {data["blocks"][b]["owner"] for b in occ[dest] if data["blocks"][b].get("blockade")}
            if blockaders:  # 6.8: moving into a blockade turns it into a battle
                battles[dest]["blockade"] = blockaders.pop()
            game.log(f"{role} attacks {dest}")
        elif battles[dest]["attacker"] != role:
            # 5.8: a block joining a battle begun earlier, on either side (2.0 [3])
            block["reserve"] = True  # 5.8: a response arrives in round 2
            game.log(f"{role} sends a block from {origin} to the battle at {dest} (arrives in round 2)")
        if via != "air":  # 5.41: the last player to enter across a hexside controls it
            battles[dest].setdefault("hexsides", {})[via] = role
        joined = f"you move {bid} ({name}) from {origin} into {dest}"
        _log_move(game, role, f"a {role} block moves from {origin} into the battle at {dest}", joined)

    def prompt(self, game: VictoryState, frame: Frame, role: str | None) -> str:
        if role == frame["role"]:
            return "Move your blocks (each once), attack enemy hexes, then end your move phase."
        return f"Waiting for {frame['role']} to move."
