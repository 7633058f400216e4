"""Why an HGW move, attack or build is refused (why.py through State.why_illegal):
each refusal a player meets names its rule, legal actions get no reason, and asking
changes nothing."""

from __future__ import annotations

import pytest
from hgw_positions import act, cleared, new_game, own, pass_turn, place, to_combat

from grognard.games.hgw import HgwState
from grognard.games.hgw.board import geo
from grognard.games.hgw.movement import routes


def _ask(state: HgwState, role: str, *action: object) -> str:
    before = state.to_json()
    reason = state.why_illegal(role, tuple(action))
    assert state.to_json() == before  # a question never changes the game
    assert reason is not None
    return reason


def _axis_place_next_to(state: HgwState, owner: str) -> tuple[str, str]:
    """An Axis hex with a neighbour held by `owner`."""
    data = state.data
    g = geo(data)
    for p, side in sorted(data["owner"].items()):
        if side != "axis":
            continue
        for n in g.links[p]:
            if n in g.places and data["owner"].get(n) == owner:
                return p, n
    raise AssertionError("no such pair on the map")


@pytest.mark.rules("M1.2", "B2.1")
def test_points_go_only_to_friendly_hexes_m1_2() -> None:
    state = cleared()
    place(state, "agn", "1237", infantry=3)
    act(state, "axis", "move", "agn", "infantry", 1)
    reason = _ask(state, "axis", "to_place", "1241")
    assert "friendly hexes (M1.2)" in reason and "1241 (soviet)" in reason
    assert "not in play in this scenario" in _ask(state, "axis", "to_place", "0639")  # Sweden (B2.1)
    # an Axis hex deep in the Soviet Union: friendly, but no friendly chain leads there
    own(state, "axis", "1144")
    far = _ask(state, "axis", "to_place", "1144")
    assert "no chain of axis hexes leads from 1237 to 1144" in far and "(M1.2" in far
    assert state.why_illegal("axis", ("to_place", "1238")) is None  # legal: no reason


@pytest.mark.rules("M2.1", "M2.2")
def test_a_hex_takes_ten_points_m2_1() -> None:
    state = cleared()
    place(state, "agn", "1237", infantry=3)
    place(state, "okw", "1238", infantry=6, mechanized=4)
    act(state, "axis", "move", "agn", "infantry", 2)
    for action in (("to_place", "1238"), ("to_army", "okw")):
        reason = _ask(state, "axis", *action)
        assert reason == "1238 holds 10 points: 2 more would pass the limit of 10 a hex (M2.1, M2.2)"


@pytest.mark.rules("R1.1", "M1.5")
def test_no_spare_counter_no_new_army_r1_1() -> None:
    state = cleared()
    # every Axis counter on the map, in hexes joined to 1238 by Axis hexes
    axis_hexes = ["1237", *sorted(p for p in routes(state.data, "1237", "axis") if p not in ("1237", "1238"))]
    armies = sorted(a for a, x in state.data["armies"].items() if x["side"] == "axis")
    for army, where in zip(armies, axis_hexes, strict=False):
        place(state, army, where, infantry=1)
    act(state, "axis", "move", armies[0], "infantry", 1)
    reason = _ask(state, "axis", "to_place", "1238")
    assert "every army counter of your side is on the map" in reason and "(R1.1, M1.5)" in reason


@pytest.mark.rules("M1.1", "L2.3", "L2.4", "B2.3")
def test_which_armies_may_move_m1_1_l2_4_b2_3() -> None:
    state = new_game()
    assert "soviet army" in _ask(state, "axis", "move", "mos", "army", 3) and "(M1.1)" in _ask(
        state, "axis", "move", "mos", "infantry", 1
    )
    state.data["frozen"] = ["agn"]
    state._after_change(None, None)
    assert "(L2.3, L2.4)" in _ask(state, "axis", "move", "agn", "infantry", 1)
    state.data["frozen"] = []
    state._after_change(None, None)
    pass_turn(state, "axis")
    assert state.active_roles() == ["soviet"]
    sib = state.data["armies"]["sib"]
    reason = _ask(state, "soviet", "move", "sib", "army", sum(sib["sp"].values()))
    assert "Siberia stay put on the first turn (B2.3, G17.10)" in reason


@pytest.mark.rules("C1.5", "C2.1", "C1.7")
def test_attacks_are_named_once_against_an_adjacent_hex_c1_5_c2_1() -> None:
    state = cleared()
    front, enemy = _axis_place_next_to(state, "soviet")
    place(state, "agn", front, infantry=4, mechanized=2)
    # in the movement phase, no attack is named yet (C1.7, C2.1)
    assert "(C1.7, C2.1)" in _ask(state, "axis", "attack", "agn", enemy)
    to_combat(state)
    far = _ask(state, "axis", "attack", "agn", "1144")
    assert f"(C1.5): 1144 is not adjacent to {front}" in far
    act(state, "axis", "attack", "agn", enemy)
    other = next(n for n in geo(state.data).links[front] if n != enemy)
    assert f"already named against {enemy}: one target per army (C2.1" in _ask(
        state, "axis", "attack", "agn", other
    )


@pytest.mark.rules("B2.1")
def test_neutral_hexes_are_out_of_play_b2_1() -> None:
    state = cleared()
    place(state, "agn", "1237", infantry=4)
    to_combat(state)
    assert "0639 is not in play in this scenario: neutral for the whole game, never attacked (B2.1" in _ask(
        state, "axis", "attack", "agn", "0639"
    )


@pytest.mark.rules("C3.1")
def test_only_armies_that_advanced_exploit_c3_1() -> None:
    state = cleared()
    front, enemy = _axis_place_next_to(state, "soviet")
    place(state, "agn", front, infantry=4, mechanized=2)
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation"):
        act(state, "axis", action)
    assert state.flow[-1]["state"] == "exploitation"
    reason = _ask(state, "axis", "exploit", "agn", enemy)
    assert "only armies that advanced in the initial attack may exploit (C3.1)" in reason


@pytest.mark.rules("P2.1", "P2.3", "P2.5", "P1.1")
def test_where_and_whether_points_are_built_p2_3_p2_5() -> None:
    state = cleared()
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, "axis", action)
    assert state.flow[-1]["state"] == "production"
    legal = [a for a in state.legal_actions("axis") if a[:3] == ("build", "infantry", "place")]
    home = str(legal[0][3])
    assert "home-country hex" in _ask(state, "axis", "build", "infantry", "place", "1241")
    assert "(P2.3)" in _ask(state, "axis", "build", "infantry", "place", "1241")
    place(state, "agn", home, infantry=6, mechanized=4)
    assert "new points may not overstack it (P2.5, M2.6)" in _ask(
        state, "axis", "build", "infantry", "place", home
    )
    state.flow[-1]["budget"] = 0
    assert "production is left this turn (P1.1, P2.1)" in _ask(
        state, "axis", "build", "infantry", "army", "agn"
    )
    # a kind this scenario does not build, or words that are no build at all (P2.1)
    assert "(P2.1)" in _ask(state, "axis", "build", "tac_air", "place", home)
    assert "(P2.1)" in _ask(state, "axis", "build", "agn", "agn", "agn")
