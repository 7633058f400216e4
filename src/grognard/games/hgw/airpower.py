"""Campaign Game II's tactical airpower (Tac Air Abilities 1-3, Air Attacks 1-11, Air
Superiority) and the Combat Capability Summary, as rule functions over armies' points, the
friendly hexes and the map, which campaign_2's movement and combat phases call (board.py,
combat.py, air_combat.py, advance.py, ferry.py):

  - ferrying U.S. tac air to the armies of a distant area along the routes the rules name
    (`ferry_routes`, `ferry_areas`), the Newfoundland crossing's loss (`ferry_loss`), and
    the Pacific and Indian oceans' chain of stops ten hexes apart (`chain_reaches`);
  - tac air outside the ten-point stacking limit (`stacked_points`);
  - the air attack before an assault: how many tac air points must be committed
    (`why_not_commit`), its losses on the defending tac air alone (`resolve_air_attack`),
    then the assault's firing points with the tac air left (`assault_fire`) and its losses
    off the other points first (`why_not_assault_losses`);
  - the coastal air army, garrisons for tac air alone, the '0' column against advance;
  - air superiority's losses on retreating armies (`air_superiority_losses`);
  - which strength types take part in which combat (`takes_part`, `combat_points`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache
from typing import cast

from grognard.core.errors import IllegalAction

from .airpower_tables import Combat, load_airpower
from .firepower import fire
from .layout import Army
from .map import HexId, load_map
from .research import Dice

TAC, AMPHIBIOUS = "tac_air", "amphibious"
FIRE_CAP = 10  # Air Attacks 4: ten points at most fire in the assault, as before



def _points(army: Army, kind: str) -> int:
    return int(army["sp"].get(kind, 0))


def _others(army: Army) -> int:
    return sum(int(v) for k, v in army["sp"].items() if k != TAC)


# --- Tac Air Abilities 1: ferrying -------------------------------------------------------


@cache
def _country_hexes() -> dict[str, frozenset[HexId]]:
    hmap = load_map()
    by: dict[str, set[HexId]] = {}
    for h in hmap.hexes:
        by.setdefault(hmap.hex(h).country, set()).add(h)
    return {c: frozenset(hs) for c, hs in by.items()}


def ferry_routes(friendly: Collection[HexId]) -> list[str]:
    """Tac Air Abilities 1: the ferry routes open while `friendly` (the ferrying side's
    friendly hexes) holds every hex and every country each names."""
    tables = load_airpower()
    countries = _country_hexes()
    held = set(friendly)

    def holds(name: str) -> bool:
        route = tables.routes[name]
        return all(h in held for h in route.hexes) and all(countries[c] <= held for c in route.countries)

    open_: list[str] = []
    changed = True
    while changed:  # a route `after` another opens once that one has
        changed = False
        for name, route in tables.routes.items():
            if name in open_ or not holds(name):
                continue
            if route.after and not set(route.after) & set(open_):
                continue
            open_.append(name)
            changed = True
    return [
        name for name in tables.routes if name in open_ and not set(tables.routes[name].unless) & set(open_)
    ]


def ferry_areas(friendly: Collection[HexId]) -> dict[str, str]:
    """Each area U.S. tac air may be ferried to, with the route it takes (the safe one first)."""
    tables = load_airpower()
    areas: dict[str, str] = {}
    for name in sorted(ferry_routes(friendly), key=lambda n: tables.routes[n].risky):
        areas.setdefault(tables.routes[name].to, name)
    return areas


def why_not_ferry(friendly: Collection[HexId], origin: HexId, destination: HexId) -> str | None:
    """Tac air ferried from a U.S. hex to an army's hex of an area a route reaches."""
    tables = load_airpower()
    hmap = load_map()
    if origin not in hmap or hmap.hex(origin).country not in tables.origin:
        return f"tac air is ferried from the United States, not from {origin}"
    country = hmap.hex(destination).country if destination in hmap else ""
    area = next((a for a, spec in tables.areas.items() if country in spec.countries), None)
    if area is None:
        return f"no ferry route reaches {destination}"
    if destination not in friendly:
        return f"{destination} is not a friendly hex"
    if area not in ferry_areas(friendly):
        label = tables.areas[area].label
        return f"no ferry route to {label} is open: the hexes its routes need are not all friendly"
    return None


@dataclass(frozen=True)
class FerryLoss:
    rolls: tuple[int, ...]
    lost: int


