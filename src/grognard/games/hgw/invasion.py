"""Resolving amphibious invasions (Invasion Procedure 1, 5-6; Invasion Resolution 1-4;
Defensive Assault against invaders 1-3; Invasion Assault 1-2; Invasion Advance 1-4;
Invading Friendly Coastal Hexes).

Invasions are named in `announce` as `("invade", army, hex)` before any ordinary attack.
When the announcement ends, `invasions` runs first of all the attacks: the attacker
picks which declared invasion to resolve next (`("invasion", army)`), and each is
`invasion_attack`: the defenders' optional defensive assault (at least half the losses
amphibious), the invader's optional assault with its amphibious points only, then the
compulsory advance with the invasion strength. A failed invader stays in its port; a
successful one may exploit like any army that advanced, or make an amphibious
advance (`("amphibious_advance", army, hex)` in the exploitation), which is resolved the
same way. A friendly target is entered without a roll, after the interceptions. Steps
2-4 of the resolution (the escort, interceptions, coastal air and supporting naval
fire) are naval.py's; a landed invader's hex is a supply source of its side until the
end of the next game turn (`beachheads`, Invasion Procedure 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, call, end

from . import carrier_support, coastal_air_army, port_conversion
from .advance import resolve_advance
from .board import army_status, left, mark, on_board
from .combat import assault, can_assault, defending_side
from .layout import HgwBoard, placed
from .naval import (
    air_strike,
    coastal_air,
    escort_actions,
    escort_candidates,
    open_interceptions,
    open_support_interceptions,
    support_actions,
    support_candidates,
    support_fire,
)

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]


def pending(data: HgwBoard, role: str) -> list[str]:
    """Declared invasions of `role` not yet resolved."""
    return [
        a
        for a in on_board(data, role)
        if army_status(data, a).get("invasion") and not army_status(data, a).get("tried")
    ]


class Invasions(GameStep["HgwState"]):
    """Invasion Procedure 5 and Invasion Resolution 4: every invasion before any other
    attack, in the attacker's order."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return [frame["role"]] if pending(game.data, frame["role"]) else []

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("invasion", a) for a in pending(game.data, role)]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        status = mark(data, action[1])
        # the invader uses its one assault and its one advance of the initial attack
        status["tried"] = True
        target = status["target"]
        call(data["flow"], "invasion_attack", role=role, army=action[1], target=target, stage="escort")

    def run(self, game: HgwState, frame: Frame) -> None:
        end(game.data["flow"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: choose the next amphibious invasion to resolve"


def land_unopposed(game: HgwState, army_id: str, target: str) -> None:
    """Invading Friendly Coastal Hexes: the army lands without an advance roll."""
    data = game.data
    army = data["armies"][army_id]
    origin = placed(army)
    army["at"] = target
    left(data, origin)
    mark(data, army_id)["advanced"] += 1
    data["garrison_lost"] = sorted({*data["garrison_lost"], target})  # as Advance Resolution 7
    game.log(f"{army['name']} lands unopposed in friendly {target}")
    beachhead(data, army["side"], target)


def beachhead(data: HgwBoard, side: str, target: str) -> None:
    """Invasion Procedure 4: supply may be traced to the landing hex for the ensuing
    game turn."""
    data.setdefault("beachheads", {})[target] = {"side": side, "until": int(data["turn"]) + 1}


class InvasionAttack(GameStep["HgwState"]):
    """Invasion Resolution 1 steps 2-7 for one invading army (or one amphibious
    advance): "escort" (the attacker picks the fleets that sail with it), "supporters"
    (the separate support fleets, one at a time), "intercept" (the army's route),
    "intercept_support" (each support fleet's), "air", "support" (naval.py), then 0
    (defensive assault), 1 (invasion assault), 2 (invasion advance)."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        if frame["stage"] == "escort":
            return [frame["role"]] if escort_candidates(game.data, frame["army"]) else []
        if frame["stage"] == "supporters":
            return [frame["role"]] if support_candidates(game.data, frame) else []
        if frame["stage"] == 1 and self._may_assault(game.data, frame):
            return [frame["role"]]
        return []

    def _may_assault(self, data: HgwBoard, frame: Frame) -> bool:
        army = data["armies"][frame["army"]]
        if (
            army["at"] is None
            or army_status(data, frame["army"])["assaulted"]
            or not army["sp"]["amphibious"]
        ):
            return False
        return can_assault(data, frame["target"], frame["role"])

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        if frame["stage"] == "escort":
            return escort_actions(game.data, frame["army"])
        if frame["stage"] == "supporters":
            return support_actions(game.data, frame)
        return [("assault",), ("no_assault",)]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        if frame["stage"] == "supporters":
            if action[0] == "no_support":
                frame["stage"] = "intercept"
                return
            fleet = game.data["fleets"][action[1]]
            frame.setdefault("supporters", []).append(action[1])
            game.data["fleet_status"][action[1]] = "support"  # Fleet Naval Fire 4: no other mission
            game.log(f"{fleet['name']} sails from {fleet['at']} to support the invasion of {frame['target']}")
            return
        if frame["stage"] == "escort":
            frame["stage"] = "supporters"
            frame["escorts"] = list(action[1:]) if action[0] == "escort" else []
            for f in frame["escorts"]:
                game.data["fleet_status"][f] = "escort"  # no other mission this turn
            if frame["escorts"]:
                names = ", ".join(game.data["fleets"][f]["name"] for f in frame["escorts"])
                game.log(f"{names} sail with {game.data['armies'][frame['army']]['name']}")
            return
        frame["stage"] = 2
        if action[0] == "assault":
            assault(game, (frame["army"],), frame["target"], invasion=True)  # Invasion Assault 1-2
        else:
            mark(game.data, frame["army"])["assaulted"] = True  # its one assault is given up

    def run(self, game: HgwState, frame: Frame) -> None:
        data = game.data
        flow = data["flow"]
        army_id, target = frame["army"], frame["target"]
        if data["armies"][army_id]["at"] is None:
            end(flow)  # destroyed at sea or by the defensive assault
            coastal_air_army.dissolve(data)  # K11.8: it lasts only for the invasion
            return
        friendly = data["owner"].get(target) == data["armies"][army_id]["side"]
        if frame["stage"] == "escort":
            frame["stage"], frame["escorts"] = "supporters", []
            return
        if frame["stage"] == "supporters":
            frame["stage"] = "intercept"  # no fleet (left) to send
            return
        if frame["stage"] == "intercept":
            frame["stage"] = "intercept_support"
            open_interceptions(game, frame)  # Invasion Resolution step 2
            return
        if frame["stage"] == "intercept_support":
            frame["stage"] = "air"
            open_support_interceptions(game, frame)  # Fleet Naval Fire 4
            return
        if frame["stage"] == "air":
            frame["stage"] = "support"
            air_strike(game, frame, friendly)  # step 3
            return
        if frame["stage"] == "support":
            frame["stage"] = 0
            if not friendly:
                carrier_support.lend(game, frame)  # Naval Action: Aircraft Carriers 4
                support_fire(game, frame)  # step 4
            return
        if frame["stage"] == 0:
            if friendly:
                end(flow)
                land_unopposed(game, army_id, target)
                return
            frame["stage"] = 1
            defender = defending_side(data, target, frame["role"])
            owner = data["owner"].get(target)
            if owner is not None:  # K11.8: the target's coastal air as a temporary army
                coastal_air_army.form(game, owner, target, coastal_air(data, target, frame["role"]))
            if defender is not None:
                call(
                    flow,
                    "def_assault",
                    role=defender,
                    target=target,
                    attackers=[army_id],
                    invasion=True,
                )
            return
        if frame["stage"] == 1:
            frame["stage"] = 2  # no assault possible
            mark(data, army_id)["assaulted"] = True
            return
        end(flow)
        coastal_air_army.dissolve(data)  # K11.8: gone with the invasion's assaults
        if resolve_advance(game, army_id, target, invasion=True):  # Invasion Advance 1-3
            beachhead(data, data["armies"][army_id]["side"], target)
            port_conversion.offer(game, army_id, target)  # Naval Action: Ports 1 (N10.1)

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        if frame["stage"] == "supporters":
            return f"{frame['role']}: send another fleet to support the invasion of {frame['target']}?"
        return f"{frame['role']}: assault {frame['target']} with the amphibious points of {frame['army']}?"
