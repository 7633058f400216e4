"""Campaign Game II's U-boat war played through the naval movement phase (K16-K18):
declared routes, patrols and raids, the A.S.W. battle with a route's escort, the doubled
attack and its loss in production, and the rulebook's U-boat warfare example."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.production import budget
from grognard.games.hgw.shipping import trace
from grognard.games.hgw.tables import load_tables


def new_game() -> HgwState:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    return state


@pytest.mark.rules("K16.4", "K17.2")
def test_the_allies_declare_britains_route_hex_by_hex() -> None:
    routes = new_game().data["sea_routes"]
    allied = [r for r, x in routes.items() if x["side"] == "allied"]
    assert allied == ["britain_us"]  # no U.S. routes before it is at war, no lend-lease yet
    route = routes["britain_us"]
    assert route["kind"] == "britain" and route["path"][0] == "1810" and route["path"][-1] == "1333"


@pytest.mark.rules("K16.3", "K16.6", "K17.2")
def test_a_uboat_patrol_on_britains_route_costs_britain_production() -> None:
    state = new_game()
    data = state.data
    patrols = [a for a in state.legal_actions("axis") if a[:2] == ("patrol", "uboats")]
    assert ("patrol", "uboats", "1424") in patrols  # on the route, within 30 movement points
    assert ("patrol", "uboats", "1131") not in patrols  # a port is no patrol hex
    state.rng.force([1])  # two U-boats doubled: four points roll 1
    state.apply("axis", ("patrol", "uboats", "1424"))
    loss = load_tables().firepower_losses(4, 1)
    assert loss > 0
    assert data["fleets"]["uboats"]["patrol"] == "1424"
    assert data["route_losses"] == {"allied": loss}
    assert data["sea_routes"]["britain_us"]["lost"] == loss
    # the Home Fleet has no A.S.W. strength (an empty A.S.W. box): it may not fight them
    assert data["flow"][-1]["state"] == "naval_movement"


@pytest.mark.rules("K16.6", "K16.7")
def test_the_loss_comes_off_the_next_production_once() -> None:
    data = new_game().data
    plain = budget(dict(data, route_losses={}), "allied")
    data["route_losses"] = {"allied": 3}
    assert budget(data, "allied") == plain - 3
    assert budget(data, "allied") == plain  # deducted once: attack again next turn


@pytest.mark.rules("K16.3", "K16.5")
def test_a_patrol_comes_home_at_its_sides_next_naval_movement() -> None:
    state = new_game()
    data = state.data
    state.rng.force([6])
    state.apply("axis", ("patrol", "uboats", "1424"))
    assert not any(a[1:2] == ("uboats",) for a in state.legal_actions("axis"))  # one move a turn
    data["flow"][-1] = {"state": "naval_movement", "role": "axis"}  # the Axis's next turn
    data["fleet_status"] = {}
    state.advance()
    assert "patrol" not in data["fleets"]["uboats"]
    assert data["fleets"]["uboats"]["at"] == "1236"


@pytest.mark.rules("K18.5", "K16.5", "K18.1", "K18.2", "K18.4", "K17.1", "K19.10")
def test_example_of_uboat_warfare_through_the_naval_movement_phase() -> None:
    """Seven U-boats from Saint Nazaire against a four-point lend-lease route to 1131,
    escorted by one capital ship and three ASW points, with an A.S.W. level of five.
    On our map Scapa Flow lies six hexes from the U-boats' path (the example counts
    eight), so the Home Fleet's miss is a 5 on the 5-6 column, not a 4 on the 7-8;
    every other roll is the example's."""
    state = new_game()
    data = state.data
    data["owner"]["1532"] = "axis"
    data["fleets"]["uboats"].update(at="1532", sp=7, ships={"uboat": 7})
    data["fleets"]["home"]["at"] = "0932"  # Scapa Flow
    route = trace("1810", "1131")
    assert route is not None and "1124" in route.path
    data["sea_routes"] = {
        "lend_lease": {"side": "allied", "kind": "lend_lease", "origin": "1810", "to": "1131",
                       "path": list(route.path), "lost": 0, "carried": 4}
    }
    data["fleets"]["atlantic"].update(at="1810", sp=4, ships={"capital": 1, "carrier": 0, "asw": 3})
    data["fleet_status"]["atlantic"] = "escort"
    data["route_escorts"] = {"lend_lease": "atlantic"}
    data["asw_level"] = {"allied": 5}
    assert ("raid_route", "uboats", "lend_lease", "1124") in state.legal_actions("axis")
    state.apply("axis", ("raid_route", "uboats", "lend_lease", "1124"))
    # the Home Fleet may try to intercept the U-boats on their way out
    assert state.legal_actions("allied") == [("intercept", "home"), ("no_interception",)]
    # 5: no interception; 3: the U-boats intercept ten hexes out (SS 8-14 column);
    # the escort's eight A.S.W. points roll 4 (two U-boats sunk), the seven U-boats roll
    # 2 (two escort points); the five left, doubled, roll 3: three lend-lease points lost
    state.rng.force([5, 3, 4, 2, 3])
    state.apply("allied", ("intercept", "home"))
    assert data["fleets"]["uboats"]["sp"] == 5
    # ours: the escort's losses come off its ASW ship points before the A.S.W. box
    assert data["fleets"]["atlantic"]["ships"] == {"capital": 1, "carrier": 0, "asw": 1}
    assert data["asw_level"]["allied"] == 5
    assert data["sea_routes"]["lend_lease"]["lost"] == 3  # one point of four gets through
    assert data["fleet_status"]["uboats"] == "expended"  # five against six: beaten, it stops
    assert data["flow"][-1]["state"] == "naval_movement"