def ferry_loss(dice: Dice, side: str, route: str) -> FerryLoss:
    """Tac Air Abilities 1: a turn's transfers over a risky route (by Newfoundland) roll
    two dice once; a 12 loses one tac air point. Other routes roll nothing."""
    tables = load_airpower()
    if not tables.routes[route].risky:
        return FerryLoss((), 0)
    loss = tables.risky_loss
    rolls = tuple(dice.roll(loss.dice, side, "tac air ferried by Newfoundland"))
    return FerryLoss(rolls, loss.points if sum(rolls) >= loss.on_or_above else 0)


def chain_stops(
    friendly: Collection[HexId], armies: Collection[HexId], origin: HexId, also: Collection[HexId] = ()
) -> set[HexId]:
    """Tac Air Abilities 1, Pacific and Indian oceans: the friendly stops (hexes with an
    army, a naval base or an airbase, and the hexes of `also`) that tac and coastal air
    reach from `origin` through a chain of such stops, each leg at most ten hexes over
    friendly land or water; `origin` itself included."""
    tables = load_airpower()
    hmap = load_map()
    held = {h for h in friendly if h in hmap}
    bases = set(tables.chain.features)
    stops = {h for h in held if h in armies or bases & set(hmap.hex(h).features)} | (set(also) & held)

    def open_hex(h: HexId) -> bool:
        return h in held or hmap.is_water(h)

    def leg(start: HexId) -> set[HexId]:  # the stops at most `range` steps over open hexes
        seen, frontier, found = {start}, [start], set()
        for _ in range(tables.chain.range):
            nxt = []
            for h in frontier:
                for n in hmap.neighbours(h):
                    if n not in seen and open_hex(n):
                        seen.add(n)
                        nxt.append(n)
                        if n in stops:
                            found.add(n)
            frontier = nxt
        return found

    reached, queue = {origin}, deque([origin])
    while queue:
        for n in leg(queue.popleft()):
            if n not in reached:
                reached.add(n)
                queue.append(n)
    return reached


def chain_reaches(
    friendly: Collection[HexId], armies: Collection[HexId], origin: HexId, destination: HexId
) -> bool:
    """Whether the chain of stops (`chain_stops`) takes tac air from `origin` to a held
    `destination`; both must be friendly."""
    hmap = load_map()
    if any(h not in friendly or h not in hmap for h in (origin, destination)):
        return False
    return destination in chain_stops(friendly, armies, origin, also=(destination,))


# --- Tac Air Abilities 2-3: stacking and the combats tac air joins -----------------------


def stacked_points(army: Army) -> int:
    """Tac Air Abilities 2: the points the ten-a-hex limit counts (tac air counts none)."""
    return _others(army)


def _combat(combat: str) -> Combat:
    table = load_airpower().capability
    if combat not in table:
        raise ValueError(f"no {combat!r} combat (one of {', '.join(table)})")
    return table[combat]


def takes_part(kind: str, combat: str) -> bool:
    """Combat Capability Summary: whether points of `kind` take part in `combat`."""
    return kind in _combat(combat).kinds


def combat_points(army: Army, combat: str, air_attacked: int = 0) -> int:
    """Combat Capability Summary: the points of the army that count in `combat` (before
    the ten-point firing cap); in an assault only the tac air not in the air attack joins
    (`air_attacked`); in an advance paratroop points count double (a paradrop); in an
    amphibious advance the amphibious points add as many infantry and mechanized."""
    spec = _combat(combat)
    total = 0
    for kind in spec.kinds:
        points = _points(army, kind)
        if kind == TAC and spec.tac_air_left:
            points = max(points - air_attacked, 0)
        total += points * (2 if kind in spec.doubled else 1)
    if spec.matched:
        amphibious = sum(_points(army, k) for k in spec.kinds)
        total += min(amphibious, sum(_points(army, k) for k in spec.matched))
    return total


def why_not_amphibious_tac(army: Army, distance: int) -> str | None:
    """Tac Air Abilities 3, Air Attacks 7: tac air joins an amphibious invasion's assault
    only when its target is one hex away."""
    if _points(army, TAC) and distance != 1:
        return f"tac air joins an amphibious assault only on a target one hex away, not {distance}"
    return None


# --- Air Attacks 1-11 --------------------------------------------------------------------


