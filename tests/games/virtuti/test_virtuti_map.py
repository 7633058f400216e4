"""Virtuti Militari's map: what the rulebook says of it holds on the shipped map.

Rule numbers are the cases of docs/rules/virtuti-cases.toml (G general rules, S
scenarios, P1-P10 the ten phases, B1 the battle steps).
"""

from __future__ import annotations

import itertools
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grognard.core.areagraph import AreaGraph
from grognard.games.virtuti.map import Strait, VirtutiMap, load_map
from grognard.games.virtuti.map_validation import serov_corner, validate_map


@pytest.fixture(scope="module")
def vmap() -> VirtutiMap:
    return load_map()


def closed(_strait: Strait) -> bool:
    return False


def test_shipped_map_passes_every_check(vmap: VirtutiMap) -> None:
    assert validate_map(vmap) == []


@pytest.mark.rules("P1.1")
def test_climate_zones_count_as_the_weather_phase_says(vmap: VirtutiMap) -> None:
    """Weather phase: 52 subtropical, 113 temperate and 16 subpolar land areas."""
    climates = Counter(vmap.land(a).climate for a in vmap.land_ids)
    assert climates == {"subtropical": 52, "temperate": 113, "subpolar": 16}
    assert len(vmap.land_ids) == 181


@pytest.mark.rules("P1.1")
def test_serov_holds_the_north_east_corner(vmap: VirtutiMap) -> None:
    """Winter snow starts in Serov, 'the area in the north-east corner of the map'."""
    assert serov_corner(vmap) == "serov"
    assert vmap.land("serov").climate == "subpolar"
    # No land area lies both further east and further north than Serov's label.
    sx, sy = vmap.land("serov").label
    assert not [
        a for a in vmap.land_ids if a != "serov" and vmap.land(a).label[0] > sx and vmap.land(a).label[1] < sy
    ]


@pytest.mark.rules("P10.6")
def test_twenty_six_vp_with_the_seven_decisive_capitals(vmap: VirtutiMap) -> None:
    """Victory checks: 26 VP on the map; London, Paris, Moscow, Leningrad, Stalingrad,
    Rome and Berlin make the Allied decisive victory, so each is a VP area."""
    assert sum(vmap.land(a).vp for a in vmap.land_ids) == 26
    for area in ("london", "paris", "moscow", "leningrad", "stalingrad", "rome", "berlin"):
        assert vmap.land(area).vp > 0, area
    assert {vmap.land(a).owner for a in ("london", "paris", "moscow", "rome", "berlin")} == {
        "great_britain",
        "france",
        "ussr",
        "italy",
        "germany",
    }


@pytest.mark.rules("P7.7")
def test_cardiff_to_caen_needs_the_three_southern_fleets_or_the_northern_chain(vmap: VirtutiMap) -> None:
    """Amphibious landing example: North Atlantic, South Atlantic and English Channel;
    or North Atlantic, Arctic Sea, North Sea and English Channel."""
    southern = {"north_atlantic", "south_atlantic", "english_channel"}
    northern = {"north_atlantic", "arctic_sea", "north_sea", "english_channel"}
    assert vmap.fleet_chain("cardiff", "caen", southern) == [
        "north_atlantic",
        "south_atlantic",
        "english_channel",
    ]
    assert vmap.fleet_chain("cardiff", "caen", northern) == [
        "north_atlantic",
        "arctic_sea",
        "north_sea",
        "english_channel",
    ]
    # Every fleet of each chain is needed.
    for chain in (southern, northern):
        for zone in chain:
            assert vmap.fleet_chain("cardiff", "caen", chain - {zone}) is None, zone


@pytest.mark.rules("P7.4")
def test_manchester_to_gibraltar_by_sea(vmap: VirtutiMap) -> None:
    """Transport example: fleets in the North Sea, English Channel and South Atlantic."""
    fleets = {"north_sea", "english_channel", "south_atlantic"}
    assert vmap.fleet_chain("manchester_port", "gibraltar_port", fleets) == [
        "north_sea",
        "english_channel",
        "south_atlantic",
    ]
    assert vmap.fleet_chain("manchester", "gibraltar", fleets - {"english_channel"}) is None


