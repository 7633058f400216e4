"""The optional rule Italian Army (O4.1-O4.7), as questions on the game data that
production, movement, advances and supply ask, and the two events it adds to Italy's
war (its entry on the Axis side, its surrender). data/italian_army.json holds its numbers.

- O4.1-O4.2: from Italy's entry on the Axis side until its surrender, the Axis keeps five
  infantry and one mechanized point in Italian territory (every place of the nation
  Italy) or in the Italian Army; in a production phase that starts short of it, the
  Axis may build nothing else until it is made good (`redress`), and may end the phase
  only when no build can make it good.
- O4.3: the Italian Army's points are never moved to a place outside Italian territory
  (they may advance or retreat out of it, and always move back in).
- O4.4: one is added to the Italian Army's advance rolls into unfriendly hexes.
- O4.5: Italy's surrender eliminates the Italian Army; its points count toward the
  points the Axis owes for it (Italy's surrender 2: one rule's Italian force, our reading).
- O4.6: one infantry point in 2239, in the Afrika Korps (the rulebook's PZAA), which
  arrives with Italy's entry (Libya is unaligned before it).
- O4.7: an Italian Army of infantry alone in Ethiopia, Eritrea or Italian Somaliland is
  never out of supply there.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import msgspec

from .datafile import load_data
from .geography import Place, geography
from .layout import HgwBoard, placed
from .limitations import italy_status
from .neutrality import places_of
from .optional import has_option

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
Action = tuple[Any, ...]
DATA_PATH = Path(__file__).with_name("data") / "italian_army.json"


class ItalianArmyError(ValueError):
    """The Italian army file breaks its schema."""


class StartPoint(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    army: str
    at: str
    infantry: int


class ItalianArmyRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    note: str
    army: str
    nation: str
    infantry: int
    mechanized: int
    advance_modifier: int
    start: StartPoint
    supply_areas: tuple[str, ...]


def load_italian_army() -> ItalianArmyRule:
    return load_data(DATA_PATH, ItalianArmyRule, ItalianArmyError, "Italian army file")


def is_played(data: Data) -> bool:
    return has_option(data, "italian_army")


def is_italian_army(data: Data, army_id: str) -> bool:
    army = data["armies"][army_id]
    return is_played(data) and army["side"] == "axis" and army["name"] == load_italian_army().army


def italian_places(data: Data) -> frozenset[Place]:
    """Italian territory (O4.1: the yellow hexes): every place of the nation Italy."""
    return _italian(data["scenario"])


@cache
def _italian(scenario: str) -> frozenset[Place]:
    # places_of reads only the scenario of the data it is given
    return frozenset(places_of(cast(HgwBoard, {"scenario": scenario}), load_italian_army().nation))


def obliged(data: Data) -> bool:
    """O4.1, O4.5: the obligation runs while Italy fights on the Axis side."""
    return is_played(data) and italy_status(data) == "axis"


def italian_force(data: Data) -> dict[str, int]:
    """O4.1: the Axis infantry and mechanized points in Italian territory or the Italian
    Army."""
    inside = italian_places(data)
    force = {"infantry": 0, "mechanized": 0}
    for x in data["armies"].values():
        if x["side"] != "axis" or x["at"] is None:
            continue
        if x["at"] in inside or x["name"] == load_italian_army().army:
            for kind in force:
                force[kind] += int(x["sp"][kind])
    return force


def shortfall(data: Data) -> dict[str, int]:
    """O4.1: the points the Italian force lacks, by kind (empty when it is whole or the
    obligation does not run)."""
    if not obliged(data):
        return {}
    rule = load_italian_army()
    force = italian_force(data)
    need = {
        "infantry": rule.infantry - force["infantry"],
        "mechanized": rule.mechanized - force["mechanized"],
    }
    return {k: n for k, n in need.items() if n > 0}


def _redresses(data: Data, action: Action, missing: dict[str, int]) -> bool:
    """Is `action` a build of a missing kind into Italian territory or the Italian Army?"""
    if action[0] != "build" or action[1] not in missing:
        return False
    site, at = action[2], action[3]
    if site == "army":
        army = data["armies"][at]
        return bool(army["at"] in italian_places(data) or army["name"] == load_italian_army().army)
    return site == "place" and at in italian_places(data)


def redress(data: Data, role: str, actions: list[Action]) -> list[Action]:
    """O4.2: while the Italian force is short, the Axis production phase offers only the
    builds that make it good, and its end once none can."""
    if role != "axis":
        return actions
    missing = shortfall(data)
    if not missing:
        return actions
    builds = [a for a in actions if _redresses(data, a, missing)]
    return builds or actions


def why_not_build(data: Data, role: str, action: Action) -> str | None:
    """Why a production action is refused while the Italian force is short (O4.2)."""
    missing = shortfall(data) if role == "axis" else {}
    if not missing or _redresses(data, action, missing):
        return None
    lacking = " and ".join(f"{n} {k}" for k, n in sorted(missing.items()))
    return (
        f"the Italian force lacks {lacking} (five infantry and one mechanized point in Italian "
        "territory or the Italian Army): build those there first (O4.1, O4.2)"
    )


def may_move_to(data: Data, army_id: str, place: Place) -> bool:
    """O4.3: the Italian Army's points move only to places of Italian territory."""
    confine = confined_to_italy(data, army_id)
    return confine is None or place in confine


