"""Campaign Game II's shipping routes in Europe played at sea (K19 with Swedish
Production and the United States' routes): the routes each side declares, what they
carry, and where they may be attacked."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.geography import geography
from grognard.games.hgw.sea_war import open_hexes, ore_by_route
from grognard.games.hgw.tables import load_tables


def new_game() -> HgwState:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    return state


@pytest.mark.rules("G20.1", "G20.2", "K19.4")
def test_germany_declares_the_ore_route_the_season_ships_by() -> None:
    data = new_game().data
    assert data["turns"][data["turn"]].startswith("Winter")
    assert ore_by_route(data) == {"swedish_ore_narvik": 2, "swedish_ore": 0}  # winter: all by Narvik
    route = data["sea_routes"]["swedish_ore_narvik"]
    assert route["side"] == "axis" and route["carried"] == 2
    assert (route["path"][0], route["path"][-1]) == ("0438", "1236")
    assert "swedish_ore" not in data["sea_routes"]  # nothing by the Swedish port in winter
    data["turn"] += 1  # spring: half each way
    assert ore_by_route(data) == {"swedish_ore_narvik": 1, "swedish_ore": 1}


@pytest.mark.rules("G20.3")
def test_the_ore_route_is_safe_along_neutral_norways_coast() -> None:
    data = new_game().data
    g = geography("campaign_2")
    path = data["sea_routes"]["swedish_ore_narvik"]["path"]
    exposed = open_hexes(data, "swedish_ore_narvik")
    assert exposed and len(exposed) < len(path)
    assert not any(g.country.get(h) == "norway" for h in exposed)
    for h, country in g.country.items():  # once Norway is taken, its coast shelters nothing
        if country == "norway":
            data["owner"][h] = "allied"
    assert len(open_hexes(data, "swedish_ore_narvik")) > len(exposed)


@pytest.mark.rules("G20.3", "K16.5", "K16.6")
def test_allied_submarines_raid_the_ore_and_cost_germany_production() -> None:
    state = new_game()
    data = state.data
    state.apply("axis", ("end_naval_movement",))
    data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    data["fleets"]["allied_ss"].update(at="1131", sp=4, ships={"uboat": 4})
    state.advance()
    raids = [
        a for a in state.legal_actions("allied") if a[:3] == ("raid_route", "allied_ss", "swedish_ore_narvik")
    ]
    assert raids
    assert all(a[3] in open_hexes(data, "swedish_ore_narvik") for a in raids)
    # the SS's 1 intercepts; eight points (four SS, doubled) roll 1 at the two ore points
    state.rng.force([1, 1])
    state.apply("allied", raids[0])
    loss = min(2, load_tables().firepower_losses(8, 1))
    assert data["route_losses"] == {"axis": loss}
    assert data["fleet_status"]["allied_ss"] == "raid"
