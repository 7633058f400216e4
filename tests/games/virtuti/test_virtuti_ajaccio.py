"""Ajaccio (Corsica) has a port on the Western Mediterranean (map design), so a unit
there is supplied by sea (P8.2, P8.3) instead of dying at the second Supply Phase."""

from __future__ import annotations

import pytest
from virtuti_positions import bare_game, place

from grognard.games.virtuti.board import neighbours, vmap
from grognard.games.virtuti.supply import supplied_areas, supply_phase


def test_ajaccio_has_a_port_on_the_western_mediterranean() -> None:
    m = vmap()
    port = m.land("ajaccio").port
    assert port == "ajaccio_port"
    assert "western_mediterranean" in neighbours(port, ("sea",))
    assert not neighbours("ajaccio", ("land",))  # still an island


@pytest.mark.rules("P8.2", "P8.3", "P8.5")
def test_a_unit_in_ajaccio_is_supplied_by_sea_and_survives_two_supply_phases() -> None:
    g = bare_game()
    g.data["control"]["ajaccio"] = "western_allies"
    a = place(g, "western_allies", "army", "ajaccio")
    assert "ajaccio" in supplied_areas(g.data, "western_allies")  # through Marseille's sea
    supply_phase(g)
    supply_phase(g)
    assert "ajaccio" not in g.data["oos"] and a in g.data["units"]


@pytest.mark.rules("P8.2")
def test_an_enemy_fleet_in_the_western_mediterranean_cuts_ajaccio_off() -> None:
    g = bare_game()
    g.data["control"]["ajaccio"] = "western_allies"
    a = place(g, "western_allies", "army", "ajaccio")
    place(g, "axis", "fleet", "western_mediterranean")
    assert "ajaccio" not in supplied_areas(g.data, "western_allies")
    supply_phase(g)
    supply_phase(g)
    assert a not in g.data["units"]
