"""A heuristic Virtuti player that decides from its view and legal actions only.

Each legal action gets a score and the best is played (ties broken by the agent's own
seeded generator). The scores follow one plan a player would recognise:

- **Objectives.** Every enemy-held land area is worth something to take: a VP city most
  (VP x 12), a key area of an active enemy country next (its fall is the surrender, P9),
  then PP. A "pull" field spreads those values over the map, falling with each step of
  land, through areas a faction may enter (its own side's, the enemy's, and the
  neutrals it means to attack); units march up the field, so the rear concentrates over
  several turns on the fronts that lead to the cities it needs, not on the nearest one.
- **Attacks.** The estimate compares what the attacker can bring (the stack, halved across
  rivers and mountains, B1; the Move order's bonus; its own Support next door; its best
  card and two air tokens, both open information) with what the defender can show (units,
  fortification, a Defense order, support next door, the defender's best card and two
  air tokens; before the reveal a hidden Defense order is assumed). It turns the margin into
  a win chance (ties go to the initiative track, B4) and attacks when the chance times the
  prize is worth more than the risk to the stack: a fortified VP city is attacked at even
  odds, a village only at good ones.
- **Pressure.** From 1943 a side short of the 15 VP of a minor victory values VP areas
  up to twice as much (P10.6), so a front frozen one city short of a win moves again.
- **Defence.** Own VP cities and key areas next to enemy stacks keep their garrison (the
  last units there do not march away), get Defense orders and the new units (P5 deploy).
- **Diplomacy (P9).** The Axis declares war on a neutral that lies on its road to an enemy
  (the Low Countries into France) or holds VP when the stacks next to it are at least
  twice what the country mobilises, never on a neutral whose war entry is zero (the data's
  mark of those that stayed out), one of its own alignment, or the Baltic states
  while that would wake the USSR; it declares war on the USSR once Poland is down and
  1941 has come (not in 1940 right after France, as history), when its eastern stacks
  match the Red Army's.
  Both players spend PP left after production on pressure on neutrals of their alignment
  that are close to joining. The Allies declare no wars (a neutral they attack joins the
  Axis).
- **Cards and tokens (P4, B2, B3).** The best PP multiplier for PP, the best air value for
  air; in a battle the strongest card, and air tokens on battles for VP cities or when the
  margin is close.
- **Losses and retreat (B5, B6).** Card HP first, then the fortification, then the cheapest
  unit; a retreat goes where the fewest enemies are.
"""

from __future__ import annotations

import heapq
import random
from functools import cache
from typing import Any, cast

from grognard.agents.base import best_scored
from grognard.core.game import Action
from grognard.games.virtuti.board import (
    FACTIONS_OF,
    MINOR_VP,
    ROLE_OF,
    Data,
    at_war,
    content,
    kind_of,
    neighbours,
    vmap,
)
from grognard.games.virtuti.content import Card, UnitLevel
from grognard.games.virtuti.evaluate import evaluate as evaluate  # for search (issue 11)

View = dict[str, Any]

STEP = 4.0  # how much an objective's pull falls with each land step
BALTIC = ("lithuania", "latvia", "estonia")
PRESSURE_FROM = 1943  # the year from which a side short of 15 VP presses for them
EAST_FROM = 1941  # the year the Axis heuristic may declare war on the USSR (Barbarossa)


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


@cache
def _air_strength(level: int) -> int:
    return int({a.level: a.strength for a in content().air_support}[level])


@cache
def _key_areas() -> dict[str, str]:
    """Key area -> its country."""
    return {a: k.id for k in content().countries for a in k.key_areas}


@cache
def _country_areas(country: str) -> tuple[str, ...]:
    m = vmap()
    return tuple(a for a in m.land_ids if m.land(a).owner == country)


@cache
def _mobilised_strength(country: str) -> int:
    return sum(_unit_level(u.type, u.level).strength for u in content().country(country).mobilised)


def _win_chance(margin: int) -> float:
    """The chance a side ahead by `margin` before the unknowns wins (cards and air are in
    the margin already; what is left is the other side's choice among its options)."""
    table = {-3: 0.05, -2: 0.15, -1: 0.3, 0: 0.5, 1: 0.7, 2: 0.85, 3: 0.95}
    return table[max(-3, min(3, margin))]


