"""Strategic redeployment and stacking (Movement 1-9; Stacking 1-6; Barbarossa
special rule 3)."""

from __future__ import annotations

import pytest
from hgw_positions import act, cleared, new_game, pass_turn, place, sp

from grognard.core.errors import IllegalAction
from grognard.games.hgw import HgwState


def _destinations(state: HgwState, army: str, kind: str, count: int) -> list[tuple[object, ...]]:
    act(state, "axis", "move", army, kind, count)
    legal = state.legal_actions("axis")
    act(state, "axis", "cancel")
    return list(legal)


@pytest.mark.rules("M1.1", "M1.2", "M1.9")
def test_points_travel_any_distance_through_friendly_hexes_only() -> None:
    state = cleared()
    place(state, "agn", "1237", infantry=3)
    targets = {str(a[1]) for a in _destinations(state, "agn", "infantry", 1) if a[0] == "to_place"}
    assert {"1434", "1240", "1642", "1837"} <= targets  # Paris, East Prussia, Rumania, Rome
    assert "1241" not in targets  # Soviet
    assert not any(t.startswith("08") and t.endswith("41") for t in targets)  # Finland: sea between
    assert "0639" not in targets  # neutral Sweden


@pytest.mark.rules("E1.1", "M1.4", "M1.5", "M1.6", "R1.1")
def test_the_movement_example_okw_and_army_group_south_hand_everything_on() -> None:
    """The book's moves, with the one it leaves unsaid (OKW's two infantry and two
    mechanized going to 1238, which its final count needs): Army Group South in 1337
    sends one infantry and three mechanized to 1238, OKW's two infantry go from 1336 to
    1337, Army Group West moves to 1238, and Group B takes the five infantry left in 1337."""
    state = cleared()
    place(state, "ags", "1337", infantry=4, mechanized=3)
    place(state, "okw", "1336", infantry=4, mechanized=2)
    place(state, "agw", "1237", infantry=2)
    act(state, "axis", "move", "agw", "army", 2)  # the army itself, counter and all
    act(state, "axis", "to_place", "1238")
    for army, kind, count, dest in (
        ("ags", "infantry", 1, "agw"),
        ("ags", "mechanized", 3, "agw"),
        ("okw", "infantry", 2, "ags"),
        ("okw", "infantry", 2, "agw"),
        ("okw", "mechanized", 2, "agw"),
    ):
        act(state, "axis", "move", army, kind, count)
        act(state, "axis", "to_army", dest)
    act(state, "axis", "move", "ags", "infantry", 5)
    act(state, "axis", "to_place", "1337")  # a new army: the example's Group B
    armies = state.data["armies"]
    assert armies["ags"]["at"] is None and armies["okw"]["at"] is None  # back on the record sheet
    assert armies["agw"]["at"] == "1238" and sp(state, "agw") == {"infantry": 5, "mechanized": 5}
    new = [a for a, x in armies.items() if x["at"] == "1337"]
    assert len(new) == 1 and sp(state, new[0]) == {"infantry": 5}


@pytest.mark.rules("M1.5")
def test_a_whole_army_may_merge_into_another_and_leave_the_board() -> None:
    state = cleared()
    place(state, "okw", "1237", infantry=2, mechanized=1)
    place(state, "agn", "1240", infantry=3)
    act(state, "axis", "move", "okw", "army", 3)
    assert ("to_place", "1237") not in state.legal_actions("axis")  # it must go somewhere
    act(state, "axis", "to_army", "agn")
    assert state.data["armies"]["okw"]["at"] is None
    assert sp(state, "agn") == {"infantry": 5, "mechanized": 1}


@pytest.mark.rules("M2.1", "M2.2", "M2.6")
def test_no_move_may_put_more_than_ten_points_in_a_hex() -> None:
    state = cleared()
    place(state, "agn", "1240", infantry=5, mechanized=4)
    place(state, "okw", "1237", infantry=3)
    legal = _destinations(state, "okw", "infantry", 1)
    assert ("to_army", "agn") in legal
    legal = _destinations(state, "okw", "infantry", 2)
    assert ("to_army", "agn") not in legal and ("to_place", "1240") not in legal


@pytest.mark.rules("M2.3")
def test_the_siberia_box_has_no_stacking_limit() -> None:
    state = new_game()
    state.data["armies"]["sib"]["sp"]["infantry"] = 12
    assert state.data["armies"]["sib"]["at"] == "siberia"
    from grognard.games.hgw.board import over_limit, stack

    assert stack(state.data, "siberia") == 15 and not over_limit("siberia", 15)


@pytest.mark.rules("M2.4")
def test_an_overstacked_hex_must_be_thinned_before_movement_ends() -> None:
    state = cleared()
    place(state, "agn", "1240", infantry=6, mechanized=6)
    assert ("end_movement",) not in state.legal_actions("axis")
    act(state, "axis", "eliminate", "agn", "infantry")
    act(state, "axis", "eliminate", "agn", "infantry")
    assert ("end_movement",) in state.legal_actions("axis")


@pytest.mark.rules("B2.3")
def test_the_siberian_points_may_not_move_on_the_first_turn() -> None:
    state = new_game()
    pass_turn(state, "axis")
    legal = state.legal_actions("soviet")
    assert ("move", "mos", "infantry", 1) in legal
    assert not any(a[0] == "move" and a[1] == "sib" for a in legal)
    with pytest.raises(IllegalAction):
        act(state, "soviet", "move", "sib", "infantry", 1)


@pytest.mark.rules("M2.5", "C5.12")
def test_an_advance_may_overstack_a_hex_until_the_next_movement_phase() -> None:

    state = cleared()
    place(state, "agn", "1240", infantry=5, mechanized=5)
    place(state, "okw", "1340", infantry=2, mechanized=6)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "okw", "1240")  # a friendly hex
    act(state, "axis", "end_announce")
    act(state, "axis", "to_advances")
    state.rng.force([1])
    act(state, "axis", "advance", "okw")
    assert state.data["armies"]["okw"]["at"] == "1240"  # eighteen points in one hex
    act(state, "axis", "to_exploitation")
    # the army that can still advance must try to leave before combat ends
    assert ("end_combat",) not in state.legal_actions("axis")
    act(state, "axis", "exploit", "okw", "1241")
    state.rng.force([6])  # six mechanized against the garrison: 1-5, and +1 for 1240
    act(state, "axis", "no_assault")
    assert state.data["armies"]["okw"]["at"] == "1240"  # it failed: the hex stays overstacked
    act(state, "axis", "end_combat")
    act(state, "axis", "end_production")
    pass_turn(state, "soviet")
    assert ("end_movement",) not in state.legal_actions("axis")
    act(state, "axis", "move", "okw", "infantry", 2)
    act(state, "axis", "to_place", "1340")
    act(state, "axis", "move", "okw", "mechanized", 6)
    act(state, "axis", "to_place", "1340")
    assert ("end_movement",) in state.legal_actions("axis")
