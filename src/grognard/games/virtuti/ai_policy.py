"""The Virtuti heuristic's policy: a score for each legal action, by its verb (the
plan is in ai.py's docstring), read from the board model (ai_board.py)."""

from __future__ import annotations

from typing import Any

from grognard.core.game import Action
from grognard.games.virtuti.board import FACTIONS_OF, content, kind_of, neighbours, vmap

from .ai_board import (
    Board,
    card_record,
    die_mean,
    key_areas,
    on_the_road,
    order_bonus,
    order_kind,
    unit_level,
)
from .verbs import args

EAST_FROM = 1941  # the year the Axis heuristic may declare war on the USSR (Barbarossa)


#: an action's arguments by name (verbs.py), as the scorers read them
Named = dict[str, Any]


def score(b: Board, a: Action) -> float:
    scorer = SCORERS.get(a[0])
    return scorer(b, args(a)) if scorer else 0.0


# --- Strategic Phase and battle choices (P4, B2, B3) ------------------------------------------------


def _card(b: Board, a: Named) -> float:
    c = card_record(a["card"])
    purpose = b.secret.get("kind")
    battle = c.strength * 2 + sum(die_mean(d) for d in c.dice) + c.hp
    if purpose == "pp_card":
        return c.pp_multiplier / 10 - battle
    if purpose == "air_card":
        return c.air_support * 3 - battle
    return battle + len(c.effects)


def _air(b: Board, a: Named) -> float:
    committed = b.secret.get("choices", {}).get(a["faction"], [])
    battle = b.view["board"].get("battle") or {}
    area = battle.get("area")
    big = area is not None and kind_of(area) == "land" and vmap().land(area).vp > 0
    return 2.0 + int(a["token"]) if len(committed) < (3 if big else 2) else -1.0


def _done(b: Board, a: Named) -> float:
    return 1.0


# --- Production (P5) ----------------------------------------------------------------------------------


def _deploy(b: Board, a: Named) -> float:
    f, area = a["faction"], a["area"]
    land = vmap().port(area).land if kind_of(area) == "port" else area
    guard = 30.0 if b.garrison_needed(land, f) else 0.0
    pull = b.pull(f).get(land, 0.0)
    return 100.0 - 3 * min(b.front(land, f), 10) + guard + max(pull, 0.0) / 10


def _buy(b: Board, a: Named) -> float:
    t, lv = str(a["type"]), int(a["level"])
    if t in ("fleet", "artillery", "corps", "armored_division"):
        return 0.0
    stats = unit_level(t, lv)
    return 40.0 + stats.strength * 4 + lv


def _logistics(b: Board, a: Named) -> float:
    f = a["faction"]
    units = [u for u in b.units.values() if u["f"] == f]
    stacks = sum(1 for area in {u["a"] for u in units} if len(b.own(area, f)) > 1)
    return 45.0 if stacks >= b.factions[f]["logistics"] - 1 else 0.0


def _research(b: Board, a: Named) -> float:
    f, tech = a["faction"], a["technology"]
    rich = b.factions[f]["pp"] >= 40
    return 20.0 if rich and tech in ("tanks", "infantry") else 0.0


def _strengthen(b: Board, a: Named) -> float:
    return 30.0


def _upgrade(b: Board, a: Named) -> float:
    return 25.0


# --- Planning (P6) ------------------------------------------------------------------------------------


def _order(b: Board, a: Named) -> float:
    f, order_id, area = a["faction"], a["order"], a["area"]
    kind = order_kind(order_id)
    bonus = order_bonus(order_id)
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


def _execute(b: Board, a: Named) -> float:
    o = b.orders.get(a["area"], {})
    return 2.0 + order_bonus(o["o"]) if o else 1.0


def _remove(b: Board, a: Named) -> float:
    o = b.orders.get(a["area"], {})
    return 5.0 if o and order_kind(o["o"]) == "support" else 3.0


def _skip(b: Board, a: Named) -> float:
    return 1.0


def _send(b: Board, a: Named) -> float:
    uid, dest = a["unit"], a["to"]
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
        bonus = order_bonus(o["o"]) if o and o["f"] == f else 0
        worth = b.attack(origin, dest, f, bonus)
        return 45.0 + worth if worth > 0 else -1.0
    if kind_of(origin) == "land":
        if b.front(origin, f) <= 1 and b.threatened(origin, f) and len(b.own(origin, f)) <= 1:
            return -1.0  # the last defender stays
        land = vmap().land(origin)
        threat = b.threatened(origin, f)
        left = b.strength(b.own(origin, f)) - unit_level(u["t"], u["lv"]).strength + b.forts.get(origin, 0)
        if (land.vp or origin in key_areas()) and threat and threat >= left:
            return -1.0  # a VP city keeps the garrison its neighbours call for
    if b.garrison_needed(dest, f):
        return 25.0
    pull = b.pull(f)
    here = pull.get(origin, -1e9) if kind_of(origin) == "land" else -1e9
    there = pull.get(dest, -1e9)
    return 5.0 + min(there - here, 20.0) if there > here else 0.0


def _go(b: Board, a: Named) -> float:
    return 1.0


def _hit(b: Board, a: Named) -> float:
    what = a["loss"]
    if what == "card":
        return 10.0
    if what == "fort":
        return 8.0
    u = b.units.get(what)
    return 5.0 - (unit_level(u["t"], u["lv"]).cost / 10 if u else 0)


def _retreat(b: Board, a: Named) -> float:
    area = a["to"]
    battle = b.view["board"].get("battle") or {}
    f = battle.get("defender") or FACTIONS_OF[b.role][0]  # not a set's order: that follows the hash seed
    return -float(b.threatened(area, f)) + b.value(area) / 10


# --- Diplomacy (P9) -----------------------------------------------------------------------------------


def _declare(b: Board, a: Named) -> float:
    if b.role != "axis":
        return 0.0
    return 8.0 if on_the_road(b, str(a["country"]), "axis") else 0.0


def _declare_ussr(b: Board, a: Named) -> float:
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


def _pressure(b: Board, a: Named) -> float:
    f, country = a["faction"], a["country"]
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