@pytest.mark.rules("P7.5", "P8.2")
def test_straits_open_only_to_their_controller(vmap: VirtutiMap) -> None:
    """North Sea-Baltic needs Copenhagen, South Atlantic-Western Med Gibraltar, East
    Med-Black Sea Istanbul: the three sea borders are straits naming those areas."""
    expected = {
        "copenhagen": {"north_sea", "baltic_sea"},
        "gibraltar": {"south_atlantic", "western_mediterranean"},
        "istanbul": {"east_mediterranean", "black_sea"},
    }
    assert {s.area: set(s.seas) for s in vmap.straits.values()} == expected
    for area, seas in expected.items():
        a, b = sorted(seas)
        assert vmap.graph.border(a, b) == "strait"
        assert sorted(vmap.port_seas(f"{area}_port")) == [a, b]
    fleets = {"north_sea", "baltic_sea"}
    assert vmap.fleet_chain("london", "danzig", fleets, strait_open=closed) is None
    assert vmap.fleet_chain("london", "danzig", fleets, strait_open=lambda s: s.area == "copenhagen") == [
        "north_sea",
        "baltic_sea",
    ]


@pytest.mark.rules("P7.5", "P8.2")
def test_no_water_path_bypasses_a_strait(vmap: VirtutiMap) -> None:
    """With every strait closed, no chain of sea zones joins the seas they separate."""
    everything = set(vmap.sea_ids)
    assert vmap.fleet_chain("hamburg", "stettin", everything, strait_open=closed) is None
    assert vmap.fleet_chain("marseille", "lisbon", everything, strait_open=closed) is None
    assert vmap.fleet_chain("athens", "odessa", everything, strait_open=closed) is None


@pytest.mark.rules("P7.4", "P8.2")
def test_the_western_allies_reach_cairo_and_kuwait_around_africa(vmap: VirtutiMap) -> None:
    """Special rule: a chain to the South Atlantic reaches the Cairo and Kuwait ports."""
    fleets = {"north_sea", "english_channel", "south_atlantic"}
    assert vmap.fleet_chain("london", "kuwait", fleets, faction="western_allies") == [
        "north_sea",
        "english_channel",
        "south_atlantic",
    ]
    assert vmap.fleet_chain("london", "cairo_port", fleets, faction="western_allies") is not None
    # The way back works too, and the route is the Western Allies' alone.
    assert vmap.fleet_chain("kuwait", "london", fleets, faction="western_allies") is not None
    assert vmap.fleet_chain("london", "kuwait", fleets, faction="axis") is None
    assert vmap.fleet_chain("london", "kuwait", fleets) is None


@pytest.mark.rules("P7.2")
def test_feint_attack_examples_have_their_neighbours(vmap: VirtutiMap) -> None:
    """Danzig borders the Baltic Sea; the English Channel borders Caen and Caen's port."""
    assert vmap.graph.border("danzig", "baltic_sea") == "coast"
    assert vmap.graph.border("caen", "english_channel") == "coast"
    assert vmap.graph.border("caen_port", "english_channel") == "sea"
    assert vmap.graph.border("caen", "caen_port") == "port"


@pytest.mark.rules("P5.5", "P10.3")
def test_submarine_zones_and_convoy_places(vmap: VirtutiMap) -> None:
    """Submarines go to the North and South Atlantic and Arctic Sea; convoy raids name the
    Central Mediterranean, the North Sea, Copenhagen, Oslo and North Africa from
    Casablanca to Cairo."""
    for zone in ("north_atlantic", "south_atlantic", "arctic_sea", "central_mediterranean", "north_sea"):
        assert vmap.kind(zone) == "sea"
    assert vmap.port_seas("oslo_port") == ["north_sea"]
    africa = {a for a in vmap.land_ids if vmap.land(a).north_africa}
    assert {"casablanca", "cairo", "tripoli", "tobruk", "algiers", "tunis"} <= africa
    assert not africa & {"jerusalem", "el_arish", "london"}


