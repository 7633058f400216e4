"""Battle odds for Virtuti Militari (core/odds.py; docs/adding-a-ruleset.md, 10).

A Virtuti battle is one round (rulebook, Resolving Battles). Step 4's winner follows
from the strengths alone, with no dice: the units (the attackers' halved across a
river or mountain border unless it is frozen, B1.1), the order bonuses, the
fortification, the supports, the played cards and the air support tokens. The dice of
step 5 decide only the losses. So the uncertainty is (a) which card each side plays
and which air tokens it commits, both chosen in secret, and (b) the dice.

Both are worked out exactly. The choices not yet known to the asking seat enter as a
prior built from open information only (docs/virtuti-design.md, "Battle odds"):

- a side's card: each card of its hand (which the rules keep open) equally likely,
  copies counting, unless the card is known (revealed, or the seat's own pick);
- a side's drawn air support tokens: each committed with probability 1/2,
  independently, unless the pick is known.

For every pair of choices the dice totals are convolved exactly from the faces of
content's dice, and each total is turned into losses by the exact-HP rule of
`losses.py` (the most points any allocation absorbs). Which units take them is the
player's choice; we assume the owner keeps as many units as it can (fewest units
eliminated among the allocations that absorb the most), which also decides whether a
side has a unit left. Retreats are not modelled beyond "out of supply" (B1.6): a
defender with no valid retreat area, or destroyed to fit the stacking limits, counts
as retreating. These assumptions come back as `notes`.

Outcomes: the attacker wins when it wins step 4, has a unit left and the defenders
leave the area (retreat or elimination); the defender wins when it wins step 4 or
holds the area with a card; `mutual` is a won step 4 with no attacker left, which
leaves the area empty and the defender's. Losses are expected units eliminated
(a reduced Army or Armored Corps is not eliminated); the HP absorbed are in the notes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from grognard.core.game import Action, Role, State
from grognard.core.odds import BadBattle, Odds
from grognard.games.virtuti.battle_description import (
    SIDES,
    Place,
    Side,
    Troop,
    card_table,
    odds_form,
    parse,
)
from grognard.games.virtuti.board import ROLE_OF, Data, at_war, content, is_friendly, kind_of, vmap
from grognard.games.virtuti.content import Card, CardEffect
from grognard.games.virtuti.losses import Chain

MOST_PAIRS = 60_000  # card-and-air-token picks of one side times the other's (about 0.25 s)
HALF = 0.5  # the prior chance that a drawn air token of unknown pick is committed
NOTES = (
    "unknown cards: any card of the hand, equally likely",
    "unknown air tokens: each drawn one committed half the time",
    "losses taken keeping as many units as possible; retreats not simulated",
)


# ----- content lookups ----------------------------------------------------------------------
@cache
def _air() -> dict[int, tuple[int, tuple[str, ...]]]:
    return {a.level: (a.strength, tuple(a.dice)) for a in content().air_support}


@cache
def _pmf(dice: tuple[str, ...]) -> tuple[float, ...]:
    """The exact distribution of the loss points a set of dice deals (index = points)."""
    out = [1.0]
    for colour in dice:
        faces = content().die(colour).faces
        grown = [0.0] * (len(out) + max(faces))
        for face in faces:
            for points, p in enumerate(out):
                grown[points + face] += p / len(faces)
        out = grown
    return tuple(out)


def chain_of(troop: Troop) -> Chain:
    """The HP steps of a unit: its own, then the unit it is reduced to (B1.5)."""
    c = content()
    kind = c.unit(troop.type)
    steps = [kind.levels[troop.level - 1].hp]
    if kind.reduces_to:
        steps.append(c.unit(kind.reduces_to).levels[troop.level - 1].hp)
    return tuple(steps)


@cache
def _loss_table(chains: tuple[tuple[Chain, bool], ...], most: int) -> tuple[tuple[int, int], ...]:
    """For each number of loss points 0..most: (HP absorbed, units eliminated), by the
    exact-HP rule (the most points any allocation absorbs, losses.max_absorb) and the
    fewest units eliminated among the allocations absorbing that many. Each chain is
    (HP steps, whether taking all of it eliminates a unit)."""
    fewest: dict[int, int] = {0: 0}  # absorbed -> fewest eliminated
    for steps, is_unit in chains:
        sums = [sum(steps[:k]) for k in range(len(steps) + 1)]
        grown: dict[int, int] = {}
        for absorbed, dead in fewest.items():
            for k, s in enumerate(sums):
                total = absorbed + s
                if total > most:
                    break
                lost = dead + (1 if is_unit and k == len(steps) else 0)
                if grown.get(total, math.inf) > lost:
                    grown[total] = lost
        fewest = grown
    out = []
    best = 0
    for points in range(most + 1):
        if points in fewest:
            best = points
        out.append((best, fewest[best]))
    return tuple(out)


# ----- one choice of cards and air tokens ----------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    prob: float
    card: Card | None
    air: tuple[int, ...]


def _choices(side: Side) -> list[Choice]:
    """The side's possible (card, air tokens) picks with their prior chances."""
    cards: dict[str | None, int] = {}
    for c in side.cards:
        cards[c] = cards.get(c, 0) + 1
    airs: list[tuple[float, tuple[int, ...]]] = [(1.0, side.air_known)]
    for level, n in side.air_drawn:
        grown = []
        for p, picked in airs:
            for k in range(n + 1):
                grown.append((p * math.comb(n, k) * HALF**n, picked + (level,) * k))
        airs = grown
    total = len(side.cards)
    return [
        Choice(count / total * p, card_table()[c] if c else None, air)
        for c, count in cards.items()
        for p, air in airs
    ]


