"""Terrain in combat: mountain, swamp, desert, crossing and all-sea hexsides, Russian
winter, garrisons."""

from __future__ import annotations

import pytest
from hgw_positions import act, cleared, own, pass_turn, place

from grognard.games.hgw.advance import advance_odds
from grognard.games.hgw.board import defence, winter_modifier
from grognard.games.hgw.combat import firing_strength
from grognard.games.hgw.geography import geography
from grognard.games.hgw.map import load_map


@pytest.mark.rules("C7.1", "C7.2", "C8.2", "C4.3")
def test_mechanized_points_do_not_assault_mountains_but_defend_from_them() -> None:
    state = cleared()
    place(state, "agc", "1645", infantry=2, mechanized=8)
    assert geography("barbarossa").terrain["1745"] == "mountain"
    assert firing_strength(state.data, ("agc",), "1745") == 2
    assert firing_strength(state.data, ("agc",), None) == 10  # a defensive assault
    assert firing_strength(state.data, ("agc",), "1646") == 10


@pytest.mark.rules("C4.3")
def test_firing_strength_never_exceeds_ten() -> None:
    state = cleared()
    place(state, "agc", "1240", infantry=4, mechanized=8)
    assert firing_strength(state.data, ("agc",), "1241") == 10


@pytest.mark.rules("C8.1", "C8.3", "C8.4")
def test_swamps_stop_mechanized_assaults_and_advances_out_and_add_one_going_in() -> None:
    state = cleared()
    g = geography("barbarossa")
    assert g.terrain["1341"] == "swamp" and g.terrain["1340"] == "clear"
    place(state, "agc", "1340", infantry=2, mechanized=8)
    assert firing_strength(state.data, ("agc",), "1341") == 2
    mech, strength, modifier, friendly = advance_odds(state.data, "agc", "1341")
    assert (mech, strength, modifier, friendly) == (8, 1, 1, False)  # the garrison; +1 into swamp
    own(state, "axis", "1341")
    place(state, "agc", "1341", infantry=2, mechanized=8)
    mech, *_ = advance_odds(state.data, "agc", "1441")
    assert mech == 0  # mechanized points do not count advancing out of a swamp


@pytest.mark.rules("C7.3", "C9.1")
def test_advancing_into_mountains_adds_two_and_into_desert_takes_one() -> None:
    state = cleared()
    place(state, "agc", "1645", infantry=2, mechanized=8)
    own(state, "axis", "1645")
    assert advance_odds(state.data, "agc", "1745")[2] == 2
    g = geography("barbarossa")
    desert = next(p for p in sorted(g.places) if g.terrain[p] == "desert" and g.start_owner[p] == "axis")
    origin = next(n for n in g.links[desert] if g.start_owner[n] == "axis")
    own(state, "soviet", desert)
    place(state, "agc", origin, mechanized=5)
    assert advance_odds(state.data, "agc", desert)[2] == -1


@pytest.mark.rules("C11.1", "C5.4", "L1.4", "M1.2")
def test_crossing_arrows_carry_moves_and_attacks_but_not_retreats_and_all_sea_sides_carry_nothing() -> None:
    g = geography("barbarossa")
    hmap = load_map()
    assert "2037" in g.links["1937"] and "2037" not in g.retreat_links["1937"]  # Messina
    for p, links in g.links.items():
        for n in links:
            if "siberia" in (p, n):
                continue
            features = hmap.hexside_features(p, n)
            assert "all_sea" not in features or "crossing" in features


@pytest.mark.rules("C12.1", "C12.2")
def test_russian_winter_adds_four_then_two_then_one_to_axis_rolls_in_the_soviet_union() -> None:
    state = cleared()
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    assert state.view(None)["board"]["turn"] == "Winter 1941"
    place(state, "agc", "1142", mechanized=5)
    place(state, "agn", "1240", mechanized=5)  # Germany: no winter there
    place(state, "wf", "1143", infantry=5)
    assert winter_modifier(state.data, "agc") == 4
    assert winter_modifier(state.data, "agn") == 0
    assert winter_modifier(state.data, "wf") == 0
    state.data["winters"] = 1
    assert winter_modifier(state.data, "agc") == 2
    state.data["winters"] = 5
    assert winter_modifier(state.data, "agc") == 1


@pytest.mark.rules("C12.1")
def test_the_winter_modifier_weakens_an_axis_assault() -> None:
    state = cleared()
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    own(state, "axis", "1142")
    place(state, "agc", "1142", infantry=2, mechanized=8)
    place(state, "wf", "1143", infantry=5)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agc", "1143")
    act(state, "axis", "end_announce")
    act(state, "soviet", "no_defensive_assault")
    state.rng.force([1])  # a 1 at strength 10 kills four; +4 makes it a 5: two
    act(state, "axis", "assault", "1142", "1143", "agc")
    assert state.legal_actions("soviet") == [("lose", "wf", "infantry")]
    act(state, "soviet", "lose", "wf", "infantry")
    act(state, "soviet", "lose", "wf", "infantry")
    assert state.data["armies"]["wf"]["sp"]["infantry"] == 3
    assert state.flow[-1]["state"] == "assaults"


