"""The heuristic player's fleets in Campaign Game II (ai_naval.py), from its view only."""

from __future__ import annotations

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.map import hex_distance


def new_game() -> HgwState:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    return state


def test_the_uboats_patrol_on_britains_route_near_home() -> None:
    state = new_game()
    action = make_heuristic(1).act(state.view("axis"), state.legal_actions("axis"))
    assert action[:2] == ("patrol", "uboats")
    assert action[2] in state.data["sea_routes"]["britain_us"]["path"]
    # no enemy fleet can fight them yet (an empty A.S.W. box): the nearest route hex home
    patrols = [a[2] for a in state.legal_actions("axis") if a[:2] == ("patrol", "uboats")]
    on_route = [h for h in patrols if h in state.data["sea_routes"]["britain_us"]["path"]]
    assert hex_distance("1236", action[2]) == min(hex_distance("1236", h) for h in on_route)


def test_a_fleet_intercepts_only_a_mover_it_can_match() -> None:
    state = new_game()
    data = state.data
    data["asw_level"] = {"allied": 1}
    state.apply("axis", ("patrol", "uboats", "1424"))
    assert state.active_roles() == ["allied"]
    # one point of A.S.W. against two U-boats: no
    assert make_heuristic(1).act(state.view("allied"), state.legal_actions("allied")) == ("no_interception",)


def test_only_a_side_with_capital_ships_raises_its_asw_box() -> None:
    state = new_game()
    state.data["flow"][-1] = {"state": "production", "role": "soviet", "budget": 20}
    action = make_heuristic(1).act(state.view("soviet"), state.legal_actions("soviet"))
    assert action != ("build_asw_level",)
    state.data["flow"][-1] = {"state": "production", "role": "allied", "budget": 20}
    action = make_heuristic(1).act(state.view("allied"), state.legal_actions("allied"))
    assert action == ("build_asw_level",)  # the Axis has two U-boats, the box is empty


def test_the_allies_build_ss_against_the_swedish_ore_once_their_asw_box_is_enough() -> None:
    # U-Boat Attack 1: other nations' SS are U-boats; Swedish Production 1: the ore sails
    state = new_game()
    state.data["asw_level"] = {"allied": 2}  # matches the Axis's two U-boats
    state.data["flow"][-1] = {"state": "production", "role": "allied", "budget": 20}
    action = make_heuristic(1).act(state.view("allied"), state.legal_actions("allied"))
    assert action[:3] == ("build_ship", "uboat", "allied_ss")
    ore = [
        h for rid, r in state.data["sea_routes"].items() if rid.startswith("swedish_ore") for h in r["path"]
    ]
    yards = {a[3] for a in state.legal_actions("allied") if a[:2] == ("build_ship", "uboat")}
    assert len(yards) > 1  # a choice was made: the yard nearest the ore
    assert min(hex_distance(action[3], h) for h in ore) == min(hex_distance(y, h) for y in yards for h in ore)


def test_no_ss_are_built_once_two_points_are_at_sea_or_no_ore_sails() -> None:
    state = new_game()
    state.data["asw_level"] = {"allied": 2}
    state.data["fleets"]["allied_ss"].update(at="1131", sp=2, ships={"uboat": 2})
    state.data["flow"][-1] = {"state": "production", "role": "allied", "budget": 20}
    assert make_heuristic(1).act(state.view("allied"), state.legal_actions("allied"))[:2] != (
        "build_ship",
        "uboat",
    )
    state = new_game()
    state.data["asw_level"] = {"allied": 2}
    for rid in [r for r in state.data["sea_routes"] if r.startswith("swedish_ore")]:
        del state.data["sea_routes"][rid]
    state.data["flow"][-1] = {"state": "production", "role": "allied", "budget": 20}
    assert make_heuristic(1).act(state.view("allied"), state.legal_actions("allied"))[:2] != (
        "build_ship",
        "uboat",
    )
