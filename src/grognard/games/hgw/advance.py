"""Advances, retreats and exploitation (Advance Resolution 1-12; Exploitation Attacks
1-5; Advance Into Friendly Hexes; terrain modifiers of Mountain, Swamp, Desert and
Jungle Combat; Off-Map Combat 2-3).

`advances` lets each army named in the initial attack try once; `exploitation` then
lets the armies that got through attack again, one army at a time, each attack being
an optional defensive assault, an optional assault and a compulsory advance
(`exploit_attack`). `retreat` asks the defender where a displaced army goes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, call, end, goto

from . import german_technology, japan, leaders
from .across_water import over_water, water_targets
from .airpower import air_superiority_losses, only_air_attacks
from .board import (
    armies_at,
    army_status,
    capture,
    defence,
    eliminate,
    enemy_armies_at,
    geo,
    left,
    mark,
    may_target,
    on_board,
    over_limit,
    points,
    remove_points,
    stack,
    winter_modifier,
)
from .combat import assault, can_assault, defending_side, take_losses
from .geography import Place
from .home_forces import attack_named
from .home_forces import displaced as home_displaced
from .invasion_routes import (
    amphibious_advance_range,
    amphibious_advance_targets,
    extension_cost,
    route_length,
)
from .italian_army import advance_modifier as italian_modifier
from .layout import Army, HgwBoard, army_of, placed
from .morale import penalty as morale_modifier  # National Morale 6-7: one function for every attack roll
from .nations import may_aim, may_enter
from .paratroops import drop_mech, why_not_paradrop
from .scenario import KINDS
from .tables import load_tables

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]


def invasion_points(amphibious: int, others: int) -> int:
    """Invasion Advance 2: every amphibious point, plus as many of the army's `others`
    (its infantry and mechanized points) as there are amphibious ones."""
    return amphibious + min(amphibious, others)


def invasion_strength(army: Army | dict[str, Any]) -> int:
    """The invasion strength of `army` as it stands (`invasion_points`)."""
    sp = army["sp"]
    return invasion_points(int(sp["amphibious"]), int(sp["infantry"]) + int(sp["mechanized"]))


def mechanized_counted(mechanized: int, origin_terrain: str) -> int:
    """The mechanized points an advance counts out of a hex of `origin_terrain`: none
    out of a swamp (Swamp Combat 4), half, rounded down, out of a jungle (Jungle Combat 3)."""
    out_of = load_tables().terrain[origin_terrain].mech_advancing_out
    if out_of == "none":
        return 0
    if out_of == "half":
        return mechanized // 2
    return mechanized


def advance_modifier(advanced: int, target_terrain: str, *, empty: bool, winter: int) -> int:
    """The die modifier of an advance: one per advance the army already made this turn
    (Advance Resolution 10), the target's terrain (Mountain Combat 3, Swamp Combat 3,
    Desert Combat), an empty jungle hex (Jungle Combat 4: `empty`, no defender at all)
    and the Russian winter's `winter` (Russian Winter Combat 1; board.russian_winter)."""
    into = load_tables().terrain[target_terrain]
    modifier = advanced + into.advance_into
    if empty:
        modifier += into.advance_into_empty
    return modifier + winter


def advance_odds(
    data: HgwBoard,
    army_id: str,
    target: Place,
    *,
    invasion: bool = False,
    strength: int | None = None,
    dropping: int = 0,
) -> tuple[int, int, int, bool]:
    """(mechanized points counted, defensive strength, die modifier, friendly target);
    for an invasion advance the first is the invasion strength, read on the same column
    (Invasion Advance 1-2). `strength` stands for the target's defence when a player
    weighs the advance before its assault (the AI): the hex's own defence otherwise.
    `dropping` paratroop points count double with the mechanized ones, ten at most
    (Paradrop 2-3). Low national morale adds to the roll (Great Britain and Germany 6)."""
    g = geo(data)
    army = army_of(data, army_id)
    side, origin = army["side"], army["at"]
    if origin is None:
        raise ValueError(f"{army['name']} is not on the board: it cannot advance")
    if invasion:
        mech = invasion_strength(army)  # from the sea: the origin's terrain does not count
    else:
        mech = mechanized_counted(int(army["sp"]["mechanized"]), g.terrain[origin])
    if dropping:
        mech = drop_mech(mech, dropping)
    friendly = data["owner"].get(target) == side
    if friendly:
        strength = 0
    elif strength is None:
        strength = defence(data, target)
    empty = strength == 0 and not armies_at(data, target)
    advanced = int(army_status(data, army_id)["advanced"])
    winter = winter_modifier(data, army_id) + morale_modifier(data, side)
    if not friendly:  # optional rule Leaders 1: an advance into a non-friendly hex is an attack
        winter += leaders.attack_modifier(data, (army_id,))
    winter += italian_modifier(data, army_id, friendly=friendly)  # the optional Italian Army 4
    if not friendly:  # German Technology (K6.1): one Axis army's initial advance
        winter += german_technology.land_modifier(data, (army_id,), target)
    winter += japan.japanese_jungle_modifier(data, army_id, target, empty=empty)  # C10.4 (The Pacific War)
    winter += japan.terrain_exemption(data, army_id, g.terrain[target])  # C7.3: Japanese and Chinese
    return mech, strength, advance_modifier(advanced, g.terrain[target], empty=empty, winter=winter), friendly


