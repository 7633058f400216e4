"""Resolving Battles: the seven steps.

1 strength (units, supports across rivers and mountains halved, frozen rivers, order
bonuses, fortifications); 2 a secret card each; 3 secret air support tokens (not in
mud, not at sea); 4 the winner (ties to the initiative track); 5 dice and the exact-HP
loss allocation (losses.py), defender first; 6 the loser retreats and is exhausted;
7 the winning attacker captures the area.

The battle is one flow frame that passes from step to step (battle_steps.py names
them; `flow.become` keeps its fields); the secret steps are secret windows
(secrets.py, steps.SecretWindow) pushed above it, whose choices come back as
`returned`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, become, call, end
from grognard.core.game import Action
from grognard.games.virtuti.board import (
    ROLE_OF,
    Data,
    Unit,
    content,
    controller,
    enemy_units_in,
    hp,
    is_friendly,
    is_naval,
    kind_of,
    level_stats,
    neighbours,
    remove_unit,
    secret_window,
    stacks_fit,
    strength,
    units,
    vmap,
)
from grognard.games.virtuti.cards import card as card_of
from grognard.games.virtuti.cards import play_card
from grognard.games.virtuti.content import Card, CardEffect
from grognard.games.virtuti.losses import Chain, legal_picks
from grognard.games.virtuti.movement import capture, order_kind, strait_open
from grognard.games.virtuti.secrets import open_secret, secret_log

from .verbs import args

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState


# --- step 1: strength ----------------------------------------------------------------------------------


def halves(data: Data, a: str, b: str) -> bool:
    """Strength across a river or mountain border is halved; a river between two snowy
    areas is frozen and costs nothing."""
    kind = vmap().graph.border(a, b)
    if kind == "mountain":
        return True
    if kind == "river":
        return not (data["weather"].get(a) == "snow" and data["weather"].get(b) == "snow")
    return False


def projected(total: int, halved: bool) -> int:
    return total // 2 if halved else total


def support(data: Data, faction: str, area: str, sea: bool, ignore_rivers: bool) -> tuple[int, list[str]]:
    """Strength from adjacent areas holding the faction's Support orders: the units'
    strength (halved across rivers and mountains) plus the order's bonus. Land units do
    not support sea battles, fleets not land battles."""
    total, notes = 0, []
    for n in neighbours(area):
        o = data["orders"].get(n)
        if not o or o["f"] != faction:
            continue
        kind = order_kind(o["o"])
        if kind == "shore_bombardment" and not sea and kind_of(n) == "sea":
            fleets = [u for u in units(data) if u["a"] == n and u["f"] == faction and is_naval(u)]
            value = sum(strength(u) for u in fleets)
            total += value
            notes.append(f"shore bombardment from {n} {value}")
            continue
        if kind != "support":
            continue
        helpers = [u for u in units(data) if u["a"] == n and u["f"] == faction and is_naval(u) == sea]
        raw = sum(strength(u) for u in helpers)
        value = projected(raw, halves(data, n, area) and not ignore_rivers)
        bonus = {x.id: x.bonus for x in content().orders}[o["o"]]
        total += value + bonus
        notes.append(f"support from {n} {value}+{bonus}")
    return total, notes


def effects(card: Card | None, side: str) -> list[CardEffect]:
    if card is None:
        return []
    return [e for e in card.effects if e.role in ("any", side)]


def side_units(data: Data, frame: Frame, side: str) -> list[Unit]:
    if side == "attack":
        return [data["units"][u] for u in frame["attackers"] if u in data["units"]]
    return [u for u in units(data) if u["a"] == frame["area"] and u["f"] == frame["defender"]]


def strengths(data: Data, frame: Frame) -> dict[str, dict[str, Any]]:
    """Each side's total strength with its parts, after cards and air support."""
    area = frame["area"]
    cards = {s: (card_of(c) if c else None) for s, c in frame["cards"].items()}
    out: dict[str, dict[str, Any]] = {}
    for side, faction in (("attack", frame["att"]), ("defence", frame["defender"])):
        own = effects(cards[side], side)
        enemy = effects(
            cards["defence" if side == "attack" else "attack"], "defence" if side == "attack" else "attack"
        )
        ignore = any(e.kind == "ignore_rivers" for e in own)
        troops = side_units(data, frame, side)
        raw = sum(strength(u) for u in troops)
        if side == "attack":
            origin_land = kind_of(frame["origin"]) == "land" and kind_of(area) == "land"
            base = projected(raw, origin_land and halves(data, frame["origin"], area) and not ignore)
            parts = [f"units {base}", f"move order +{frame['bonus']}"]
            base += frame["bonus"]
        else:
            base, parts = raw, [f"units {raw}"]
            o = data["orders"].get(area)
            if o and o["f"] == faction and order_kind(o["o"]) == "defense":
                bonus = {x.id: x.bonus for x in content().orders}[o["o"]]
                base += bonus
                parts.append(f"defense order +{bonus}")
            fort = data["forts"].get(area, 0) if not frame["sea"] else 0
            if fort:
                base += fort
                parts.append(f"fortification +{fort}")
        extra, notes = support(data, faction, area, frame["sea"], ignore)
        base += extra
        parts += notes
        card = cards[side]
        if card is not None:
            base += card.strength
            parts.append(f"{card.name} +{card.strength}")
            for e in own:
                if (
                    e.kind == "strength_in_country"
                    and not frame["sea"]
                    and vmap().land(area).owner == e.country
                ):
                    base += e.bonus
                    parts.append(f"{card.name} in {e.country} +{e.bonus}")
                if e.kind == "strength_with_types" and any(u["t"] in e.unit_types for u in troops):
                    base += e.bonus
                    parts.append(f"{card.name} with {'/'.join(e.unit_types)} +{e.bonus}")
        air_cancelled = any(e.kind == "cancel_enemy_air" for e in enemy)
        air = [] if air_cancelled else frame["air"].get(side, [])
        levels = {a.level: a for a in content().air_support}
        air_strength = sum(levels[int(lv)].strength for lv in air)
        if air_strength:
            base += air_strength
            parts.append(f"air +{air_strength}")
        out[side] = {"total": base, "parts": parts, "air": air, "troops": troops, "card": card, "own": own}
    return out


