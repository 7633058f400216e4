"""The playing area of one scenario, precomputed from the map: which places exist,
how they touch, and what the terrain does to moves, attacks, retreats and supply.

A *place* is an on-map European hex ("1144") or the Siberia off-map box ("siberia"),
which the rules treat as one oversized hex (Off-Map Combat 1): the Soviet hexes east of
column 57 are inside it and never played one by one. The other boxes (the United States
1909, Canada 1614, French Africa 2828, British Africa 4639, India 2656; Barbarossa
special rule 6; and French Equatorial Africa 3236, France 3) are places too in the
scenarios that list them (`box_places`), each named by its hex: one oversized hex
without land links, reached only by sea. Hexes that no side held at the
start are neutral for the whole Barbarossa game (special rule 1), so they are not
places at all: nobody may enter, attack or trace through them.
"""

from __future__ import annotations

from functools import cache

from .campaign import load_campaign
from .map import load_map
from .pacific_tables import load_pacific
from .scenario import BOX, board_id, load_scenario
from .tables import load_tables
from .theater import (
    PACIFIC,
    board_borders,
    board_sides,
    friendly_at_start,
    in_pacific,
    pacific_sides,
    plays_pacific,
)

Place = str

# Strength Point Movement Across Seas 1 (Persian Gulf-Red Sea complex): the complex is
# reached round the Cape of Good Hope from any place on the Atlantic (the French and
# British Africa boxes among them), and it reaches India too. So a passage over it may
# start on the Atlantic or at the India box (map.json's "india", 2656) as well as on its
# own coasts, and the whole passage is charged to the complex's transport limit (one
# Allied point a turn); a sea is friendly for supply when a point may cross it (Supply
# Route 1), so supply routes go round the Cape by the same reach.
RED_SEA = "Persian Gulf-Red Sea"
CAPE_REACH = ("Atlantic",)
INDIA_BOX = "india"
# Sea Route 4: British South Africa (4639) controls the way between the Atlantic and the
# complex; a passage round the Cape (one end on the Atlantic) is open only to the side
# that holds it (`cape_ends`, `Geography.round_the_cape`)
CAPE_CONTROL = "4639"


