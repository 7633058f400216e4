"""The Virtuti heuristic's model of the game, read from one seat's view: the content's
numbers it asks for (cached lookups), and `Board`, the view indexed for the scorers with
its memos (defence, threats, garrisons, the pull of objectives over the map, the fronts,
each faction's best targets). The policy (ai_policy.py) scores actions with it; ai.py is
the agent, and its docstring the plan."""

from __future__ import annotations

import heapq
from functools import cache
from typing import Any, cast

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

View = dict[str, Any]

BALTIC = ("lithuania", "latvia", "estonia")
STEP = 4.0  # how much an objective's pull falls with each land step
PRESSURE_FROM = 1943  # the year from which a side short of 15 VP presses for them


@cache
def unit_level(kind: str, level: int) -> UnitLevel:
    return content().unit(kind).levels[level - 1]


@cache
def card_record(card_id: str) -> Card:
    for deck in content().decks:
        for c in deck.cards:
            if c.id == card_id:
                return c
    raise KeyError(card_id)


@cache
def die_mean(colour: str) -> float:
    return sum(content().die(colour).faces) / 6


@cache
def order_bonus(order_id: str) -> int:
    return int({o.id: o.bonus for o in content().orders}[order_id])


@cache
def order_kind(order_id: str) -> str:
    return str({o.id: o.kind for o in content().orders}[order_id])


@cache
def air_strength(level: int) -> int:
    return int({a.level: a.strength for a in content().air_support}[level])


@cache
def key_areas() -> dict[str, str]:
    """Key area -> its country."""
    return {a: k.id for k in content().countries for a in k.key_areas}


@cache
def country_areas(country: str) -> tuple[str, ...]:
    m = vmap()
    return tuple(a for a in m.land_ids if m.land(a).owner == country)


@cache
def mobilised_strength(country: str) -> int:
    return sum(unit_level(u.type, u.level).strength for u in content().country(country).mobilised)


def win_chance(margin: int) -> float:
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
        return sum(0 if u["ex"] else unit_level(u["t"], u["lv"]).strength for u in units)

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
        card = max((card_record(c).strength for c in rec.get("hand", [])), default=0)
        if self.weather.get(area) == "mud" or kind_of(area) != "land":
            return card
        drawn = rec.get("air_drawn", {})
        levels = sorted((int(lv) for lv, n in drawn.items() for _ in range(int(n))), reverse=True)
        return card + sum(air_strength(lv) for lv in levels[:2])

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
            total += order_bonus(o["o"]) if order_kind(o["o"]) == "defense" else 0
        elif self.phase == "planning":
            total += 1
        for n in neighbours(area, ("land",)):
            o = self.orders.get(n)
            if o and o["f"] != faction and order_kind(o["o"]) == "support":
                total += self.strength(self.hostile(n, faction)) // 2 + order_bonus(o["o"])
        return total + self.extras(foes[0]["f"], area)

    def own_support(self, target: str, faction: str, origin: str) -> int:
        total = 0
        for n in neighbours(target, ("land",)):
            o = self.orders.get(n)
            if n != origin and o and o["f"] == faction and order_kind(o["o"]) == "support":
                raw = self.strength(self.own(n, faction))
                halved = vmap().graph.border(n, target) in ("river", "mountain")
                total += (raw // 2 if halved else raw) + order_bonus(o["o"])
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
        country = key_areas().get(area)
        if country and self.countries[country]["status"] == "active":
            worth += 8
        return worth

    def open_neutrals(self, faction: str) -> tuple[str, ...]:
        """The neutrals this faction means to go through (see _declare)."""
        if ROLE_OF[faction] != "axis":
            return ()
        return tuple(c for c in sorted(self.countries) if self.countries[c]["status"] == "neutral"
                     and on_the_road(self, c, faction))  # fmt: skip

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
        if not land.vp and area not in key_areas():
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
            chance = win_chance(margin)
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
                if o["f"] == faction and order_kind(o["o"]) == "move" and kind_of(area) == "land":
                    target, _ = self.best_target(area, faction, order_bonus(o["o"]))
                    if target:
                        out[target] = area
            self._targets[faction] = out
        return self._targets[faction]


def on_the_road(b: Board, country: str, faction: str) -> bool:
    """A neutral worth a declaration: it touches our areas and either an enemy-held area
    (a road into the enemy) or holds VP, is not of our alignment, and our stacks next to it
    are at least twice what it mobilises (plus its fortifications)."""
    k = content().country(country)
    if k.alignment == faction or (country in BALTIC and not b.flags["ussr_at_war"]):
        return False
    if b.countries[country]["war_entry"] < 1:
        return False  # the neutrals that stayed out (war entry 0 in countries.json) are left alone
    areas = country_areas(country)
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
    return ours >= 2 * (mobilised_strength(country) + forts)