# --- step 5: dice ---------------------------------------------------------------------------------------


def dice_for(side: str, info: dict[str, Any]) -> list[str]:
    """Dice of units in the battle (artillery only when attacking, none when exhausted),
    of the played card and its effects, and of the air support tokens."""
    out = []
    for u in info["troops"]:
        if u["ex"]:
            continue
        if content().unit(u["t"]).dice_when_attacking_only and side != "attack":
            continue
        out.append(str(level_stats(u).die))
    card = info["card"]
    if card is not None:
        out += list(card.dice)
        for e in info["own"]:
            if (
                e.kind == "extra_die_with_types"
                and e.die
                and any(u["t"] in e.unit_types for u in info["troops"])
            ):
                out.append(e.die)
    levels = {a.level: a for a in content().air_support}
    for lv in info["air"]:
        out += list(levels[int(lv)].dice)
    return out


def roll(state: VirtutiState, who: str, colours: list[str]) -> int:
    total = 0
    faces = []
    for colour in colours:
        value = content().die(colour).faces[state.rng.randint(1, 6) - 1]
        faces.append(f"{colour} {value}")
        total += value
    state.log(f"{who} rolls {', '.join(faces) or 'no dice'}: {total} loss points")
    return total


# --- the battle frame -------------------------------------------------------------------------------------


def begin(state: VirtutiState, frame: Frame) -> None:
    """Step 2: both sides choose a card in secret."""
    roles = [ROLE_OF[frame["att"]], ROLE_OF[frame["defender"]]]
    state.log(f"Battle in {frame['area']}: {frame['att']} attacks {frame['defender']} from {frame['origin']}")
    become(frame, "battle_cards_chosen")
    open_secret(state, "battle_card", roles, factions=[frame["att"], frame["defender"]])
    call(state.flow, "battle_card")