class Geography:
    def __init__(self, scenario_id: str) -> None:
        hmap = load_map()
        tables = load_tables()
        board = board_id(scenario_id)  # Campaign Game II plays on Campaign Game I's set-up
        content = load_scenario(scenario_id)
        pacific = content.theater == PACIFIC  # The Pacific War: columns xx58-xx112 (theater.py)
        borders = board_borders(scenario_id)
        self.start_owner: dict[Place, str] = {}
        for spec in board_sides(scenario_id):
            for h in sorted(friendly_at_start(scenario_id, spec)):
                if pacific:
                    self.start_owner[h] = spec.side  # no off-map boxes: the whole Pacific is on the map
                elif hmap.box_of(h) == BOX:
                    self.start_owner[BOX] = spec.side
                elif hmap.in_europe(h) and not hmap.box_of(h):
                    self.start_owner[h] = spec.side
        if not pacific:
            # Campaign Game IV: the Pacific half's start beside Europe's (theater.py); its
            # boxes stand for their countries' European hexes only, Siberia for Soviet Asia
            for spec in pacific_sides(scenario_id):
                for h in sorted(friendly_at_start(scenario_id, spec)):
                    if hmap.box_of(h) != BOX:
                        self.start_owner[h] = spec.side
        # sorted: game data built from these dicts must not depend on the process's
        # string hashing, or a replay in another process would differ
        # Barbarossa special rule 6, Off-Map Combat: the sea boxes a scenario plays as
        # places, held by the side whose production counts them (the U.S. box of
        # Campaign Game I by nobody until the United States enters the war)
        self.box_at: dict[Place, str] = {}
        self.box_points: dict[Place, int] = {}  # what an advance into the box devastates
        for box_id in load_scenario(scenario_id).box_places:
            where = hmap.box(box_id).hex
            self.box_at[where] = box_id
            self.box_points[where] = hmap.box(box_id).production
            for spec in hmap.scenario(board).sides:
                if box_id in spec.boxes:
                    self.start_owner[where] = spec.side
        if BOX in self.start_owner:
            self.box_points[BOX] = hmap.box(BOX).production  # Off-Map Combat 2
        self.start_owner = dict(sorted(self.start_owner.items()))
        # Campaign Game I (Unaligned Countries): the unaligned countries in play are
        # places too, friendly to nobody until they join a side or are captured
        unaligned: set[Place] = set()
        rules = load_campaign(scenario_id)
        if rules is not None:
            in_play = set(rules.in_play)
            pacific_unaligned = set(content.pacific_unaligned)
            for h, info in hmap.hexes.items():
                playable = info.kind == "land" and hmap.in_europe(h) and not hmap.box_of(h)
                if playable and info.country in in_play:
                    unaligned.add(h)
                elif info.kind == "land" and not hmap.in_europe(h) and info.country in pacific_unaligned:
                    unaligned.add(h)  # Campaign Game IV: the U.S. Pacific coast, its box's nation
        self.unaligned_at_start = frozenset(unaligned - set(self.start_owner))
        self.places = frozenset(self.start_owner) | self.unaligned_at_start | frozenset(self.box_at)
        self.country: dict[Place, str] = {}
        self.terrain: dict[Place, str] = {}
        self.production: dict[Place, int] = {}
        for p in self.places:
            if p == BOX:
                self.country[p], self.terrain[p], self.production[p] = "soviet_union", "clear", 0
                continue
            if p in self.box_at:
                # a box is one clear oversized hex; its points are counted by box (Allied
                # Production), not as the hex's own
                self.country[p], self.terrain[p], self.production[p] = hmap.country_in(p, borders), "clear", 0
                continue
            info = hmap.hex(p)
            self.country[p] = hmap.country_in(p, borders)
            self.terrain[p] = info.terrain
            # The Pacific War: the scenario's production where the map's Pacific is blank
            self.production[p] = content.hex_production.get(p, info.production)
        #: each place's nation (Campaign Game I's politics group a nation's territories,
        #: `CampaignRules.nation_of`; without politics a country is its own nation), and
        #: the places in their sorted order: asked for every unaligned place of every view
        self.nation: dict[Place, str] = {
            p: rules.nation_of(c) if rules is not None else c for p, c in self.country.items()
        }
        self.place_order: tuple[Place, ...] = tuple(sorted(self.places))
        #: the hexes of the Pacific half (columns past Europe's play area, theater.py), whose
        #: points a `europe_only` side's count leaves out (Three Players 4)
        self.in_pacific_half = frozenset(p for p in self.places if p.isdigit() and in_pacific(p))
        #: the places that may ever count as producing: a hex with production points
        #: (devastation lowers them and a repair restores at most the printed ones,
        #: P3.1-P3.5) and the boxes, whose points are counted by box; what reads "the
        #: side's producing places" (supply sources, build places) looks at these
        #: instead of every place on the map
        self.may_produce = frozenset(p for p, points in self.production.items() if points > 0) | frozenset(
            p for p in self.places if p == BOX or p in self.box_at
        )
        # L1.8 (The Pacific War): Australia is desert for supply but for its eastern coast
        # from Adelaide to Brisbane; a route passes only the side's own places, so those
        # coast hexes count at their map terrain whenever a route is in them: the places
        # whose terrain for supply is not their own
        self.supply_terrain: dict[Place, str] = {}
        if plays_pacific(scenario_id):
            rule = load_pacific().australia
            for p in self.places:
                if self.country[p] == rule.territory and p not in rule.as_normal:
                    self.supply_terrain[p] = "desert"
        # Garrisons 1: land hexes have one inherent garrison point, except islands,
        # deserts and jungles, which hold one only under an occupation marker.
        self.inherent_garrison = {
            p: tables.terrain[self.terrain[p]].garrison and self.terrain[p] not in ("desert", "jungle")
            for p in self.places
        }
        links: dict[Place, set[Place]] = {p: set() for p in self.places}
        crossing: set[tuple[Place, Place]] = set()
        self.roads: set[tuple[Place, Place]] = set()
        for p in self.places:
            if p == BOX or p in self.box_at:
                continue  # Off-Map Combat: the sea boxes are reached only by sea
            for n in hmap.neighbours(p):
                if n in self.places and n not in self.box_at and hmap.can_cross_by_land(p, n):
                    links[p].add(n)
                    features = hmap.hexside_features(p, n)
                    if "crossing" in features:
                        crossing.add((p, n))
                    if "road" in features:
                        self.roads.add((p, n))
        if BOX in self.places:
            for h in hmap.box_border(BOX):
                if h in self.places:
                    links[h].add(BOX)
                    links[BOX].add(h)
        # Movement 2 and Sea and Crossing Combat: moves and attacks use land hexsides and
        # crossing arrows, never all-sea hexsides; Advance Resolution 4: retreats use
        # neither crossings nor all-sea hexsides.
        self.links: dict[Place, tuple[Place, ...]] = {p: tuple(sorted(ns)) for p, ns in links.items()}
        # Supply Route 1 and Movement Across Seas 1: the seas a passage from or to each
        # place may cross (the seas its coast touches, and the Red Sea complex round the
        # Cape), and each sea's ends
        self.coast_seas: dict[Place, tuple[str, ...]] = {
            p: hmap.hex(p).seas for p in sorted(self.places) if p != BOX and hmap.hex(p).seas
        }
        india = hmap.box(INDIA_BOX).hex
        cape_ends = set()
        for p, seas in list(self.coast_seas.items()):
            round_the_cape = p == india or any(sea in CAPE_REACH for sea in seas)
            if round_the_cape and RED_SEA not in seas:
                self.coast_seas[p] = (*seas, RED_SEA)
                if p != india:
                    cape_ends.add(p)
        # the places that reach the complex only round the Cape (India does not need it)
        self.cape_ends: frozenset[Place] = frozenset(cape_ends)
        coast: dict[str, list[Place]] = {}
        for p, seas in self.coast_seas.items():
            for sea in seas:
                coast.setdefault(sea, []).append(p)
        self.sea_coast: dict[str, tuple[Place, ...]] = {sea: tuple(ps) for sea, ps in sorted(coast.items())}
        self.retreat_links: dict[Place, tuple[Place, ...]] = {
            p: tuple(n for n in ns if (p, n) not in crossing) for p, ns in self.links.items()
        }

    def leaves_for_supply(self, here: Place, toward: Place, marked: bool) -> bool:
        """Line of Supply 5-7: may a supply route leave `here` toward `toward`? Mountain
        hexes only by a road; desert and jungle by a road or under the side's own
        occupation marker won by a combat advance (`marked`); Australia's terrain for supply
        is L1.8's (`supply_terrain`)."""
        terrain = self.supply_terrain.get(here, self.terrain[here])
        if terrain == "mountain":
            return (here, toward) in self.roads
        if terrain in ("desert", "jungle"):
            return marked or (here, toward) in self.roads
        return True

    def round_the_cape(self, sea: str, place: Place) -> bool:
        """Does a passage over `sea` from or to `place` go round the Cape, past its
        control hex (Sea Route 4)?"""
        return sea == RED_SEA and place in self.cape_ends

    def is_box(self, place: Place) -> bool:
        """Off-Map Combat 1: Siberia or a sea box, an oversized hex without a stacking limit."""
        return place == BOX or place in self.box_at

    def is_neighbour(self, a: Place, b: Place) -> bool:
        return b in self.links.get(a, ())


@cache
def box_hexes() -> frozenset[Place]:
    """The hexes that stand for the sea boxes wherever a scenario plays them as places."""
    return frozenset(b.hex for b in load_map().data.boxes if b.hex)


@cache
def geography(scenario_id: str) -> Geography:
    return Geography(scenario_id)