def advance_limit(
    data: HgwBoard,
    army_id: str,
    target: Place,
    *,
    invasion: bool = False,
    strength: int | None = None,
    dropping: int = 0,
) -> int:
    """The highest unmodified die roll with which `army_id` gets into `target` (0 or
    less: none does); the arguments as for `advance_odds`."""
    mech, defending, modifier, friendly = advance_odds(
        data, army_id, target, invasion=invasion, strength=strength, dropping=dropping
    )
    limit = load_tables().advance_limit(mech, defending, friendly=friendly)
    return limit - modifier if limit > 0 else 0


def resolve_advance(
    game: HgwState, army_id: str, target: Place, *, invasion: bool = False, dropping: int = 0
) -> bool:
    """Roll one advance; on success move in, displace the defenders and capture. A
    failed invasion leaves the army in its coastal hex (Invasion Advance 3). With
    `dropping` paratroop points (Paradrop 2-5), a failure loses them all."""
    data = game.data
    army = data["armies"][army_id]
    side = army["side"]
    if data["owner"].get(target) != side:
        leaders.reveal(game, (army_id,))  # optional rule Leaders 7
    mech, strength, modifier, friendly = advance_odds(
        data, army_id, target, invasion=invasion, dropping=dropping
    )
    drop = f" with {points(dropping, 'paratroop')} dropping" if dropping else ""
    technology = 0 if friendly else german_technology.land_modifier(data, (army_id,), target)
    (roll,) = game.roll(1, side, f"{army['name']} advances into {target}{drop}")
    german_technology.claim(data, (army_id,), technology)  # K6.1: this army has it this phase
    ok = load_tables().advances(mech, strength, roll + modifier, friendly=friendly)
    column = "friendly" if friendly else f"{strength}"
    counted = "invading" if invasion else "mechanized"
    game.log(f"{mech} {counted} vs {column}, roll {roll}{modifier:+d}: {'advances' if ok else 'fails'}")
    status = mark(data, army_id)
    if dropping:
        status["dropped"] = int(status.get("dropped", 0)) + dropping  # Paradrop 5
    if not ok:
        status["stopped"] = True  # Making Attacks 3; Exploitation Attacks 5
        if dropping:  # Paradrop 4: every dropped point is lost
            game.log(f"{army['name']} loses the {points(dropping, 'paratroop')} that dropped")
            at = placed(army)
            remove_points(data, army_id, "paratroop", dropping)
            left(data, at)
        return False
    status["advanced"] += 1
    displaced = enemy_armies_at(data, target, side)
    origin = placed(army)
    army["at"] = target
    left(data, origin)
    data["garrison_lost"] = sorted({*data["garrison_lost"], target})  # Advance Resolution 7
    if not friendly:
        capture(game, target, side, by_advance=True)  # a box: all its points (Off-Map Combat 2)
    if data.get("result") is not None:
        return True
    home_displaced(game, target, side)  # Unaligned Forces 3: they retreat in their country or die
    for other in sorted(displaced, reverse=True):
        call(data["flow"], "retreat", role=data["armies"][other]["side"], army=other, origin=target)
    if displaced:  # Air Superiority: before they retreat
        lost = air_superiority_losses(int(army["sp"]["tac_air"]), [data["armies"][a] for a in displaced])
        if lost:
            game.log(f"air superiority: the retreating armies lose {points(lost)}")
            loser = data["armies"][displaced[0]]["side"]
            take_losses(game, loser, displaced, lost, kinds=tuple(k for k in KINDS if k != "tac_air"))
    return True


