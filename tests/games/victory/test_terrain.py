"""Victory's terrain effects chart (3.1, 3.3, 5.2, 5.3, 5.52, 5.6, 5.92): data/terrain.json."""

from __future__ import annotations

import json

import pytest

from grognard.games.victory import terrain, units
from grognard.games.victory.boards import BoardDataError

# The TERRAIN EFFECTS chart of the rulebook, typed in from the text: stacking, hexside limit.
CHART = {"clear": (4, 2), "desert": (3, 2), "forest": (3, 1), "marsh": (2, 1), "mountain": (2, 1)}


@pytest.mark.rules("3.1", "5.2", "5.3")
def test_land_stacking_and_hexside_limits_follow_the_chart() -> None:
    for name, (stack, hexside) in CHART.items():
        effect = terrain.land_effect(name)
        assert (effect.stack, effect.hexside) == (stack, hexside), name
    assert [n for n in CHART if terrain.land_effect(n).stop] == ["forest", "marsh", "mountain"]
    assert [n for n in CHART if terrain.land_effect(n).double_defense] == ["marsh", "mountain"]


@pytest.mark.rules("3.1", "5.6", "5.52")
def test_naval_and_air_stacking() -> None:
    chart = terrain.terrain_effects()
    assert (chart.naval["sea"].stack, chart.naval["sea"].hexside) == (4, 2)
    assert (chart.naval["coastal"].stack, chart.naval["coastal"].hexside) == (2, 1)
    assert chart.air_stack == 2
    assert chart.max_players_per_battle == 4


@pytest.mark.rules("3.1", "3.3", "5.3")
def test_hexside_limits_of_roads_bridges_rivers_and_impassable_sides() -> None:
    limit = terrain.ground_hexside_limit
    assert limit("forest", frozenset()) == 1
    assert limit("forest", frozenset({"road"})) == 2  # 3.3 a road hexside counts as clear
    assert limit("clear", frozenset({"river"})) == 1
    assert limit("clear", frozenset({"river", "road", "bridge"})) == 1  # 3.3 except at bridges
    assert limit("clear", frozenset({"alpine"})) == 0
    assert limit("mountain", frozenset({"alpine", "road"})) == 2  # an alpine road pass
    assert limit("clear", frozenset({"river", "estuary"})) == 0
    sides = terrain.terrain_effects().sides
    assert sides["river"].stop_after and sides["river"].first_round_forfeit
    assert not sides["bridge"].stop_after and sides["bridge"].first_round_forfeit
    assert not sides["shoal"].naval_passable


def test_port_and_airbase_capacities_are_in_the_chart() -> None:
    # data only (5.92, 6.71, 9.6, 9.7); the rules engine's own tests cite those cases
    chart = terrain.terrain_effects()
    assert chart.port_capacity == {"port": 2, "beachhead": 1, "mulberry": 2}
    assert chart.airbase_air_units == {"city": 2, "town": 2, "minor_airfield": 1, "major_airfield": 2}


def test_a_chart_missing_a_terrain_is_refused() -> None:
    data = json.loads((units.DATA_DIR / "terrain.json").read_text())
    del data["land"]["desert"]
    with pytest.raises(BoardDataError, match="land effects must cover"):
        terrain.decode_terrain(json.dumps(data).encode())
    data = json.loads((units.DATA_DIR / "terrain.json").read_text())
    data["land"]["clear"]["stack"] = "four"
    with pytest.raises(BoardDataError, match=r"terrain\.json: Expected `int`"):
        terrain.decode_terrain(json.dumps(data).encode())
    with pytest.raises(BoardDataError, match="unknown land terrain"):
        terrain.land_effect("swamp")