def why_not_commit(own_tac: int, enemy_tac: int, committed: int) -> str | None:
    """Air Attacks 2: an attacker with no more tac air than the defender commits all of it;
    one with more commits at least as many as the defender has."""
    if committed > own_tac or committed < 0:
        return f"the hex has {own_tac} tac air points, not {committed}"
    if own_tac <= enemy_tac and committed != own_tac:
        return f"with no more tac air than the defender's {enemy_tac}, all {own_tac} points air attack"
    if own_tac > enemy_tac and committed < enemy_tac:
        return f"at least {enemy_tac} tac air points (the defender's) air attack, not {committed}"
    return None


def air_attacks(army: Army) -> bool:
    """Air Attacks 10: an army without tac air skips the air attack (the defender's tac
    air, if any, is the air attack's only target)."""
    return _points(army, TAC) > 0


def only_air_attacks(army: Army) -> bool:
    """Air Attacks 10: an army of tac air alone, or of tac air and amphibious points, makes
    only the air attack."""
    kinds = {k for k, v in army["sp"].items() if int(v)}
    return TAC in kinds and kinds <= {TAC, AMPHIBIOUS}


@dataclass(frozen=True)
class AirAttack:
    committed: int
    rolls: tuple[int, ...]
    hits: int  # on the Firepower Table
    lost: int  # Air Attacks 3: off the defending tac air, the excess ignored


def resolve_air_attack(
    dice: Dice, side: str, own_tac: int, enemy_tac: int, committed: int, modifier: int = 0
) -> AirAttack:
    """Air Attacks 2-3 and 6: the committed tac air fires on the Firepower Table (in volleys
    of ten above ten, firepower.fire); the losses fall on the defending tac air alone.
    Changes nothing: the caller removes `lost` points."""
    why = why_not_commit(own_tac, enemy_tac, committed)
    if why is not None:
        raise IllegalAction(why)
    volley = fire(dice, side, committed, "air attack", modifier)
    return AirAttack(committed, volley.rolls, volley.losses, min(volley.losses, enemy_tac))


def assault_fire(army: Army, air_attacked: int, combat: str = "assault") -> int:
    """Air Attacks 4 and 6: the assault's firing points: the army's assaulting points with
    the tac air not in the air attack, ten at most (the army itself may hold more)."""
    if only_air_attacks(army):
        return 0
    return min(FIRE_CAP, combat_points(army, combat, air_attacked))


def why_not_assault_losses(army: Army, taken: Mapping[str, int]) -> str | None:
    """Air Attacks 4: assault losses come off tac air only when nothing else remains."""
    for kind, n in taken.items():
        if n < 0 or n > _points(army, kind):
            return f"the army has {_points(army, kind)} {kind} points, not {n}"
    if taken.get(TAC, 0) and sum(n for k, n in taken.items() if k != TAC) < _others(army):
        return "assault losses come off tac air only once no other point remains"
    return None


def coastal_air_army() -> Army:
    """Air Attacks 8: coastal air on an invasion hex, a temporary army of six tac air
    points that only fights defensive assault and takes air attack losses."""
    # a temporary army: no side, name or place of its own, only points (the cast says so)
    return cast(Army, {"sp": {TAC: load_airpower().coastal_air_points}, "coastal_air": True})


def why_not_coastal_air(combat: str) -> str | None:
    if combat not in ("defensive_assault", "defence_against_air_attack"):
        return f"the coastal air army fights only defensive assault and air attacks on it, not {combat}"
    return None


def garrison_defends(hex_armies: Collection[Army]) -> bool:
    """Air Attacks 9: a hex of tac air alone defends with its garrison."""
    return bool(hex_armies) and all(_others(a) == 0 for a in hex_armies)


def advance_defence(army: Army) -> int:
    """Air Attacks 11: an army of tac air alone defends against advance on the '0' column;
    otherwise its points that defend against advance."""
    if _others(army) == 0:
        return 0
    return combat_points(army, "defence_against_advance")


# --- Air Superiority ---------------------------------------------------------------------


def air_superiority_losses(advancing_tac: int, retreating: Collection[Army]) -> int:
    """Air Superiority: retreating armies lose one point for each of the advancing army's
    tac air points above theirs, never tac air; the excess is ignored."""
    their_tac = sum(_points(a, TAC) for a in retreating)
    return min(max(advancing_tac - their_tac, 0), sum(_others(a) for a in retreating))
