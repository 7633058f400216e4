"""The rulebook's worked combat examples, played with forced dice: the assault example,
the initial attack at Smolensk and the exploitation attack of the Soviet 1944 summer
offensive."""

from __future__ import annotations

import pytest
from hgw_positions import act, cleared, own, pass_turn, place, sp, step

from grognard.games.hgw import HgwState


@pytest.mark.rules("E1.3", "C2.1", "C2.4", "C2.5", "C2.6", "C4.3", "C4.4", "C5.3", "C5.7", "H1.4")
def test_initial_attack_at_smolensk() -> None:
    state = cleared()
    own(state, "axis", "1142")
    place(state, "agc", "1142", infantry=2, mechanized=8)
    place(state, "wf", "1143", infantry=5, mechanized=1)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agc", "1143")
    act(state, "axis", "end_announce")
    # the West Front uses its defensive assault: strength 6, a 4: one point lost
    assert state.active_roles() == ["soviet"] and step(state) == "def_assault"
    state.rng.force([4])
    act(state, "soviet", "defensive_assault", "wf")
    assert state.active_roles() == ["axis"] and step(state) == "losses"
    act(state, "axis", "lose", "agc", "infantry")
    # Army Group Center's own assault: strength 9, a 3: three points lost
    state.rng.force([3])
    act(state, "axis", "assault", "1142", "1143", "agc")
    for _ in range(3):
        act(state, "soviet", "lose", "wf", "infantry")
    assert sp(state, "wf") == {"infantry": 2, "mechanized": 1}
    act(state, "axis", "to_advances")
    # eight mechanized against three: 1-5 advances, a 5 gets through
    state.rng.force([5])
    act(state, "axis", "advance", "agc")
    assert state.data["armies"]["agc"]["at"] == "1143"
    assert state.data["owner"]["1143"] == "axis"
    assert state.data["devastated"]["1143"] == 1 and state.data["markers"]["1143"] == "axis"
    # the displaced West Front retreats into a friendly Soviet hex next to 1143
    assert state.active_roles() == ["soviet"] and step(state) == "retreat"
    act(state, "soviet", "retreat", "1144")
    assert state.data["armies"]["wf"]["at"] == "1144"


@pytest.mark.rules("E1.3", "C5.2")
def test_at_smolensk_a_six_would_have_failed_and_ended_the_armys_attacks() -> None:
    state = cleared()
    own(state, "axis", "1142")
    place(state, "agc", "1142", infantry=1, mechanized=8)
    place(state, "wf", "1143", infantry=2, mechanized=1)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agc", "1143")
    act(state, "axis", "end_announce")
    act(state, "soviet", "no_defensive_assault")
    act(state, "axis", "to_advances")
    state.rng.force([6])
    act(state, "axis", "advance", "agc")
    assert state.data["armies"]["agc"]["at"] == "1142" and state.data["owner"]["1143"] == "soviet"
    act(state, "axis", "to_exploitation")
    assert state.legal_actions("axis") == [("end_combat",)]


@pytest.mark.rules("E1.2", "C4.4", "C4.5")
def test_the_assault_example_the_attacker_chooses_which_attacking_army_loses() -> None:
    """Five points defensively assault several attacking armies: a 3 costs one point,
    and the attacker picks the kind and the army."""
    state = cleared()
    own(state, "axis", "1142", "1243")
    place(state, "agc", "1142", infantry=2, mechanized=3)
    place(state, "agn", "1243", infantry=3, mechanized=2)
    place(state, "wf", "1143", infantry=5)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agc", "1143")
    act(state, "axis", "attack", "agn", "1143")
    act(state, "axis", "end_announce")
    state.rng.force([3])
    act(state, "soviet", "defensive_assault", "wf")
    legal = state.legal_actions("axis")
    assert set(legal) == {
        ("lose", "agc", "infantry"),
        ("lose", "agc", "mechanized"),
        ("lose", "agn", "infantry"),
        ("lose", "agn", "mechanized"),
    }
    act(state, "axis", "lose", "agn", "mechanized")
    assert sp(state, "agn") == {"infantry": 3, "mechanized": 1} and step(state) == "assaults"


