"""Naval Action's search on the board (N5): a moving enemy fleet must be spotted before it
is intercepted; who searches; sides at peace never do. Campaign Game II with the rule
alone, so that no other optional rule draws on the dice."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.naval_search import search_move, spotters


def new_game() -> HgwState:
    state = RULESET.new_game("campaign_2", {"naval_action": True}, seed=1)
    assert isinstance(state, HgwState)
    while state.data["flow"][-1]["state"] == "naval_intercept":  # the raider's return,
        state.apply(state.active_roles()[0], ("no_interception",))  # searched on (N5.4)
    return state


def sail_the_kriegsmarine(state: HgwState, rolls: list[int]) -> None:
    """The Kriegsmarine (one capital ship: a plain port's room) sails from Kiel up the
    Norwegian coast to Narvik, taken by the Axis; the Allies search it hex by hex with
    `rolls` (their spotters: the Home Fleet's base, Scapa Flow, and coastal armies)."""
    data = state.data
    data["owner"]["0438"] = "axis"
    data["fleets"]["kriegsmarine"].update(at="1236", sp=1, ships={"capital": 1})
    state.rng.force(rolls)
    state.apply("axis", ("change_base", "kriegsmarine", "0438"))


@pytest.mark.rules("N5.1", "N5.3")
def test_an_unspotted_fleet_cannot_be_intercepted() -> None:
    state = new_game()
    sail_the_kriegsmarine(state, [6] * 40)
    assert state.data["flow"][-1]["state"] == "naval_movement"  # never offered
    log = state.log_for(None)
    assert "allied does not spot Kriegsmarine: it cannot be intercepted (N5.1)" in log
    searches = [line for line in log if line.startswith("allied searches Kriegsmarine")]
    assert len(searches) > 3 and all("not spotted" in line for line in searches)


@pytest.mark.rules("N5.1", "N5.2", "N5.3")
def test_a_spotted_fleet_may_be_intercepted_one_search_a_hex() -> None:
    state = new_game()
    sail_the_kriegsmarine(state, [1] * 40)
    top = state.data["flow"][-1]
    assert top["state"] == "naval_intercept" and top["mover"] == "kriegsmarine"
    searches = [line for line in state.log_for(None) if line.startswith("allied searches Kriegsmarine")]
    assert len(searches) == 1 and "spotted (needs" in searches[0]  # the first spotting is enough
    assert ("intercept", "home") in state.legal_actions("allied")


@pytest.mark.rules("N5.5")
def test_who_searches_coastal_armies_naval_bases_and_fleets_at_sea() -> None:
    data = new_game().data
    found = dict(spotters(data, "allied"))
    assert found["0932"] == "army_based_air"  # Scapa Flow holds the Home Fleet
    assert found["1333"] == "army_based_air"  # London: a coastal hex with an army
    data["fleets"]["home"]["patrol"] = "1124"
    found = dict(spotters(data, "allied"))
    assert found["1124"] == "fleet"  # at sea it searches its own hex
    data["fleets"]["atlantic"].update(at="1131", sp=1, ships={"capital": 1})
    assert dict(spotters(data, "allied"))["1131"] == "army_based_air"  # in port: its base's line


@pytest.mark.rules("N5.6")
def test_sides_at_peace_never_search() -> None:
    state = new_game()
    before = len(state.log_for(None))
    assert not search_move(state, "soviet", "kriegsmarine", ["1236", "1136", "1037"])
    assert len(state.log_for(None)) == before  # no roll, no search


@pytest.mark.rules("N3.1", "N3.2")
def test_the_heuristic_sends_a_fleet_that_outguns_the_enemy_to_patrol_his_route() -> None:
    state = new_game()
    data = state.data
    data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()
    action = make_heuristic(1).act(state.view("allied"), state.legal_actions("allied"))
    # the Home Fleet's five points outgun the Kriegsmarine's one: it patrols the ore route
    assert action[:2] == ("patrol", "home")
    assert action[2] in data["sea_routes"]["swedish_ore_narvik"]["path"]
    state.apply("allied", action)
    assert data["fleets"]["home"]["patrol"] == action[2]  # at sea until its next movement
    while data["flow"][-1]["state"] == "naval_intercept":  # the Axis lets it go
        state.apply(data["flow"][-1]["role"], ("no_interception",))
    # a stronger enemy fleet near the route keeps a weaker one home
    data["fleets"]["kriegsmarine"].update(sp=9, ships={"capital": 9})
    later = make_heuristic(1).act(state.view("allied"), state.legal_actions("allied"))
    assert later[0] != "patrol"


@pytest.mark.rules("N4.3", "N3.3", "N4.2")
def test_a_winning_interceptor_goes_on_intercepting_each_mover_on_its_own() -> None:
    state = new_game()
    data = state.data
    data["owner"]["1532"] = "axis"
    data["fleets"]["force_raid"].update(at=None, sp=0)
    for fleet in ("kriegsmarine", "raiders"):
        data["fleets"][fleet].update(at="1236", sp=1, ships={"capital": 1})
    state.rng.force([1] * 60)  # every search spots, every interception roll succeeds
    state.apply("axis", ("change_base", "kriegsmarine", "1532"))
    assert data["flow"][-1]["mover"] == "kriegsmarine"
    state.apply("allied", ("intercept", "home"))
    assert data["fleets"]["home"]["sp"] > 0 and data["fleet_status"].get("home") != "expended"
    assert data["fleets"]["kriegsmarine"]["sp"] == 0  # sunk by the Home Fleet's ten points of fire
    while data["flow"][-1]["state"] == "naval_intercept":
        state.apply(data["flow"][-1]["role"], ("no_interception",))
    state.rng.force([1] * 60)
    state.apply("axis", ("change_base", "raiders", "1532"))
    assert ("intercept", "home") in state.legal_actions("allied")  # the winner again


@pytest.mark.rules("N5.3", "N5.4")
def test_a_spotted_fleet_let_go_is_searched_on_and_earlier_spottings_help() -> None:
    """N5.3-N5.4: the Kriegsmarine, spotted in Kiel (1236) as it sails for Narvik, may be
    intercepted there; the Allies let it go on and search it again hex by hex: the spotting
    in Kiel takes one off the roll in 1135 next to it (the 1035 search beyond has none),
    and with 6s it is not spotted again. With a 1 in 1135 it is spotted again, and the
    interceptions open anew from that hex."""
    for second in (6, 1):
        state = new_game()
        sail_the_kriegsmarine(state, [1, second] + [6] * 40)
        top = state.data["flow"][-1]
        assert top["state"] == "naval_intercept" and top["path"] == ["1236"]  # from the spotted hex
        assert ("intercept", "home") in state.legal_actions("allied")
        state.apply("allied", ("no_interception",))
        log = state.log_for(None)
        again = next(line for line in log if line.startswith("allied searches Kriegsmarine in 1135"))
        assert f"a {second}, -1 in modifiers" in again  # the earlier spotting next to it
        if second == 6:
            beyond = next(line for line in log if line.startswith("allied searches Kriegsmarine in 1035"))
            assert "+0 in modifiers" in beyond
            assert "allied does not spot Kriegsmarine again where it could intercept it (N5.4)" in log
            assert state.data["flow"][-1]["state"] == "naval_movement"
            assert state.data["fleets"]["kriegsmarine"]["at"] == "0438"
        else:
            top = state.data["flow"][-1]
            assert top["state"] == "naval_intercept" and top["path"] == ["1135"]
            assert ("intercept", "home") in state.legal_actions("allied")
