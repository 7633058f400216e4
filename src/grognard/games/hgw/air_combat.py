"""Campaign Game II's air attack as a step of the combat phase (Air Attacks 1-6, 10): an
assault or defensive assault whose firing armies and targets both hold tac air opens
with an air attack (combat.air_battle pushes this step), then fires as usual with the
tac air the air attack left (combat.fire's `air_attacked`). Under Naval Action, the
coastal air strength points of the firing armies add one tac air point for each six to
the air attack (N9.3), committed first; they join no assault and are not lost (the air
attack's losses fall on the other side's tac air alone); coastal air opens no air attack
by itself (ours: the rule lends it to tac air's use, it does not give it tac air's roles).

Frame `air_attack`: `role` the firing side, `armies` its firing armies, `foes` the armies
fired at, `target` the hex assaulted (or, in a defensive assault, the defenders' hex),
`defensive`, `fort` (the fort points firing with a defensive assault), `invasion` (the
attackers are invaders: Defensive Assault 3's losses; or the assault is an invasion's,
its tac air one hex from the target, Air Attacks 7), `stage` ("commit", "fire",
"assault") and, once chosen, `committed`. The rule functions are airpower.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, end

from . import coastal_air_army
from .advance import why_not_drop
from .airpower import only_air_attacks, why_not_commit
from .board import points
from .combat import attack_modifier, fire, strike, tac_air, take_losses
from .firepower import fire as volleys
from .layout import HgwBoard
from .optional import has_option

if TYPE_CHECKING:
    from .state import HgwState

COASTAL_PER_TAC = 6  # N9.3

Action = tuple[Any, ...]


def commit_range(own: int, enemy: int) -> range:
    """Air Attacks 2: how many tac air points may air attack: all of them when the
    defender has as many or more, else from the defender's count up to all."""
    if own <= enemy:
        return range(own, own + 1)
    return range(enemy, own + 1)


def coastal_tac(data: HgwBoard, armies: Any) -> int:
    """N9.3: the tac air points the coastal air of the firing armies makes, one for each
    six coastal air points, rounded down (Naval Action's bought points, coastal_air.py)."""
    if not has_option(data, "naval_action") or not data.get("coastal_air"):
        return 0
    held = data["coastal_air"]
    live = [a for a in armies if data["armies"][a]["at"] is not None]
    return sum(int(held.get(a, 0)) for a in live) // COASTAL_PER_TAC


def _tac(data: HgwBoard, frame: Frame) -> tuple[int, int]:
    """The firing side's tac air, its coastal air's share included (N9.3), and the other's."""
    own = tac_air(data, frame["armies"]) + coastal_tac(data, frame["armies"])
    return own, tac_air(data, frame["foes"]) + _coastal_army(data, frame)


def _coastal_army(data: HgwBoard, frame: Frame) -> int:
    """K11.8: the coastal air army on an invasion's target, air attacked with the
    defenders' tac air."""
    invaded = frame["invasion"] and not frame["defensive"]
    return coastal_air_army.points_at(data, frame["target"]) if invaded else 0


def tac_air_attacked(data: HgwBoard, frame: Frame) -> int:
    """The firing armies' own tac air the air attack used: the coastal air's share is
    committed first (ours: coastal air never joins the assault, so it flies first and
    leaves the tac air free to join it)."""
    return max(0, int(frame["committed"]) - coastal_tac(data, frame["armies"]))