@pytest.mark.rules("K17.1")
def test_uboats_take_the_lend_lease_gift_in_transit() -> None:
    state = new_game()
    data = state.data
    data["lend_lease"].update(open=True, gift=4)
    data["fleet_status"] = {}
    data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()  # the Allies declare the lend-lease route to the Soviets' depot
    assert data["sea_routes"]["lend_lease"]["kind"] == "lend_lease"
    path = data["sea_routes"]["lend_lease"]["path"]
    assert data["owner"][path[-1]] == "soviet"
    data["flow"][-1] = {"state": "naval_movement", "role": "axis", "open": True, "stage": "bases"}
    hexes = [a[2] for a in state.legal_actions("axis") if a[:2] == ("patrol", "uboats")]
    near = [h for h in hexes if h in path]
    assert near, "a patrol hex on the lend-lease route"
    state.rng.force([1, 1])
    state.apply("axis", ("patrol", "uboats", near[0]))
    assert data["lend_lease"]["gift"] == 4 - data["sea_routes"]["lend_lease"]["lost"] < 4


@pytest.mark.rules("K16.5", "K18.1")
def test_uboats_intercept_a_fleet_that_cannot_fight_them() -> None:
    state = new_game()
    data = state.data
    state.apply("axis", ("end_naval_movement",))
    data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()
    state.apply("allied", ("change_base", "home", "1333"))
    # the Home Fleet's empty A.S.W. box leaves it nothing to fire at U-boats with
    state.rng.force([1, 1])  # the SS line's roll, then the two U-boats fire
    state.apply("axis", ("intercept", "uboats"))
    lost = load_tables().firepower_losses(2, 1)
    assert data["fleets"]["home"]["sp"] == 8 - lost
    assert data["fleets"]["home"]["at"] == "1131"  # beaten: back to the Clyde
    assert data["fleet_status"]["home"] == "expended"
    assert data["fleets"]["uboats"]["sp"] == 2


@pytest.mark.rules("K16.3", "K18.4")
def test_a_patrol_may_be_intercepted_on_its_way_home() -> None:
    state = new_game()
    data = state.data
    state.rng.force([6])
    state.apply("axis", ("patrol", "uboats", "1424"))
    data["asw_level"] = {"allied": 3}
    data["flow"][-1] = {"state": "naval_movement", "role": "axis"}  # the Axis's next turn
    data["fleet_status"] = {}
    state.advance()
    assert state.legal_actions("allied") == [("intercept", "home"), ("no_interception",)]
    # the fleet line's roll, then three A.S.W. points and the two U-boats fire at once
    state.rng.force([1, 1, 6])
    state.apply("allied", ("intercept", "home"))
    sunk = min(2, load_tables().firepower_losses(3, 1))
    assert data["fleets"]["uboats"]["sp"] == 2 - sunk
    assert "patrol" not in data["fleets"]["uboats"]
