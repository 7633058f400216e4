"""The Combat Phase up to the advances: announcing initial attacks, defensive
assaults, assaults and the losses they cause (Making Attacks 1-7; Initial Attack 1-7;
Assault Resolution 1-9; Mountain, Swamp and Jungle Combat; Russian Winter Combat).

Frames (core/flow.py): `announce` (the attacker names army -> target pairs), then one
`def_assault` per target hex holding enemy armies, then `assaults`, then `advances`
(advance.py). `losses` is the sub-question in which the owner of the losing armies
removes the points one at a time (Assault Resolution 4-5).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, call, end, goto

from . import coastal_air_army, german_technology, leaders
from .across_water import over_water, water_targets
from .airpower import only_air_attacks
from .board import (
    army_status,
    drop_marker,
    enemy_armies_at,
    geo,
    has_garrison,
    mark,
    may_target,
    mechanized_firing,
    on_board,
    points,
    remove_points,
    strength,
    winter_modifier,
)
from .china import partisan_choices, partisan_strike
from .forts import absorb, fired, fort_points, fort_side, lose_fort_point, may_fire
from .garrisons import inherent
from .geography import Place
from .home_forces import attack_named
from .invasion_routes import extension_cost, invasion_targets, is_invading, route_length
from .layout import HgwBoard, placed
from .map import hex_distance, load_map
from .morale import penalty as morale_modifier  # National Morale 6-7: one function for every attack roll
from .movement import can_move
from .nations import may_aim
from .neutrality import declarations, war_needed
from .optional import has_option
from .politics import attacks_announced
from .scenario import KINDS
from .tables import load_tables
from .unaligned_forces import defending_home, fire_home, home_may_fire, lose_points

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]


def subsets(items: list[str]) -> list[tuple[str, ...]]:
    """Every non-empty choice of armies, in a fixed order."""
    return [c for n in range(1, len(items) + 1) for c in combinations(sorted(items), n)]


def firing_strength(
    data: HgwBoard,
    armies: tuple[str, ...],
    target: Place | None,
    *,
    invasion: bool = False,
    fort: int = 0,
    air_attacked: int = 0,
) -> int:
    """Assault Resolution 3 with Mountain 1, Swamp 1 and Jungle 1: infantry and
    mechanized points of the chosen armies, mechanized ones left out against mountain and
    swamp targets and halved against jungle ones, the whole capped at ten. A defensive
    assault (`target` None) counts every point (Mountain 2, Swamp 2, Jungle 2), and the
    completed `fort` points of its hex (Effect Of Forts On Combat 1). Paratroop points
    fire as infantry (Paradrop 1); tac air fires as the air attack left it
    (`tac_joining`, Air Attacks 4)."""
    if invasion:
        # Invasion Assault 2: only the amphibious points fire, within the usual cap, and
        # tac air on a target one hex away (Air Attacks 7)
        tac = sum(int(data["armies"][a]["sp"]["tac_air"]) for a in armies if near(data, a, target))
        tac = max(0, tac - air_attacked)  # Air Attacks 4: what its air attack left
        tac += sum(army_status(data, a).get("carrier_air", 0) for a in armies)  # Aircraft Carriers 4
        return min(sum(int(data["armies"][a]["sp"]["amphibious"]) for a in armies) + tac, 10)
    infantry = sum(int(data["armies"][a]["sp"]["infantry"]) for a in armies)
    mech = sum(int(data["armies"][a]["sp"]["mechanized"]) for a in armies)
    # Amphibious Strength Points 2: amphibious points never fire in ordinary combat
    # Paradrop 1: paratroop points fire as infantry, but not over the water, where only
    # the tac air assaults (Paradrop Across Water 1)
    other = sum(int(data["armies"][a]["sp"]["paratroop"]) for a in armies if not over_water(data, a, target))
    other += tac_joining(data, armies, air_attacked)
    terrain = geo(data).terrain[target] if target is not None else "clear"
    return min(infantry + mechanized_firing(mech, terrain) + other + fort, 10)


def near(data: HgwBoard, army_id: str, target: Place | None) -> bool:
    """Air Attacks 7: the invader's tac air reaches a target one hex away."""
    at = data["armies"][army_id]["at"]
    if at is None or target is None:
        return False
    return at in load_map() and target in load_map() and hex_distance(at, target) == 1


def tac_air(data: HgwBoard, armies: Iterable[str]) -> int:
    """The tac air points of the armies still on the board."""
    return sum(int(data["armies"][a]["sp"]["tac_air"]) for a in armies if data["armies"][a]["at"] is not None)


