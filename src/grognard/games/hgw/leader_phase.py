"""Optional rule Leaders 6 (O1.6): at the end of the production phase, after all builds,
the player puts in play the leader markers his strength allows, each drawn at random
from his pool and placed face down on an army (fleet) of his choice (leaders.py).

The step follows production in the sequence (sequence.py, the `leaders` phase, played
when the option is on) and hands production's budget on to the next phase untouched.
A marker must go while one is due and an army (fleet) without one is on the map: the
rule has the player pick "the number he is allowed", not fewer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core.flow import Frame, GameStep, goto
from grognard.core.game import Action

from . import leaders
from .layout import HgwBoard, HgwData
from .layout import units as unit_records
from .leaders import LAND, NAVAL
from .naval_phase import EXTRA_OFFERS, EXTRA_VERBS
from .sequence import next_step

if TYPE_CHECKING:
    from .state import HgwState

VERBS = {LAND: "leader", NAVAL: "naval_leader"}


def offers(data: HgwBoard, side: str) -> list[Action]:
    """The markers the side may place now: ("leader", army) and ("naval_leader", fleet)."""
    out: list[Action] = []
    for kind, verb in VERBS.items():
        if leaders.to_place(data, side, kind):
            out += [(verb, u) for u in leaders.open_units(data, side, kind)]
    return out


class AssignLeaders(GameStep["HgwState"]):
    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        ready = frame.get("ready") and offers(game.data, frame["player"])
        return [frame["player"]] if ready else []

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return offers(game.data, role)

    def run(self, game: HgwState, frame: Frame) -> None:
        if not frame.get("ready"):
            leaders.us_entry(game)  # Leaders 3
            leaders.tidy(game)  # Leaders 9
            frame["ready"] = True
            return  # then asks the player, if any marker is due
        goto(
            game.data["flow"], next_step(game.data, "leaders"), player=frame["player"], budget=frame["budget"]
        )

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        kind = LAND if action[0] == VERBS[LAND] else NAVAL
        leaders.assign(game, role, kind, str(action[1]))
        if not offers(game.data, role):
            goto(game.data["flow"], next_step(game.data, "leaders"), player=role, budget=frame["budget"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        data, side = game.data, frame["player"]
        due = {k: leaders.to_place(data, side, k) for k in VERBS if leaders.to_place(data, side, k)}
        counts = " and ".join(f"{n} {k}" for k, n in due.items())
        where = " and ".join(leaders.UNITS[k] for k in due) or "armies"
        return f"{side}: place {counts} leader markers, drawn at random, face down on your {where}"


def _fleet_offers(game: HgwState, frame: Frame, role: str) -> list[Action]:
    """Leaders 9: ("move_naval_leader", from, to) in the naval movement phase."""
    moves = leaders.fleet_moves(game.data, role, frame.get("leader_moved", ()))
    return [("move_naval_leader", a, b) for a, b in moves]


def _move_fleet_leader(game: HgwState, frame: Frame, role: str, action: Action) -> None:
    leaders.move_fleet_leader(game, str(action[1]), str(action[2]))
    frame["leader_moved"] = sorted([*frame.get("leader_moved", ()), str(action[2])])


# Leaders 9 for fleets: the naval movement phase's hook for other missions (naval_phase.py)
EXTRA_VERBS["move_naval_leader"] = _move_fleet_leader
EXTRA_OFFERS.append(_fleet_offers)


def why_not(data: HgwData, role: str, action: Action) -> str | None:
    """Why placing (or moving) a leader marker is refused (why.py)."""
    top = data["flow"][-1] if data["flow"] else {}
    if action[0] == "move_leader":
        return _why_not_move(data, role, top, action)
    if action[0] == "move_naval_leader":
        return _why_not_move_fleet(data, role, top, action)
    if top.get("state") != "leaders" or top.get("player") != role:
        return "leader markers are placed at the end of your production phase, after all builds (O1.6)"
    kind = LAND if action[0] == VERBS[LAND] else NAVAL
    unit = str(action[1]) if len(action) > 1 else ""
    units = unit_records(data, leaders.UNITS[kind])
    if unit not in units or units[unit]["side"] != role or not units[unit].get("at"):
        return f"{unit!r} is not one of your {leaders.UNITS[kind]} on the map"
    if not leaders.to_place(data, role, kind):
        return f"no more {kind} leader markers are due: one per ten points (O1.4, O1.5)"
    if unit not in leaders.open_units(data, role, kind):
        return f"{units[unit]['name']} has a leader marker already: one each (O1.4, O1.5)"
    return None


def _why_not_move(data: HgwBoard, role: str, top: Frame, action: Action) -> str | None:
    if top.get("state") != "movement" or top.get("role") != role:
        return "a revealed leader moves between armies in your movement phase (O1.9)"
    source, army = (str(x) for x in action[1:3])
    if not leaders.has_leader(data, LAND, source) or data["armies"][source]["side"] != role:
        return f"{source!r} is not one of your armies with a revealed leader (O1.9)"
    if army not in leaders.open_units(data, role, LAND):
        return f"{army!r} is not one of your armies on the map without a leader marker (O1.4)"
    if not leaders.may_command_now(data, source, army):
        return "that leader may not command that army: not his nation (O1.8)"
    return "that army is out of reach: the leader moves like a strength point, through friendly hexes (O1.9)"


def _why_not_move_fleet(data: HgwBoard, role: str, top: Frame, action: Action) -> str | None:
    if top.get("state") != "naval_movement" or top.get("role") != role:
        return "a revealed naval leader moves between fleets in your naval movement phase (O1.9)"
    source, fleet = (str(x) for x in action[1:3])
    fleets = data.get("fleets", {})
    if source not in fleets or not leaders.has_leader(data, NAVAL, source) or fleets[source]["side"] != role:
        return f"{source!r} is not one of your fleets with a revealed leader (O1.9)"
    if source in top.get("leader_moved", ()):
        return f"{fleets[source]['name']}'s leader has moved this phase already: once a phase (O1.9, ours)"
    if fleet not in leaders.open_units(data, role, NAVAL):
        return f"{fleet!r} is not one of your surface fleets in play without a leader marker (O1.5)"
    if not leaders.may_command(data, data["leaders"]["fleets"][source]["leader"], NAVAL, fleet):
        return "that leader may not command that fleet: not his nation (O1.8)"
    return "a leader goes to a fleet in the same port, both in port: never alone at sea (O1.9, ours)"
