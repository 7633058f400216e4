"""Naval Action's raiders (option `naval_action`; N6.1, N6.2, N6.4): declared in
production (raiders.py), based in neutral ports for a route raid, home again at the
return to base, triple strength against unescorted routes. Campaign Game III and Campaign
Game II with the rule alone."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState, sea_war
from grognard.games.hgw.naval_phase import base_choices, fleets_home, raid_choices
from grognard.games.hgw.raiders import route_strength
from grognard.games.hgw.uboats import RouteAttack, route_attack

IRISH_PORT = "1329"  # Eire, unaligned at the start


def new_game(scenario: str = "campaign_3", **options: bool) -> HgwState:
    state = RULESET.new_game(scenario, dict(options), seed=1)
    assert isinstance(state, HgwState)
    return state


def quiet(state: HgwState) -> None:
    """Nobody intercepts the move just made."""
    while state.data["flow"][-1]["state"] == "naval_intercept":
        state.apply(state.data["flow"][-1]["role"], ("no_interception",))


def axis_naval_movement(state: HgwState) -> None:
    """The start's Axis naval movement, after the set-up raider came home to Kiel."""
    quiet(state)
    assert state.data["flow"][-1]["state"] == "naval_movement"
    assert state.data["fleets"]["raiders"]["at"] == "1236"


@pytest.mark.rules("N6.1", "N6.0")
@pytest.mark.parametrize(
    ("scenario", "options"), [("campaign_3", {}), ("campaign_2", {"naval_action": True})]
)
def test_raiders_are_declared_in_production_at_no_cost(scenario: str, options: dict[str, bool]) -> None:
    state = new_game(scenario, **options)
    data = state.data
    data["raiders"] = []
    data["flow"][-1] = {"state": "production", "role": "axis", "budget": 10}
    legal = state.legal_actions("axis")
    assert ("declare_raider", "kriegsmarine") in legal and ("declare_raider", "uboats") in legal
    assert ("declare_raider", "home") not in legal  # a British fleet
    state.apply("axis", ("declare_raider", "kriegsmarine"))
    assert data["raiders"] == ["kriegsmarine"] and data["flow"][-1]["budget"] == 10
    # open information: every seat, the Allies' too, sees the declared raiders
    assert state.view("allied")["board"]["raiders"] == ["kriegsmarine"]
    assert "already a raider" in str(state.why_illegal("axis", ("declare_raider", "kriegsmarine")))


@pytest.mark.rules("N6.1")
def test_no_raider_declarations_without_the_rule_and_no_carrier_raiders() -> None:
    plain = new_game("campaign_2")
    plain.data["flow"][-1] = {"state": "production", "role": "axis", "budget": 10}
    assert not [a for a in plain.legal_actions("axis") if a[0] == "declare_raider"]
    assert "raiders" not in plain.data
    state = new_game()
    data = state.data
    data["flow"][-1] = {"state": "production", "role": "allied", "budget": 10}
    data["fleets"]["home"]["ships"] = {"capital": 4, "carrier": 1}
    why = str(state.why_illegal("allied", ("declare_raider", "home")))
    assert "carrier" in why and "N6.1" in why


@pytest.mark.rules("N6.1", "N1.6")
def test_the_set_up_raider_may_base_in_a_neutral_port_and_raid_from_there() -> None:
    state = new_game()
    data = state.data
    assert data["raiders"] == ["raiders"]  # the German point on patrol at the start
    axis_naval_movement(state)
    assert IRISH_PORT in base_choices(data, "raiders")
    assert IRISH_PORT not in base_choices(data, "kriegsmarine")  # not a raider
    refusal = str(state.why_illegal("axis", ("change_base", "kriegsmarine", IRISH_PORT)))
    assert "only a declared raider" in refusal
    state.apply("axis", ("change_base", "raiders", IRISH_PORT))
    quiet(state)
    assert data["fleets"]["raiders"]["at"] == IRISH_PORT
    legal = [a for a in state.legal_actions("axis") if "raiders" in a]
    assert legal and all(a[0] == "raid_route" for a in legal)  # from there: a route raid only
    assert ("britain_us", "1430") in raid_choices(data, "raiders")