def _effects(card: Card | None, role: str) -> list[CardEffect]:
    if card is None:
        return []
    return [e for e in card.effects if e.role in ("any", role)]


def _strength(
    side: Side, who: str, own: Choice, cancelled: bool, place: Place
) -> tuple[int, tuple[str, ...]]:
    """Step 1-3 strength of a side (battle.strengths, on a parsed description), its
    air tokens `cancelled` or not by the enemy's card; also the dice the side rolls at
    step 5 (battle.dice_for), sorted."""
    role = "attack" if who == "attacker" else "defence"
    c = content()
    mine = _effects(own.card, role)
    ignore = any(e.kind == "ignore_rivers" for e in mine)
    raw = sum(0 if t.exhausted else c.unit(t.type).levels[t.level - 1].strength for t in side.troops)
    if who == "attacker" and not place.naval and not ignore:
        halved = place.terrain == "mountain" or (place.terrain == "river" and not place.frozen)
        raw = raw // 2 if halved else raw
    total = raw + side.order + side.fortification + (side.support_free if ignore else side.support)
    types = {t.type for t in side.troops}
    dice = [
        c.unit(t.type).levels[t.level - 1].die
        for t in side.troops
        if not t.exhausted and not (c.unit(t.type).dice_when_attacking_only and who != "attacker")
    ]
    if own.card is not None:
        total += own.card.strength
        dice += own.card.dice
        for e in mine:
            if (
                e.kind == "strength_in_country"
                and not place.naval
                and place.area is not None
                and kind_of(place.area) == "land"
                and vmap().land(place.area).owner == e.country
            ):
                total += e.bonus
            if e.kind == "strength_with_types" and types & set(e.unit_types):
                total += e.bonus
            if e.kind == "extra_die_with_types" and e.die and types & set(e.unit_types):
                dice.append(e.die)
    if not cancelled:
        for lv in own.air:
            strength, air_dice = _air()[lv]
            total += strength
            dice += air_dice
    return total, tuple(sorted(dice))


def _holds(defender: Choice, place: Place) -> bool:
    """Stalin's Line, 62nd Army: beaten defenders stay (battle.holds); out of supply wins."""
    for e in _effects(defender.card, "defence"):
        if e.kind == "hold_in_areas" and place.area in e.areas:
            return True
        if e.kind == "hold_in_friendly" and not place.naval and place.friendly:
            return True
    return False


@dataclass
class Losses:
    """Expected results of one side's losses for one distribution of incoming points."""

    hp: float  # HP absorbed
    dead: float  # units eliminated by losses
    none_left: float  # chance no unit of the side is left
    all_dead_units: int  # units the side has in the chains