def _soviet_offensive() -> HgwState:
    state = cleared()
    pass_turn(state, "axis")
    own(state, "axis", "1142", "1141", "1241", "1042", "1242")
    own(state, "soviet", "1143", "1043", "1243")
    place(state, "agc", "1142", infantry=2, mechanized=5)
    place(state, "4a", "1241", infantry=5)
    place(state, "wrf", "1143", mechanized=10)
    place(state, "1uf", "1043", infantry=10)
    place(state, "2uf", "1243", infantry=10)
    return state


@pytest.mark.rules("E1.4", "C1.7", "C2.2", "C3.1", "C3.3", "C3.4", "C4.6", "C4.8", "C5.10", "H2.2", "H1.3")
def test_the_exploitation_attack_of_the_soviet_1944_summer_offensive() -> None:
    state = _soviet_offensive()
    s = "soviet"
    act(state, s, "end_movement")
    for army in ("wrf", "1uf", "2uf"):
        act(state, s, "attack", army, "1142")
    act(state, s, "end_announce")
    state.rng.force([5])
    act(state, "axis", "defensive_assault", "agc")
    act(state, s, "lose", "2uf", "infantry")
    state.rng.force([3])
    act(state, s, "assault", "1043", "1142", "1uf")
    for kind in ("infantry", "infantry", "mechanized"):
        act(state, "axis", "lose", "agc", kind)
    state.rng.force([1])
    act(state, s, "assault", "1243", "1142", "2uf")
    for _ in range(4):
        act(state, "axis", "lose", "agc", "mechanized")
    data = state.data
    assert data["armies"]["agc"]["at"] is None  # Army Group Center is destroyed
    act(state, s, "to_advances")
    # ten mechanized against nothing (no garrison returns this phase): 1-8, a 6 is enough
    state.rng.force([6])
    act(state, s, "advance", "wrf")
    assert data["owner"]["1142"] == "soviet" and data["armies"]["wrf"]["at"] == "1142"
    act(state, s, "to_exploitation")
    legal = state.legal_actions(s)
    assert ("exploit", "wrf", "1141") in legal
    assert not any(a[0] == "exploit" and a[1] in ("1uf", "2uf") for a in legal)  # they only assaulted
    # 1141's garrison: ten against one is 1-8; with +1 for one hex already taken a 6 is a 7
    act(state, s, "exploit", "wrf", "1141")
    assert state.active_roles() == [s]  # a garrison cannot defensively assault
    state.rng.force([6])
    act(state, s, "no_assault")
    assert data["armies"]["wrf"]["at"] == "1141" and data["owner"]["1141"] == "soviet"
    assert data["owner"]["1142"] == "soviet"  # left behind, 1142 stays Soviet


@pytest.mark.rules("E1.4", "C3.5", "C5.10")
def test_the_exploitation_example_goes_on_into_1241_and_fails_with_a_4() -> None:
    """The same offensive, Army Group Center already gone: 1142, 1141, then 1241."""
    state = _soviet_offensive()
    s = "soviet"
    data = state.data
    data["armies"]["agc"]["at"] = None
    data["armies"]["agc"]["sp"] = {k: 0 for k in data["armies"]["agc"]["sp"]}
    act(state, s, "end_movement")
    act(state, s, "attack", "wrf", "1142")
    act(state, s, "end_announce")
    act(state, s, "to_advances")
    state.rng.force([6])
    act(state, s, "advance", "wrf")
    act(state, s, "to_exploitation")
    act(state, s, "exploit", "wrf", "1141")
    state.rng.force([6])
    act(state, s, "no_assault")
    assert data["armies"]["wrf"]["at"] == "1141" and data["owner"]["1141"] == "soviet"
    # 1241: the Fourth Army's defensive assault (5 points, a 2) costs two mechanized
    act(state, s, "exploit", "wrf", "1241")
    state.rng.force([2])
    act(state, "axis", "defensive_assault", "4a")
    act(state, s, "lose", "wrf", "mechanized")
    act(state, s, "lose", "wrf", "mechanized")
    # the White Russian Front's assault: eight points, a 4, two infantry lost
    state.rng.force([4])
    act(state, s, "assault")
    act(state, "axis", "lose", "4a", "infantry")
    state.rng.force([4])
    act(state, "axis", "lose", "4a", "infantry")
    # eight against three is 1-5; +2 for two hexes taken: a 4 fails
    assert data["armies"]["wrf"]["at"] == "1141" and data["owner"]["1241"] == "axis"
    assert data["status"]["wrf"]["stopped"]
    assert state.legal_actions(s) == [("end_combat",)]
