"""Supply lines, supply bases and sea supply (7.0-7.5, 6.71 beachheads, 6.8 blockade, 9.7).

A lower module: pure functions over a GameMap and control data, importing no phase.
The rules engine says who controls each hex and which hexes hold enemy units able to cut
supply (7.1: a unit out of supply cuts nothing, so the engine leaves those out); this
module answers which hexes are supplied.

How the answer is built:
- the *network* joins friendly or neutral hexes along road hexsides (7.2), and joins
  friendly ports that can reach each other across friendly or neutral water (7.4), unless
  a port is blockaded (6.8); a mulberry is a port that also joins the roads of the hexes
  next to it (9.7); destroyed bridges and canals carry nothing (9.5);
- a friendly city is a *supply base* when the network links it to another friendly city
  (7.3);
- the *supply line* is every hex of the network linked to a base; a unit is supplied on a
  line hex or next to one (7.0);
- a beachhead (6.71, 7.4 exception) takes sea supply from a linked port but never joins
  the roads: it supplies only its own hex and the hexes next to it.
Water crossed by sea supply links ports but supplies nothing itself (a land unit beside a
sea lane is not on a road line); see docs/victory-design.md.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .boards import GameMap, HexId


@dataclass(frozen=True)
class SupplyNetwork:
    """The result of a supply check for one player (or side)."""

    bases: frozenset[HexId]  # 7.3 friendly cities linked to another friendly city
    line: frozenset[HexId]  # 7.2 hexes of the network linked to a base
    supplied: frozenset[HexId]  # 7.0 on or next to the line, plus beachhead areas
    linked_ports: frozenset[HexId]  # ports (and mulberries, beachheads) that get sea supply


class _Union:
    """A small union-find over hex ids."""

    def __init__(self) -> None:
        self.parent: dict[HexId, HexId] = {}

    def find(self, h: HexId) -> HexId:
        parent = self.parent.setdefault(h, h)
        while parent != h:
            grand = self.parent.setdefault(parent, parent)
            self.parent[h] = grand
            h, parent = parent, grand
        return h

    def join(self, a: HexId, b: HexId) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def supply_network(
    gmap: GameMap,
    player: str,
    controller: Mapping[HexId, str | None],
    occupied_by_enemy: Callable[[HexId], bool],
    sources: Iterable[HexId],
    *,
    allies: Collection[str] = (),
    blockaded: Collection[HexId] = (),
    beachheads: Collection[HexId] = (),
    mulberries: Collection[HexId] = (),
    broken_sides: Collection[str] = (),
    sea_cut: Callable[[HexId], bool] | None = None,
) -> SupplyNetwork:
    """The supply network of `player` (and `allies`) on `gmap`.

    `controller` maps hex ids to the controlling role or None (neutral); a hex missing from
    it counts as neutral. `occupied_by_enemy(h)` tells whether enemy units that can cut
    supply stand in `h` (7.1, 7.5). `sources` are the candidate supply bases: the player's
    friendly cities. `blockaded` ports give no sea supply (6.8); `beachheads` and
    `mulberries` are the player's (6.71, 9.7); `broken_sides` are hexside ids
    (hexgrid.hexside) of destroyed bridges and canals (9.5). `sea_cut(h)` tells whether
    enemy ships in `h` cut sea supply there (7.5: every ship cuts sea supply, submarines
    too, though submarines cut no land supply); by default `occupied_by_enemy`.
    """
    friends = {player, *allies}
    cut_at_sea = occupied_by_enemy if sea_cut is None else sea_cut

    def passable(h: HexId) -> bool:
        # 7.2 friendly or neutral, and 7.1/7.5 no enemy able to cut the line
        return controller.get(h) in friends or (controller.get(h) is None and not occupied_by_enemy(h))

    def friendly(h: HexId) -> bool:
        return controller.get(h) in friends and not occupied_by_enemy(h)

    fixed = _fixed(gmap)
    shut = frozenset(h for h in fixed.road_hexes if not passable(h))
    joined, linked = fixed.road_parts(shut, frozenset(broken_sides))
    union = _Union()
    union.parent = dict(joined)  # the road network's parts, joined further below
    nodes: set[HexId] = set(linked)

    cities = {h for h in sources if h in gmap.hexes and gmap.hexes[h].city and friendly(h)}
    nodes.update(cities)

    # 7.4 sea supply between friendly ports; 9.7 mulberries act as ports
    mulberry_set = {h for h in mulberries if h in gmap.hexes and passable(h)}

    def harbour(h: HexId) -> bool:  # 6.8 not blockaded, 7.5 no enemy ship cutting sea supply there
        return h not in blockaded and not cut_at_sea(h)

    ports = {h for h, info in gmap.hexes.items() if info.port and friendly(h) and harbour(h)} | {
        h for h in mulberry_set if harbour(h)
    }
    beachhead_set = {h for h in beachheads if h in gmap.hexes and harbour(h) and passable(h)}
    water = fixed.water_parts(frozenset(h for h in fixed.seas if not passable(h) or cut_at_sea(h)))
    for port in ports:
        for body in _bodies_beside(gmap, port, water):
            nodes.add(port)
            union.join(port, body)
    for m in mulberry_set:
        nodes.add(m)
        for n in gmap.neighbors(m):
            if n in nodes and passable(n):
                union.join(m, n)  # 9.7 traced to an adjacent hex and on by road

    # 7.3 a base must be linked to another friendly city
    cities_per_root: dict[HexId, int] = {}
    for c in cities:
        root = union.find(c)
        cities_per_root[root] = cities_per_root.get(root, 0) + 1
    bases = frozenset(c for c in cities if cities_per_root[union.find(c)] >= 2)
    based_roots = {union.find(b) for b in bases}
    line = frozenset(h for h in nodes if union.find(h) in based_roots)

    supplied: set[HexId] = set(line)
    for h in line:
        supplied.update(gmap.neighbors(h))
    linked_ports = {p for p in ports if p in line}
    # 6.71 a beachhead in reach of a based port by sea supplies its hex and its neighbours
    for bh in beachhead_set:
        if any(union.find(body) in based_roots for body in _bodies_beside(gmap, bh, water)):
            linked_ports.add(bh)
            supplied.add(bh)
            supplied.update(gmap.neighbors(bh))
    return SupplyNetwork(bases, line, frozenset(supplied), frozenset(linked_ports))


# a road network's union-find parents and the hexes on it
_RoadParts = tuple[dict[HexId, HexId], frozenset[HexId]]


class _Fixed:
    """What supply searches ask of a map that never changes: the road hexsides (side
    id and its two hexes, in the map's order) and the hexes they join, the sea hexes
    sorted, and for each the sea hexes beside it across no shoal hexside (3.1). It
    keeps the road and water networks' parts found for each set of hexes closed to
    them: each end of turn asks them for every player, and they change little."""

    KEPT = 256  # networks kept per map and kind, the oldest dropped first

    def __init__(self, gmap: GameMap) -> None:
        self.map = gmap
        self.roads = [(side, *side.split("|")) for side, f in gmap.sides().items() if "road" in f]
        self.road_hexes = frozenset(h for _, a, b in self.roads for h in (a, b))
        self.seas = tuple(sorted(h for h, info in gmap.hexes.items() if info.terrain == "sea"))
        self.sea_links = {
            h: tuple(
                n
                for n in gmap.neighbors(h)
                if gmap.hexes[n].terrain == "sea" and "shoal" not in gmap.side_features(h, n)
            )
            for h in self.seas
        }
        self._roads: dict[
            tuple[frozenset[HexId], frozenset[str]], tuple[dict[HexId, HexId], frozenset[HexId]]
        ] = {}
        self._waters: dict[frozenset[HexId], dict[HexId, str]] = {}

    def road_parts(self, shut: frozenset[HexId], broken: frozenset[str]) -> _RoadParts:
        """The road network through every hex but the `shut` ones (7.2), less the
        `broken` hexsides (9.5): a union-find's parents (read only: copy them to join
        more) and the hexes on it."""
        key = (shut, broken)
        found = self._roads.get(key)
        if found is None:
            union = _Union()
            for side, a, b in self.roads:
                if side not in broken and a not in shut and b not in shut:
                    union.join(a, b)
            found = self._roads[key] = (union.parent, frozenset(union.parent))
            _bound(self._roads, self.KEPT)
        return found

    def water_parts(self, shut: frozenset[HexId]) -> dict[HexId, str]:
        """Each sea hex but the `shut` ones with the name of its body of water
        ("sea:<first hex>"; read only). Enemy-held or enemy-occupied sea hexes split a
        body (7.4, 7.5); shoal hexsides are not crossed (3.1)."""
        found = self._waters.get(shut)
        if found is None:
            found = self._waters[shut] = {}
            for start in self.seas:
                if start in found or start in shut:
                    continue
                name = f"sea:{start}"
                found[start] = name
                todo = [start]
                while todo:
                    h = todo.pop()
                    for n in self.sea_links[h]:
                        if n not in found and n not in shut:
                            found[n] = name
                            todo.append(n)
            _bound(self._waters, self.KEPT)
        return found


def _bound(kept: dict[Any, Any], most: int) -> None:
    """Drop the oldest entry of `kept` past `most` (dicts keep their order)."""
    if len(kept) > most:
        del kept[next(iter(kept))]


_FIXED: dict[str, _Fixed] = {}


def _fixed(gmap: GameMap) -> _Fixed:
    """The map's _Fixed, made once per map (checked to be this very map object)."""
    known = _FIXED.get(gmap.key)
    if known is None or known.map is not gmap:
        known = _FIXED[gmap.key] = _Fixed(gmap)
    return known


def _bodies_beside(gmap: GameMap, harbour: HexId, water: Mapping[HexId, str]) -> set[str]:
    """The bodies of water a port, mulberry or beachhead opens onto."""
    return {water[n] for n in gmap.neighbors(harbour) if n in water and gmap.is_coastal_side(harbour, n)}


def supplied_hexes(
    gmap: GameMap,
    player: str,
    controller: Mapping[HexId, str | None],
    occupied_by_enemy: Callable[[HexId], bool],
    sources: Iterable[HexId],
    sea_cut: Callable[[HexId], bool] | None = None,
    **extra: Collection[HexId],
) -> frozenset[HexId]:
    """The hexes where `player`'s ground and air units are in supply (7.0).

    The arguments are those of `supply_network`, which gives the bases and lines too.
    """
    network = supply_network(gmap, player, controller, occupied_by_enemy, sources, sea_cut=sea_cut, **extra)
    return network.supplied


def is_supplied(network: SupplyNetwork, hex_id: HexId) -> bool:
    """Whether a ground or air unit in `hex_id` is in supply (7.0)."""
    return hex_id in network.supplied