def _losses(pmf: Sequence[float], troops: Sequence[Troop], extra: int) -> Losses:
    """Loss points by `pmf` on these troops plus `extra` single-HP absorbers (the
    fortification's levels and the card's HP symbols)."""
    chains = tuple((chain_of(t), True) for t in troops) + (((1,), False),) * extra
    table = _loss_table(chains, len(pmf) - 1)
    hp = dead = none = 0.0
    for points, p in enumerate(pmf):
        if p:
            absorbed, lost = table[points]
            hp += p * absorbed
            dead += p * lost
            if lost == len(troops):
                none += p
    return Losses(hp, dead, none, len(troops))


def _cancels(card: Card | None, role: str) -> bool:
    return any(e.kind == "cancel_enemy_air" for e in _effects(card, role))


def _by_card(by_card: dict[str, list[float]]) -> tuple[str, ...]:
    """The attacker's chance to win for each card the seat may play (when it has a choice)."""
    if len(by_card) < 2:
        return ()
    parts = [f"{name} {taken / chance:.0%}" for name, (chance, taken) in sorted(by_card.items()) if chance]
    return ("attacker wins with your card: " + ", ".join(parts),)


def odds(description: Mapping[str, Any]) -> Odds:
    attacker, defender, place = parse(description)
    att_choices, def_choices = _choices(attacker), _choices(defender)
    if len(att_choices) * len(def_choices) > MOST_PAIRS:
        raise BadBattle(
            f"too many unknown picks to work out: {len(att_choices)} x {len(def_choices)} "
            f"card-and-air-token choices (at most {MOST_PAIRS} pairs); name fewer cards or tokens"
        )
    win = hold = mutual = att_lost = def_lost = att_hp = def_hp = 0.0
    artillery = {
        s: sum(1 for t in side.troops if t.type == "artillery")
        for s, side in zip(SIDES, (attacker, defender), strict=True)
    }
    non_artillery = {
        s: tuple(t for t in side.troops if t.type != "artillery")
        for s, side in zip(SIDES, (attacker, defender), strict=True)
    }
    # strength and dice depend on the enemy's choice only through "cancel enemy air":
    # both variants of every choice are worked out once, as are the losses per dice set
    att_info = [{c: _strength(attacker, "attacker", a, c, place) for c in (False, True)} for a in att_choices]
    def_info = [{c: _strength(defender, "defender", d, c, place) for c in (False, True)} for d in def_choices]
    att_cancels = [_cancels(a.card, "attack") for a in att_choices]
    def_cancels = [_cancels(d.card, "defence") for d in def_choices]
    memo: dict[tuple[Any, ...], Losses] = {}

    def losses(dice: tuple[str, ...], troops: tuple[Troop, ...], extra: int) -> Losses:
        key = (dice, troops, extra)
        if key not in memo:
            memo[key] = _losses(_pmf(dice), troops, extra)
        return memo[key]

    seat = description.get("seat")
    if seat is not None and seat not in SIDES:
        raise BadBattle(f"seat must be attacker or defender, not {seat!r}")
    by_card: dict[str, list[float]] = {}  # the seat's card -> [chance, attacker wins]
    for i, a in enumerate(att_choices):
        a_card_hp = a.card.hp if a.card else 0
        for j, d in enumerate(def_choices):
            p = a.prob * d.prob
            if not p:
                continue
            a_total, a_dice = att_info[i][def_cancels[j]]
            d_total, d_dice = def_info[j][att_cancels[i]]
            attack_wins = a_total > d_total or (a_total == d_total and place.attacker_first)
            # B1.5: the loser's artillery is eliminated before losses are allocated
            d_troops = non_artillery["defender"] if attack_wins else defender.troops
            a_troops = attacker.troops if attack_wins else non_artillery["attacker"]
            d_card_hp = d.card.hp if d.card else 0
            on_def = losses(a_dice, d_troops, defender.fortification + d_card_hp)
            on_att = losses(d_dice, a_troops, a_card_hp)
            att_hp += p * on_att.hp
            def_hp += p * on_def.hp
            if attack_wins:
                d_dead = on_def.dead + artillery["defender"]
                if place.out_of_supply and not place.naval:  # B1.6: no retreat, all eliminated
                    d_dead = len(defender.troops)
                    stays = 0.0
                else:
                    stays = (1 - on_def.none_left) if _holds(d, place) else 0.0
                taken = p * (1 - on_att.none_left) * (1 - stays)
                win += taken
                mutual += p * on_att.none_left * (1 - stays)
                hold += p * stays
                att_lost += p * on_att.dead
                def_lost += p * d_dead
            else:
                hold += p
                a_dead = on_att.dead + artillery["attacker"]
                if place.landing:  # B1.6: a failed landing has nowhere to go
                    a_dead = len(attacker.troops)
                att_lost += p * a_dead
                def_lost += p * on_def.dead
                taken = 0.0
            if seat is not None:
                card = (a if seat == "attacker" else d).card
                entry = by_card.setdefault(card.name if card else "no card", [0.0, 0.0])
                entry[0] += p
                entry[1] += taken
    total = win + hold + mutual  # 1 but for rounding: the three chances add up to 1 exactly
    return Odds(
        attacker_wins=win / total,
        defender_wins=hold / total,
        mutual=mutual / total,
        attacker_losses=att_lost,
        defender_losses=def_lost,
        exact=True,
        notes=(
            *NOTES,
            f"expected HP absorbed: attacker {att_hp:.1f}, defender {def_hp:.1f}",
            *(("no air support in mud or at sea (step 3 is skipped)",) if place.mud or place.naval else ()),
            *_by_card(by_card),
        ),
    )


