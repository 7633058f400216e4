"""A heuristic Virtuti player that decides from its view and legal actions only.

Plan, decision by decision (each legal action gets a score; the best is played,
ties broken by the agent's own seeded generator):
- Strategic Phase: the card with the best PP multiplier for PP, the best air support
  value for air, the strongest card for a battle; commit up to two air tokens a battle;
- Production: deploy ready units where the front is, then buy the strongest land
  unit it can afford (armour when tanks are researched), climb the logistics track
  when stacks run out, research tanks and infantry when rich;
- Planning: a Move order (the biggest bonus) where an attack looks winnable or an
  empty enemy area is next door, Defense on threatened valuable areas, Support next
  to planned attacks, Strategic Movement in the rear;
- Operations: attack only with more strength than the defence can show (units,
  fortification, defense orders, support next door); take empty enemy areas; march
  the rear towards the front; feints remove what they can;
- Battles: absorb losses with card HP, then the fortification, then the cheapest
  unit; retreat where the fewest enemies are;
- Diplomacy: no declarations (each neutral it attacks joins the other side).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from grognard.agents.base import best_scored
from grognard.core.game import Action
from grognard.games.virtuti.board import FACTIONS_OF, at_war, content, kind_of, neighbours, vmap
from grognard.games.virtuti.content import Card, UnitLevel

View = dict[str, Any]


@cache
def _unit_level(kind: str, level: int) -> UnitLevel:
    return content().unit(kind).levels[level - 1]


@cache
def _card_record(card_id: str) -> Card:
    for deck in content().decks:
        for c in deck.cards:
            if c.id == card_id:
                return c
    raise KeyError(card_id)


@cache
def _die_mean(colour: str) -> float:
    return sum(content().die(colour).faces) / 6


@cache
def _order_bonus(order_id: str) -> int:
    return int({o.id: o.bonus for o in content().orders}[order_id])


@cache
def _order_kind(order_id: str) -> str:
    return str({o.id: o.kind for o in content().orders}[order_id])


class Board:
    """The view, indexed for the scorers."""

    def __init__(self, view: View) -> None:
        b = view["board"]
        self.view = view
        self.role: str = view["role"]
        self.mine = set(FACTIONS_OF[self.role])
        self.control: dict[str, str] = b["control"]
        self.weather: dict[str, str] = b["weather"]
        self.forts: dict[str, int] = b["forts"]
        self.orders: dict[str, dict[str, str]] = b["orders"]
        self.factions: dict[str, Any] = b["factions"]
        self.secret: dict[str, Any] = b["my_secret"]
        self.flags = {"ussr_at_war": b["ussr_at_war"]}
        self.units = {u["id"]: u for u in b["units"]}
        self.by_area: dict[str, list[dict[str, Any]]] = {}
        for u in b["units"]:
            self.by_area.setdefault(u["a"], []).append(u)
        self._front: dict[str, int] = {}

    def enemy(self, faction: str, other: str) -> bool:
        return at_war(self.flags, faction, other)

    def strength(self, units: list[dict[str, Any]]) -> int:
        return sum(0 if u["ex"] else _unit_level(u["t"], u["lv"]).strength for u in units)

    def own(self, area: str, faction: str) -> list[dict[str, Any]]:
        return [u for u in self.by_area.get(area, []) if u["f"] == faction]

    def hostile(self, area: str, faction: str) -> list[dict[str, Any]]:
        return [u for u in self.by_area.get(area, []) if u["f"] != faction and self.enemy(faction, u["f"])]

    def defence(self, area: str, faction: str) -> int:
        """What the enemy in `area` could show: units, fortification, orders, support."""
        foes = self.hostile(area, faction)
        total = self.strength(foes) + self.forts.get(area, 0)
        o = self.orders.get(area)
        if o and o["f"] != faction:
            total += _order_bonus(o["o"])
        for n in neighbours(area, ("land",)):
            o = self.orders.get(n)
            if o and o["f"] != faction and _order_kind(o["o"]) == "support":
                total += self.strength(self.hostile(n, faction)) // 2 + _order_bonus(o["o"])
        return total + 1  # a card or an air token the defender may add

    def value(self, area: str) -> float:
        if kind_of(area) != "land":
            return 0.0
        land = vmap().land(area)
        return land.vp * 6 + land.pp + 1

    def front(self, area: str, faction: str) -> int:
        """Steps from a land area to the nearest enemy-held area (0 = enemy-held)."""
        key = area + "|" + faction
        if key not in self._front:
            seen, layer, steps = {area}, [area], 0
            found = 99
            while layer and steps < 8:
                if any(self.control.get(a) and self.enemy(faction, self.control[a]) for a in layer):
                    found = steps
                    break
                nxt = []
                for a in layer:
                    for n in neighbours(a, ("land",)):
                        if n not in seen:
                            seen.add(n)
                            nxt.append(n)
                layer, steps = nxt, steps + 1
            self._front[key] = found
        return self._front[key]

    def threatened(self, area: str, faction: str) -> int:
        return sum(self.strength(self.hostile(n, faction)) for n in neighbours(area, ("land",)))


class VirtutiHeuristic:
    name = "heuristic"
    wants_view = True

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def act(self, view: View, legal: list[Action]) -> Action:
        board = Board(view)
        return best_scored(legal, lambda action: score(board, action), self.random)


def make_heuristic(seed: int) -> VirtutiHeuristic:
    """The Virtuti heuristic agent, seeded (grognard.agents.registry calls this)."""
    return VirtutiHeuristic(seed)


def score(b: Board, a: Action) -> float:
    kind = a[0]
    scorer = SCORERS.get(kind)
    return scorer(b, a) if scorer else 0.0


def _card(b: Board, a: Action) -> float:
    c = _card_record(a[2])
    purpose = b.secret.get("kind")
    battle = c.strength * 2 + sum(_die_mean(d) for d in c.dice) + c.hp
    if purpose == "pp_card":
        return c.pp_multiplier / 10 - battle
    if purpose == "air_card":
        return c.air_support * 3 - battle
    return battle + len(c.effects)


def _air(b: Board, a: Action) -> float:
    committed = b.secret.get("choices", {}).get(a[1], [])
    return 2.0 + int(a[2]) if len(committed) < 2 else -1.0


def _done(b: Board, a: Action) -> float:
    return 1.0


def _deploy(b: Board, a: Action) -> float:
    _, f, _t, _lv, area = a
    land = vmap().port(area).land if kind_of(area) == "port" else area
    return 100.0 - 3 * min(b.front(land, f), 10) + b.value(land) / 10


def _buy(b: Board, a: Action) -> float:
    t, lv = str(a[2]), int(a[3])
    if t in ("fleet", "artillery", "corps", "armored_division"):
        return 0.0
    stats = _unit_level(t, lv)
    return 40.0 + stats.strength * 4 + lv


def _logistics(b: Board, a: Action) -> float:
    f = a[1]
    units = [u for u in b.units.values() if u["f"] == f]
    stacks = sum(1 for area in {u["a"] for u in units} if len(b.own(area, f)) > 1)
    return 45.0 if stacks >= b.factions[f]["logistics"] - 1 else 0.0


def _research(b: Board, a: Action) -> float:
    f, tech = a[1], a[2]
    rich = b.factions[f]["pp"] >= 40
    return 20.0 if rich and tech in ("tanks", "infantry") else 0.0


def _strengthen(b: Board, a: Action) -> float:
    return 30.0


def _upgrade(b: Board, a: Action) -> float:
    return 25.0


def _attack_odds(b: Board, area: str, faction: str, bonus: int) -> tuple[str | None, float]:
    """The best adjacent enemy-held land area to attack or take, and its worth."""
    ours = b.strength([u for u in b.own(area, faction) if kind_of(u["a"]) == "land"])
    best: tuple[str | None, float] = (None, 0.0)
    for n in neighbours(area, ("land",)):
        holder = b.control.get(n)
        if holder is None or not b.enemy(faction, holder):
            continue
        border = vmap().graph.border(area, n)
        power = (ours // 2 if border in ("river", "mountain") else ours) + bonus
        foes = b.hostile(n, faction)
        if not foes:
            worth = 30 + b.value(n)
        elif power > b.defence(n, faction):
            worth = 40 + b.value(n) + power - b.defence(n, faction)
        else:
            continue
        if worth > best[1]:
            best = (n, worth)
    return best


def _order(b: Board, a: Action) -> float:
    _, f, order_id, area = a
    kind = _order_kind(order_id)
    bonus = _order_bonus(order_id)
    if kind_of(area) != "land":
        return 2.0 + bonus if kind == "defense" else 0.0
    target, worth = _attack_odds(b, area, f, bonus)
    threat = b.threatened(area, f)
    if kind == "move":
        if target:
            return worth + bonus * 5
        return 8.0 + bonus if b.front(area, f) > 1 else 0.0
    if kind == "maneuver":
        return 20.0 if b.front(area, f) in (1, 2) and not threat else 0.0
    if kind == "defense":
        return 15.0 + b.value(area) + bonus * 3 if threat else 0.0
    if kind == "support":
        near = neighbours(area, ("land",))
        planned = [n for n in near if b.orders.get(n, {}).get("o", "").startswith("move")]
        return 18.0 if (planned and threat == 0) or target else 0.0
    if kind == "strategic_movement":
        return 12.0 if b.front(area, f) > 2 else 0.0
    if kind == "build_fortification":
        return 10.0 + b.value(area) / 3 if threat else 0.0
    if kind == "feint_attack":
        return 3.0 if threat else 0.0
    return 0.0


def _execute(b: Board, a: Action) -> float:
    o = b.orders.get(a[1], {})
    return 2.0 + _order_bonus(o["o"]) if o else 1.0


def _remove(b: Board, a: Action) -> float:
    o = b.orders.get(a[1], {})
    return 5.0 if o and _order_kind(o["o"]) == "support" else 3.0


def _skip(b: Board, a: Action) -> float:
    return 1.0


def _send(b: Board, a: Action) -> float:
    uid, dest = a[1], a[2]
    u = b.units.get(uid)
    if u is None:
        return 0.0
    f = u["f"]
    if kind_of(dest) != "land":
        foes = b.hostile(dest, f)
        if foes:
            return 30.0 if b.strength(b.own(u["a"], f)) > b.strength(foes) + 1 else -1.0
        return 0.0
    holder = b.control.get(dest)
    if holder is not None and b.enemy(f, holder):
        if not b.hostile(dest, f):
            return 50.0 + b.value(dest)
        origin = u["a"]
        total = b.strength([x for x in b.own(origin, f) if not x["ex"]])
        border = vmap().graph.border(origin, dest) if kind_of(origin) == "land" else "land"
        power = total // 2 if border in ("river", "mountain") else total
        return 45.0 + b.value(dest) if power + 1 > b.defence(dest, f) else -1.0
    here = b.front(u["a"], f) if kind_of(u["a"]) == "land" else 99
    there = b.front(dest, f)
    if here <= 1 and b.threatened(u["a"], f) and len(b.own(u["a"], f)) <= 1:
        return -1.0  # the last defender stays
    return 5.0 + (here - there) * 3 if there < here else 0.0


def _go(b: Board, a: Action) -> float:
    return 1.0


def _hit(b: Board, a: Action) -> float:
    what = a[1]
    if what == "card":
        return 10.0
    if what == "fort":
        return 8.0
    u = b.units.get(what)
    return 5.0 - (_unit_level(u["t"], u["lv"]).cost / 10 if u else 0)


def _retreat(b: Board, a: Action) -> float:
    area = a[1]
    f = next(iter(b.mine))
    return -float(b.threatened(area, f)) + b.value(area) / 10


SCORERS = {
    "card": _card,
    "air": _air,
    "done": _done,
    "deploy": _deploy,
    "deploy_sub": lambda b, a: 60.0,  # a ready submarine raids more at sea than in the pool
    "buy": _buy,
    "logistics": _logistics,
    "research": _research,
    "strengthen": _strengthen,
    "upgrade": _upgrade,
    "order": _order,
    "execute": _execute,
    "remove": _remove,
    "skip": _skip,
    "send": _send,
    "go": _go,
    "hit": _hit,
    "retreat": _retreat,
}