def after_cards(state: VirtutiState, frame: Frame) -> None:
    chosen = frame.pop("returned") or {}
    frame["cards"] = {"attack": chosen.get(frame["att"]), "defence": chosen.get(frame["defender"])}
    frame["air"] = {}
    mud = not frame["sea"] and state.vdata["weather"].get(frame["area"]) == "mud"
    if frame["sea"] or mud:  # step 3 is skipped at sea and in mud
        become(frame, "battle_resolve")
        return
    become(frame, "battle_air_chosen")
    roles = [ROLE_OF[frame["att"]], ROLE_OF[frame["defender"]]]
    open_secret(state, "battle_air", roles, factions=[frame["att"], frame["defender"]])
    call(state.flow, "battle_air")


def after_air(state: VirtutiState, frame: Frame) -> None:
    chosen = frame.pop("returned") or {}
    frame["air"] = {"attack": chosen.get(frame["att"], []), "defence": chosen.get(frame["defender"], [])}
    become(frame, "battle_resolve")


def resolve(state: VirtutiState, frame: Frame) -> None:
    """Steps 4 and 5: the winner, the dice, and the losing side's artillery."""
    data = state.vdata
    info = strengths(data, frame)
    att, dfn = info["attack"]["total"], info["defence"]["total"]
    if att != dfn:
        winner = "attack" if att > dfn else "defence"
    else:
        order = data["initiative"]
        winner = "attack" if order.index(frame["att"]) < order.index(frame["defender"]) else "defence"
    state.log(f"Strength: attacker {att} ({'; '.join(info['attack']['parts'])}), "
              f"defender {dfn} ({'; '.join(info['defence']['parts'])}); the {winner} wins")  # fmt: skip
    frame["winner"] = winner
    hits_on_def = roll(state, frame["att"], dice_for("attack", info["attack"]))
    hits_on_att = roll(state, frame["defender"], dice_for("defence", info["defence"]))
    loser = "defence" if winner == "attack" else "attack"
    for u in side_units(data, frame, loser):
        if u["t"] == "artillery":
            state.log(f"the losing side's artillery {u['id']} is eliminated")
            remove_unit(data, u)
    frame["left"] = {"defence": hits_on_def, "attack": hits_on_att}
    frame["fort"] = 0 if frame["sea"] else data["forts"].get(frame["area"], 0)
    frame["card_hp"] = {s: (card_of(c).hp if c else 0) for s, c in frame["cards"].items()}
    become(frame, "battle_loss_defence")


def chains(state: VirtutiState, frame: Frame, side: str) -> list[tuple[str, Chain]]:
    """The loss absorbers of a side: its units, the fortification, its card's HP."""
    c = content()
    out: list[tuple[str, Chain]] = []
    for u in side_units(state.vdata, frame, side):
        steps = [hp(u)]
        reduced = c.unit(u["t"]).reduces_to
        if reduced:
            steps.append(c.unit(reduced).levels[u["lv"] - 1].hp)
        out.append((u["id"], tuple(steps)))
    if side == "defence" and frame["fort"]:
        out.append(("fort", (1,) * frame["fort"]))
    if frame["card_hp"].get(side):
        out.append(("card", (1,) * frame["card_hp"][side]))
    return out


def loss_legal(state: VirtutiState, frame: Frame) -> list[Action]:
    side = frame["state"].removeprefix("battle_loss_")
    options = chains(state, frame, side)
    picks = legal_picks(frame["left"][side], [ch for _, ch in options])
    return [("hit", options[i][0]) for i in picks]


def loss_apply(state: VirtutiState, frame: Frame, action: Action) -> None:
    data, c = state.vdata, content()
    side = frame["state"].removeprefix("battle_loss_")
    what = args(action)["loss"]
    if what == "fort":
        frame["fort"] -= 1
        frame["left"][side] -= 1
        level = data["forts"].get(frame["area"], 0) - 1
        if level > 0:
            data["forts"][frame["area"]] = level
        else:
            data["forts"].pop(frame["area"], None)
        state.log(f"the fortification in {frame['area']} absorbs a loss")
    elif what == "card":
        frame["card_hp"][side] -= 1
        frame["left"][side] -= 1
        state.log("a card HP symbol absorbs a loss")
    else:
        u = data["units"][what]
        frame["left"][side] -= hp(u)
        reduced = c.unit(u["t"]).reduces_to
        if reduced:
            state.log(f"{u['t']} {u['id']} is reduced to {reduced}")
            u["t"] = reduced
        else:
            state.log(f"{u['t']} {u['id']} is eliminated")
            remove_unit(data, u)