@pytest.mark.rules("H2.1", "H2.2", "H2.5", "C5.6")
def test_empty_land_hexes_defend_with_one_garrison_point_and_deserts_with_none() -> None:
    state = cleared()
    g = geography("barbarossa")
    assert defence(state.data, "1143") == 1
    place(state, "wf", "1143", infantry=3)
    assert defence(state.data, "1143") == 3  # armies and garrisons do not mix
    desert = next(p for p in sorted(g.places) if g.terrain[p] == "desert")
    assert defence(state.data, desert) == 0


@pytest.mark.rules("H2.4", "C4.7", "H2.6")
def test_an_assaulted_garrison_is_gone_until_the_end_of_the_combat_phase() -> None:
    state = cleared()
    own(state, "axis", "1142")
    place(state, "agc", "1142", infantry=2, mechanized=8)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agc", "1143")
    act(state, "axis", "end_announce")
    state.rng.force([1])
    act(state, "axis", "assault", "1142", "1143", "agc")
    assert defence(state.data, "1143") == 0
    act(state, "axis", "to_advances")
    act(state, "axis", "to_exploitation")
    act(state, "axis", "end_combat")
    assert defence(state.data, "1143") == 1  # back at the end of the phase


@pytest.mark.rules("C10.1", "C10.2", "C10.3", "C10.4", "L1.7")
def test_jungle_halves_mechanized_assaults_and_advances_out_and_blocks_supply_off_road(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No jungle lies in Barbarossa's area: one hex is made jungle for this test."""
    g = geography("barbarossa")
    monkeypatch.setitem(g.terrain, "1143", "jungle")
    monkeypatch.setitem(g.inherent_garrison, "1143", False)  # Garrisons 1: none in jungle
    state = cleared()
    own(state, "axis", "1142")
    place(state, "agc", "1142", infantry=2, mechanized=7)
    assert firing_strength(state.data, ("agc",), "1143") == 2 + 3
    assert firing_strength(state.data, ("agc",), None) == 9
    assert advance_odds(state.data, "agc", "1143")[2] == 1  # into an empty jungle hex
    own(state, "axis", "1143")
    place(state, "agc", "1143", infantry=2, mechanized=7)
    assert advance_odds(state.data, "agc", "1144")[0] == 3  # seven halved, rounded down
    off_road = next(n for n in g.links["1143"] if ("1143", n) not in g.roads)
    assert not g.leaves_for_supply("1143", off_road, False)
    assert g.leaves_for_supply("1143", off_road, True)


@pytest.mark.rules("H2.6", "H2.3")
def test_a_desert_hex_keeps_a_garrison_under_a_marker_when_its_last_army_leaves() -> None:
    state = cleared()
    g = geography("barbarossa")
    desert = next(
        p
        for p in sorted(g.places)
        if g.terrain[p] == "desert" and any(g.start_owner[n] == "axis" for n in g.links[p])
    )
    assert g.start_owner[desert] == "axis" and defence(state.data, desert) == 0
    place(state, "okw", desert, infantry=2)
    act(state, "axis", "move", "okw", "infantry", 2)
    target = next(a for a in state.legal_actions("axis") if a[0] == "to_place" and a[1] != desert)
    act(state, "axis", *target)
    assert state.data["markers"][desert] == "axis" and defence(state.data, desert) == 1
    assert desert not in state.data["won"]  # not won by an advance: no supply through it


@pytest.mark.rules("L1.6", "H1.4")
def test_only_a_marker_won_by_a_combat_advance_opens_a_desert_to_supply() -> None:
    from grognard.games.hgw.supply import supplied_places

    state = cleared()
    g = geography("barbarossa")
    data = state.data
    # a desert hex with no road, and an Axis hex `beyond` whose only friendly neighbour
    # is that desert: its supply must cross the desert
    before = supplied_places(data, "axis", home_only=False)
    for desert in sorted(g.places):
        if g.terrain[desert] != "desert" or any((desert, n) in g.roads for n in g.links[desert]):
            continue
        feeds = [n for n in g.links[desert] if n in before and g.terrain[n] == "clear"]
        axis = [
            n
            for n in g.links[desert]
            if g.start_owner[n] == "axis" and not g.production[n] and n not in feeds
        ]
        if feeds and axis:
            break
    beyond = axis[-1]
    for n in g.links[beyond]:
        if n != desert and n not in feeds:
            data["owner"][n] = "soviet"
    data["markers"][desert] = "axis"
    data["won"] = [desert]
    assert beyond in supplied_places(data, "axis", home_only=False)
    data["won"] = []
    assert beyond not in supplied_places(data, "axis", home_only=False)
