"""Naval Action's first way to a battle (Naval Battle Resolution 1, N4.1; Fleets at Sea 1,
N3.1; Naval Battle Resolution 3, N4.3): in his naval movement a player sends a fleet to a
patrol hex in or next to the hex of an enemy fleet at sea, or on or next to an enemy
route that an enemy fleet escorts, and it fights them there.

The naval phase (naval_phase.py) offers those hexes as patrol hexes besides the ones by
the declared routes (`patrol_hexes`), and after the move and the enemy's interceptions
of it calls the step `patrol_battle`, which has no actor: the patrol, if it is still at
sea, attacks each such enemy fleet in turn, the enemy fleets at sea first (nearest, then
by counter), then the escorts, each a fleet battle (sea_war.fight, N4.2), for as long as
it wins (N4.3). Ours: moving there is the attack the rule describes, so no question is
asked. U-boat patrols attack routes as U-Boat Attack says (their escorts fight them
there); they do not seek out fleets, and surface fleets meet U-boats at sea only if they
carry A.S.W. strength (sea_war.may_fight). Sides at peace never fight (N5.6's spirit,
Activity Limitations 5). Nothing here is called without the `naval_action` option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core.flow import Frame, GameStep, end

from .board import opponents
from .fleets import active, is_uboat_fleet
from .layout import HgwBoard
from .map import hex_distance, load_map
from .neutrality import at_war
from .sea_war import covered, fight, may_fight, position

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard


def _foes(data: Data, side: str) -> list[str]:
    return [s for s in opponents(data, side) if at_war(data, side, s)]


def fleets_at_sea(data: Data, side: str) -> list[tuple[str, str]]:
    """(fleet, hex) for each enemy fleet at sea, at war with `side`, able to fight."""
    foes = _foes(data, side)
    return [
        (f, x["patrol"])
        for f, x in sorted(data.get("fleets", {}).items())
        if x["side"] in foes and "patrol" in x and active(data, f)
    ]


def patrol_hexes(data: Data, fleet_id: str) -> set[str]:
    """The sea hexes in or next to an enemy fleet at sea that `fleet_id` could fight
    (N4.1); the caller keeps those within the fleet's reach."""
    fleet = data["fleets"][fleet_id]
    if is_uboat_fleet(fleet):
        return set()
    hmap = load_map()
    found: set[str] = set()
    for f, h in fleets_at_sea(data, fleet["side"]):
        if may_fight(data, fleet_id, f):
            found.add(h)
            found.update(n for n in hmap.neighbours(h) if hmap.is_water(n))
    return found


def targets(data: Data, fleet_id: str) -> list[str]:
    """The enemy fleets a surface patrol in its hex attacks (N4.1): fleets at sea within
    one hex, nearest first, then the escorts of the enemy routes within one hex."""
    fleet = data["fleets"][fleet_id]
    if is_uboat_fleet(fleet) or "patrol" not in fleet or not active(data, fleet_id):
        return []
    here = fleet["patrol"]
    near = sorted(
        (hex_distance(here, h), f)
        for f, h in fleets_at_sea(data, fleet["side"])
        if hex_distance(here, h) <= 1 and may_fight(data, fleet_id, f)
    )
    found = [f for _, f in near]
    escorts = data.get("route_escorts", {})
    foes = _foes(data, fleet["side"])
    for rid in covered(data, fleet["side"], here):
        escort = escorts.get(rid)
        if escort and escort not in found and active(data, escort) and data["fleets"][escort]["side"] in foes:
            found.append(escort)
    return found


class PatrolBattle(GameStep["HgwState"]):
    """N4.1, N4.3: the patrol that arrived attacks the enemy fleets there while it wins."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return []

    def run(self, game: HgwState, frame: Frame) -> None:
        data = game.data
        end(data["flow"])
        fleet_id = frame["fleet"]
        for enemy in targets(data, fleet_id):
            if not active(data, fleet_id) or "patrol" not in data["fleets"][fleet_id]:
                return  # beaten: back in port (N4.2)
            if not active(data, enemy):
                continue
            name, other = data["fleets"][fleet_id]["name"], data["fleets"][enemy]["name"]
            game.log(f"{name}, on patrol in {position(data['fleets'][fleet_id])}, attacks {other}")
            if fight(game, fleet_id, enemy) != fleet_id:
                return