def confined_to_italy(data: Data, army_id: str) -> frozenset[Place] | None:
    """O4.3: the places the army's points may move to, Italian territory, if it is the
    Italian Army; None for any other army (`may_move_to` of every place at once)."""
    if data["armies"][army_id]["name"] != load_italian_army().army or not is_italian_army(data, army_id):
        return None
    return italian_places(data)


def advance_modifier(data: Data, army_id: str, *, friendly: bool) -> int:
    """O4.4: one added to the Italian Army's advance rolls into unfriendly hexes."""
    if friendly or not is_italian_army(data, army_id):
        return 0
    return load_italian_army().advance_modifier


def east_african_supply(data: Data, army_id: str) -> bool:
    """O4.7: an Italian Army of infantry alone in Ethiopia, Eritrea or Italian
    Somaliland keeps its supply there (it traces to the area it stands in)."""
    if not is_italian_army(data, army_id):
        return False
    army = data["armies"][army_id]
    others = sum(int(n) for k, n in army["sp"].items() if k != "infantry")
    country = geography(data["scenario"]).country.get(placed(army))
    return others == 0 and country in load_italian_army().supply_areas


def on_surrender(game: HgwState) -> None:
    """O4.5: Italy has surrendered: the Italian Army's points are eliminated, counted
    toward the points the Axis owes (Italy's surrender 2)."""
    data = game.data
    if not is_played(data):
        return
    rule = load_italian_army()
    pol = data.get("politics")
    due = (pol.get("italy_due") if pol else None) or {}
    for a, x in sorted(data["armies"].items()):
        if x["side"] != "axis" or x["name"] != rule.army or x["at"] is None:
            continue
        for kind in ("infantry", "mechanized"):
            if kind in due:
                due[kind] = max(0, int(due[kind]) - int(x["sp"][kind]))
        total = sum(int(n) for n in x["sp"].values())
        for kind in x["sp"]:
            x["sp"][kind] = 0
        x["at"] = None
        data["status"].pop(a, None)
        game.log(f"the {rule.army} ({total} points) is eliminated with Italy's surrender (Italian Army 5)")


def libya_point(game: HgwState) -> None:
    """O4.6: the infantry point in 2239, in the Afrika Korps, when Italy joins the Axis."""
    data = game.data
    if not is_played(data):
        return
    start = load_italian_army().start
    if data["owner"].get(start.at) != "axis":
        game.log(f"the Italian Army rule's point in {start.at} finds the hex not Axis and is lost")
        return
    named = [a for a, x in sorted(data["armies"].items()) if x["side"] == "axis" and x["name"] == start.army]
    here = [a for a, x in sorted(data["armies"].items()) if x["side"] == "axis" and x["at"] == start.at]
    army_id = next((a for a in named if data["armies"][a]["at"] in (None, start.at)), None)
    army_id = army_id or (here[0] if here else None)
    if army_id is None:
        game.log(f"no Axis army counter can take the point in {start.at}: it is lost")
        return
    army = data["armies"][army_id]
    army["at"] = start.at
    army["sp"]["infantry"] += start.infantry
    game.log(f"{army['name']} receives {start.infantry} infantry point in {start.at} (Italian Army 6)")
