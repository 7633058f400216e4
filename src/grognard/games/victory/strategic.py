"""Strategic movement (5.9): up to six hexes, never into a battle, never combined with
a normal move, never by a block pinned in a battle hex (5.1).

- ground (5.9, 3.3): starts on a road and follows road hexsides only, through friendly
  or neutral hexes free of enemy blocks;
- naval (5.9): through friendly or neutral sea and coastal hexes (not enemy cities or
  towns), ending at sea or in a friendly port;
- air, airborne included (5.9): from a friendly airbase to another within six hexes;
- N1.1: a city or town that began the game neutral and is held by nobody is closed to
  every strategic move (taken by normal movement only).

A helper of the move phase (movement.py); it imports no phase module.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import cast

from .boards import game_map
from .control import (
    STACK_FREE,
    Data,
    airbase_sites,
    airfields_with_room,
    arm,
    barred_battles,
    began_neutral,
    blockaded_ports,
    controller,
    gmap,
    has_enemy,
    is_friendly,
    is_friendly_airbase,
    is_land,
    side_key,
    stack_limit,
    storm_area,
    unit_of,
    vacant_control,
    water_links,
)
from .flight import within_flight
from .layout import placed
from .sides import is_enemy

Occ = dict[str, list[str]]
STRATEGIC_RANGE = 6  # 5.9


def _open(data: Data, occ: Occ, hex_id: str, role: str) -> bool:
    """Friendly (his or an ally's, 2.0 [3]) or neutral, and no enemy block there; but
    never a city or town that began neutral and nobody holds now (N1.1: those are
    taken by normal moves only, so no strategic move enters or crosses them)."""
    if has_enemy(data, occ, hex_id, role):
        return False
    return _open_to(data, controller(data, occ, hex_id), hex_id, role)


def _open_to(data: Data, who: str | None, hex_id: str, role: str) -> bool:
    """_open for a hex free of enemy blocks that `who` controls."""
    if who is None:
        return not began_neutral(data, gmap(data).hexes[hex_id])
    return is_friendly(data, who, role)


_KEPT: dict[frozenset[str], frozenset[str]] = {}


def kept(hexes: frozenset[str]) -> frozenset[str]:
    """The first set kept equal to `hexes`: the caches below are keyed by sets a pass
    makes anew, and most passes make one equal to an earlier pass's; handing on the
    same object lets a cache find its key by identity instead of comparing the sets
    hex by hex at every question. A bounded table, emptied when full: a set of most
    of a map's hexes is up to 33 KB (515 hexes on four maps), so 256 of them stay
    under ten megabytes; a set dropped is only compared hex by hex again."""
    found = _KEPT.get(hexes)
    if found is None:
        if len(_KEPT) >= 256:
            _KEPT.clear()
        found = _KEPT[hexes] = hexes
    return found


class Survey:
    """What one pass over a player's blocks asks again and again, worked out once:
    nothing moves during the pass (movement.move_actions makes one per list of legal
    moves). A profile of random games found these questions, asked for every hex of
    every strategic and sea search, most of the time of a game."""

    def __init__(self, data: Data, occ: Occ, role: str) -> None:
        self.data, self.occ, self.role = data, occ, role
        self.map = gmap(data)
        self.storm = storm_area(data)  # 9.4
        # one look at each occupied hex: whether an enemy's block is there (another
        # player's, not an ally's), whether only the player's own blocks are there
        # (then open to him without asking control, below), and how many of his
        # blocks of each arm stack there (5.2)
        blocks = data["blocks"]
        allies = "teams" in data or "pacts" in data  # sides.has_allies, inlined
        enemies, asked = [], []
        counts: dict[tuple[str, str], int] = {}
        self.carrier_hexes: set[str] = set()  # 4.2: where the player's carriers are
        self.beachheads: set[str] = set()  # 6.71: the player's
        blockades: set[str] = set()  # hexes where blockading ships stand (6.8)
        for hex_id, here in occ.items():
            own = subs = 0
            enemy = False
            for b in here:
                block = blocks[b]
                owner = block["owner"]
                if block.get("blockade"):
                    blockades.add(hex_id)
                if owner != role:
                    enemy = enemy or not allies or is_enemy(data, role, owner)
                    continue
                own += 1
                tags = unit_of(block).tags
                subs += "submarine" in tags
                if "carrier" in tags:
                    self.carrier_hexes.add(hex_id)
                if block.get("beachhead"):
                    self.beachheads.add(hex_id)
                if block["type"] not in STACK_FREE and not block.get("aboard"):
                    key = (hex_id, arm(block))
                    counts[key] = counts.get(key, 0) + 1
            if enemy:
                enemies.append(hex_id)
            elif allies or own != len(here) or subs == own:
                asked.append(hex_id)
            # else only his own blocks, one of them no submarine, and no alliances: he
            # controls the hex (5.4), or it is no city or town and nobody's (air units
            # alone off an airbase); open either way, without asking control
        self.enemies = kept(frozenset(enemies))
        # 5.9: hexes a strategic move may not enter or cross (an enemy block there, or
        # another player's control); a hex neither occupied nor a city or town is
        # friendly or neutral (5.4), so only those are asked
        self._control: dict[str, str | None] = {}
        self._vacant: Mapping[str, str | None] | None = None
        closed = set(enemies)
        closed.update(h for h in asked if not _open_to(data, self.controller(h), h, role))
        closed.update(h for h in _closed_sites(data, role) if h not in occ)  # the vacant ones
        self.closed = frozenset(closed)
        # 5.2: (hex, arm) where the player's stack is full
        self._full = {key for key, n in counts.items() if n >= stack_limit(self.map.hexes[key[0]], key[1])}
        # `enemies`: hexes holding an enemy's blocks (another player's, not an
        # ally's), worked out first; among them the battles of two others, allied
        # to neither of which he may not attack (2.0 [3]: a third player joins a
        # battle only on a side; our reading, he must be its ally)
        self.barred = barred_battles(data, role)
        self._bases: tuple[str, ...] | None = None
        self.found: dict[tuple[object, ...], list[str]] = {}  # answers blocks share
        self.counts: dict[str, int] = {}  # per-hex counts searches share (port room)
        self._blockaded: set[str] | None = None
        self._blockades = blockades
        self.sets: dict[str, frozenset[str]] = {}  # hex sets searches share (seatransport.py)
        self.shut: tuple[frozenset[str], frozenset[str]] | None = None  # within_range's

    def controller(self, hex_id: str) -> str | None:
        """control.controller (5.4), asked once per hex and pass."""
        if hex_id not in self.occ:  # a vacant hex: its home player's city or town, or nobody's
            if self._vacant is None:
                self._vacant = vacant_control(self.data)
            return self._vacant[hex_id]
        if hex_id not in self._control:
            self._control[hex_id] = controller(self.data, self.occ, hex_id)
        return self._control[hex_id]

    def has_room(self, hex_id: str, kind: str) -> bool:
        """control.has_room for this pass's player (5.2)."""
        return (hex_id, kind) not in self._full and hex_id in stackable(self.data["map"], kind)

    def full(self, kind: str) -> frozenset[str]:
        """The hexes where the player's blocks of `kind` fill the stack (5.2)."""
        key = "full:" + kind
        if key not in self.sets:
            self.sets[key] = frozenset(h for h, k in self._full if k == kind)
        return self.sets[key]

    def room(self, kind: str) -> frozenset[str]:
        """The hexes where one more of the player's blocks of `kind` may stand (5.2):
        `has_room` for every hex at once."""
        key = "room:" + kind
        if key not in self.sets:
            self.sets[key] = kept(stackable(self.data["map"], kind) - self.full(kind))
        return self.sets[key]

    def sea_room(self) -> frozenset[str]:
        """The open-sea hexes with naval room for the player (5.2, 5.9, 5.91)."""
        if "sea_room" not in self.sets:
            self.sets["sea_room"] = kept(sea_hexes(self.data["map"]) & self.room("naval"))
        return self.sets["sea_room"]

    def airbases(self, origin: str, reach: int) -> list[str]:
        """control.friendly_airbases (5.51), the bases asked once."""
        if self._bases is None:  # control.airbases_with_room from the pass's answers
            sites = [
                h
                for h in airbase_sites(self.data["map"])
                if h not in self.enemies and self.controller(h) == self.role and self.has_room(h, "air")
            ]
            self._bases = tuple(sorted(sites + airfields_with_room(self.data, self.occ, self.role)))
        # 9.4: the flight's length depends on the storm's hex; kept between passes,
        # which mostly find the same bases
        return list(within_flight(self.data["map"], self.data.get("storm"), self._bases, origin, reach))

    def destroyed(self) -> frozenset[str]:
        """The destroyed bridges and canals (9.5), one set per pass."""
        return _shut(self)[1]

    def blockaded(self) -> set[str]:
        """control.blockaded_ports (6.8), asked once."""
        if self._blockaded is None:  # asked only where blockading ships stand
            self._blockaded = blockaded_ports(self.data, {h: self.occ[h] for h in self._blockades})
        return self._blockaded


def _closed_sites(data: Data, role: str) -> frozenset[str]:
    """The cities and towns that `_open` finds closed to `role` while nobody stands in
    them: those of an enemy's map, and those that began neutral (N1.1). They depend
    on the map, the home maps and the alliances only, so they are kept between
    passes."""
    homes = tuple(sorted(data["homes"].items()))
    teams = tuple(sorted((data.get("teams") or {}).items()))
    pacts = tuple(tuple(p) for p in data.get("pacts") or ())
    return _vacant_closed(data["map"], homes, role, teams, pacts)


@lru_cache(maxsize=1024)
def _vacant_closed(
    map_key: str,
    homes: tuple[tuple[str, str], ...],
    role: str,
    teams: tuple[tuple[str, str], ...],
    pacts: tuple[tuple[str, ...], ...],
) -> frozenset[str]:
    # an empty board: only the keys `_open` reads on a vacant map (map, homes, blocks,
    # and the alliances below); the rest of the game data is never asked for here
    data = cast(Data, {"map": map_key, "homes": dict(homes), "blocks": {}})
    if teams:
        data["teams"] = dict(teams)
    if pacts:
        data["pacts"] = [list(p) for p in pacts]
    return frozenset(h for h in airbase_sites(map_key) if not _open(data, {}, h, role))


def strategic_targets(data: Data, occ: Occ, bid: str, survey: Survey | None = None) -> list[str]:
    """Hexes a block may end a strategic move in now (5.9). Past the block's own
    checks the answer depends only on its arm, its hex and its owner: blocks that
    share those share it, through the caller's `survey` of one pass over the blocks."""
    block = data["blocks"][bid]
    role, start = block["owner"], placed(block)  # the move phase asks blocks on the map
    kind, unit = arm(block), unit_of(block)
    if "immobile" in unit.tags:
        return []  # factories never move
    if block.get("landing") == "sea" and unit.arm == "ground":
        return []  # 5.91: a ground block at sea moves on by sea transport (seatransport.py)
    survey = Survey(data, occ, role) if survey is None or survey.role != role else survey
    if start in survey.enemies:
        return []  # a block in a battle hex is pinned or fighting
    if kind == "air" and not is_friendly_airbase(data, occ, start, role):
        return []  # 5.9: airbase to airbase (9.6: airfields are airbases)
    key = ("strategic", kind, start)
    if key in survey.found:
        return survey.found[key]
    if kind == "air":
        bases = survey.airbases(start, STRATEGIC_RANGE)
        found = [h for h in bases if h != start and h not in survey.storm]
    elif kind == "naval":
        found = _naval(survey, start)
    else:
        found = _ground(survey, start)
    survey.found[key] = found
    return found


@cache
def stackable(map_key: str, kind: str) -> frozenset[str]:
    """The hexes where blocks of an arm may stand at all (5.2, 5.6)."""
    the_map = game_map(map_key)
    return frozenset(h for h, info in the_map.hexes.items() if stack_limit(info, kind) > 0)


@cache
def port_hexes(map_key: str) -> frozenset[str]:
    """The ports of a map (3.2)."""
    return frozenset(h for h, info in game_map(map_key).hexes.items() if info.port)


@cache
def sea_hexes(map_key: str) -> frozenset[str]:
    """The open-sea hexes of a map (not coastal)."""
    return frozenset(h for h, info in game_map(map_key).hexes.items() if info.terrain == "sea")


@cache
def road_links(map_key: str) -> Mapping[str, frozenset[str]]:
    """For every hex, the land hexes next to it across a road hexside (3.3), once per
    map."""
    the_map = game_map(map_key)
    return {
        h: frozenset(
            n
            for n in the_map.adjacent(h)
            if "road" in the_map.side_features(h, n) and is_land(the_map.hexes[n])
        )
        for h in the_map.hexes
    }


@cache
def canal_links(map_key: str) -> Mapping[str, frozenset[str]]:
    """For every hex, the hexes next to it across a canal hexside (3.1: ships move along
    canals by strategic movement only), once per map."""
    the_map = game_map(map_key)
    return {
        h: frozenset(n for n in the_map.adjacent(h) if "canal" in the_map.side_features(h, n))
        for h in the_map.hexes
    }


@cache
def _strategic_water(map_key: str) -> Mapping[str, frozenset[str]]:
    """3.1, 5.9: where a strategic naval move (or sea transport, 5.91) may step: the
    hexsides ships cross, and canal hexsides."""
    water, canals = water_links(map_key), canal_links(map_key)
    return {h: water[h] | canals[h] for h in water}


def _ground(survey: Survey, start: str) -> list[str]:
    return list(ends_within(survey, start, "road", survey.room("ground")))


def _naval(survey: Survey, start: str) -> list[str]:
    """At sea, or in a port of one's own, within naval stacking (5.9)."""
    if "own_ports" not in survey.sets:
        room = survey.room("naval")
        survey.sets["own_ports"] = kept(
            survey.sea_room()
            | frozenset(
                h for h in port_hexes(survey.data["map"]) if h in room and survey.controller(h) == survey.role
            )
        )
    return list(ends_within(survey, start, "water", survey.sets["own_ports"]))


def within_range(survey: Survey, start: str, net: str) -> tuple[str, ...]:
    """Hexes a block of the survey's player can reach by a strategic move from
    `start` (5.9), whether or not it may stop there: within STRATEGIC_RANGE steps
    along `net` ("road" or "water" hexsides, canals included, 3.1), through hexes open
    to him and out of the storm (9.4). Sorted."""
    shut, broken = _shut(survey)
    return reach(survey.data["map"], net, start, shut, broken)


def ends_within(survey: Survey, start: str, net: str, ends: frozenset[str]) -> tuple[str, ...]:
    """`within_range` less the hexes not in `ends`, sorted. Kept between passes: in a
    move phase one block moves at a time, and most passes after it find the same
    closed hexes and the same stacks full."""
    shut, broken = _shut(survey)
    return _reach_ending(survey.data["map"], net, start, shut, broken, ends)


def _shut(survey: Survey) -> tuple[frozenset[str], frozenset[str]]:
    """(closed or storm hexes, destroyed hexsides, 9.5): one pair of sets per pass, so
    that the caches keyed by them hash each once."""
    if survey.shut is None:
        survey.shut = (kept(survey.closed | survey.storm), kept(frozenset(survey.data.get("destroyed", ()))))
    return survey.shut


# 1,024: a pass asks some tens; each key holds a set of the hexes one may end in, up to
# 33 KB (kept() shares equal ones), so the table stays under some tens of megabytes
@lru_cache(maxsize=1024)
def _reach_ending(
    map_key: str, net: str, start: str, shut: frozenset[str], broken: frozenset[str], ends: frozenset[str]
) -> tuple[str, ...]:
    return tuple(h for h in reach(map_key, net, start, shut, broken) if h in ends)


@lru_cache(maxsize=8192)
def reach(
    map_key: str, net: str, start: str, shut: frozenset[str], broken: frozenset[str]
) -> tuple[str, ...]:
    """The hexes within STRATEGIC_RANGE steps of `start` along `net` ("road": road
    hexsides over land, less the `broken` ones, 9.5; "water": hexsides ships cross and
    canal hexsides, less the `broken` canals) that never enter a `shut` hex, sorted;
    `start` left out. A pure function of its arguments, so it is kept between passes:
    in a move phase most searches meet the same closed hexes again (a profile of
    random games: most of a game's time)."""
    links = road_links(map_key) if net == "road" else _strategic_water(map_key)
    canals = canal_links(map_key) if net == "water" else None
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in links[here]:
            if nxt in seen or nxt in shut:
                continue
            if broken and (canals is None or nxt in canals[here]) and side_key(here, nxt) in broken:
                continue  # 9.5: a destroyed bridge carries no road, a destroyed canal no ship
            seen[nxt] = seen[here] + 1
            if seen[nxt] < STRATEGIC_RANGE:
                queue.append(nxt)
    del seen[start]
    return tuple(sorted(seen))