def tac_joining(data: HgwBoard, armies: tuple[str, ...], air_attacked: int) -> int:
    """Air Attacks 4 and 10: the tac air that joins the assault: what the air attack did
    not use, never that of an army of tac air alone (or with amphibious points), which
    only air attacks; the air attack takes such armies' tac air first."""
    sp = [data["armies"][a] for a in armies]
    air_only = sum(int(x["sp"]["tac_air"]) for x in sp if only_air_attacks(x))
    fighting = sum(int(x["sp"]["tac_air"]) for x in sp if not only_air_attacks(x))
    return max(0, fighting - max(0, air_attacked - air_only))


def attack_modifier(data: HgwBoard, armies: tuple[str, ...], *, attacking: bool) -> int:
    """The modifier to a combat roll of `armies`: the Russian winter's on the Axis's
    attacks and defensive assaults (Russian Winter Combat 1; a fort alone has none), low
    national morale's on the side's attacks (Great Britain and Germany 6), a revealed
    leader's on an attack (optional rule Leaders 1)."""
    if not armies:
        return 0
    morale = morale_modifier(data, data["armies"][armies[0]]["side"]) if attacking else 0
    led = leaders.attack_modifier(data, armies) if attacking else 0
    return winter_modifier(data, armies[0]) + morale + led


def fire(
    game: HgwState,
    armies: tuple[str, ...],
    target: Place | None,
    why: str,
    *,
    invasion: bool = False,
    fort: int = 0,
    side: str | None = None,
    air_attacked: int = 0,
) -> int:
    """Roll one assault on the Firepower Table; the losses it inflicts. `side` names the
    firer when no army fires (a fort alone); `air_attacked` the tac air points of the
    armies that made the air attack before it (Air Attacks 4)."""
    data = game.data
    power = firing_strength(data, armies, target, invasion=invasion, fort=fort, air_attacked=air_attacked)
    side = side or data["armies"][armies[0]]["side"]
    # an assault (a target) is an attack; a defensive assault (none) is not
    modifier = attack_modifier(data, armies, attacking=target is not None)
    technology = german_technology.land_modifier(data, armies, target)  # German Technology (K6.1)
    (roll,) = game.roll(1, side, why)
    losses = load_tables().firepower_losses(power, roll + modifier + technology)
    german_technology.claim(data, armies, technology)
    extra = modifier_note(data, armies, modifier, attacking=target is not None)
    extra += f" {technology} German technology" if technology else ""
    game.log(f"firing strength {power}, roll {roll}{extra}: {points(losses)} lost")
    return losses


def modifier_note(data: HgwBoard, armies: tuple[str, ...], modifier: int, *, attacking: bool) -> str:
    """The log's words for a roll's modifier, by its causes."""
    if not modifier:
        return ""
    winter = winter_modifier(data, armies[0])
    led = leaders.attack_modifier(data, armies) if attacking else 0
    parts = [f"+{winter} Russian winter"] if winter else []
    if modifier - winter - led:
        parts.append(f"+{modifier - winter - led} low morale")
    if led:
        parts.append(f"{led} leader")
    return " " + " ".join(parts)


def take_losses(
    game: HgwState,
    loser: str,
    armies: list[str],
    count: int,
    *,
    amphibious_half: bool = False,
    fort: Place | None = None,
    kinds: tuple[str, ...] = (),
) -> None:
    """Ask the losing side to remove `count` points from `armies` (and from the
    completed points of the fort in `fort`, Effect Of Forts On Combat 2); with
    `amphibious_half` at least half of them (rounded up) must be amphibious points while
    any are left (Defensive Assault against invaders 3; Fleet Naval Fire 3). `kinds`, if
    given, are the only kinds that may go (an air attack's tac air, Air Attacks 3; air
    superiority's anything but, Air Superiority)."""
    if count > 0 and any(strength(game.data["armies"][a]) for a in armies):
        due = (count + 1) // 2 if amphibious_half else 0
        frame: dict[str, Any] = {"role": loser, "armies": sorted(armies), "count": count}
        frame["amphibious_due"] = due
        if kinds:
            frame["kinds"] = list(kinds)
        if fort is not None and fort_points(game.data, fort):
            frame["fort"] = fort
        call(game.data["flow"], "losses", **frame)


def can_attack(data: HgwBoard, army_id: str) -> bool:
    return can_move(data, army_id) and not army_status(data, army_id)["stopped"]


