"""Coastal airpower as a temporary army in Campaign Game II (Air Attacks 8, K11.8).

Where tac air is in play (the scenario's "tac_air" system), the coastal air an invasion
target has (naval.coastal_air: a supplied naval port, naval yard or airbase of the
defender, or its coastal hex with an army, and any coastal air points bought there) is
six tac air points attached to the hex for that invasion: a temporary army that fights
only in the defensive assault against the invader and takes the losses of the invader's
air attack; it is gone when the invasion is over.

It is no army of the record sheet (the twelve armies a side are a fixed roster, and the
action index numbers them), so it is a record of its own:

    data["coastal_air_army"]  {"side", "at": the invasion hex, "tac_air": points}, only
                              while an invasion of a hex with coastal air is resolved

and the combat steps ask it: the defensive assault against invaders fires its tac air with
the defending armies' points, or alone (combat.DefensiveAssault: ours, as a fort's points
fire, within the ten-point cap); the invader's air attack counts it among the defenders'
tac air (Air Attacks 2) and its losses fall on it first (air_combat.AirAttack), the rest
on the defending armies' tac air. The earlier scenarios, without tac air, keep Coastal
Airpower's fire at the invasion fleet alone (naval.air_strike); Campaign Game II keeps that
fire too (Coastal Airpower 3 still holds with the naval system: ours), and the army is
what Air Attacks 8 adds to the battle on the beach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .airpower import coastal_air_army
from .board import points
from .geography import Place
from .layout import HgwBoard
from .sequence import has_system

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
KEY: Final = "coastal_air_army"  # a literal key of the layout (layout.py)


def in_play(data: Data) -> bool:
    """Air Attacks 8 comes with tac air (Campaign Game II's "tac_air" system)."""
    return has_system(data, "tac_air")


def form(game: HgwState, side: str, target: str, air: int) -> None:
    """Air Attacks 8: `side`'s coastal air `air` (its Coastal Airpower strength) on the
    invasion hex `target` becomes a temporary army of six tac air points."""
    data = game.data
    if not in_play(data) or air <= 0:
        return
    tac = int(coastal_air_army()["sp"]["tac_air"])
    data[KEY] = {"side": side, "at": target, "tac_air": tac}
    game.log(f"the coastal air of {target} forms a temporary army of {points(tac, 'tac air')} (K11.8)")


def would_form(data: Data, air: int) -> int:
    """The tac air of the army a target's coastal air `air` would form (odds.py's
    forecast of an invasion: naval.coastal_air gives `air`)."""
    return int(coastal_air_army()["sp"]["tac_air"]) if in_play(data) and air > 0 else 0


def points_at(data: Data, place: Place) -> int:
    """The tac air points of the coastal air army on `place` now, or 0."""
    army = data.get(KEY)
    return int(army["tac_air"]) if army and army["at"] == place else 0


def side_at(data: Data, place: Place) -> str | None:
    army = data.get(KEY)
    return str(army["side"]) if army and army["at"] == place else None


def join(game: HgwState, place: Place, side: str) -> int:
    """The defensive assault against invaders from `place`: the coastal air army's tac
    air points that fire with it (none for another side's, or without the army)."""
    tac = points_at(game.data, place)
    if not tac or side_at(game.data, place) != side:
        return 0
    game.log(f"the coastal air army of {place} ({points(tac, 'tac air')}) joins the defensive assault")
    return tac


def absorb(game: HgwState, place: Place, losses: int) -> int:
    """The invader's air attack on `place`: the coastal air army takes its losses first;
    the losses left for the defending armies' tac air."""
    data = game.data
    tac = points_at(data, place)
    taken = min(tac, max(0, losses))
    if taken:
        data[KEY]["tac_air"] = tac - taken
        game.log(f"the coastal air army of {place} loses {points(taken, 'tac air')}")
    return losses - taken


def dissolve(data: Data) -> None:
    """The invasion is over: the temporary army is gone."""
    data.pop(KEY, None)
