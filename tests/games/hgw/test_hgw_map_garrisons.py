"""Pacific and African Garrisons (optional rule O3): which land hexes hold an inherent
garrison, from the map's named areas (games/hgw/garrisons.py)."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.board import armies_at, defence, has_garrison
from grognard.games.hgw.garrisons import areas_of, has_inherent_garrison, inherent
from grognard.games.hgw.geography import geography
from grognard.games.hgw.map import load_map


def new_game(scenario: str, **options: bool) -> HgwState:
    state = RULESET.new_game(scenario, options, seed=1)
    assert isinstance(state, HgwState)
    return state


def _empty_desert(state: HgwState) -> str:
    """A desert place of the European board with no army in it at the start."""
    geo = geography(state.data["scenario"])
    for place in sorted(geo.places):
        if geo.terrain[place] == "desert" and not armies_at(state.data, place):
            return place
    raise AssertionError("no empty desert place")


@pytest.mark.rules("O3.1")
def test_european_scenarios_give_every_land_hex_a_garrison() -> None:
    """O3.1: in the European scenarios every land hex has an inherent garrison, desert,
    jungle and circular islands included; water never."""
    for h in ("2239", "2341", "2144", "3164", "2685", "1237"):  # deserts, jungle, an island, Berlin
        assert has_inherent_garrison(h, "europe"), h
    assert not has_inherent_garrison("2506", "europe")  # the Gulf of Mexico


@pytest.mark.rules("O3.1")
def test_the_option_gives_campaign_game_ii_deserts_their_garrison() -> None:
    """O3.1 played: Campaign Game II with the option on (and Campaign Game III) defends an
    empty desert hex with one garrison point, where the basic rule (Garrisons 1) gives
    desert none."""
    basic = new_game("campaign_2")
    place = _empty_desert(basic)
    assert not inherent(basic.data, place)
    assert not has_garrison(basic.data, place) and defence(basic.data, place) == 0
    for state in (new_game("campaign_2", garrisons=True), new_game("campaign_3")):
        assert _empty_desert(state) == place
        assert inherent(state.data, place)
        assert has_garrison(state.data, place) and defence(state.data, place) == 1


@pytest.mark.rules("O3.1")
def test_the_option_keeps_clear_hexes_as_they_were() -> None:
    state = new_game("campaign_2", garrisons=True)
    geo = geography("campaign_2")
    clear = [p for p in sorted(geo.places) if geo.terrain[p] == "clear"]
    assert all(inherent(state.data, p) == geo.inherent_garrison[p] for p in clear)


@pytest.mark.rules("O3.2")
@pytest.mark.parametrize(
    ("hex_", "why"),
    [
        ("2685", "Wake, a circular island"),
        ("2280", "Midway, a circular island"),
        ("25106", "Hawaii, a circular island (a garrison only by scenario)"),
        ("3578", "New Guinea's jungle"),
        ("2562", "Burma's jungle"),
        ("2144", "Arabia's desert"),
        ("2543", "the Sudan's desert: Africa outside the list"),
        ("3242", "the Belgian Congo, clear: Africa outside the list"),
        ("3874", "Australia, clear ground"),
        ("4580", "Sydney"),
    ],
)
def test_pacific_scenarios_leave_islands_deserts_jungle_africa_australia_bare(hex_: str, why: str) -> None:
    """O3.2: in the Pacific and World War scenarios circular islands, deserts and jungle
    have no inherent garrison, nor Africa, Australia and the South Pacific islands, outside
    the listed areas."""
    assert not has_inherent_garrison(hex_, "pacific"), why


@pytest.mark.rules("O3.2")
@pytest.mark.parametrize("hex_", ["2056", "1778", "1144"])  # India, Japan, Moscow: clear, listed nowhere
def test_pacific_scenarios_keep_garrisons_elsewhere(hex_: str) -> None:
    assert has_inherent_garrison(hex_, "pacific")


@pytest.mark.rules("O3.3")
@pytest.mark.parametrize(
    ("hex_", "area"),
    [
        ("1934", "french_north_africa"),  # Algiers
        ("2239", "libya"),  # desert, yet listed
        ("2341", "egypt"),
        ("2529", "french_west_africa"),  # desert, yet listed
        ("2845", "ethiopia"),
        ("2744", "eritrea"),
        ("4147", "madagascar"),
        ("2463", "china"),  # jungle, yet listed
        ("3164", "malaya"),  # jungle, yet listed
        ("3268", "borneo"),  # Sarawak (British Borneo)
        ("3367", "borneo"),  # Dutch Borneo
        ("3364", "sumatra"),
        ("3471", "celebes"),
        ("3473", "ceram"),
        ("3672", "timor"),
    ],
)
def test_the_listed_pacific_and_african_areas_keep_their_garrisons(hex_: str, area: str) -> None:
    """O3.3: Africa's French North Africa, Libya, Egypt, French West Africa, Ethiopia,
    Eritrea and Madagascar; Asia's unoccupied China, Malaya, all Borneo with Sarawak,
    Sumatra, Celebes, Ceram and Timor keep an inherent garrison, whatever their terrain."""
    assert area in {a.id for a in areas_of(hex_)}
    assert has_inherent_garrison(hex_, "pacific")


@pytest.mark.rules("O3.3")
def test_the_listed_areas_are_map_data() -> None:
    areas = {a.id: a for a in load_map().data.areas}
    listed = {a for a, x in areas.items() if x.garrison}
    assert listed == {
        "french_north_africa", "libya", "egypt", "french_west_africa", "ethiopia", "eritrea", "madagascar",
        "china", "malaya", "borneo", "sumatra", "celebes", "ceram", "timor",
    }  # fmt: skip
    assert {a for a, x in areas.items() if not x.garrison} == {"africa", "south_pacific"}
    # the Philippines and New Guinea are not on the list
    assert areas_of("3072") == ()  # Manila
    assert areas_of("3578") == (areas["south_pacific"],)


def test_an_unknown_theater_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown theater 'africa'"):
        has_inherent_garrison("2239", "africa")