def free_paratroops(data: HgwBoard, army_id: str) -> int:
    """Paradrop 5: the army's paratroop points that have not dropped this turn."""
    army = data["armies"][army_id]
    return max(0, int(army["sp"]["paratroop"]) - int(army_status(data, army_id).get("dropped", 0)))


def advance_choices(data: HgwBoard, army_id: str, target: Place | None) -> list[Action]:
    """Paradrop 2: an advance, or one with some or all of the army's paratroop points
    announced to drop; an army of tac air alone (or with amphibious points) never
    advances (Tac Air Abilities 3; Air Attacks 10); over the water only a paradrop
    advances (Paradrop Across Water 1)."""
    if only_air_attacks(data["armies"][army_id]):
        return []
    drops: list[Action] = [("paradrop", army_id, n) for n in range(1, free_paratroops(data, army_id) + 1)]
    if over_water(data, army_id, target):
        return drops
    return [("advance", army_id), *drops]


def why_not_drop(data: HgwBoard, army_id: str, dropping: int) -> str | None:
    """Paradrop 2 and 5 (paratroops.why_not_paradrop) over the army's turn record."""
    army = data["armies"][army_id]
    return why_not_paradrop(army, dropping, int(army_status(data, army_id).get("dropped", 0)))


def retreat_places(data: HgwBoard, army_id: str, origin: Place) -> list[Place]:
    """Advance Resolution 4: adjacent friendly places, not across crossings or sea."""
    side = data["armies"][army_id]["side"]
    links = geo(data).retreat_links[origin]  # Activity Limitations 8: not in with the other nation
    return [p for p in links if data["owner"].get(p) == side and may_enter(data, army_id, p)]


class Retreat(GameStep["HgwState"]):
    """Advance Resolution 4-5; Off-Map Combat 3 (armies may retreat out of Siberia)."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        army = game.data["armies"][frame["army"]]
        if army["at"] != frame["origin"] or not retreat_places(game.data, frame["army"], frame["origin"]):
            return []
        return [frame["role"]]

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("retreat", p) for p in retreat_places(game.data, frame["army"], frame["origin"])]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        data["armies"][frame["army"]]["at"] = action[1]
        game.log(f"{data['armies'][frame['army']]['name']} retreats to {action[1]}")
        end(data["flow"])

    def run(self, game: HgwState, frame: Frame) -> None:
        army = game.data["armies"][frame["army"]]
        if army["at"] == frame["origin"]:
            eliminate(game, frame["army"], "no friendly hex to retreat into")
        end(game.data["flow"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: where does {frame['army']} retreat from {frame['origin']}?"


class Advances(GameStep["HgwState"]):
    """Initial Attack 5-6: each named army may try one advance into its target."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        data = game.data
        actions: list[Action] = [("to_exploitation",)]
        for a in on_board(data, role):
            status = army_status(data, a)
            if status["target"] is not None and not status["stopped"] and not status.get("tried"):
                actions += advance_choices(data, a, status["target"])
        return actions

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "to_exploitation":
            goto(data["flow"], "exploitation", role=role, current=None)
            return
        dropping = int(action[2]) if action[0] == "paradrop" else 0
        why = why_not_drop(data, action[1], dropping) if dropping else None
        if why is not None:
            raise ValueError(why)  # legal offers only the points the army may drop
        status = mark(data, action[1])
        status["tried"] = True
        target = status["target"]
        if target is not None:  # legal lists only the armies named against a hex
            resolve_advance(game, action[1], target, dropping=dropping)

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: advance with the armies named in the initial attack"


def may_exploit(data: HgwBoard, army_id: str) -> bool:
    """Exploitation Attacks 1: only armies that advanced in the initial attack, until
    they fail once (Making Attacks 3) or another army takes over (Exploitation 2)."""
    status = army_status(data, army_id)
    return status["advanced"] > 0 and not status["stopped"] and not status.get("closed")


