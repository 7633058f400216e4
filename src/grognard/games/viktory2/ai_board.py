"""The Viktory II heuristic's model of the board, read from one seat's view: hex
geometry, a small exact model of a battle's odds (12.3), and `Board`, the view's board
indexed once for one decision (who stands where, towns, the front, threats). The policy
(ai_policy.py) scores actions with it; ai.py is the agent."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import Any, Literal

from grognard.core import hexgrid

from .battle import place_dice
from .layout import Town, Unit
from .tables import tables

View = dict[str, Any]

#: What a unit is worth to keep (casualties: lose the cheapest, take the dearest).
UNIT_VALUE = {"infantry": 1.0, "artillery": 1.6, "frigate": 1.4, "cavalry": 2.0}
CENTRE = (0, 0)  # the board's middle hex: a board is every hex within its radius of it


@cache
def _coords(hex_: str) -> tuple[int, int]:
    q, r = hex_.split(",")
    return int(q), int(r)


@cache  # a board has a few hundred hexes; search rollouts ask the same pairs again
def distance(a: str, b: str) -> int:
    return hexgrid.distance(_coords(a), _coords(b))


@cache
def _disc(size: int) -> frozenset[str]:
    """Every hex within `size` of the centre."""
    return frozenset(
        f"{q},{r}"
        for q in range(-size, size + 1)
        for r in range(-size, size + 1)
        if hexgrid.distance((q, r), CENTRE) <= size
    )


@cache
def _neighbors(hex_: str, radius: int) -> tuple[str, ...]:
    q, r = _coords(hex_)
    out = []
    for dq, dr in hexgrid.DIRECTIONS:
        nq, nr = q + dq, r + dr
        if hexgrid.distance((nq, nr), CENTRE) <= radius + 1:
            out.append(f"{nq},{nr}")
    return tuple(out)


# ----- battle odds (12.3) ---------------------------------------------------------------
def _dice(kind: str, side: Literal["attack", "defense"]) -> int:
    row = tables()["units"][kind]
    return row["attack_dice"] if side == "attack" else row["defense_dice"]


def _loss_order(kinds: Iterable[str], side: Literal["attack", "defense"]) -> tuple[int, ...]:
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
        # the view carries the state's own town and unit records (Viktory2State._view),
        # typed by layout.py
        self.towns: dict[str, Town] = board["towns"]
        self.capitals: dict[str, str] = board["capitals"]
        self.units: dict[str, Unit] = board["units"]
        self.turn: dict[str, Any] = board.get("turn") or {}
        self.frame: dict[str, Any] = board.get("frame") or {}
        ruler: dict[str, str] = board.get("ruler") or {}
        me = self.role
        my_head = head_of(ruler, me)
        self.mine_at: dict[str, list[str]] = {}
        self.enemy_at: dict[str, list[str]] = {}
        self.enemy_frigates: set[str] = set()
        for uid, u in self.units.items():
            where = u["hex"]
            if where is None:
                continue
            if u["owner"] == me:
                self.mine_at.setdefault(where, []).append(uid)
            elif head_of(ruler, u["owner"]) != my_head:
                self.enemy_at.setdefault(where, []).append(uid)
                if u["type"] == "frigate":
                    self.enemy_frigates.add(where)
        self.my_towns = sorted(h for h, t in self.towns.items() if t["owner"] == me)
        self.enemy_towns = sorted(
            h for h, t in self.towns.items() if t["owner"] != me and head_of(ruler, t["owner"]) != my_head
        )
        self.capital = self.capitals.get(me)
        #: the hexes a move into ends there: enemy units or an enemy town
        self.hostile = self.enemy_at.keys() | self.enemy_towns
        #: the policy's reach rules, read once a decision (ai_policy._march_rules)
        self.marching: tuple[frozenset[str], set[str], dict[str, tuple[str, ...]]] | None = None
        self._front: dict[str, int] | None = None
        #: per unit, the steps to every hex it can enter this turn (`_reach`)
        self._reach: dict[str, dict[str, int]] = {}
        self._threat: dict[tuple[str, int], int] = {}
        #: per hex, what the policy's position score reads of it (ai_policy._place)
        self.places: dict[str, tuple[float, int, int]] = {}
        self._whole_disc = self.tiles.keys() == _disc(self.radius + 1)

    # ----- terrain --------------------------------------------------------------------
    def neighbors(self, hex_: str) -> tuple[str, ...]:
        # asked a million times a search turn: a game's tiles are every hex of the disc
        # (revealed or not), so the disc's neighbours, worked out once a game size, are
        # the answer; other tiles (a test's board) are filtered, as the rule reads them
        if self._whole_disc:
            return _neighbors(hex_, self.radius)
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
        """Defensive terrain (best of terrain and settlement, 12.3, 2: the rule's own
        battle.place_dice) plus naval support."""
        terrain = self.tiles.get(hex_)
        town = self.towns.get(hex_)
        city = None if town is None else bool(town["city"]) and self._holds_capital(town["owner"])
        leveled = bool(self.options.get("terrain_leveling"))
        best = place_dice(terrain, city, leveled)
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
            goals = tuple(self.enemy_towns or sorted({h for h in self.enemy_at if self.is_land(h)}))
            if self._whole_disc:  # a game's board: the same goals and water, the same map
                water = frozenset(h for h, t in self.tiles.items() if t == "water")
                self._front = _front_map(self.radius, goals, water)
            else:
                self._front = _land_distances(goals, self.neighbors, self.tiles)
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
                if distance(h, hex_) <= within
            )
        return found


@lru_cache(maxsize=512)  # search rollouts ask it at every decision; goals and water seldom change
def _front_map(radius: int, goals: tuple[str, ...], water: frozenset[str]) -> dict[str, int]:
    """`Board.front` on a whole disc of `radius` (read only: boards share it)."""
    return _land_distances(goals, lambda h: _neighbors(h, radius), dict.fromkeys(water, "water"))


def _land_distances(
    goals: Iterable[str], neighbors: Callable[[str], Iterable[str]], tiles: dict[str, str | None]
) -> dict[str, int]:
    """Steps from the nearest goal over every hex `tiles` does not call water."""
    dist: dict[str, int] = {}
    queue: deque[str] = deque()
    for g in goals:
        dist[g] = 0
        queue.append(g)
    while queue:
        h = queue.popleft()
        for n in neighbors(h):
            if n in dist or tiles.get(n) == "water":
                continue
            dist[n] = dist[h] + 1
            queue.append(n)
    return dist


def head_of(ruler: dict[str, str], role: str) -> str:
    seen = set()
    while role in ruler and role not in seen:
        seen.add(role)
        role = ruler[role]
    return role

