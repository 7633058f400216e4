"""Content placed on the board after set-up passes the scenario loader's checks:
mobilised units (P9.3, Appendix 4: fleets in ports, land units on land, within the
stacking limits) and every unit the rules raise (`board.new_unit`)."""

from __future__ import annotations

import pytest
from virtuti_positions import bare_game

from grognard.games.virtuti.board import content, is_naval, kind_of, new_unit
from grognard.games.virtuti.events import join_war, take_area


@pytest.mark.rules("P9.3", "P5.5")
def test_a_joining_countrys_fleets_stand_in_its_ports_9_3() -> None:
    g = bare_game()
    join_war(g, "italy", "axis")
    fleets = sorted(u["a"] for u in g.data["units"].values() if is_naval(u))
    assert fleets == ["naples_port", "palermo_port"]
    land = [u for u in g.data["units"].values() if kind_of(u["a"]) == "land"]
    assert land and not any(is_naval(u) for u in land)


@pytest.mark.rules("P9.3", "P5.5")
def test_every_country_mobilises_fleets_in_ports_and_land_units_on_land_9_3() -> None:
    for k in content().countries:
        if k.side_1939 != "neutral":
            continue
        g = bare_game()
        join_war(g, k.id, str(k.alignment))
        for u in g.data["units"].values():
            assert kind_of(u["a"]) == ("port" if is_naval(u) else "land"), (k.id, u)


@pytest.mark.rules("P5.5")
def test_no_rule_may_raise_a_fleet_on_land_or_an_army_at_sea_5_5() -> None:
    g = bare_game()
    before = dict(g.data["units"])
    with pytest.raises(
        ValueError, match="cannot raise a unit: fleet in naples: fleets stand in ports or at sea"
    ):
        new_unit(g.data, "axis", "fleet", 1, "naples")
    with pytest.raises(
        ValueError, match="cannot raise a unit: army in naples_port: land units stand in land areas"
    ):
        new_unit(g.data, "axis", "army", 1, "naples_port")
    with pytest.raises(ValueError, match="cannot raise a unit: army in atlantis: not an area of the map"):
        new_unit(g.data, "axis", "army", 1, "atlantis")
    assert g.data["units"] == before


@pytest.mark.rules("P9.2", "B1.7")
def test_an_area_handed_over_by_an_event_keeps_no_enemy_fleet_in_its_port_9_2() -> None:
    # As at set-up (units stand in their faction's areas) and as a capture does (step 7
    # sinks the fleets in the port), an event's hand-over leaves no other faction's
    # fleet in the port of the area it gives away.
    g = bare_game()
    fleet = new_unit(g.data, "western_allies", "fleet", 1, "caen_port")["id"]
    army = new_unit(g.data, "western_allies", "army", 1, "caen")["id"]
    take_area(g.data, "axis", "caen")
    assert g.data["control"]["caen"] == "axis"
    assert army not in g.data["units"] and fleet not in g.data["units"]
