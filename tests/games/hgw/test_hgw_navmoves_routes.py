"""Naval Action's sea routes in the naval movement phase: Kiel's canal (N2.6) through the
naval phase's base changes (naval_phase.py, invasion_routes.canals, map.sea_route)."""

from __future__ import annotations

import pytest
from hgw_positions import let_go, put

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.geography import geography
from grognard.games.hgw.invasion_routes import route_of
from grognard.games.hgw.map import load_map
from grognard.games.hgw.naval import interceptors
from grognard.games.hgw.naval_phase import base_choices, sailing_path


def baltic_fleet(scenario: str, **options: bool) -> HgwState:
    """The Axis's naval movement, the Kriegsmarine in the Baltic port 1239, the Sound
    (Copenhagen, 1136, a control hex) in Allied hands, Saint-Nazaire (1532) in Axis hands."""
    state = RULESET.new_game(scenario, dict(options), seed=1)
    assert isinstance(state, HgwState)
    data = state.data
    let_go(state)  # Campaign Game III's raider sails home
    assert data["flow"][-1]["state"] == "naval_movement" and data["flow"][-1]["role"] == "axis"
    data["owner"]["1136"] = "allied"
    data["owner"]["1532"] = "axis"
    data["fleets"]["kriegsmarine"].update(at="1239", sp=1, ships={"capital": 1})
    return state


@pytest.mark.rules("N2.6")
@pytest.mark.parametrize(
    ("scenario", "options"), [("campaign_3", {}), ("campaign_2", {"naval_action": True})]
)
def test_ships_pass_between_the_baltic_and_the_north_sea_by_kiels_canal(
    scenario: str, options: dict[str, bool]
) -> None:
    state = baltic_fleet(scenario, **options)
    data = state.data
    assert ("change_base", "kriegsmarine", "1532") in state.legal_actions("axis")
    path = sailing_path(data, "kriegsmarine", "1532")
    assert path[path.index("1237") + 1] == "1236"  # overland from the Baltic coast into Kiel
    assert "1136" not in path  # the Sound is the enemy's: the canal goes round it
    state.apply("axis", ("change_base", "kriegsmarine", "1532"))
    assert "Kriegsmarine changes base from 1239 to 1532" in state.log_for(None)


@pytest.mark.rules("N2.6")
def test_without_the_rule_or_without_kiel_there_is_no_canal() -> None:
    # Campaign Game II without Naval Action: the Sound closed, the Baltic is shut in
    state = baltic_fleet("campaign_2")
    assert base_choices(state.data, "kriegsmarine") == ["1238"]
    before = state.to_json()
    refusal = str(state.why_illegal("axis", ("change_base", "kriegsmarine", "1532")))
    assert "no sea route reaches 1532 from 1239" in refusal
    with pytest.raises(IllegalAction):
        state.apply("axis", ("change_base", "kriegsmarine", "1532"))
    assert state.to_json() == before
    # with the rule, the canal's Baltic end lost to the Soviets closes it
    state = baltic_fleet("campaign_3")
    state.data["owner"]["1237"] = "soviet"
    assert "1532" not in base_choices(state.data, "kriegsmarine")


@pytest.mark.rules("N2.7", "N2.8")
def test_the_campaign_games_have_no_off_map_box_the_arrow_hexes_are_on_the_map() -> None:
    """Naval Action is played in the campaign games only, on the global map: the hexes the
    classic map's box arrows point to are ordinary places there, so fleets lie in port or
    at sea in them and land units enter them as any hex; no box is a place."""
    state = RULESET.new_game("campaign_3", {}, seed=1)
    data = state.data
    places = geography("campaign_3").places
    boxes = [b for b in load_map().data.boxes if b.hex]
    assert boxes and all(b.hex in places and b.id not in places for b in boxes)
    assert not any(b.id in data["owner"] for b in boxes)
    assert base_choices(data, "home")  # the British ports a fleet may use are map hexes
    assert all(p in load_map() for p in base_choices(data, "home"))


@pytest.mark.rules("N2.6")
def test_an_invasion_from_the_baltic_sails_through_the_canal_and_may_be_intercepted() -> None:
    # an army of two infantry and two amphibious points in the Baltic port 1239, the Sound
    # in Allied hands: only the canal takes it to 1233 in England
    for scenario, through in (("campaign_3", True), ("campaign_2", False)):
        state = baltic_fleet(scenario)
        state.apply("axis", ("end_naval_movement",))
        put(state, "agE", "1239", infantry=2, amphibious=2)
        put(state, "8a", "1233", infantry=1)
        state.apply("axis", ("end_movement",))
        assert (("invade", "agE", "1233") in state.legal_actions("axis")) is through
    path = route_of(state.data, "axis", "1239", "1233")
    assert path is None  # Campaign Game II without the rule: no canal
    state = baltic_fleet("campaign_3")
    path = route_of(state.data, "axis", "1239", "1233")
    assert path is not None and path[path.index("1237") + 1] == "1236"
    probe = {"army": "agE", "origin": "1239", "target": "1233", "done": []}
    put(state, "agE", "1239", infantry=2, amphibious=2)
    assert "home" in interceptors(state.data, "allied", probe)  # the North Sea's fleets meet it