def next_after_losses(state: VirtutiState, frame: Frame) -> None:
    if frame["state"] == "battle_loss_defence":
        become(frame, "battle_loss_attack")
    else:
        become(frame, "battle_retreat")


# --- step 6: retreat ------------------------------------------------------------


def retreat_areas(state: VirtutiState, frame: Frame) -> tuple[list[str], bool]:
    """Where the losing defenders may go, and whether those areas keep the stacking
    limits (if none does, any valid area may be chosen and units are destroyed to fit)."""
    data = state.vdata
    f, area = frame["defender"], frame["area"]
    troops = side_units(data, frame, "defence")
    valid = []
    for n in neighbours(area, ("sea", "port") if frame["sea"] else ("land",)):
        if n == frame["origin"]:
            continue
        if frame["sea"]:
            ok = (
                (not enemy_units_in(data, f, n) and strait_open(data, f, area, n))
                if kind_of(n) == "sea"
                else controller(data, n) == f
            )
        else:
            ok = controller(data, n) == f
        if ok:
            valid.append(n)
    fitting = [n for n in valid if stacks_fit(data, f, {u["id"]: n for u in troops})]
    return (fitting, True) if fitting else (valid, False)


def holds(state: VirtutiState, frame: Frame) -> bool:
    """Stalin's Line and 62nd Army: losing defenders stay in the listed or own areas."""
    card = card_of(frame["cards"]["defence"]) if frame["cards"].get("defence") else None
    area = frame["area"]
    for e in effects(card, "defence"):
        if e.kind == "hold_in_areas" and area in e.areas:
            return True
        if (
            e.kind == "hold_in_friendly"
            and not frame["sea"]
            and is_friendly(state.vdata, frame["defender"], area)
        ):
            return True
    return False


def retreat(state: VirtutiState, frame: Frame) -> None:
    """Automatic part of step 6; asks "battle_retreat_choice" when the loser must choose."""
    data = state.vdata
    loser = "defence" if frame["winner"] == "attack" else "attack"
    troops = side_units(data, frame, loser)
    if loser == "attack" and frame.get("landing"):
        for u in troops:
            remove_unit(data, u)  # a failed landing has nowhere to go
        state.log("the landing fails: the attackers are eliminated")
        become(frame, "battle_capture")
        return
    if loser == "attack":
        for u in troops:
            u["ex"] = True  # they stay where they attacked from, exhausted
        become(frame, "battle_capture")
        return
    if not troops:
        become(frame, "battle_capture")
        return
    if not frame["sea"] and frame["area"] in data["oos"]:
        state.log(f"the defenders of {frame['area']} are out of supply and are eliminated")
        for u in troops:
            remove_unit(data, u)
    elif holds(state, frame):
        state.log(f"the defenders of {frame['area']} hold their ground (card)")
    else:
        areas, _ = retreat_areas(state, frame)
        if len(areas) > 1:
            become(frame, "battle_retreat_choice")
            return
        if areas:
            retreat_to(state, frame, areas[0])
        else:
            state.log(f"the defenders of {frame['area']} have nowhere to retreat and are eliminated")
            for u in troops:
                remove_unit(data, u)
    become(frame, "battle_capture")


def retreat_to(state: VirtutiState, frame: Frame, dest: str) -> None:
    data = state.vdata
    f = frame["defender"]
    troops = sorted(side_units(data, frame, "defence"), key=lambda u: (level_stats(u).cost, u["id"]))
    for u in troops:
        u["a"] = dest
        u["ex"] = True
    # if only over-stacked areas were left, the cheapest retreating units are destroyed
    while troops and not stacks_fit(data, f):
        victim = troops.pop(0)
        state.log(f"{victim['t']} {victim['id']} is destroyed: no room in {dest}")
        remove_unit(data, victim)
    state.log(f"{f} retreats from {frame['area']} to {dest}")
    become(frame, "battle_capture")