class AirAttack(GameStep["HgwState"]):
    """Air Attacks 2-4: the firing side commits its tac air (a choice only when it has
    more than the other side), the air attack fires on the Firepower Table (above ten in
    volleys of ten, K2) and the other side loses tac air alone; then the (defensive)
    assault fires with the tac air left."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        if frame["stage"] == "commit" and len(commit_range(*_tac(game.data, frame))) > 1:
            return [frame["role"]]
        return []

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("air_attack", n) for n in commit_range(*_tac(game.data, frame))]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        own, enemy = _tac(game.data, frame)
        why = why_not_commit(own, enemy, int(action[1]))
        if why is not None:  # legal offers only the allowed counts
            raise ValueError(why)
        frame["committed"] = int(action[1])
        frame["stage"] = "fire"

    def run(self, game: HgwState, frame: Frame) -> None:
        data = game.data
        if frame["stage"] == "commit":  # no choice: all of it (Air Attacks 2)
            frame["committed"] = _tac(data, frame)[0]
            frame["stage"] = "fire"
        if frame["stage"] == "fire":
            frame["stage"] = "assault"
            self._air_attack(game, frame)
            return
        end(data["flow"])
        armies = tuple(a for a in frame["armies"] if data["armies"][a]["at"] is not None)
        if not armies:
            return
        committed = tac_air_attacked(data, frame)
        if frame["defensive"]:
            attackers = [a for a in frame["foes"] if data["armies"][a]["at"] is not None]
            why = f"defensive assault from {frame['target']}"
            fort = int(frame["fort"])
            losses = fire(game, armies, None, why, fort=fort, side=frame["role"], air_attacked=committed)
            loser = data["armies"][frame["foes"][0]]["side"]
            take_losses(game, loser, attackers, losses, amphibious_half=bool(frame["invasion"]))
            return
        why = f"assault on {frame['target']}"
        invading = bool(frame["invasion"])  # Air Attacks 7: an invasion's assault
        losses = fire(game, armies, frame["target"], why, invasion=invading, air_attacked=committed)
        strike(game, frame["target"], frame["role"], losses)

    def _air_attack(self, game: HgwState, frame: Frame) -> None:
        """Air Attacks 3: the committed points fire; the losses fall on tac air alone."""
        data = game.data
        enemy = _tac(data, frame)[1]
        committed = int(frame["committed"])
        armies = tuple(frame["armies"])
        modifier = attack_modifier(data, armies, attacking=not frame["defensive"])
        volley = volleys(game, frame["role"], committed, f"air attack on {frame['target']}", modifier)
        lost = min(volley.losses, enemy)  # the excess is ignored
        rolls = ", ".join(str(r) for r in volley.rolls)
        extra = f"{modifier:+d}" if modifier else ""
        coastal = min(committed, coastal_tac(data, armies))
        of_coastal = f", {coastal} of them made by coastal air (N9.3)" if coastal else ""
        game.log(
            f"{frame['role']} air attacks with {points(committed, 'tac air')}{of_coastal}"
            f" (roll {rolls}{extra}): {points(lost, 'tac air')} lost"
        )
        if _coastal_army(data, frame):
            lost = coastal_air_army.absorb(game, frame["target"], lost)  # K11.8: it takes them first
        foes = [a for a in frame["foes"] if data["armies"][a]["at"] is not None]
        if foes:
            take_losses(game, data["armies"][foes[0]]["side"], foes, lost, kinds=("tac_air",))

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        own, enemy = _tac(game.data, frame)
        kind = "defensive assault" if frame["defensive"] else "assault"
        where = f"from {frame['target']}" if frame["defensive"] else f"on {frame['target']}"
        coastal = coastal_tac(game.data, frame["armies"])
        made = f", {coastal} of them made by your coastal air, which flies first" if coastal else ""
        return (
            f"{frame['role']}: how many of your {own} tac air points{made} air attack before the {kind}"
            f" {where}? (at least the other side's {enemy}; the rest join the {kind})"
        )


def why_not_air(data: HgwBoard, role: str, frame: Frame, action: Action) -> str | None:
    """Why an air attack's commitment or a paradrop is refused (why.py asks)."""
    if action[0] == "air_attack":
        if frame.get("state") != "air_attack" or frame.get("role") != role:
            return (
                "no air attack waits for your tac air: one opens an assault or defensive assault"
                " when the firing armies and their targets both hold tac air (K11.1, K11.10)"
            )
        own, enemy = _tac(data, frame)
        why = why_not_commit(own, enemy, int(action[1]))
        return f"{why} (K11.2)" if why else None
    army_id, dropping = str(action[1]), int(action[2])
    if frame.get("state") not in ("advances", "exploit_attack") or frame.get("role") != role:
        return "paratroop points drop only as their army advances, announced before its roll (K13.1, K13.2)"
    army = data["armies"].get(army_id)
    if army is None or army["side"] != role or army["at"] is None:
        return f"{army_id} is not one of your armies on the map"
    if only_air_attacks(army):
        return "an army of tac air alone (or with amphibious points) only air attacks (K10.3, K11.10)"
    why = why_not_drop(data, army_id, dropping)
    return f"{why} (K13.2, K13.5)" if why else None
