"""The Viktory II heuristic's policy: one scorer per question the flow asks (the
frame's `state`), each scoring every legal action from the board model (ai_board.py);
ai.py plays the best. The questions and the thinking behind each are listed in ai.py."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from grognard.core.game import Action

from .ai_board import UNIT_VALUE, Board, distance
from .layout import placed
from .tables import tables
from .verbs import args as _parse

#: The arguments by name (verbs.py), kept per action: search rollouts score the same
#: legal actions again and again. The scorers only read the dicts it hands out.
args: Callable[[Action], dict[str, Any]] = lru_cache(maxsize=1 << 14)(_parse)


@cache
def _slow_terrain() -> frozenset[str]:
    """9.12: the terrain that stops a land unit (the table never changes in a process)."""
    return frozenset(t for t, row in tables()["terrain"].items() if row["slow"])

#: Capital terrain preference (4.0): defensive dice and the unit its city supports.
CAPITAL_TERRAIN = {"mountain": 3.0, "grassland": 2.6, "plains": 2.3, "forest": 1.0}
#: The unit a city adds (8.2), as a build bonus.
CITY_UNIT_BONUS = {"cavalry": 0.6, "artillery": 0.5, "infantry": 0.4, "frigate": 0.1}
#: Least winning chance before committing units to a battle.
ATTACK_ODDS = 0.6
#: Below this chance of winning, an attacker retreats if allowed.
RETREAT_ODDS = 0.35

# ----- scorers, one per question ------------------------------------------------------------
Scores = dict[Action, float]


def _score_capital(b: Board, legal: list[Action]) -> Scores:
    out: Scores = {}
    for a in legal:
        hex_ = args(a)["hex"]  # the arguments by name (verbs.py)
        terrain = b.tiles.get(hex_) or ""
        land = sum(1 for n in b.neighbors(hex_) if b.tiles.get(n) != "water")
        out[a] = CAPITAL_TERRAIN.get(terrain, 0.0) + 0.1 * land
    return out


def _city_unit(b: Board, hex_: str) -> str:
    """The unit type a city in hex_ would support besides infantry (8.2); "" where the
    tile is face down or water."""
    row = tables()["terrain"].get(b.tiles.get(hex_) or "")
    return (row["city_unit"] if row else None) or ""


def _score_build(b: Board, legal: list[Action]) -> Scores:
    out: Scores = {}
    for a in legal:
        verb = a[0]
        if verb == "build_town":
            hex_ = args(a)["hex"]
            hidden = sum(1 for n in b.neighbors(hex_) if b.tiles.get(n) is None)
            unit = _city_unit(b, hex_)
            danger = b.threat(hex_, 1)
            out[a] = 3.0 + 0.5 * CITY_UNIT_BONUS.get(unit, 0.0) + 0.15 * hidden - 0.8 * danger
            out[a] -= 0.05 * b.front_distance(hex_)
        elif verb == "build_city":
            hex_ = args(a)["hex"]
            unit = _city_unit(b, hex_)
            out[a] = 2.2 + CITY_UNIT_BONUS.get(unit, 0.0) + 0.3 * min(b.threat(hex_, 3), 3)
            if hex_ == b.capital:
                out[a] += 1.0
        elif verb == "swap_water":
            out[a] = 1.0
        else:  # skip_build, keep_water, relocate
            out[a] = 0.0
    return out


def _mp_left(b: Board, uid: str) -> int:
    turn = b.turn
    if uid in turn.get("done", ()) or uid in turn.get("attacked", {}) or uid in turn.get("transported", ()):
        return 0
    left: int = turn.get("mp", {}).get(uid, int(tables()["units"][b.kind(uid)]["move"]))
    return left


def _reach(b: Board, uid: str, target: str) -> int | None:
    """Steps a land unit needs to enter `target` this turn (None: out of reach)."""
    steps = b._reach.get(uid)
    if steps is None:
        steps = b._reach[uid] = _reach_map(b, uid)
    return steps.get(target)


def _reach_map(b: Board, uid: str) -> dict[str, int]:
    """Every hex a land unit can enter this turn, with the steps it needs: one search
    per unit and decision, which `_reach` asks once per target (search agents play
    this heuristic in their rollouts, so its cost is theirs)."""
    start = b.units[uid]["hex"]
    mp = _mp_left(b, uid)
    reach: dict[str, int] = {}
    if start is None or mp <= 0:
        return reach
    slow, slow_ok, road_links = _march_rules(b)
    tiles, hostile = b.tiles, b.hostile
    seen = {start: 0}
    queue: deque[str] = deque([start])
    while queue:
        h = queue.popleft()
        steps = seen[h] + 1
        if steps > mp:
            continue
        links = road_links.get(h)
        for n in (*b.neighbors(h), *links) if links else b.neighbors(h):
            if n in seen:
                continue
            tile = tiles.get(n)
            if tile is None or tile == "water":
                continue  # not land (is_land)
            reach.setdefault(n, steps)  # breadth first: the first time is the fewest steps
            if n in hostile:
                continue  # entering an enemy hex ends the move
            seen[n] = steps
            if tile in slow and n not in slow_ok:
                continue  # 9.12 slow terrain stops the unit
            queue.append(n)
    return reach


def _march_rules(b: Board) -> tuple[frozenset[str], set[str], dict[str, tuple[str, ...]]]:
    """What every unit's `_reach_map` reads alike, once a decision: the terrain that
    stops a unit, the hexes where it does not (where units started, my towns), and
    from each road town (mine, not founded this turn) the others two or three hexes
    away, which a road move reaches in one step."""
    found = b.marching
    if found is None:
        slow = frozenset() if b.options.get("terrain_leveling") else _slow_terrain()
        slow_ok = set(b.turn.get("start_hexes", ())) | set(b.my_towns)
        roads = set(b.my_towns) - set(b.turn.get("new_towns", ()))
        links = {h: tuple(t for t in roads if 2 <= distance(h, t) <= 3) for h in roads}
        found = b.marching = (slow, slow_ok, links)
    return found


def _targets(b: Board) -> dict[str, tuple[float, list[str]]]:
    """Enemy-held land hexes worth attacking now: hex -> (value, units that go there)."""
    battles = set(b.turn.get("battles", ()))
    if b.turn.get("no_attack"):
        return {}
    movers = [
        uid for where, uids in b.mine_at.items() for uid in uids
        if b.kind(uid) != "frigate" and _mp_left(b, uid) > 0 and where not in b.hostile
    ]
    out: dict[str, tuple[float, list[str]]] = {}
    for hex_ in sorted(set(b.enemy_towns) | {h for h in b.enemy_at if b.is_land(h)}):
        if hex_ in battles:
            continue
        there = [u for u in b.mine_at.get(hex_, ()) if b.kind(u) != "frigate"]
        coming = [u for u in movers if _reach(b, u, hex_) is not None]
        if not there and not coming:
            continue
        odds = b.odds_at(hex_, there + coming)
        if odds < ATTACK_ODDS:
            continue
        value = sum(UNIT_VALUE[b.kind(u)] for u in b.enemy_at.get(hex_, ()))
        town = b.towns.get(hex_)
        if town is not None:
            value += 3.0 * (2 if town["city"] else 1)
            if b.capitals.get(str(town["owner"])) == hex_:
                value += 8.0
        out[hex_] = (value * odds, coming)
    return out


def _garrison_need(b: Board, hex_: str) -> int:
    if hex_ not in b.my_towns:
        return 0
    need = 1 if hex_ == b.capital else 0
    threat = b.threat(hex_, 3)
    if threat:
        need += 1 if hex_ != b.capital else min(2, threat)
    return need


def _position(b: Board, uid: str, hex_: str) -> float:
    """How good it is for a land unit to stand in hex_ (ignoring who else moves)."""
    score, need, land = _place(b, hex_)
    if need:
        present = land - (1 if uid in b.mine_at.get(hex_, ()) else 0)  # uid is a land unit
        if present < need:
            score += 6.0 if hex_ == b.capital else 2.5
    return score


def _place(b: Board, hex_: str) -> tuple[float, int, int]:
    """What `_position` reads of hex_ whichever unit asks, once per hex and decision
    (every move of a unit scores its origin again): the score from the front and the
    unrevealed neighbours, the garrison needed, my land units there."""
    found = b.places.get(hex_)
    if found is None:
        score = -1.0 * b.front_distance(hex_)
        hidden = sum(1 for n in b.neighbors(hex_) if b.tiles.get(n) is None)
        score += 0.4 * hidden
        need = _garrison_need(b, hex_)
        land = len([u for u in b.mine_at.get(hex_, ()) if b.kind(u) != "frigate"]) if need else 0
        found = b.places[hex_] = (score, need, land)
    return found


def _frigate_position(b: Board, hex_: str) -> float:
    enemies = [h for h in b.enemy_at]
    if not enemies:
        return 0.0
    return -0.3 * min(distance(hex_, h) for h in enemies)


def _score_move(b: Board, legal: list[Action]) -> Scores:
    targets = _targets(b)
    moving = b.turn.get("moving")
    out: Scores = {}
    going: dict[str, str] = {}  # unit -> target it should join (the most valuable)
    for hex_, (_value, coming) in sorted(targets.items(), key=lambda kv: -kv[1][0]):
        for uid in coming:
            going.setdefault(uid, hex_)
    for a in legal:
        verb = a[0]
        if verb == "end_moves":
            out[a] = 0.0
        elif verb == "battle":
            hex_ = args(a)["hex"]
            there = b.mine_at.get(hex_, [])
            out[a] = 90.0 + 5.0 * b.odds_at(hex_, there)
        elif verb == "bombard":
            named = args(a)
            uid, hex_ = named["unit"], named["target"]
            value = max((UNIT_VALUE[b.kind(u)] for u in b.enemy_at.get(hex_, ())), default=0.0)
            if going.get(uid) is not None:
                out[a] = 5.0  # better used in the coming battle
            elif hex_ in targets:
                out[a] = 98.0 + value  # soften the target first
            else:
                out[a] = 30.0 + value
        elif verb == "move":
            named = args(a)
            out[a] = _move_score(b, named, targets, going) + (0.5 if named["unit"] == moving else 0.0)
        else:  # embark, disembark, alliance or unknown verbs: not used by this player
            out[a] = -1.0
    return out


def _move_score(
    b: Board, named: dict[str, Any], targets: dict[str, tuple[float, list[str]]], going: dict[str, str]
) -> float:
    uid, dest = named["unit"], named["to"]
    origin = placed(b.units[uid])  # a unit that moves stands on the map (9.0)
    if b.kind(uid) == "frigate":
        gain = _frigate_position(b, dest) - _frigate_position(b, origin)
        return gain if dest not in b.enemy_at else -5.0
    hostile = dest in b.hostile
    goal = going.get(uid)
    if hostile:
        if goal == dest:
            return 100.0 + targets[dest][0]
        there = [*b.mine_at.get(dest, []), uid]
        return 60.0 if b.odds_at(dest, there) >= ATTACK_ODDS else -50.0
    if goal is not None:
        before = distance(origin, goal)
        after = distance(dest, goal)
        if after < before and _reach_after(b, uid, dest, goal):
            return 95.0 + (before - after)
    if origin in b.hostile:
        return -50.0  # a unit in a contested hex fights, it does not wander off
    return _position(b, uid, dest) - _position(b, uid, origin) - 0.2


def _reach_after(b: Board, uid: str, dest: str, goal: str) -> bool:
    """Will the unit still reach `goal` from `dest` with the movement it has left?"""
    mp = _mp_left(b, uid) - 1
    if mp <= 0:
        return False
    slow, slow_ok, _ = _march_rules(b)  # 9.12, and none under 15.1 terrain levelling
    if b.tiles.get(dest) in slow and dest not in slow_ok:
        return False
    return distance(dest, goal) <= mp


def _score_casualties(b: Board, legal: list[Action]) -> Scores:
    out: Scores = {}
    for a in legal:
        uid = args(a)["unit"]
        value = UNIT_VALUE.get(b.kind(uid), 1.0)
        out[a] = -value if b.units[uid]["owner"] == b.role else value
    return out


def _score_retreat(b: Board, legal: list[Action]) -> Scores:
    hex_ = b.frame.get("hex")
    out: Scores = {}
    odds = b.odds_at(hex_, b.mine_at.get(hex_, [])) if isinstance(hex_, str) else 0.0
    for a in legal:
        if a[0] == "fight_on":
            out[a] = odds - RETREAT_ODDS
        elif a[0] == "retreat":
            dest = args(a)["to"]
            out[a] = 0.01 if dest in b.my_towns else 0.0
        else:
            out[a] = -1.0
    return out


def _score_eliminate(b: Board, legal: list[Action]) -> Scores:
    out: Scores = {}
    for a in legal:
        u = b.units[args(a)["unit"]]
        in_reserve = u["hex"] is None and u["aboard"] is None
        where = u["hex"]
        out[a] = (10.0 if in_reserve else 0.0) + (0.1 * b.front_distance(where) if where else 0.0)
    return out


def _score_reserves(b: Board, legal: list[Action]) -> Scores:
    out: Scores = {}
    for a in legal:
        if a[0] != "place":
            out[a] = 0.0
            continue
        named = args(a)
        uid, hex_ = named["unit"], named["to"]
        if b.kind(uid) == "frigate":
            out[a] = 5.0 + _frigate_position(b, hex_)
            continue
        present = len(b.mine_at.get(hex_, ()))
        need = _garrison_need(b, hex_)
        out[a] = 10.0 + 2.0 * max(0, need - present) + 1.5 * min(b.threat(hex_, 2), 3)
        out[a] -= 0.3 * b.front_distance(hex_)
    return out


def _score_luck(b: Board, legal: list[Action]) -> Scores:
    return {a: (1.0 if args(a)["pairs"] == 0 else 0.0) for a in legal}


SCORERS = {
    "choose_capital": _score_capital,
    "build": _score_build,
    "rebalance": _score_build,
    "move": _score_move,
    "casualties": _score_casualties,
    "retreat": _score_retreat,
    "eliminate": _score_eliminate,
    "reserves": _score_reserves,
    "luck": _score_luck,
}