def test_every_land_area_reaches_every_other(vmap: VirtutiMap) -> None:
    graph = vmap.graph
    assert len(graph.components(lambda _a: True)) == 1
    assert graph.distance("casablanca", "serov") is not None
    # The continent is one land mass: Lisbon walks to Kuwait without a boat.
    by_land = graph.components(lambda a: vmap.kind(a) == "land")
    assert any({"lisbon", "kuwait", "serov", "cairo", "berlin"} <= set(g) for g in by_land)


def test_rivers_and_mountains_fall_where_history_puts_them(vmap: VirtutiMap) -> None:
    """Designed terrain: the Pyrenees, the Alps, the Don at Stalingrad, the Vistula at Warsaw."""
    border = vmap.graph.border
    assert border("toulouse", "barcelona") == "mountain"
    assert border("milan", "bern") == "mountain"
    assert border("stalingrad", "voronezh") == "river"
    assert border("stalingrad", "rostov") == "river"
    assert border("warsaw", "lublin") == "river"
    assert border("paris", "caen") == "land"
    land_kinds = {border(a, b) for a in vmap.land_ids for b in vmap.neighbours(a, ("land",))}
    assert land_kinds == {"land", "river", "mountain"}


def test_port_areas_are_joined_to_land_and_sea(vmap: VirtutiMap) -> None:
    assert vmap.kind("caen_port") == "port"
    assert vmap.port("caen_port").land == "caen"
    assert vmap.land("caen").port == "caen_port"
    assert vmap.neighbours("caen_port", ("land",)) == ["caen"]
    assert vmap.land("paris").port is None


def test_graph_round_trips_through_plain_data(vmap: VirtutiMap) -> None:
    again = AreaGraph.from_data(vmap.graph.to_data())
    assert again.areas == vmap.graph.areas
    assert again.borders == vmap.graph.borders
    assert again.area("london").extra["owner"] == "great_britain"
    assert again.area("london").has_flag("supply_source")


def test_map_json_matches_the_design_file(vmap: VirtutiMap) -> None:
    """map.json is derived from scripts/virtuti_map/design.toml: the designed values agree
    (a design edit without a rebuild fails here; geometry needs the mapbuild extra)."""
    design_path = Path(__file__).resolve().parents[3] / "scripts" / "virtuti_map" / "design.toml"
    with design_path.open("rb") as handle:
        design = tomllib.load(handle)
    assert sorted(a["id"] for a in design["areas"]) == vmap.land_ids
    for spec in design["areas"]:
        area = vmap.land(spec["id"])
        assert (area.name, area.owner, area.climate) == (spec["name"], spec["owner"], spec["climate"])
        assert (area.pp, area.vp, area.fortification) == (
            spec.get("pp", 0),
            spec.get("vp", 0),
            spec.get("fort", 0),
        )
        assert area.supply_source == spec.get("supply", False)
        assert area.north_africa == spec.get("north_africa", False)
        if "port" in spec:
            assert area.port == f"{spec['id']}_port"
            assert vmap.port_seas(area.port) == sorted(spec["port"])
        else:
            assert area.port is None
    assert sorted(z["id"] for z in design["sea_zones"]) == vmap.sea_ids


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_fleet_chains_are_real_chains(vmap: VirtutiMap, data: st.DataObject) -> None:
    """Any chain found starts at the departure port's sea, ends at the goal's, uses only
    held zones, steps only between adjacent zones and crosses only open straits."""
    ports = [p for p in vmap.port_ids if vmap.port_seas(p)]
    start = data.draw(st.sampled_from(ports))
    goal = data.draw(st.sampled_from(vmap.land_ids))
    fleets = data.draw(st.sets(st.sampled_from(vmap.sea_ids)))
    open_straits = data.draw(st.sets(st.sampled_from(sorted(vmap.straits))))
    chain = vmap.fleet_chain(start, goal, fleets, strait_open=lambda s: s.id in open_straits)
    if chain is None:
        return
    assert set(chain) <= fleets
    assert chain[0] in vmap.port_seas(start)
    assert chain[-1] in vmap.land(goal).coasts
    for a, b in itertools.pairwise(chain):
        kind = vmap.graph.border(a, b)
        assert kind in ("sea", "strait")
        if kind == "strait":
            strait = vmap.strait_between(a, b)
            assert strait is not None and strait.id in open_straits