_PULL_CACHE: dict[tuple[Any, ...], dict[str, float]] = {}
# front distances depend only on who holds what and on the USSR's war status: shared by
# the views of one position (and of the many actions of one phase in which nobody moved)
_FRONT_CACHE: dict[tuple[Any, ...], dict[str, int]] = {}


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
        self.countries: dict[str, Any] = b["countries"]
        self.secret: dict[str, Any] = b["my_secret"]
        self.phase: str = str(b["phase"])
        self.year = int(str(b["turn"]).split()[-1])
        self.initiative: list[str] = b["initiative"]
        self.flags = cast(Data, {"ussr_at_war": b["ussr_at_war"]})  # what `at_war` reads
        self.units = {u["id"]: u for u in b["units"]}
        self.by_area: dict[str, list[dict[str, Any]]] = {}
        for u in b["units"]:
            self.by_area.setdefault(u["a"], []).append(u)
        self._control_key = (self.flags["ussr_at_war"], tuple(sorted(self.control.items())))
        self._front = _FRONT_CACHE.get(self._control_key, {})
        if not self._front:
            if len(_FRONT_CACHE) > 256:
                _FRONT_CACHE.clear()
            _FRONT_CACHE[self._control_key] = self._front
        # per-view memos: the view does not change while one action is chosen, and the
        # planning scorers ask the same questions of an area once per order token
        self._hostile: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self._threat: dict[tuple[str, str], int] = {}
        self._garrison: dict[tuple[str, str], bool] = {}
        self._best: dict[tuple[str, str, int], tuple[str | None, float]] = {}
        self._defence: dict[tuple[str, str], int] = {}
        self._pull: dict[str, dict[str, float]] = {}
        self._targets: dict[str, dict[str, str]] = {}
        self._pressure: dict[str, float] = {}

    # --- who is where -------------------------------------------------------------------------------

    def enemy(self, faction: str, other: str) -> bool:
        return at_war(self.flags, faction, other)

    def friendly(self, faction: str, other: str | None) -> bool:
        return other is not None and ROLE_OF[other] == ROLE_OF[faction]

    def strength(self, units: list[dict[str, Any]]) -> int:
        return sum(0 if u["ex"] else _unit_level(u["t"], u["lv"]).strength for u in units)

    def own(self, area: str, faction: str) -> list[dict[str, Any]]:
        return [u for u in self.by_area.get(area, []) if u["f"] == faction]

    def hostile(self, area: str, faction: str) -> list[dict[str, Any]]:
        """The enemy units in an area (a shared list: callers only read it)."""
        key = (area, faction)
        found = self._hostile.get(key)
        if found is None:
            here = self.by_area.get(area, [])
            found = [u for u in here if u["f"] != faction and self.enemy(faction, u["f"])]
            self._hostile[key] = found
        return found

    def extras(self, faction: str, area: str) -> int:
        """What a faction can add to a battle from its hand and the air support tokens it
        drew this turn (open information): only drawn tokens are committed (B1.3), not the
        pool they were drawn from."""
        rec = self.factions.get(faction, {})
        card = max((_card_record(c).strength for c in rec.get("hand", [])), default=0)
        if self.weather.get(area) == "mud" or kind_of(area) != "land":
            return card
        drawn = rec.get("air_drawn", {})
        levels = sorted((int(lv) for lv, n in drawn.items() for _ in range(int(n))), reverse=True)
        return card + sum(_air_strength(lv) for lv in levels[:2])

    def defence(self, area: str, faction: str) -> int:
        """What the enemy in `area` could show: units, fortification, orders, support,
        its best card and air tokens; a hidden Defense order is assumed before the reveal."""
        key = (area, faction)
        if key not in self._defence:
            self._defence[key] = self._defence_of(area, faction)
        return self._defence[key]

    def _defence_of(self, area: str, faction: str) -> int:
        foes = self.hostile(area, faction)
        if not foes:
            return 0
        total = self.strength(foes) + self.forts.get(area, 0)
        o = self.orders.get(area)
        if o and o["f"] != faction:
            total += _order_bonus(o["o"]) if _order_kind(o["o"]) == "defense" else 0
        elif self.phase == "planning":
            total += 1
        for n in neighbours(area, ("land",)):
            o = self.orders.get(n)
            if o and o["f"] != faction and _order_kind(o["o"]) == "support":
                total += self.strength(self.hostile(n, faction)) // 2 + _order_bonus(o["o"])
        return total + self.extras(foes[0]["f"], area)

    def own_support(self, target: str, faction: str, origin: str) -> int:
        total = 0
        for n in neighbours(target, ("land",)):
            o = self.orders.get(n)
            if n != origin and o and o["f"] == faction and _order_kind(o["o"]) == "support":
                raw = self.strength(self.own(n, faction))
                halved = vmap().graph.border(n, target) in ("river", "mountain")
                total += (raw // 2 if halved else raw) + _order_bonus(o["o"])
        return total

    # --- what areas are worth -----------------------------------------------------------------------

    def value(self, area: str) -> float:
        if kind_of(area) != "land":
            return 0.0
        land = vmap().land(area)
        return land.vp * 6 + land.pp + 1

    def pressure(self, faction: str) -> float:
        """How hard the faction's side presses for VP late in the war: 0 while it holds the
        15 VP of a minor victory (P10) or before 1943, up to 1 when it lacks 3 or more in
        1944-45. Both players use it, so a front frozen one VP short of a win moves again."""
        side = ROLE_OF[faction]
        if side not in self._pressure:
            m = vmap()
            held = sum(m.land(a).vp for a, f in self.control.items() if ROLE_OF[f] == side)
            late = min(1.0, max(0.0, (self.year - PRESSURE_FROM + 1) / 2))
            self._pressure[side] = min(1.0, max(0, MINOR_VP - held) / 3) * late
        return self._pressure[side]

    def prize(self, area: str, faction: str) -> float:
        """What taking (or keeping) a land area is worth: VP (more under pressure), then key
        areas, then PP."""
        land = vmap().land(area)
        worth = land.vp * 12.0 * (1 + self.pressure(faction)) + land.pp + 2
        country = _key_areas().get(area)
        if country and self.countries[country]["status"] == "active":
            worth += 8
        return worth

    def open_neutrals(self, faction: str) -> tuple[str, ...]:
        """The neutrals this faction means to go through (see _declare)."""
        if ROLE_OF[faction] != "axis":
            return ()
        return tuple(c for c in sorted(self.countries) if self.countries[c]["status"] == "neutral"
                     and _on_the_road(self, c, faction))  # fmt: skip

    def pull(self, faction: str) -> dict[str, float]:
        """Each land area's pull towards the objectives (the best prize less STEP a step)."""
        if faction in self._pull:
            return self._pull[faction]
        neutrals = self.open_neutrals(faction)
        key = (faction, neutrals, self.pressure(faction), *self._control_key)
        field = _PULL_CACHE.get(key)
        if field is None:
            field = self._spread(faction, neutrals)
            if len(_PULL_CACHE) > 256:
                _PULL_CACHE.clear()
            _PULL_CACHE[key] = field
        self._pull[faction] = field
        return field

    def _spread(self, faction: str, neutrals: tuple[str, ...]) -> dict[str, float]:
        m = vmap()
        field: dict[str, float] = {}
        heap: list[tuple[float, str]] = []
        for a in m.land_ids:
            holder = self.control.get(a)
            if holder is not None and self.enemy(faction, holder):
                field[a] = self.prize(a, faction)
            elif holder is None and m.land(a).owner in neutrals:
                field[a] = 3.0 + m.land(a).pp
            else:
                continue
            heapq.heappush(heap, (-field[a], a))
        while heap:
            neg, a = heapq.heappop(heap)
            if -neg < field.get(a, -1e9):
                continue
            for n in neighbours(a, ("land",)):
                holder = self.control.get(n)
                if holder is None:
                    passable = m.land(n).owner in neutrals
                else:
                    passable = self.friendly(faction, holder) or self.enemy(faction, holder)
                here = -neg - STEP
                if passable and here > field.get(n, -1e9):
                    field[n] = here
                    heapq.heappush(heap, (-here, n))
        return field

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
        key = (area, faction)
        if key not in self._threat:
            near = neighbours(area, ("land",))
            self._threat[key] = sum(self.strength(self.hostile(n, faction)) for n in near)
        return self._threat[key]

    def garrison_needed(self, area: str, faction: str) -> bool:
        """An own VP city or key area with enemy stacks next door that its garrison
        and fortification do not outweigh."""
        key = (area, faction)
        if key not in self._garrison:
            self._garrison[key] = self._garrison_needed(area, faction)
        return self._garrison[key]

    def _garrison_needed(self, area: str, faction: str) -> bool:
        if kind_of(area) != "land" or self.control.get(area) != faction:
            return False
        land = vmap().land(area)
        if not land.vp and area not in _key_areas():
            return False
        threat = self.threatened(area, faction)
        return threat > 0 and self.strength(self.own(area, faction)) + self.forts.get(area, 0) <= threat

    def attack(self, origin: str, target: str, faction: str, bonus: int) -> float:
        """The worth of attacking `target` from `origin` with the whole stack (0 = not worth it)."""
        holder = self.control.get(target)
        if holder is None or not self.enemy(faction, holder):
            return 0.0
        prize = self.prize(target, faction)
        foes = self.hostile(target, faction)
        if not foes:
            return 30.0 + prize
        ours = self.strength([u for u in self.own(origin, faction) if kind_of(u["a"]) == "land"])
        if ours == 0:
            return 0.0
        border = vmap().graph.border(origin, target)
        halved = border == "mountain" or (
            border == "river" and not (self.weather.get(origin) == self.weather.get(target) == "snow")
        )
        power = (ours // 2 if halved else ours) + bonus + self.own_support(target, faction, origin)
        power += self.extras(faction, target)
        margin = power - self.defence(target, faction)
        if margin == 0:  # ties go to the initiative track (B4)
            first = self.initiative.index(faction) < self.initiative.index(foes[0]["f"])
            chance = 0.6 if first else 0.4
        else:
            chance = _win_chance(margin)
        gain = chance * (40.0 + prize) - (1 - chance) * ours * 4
        return gain if gain > 15 else 0.0

    def best_target(self, area: str, faction: str, bonus: int) -> tuple[str | None, float]:
        key = (area, faction, bonus)
        found = self._best.get(key)
        if found is None:
            found = (None, 0.0)
            for n in neighbours(area, ("land",)):
                worth = self.attack(area, n, faction, bonus)
                if worth > found[1]:
                    found = (n, worth)
            self._best[key] = found
        return found

    def planned_targets(self, faction: str) -> dict[str, str]:
        """Target -> origin of the faction's Move orders placed so far."""
        if faction not in self._targets:
            out: dict[str, str] = {}
            for area, o in self.orders.items():
                if o["f"] == faction and _order_kind(o["o"]) == "move" and kind_of(area) == "land":
                    target, _ = self.best_target(area, faction, _order_bonus(o["o"]))
                    if target:
                        out[target] = area
            self._targets[faction] = out
        return self._targets[faction]


def _on_the_road(b: Board, country: str, faction: str) -> bool:
    """A neutral worth a declaration: it touches our areas and either an enemy-held area
    (a road into the enemy) or holds VP, is not of our alignment, and our stacks next to it
    are at least twice what it mobilises (plus its fortifications)."""
    k = content().country(country)
    if k.alignment == faction or (country in BALTIC and not b.flags["ussr_at_war"]):
        return False
    if b.countries[country]["war_entry"] < 1:
        return False  # the neutrals that stayed out (war entry 0 in countries.json) are left alone
    areas = _country_areas(country)
    ours, road = 0, False
    seen: set[str] = set()
    for a in areas:
        for n in neighbours(a, ("land",)):
            holder = b.control.get(n)
            if holder == faction and n not in seen:
                seen.add(n)
                ours += b.strength(b.own(n, faction))
            elif holder is not None and b.enemy(faction, holder):
                road = True
    vp = sum(vmap().land(a).vp for a in areas)
    if not (road or vp) or ours < 4:
        return False
    forts = sum(b.forts.get(a, 0) for a in areas)
    return ours >= 2 * (_mobilised_strength(country) + forts)


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


# --- Strategic Phase and battle choices (P4, B2, B3) ------------------------------------------------


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
    battle = b.view["board"].get("battle") or {}
    area = battle.get("area")
    big = area is not None and kind_of(area) == "land" and vmap().land(area).vp > 0
    return 2.0 + int(a[2]) if len(committed) < (3 if big else 2) else -1.0


def _done(b: Board, a: Action) -> float:
    return 1.0


# --- Production (P5) ----------------------------------------------------------------------------------


def _deploy(b: Board, a: Action) -> float:
    _, f, _t, _lv, area = a
    land = vmap().port(area).land if kind_of(area) == "port" else area
    guard = 30.0 if b.garrison_needed(land, f) else 0.0
    pull = b.pull(f).get(land, 0.0)
    return 100.0 - 3 * min(b.front(land, f), 10) + guard + max(pull, 0.0) / 10


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


# --- Planning (P6) ------------------------------------------------------------------------------------


def _order(b: Board, a: Action) -> float:
    _, f, order_id, area = a
    kind = _order_kind(order_id)
    bonus = _order_bonus(order_id)
    if kind_of(area) != "land":
        return 2.0 + bonus if kind == "defense" else 0.0
    threat = b.threatened(area, f)
    guard = b.garrison_needed(area, f)
    if kind == "move":
        target, worth = b.best_target(area, f, bonus)
        if target:
            return worth + bonus * 5
        if guard:
            return 0.0
        pull = b.pull(f)
        here = pull.get(area, -1e9)
        steps = [n for n in neighbours(area, ("land",)) if b.friendly(f, b.control.get(n))]
        ahead = max((pull.get(n, -1e9) for n in steps), default=-1e9)
        return 8.0 - bonus * 2 if ahead > here else 0.0
    if kind == "maneuver":
        return 20.0 if b.front(area, f) in (1, 2) and not threat else 0.0
    if kind == "defense":
        if guard:
            return 40.0 + b.value(area) + bonus * 3
        return 15.0 + b.value(area) + bonus * 3 if threat else 0.0
    if kind == "support":
        planned = b.planned_targets(f)
        helped = [t for t in neighbours(area, ("land",)) if t in planned and planned[t] != area]
        if helped:
            return 25.0 + max(b.prize(t, f) for t in helped) / 2 + bonus * 3
        return 0.0
    if kind == "strategic_movement":
        return 12.0 if b.front(area, f) > 2 else 0.0
    if kind == "build_fortification":
        return 10.0 + b.value(area) / 3 if threat else 0.0
    if kind == "feint_attack":
        return 3.0 if threat else 0.0
    return 0.0


# --- Operations (P7) ----------------------------------------------------------------------------------


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
    origin = u["a"]
    if kind_of(dest) != "land":
        foes = b.hostile(dest, f)
        if foes:
            return 30.0 if b.strength(b.own(origin, f)) > b.strength(foes) + 1 else -1.0
        return 0.0
    holder = b.control.get(dest)
    if holder is not None and b.enemy(f, holder):
        if not b.hostile(dest, f):
            return 50.0 + b.prize(dest, f)
        if kind_of(origin) != "land":
            total = b.strength(b.own(origin, f))
            return 45.0 + b.prize(dest, f) if total + 1 > b.defence(dest, f) else -1.0
        o = b.orders.get(origin)
        bonus = _order_bonus(o["o"]) if o and o["f"] == f else 0
        worth = b.attack(origin, dest, f, bonus)
        return 45.0 + worth if worth > 0 else -1.0
    if kind_of(origin) == "land":
        if b.front(origin, f) <= 1 and b.threatened(origin, f) and len(b.own(origin, f)) <= 1:
            return -1.0  # the last defender stays
        land = vmap().land(origin)
        threat = b.threatened(origin, f)
        left = b.strength(b.own(origin, f)) - _unit_level(u["t"], u["lv"]).strength + b.forts.get(origin, 0)
        if (land.vp or origin in _key_areas()) and threat and threat >= left:
            return -1.0  # a VP city keeps the garrison its neighbours call for
    if b.garrison_needed(dest, f):
        return 25.0
    pull = b.pull(f)
    here = pull.get(origin, -1e9) if kind_of(origin) == "land" else -1e9
    there = pull.get(dest, -1e9)
    return 5.0 + min(there - here, 20.0) if there > here else 0.0


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
    battle = b.view["board"].get("battle") or {}
    f = battle.get("defender") or FACTIONS_OF[b.role][0]  # not a set's order: that follows the hash seed
    return -float(b.threatened(area, f)) + b.value(area) / 10


# --- Diplomacy (P9) -----------------------------------------------------------------------------------


def _declare(b: Board, a: Action) -> float:
    if b.role != "axis":
        return 0.0
    return 8.0 if _on_the_road(b, str(a[1]), "axis") else 0.0


def _declare_ussr(b: Board, a: Action) -> float:
    # The Axis turns east in 1941, once Poland is down, as it did: a war on the USSR in
    # 1940 right after France's fall took the Bug and won 118 of 144 such games
    # (docs/virtuti-design.md, fourth tuning), a rush no Allied plan answered.
    poland_down = b.countries["poland"]["status"] == "surrendered"
    if not poland_down or b.year < EAST_FROM:
        return 0.0
    east = west = 0
    for area, holder in b.control.items():
        if holder not in ("axis", "ussr"):
            continue
        for n in neighbours(area, ("land",)):
            other = b.control.get(n)
            if {holder, other} == {"axis", "ussr"}:
                if holder == "axis":
                    east += b.strength(b.own(area, "axis"))
                else:
                    west += b.strength(b.own(area, "ussr"))
                break
    return 6.0 if east >= west else 0.0


def _pressure(b: Board, a: Action) -> float:
    _, f, country = a
    k = content().country(country)
    if k.alignment != f or b.countries[country]["war_entry"] < 3:
        return 0.0
    return 2.0 + int(b.countries[country]["war_entry"]) / 2


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
    "declare_war": _declare,
    "declare_war_ussr": _declare_ussr,
    "pressure": _pressure,
}
