"""The sea boxes as places (Barbarossa special rule 6; Off-Map Combat 1-3): the United
States 1909, Canada 1614, India 2656, British Africa 4639 and French Africa 2828, each
one oversized hex without land links, reached only by sea; where the Allies build
(Allied Production, F6.1), trace supply to, and leave by sea within the three-point
lane to and from the U.S. and Canada (Strength Point Movement Across Seas 1)."""

from __future__ import annotations

from typing import Any

import pytest
from hgw_positions import act, own, pass_turn, put, step

from grognard.games.hgw import RULESET, HgwState, politics
from grognard.games.hgw.board import capture, mark, may_target, over_limit
from grognard.games.hgw.geography import geography
from grognard.games.hgw.limitations import boxes_counted
from grognard.games.hgw.movement import routes
from grognard.games.hgw.naval import BOX_COASTAL_AIR, coastal_air
from grognard.games.hgw.production import budget, build_places
from grognard.games.hgw.supply import _sources, supplied_places
from grognard.games.hgw.victory import gross_production

FOG = "fall_of_germany"
CG1 = "campaign_1"


def new_game(scenario: str = FOG, seed: int = 1, **options: Any) -> HgwState:
    state = RULESET.new_game(scenario, options, seed=seed)
    assert isinstance(state, HgwState)
    return state


def _spare(state: HgwState, side: str) -> str:
    return next(a for a, x in sorted(state.data["armies"].items()) if x["side"] == side and x["at"] is None)


def _to_allied(state: HgwState) -> None:
    pass_turn(state, "axis")
    pass_turn(state, "soviet")


def _to_allied_production(state: HgwState) -> None:
    _to_allied(state)
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "allied", action)
    assert step(state) == "production"


@pytest.mark.rules("F6.1", "C13.1")
def test_the_boxes_are_allied_places_reached_only_by_sea() -> None:
    """Off-Map Combat 1: each box is one place without land links and without a
    stacking limit; the Allies hold the four of The Fall of Germany."""
    g = geography(FOG)
    assert set(g.box_at) == {"1909", "1614", "2656", "4639"}
    state = new_game()
    for place in g.box_at:
        assert state.data["owner"][place] == "allied"
        assert g.links[place] == ()
        assert not over_limit(place, 40)
    assert over_limit("1333", 11)
    assert "Atlantic" in g.coast_seas["1909"] and "Atlantic" in g.coast_seas["1614"]


@pytest.mark.rules("F6.1")
def test_new_allied_points_may_be_placed_in_the_us_and_canada_boxes() -> None:
    """Allied Production: production hexes of Britain, France, the United States and
    Canada; the U.S. and Canada are boxes, so new points go into the boxes too, but
    never into the India or British Africa box."""
    state = new_game()
    _to_allied_production(state)
    assert {"1909", "1614"} <= set(build_places(state.data, "allied"))
    assert not {"2656", "4639"} & set(build_places(state.data, "allied"))
    put(state, "3us", None)  # a spare counter from the record sheet
    legal = state.legal_actions("allied")
    assert ("build", "infantry", "place", "1909") in legal
    assert ("build", "infantry", "place", "1614") in legal
    assert not any(a[0] == "build" and a[2] == "place" and a[3] in ("2656", "4639") for a in legal)
    act(state, "allied", "build", "infantry", "place", "1909")
    assert state.data["armies"]["3us"]["at"] == "1909"
    assert state.data["armies"]["3us"]["sp"]["infantry"] == 1


@pytest.mark.rules("F6.1", "F2.1")
def test_the_us_and_canada_boxes_are_home_supply_sources() -> None:
    """Line of Supply 1: the U.S. and Canada are Allied home countries with production,
    so the boxes give full supply even with Britain's points all devastated; India and
    British Africa give only defense supply."""
    state = new_game()
    for p in ("1333", "1233", "1131"):
        state.data["devastated"][p] = 9
    full = supplied_places(state.data, "allied", home_only=True)
    assert {"1909", "1614"} <= full
    assert "1333" in full  # across the Atlantic from the U.S. box
    assert "2656" not in _sources(state.data, "allied", home_only=True)
    assert "2656" in _sources(state.data, "allied", home_only=False)


@pytest.mark.rules("F2.2", "F6.1")
def test_no_more_than_three_points_a_turn_to_or_from_the_us_and_canada() -> None:
    """Strength Point Movement Across Seas 1 (Atlantic): the Allies carry any number
    over the Atlantic, but only three points a turn travel to or from the U.S. or
    Canada, both boxes counted together."""
    state = new_game()
    _to_allied(state)
    army = "3us"
    put(state, army, "1909", infantry=6)
    put(state, "1can", "1131", infantry=1)
    assert "1333" not in routes(state.data, "1909", "allied", 4)
    assert routes(state.data, "1909", "allied", 3)["1333"] == ("Atlantic", "U.S. and Canada")
    act(state, "allied", "move", army, "infantry", 2)
    act(state, "allied", "to_army", "1can")
    assert state.data["armies"]["1can"]["sp"]["infantry"] == 3
    assert state.data["sea_moves"]["U.S. and Canada"] == 2
    assert "1333" in routes(state.data, "1909", "allied", 1)
    assert "1333" not in routes(state.data, "1909", "allied", 2)
    # into the Canada box from Britain: the same lane, one point left
    assert "1614" in routes(state.data, "1333", "allied", 1)
    assert "1614" not in routes(state.data, "1333", "allied", 2)
    # between two on-map ports the Atlantic stays unlimited
    assert "U.S. and Canada" not in routes(state.data, "1131", "allied", 9).get("1333", ())