@pytest.mark.rules("N6.4")
def test_a_raider_fires_at_triple_strength_at_an_unescorted_route(monkeypatch: pytest.MonkeyPatch) -> None:
    fired: list[int] = []

    def recorded(*args: Any, **kwargs: Any) -> RouteAttack:
        result = route_attack(*args, **kwargs)
        fired.append(result.volley.strength)
        return result

    monkeypatch.setattr(sea_war, "route_attack", recorded)
    state = new_game()
    data = state.data
    axis_naval_movement(state)
    state.apply("axis", ("change_base", "raiders", IRISH_PORT))
    quiet(state)
    # the Allies' two searches (1s: short of the 0 and -2 they need), the Fleet line's
    # interception roll, then the firepower roll
    state.rng.force([1, 1, 1, 1])
    state.apply("axis", ("raid_route", "raiders", "britain_us", "1430"))
    quiet(state)
    assert fired == [3]  # one capital ship point, tripled
    assert any("tripled: a raider" in line for line in state.log_for(None))
    assert data["sea_routes"]["britain_us"]["lost"] >= 1


@pytest.mark.rules("N6.4", "N3.5")
def test_every_surface_fleet_raids_routes_only_a_raider_at_triple_strength() -> None:
    state = new_game()
    data = state.data
    axis_naval_movement(state)
    assert ("britain_us", "1430") in raid_choices(data, "kriegsmarine")  # N3.5: any surface fleet
    assert ("britain_us", "1430") in raid_choices(data, "raiders")
    assert state.why_illegal("axis", ("raid_route", "kriegsmarine", "britain_us", "1430")) is None
    assert route_strength(data, "raiders", "britain_us") == 3  # unescorted: tripled (N6.4)
    assert route_strength(data, "kriegsmarine", "britain_us") == 0  # sea_war fires it normally
    with pytest.raises(IllegalAction):
        state.apply("axis", ("raid_route", "kriegsmarine", "britain_us", "0101"))


@pytest.mark.rules("N3.5", "N6.4")
@pytest.mark.parametrize("escort_wins", [True, False])
def test_an_escort_meets_a_surface_raider_in_a_fleet_battle_before_the_route(escort_wins: bool) -> None:
    state = new_game()
    data = state.data
    axis_naval_movement(state)
    data["route_escorts"] = {"britain_us": "home"}  # the Home Fleet escorts Britain's route
    data["fleet_status"]["home"] = "escort"
    data["fleets"]["home"].update(at="1333", sp=1, ships={"capital": 1})  # one point, at the route's end
    state.apply("axis", ("change_base", "raiders", IRISH_PORT))
    quiet(state)
    # the Allied searches of the two hexes (sixes miss), the interception, the raider's and
    # the escort's battle rolls (low is good on the Firepower Table), the fire at the route
    state.rng.force([6, 6, 1, 6, 1] if escort_wins else [6, 6, 1, 1, 6, 1])
    state.apply("axis", ("raid_route", "raiders", "britain_us", "1430"))
    quiet(state)
    log = state.log_for(None)
    assert any(line.startswith("naval battle: Raider Group") for line in log)
    assert not any("tripled" in line for line in log)  # escorted: no triple
    lost = data["sea_routes"]["britain_us"]["lost"]
    assert (lost == 0) == escort_wins
    assert (data["fleet_status"].get("raiders") == "expended") == escort_wins


@pytest.mark.rules("N6.4")
def test_a_uboat_raider_triples_and_a_uboat_fleet_doubles() -> None:
    state = new_game()
    data = state.data
    assert route_strength(data, "uboats", "britain_us") == 0  # U-Boat Attack 6's doubling
    data["raiders"] = ["uboats"]
    assert route_strength(data, "uboats", "britain_us") == 3
    data["route_escorts"] = {"britain_us": "home"}
    assert route_strength(data, "uboats", "britain_us") == 0  # escorted: no triple


@pytest.mark.rules("N6.2")
def test_a_raider_in_a_neutral_port_comes_home_at_the_return_to_base() -> None:
    state = new_game()
    data = state.data
    axis_naval_movement(state)
    state.apply("axis", ("change_base", "raiders", IRISH_PORT))
    quiet(state)
    fleets_home(state, "axis")
    assert data["fleets"]["raiders"]["at"] == "1236"  # the nearest friendly naval base: Kiel
    assert data["raiders"] == []  # declared again next production, or a plain fleet
    assert data["fleets"]["squadra_1"]["at"] == "1938"  # unaligned Italy's fleets stay home


@pytest.mark.rules("N6.2")
def test_a_raider_with_no_friendly_port_to_return_to_is_lost() -> None:
    state = new_game()
    data = state.data
    axis_naval_movement(state)
    state.apply("axis", ("change_base", "raiders", IRISH_PORT))
    quiet(state)
    for p, owner in list(data["owner"].items()):
        if owner == "axis":
            data["owner"][p] = "allied"
    fleets_home(state, "axis")
    assert data["fleets"]["raiders"]["at"] is None and data["fleets"]["raiders"]["sp"] == 0
