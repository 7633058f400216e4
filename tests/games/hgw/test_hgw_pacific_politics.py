"""The Pacific's political rules and Australia's as functions (pacific_politics.py,
australia.py): French Indochina's two capitals (G2.7, G11.4), the United States'
surrender (G15), its entry through Japanese attacks (G6.2), the National Morale Chart's
Pacific events (K23.3), German raiders by the Bering Strait (N6.3), Australia's supply
(L1.8) and shipping (G24.0), as functions (test_hgw_pacific_played.py has them played): each
test builds its position by hand."""

from __future__ import annotations

import pytest
from pacific_positions import army, position

from grognard.core.errors import IllegalAction
from grognard.games.hgw.australia import (
    australia_delivers,
    australian_production,
    leaves_for_supply,
    supplied_places,
    supply_terrain,
)
from grognard.games.hgw.japan import why_not_us_intercepts
from grognard.games.hgw.map import load_map
from grognard.games.hgw.morale import new_morale
from grognard.games.hgw.pacific_politics import (
    apply_us_surrender,
    carriers_lost,
    hawaii_lost,
    indochina_capture,
    japan_brings_us_in,
    us_entry_by_japan,
    us_surrender_hexes,
    us_surrenders,
    why_not_bering,
)

HANOI, SAIGON = "2565", "2965"
WASHINGTON, SAN_FRANCISCO, SEATTLE, HAWAII = "1809", "19107", "15107", "25106"
NEW_YORK, ALASKA, MIDWAY, WAKE = "1810", "0898", "2280", "2685"
SYDNEY, CANBERRA, BRISBANE, ADELAIDE = "4580", "4680", "4380", "4676"
INLAND_AUSTRALIA, QUEENSLAND_COAST = "4579", "4279"  # both clear on the map


@pytest.mark.rules("G2.7")
def test_indochina_capitals_are_ignored_while_france_stands() -> None:
    data = position()
    data["owner"][HANOI] = "axis"
    assert indochina_capture(data, HANOI, "axis") == []
    assert "2564" not in data["owner"] and data["pacific"]["indochina_surrendered"] == []


@pytest.mark.rules("G11.4")
def test_after_france_falls_each_indochina_capital_surrenders_its_half() -> None:
    data = position("Summer 1941", surrendered=("france",))
    data["owner"].update({HANOI: "axis", "2765": "allied"})
    assert indochina_capture(data, HANOI, "axis") == ["2564", "2665"]
    assert data["owner"]["2564"] == data["owner"]["2665"] == "axis" and "2965" not in data["owner"]
    assert indochina_capture(data, HANOI, "allied") == []  # a country surrenders once
    data["owner"][SAIGON] = "allied"
    assert indochina_capture(data, SAIGON, "allied") == ["2865", "2866"]  # 2765 was already taken
    assert indochina_capture(data, "2564", "axis") == []  # no capital


@pytest.mark.rules("G15.0")
def test_the_us_surrenders_with_its_four_capitals_axis_at_the_end_of_a_combat_phase() -> None:
    data = position("Summer 1943", us_since=7)
    data["owner"].update({WASHINGTON: "axis", SAN_FRANCISCO: "axis", SEATTLE: "axis", HAWAII: "allied"})
    assert not us_surrenders(data)
    data["owner"][HAWAII] = "axis"
    assert us_surrenders(data)
    army(data, "east", "allied", NEW_YORK, "united_states", infantry=6)
    army(data, "anzac", "allied", SYDNEY, "united_states", infantry=3)
    army(data, "british", "allied", NEW_YORK, infantry=2)
    data["owner"][SYDNEY] = "allied"
    data["fleets"]["pacific"] = {"side": "allied", "nation": "united_states", "at": SAN_FRANCISCO, "sp": 4}
    result = apply_us_surrender(data)
    assert result["eliminated"] == [("armies", "east"), ("fleets", "pacific")]
    assert result["allied"] == [("armies", "anzac")]
    assert data["armies"]["east"]["at"] is None and sum(data["armies"]["east"]["sp"].values()) == 0
    assert data["fleets"]["pacific"]["at"] is None and data["fleets"]["pacific"]["sp"] == 0
    assert "nation" not in data["armies"]["anzac"] and data["armies"]["british"]["at"] == NEW_YORK
    assert all(data["owner"][h] == "axis" for h in (NEW_YORK, ALASKA, HAWAII))
    assert MIDWAY not in data["owner"] and WAKE not in data["owner"]
    assert "united_states" in data["politics"]["surrendered"] and not us_surrenders(data)
    with pytest.raises(IllegalAction, match="four capitals"):
        apply_us_surrender(data)


