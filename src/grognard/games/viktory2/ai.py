"""A Viktory II heuristic player: greedy, one action ahead, scored from the view alone.

It never sees the State: each decision reads `view["board"]` (tiles, towns, capitals,
units, the turn record, the top flow frame) and the legal list, scores every legal
action with simple features, and plays the best (ties broken by its own seeded
generator). The policy, by question:

- capital (4.0): the best terrain among the start hexes (mountain, grassland, plains);
- build (7.0): always build; a town that claims land, else a city (the capital first);
- move (9.0-12.0): pick targets (enemy towns and stacks) that the units able to reach
  them this turn would beat (battle odds from a small exact model of 12.3), converge
  on them, then fight; bombard what cannot be attacked; otherwise keep the capital and
  threatened towns garrisoned, explore, and march toward the nearest enemy town;
- casualties (10.1): give up the cheapest unit, take the enemy's best;
- retreat (12.3, 3): when the odds of fighting on turn bad;
- reserves (13.0): place everything, nearest the threats and the front.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Iterable
from functools import cache
from typing import Any

from grognard.core.game import Action

from .state import tables

View = dict[str, Any]

#: What a unit is worth to keep (casualties: lose the cheapest, take the dearest).
UNIT_VALUE = {"infantry": 1.0, "artillery": 1.6, "frigate": 1.4, "cavalry": 2.0}
#: Capital terrain preference (4.0): defensive dice and the unit its city supports.
CAPITAL_TERRAIN = {"mountain": 3.0, "grassland": 2.6, "plains": 2.3, "forest": 1.0}
#: The unit a city adds (8.2), as a build bonus.
CITY_UNIT_BONUS = {"cavalry": 0.6, "artillery": 0.5, "infantry": 0.4, "frigate": 0.1}
#: Least winning chance before committing units to a battle.
ATTACK_ODDS = 0.6
#: Below this chance of winning, an attacker retreats if allowed.
RETREAT_ODDS = 0.35

_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@cache
def _coords(hex_: str) -> tuple[int, int]:
    q, r = hex_.split(",")
    return int(q), int(r)


@cache  # a board has a few hundred hexes; search rollouts ask the same pairs again
def _distance(a: str, b: str) -> int:
    aq, ar = _coords(a)
    bq, br = _coords(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@cache
def _neighbors(hex_: str, radius: int) -> tuple[str, ...]:
    q, r = _coords(hex_)
    out = []
    for dq, dr in _DIRS:
        nq, nr = q + dq, r + dr
        if (abs(nq) + abs(nr) + abs(nq + nr)) // 2 <= radius + 1:
            out.append(f"{nq},{nr}")
    return tuple(out)


# ----- battle odds (12.3) ---------------------------------------------------------------
def _dice(kind: str, side: str) -> int:
    return int(tables()["units"][kind][f"{side}_dice"])


def _loss_order(kinds: Iterable[str], side: str) -> tuple[int, ...]:
    """Dice the side rolls with k survivors (index k), losing duplicates and weak dice first."""
    ordered = sorted(kinds, key=lambda k: (_dice(k, side), UNIT_VALUE[k]))
    survivors: list[str] = []
    dupes: list[str] = []
    for kind in ordered:
        (dupes if kind in survivors else survivors).append(kind)
    lose_first = dupes + survivors  # index 0 dies first
    dice = [0]
    for k in range(1, len(lose_first) + 1):
        alive = set(lose_first[len(lose_first) - k :])
        dice.append(sum(_dice(kind, side) for kind in alive))
    return tuple(dice)


@cache
def _binomial(n: int) -> tuple[float, ...]:
    """P(k hits) with n dice, each hitting half the time (10.1: 1-3 on a d6)."""
    row = [1.0]
    for _ in range(n):
        padded = [0.0, *row, 0.0]
        row = [0.5 * (padded[k] + padded[k + 1]) for k in range(len(row) + 1)]
    return tuple(row)


@cache
def _round_odds(att: tuple[int, ...], dfn: tuple[int, ...], fixed: int, i: int, j: int) -> float:
    """Chance the attacker wins from i attackers vs j defenders (j > 0), fighting on."""
    hits_by_att = _binomial(att[i])
    hits_by_def = _binomial(dfn[j] + fixed)
    stay = 0.0
    total = 0.0
    for ha, pa in enumerate(hits_by_att):
        for hd, pd in enumerate(hits_by_def):
            p = pa * pd
            ni, nj = max(0, i - hd), max(0, j - ha)
            if ni == 0:
                continue
            if nj == 0:
                total += p
            elif ni == i and nj == j:
                stay += p
            else:
                total += p * _round_odds(att, dfn, fixed, ni, nj)
    return total / (1.0 - stay) if stay < 1.0 else 0.0


@cache
def _empty_odds(n: int, fixed: int) -> float:
    """12.3, 2 note: an empty town still fires its fixed dice once; one survivor wins."""
    return sum(p for hits, p in enumerate(_binomial(fixed)) if hits < n)


def battle_odds(attackers: list[str], defenders: list[str], fixed: int, town: bool) -> float:
    """Chance that `attackers` (unit types) beat `defenders` with `fixed` extra defence dice."""
    if not attackers:
        return 0.0
    att = _loss_order(attackers, "attack")
    dfn = _loss_order(defenders, "defense")
    i, j = len(attackers), len(defenders)
    prefire = sum(1 for k in attackers if tables()["units"][k].get("pre_battle_fire"))
    total = 0.0
    for hits, p in enumerate(_binomial(prefire if j else 0)):
        left = max(0, j - hits)
        if left == 0:
            total += p * (_empty_odds(i, fixed) if town else 1.0)
        else:
            total += p * _round_odds(att, dfn, fixed, i, left)
    return total


# ----- a digest of the board for one decision -----------------------------------------------
class Board:
    """What one decision needs from view["board"], indexed once."""

    def __init__(self, view: View) -> None:
        board = view["board"]
        self.role: str = view["role"]
        self.options: dict[str, Any] = view.get("options", {})
        self.radius: int = board["board"]["radius"]
        self.tiles: dict[str, str | None] = board["tiles"]
        self.towns: dict[str, dict[str, Any]] = board["towns"]
        self.capitals: dict[str, str] = board["capitals"]
        self.units: dict[str, dict[str, Any]] = board["units"]
        self.turn: dict[str, Any] = board.get("turn") or {}
        self.frame: dict[str, Any] = board.get("frame") or {}
        ruler: dict[str, str] = board.get("ruler") or {}
        me = self.role
        my_head = _head(ruler, me)
        self.mine_at: dict[str, list[str]] = {}
        self.enemy_at: dict[str, list[str]] = {}
        self.enemy_frigates: set[str] = set()
        for uid, u in self.units.items():
            where = u["hex"]
            if where is None:
                continue
            if u["owner"] == me:
                self.mine_at.setdefault(where, []).append(uid)
            elif _head(ruler, u["owner"]) != my_head:
                self.enemy_at.setdefault(where, []).append(uid)
                if u["type"] == "frigate":
                    self.enemy_frigates.add(where)
        self.my_towns = sorted(h for h, t in self.towns.items() if t["owner"] == me)
        self.enemy_towns = sorted(
            h for h, t in self.towns.items() if t["owner"] != me and _head(ruler, t["owner"]) != my_head
        )
        self.capital = self.capitals.get(me)
        self._front: dict[str, int] | None = None
        #: per unit, the steps to every hex it can enter this turn (`_reach`)
        self._reach: dict[str, dict[str, int]] = {}
        self._threat: dict[tuple[str, int], int] = {}

    # ----- terrain --------------------------------------------------------------------
    def neighbors(self, hex_: str) -> tuple[str, ...]:
        return tuple(n for n in _neighbors(hex_, self.radius) if n in self.tiles)

    def is_land(self, hex_: str) -> bool:
        t = self.tiles.get(hex_)
        return t is not None and t != "water"

    def kind(self, uid: str) -> str:
        kind: str = self.units[uid]["type"]
        return kind

    def land_kinds(self, uids: Iterable[str]) -> list[str]:
        return [self.kind(u) for u in uids if self.kind(u) != "frigate"]

    # ----- battles ----------------------------------------------------------------------
    def fixed_dice(self, hex_: str, owner: str | None) -> int:
        """Defensive terrain (best of terrain and settlement, 12.3, 2) plus naval support."""
        leveled = bool(self.options.get("terrain_leveling"))
        terrain = self.tiles.get(hex_)
        best = 0
        if terrain is not None and not leveled:
            best = int(tables()["terrain"][terrain]["defense_dice"])
        town = self.towns.get(hex_)
        if town is not None:
            city = town["city"] and (
                self.capitals.get(town["owner"]) is None
                or self._holds_capital(town["owner"])
            )
            best = max(best, int(tables()["settlement"]["city" if city else "town"]["defense_dice"]))
        best = min(best, 2)
        if owner is not None and any(
            n in self.enemy_frigates and any(self.units[u]["owner"] == owner for u in self.enemy_at[n])
            for n in self.neighbors(hex_)
        ):
            best += 1  # 12.32 naval support
        return best

    def _holds_capital(self, role: str) -> bool:
        cap = self.capitals.get(role)
        town = self.towns.get(cap) if cap else None
        return town is not None and town["owner"] == role

    def defender_of(self, hex_: str) -> str | None:
        town = self.towns.get(hex_)
        if town is not None and hex_ in self.enemy_towns:
            return str(town["owner"])
        for uid in self.enemy_at.get(hex_, ()):
            return str(self.units[uid]["owner"])
        return None

    def odds_at(self, hex_: str, attackers: list[str]) -> float:
        defenders = self.land_kinds(self.enemy_at.get(hex_, ()))
        owner = self.defender_of(hex_)
        town = hex_ in self.enemy_towns
        return battle_odds(self.land_kinds(attackers), defenders, self.fixed_dice(hex_, owner), town)

    # ----- distances ------------------------------------------------------------------
    def front(self) -> dict[str, int]:
        """Land distance (unrevealed hexes count as passable) to the nearest enemy town."""
        if self._front is None:
            goals = self.enemy_towns or sorted({h for h in self.enemy_at if self.is_land(h)})
            dist: dict[str, int] = {}
            queue: deque[str] = deque()
            for g in goals:
                dist[g] = 0
                queue.append(g)
            while queue:
                h = queue.popleft()
                for n in self.neighbors(h):
                    if n in dist or self.tiles.get(n) == "water":
                        continue
                    dist[n] = dist[h] + 1
                    queue.append(n)
            self._front = dist
        return self._front

    def front_distance(self, hex_: str) -> int:
        return self.front().get(hex_, 12)

    def threat(self, hex_: str, within: int = 2) -> int:
        """Enemy land units within `within` hexes (asked for every move scored)."""
        key = (hex_, within)
        found = self._threat.get(key)
        if found is None:
            found = self._threat[key] = sum(
                len(self.land_kinds(uids))
                for h, uids in self.enemy_at.items()
                if _distance(h, hex_) <= within
            )
        return found


def _head(ruler: dict[str, str], role: str) -> str:
    seen = set()
    while role in ruler and role not in seen:
        seen.add(role)
        role = ruler[role]
    return role


# ----- the agent ------------------------------------------------------------------------
class Viktory2Heuristic:
    """Greedy one-ply Viktory II player; see the module docstring."""

    name = "heuristic"
    wants_view = True

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("an agent was asked to act, but no action is legal")
        if len(legal) == 1:
            return legal[0]
        board = Board(view)
        scorer = _SCORERS.get(str(board.frame.get("state")))
        if scorer is None:
            return legal[self.rng.randrange(len(legal))]
        scored = scorer(board, legal)
        best = max(scored.values())
        top = [a for a in legal if scored[a] >= best - 1e-9]
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]


def action_scores(view: View, legal: list[Action]) -> dict[Action, float] | None:
    """The heuristic's score of each legal action (higher is better), or None for a
    question it has no scorer for: search agents (grognard.agents.mcts) search only
    the best-scored few."""
    board = Board(view)
    scorer = _SCORERS.get(str(board.frame.get("state")))
    return scorer(board, legal) if scorer is not None else None


#: How many empire points make a side e (2.7) times likelier to win, in `evaluate`.
EVAL_TEMPERATURE = 4.0


def evaluate(view: View) -> dict[str, float]:
    """A running game's win chances from the observer's view, for search agents
    (grognard.agents.mcts): each role's strength is its empire score (5.3) plus
    half its units' worth, an eliminated role has none, and the chances are a
    softmax of the strengths. Rough on purpose: it must be cheap."""
    board = view["board"]
    roles: list[str] = list(view["roles"])
    out = set(board.get("eliminated") or [])
    strength = {r: float(board["scores"].get(r, 0)) for r in roles}
    for unit in board["units"].values():
        if unit["owner"] in strength:
            strength[unit["owner"]] += 0.5 * UNIT_VALUE.get(unit["type"], 1.0)
    alive = [r for r in roles if r not in out] or roles
    top = max(strength[r] for r in alive)
    weights = {r: (math.exp((strength[r] - top) / EVAL_TEMPERATURE) if r in alive else 0.0) for r in roles}
    total = sum(weights.values())
    return {r: w / total for r, w in weights.items()}


def make_heuristic(seed: int) -> Viktory2Heuristic:
    """The Viktory II heuristic agent, seeded (grognard.agents.registry calls this)."""
    return Viktory2Heuristic(seed)


# ----- scorers, one per question ------------------------------------------------------------
Scores = dict[Action, float]


def _score_capital(b: Board, legal: list[Action]) -> Scores:
    out: Scores = {}
    for a in legal:
        terrain = b.tiles.get(a[1]) or ""
        land = sum(1 for n in b.neighbors(a[1]) if b.tiles.get(n) != "water")
        out[a] = CAPITAL_TERRAIN.get(terrain, 0.0) + 0.1 * land
    return out


def _score_build(b: Board, legal: list[Action]) -> Scores:
    out: Scores = {}
    for a in legal:
        verb = a[0]
        if verb == "build_town":
            hex_ = a[1]
            terrain = b.tiles.get(hex_) or ""
            hidden = sum(1 for n in b.neighbors(hex_) if b.tiles.get(n) is None)
            unit = tables()["terrain"].get(terrain, {}).get("city_unit") or ""
            danger = b.threat(hex_, 1)
            out[a] = 3.0 + 0.5 * CITY_UNIT_BONUS.get(unit, 0.0) + 0.15 * hidden - 0.8 * danger
            out[a] -= 0.05 * b.front_distance(hex_)
        elif verb == "build_city":
            hex_ = a[1]
            terrain = b.tiles.get(hex_) or ""
            unit = tables()["terrain"].get(terrain, {}).get("city_unit") or ""
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
    slow = {t for t, row in tables()["terrain"].items() if row["slow"]}
    if b.options.get("terrain_leveling"):
        slow = set()
    slow_ok = set(b.turn.get("start_hexes", ())) | set(b.my_towns)
    roads = set(b.my_towns) - set(b.turn.get("new_towns", ()))
    seen = {start: 0}
    queue: deque[str] = deque([start])
    while queue:
        h = queue.popleft()
        steps = seen[h]
        if steps >= mp:
            continue
        nexts = list(b.neighbors(h))
        if h in roads:
            nexts += [t for t in roads if 2 <= _distance(h, t) <= 3]
        for n in nexts:
            if n in seen or not b.is_land(n):
                continue
            reach.setdefault(n, steps + 1)  # breadth first: the first time is the fewest steps
            if n in b.enemy_at or n in b.enemy_towns:
                continue  # entering an enemy hex ends the move
            seen[n] = steps + 1
            if b.tiles.get(n) in slow and n not in slow_ok:
                continue  # 9.12 slow terrain stops the unit
            queue.append(n)
    return reach


def _targets(b: Board) -> dict[str, tuple[float, list[str]]]:
    """Enemy-held land hexes worth attacking now: hex -> (value, units that go there)."""
    battles = set(b.turn.get("battles", ()))
    if b.turn.get("no_attack"):
        return {}
    movers = [
        uid for where, uids in b.mine_at.items() for uid in uids
        if b.kind(uid) != "frigate" and _mp_left(b, uid) > 0 and where not in b.enemy_at
        and where not in b.enemy_towns
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
    score = -1.0 * b.front_distance(hex_)
    hidden = sum(1 for n in b.neighbors(hex_) if b.tiles.get(n) is None)
    score += 0.4 * hidden
    need = _garrison_need(b, hex_)
    if need:
        present = len([u for u in b.mine_at.get(hex_, ()) if u != uid and b.kind(u) != "frigate"])
        if present < need:
            score += 6.0 if hex_ == b.capital else 2.5
    return score


def _frigate_position(b: Board, hex_: str) -> float:
    enemies = [h for h in b.enemy_at]
    if not enemies:
        return 0.0
    return -0.3 * min(_distance(hex_, h) for h in enemies)


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
            hex_ = a[1]
            there = b.mine_at.get(hex_, [])
            out[a] = 90.0 + 5.0 * b.odds_at(hex_, there)
        elif verb == "bombard":
            uid, hex_ = a[1], a[2]
            value = max((UNIT_VALUE[b.kind(u)] for u in b.enemy_at.get(hex_, ())), default=0.0)
            if going.get(uid) is not None:
                out[a] = 5.0  # better used in the coming battle
            elif hex_ in targets:
                out[a] = 98.0 + value  # soften the target first
            else:
                out[a] = 30.0 + value
        elif verb == "move":
            out[a] = _move_score(b, a, targets, going) + (0.5 if a[1] == moving else 0.0)
        else:  # embark, disembark, alliance or unknown verbs: not used by this player
            out[a] = -1.0
    return out


def _move_score(
    b: Board, a: Action, targets: dict[str, tuple[float, list[str]]], going: dict[str, str]
) -> float:
    uid, dest = a[1], a[2]
    origin = b.units[uid]["hex"]
    if b.kind(uid) == "frigate":
        gain = _frigate_position(b, dest) - _frigate_position(b, origin)
        return gain if dest not in b.enemy_at else -5.0
    hostile = dest in b.enemy_at or dest in b.enemy_towns
    goal = going.get(uid)
    if hostile:
        if goal == dest:
            return 100.0 + targets[dest][0]
        there = [*b.mine_at.get(dest, []), uid]
        return 60.0 if b.odds_at(dest, there) >= ATTACK_ODDS else -50.0
    if goal is not None:
        before = _distance(origin, goal)
        after = _distance(dest, goal)
        if after < before and _reach_after(b, uid, dest, goal):
            return 95.0 + (before - after)
    if origin in b.enemy_at or origin in b.enemy_towns:
        return -50.0  # a unit in a contested hex fights, it does not wander off
    return _position(b, uid, dest) - _position(b, uid, origin) - 0.2


def _reach_after(b: Board, uid: str, dest: str, goal: str) -> bool:
    """Will the unit still reach `goal` from `dest` with the movement it has left?"""
    mp = _mp_left(b, uid) - 1
    if mp <= 0:
        return False
    slow = {t for t, row in tables()["terrain"].items() if row["slow"]}
    if b.tiles.get(dest) in slow and dest not in b.my_towns and dest not in b.turn.get("start_hexes", ()):
        return False
    return _distance(dest, goal) <= mp


def _score_casualties(b: Board, legal: list[Action]) -> Scores:
    out: Scores = {}
    for a in legal:
        uid = a[1]
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
            dest = a[2]
            out[a] = 0.01 if dest in b.my_towns else 0.0
        else:
            out[a] = -1.0
    return out


def _score_eliminate(b: Board, legal: list[Action]) -> Scores:
    out: Scores = {}
    for a in legal:
        u = b.units[a[1]]
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
        uid, hex_ = a[1], a[2]
        if b.kind(uid) == "frigate":
            out[a] = 5.0 + _frigate_position(b, hex_)
            continue
        present = len(b.mine_at.get(hex_, ()))
        need = _garrison_need(b, hex_)
        out[a] = 10.0 + 2.0 * max(0, need - present) + 1.5 * min(b.threat(hex_, 2), 3)
        out[a] -= 0.3 * b.front_distance(hex_)
    return out


def _score_luck(b: Board, legal: list[Action]) -> Scores:
    return {a: (1.0 if a[1] == 0 else 0.0) for a in legal}


_SCORERS = {
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