# ----- a battle of a game, from a seat's view ----------------------------------------------------------
def _key(unit: Mapping[str, Any]) -> str:
    return f"{unit['t']}_{unit['lv']}" + ("_ex" if unit["ex"] else "")


def _count(units: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        out[_key(u)] = out.get(_key(u), 0) + 1
    return out


def _own_plan(state: State, role: Role) -> dict[str, Any] | None:
    """The Move order the seat is carrying out now (its own open choices), if any."""
    for frame in reversed(getattr(state, "flow", None) or []):
        if frame.get("state") == "move" and ROLE_OF.get(frame.get("f", ""), "") == role:
            return dict(frame)
    return None


def battle_at(
    state: State, role: Role | None, where: str, action: Action | None = None
) -> dict[str, Any] | None:
    """The battle at `where` from `role`'s view: the one being fought there (until its
    winner is known), or the attack the seat's Move order would make there (the units
    sent so far and `action`, a ("send", unit, area)), or else the attack its
    strongest stack next to `where` under a Move order could make; none during a
    Feint Attack, which removes an order. The cards and air tokens not yet known to the
    seat become the prior of the module docstring."""
    from grognard.games.virtuti.battle import support
    from grognard.games.virtuti.movement import order_kind

    view = state.view(role)["board"]
    if where not in vmap().graph:
        raise BadBattle(f"{where!r} is not an area of the map")
    units = {u["id"]: u for u in view["units"]}
    # a partial board from the view: the keys the rules' queries below read
    data = cast(Data, {k: view[k] for k in ("orders", "weather", "control", "countries")} | {"units": units})
    battle = view.get("battle")
    mine = view.get("my_secret") or {}
    flow = getattr(state, "flow", None) or []
    if flow and flow[-1].get("state") == "feint":
        return None  # a Feint Attack removes an order: no battle follows from it
    if battle is not None and battle["area"] == where:
        if "winner" in battle:
            return None  # step 4 is over: the dice have fallen, nothing is left to forecast
        att, origin, bonus = battle["att"], battle["origin"], int(battle["bonus"])
        attackers = [units[u] for u in battle["attackers"] if u in units]
        landing = bool(battle.get("landing"))
        defender = battle["defender"]
    else:
        if role is None:
            return None
        plan = _own_plan(state, role)
        attackers, att, origin, bonus, landing = [], "", "", 0, False
        if plan is not None:
            chosen = {u for u, d in plan["plan"].items() if d == where}
            if action and len(action) == 3 and action[0] == "send" and action[2] == where:
                chosen.add(str(action[1]))
            attackers = [units[u] for u in sorted(chosen) if u in units]
            att, origin, bonus, landing = (
                plan["f"],
                plan["area"],
                int(plan["bonus"]),
                bool(plan.get("landing")),
            )
        if not attackers:
            best: tuple[int, str] | None = None
            for area, o in sorted(view["orders"].items()):
                if ROLE_OF.get(o["f"]) != role or order_kind(o["o"]) != "move":
                    continue
                if where not in vmap().neighbours(area, ("land", "sea", "port")):
                    continue
                stack = [u for u in units.values() if u["a"] == area and u["f"] == o["f"] and not u["ex"]]
                naval = kind_of(where) == "sea"
                stack = [u for u in stack if content().unit(u["t"]).naval == naval]
                if stack and (best is None or len(stack) > best[0]):
                    best = (len(stack), area)
                    attackers, att, origin = stack, o["f"], area
                    bonus = {x.id: x.bonus for x in content().orders}[o["o"]]
        if not attackers:
            return None
        enemies = [
            u for u in units.values() if u["a"] == where and u["f"] != att and at_war(view, att, u["f"])
        ]
        if not enemies:
            return None
        defender = enemies[0]["f"]
    defenders = [u for u in units.values() if u["a"] == where and u["f"] == defender]
    if not defenders:
        return None
    sea = kind_of(where) == "sea"
    mud = not sea and view["weather"].get(where) == "mud"
    border = vmap().graph.border(origin, where) if origin in vmap().graph else None
    land_land = kind_of(origin) == "land" and kind_of(where) == "land"
    frozen = view["weather"].get(origin) == "snow" and view["weather"].get(where) == "snow"
    side_of = {"attacker": att, "defender": defender}
    cards: dict[str, Any] = {}
    air: dict[str, dict[str, int]] = {"attacker": {}, "defender": {}}
    drawn: dict[str, dict[str, int]] = {}
    played = battle.get("cards") if battle is not None and battle["area"] == where else None
    committed = battle.get("air") if battle is not None and battle["area"] == where else None
    for who, faction in side_of.items():
        rec = view["factions"][faction]
        own = role is not None and ROLE_OF[faction] == role
        if played is not None:
            cards[who] = played.get("attack" if who == "attacker" else "defence")
        elif own and mine.get("kind") == "battle_card" and faction in mine.get("choices", {}):
            cards[who] = mine["choices"][faction]
        else:
            cards[who] = sorted(rec["hand"]) or None
        if sea or mud:
            continue
        known = None
        if committed is not None and committed:
            known = committed.get("attack" if who == "attacker" else "defence", [])
        elif own and mine.get("kind") == "battle_air":
            known = mine.get("choices", {}).get(faction, [])
        if known is not None:
            for lv in known:
                air[who][f"air_{lv}"] = air[who].get(f"air_{lv}", 0) + 1
        else:
            drawn[who] = {str(lv): int(n) for lv, n in rec.get("air_drawn", {}).items() if n}

    def side(who: str, troops: list[dict[str, Any]], extra: dict[str, int]) -> dict[str, int]:
        faction = side_of[who]
        plain = support(data, faction, where, sea, False)[0]
        return {**_count(troops), **extra, "support": plain, **air[who]}

    dorder = view["orders"].get(where)
    defence_bonus = 0
    if dorder and dorder["f"] == defender and order_kind(dorder["o"]) == "defense":
        defence_bonus = {x.id: x.bonus for x in content().orders}[dorder["o"]]
    attacker_side = side("attacker", attackers, {"order": bonus})
    defender_side = side(
        "defender",
        defenders,
        {"order": defence_bonus, "fortification": 0 if sea else int(view["forts"].get(where, 0))},
    )
    return {
        "attacker": attacker_side,
        "defender": defender_side,
        "roles": {"attacker": ROLE_OF[att], "defender": ROLE_OF[defender]},
        "factions": dict(side_of),
        "terrain": border if land_land and border in ("river", "mountain") else "land",
        "frozen": frozen,
        "naval": sea,
        "mud": mud,
        "attacker_first": view["initiative"].index(att) < view["initiative"].index(defender),
        "landing": landing,
        "out_of_supply": not sea and where in view["out_of_supply"],
        "friendly": not sea and is_friendly(data, defender, where),
        "area": where,
        "origin": origin,
        "cards": cards,
        "air_drawn": drawn,
        "support_ignoring_rivers": {w: support(data, side_of[w], where, sea, True)[0] for w in SIDES},
        "seat": next((w for w, f in side_of.items() if role is not None and ROLE_OF[f] == role), None),
        "kind": "battle",
    }


__all__ = ["battle_at", "odds", "odds_form"]
