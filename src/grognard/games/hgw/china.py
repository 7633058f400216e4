"""China's rules (issue 23, part 2) as functions over the game's plain data: Chinese units
stay in China (G17.11), their partisan-style attacks (G17.12) and U.S. lend-lease to
China (F5.5, G17.2, G17.4). The Pacific War scenario plays G17.11 (nations.py, movement.py)
and G17.12 (combat.py's announcement); both Pacific scenarios play lend-lease to China
through China's own purse (china_purse.py).

Chinese armies carry their nation on their record (`"nation": "china"` for the
Nationalists, `"chinese_communist"` for the Communists; nations.py's convention), and
their side is the army's `side`. "China" in G17.11 is China and Manchukuo, as the rule
says; we read G17.12's "Axis-friendly hexes in China" the same way.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from grognard.core.errors import IllegalAction

from .board import armies_at
from .geography import Place, geography
from .japan import us_at_war, us_has_surrendered
from .layout import HgwBoard
from .map import load_map
from .pacific_tables import load_pacific
from .partisans import TAKES, PartisanAttack
from .research import Dice

Data = HgwBoard
AXIS = "axis"


def is_chinese(data: Data, army_id: str) -> bool:
    return data["armies"][army_id].get("nation") in load_pacific().china.nations


def in_china(place: Place) -> bool:
    """G17.11: a hex of China or Manchukuo."""
    hmap = load_map()
    return place in hmap and hmap.hex(place).country in load_pacific().china.territories


def why_not_chinese_enter(data: Data, army_id: str, place: Place) -> str | None:
    """G17.11: a Chinese army never moves, advances or retreats out of China (China and
    Manchukuo); any other army answers None."""
    if is_chinese(data, army_id) and not in_china(place):
        name = data["armies"][army_id].get("name", army_id)
        return f"Chinese units stay in China and Manchukuo; {name} may not enter {place} (G17.11)"
    return None


# --- G17.12: partisan-style attacks ---------------------------------------------------------


def why_not_chinese_partisans(data: Data, army_id: str, target: Place, done: Collection[str]) -> str | None:
    """G17.12: instead of a normal attack a Chinese army may strike an adjacent
    Axis-friendly hex in China the way partisans do (Partisan Attacks 1: a hex no army
    holds), at no cost; several armies may strike the same hex (each its own roll), each
    army once a turn (`done`: the armies that have attacked this turn)."""
    if not is_chinese(data, army_id):
        return f"only Chinese armies make partisan-style attacks, not {army_id}"
    army = data["armies"][army_id]
    hmap = load_map()
    if army["at"] is None or army["at"] not in hmap or target not in hmap.neighbours(army["at"]):
        return (
            f"a Chinese partisan attack strikes a hex next to the army; {target} is not next to {army['at']}"
        )
    if not hmap.can_cross_by_land(army["at"], target):
        return f"{target} is across the water from {army['at']}"
    if not in_china(target):
        return f"Chinese partisan attacks strike hexes in China only, not {target}"
    if data["owner"].get(target) != AXIS:
        return f"Chinese partisan attacks strike Axis-friendly hexes; {target} is not Axis"
    if armies_at(data, target):
        held = ", ".join(armies_at(data, target))
        return f"partisan attacks strike only hexes no army occupies; {target} holds {held}"
    if army_id in done:
        return f"{army_id} has already attacked this turn"
    return None


def chinese_partisan_attack(
    dice: Dice, data: Data, army_id: str, target: Place, done: Collection[str]
) -> PartisanAttack:
    """G17.12 with Partisan Attacks 2: one die, a 1 or 2 takes the hex; no production
    points are paid. Changes nothing: `take_by_chinese_partisans` applies a success."""
    why = why_not_chinese_partisans(data, army_id, target, done)
    if why is not None:
        raise IllegalAction(why)
    side = str(data["armies"][army_id]["side"])
    (roll,) = dice.roll(1, side, f"Chinese partisans of {army_id} against {target}")
    return PartisanAttack(side, target, 0, roll, roll <= TAKES)


def take_by_chinese_partisans(data: Data, attack: PartisanAttack) -> int:
    """Partisan Attacks 2-3 for G17.12: the hex becomes the army's side's, its production
    devastated; the army does not advance into it (G17.12's last sentence), so no army
    moves. Returns the production points devastated."""
    if not attack.taken:
        raise IllegalAction(f"the Chinese attack on {attack.place} failed (a {attack.roll})")
    data["owner"][attack.place] = attack.side
    value = _production(data, attack.place)
    if value:
        data["devastated"][attack.place] = value
    return value


def _production(data: Data, place: Place) -> int:
    """The hex's production: the scenario's (The Pacific War gives the map's blank Pacific
    its own, Geography), or the map's for a position with no scenario."""
    if "scenario" in data:
        return geography(data["scenario"]).production.get(place, 0)
    return load_map().hex(place).production


PARTISAN = "partisan"  # an army's status key (board.mark): the hex it struck this turn


def struck(data: Data) -> list[str]:
    """The armies that made their G17.12 attack this turn."""
    return sorted(a for a, s in data["status"].items() if s.get(PARTISAN))


def partisan_choices(data: Data, role: str) -> list[tuple[str, str, str]]:
    """The phase player's G17.12 strikes: each Chinese army that has named no attack yet,
    against each adjacent hex `why_not_chinese_partisans` allows (the caller leaves out
    the armies that may not attack at all, Unsupplied Hexes 3)."""
    done = struck(data)
    hmap = load_map()
    found = []
    for a, x in sorted(data["armies"].items()):
        if x["side"] != role or x["at"] is None or not is_chinese(data, a):
            continue
        status = data["status"].get(a)
        if status is not None and status.get("target") is not None:
            continue  # "instead of normal attacks"
        found += [("chinese_partisans", a, t) for t in hmap.neighbours(x["at"])
                  if why_not_chinese_partisans(data, a, t, done) is None]
    return found


def partisan_strike(game: Any, army_id: str, target: Place) -> None:
    """G17.12 played: the army's one strike this turn, rolled now (Partisan Attacks 2); a
    1 or 2 takes the hex (its production devastated, nobody advances). The army makes no
    other attack this turn (its status is stopped)."""
    data = game.data
    attack = chinese_partisan_attack(game, data, army_id, target, struck(data))
    status = data["status"].setdefault(army_id, {"target": None, "assaulted": False, "defended": False,
                                                 "advanced": 0, "stopped": False})
    status[PARTISAN], status["stopped"] = target, True
    name = data["armies"][army_id]["name"]
    if not attack.taken:
        game.log(f"{name}'s partisan attack on {target} fails (a {attack.roll}; G17.12)")
        return
    lost = take_by_chinese_partisans(data, attack)
    game.log(f"{name}'s partisan attack takes {target} (a {attack.roll}; G17.12)"
             + (f": {lost} production devastated" if lost else ""))


# --- F5.5, G17.2, G17.4: U.S. lend-lease to China -------------------------------------------


def china_ports() -> frozenset[Place]:
    """F5.5's "port hex in China": the map's Chinese ports; while the map marks none
    (the Pacific's ports are issue 23 part 1's to place), every Chinese coastal hex."""
    hmap = load_map()
    china = load_pacific().china.territories
    coast = [
        h for h, x in hmap.hexes.items() if x.country in china and x.kind == "land" and hmap.is_coastal(h)
    ]
    ports = frozenset(h for h in coast if hmap.is_port(h))
    return ports or frozenset(coast)


def china_lend_lease_limit(data: Data) -> tuple[int, int]:
    """(production points, tac air points) the U.S. may lend-lease to Nationalist China
    this turn: two points while unaligned (G17.2, F5.5), four and one tac air point once at
    war (G17.4); nothing once the U.S. has surrendered."""
    ll = load_pacific().china.lend_lease
    if us_has_surrendered(data):
        return 0, 0
    return (ll.at_war, ll.tac_air_at_war) if us_at_war(data) else (ll.unaligned, 0)


def why_not_china_lend_lease(
    data: Data, recipient: str, points: int, tac_air: int, entry: Place, *, route: bool
) -> str | None:
    """F5.5, G17.2, G17.4: U.S. lend-lease goes to the Nationalists only (never the
    Communists), within the turn's limit, received at a Chinese port hex the recipient
    holds or through a French Indochina hex while Indochina is French or unaligned (not
    Axis), by a valid supply route (`route`: the caller traced it)."""
    china = load_pacific().china
    if recipient == china.communist:
        return "the Allies may not lend-lease to the Chinese Communists (G17.2)"
    if recipient not in china.nations:
        return f"lend-lease to China goes to the Chinese Nationalists, not {recipient}"
    most, air = china_lend_lease_limit(data)
    if points > most or tac_air > air or points < 0 or tac_air < 0 or points + tac_air == 0:
        return (
            f"the U.S. may lend-lease {most} production points and {air} tac air to China"
            f" this turn, not {points} and {tac_air}"
        )
    hmap = load_map()
    country = hmap.hex(entry).country if entry in hmap else ""
    if entry in china_ports():
        if data["owner"].get(entry) in (None, AXIS):
            return f"the Chinese port {entry} is not held by the Chinese"
    elif country == china.lend_lease.through:
        if data["owner"].get(entry) == AXIS:
            return f"French Indochina ({entry}) passes lend-lease only while French or unaligned"
    else:
        return f"lend-lease reaches China by a Chinese port or through French Indochina, not {entry}"
    if not route:
        return f"lend-lease to China needs a valid supply route to {entry} (F5.5)"
    return None