class Announce(GameStep["HgwState"]):
    """Initial Attack 1-3: every attack of the sub-phase is named before any is made."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        data = game.data
        g = geo(data)
        actions: list[Action] = [("end_announce",)]
        # Invasion Procedure 1: invasions are declared before the initial attacks
        invading = not any(
            army_status(data, a)["target"] and not is_invading(data, a) for a in on_board(data, role)
        )
        for a in on_board(data, role):
            if not can_attack(data, a) or army_status(data, a)["target"] is not None:
                continue
            at = placed(data["armies"][a])
            aims = [*g.links[at], *water_targets(data, a)]  # Paradrop Across Water 1
            actions += [
                ("attack", a, t)
                for t in aims
                if may_target(data, role, t) and not war_needed(data, role, at, t) and may_aim(data, a, t)
            ]
            if invading:  # Activity Limitations 8 and France 3 (may_aim) for both
                actions += [("invade", a, t) for t in invasion_targets(data, a) if may_aim(data, a, t)]
        actions += [c for c in partisan_choices(data, role) if can_attack(data, c[1])]  # G17.12 (Pacific War)
        actions += declarations(data, role)  # Violation of Neutrality 6
        return actions

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "chinese_partisans":  # G17.12: struck and rolled now (china.py)
            partisan_strike(game, action[1], action[2])
            return
        if action[0] == "declare_war":
            data["politics"].setdefault("war_on", {})[action[1]] = role
            nation = action[1].replace("_", " ").title()
            game.log(f"{role} declares war on {nation} (Violation of Neutrality 6)")
            return
        if action[0] in ("attack", "invade"):
            status = mark(data, action[1])
            status["target"] = action[2]
            status["invasion"] = action[0] == "invade"
            verb = "invasion of" if status["invasion"] else "attack on"
            game.log(f"{role} announces {data['armies'][action[1]]['name']}'s {verb} {action[2]}")
            if status["invasion"]:
                spent = extension_cost(route_length(data, action[1], action[2]))
                if spent:  # Invasion Procedure 3: a replenishment point per twelve steps more
                    data["armies"][action[1]]["sp"]["amphibious"] -= spent
                    game.log(f"{points(spent, 'amphibious')} spent to extend the invasion route")
            attack_named(game, role, action[2])  # Unaligned Forces 4: home forces appear now
            return
        flow = data["flow"]
        attacks_announced(game, role)  # Campaign Game I: an Allied attack turns the unaligned U.S. Axis
        goto(flow, "assaults", role=role)
        targets: dict[Place, list[str]] = {}
        for a in on_board(data, role):
            target = army_status(data, a)["target"]
            if target is not None and not is_invading(data, a):
                targets.setdefault(target, []).append(a)
        for target in sorted(targets, reverse=True):
            defender = defending_side(data, target, role)
            if defender is not None:
                call(flow, "def_assault", role=defender, target=target, attackers=targets[target])
        if any(is_invading(data, a) for a in on_board(data, role)):
            call(flow, "invasions", role=role)  # Invasion Procedure 5: before every other attack

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: name every initial attack (army and adjacent target hex), then end"


def eligible_defenders(data: HgwBoard, target: Place, attacker: str) -> list[str]:
    """Initial Attack 4; Exploitation Attacks 3: armies in the target that have not made
    their one defensive assault this turn."""
    return [a for a in enemy_armies_at(data, target, attacker) if not army_status(data, a)["defended"]]


def fort_may_fire(data: HgwBoard, target: Place, defender: str) -> bool:
    """Effect Of Forts On Combat 1: `defender`'s completed fort in the target may still
    make its one defensive assault this turn."""
    return fort_side(data, target) == defender and may_fire(data, target)


def defending_side(data: HgwBoard, target: Place, attacker: str) -> str | None:
    """Who may defensively assault the attackers of `target` (Initial Attack 4;
    Exploitation Attacks 3): the side of its armies that have not yet done so, or, with
    none, the side of a fort there that has not fired (Effect Of Forts On Combat 1: fort
    points defensively assault by themselves)."""
    armies = eligible_defenders(data, target, attacker)
    if armies:
        return str(data["armies"][armies[0]]["side"])
    side = fort_side(data, target)
    if side is not None and side != attacker and fort_may_fire(data, target, side):
        return side
    return home_firing(data, target, attacker)


def home_firing(data: HgwBoard, target: Place, attacker: str) -> str | None:
    """Unaligned Forces (unaligned_forces.py): the side of the home forces in `target`
    that may still make a defensive assault against `attacker`."""
    if not defending_home(data, target, attacker):
        return None
    side = data["home_forces"]["at"][target]["side"]
    return str(side) if home_may_fire(data, target, side) else None


def attacker_side(data: HgwBoard, frame: Frame) -> str:
    return str(data["armies"][frame["attackers"][0]]["side"])


class DefensiveAssault(GameStep["HgwState"]):
    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        data = game.data
        attackers = [a for a in frame["attackers"] if data["armies"][a]["at"] is not None]
        if not attackers:
            return [("no_defensive_assault",)]
        choices = eligible_defenders(data, frame["target"], attacker_side(data, frame))
        # Effect Of Forts On Combat 1: the fort fires with the armies chosen, or alone
        # Unaligned Forces: home forces fire with them, or alone, as a fort does
        target = frame["target"]
        fires = fort_may_fire(data, target, role) or home_may_fire(data, target, role)
        fires = fires or coastal_air_army.side_at(data, target) == role  # K11.8: it fires alone too
        alone = [("defensive_assault",)] if fires else []
        return [("no_defensive_assault",), *alone] + [("defensive_assault", *c) for c in subsets(choices)]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        attackers = [a for a in frame["attackers"] if data["armies"][a]["at"] is not None]
        end(data["flow"])
        if action[0] == "no_defensive_assault":
            game.log(f"{role} makes no defensive assault in {frame['target']}")
            return
        armies = tuple(action[1:])
        for a in armies:
            mark(data, a)["defended"] = True
        fort = 0
        if fort_may_fire(data, frame["target"], role):
            fort = fort_points(data, frame["target"])  # Effect Of Forts On Combat 1
            fired(data, frame["target"])
        if home_may_fire(data, frame["target"], role):  # Unaligned Forces: as infantry there
            home = fire_home(data, frame["target"])
            game.log(f"{points(home, 'home infantry')} join the defensive assault")
            fort += home
        fort += coastal_air_army.join(game, frame["target"], role)  # K11.8, as a fort's points
        if air_battle(data, armies, attackers):  # Air Attacks 6: the air attack first
            call(
                data["flow"],
                "air_attack",
                role=role,
                armies=list(armies),
                foes=sorted(attackers),
                target=frame["target"],
                defensive=True,
                fort=fort,
                invasion=bool(frame.get("invasion")),
                stage="commit",
            )
            return
        losses = fire(game, armies, None, f"defensive assault from {frame['target']}", fort=fort, side=role)
        # Assault Resolution 4; against invaders, Defensive Assault 3
        take_losses(
            game, attacker_side(data, frame), attackers, losses, amphibious_half=bool(frame.get("invasion"))
        )

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: defensively assault the armies attacking {frame['target']}?"


class Losses(GameStep["HgwState"]):
    """Assault Resolution 5-6, 9: the owner picks each lost point; an emptied army
    leaves the board; losses beyond the points present are ignored."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return [frame["role"]] if self.legal(game, frame, frame["role"]) else []

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        if frame["count"] <= 0:
            return []
        data = game.data
        choices: list[Action] = [
            ("lose", a, k)
            for a in frame["armies"]
            if data["armies"][a]["at"] is not None
            for k in KINDS
            if data["armies"][a]["sp"][k] > 0
        ]
        if frame.get("kinds"):  # an air attack's, air superiority's losses
            choices = [c for c in choices if c[2] in frame["kinds"]]
            if not choices:
                return []
        else:  # Air Attacks 4: tac air goes last
            choices = [c for c in choices if c[2] != "tac_air"] or choices
        # invaders: once the points still to lose are no more than the amphibious ones
        # still owed, only amphibious points may go (while any are left)
        if frame.get("amphibious_due", 0) >= frame["count"]:
            amphibious = [c for c in choices if c[2] == "amphibious"]
            return amphibious or choices
        if frame.get("fort") and fort_points(data, frame["fort"]):
            choices.append(("lose_fort", frame["fort"]))  # Effect Of Forts On Combat 2
        return choices

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        frame["count"] -= 1
        if action[0] == "lose_fort":
            lose_fort_point(data, action[1])
            game.log(f"{role} loses one fort point in {action[1]}")
            return
        name = data["armies"][action[1]]["name"]
        if has_option(data, "leaders"):  # Leaders 10: the armies hit roll for their leaders
            frame["hit"] = sorted({*frame.get("hit", []), action[1]})
        remove_points(data, action[1], action[2])
        if action[2] == "amphibious" and frame.get("amphibious_due", 0) > 0:
            frame["amphibious_due"] -= 1
        game.log(f"{role} loses one {action[2]} point of {name}")

    def run(self, game: HgwState, frame: Frame) -> None:
        leaders.after_losses(game, frame.get("hit", ()))  # optional rule Leaders 9-10
        end(game.data["flow"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: remove {points(frame['count'])} more"


def can_assault(data: HgwBoard, target: Place, side: str) -> bool:
    """Advance Into Friendly Hexes 2 and Assault Resolution 7: assaults hit enemy
    armies or an enemy garrison, never a friendly hex."""
    if data["owner"].get(target) == side:
        return False
    if not may_target(data, side, target):
        return False
    fort = fort_points(data, target) > 0 and fort_side(data, target) != side
    home = defending_home(data, target, side) > 0  # Unaligned Forces
    return bool(enemy_armies_at(data, target, side)) or has_garrison(data, target) or fort or home


def assault(game: HgwState, armies: tuple[str, ...], target: Place, *, invasion: bool = False) -> None:
    """Resolve an attacker's assault on `target` (Assault Resolution 3-4, 7-8), or an
    invasion assault (Invasion Assault 1-2)."""
    data = game.data
    side = data["armies"][armies[0]]["side"]
    leaders.reveal(game, armies)  # optional rule Leaders 7: the markers turn as they attack
    for a in armies:
        mark(data, a)["assaulted"] = True
    foes = enemy_armies_at(data, target, side)
    # Air Attacks 1-2: the air attack first; an invader's tac air only one hex away (7)
    flying = tuple(a for a in armies if not invasion or near(data, a, target))
    coastal = coastal_air_army.points_at(data, target) if invasion else 0  # K11.8: air attacked too
    if air_battle(data, flying, foes) or (coastal and tac_air(data, flying) > 0):
        call(
            data["flow"],
            "air_attack",
            role=side,
            armies=list(flying),
            foes=foes,
            target=target,
            defensive=False,
            fort=0,
            invasion=invasion,
            stage="commit",
        )
        return
    losses = fire(game, armies, target, f"assault on {target}", invasion=invasion)
    strike(game, target, side, losses)


def air_battle(data: HgwBoard, armies: Iterable[str], foes: Iterable[str]) -> bool:
    """Air Attacks 1 and 10: an assault (or defensive assault) opens with an air attack
    when both the firing armies and their targets hold tac air; without tac air on the
    firing side the air attack is skipped, and with none on the other it has no target
    (the Market Garden example: the tac air joins the assault at once)."""
    return tac_air(data, armies) > 0 and tac_air(data, foes) > 0


def strike(game: HgwState, target: Place, side: str, losses: int) -> None:
    """Losses inflicted on a hex by `side`'s assault or naval fire: its fort absorbs what
    it can (Effect Of Forts On Combat 3), its armies (or fort) take the rest; with no
    armies the garrison goes, then fort points (Assault Resolution 7-8)."""
    data = game.data
    if fort_side(data, target) not in (None, side):
        left_over = absorb(data, target, losses)
        if left_over < losses:
            game.log(f"the fort in {target} absorbs {points(losses - left_over)}")
        losses = left_over
    defenders = enemy_armies_at(data, target, side)
    home = defending_home(data, target, side)
    if home and losses:  # Unaligned Forces: the home infantry first, all alike
        lost = lose_points(data, target, losses)
        game.log(f"{points(lost, 'home infantry')} lost in {target}")
        losses -= lost
    if defenders:
        take_losses(game, data["armies"][defenders[0]]["side"], defenders, losses, fort=target)
        return
    if home:
        return  # Assault Resolution 9: losses beyond the points there are ignored
    if losses and has_garrison(data, target):
        losses -= 1
        data["garrison_lost"] = sorted({*data["garrison_lost"], target})
        if not inherent(data, target):
            drop_marker(data, target)
        game.log(f"the garrison of {target} is destroyed")
    while losses > 0 and fort_side(data, target) not in (None, side) and fort_points(data, target):
        losses -= 1
        lose_fort_point(data, target)
        game.log(f"one fort point in {target} is lost")


class Assaults(GameStep["HgwState"]):
    """Initial Attack 5: the attacker's assaults, hex by hex (Assault Resolution 2-3),
    before any advance."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        data = game.data
        groups: dict[tuple[Place, Place], list[str]] = {}
        for a in on_board(data, role):
            status = army_status(data, a)
            if status["target"] is not None and not status["assaulted"]:
                groups.setdefault((placed(data["armies"][a]), status["target"]), []).append(a)
        actions: list[Action] = [("to_advances",)]
        for (origin, target), armies in sorted(groups.items()):
            if can_assault(data, target, role):
                actions += [("assault", origin, target, *c) for c in subsets(armies)]
        return actions

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "to_advances":
            goto(data["flow"], "advances", role=role)
            return
        assault(game, tuple(action[3:]), action[2])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: make the initial assaults, then go on to the advances"