@pytest.mark.rules("C13.2", "F6.1", "F7.5")
def test_a_box_taken_by_an_advance_is_devastated_and_leaves_the_budget() -> None:
    """Off-Map Combat 2: an advance into a box devastates all of its production; the
    Allied budget then loses the box's points (Canada's three)."""
    state = new_game()
    before = budget(state.data, "allied")
    gross = {side: gross_production(state.data, side) for side in ("axis", "allied")}
    capture(state, "1614", "axis", by_advance=True)
    assert state.data["devastated"]["1614"] == 3
    assert "canada" not in boxes_counted(state.data, "allied")
    assert budget(state.data, "allied") == before - 3
    # Victory Conditions 5: the box's points count for whoever holds it
    assert gross_production(state.data, "allied") == gross["allied"] - 3
    assert gross_production(state.data, "axis") == gross["axis"] + 3


@pytest.mark.rules("G6.2")
def test_an_axis_attack_on_the_us_box_brings_the_united_states_in() -> None:
    """United States 2a: Axis units violating U.S. territory bring the U.S. into the
    war on the Allied side at once. Before that the box is nobody's and any side may
    name it (an Allied attack turns the U.S. Axis: test_hgw_arrivals.py)."""
    state = new_game(CG1)
    assert "1909" not in state.data["owner"]
    assert may_target(state.data, "axis", "1909")
    assert may_target(state.data, "allied", "1909")
    pol = state.data["politics"]
    assert pol["us_since"] is None
    put(state, "okw", "1532", infantry=2, amphibious=2)
    mark(state.data, "okw")["target"] = "1909"
    politics.end_of_combat(state, "axis")
    assert pol["us_since"] == state.data["turn"]
    assert state.data["owner"]["1909"] == "allied"
    assert any(x["name"] == "U.S. Army" and x["at"] == "1909" for x in state.data["armies"].values())


@pytest.mark.rules("G11.3")
def test_french_africa_box_turns_unaligned_and_comes_back_when_the_allies_take_2828() -> None:
    """France 3: after the surrender the French Africa box (2828) turns unaligned, its
    Allied points are eliminated and its point leaves the Allied budget; an Allied army
    that takes 2828 wins French West Africa back, and its point counts again."""
    state = new_game(CG1)
    spare = _spare(state, "allied")
    put(state, spare, "2828", infantry=2)
    own(state, "axis", "1434")
    politics.end_of_combat(state, "axis")
    assert "france" in state.data["politics"]["surrendered"]
    assert "2828" not in state.data["owner"]
    assert state.data["armies"][spare]["at"] is None
    assert "french_africa" not in boxes_counted(state.data, "allied")
    assert may_target(state.data, "allied", "2828")
    capture(state, "2828", "allied", by_advance=False)
    assert "french_africa" in boxes_counted(state.data, "allied")


@pytest.mark.rules("G22.1", "L1.2")
def test_the_india_box_stays_in_supply_while_the_suez_keeps_its_points_out() -> None:
    """Suez Canal: with the Suez in Axis hands India's points leave the Allied budget,
    but they still exist: the India box is still a production point for defense supply
    (Line of Supply 2), so it is never a cut-off hex taken by the Axis."""
    state = new_game(CG1)
    own(state, "axis", "2243")
    assert "india" not in boxes_counted(state.data, "allied")
    assert "2656" in _sources(state.data, "allied", home_only=False)
    assert "2656" in supplied_places(state.data, "allied", home_only=False)


@pytest.mark.rules("F3.7")
def test_an_axis_invasion_of_an_off_map_box_meets_ten_points_of_coastal_air() -> None:
    """Coastal Airpower 5: an Allied box invaded by the Axis meets ten points of
    coastal air, with no army in it; an Allied landing there meets none, and an
    ordinary coastal hex keeps the six points of Coastal Airpower 1."""
    state = new_game()
    assert not any(x["at"] == "4639" for x in state.data["armies"].values())
    assert coastal_air(state.data, "4639", "axis") == BOX_COASTAL_AIR == 10
    assert coastal_air(state.data, "1909", "axis") == 10
    assert coastal_air(state.data, "4639", "allied") == 0
    capture(state, "4639", "axis", by_advance=True)
    assert coastal_air(state.data, "4639", "allied") == 0  # the ten points are the Allies' alone
    assert coastal_air(state.data, "4639", "axis") == 0  # nobody's to fire at the Axis now
