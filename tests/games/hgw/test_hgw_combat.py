"""Combat rules the worked examples do not show: adjacency, exploitation one army at a
time, advances into friendly hexes, the Advance Table's edges, moved points attacking."""

from __future__ import annotations

import pytest
from hgw_positions import act, cleared, own, place, sp

from grognard.games.hgw.geography import geography
from grognard.games.hgw.tables import load_tables


@pytest.mark.rules("C1.5", "C11.1")
def test_an_army_attacks_only_hexes_next_to_it() -> None:
    state = cleared()
    place(state, "agn", "1240", infantry=5, mechanized=5)
    act(state, "axis", "end_movement")
    targets = {a[2] for a in state.legal_actions("axis") if a[0] == "attack"}
    assert targets == set(geography("barbarossa").links["1240"])
    assert "1142" not in targets


@pytest.mark.rules("M1.7", "C1.2")
def test_points_that_moved_may_attack_and_attacking_is_never_required() -> None:
    state = cleared()
    place(state, "okw", "1237", mechanized=5)
    act(state, "axis", "move", "okw", "mechanized", 5)
    act(state, "axis", "to_place", "1240")
    army = next(a for a, x in state.data["armies"].items() if x["at"] == "1240")
    act(state, "axis", "end_movement")
    assert ("attack", army, "1241") in state.legal_actions("axis")
    assert ("end_announce",) in state.legal_actions("axis")


@pytest.mark.rules("C3.2", "C1.3")
def test_exploitation_goes_one_army_at_a_time_with_no_return_to_an_earlier_one() -> None:
    state = cleared()
    own(state, "axis", "1241")
    place(state, "agn", "1241", mechanized=10)
    place(state, "agc", "1440", mechanized=10)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agn", "1141")
    act(state, "axis", "attack", "agc", "1441")
    act(state, "axis", "end_announce")
    act(state, "axis", "to_advances")
    state.rng.force([1, 1])
    act(state, "axis", "advance", "agn")
    act(state, "axis", "advance", "agc")
    act(state, "axis", "to_exploitation")
    state.rng.force([1])
    act(state, "axis", "exploit", "agn", "1142")
    act(state, "axis", "no_assault")  # the garrison could be assaulted first
    assert state.data["armies"]["agn"]["at"] == "1142"
    assert any(a[1] == "agn" for a in state.legal_actions("axis") if a[0] == "exploit")
    state.rng.force([1])
    act(state, "axis", "exploit", "agc", "1442")
    act(state, "axis", "no_assault")
    legal = state.legal_actions("axis")
    assert not any(a[0] == "exploit" and a[1] == "agn" for a in legal)  # Army Group North is done
    assert any(a[0] == "exploit" and a[1] == "agc" for a in legal)


@pytest.mark.rules("C6.1", "C6.2", "C2.3")
def test_an_army_may_advance_into_a_friendly_hex_on_the_friendly_column_without_harm() -> None:
    state = cleared()
    place(state, "4a", "1340", infantry=5)  # no mechanized points: the friendly column gives 1-4
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "4a", "1339")  # Warsaw, friendly, two production points
    act(state, "axis", "end_announce")
    assert not any(a[0] == "assault" for a in state.legal_actions("axis"))  # never on a friend
    act(state, "axis", "to_advances")
    state.rng.force([4])
    act(state, "axis", "advance", "4a")
    assert state.data["armies"]["4a"]["at"] == "1339"
    assert "1339" not in state.data["devastated"] and sp(state, "4a") == {"infantry": 5}


@pytest.mark.rules("C5.8", "C5.9")
def test_the_advance_table_edges() -> None:
    t = load_tables()
    assert t.advance_limit(0, 0) > 0 and t.advance_limit(0, 1) == 0  # infantry only: empty hexes
    assert t.advance_limit(0, 5, friendly=True) > 0
    assert t.advance_limit(10, 14) == t.advance_limit(10, 10) == 0


@pytest.mark.rules("C4.2", "C4.9", "C4.6")
def test_assaults_fire_hex_by_hex_and_losses_beyond_the_target_are_ignored() -> None:
    state = cleared()
    own(state, "axis", "1142", "1243")
    place(state, "agn", "1142", infantry=5, mechanized=5)
    place(state, "agc", "1243", infantry=5, mechanized=5)
    place(state, "wf", "1143", infantry=1)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agn", "1143")
    act(state, "axis", "attack", "agc", "1143")
    act(state, "axis", "end_announce")
    act(state, "soviet", "no_defensive_assault")
    assaults = {a for a in state.legal_actions("axis") if a[0] == "assault"}
    assert assaults == {("assault", "1142", "1143", "agn"), ("assault", "1243", "1143", "agc")}
    state.rng.force([1])  # four losses against one point
    act(state, "axis", "assault", "1142", "1143", "agn")
    act(state, "soviet", "lose", "wf", "infantry")
    assert state.data["armies"]["wf"]["at"] is None  # emptied: off the board
    assert state.flow[-1]["state"] == "assaults"
    assert not any(a[0] == "assault" for a in state.legal_actions("axis"))  # an empty hex with no garrison