@pytest.mark.rules("G15.0")
def test_the_surrender_takes_the_us_alaska_and_hawaii_not_its_other_islands() -> None:
    hexes = us_surrender_hexes()
    assert {WASHINGTON, SAN_FRANCISCO, SEATTLE, HAWAII, ALASKA} <= hexes
    assert not hexes & {MIDWAY, WAKE, "2879", "3892"}  # Midway, Wake, Guam, Samoa
    assert all(load_map().hex(h).country == "united_states" for h in hexes)


@pytest.mark.rules("G15.0")
def test_without_campaign_politics_the_surrender_is_recorded_and_happens_once() -> None:
    data = position("Summer 1943")
    del data["politics"]
    data["owner"].update(dict.fromkeys((WASHINGTON, SAN_FRANCISCO, SEATTLE, HAWAII), "axis"))
    apply_us_surrender(data)
    assert data["pacific"]["surrendered"] == ["united_states"] and not us_surrenders(data)


@pytest.mark.rules("G6.2")
def test_japanese_attacks_on_the_us_the_commonwealth_or_the_dutch_bring_the_us_in() -> None:
    data = position("Winter 1941")
    data["owner"].update({"3164": "allied", "3166": "allied", "2069": "allied"})
    assert us_entry_by_japan(data, ["3072"]) == "a: Japan violated U.S. territory at 3072"  # the Philippines
    army(data, "flying_tigers", "allied", "2069", "united_states", tac_air=1)
    assert us_entry_by_japan(data, ["2069"]) == "b: Japan attacked U.S. units at 2069"  # in China
    assert us_entry_by_japan(data, ["3164"]) == (
        "c: Japan attacked territory of the Commonwealth or the Dutch at 3164"
    )  # Singapore
    assert us_entry_by_japan(data, ["3166"]) is not None  # the Dutch East Indies
    assert us_entry_by_japan(data, ["2664", "2564"]) is None  # Thailand, Indochina
    data["owner"]["3164"] = "axis"
    assert us_entry_by_japan(data, ["3164"]) is None  # no longer the Commonwealth's
    yangtze = position("Winter 1941")
    yangtze["fleets"]["yangtze_patrol"] = {"side": "allied", "nation": "united_states", "at": "2069", "sp": 1}
    assert us_entry_by_japan(yangtze, ["2069"]) == "b: Japan attacked U.S. units at 2069"  # a fleet too


@pytest.mark.rules("G6.2", "G17.3")
def test_an_entry_japan_causes_is_recorded_as_japans_for_that_turn() -> None:
    data = position("Winter 1941")
    assert japan_brings_us_in(data, ["2664"]) is None and data["pacific"]["us_entry"] is None
    assert japan_brings_us_in(data, ["3072"]) is not None
    assert data["pacific"]["us_entry"] == {"turn": data["turn"], "by": "japan"}
    assert why_not_us_intercepts(data, "axis") is not None


@pytest.mark.rules("K23.3")
def test_losing_hawaii_lowers_us_morale_by_two_once() -> None:
    data = position("Summer 1942", us_since=7)
    data["owner"][HAWAII] = "axis"
    moral = hawaii_lost(data, new_morale(), "allied")
    assert moral["united_states"] == -2 and moral["japan"] == 2
    assert hawaii_lost(data, moral, "allied") == moral  # once a game
    fresh = position()
    fresh["owner"][HAWAII] = "allied"
    assert hawaii_lost(fresh, new_morale(), "allied") == new_morale()  # not lost


@pytest.mark.rules("K23.3")
def test_japan_losing_five_carriers_lowers_its_morale_by_two_once() -> None:
    data = position("Summer 1942")
    moral = carriers_lost(data, new_morale(), "japan", 3)
    assert moral == new_morale()
    moral = carriers_lost(data, moral, "united_states", 5)  # Japan only
    assert moral == new_morale()
    moral = carriers_lost(data, moral, "japan", 2)
    assert moral["japan"] == -2 and moral["united_states"] == 2
    assert carriers_lost(data, moral, "japan", 5) == moral
    assert data["pacific"]["carriers_lost"] == {"japan": 10, "united_states": 5}


