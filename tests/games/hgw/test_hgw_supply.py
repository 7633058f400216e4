"""Supply: full and defense supply, unsupplied hexes and their capture (Line of Supply
1-7; Unsupplied Hexes 1-4) and the rulebook's supply example."""

from __future__ import annotations

import pytest
from hgw_positions import act, cleared, new_game, own, pass_turn, place

from grognard.games.hgw import HgwState
from grognard.games.hgw.geography import geography
from grognard.games.hgw.map import row_col
from grognard.games.hgw.supply import frozen_armies, supplied_places


def _soviet_pocket(keep: set[str]) -> HgwState:
    """Axis everywhere in the Soviet Union except columns 46 on, Siberia and `keep`."""
    state = cleared()
    pass_turn(state, "axis")
    g = geography("barbarossa")
    for p, side in g.start_owner.items():
        if side == "soviet" and p != "siberia" and row_col(p)[1] < 46 and p not in keep:
            own(state, "axis", p)
    return state


@pytest.mark.rules("E1.5", "L2.1", "L2.2", "L1.3", "H1.2")
def test_the_supply_example_cut_off_hexes_defect_and_their_army_is_eliminated() -> None:
    state = _soviet_pocket({"1242", "1243", "1442", "1443"})
    place(state, "wrf", "1242", infantry=3, mechanized=2)
    place(state, "swf", "1442", infantry=3)
    place(state, "agn", "1141", infantry=5, mechanized=5)
    data = state.data
    supplied = supplied_places(data, "soviet", home_only=False)
    assert "1242" not in supplied and "1243" not in supplied
    assert "1442" in supplied and "1443" in supplied  # both reach the point in 1443
    # nothing happens before the end of the Soviet combat phase: a rescue could still come
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation"):
        act(state, "soviet", action)
    assert data["owner"]["1242"] == "soviet"
    act(state, "soviet", "end_combat")
    assert data["owner"]["1242"] == "axis" and data["owner"]["1243"] == "axis"
    assert data["armies"]["wrf"]["at"] is None
    assert data["owner"]["1442"] == "soviet" and data["armies"]["swf"]["at"] == "1442"


@pytest.mark.rules("L2.2")
def test_cut_off_hexes_stay_put_when_no_supplied_enemy_army_is_within_three_hexes() -> None:
    state = _soviet_pocket({"1242", "1243"})
    place(state, "wrf", "1242", infantry=3)
    place(state, "agn", "1237", infantry=5)  # far away in Berlin
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "soviet", action)
    data = state.data
    assert data["armies"]["wrf"]["at"] is None  # the army still starves
    assert data["owner"]["1242"] == "soviet"


@pytest.mark.rules("L2.3", "L2.4", "L1.1", "L1.2")
def test_an_army_in_defense_supply_only_may_not_move_or_attack_but_survives() -> None:
    # Riga (1040) holds a Baltic point: defense supply, but no Soviet home-country point
    state = cleared()
    g = geography("barbarossa")
    for p, side in g.start_owner.items():
        if side == "soviet" and p != "siberia" and row_col(p)[1] < 46 and p != "1040":
            own(state, "axis", p)
    place(state, "bmd", "1040", infantry=3)
    assert "1040" in supplied_places(state.data, "soviet", home_only=False)
    assert "1040" not in supplied_places(state.data, "soviet", home_only=True)
    assert frozen_armies(state.data, "soviet") == ["bmd"]
    pass_turn(state, "axis")
    assert state.data["frozen"] == ["bmd"]
    legal = state.legal_actions("soviet")
    assert not any(a[0] == "move" and a[1] == "bmd" for a in legal)
    act(state, "soviet", "end_movement")
    assert not any(a[0] == "attack" and a[1] == "bmd" for a in state.legal_actions("soviet"))
    for action in ("end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "soviet", action)
    assert state.data["armies"]["bmd"]["at"] == "1040"


@pytest.mark.rules("L1.5")
def test_supply_enters_mountains_but_leaves_them_only_by_road() -> None:
    g = geography("barbarossa")
    mountain = "1745"
    assert g.terrain[mountain] == "mountain"
    for n in g.links[mountain]:
        assert g.leaves_for_supply(mountain, n, False) == ((mountain, n) in g.roads)
    assert g.leaves_for_supply("1143", "1144", False)


@pytest.mark.rules("L1.6")
def test_supply_passes_a_desert_hex_by_road_or_under_an_occupation_marker() -> None:
    g = geography("barbarossa")
    desert = next(
        p
        for p in sorted(g.places)
        if g.terrain[p] == "desert" and any((p, n) not in g.roads for n in g.links[p])
    )
    off_road = next(n for n in g.links[desert] if (desert, n) not in g.roads)
    assert not g.leaves_for_supply(desert, off_road, False)
    assert g.leaves_for_supply(desert, off_road, True)


@pytest.mark.rules("L1.1")
def test_at_the_start_every_army_is_in_full_supply() -> None:
    state = new_game()
    assert frozen_armies(state.data, "axis") == []
    assert frozen_armies(state.data, "soviet") == []