class Exploitation(GameStep["HgwState"]):
    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        data = game.data
        g = geo(data)
        actions: list[Action] = []
        crowded = False
        for a in on_board(data, role):
            if may_exploit(data, a):
                at = placed(data["armies"][a])
                # Paradrop Across Water 1: over the water only with a paradrop to make
                water = water_targets(data, a) if free_paratroops(data, a) else []
                near = [*g.links[at], *water]
                aims = [t for t in near if may_target(data, role, t) and may_aim(data, a, t)]
                options: list[Action] = [("exploit", a, t) for t in aims]
                # Amphibious Advance: an invader ashore may go on by sea instead
                sea = amphibious_advance_targets(data, a)
                options += [("amphibious_advance", a, t) for t in sea if may_aim(data, a, t)]
                actions += options
                # only an army with somewhere to advance can still leave the hex
                crowded = crowded or (bool(options) and over_limit(at, stack(data, at)))
        # Advance Resolution 12; Stacking 5: while an army that can still advance stands
        # in an overstacked hex, the phase goes on; it may stay overstacked only when no
        # army there can advance out any more
        if not crowded:
            actions.append(("end_combat",))
        return actions

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        flow = data["flow"]
        if action[0] == "end_combat":
            goto(flow, "end_combat", player=role)
            return
        army_id, target = action[1], action[2]
        current = frame["current"]
        if current is not None and current != army_id and current in data["status"]:
            data["status"][current]["closed"] = True  # Exploitation Attacks 2
        frame["current"] = army_id
        mark(data, army_id)["target"] = target
        if action[0] == "amphibious_advance":
            game.log(f"{data['armies'][army_id]['name']} makes an amphibious advance against {target}")
            base = amphibious_advance_range(data, army_id)
            spent = extension_cost(route_length(data, army_id, target), base)
            if spent:  # Amphibious Advance with Invasion Procedure 3: the route extended
                data["armies"][army_id]["sp"]["amphibious"] -= spent
                game.log(f"{points(spent, 'amphibious')} spent to extend the route")
            call(flow, "invasion_attack", role=role, army=army_id, target=target, stage="escort")
            attack_named(game, role, target)  # Unaligned Forces 4: before the attack is resolved
            return
        game.log(f"{data['armies'][army_id]['name']} exploits against {target}")
        call(flow, "exploit_attack", role=role, army=army_id, target=target, stage=0)
        attack_named(game, role, target)  # Unaligned Forces 4: before the attack is resolved

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: exploit with an army that advanced, or end the combat phase"


class ExploitAttack(GameStep["HgwState"]):
    """Exploitation Attacks 3: defensive assault, assault, then the compulsory advance."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        if frame["stage"] == 1 and self._may_assault(game.data, frame):
            return [frame["role"]]
        if frame["stage"] == 3:  # Paradrop 2: the drop is announced before the advance
            return [frame["role"]]
        return []

    def _may_assault(self, data: HgwBoard, frame: Frame) -> bool:
        army = data["armies"][frame["army"]]
        if army["at"] is None or army_status(data, frame["army"])["assaulted"]:
            return False
        return can_assault(data, frame["target"], frame["role"])

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        if frame["stage"] == 3:
            return advance_choices(game.data, frame["army"], frame["target"])
        return [("assault",), ("no_assault",)]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        if frame["stage"] == 3:
            dropping = int(action[2]) if action[0] == "paradrop" else 0
            why = why_not_drop(game.data, frame["army"], dropping) if dropping else None
            if why is not None:
                raise ValueError(why)
            end(game.data["flow"])
            resolve_advance(game, frame["army"], frame["target"], dropping=dropping)
            return
        frame["stage"] = 2
        if action[0] == "assault":
            assault(game, (frame["army"],), frame["target"])

    def run(self, game: HgwState, frame: Frame) -> None:
        data = game.data
        flow = data["flow"]
        if data["armies"][frame["army"]]["at"] is None:
            end(flow)  # destroyed by the defensive assault
            return
        if frame["stage"] == 0:
            frame["stage"] = 1
            defender = defending_side(data, frame["target"], frame["role"])
            if defender is not None:
                call(
                    flow,
                    "def_assault",
                    role=defender,
                    target=frame["target"],
                    attackers=[frame["army"]],
                )
            return
        if frame["stage"] == 1:
            frame["stage"] = 2  # no assault possible
            return
        choices = advance_choices(data, frame["army"], frame["target"])
        if choices and choices != [("advance", frame["army"])]:
            frame["stage"] = 3  # Paradrop 2: ask how many drop
            return
        end(flow)
        if not choices:  # tac air alone is left (Tac Air Abilities 3): it cannot advance
            mark(data, frame["army"])["stopped"] = True
            game.log(f"{data['armies'][frame['army']]['name']} cannot advance with tac air alone")
            return
        resolve_advance(game, frame["army"], frame["target"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        if frame["stage"] == 3:
            free = free_paratroops(game.data, frame["army"])
            return (
                f"{frame['role']}: {frame['army']} advances into {frame['target']}: how many of its"
                f" {free} paratroop points drop (each counts two mechanized; all are lost if it fails)?"
            )
        return f"{frame['role']}: assault {frame['target']} with {frame['army']} before advancing?"