@pytest.mark.rules("N6.3", "N6.0")
def test_german_raiders_pass_the_bering_strait_in_spring_and_summer_at_peace_with_the_soviets() -> None:
    assert why_not_bering(position("Spring 1941"), "germany", at_war_with_soviets=False) is None
    assert why_not_bering(position("Summer 1940"), "germany", at_war_with_soviets=False) is None
    assert why_not_bering(position("Winter 1940"), "germany", at_war_with_soviets=False) == (
        "German raiders pass the Bering Strait in Spring and Summer only, not in Winter"
    )
    assert "at peace" in str(why_not_bering(position("Summer 1941"), "germany", at_war_with_soviets=True))
    assert "not italy's" in str(why_not_bering(position("Spring 1941"), "italy", at_war_with_soviets=False))


@pytest.mark.rules("L1.8")
def test_australia_supplies_as_desert_but_for_its_eastern_coast() -> None:
    data = position()
    data["owner"].update(
        {
            SYDNEY: "allied",
            BRISBANE: "allied",
            ADELAIDE: "axis",
            INLAND_AUSTRALIA: "allied",
            QUEENSLAND_COAST: "allied",
        }
    )
    assert load_map().hex(SYDNEY).terrain == "clear" and load_map().hex(INLAND_AUSTRALIA).terrain == "clear"
    assert supply_terrain(data, "allied", SYDNEY) == "clear"
    assert supply_terrain(data, "allied", BRISBANE) == "clear"
    assert supply_terrain(data, "allied", ADELAIDE) == "desert"  # the coast, but not the side's
    assert supply_terrain(data, "axis", ADELAIDE) == "clear"
    assert supply_terrain(data, "allied", INLAND_AUSTRALIA) == "desert"
    assert supply_terrain(data, "allied", QUEENSLAND_COAST) == "desert"  # north of Brisbane
    assert supply_terrain(data, "allied", "2069") == load_map().hex("2069").terrain  # not Australia
    step = next(
        n
        for n in load_map().neighbours(INLAND_AUSTRALIA)
        if "road" not in load_map().hexside_features(INLAND_AUSTRALIA, n)
    )
    assert not leaves_for_supply(data, "allied", INLAND_AUSTRALIA, step)
    data["won"].append(INLAND_AUSTRALIA)
    data["markers"][INLAND_AUSTRALIA] = "allied"
    assert leaves_for_supply(data, "allied", INLAND_AUSTRALIA, step)  # under its own marker
    assert leaves_for_supply(data, "allied", SYDNEY, "4480")


@pytest.mark.rules("L1.8")
def test_supply_from_sydney_runs_along_the_eastern_coast_and_only_into_the_desert() -> None:
    data = position()
    hmap = load_map()
    data["owner"].update(
        {h: "allied" for h, x in hmap.hexes.items() if x.country == "australia" and x.kind == "land"}
    )
    reached = supplied_places(data, "allied", [SYDNEY])
    assert {BRISBANE, ADELAIDE, CANBERRA, "4777"} <= reached  # the coast L1.8 names
    assert "4280" in reached and QUEENSLAND_COAST not in reached  # into the desert north of Brisbane, not on
    assert "3874" not in reached and "4474" not in reached  # Darwin and the west, across the desert
    data["won"].append("4280")
    data["markers"]["4280"] = "allied"
    assert QUEENSLAND_COAST in supplied_places(data, "allied", [SYDNEY])  # on, under its own marker
    data["owner"][BRISBANE] = "axis"
    assert "4280" not in supplied_places(data, "allied", [SYDNEY])  # Brisbane lost: the coast is cut


@pytest.mark.rules("G24.0")
def test_australia_loses_what_its_shipping_to_the_us_west_coast_lacks_or_loses() -> None:
    data = position()
    data["owner"].update({SYDNEY: "allied", CANBERRA: "allied", BRISBANE: "axis"})
    data["devastated"][CANBERRA] = 1
    assert australian_production(data, {SYDNEY: 3, CANBERRA: 2, BRISBANE: 2, "1810": 5}) == 4
    assert australia_delivers(data, SYDNEY, SAN_FRANCISCO, capacity=4, losses=0, production=4) == 4
    assert australia_delivers(data, SYDNEY, SAN_FRANCISCO, capacity=4, losses=1, production=4) == 3
    assert australia_delivers(data, SYDNEY, SEATTLE, capacity=2, losses=0, production=4) == 2
    assert australia_delivers(data, SYDNEY, SAN_FRANCISCO, capacity=4, losses=9, production=4) == 0
    with pytest.raises(IllegalAction, match=r"U\.S\. west coast port, not 25106"):
        australia_delivers(data, SYDNEY, HAWAII, capacity=4, losses=0, production=4)
    with pytest.raises(IllegalAction, match="Australian port, not 1810"):
        australia_delivers(data, "1810", SAN_FRANCISCO, capacity=4, losses=0, production=4)