def retreat_legal(state: VirtutiState, frame: Frame) -> list[Action]:
    return [("retreat", a) for a in retreat_areas(state, frame)[0]]


def finish(state: VirtutiState, frame: Frame) -> None:
    """Step 7: a winning attacker with survivors advances; a land area is captured."""
    data = state.vdata
    survivors = side_units(data, frame, "attack")
    if frame["winner"] == "attack" and survivors and not side_units(data, frame, "defence"):
        for u in survivors:
            u["a"] = frame["area"]
        if not frame["sea"]:
            capture(state, frame["att"], frame["area"])
        else:
            state.log(f"{frame['att']} takes the {frame['area']}")
    end(state.flow)


# --- the secret steps of a battle --------------------------------------------------


class BattleCard:
    """Step 2: each side picks a card of its hand in secret."""

    def roles(self, state: VirtutiState) -> list[str]:
        return list(secret_window(state.vdata)["roles"])

    def legal(self, state: VirtutiState, role: str) -> list[Action]:
        secret = secret_window(state.vdata)
        out: list[Action] = []
        waiting = False
        for f in secret["factions"]:
            if ROLE_OF[f] != role or f in secret["choices"]:
                continue
            hand = state.vdata["factions"][f]["hand"]
            waiting = waiting or bool(hand)
            out += [("card", f, c) for c in sorted(set(hand))]
        return out if waiting else [("done",)]

    def apply(self, state: VirtutiState, role: str, action: Action) -> None:
        named = args(action)
        secret_window(state.vdata)["choices"][named["faction"]] = named["card"]
        secret_log(state, role, f"{named['faction']} picks {card_of(named['card']).name} for the battle")

    def close(self, state: VirtutiState, window: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in window["factions"]:
            hand = state.vdata["factions"][f]["hand"]
            if hand:
                out[f] = window["choices"].get(f) or sorted(hand)[0]
        return out

    def reveal(self, state: VirtutiState, window: dict[str, Any], chosen: dict[str, Any]) -> None:
        for f, c in sorted(chosen.items()):
            play_card(state, f, c)
            state.log(f"{f} reveals {card_of(c).name}")


class BattleAir:
    """Step 3: each side picks any number of its drawn air support tokens in secret."""

    def roles(self, state: VirtutiState) -> list[str]:
        return list(secret_window(state.vdata)["roles"])

    def legal(self, state: VirtutiState, role: str) -> list[Action]:
        secret = secret_window(state.vdata)
        out: list[Action] = [("done",)]
        for f in secret["factions"]:
            if ROLE_OF[f] != role:
                continue
            picked = secret["choices"].get(f, [])
            for lv, n in sorted(state.vdata["factions"][f]["air_drawn"].items()):
                if n > picked.count(lv):
                    out.append(("air", f, lv))
        return out

    def apply(self, state: VirtutiState, role: str, action: Action) -> None:
        named = args(action)
        secret_window(state.vdata)["choices"].setdefault(named["faction"], []).append(named["token"])
        secret_log(state, role, f"{named['faction']} commits a level-{named['token']} air support token")

    def close(self, state: VirtutiState, window: dict[str, Any]) -> dict[str, Any]:
        return {f: sorted(window["choices"].get(f, [])) for f in window["factions"]}

    def reveal(self, state: VirtutiState, window: dict[str, Any], chosen: dict[str, Any]) -> None:
        """Used tokens go back to the faction's pool (step 3)."""
        for f, levels in sorted(chosen.items()):
            rec = state.vdata["factions"][f]
            for lv in levels:
                rec["air_drawn"][lv] -= 1
                rec["air"][lv] = rec["air"].get(lv, 0) + 1
            state.log(f"{f} commits air support {levels or 'none'}")
