"""Optional rule Leaders for fleets (O1.7, O1.9, O1.10; leaders.py, leader_phase.py): a
revealed naval leader moving between fleets in the naval movement phase, and the leader's
reveal and loss roll in the fights the naval rules added (an invasion's escorts, U-boat
fights, carrier strikes, coastal air), in a campaign_2 game with only the option on."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState

HOME = "1131"  # Scapa Flow


def game() -> HgwState:
    """campaign_2 with Leaders, the Allies' naval movement, two British fleets in one port,
    Halsey revealed on the Home Fleet (as if the United States were in the war)."""
    state = RULESET.new_game("campaign_2", {"leaders": True}, seed=1)
    assert isinstance(state, HgwState)
    fleets = state.data["fleets"]
    fleets["home"].update(at=HOME, sp=8, ships={"capital": 8})
    fleets["atlantic"].update(at=HOME, sp=4, ships={"capital": 4})
    state.data["leaders"]["fleets"]["home"] = {"leader": "halsey", "up": True}
    state.data["player"] = "allied"
    state.data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()
    return state


def lines(state: HgwState) -> list[str]:
    return [str(entry[0]) for entry in state.data["log"]]


@pytest.mark.rules("O1.9")
def test_a_revealed_naval_leader_moves_to_another_fleet_in_his_port() -> None:
    state = game()
    move = ("move_naval_leader", "home", "atlantic")
    assert move in state.legal_actions("allied")
    state.apply("allied", move)
    assert state.data["leaders"]["fleets"] == {"atlantic": {"leader": "halsey", "up": True}}
    assert "Halsey goes from Home Fleet to Atlantic Fleet" in lines(state)
    # once a phase: he does not go back
    assert ("move_naval_leader", "atlantic", "home") not in state.legal_actions("allied")
    why = state.why_illegal("allied", ("move_naval_leader", "atlantic", "home"))
    assert why is not None and "once a phase" in why


@pytest.mark.rules("O1.9")
def test_a_naval_leader_never_goes_alone_to_another_port_nor_to_a_face_down_marker() -> None:
    state = game()
    state.data["fleets"]["atlantic"]["at"] = "0932"
    state._after_change(None, None)
    assert not [a for a in state.legal_actions("allied") if a[0] == "move_naval_leader"]
    why = state.why_illegal("allied", ("move_naval_leader", "home", "atlantic"))
    assert why is not None and "same port" in why
    state.data["fleets"]["atlantic"]["at"] = HOME
    state.data["leaders"]["pools"]["allied"]["naval"].remove("none")
    state.data["leaders"]["fleets"]["atlantic"] = {"leader": "none", "up": False}
    state._after_change(None, None)
    why = state.why_illegal("allied", ("move_naval_leader", "home", "atlantic"))
    assert why is not None and "without a leader marker" in why
    # a face-down marker never moves: nobody knows it is a leader
    assert not [a for a in state.legal_actions("allied") if a[0] == "move_naval_leader"]


def test_a_naval_leader_moves_only_in_the_naval_movement_phase() -> None:
    state = game()
    state.data["flow"][-1] = {"state": "movement", "role": "allied"}
    state._after_change(None, None)
    assert not [a for a in state.legal_actions("allied") if a[0] == "move_naval_leader"]
    why = state.why_illegal("allied", ("move_naval_leader", "home", "atlantic"))
    assert why is not None and "naval movement phase" in why


@pytest.mark.rules("O1.8")
def test_a_naval_leader_commands_only_fleets_of_his_nation_under_naval_action() -> None:
    from grognard.games.hgw import leaders

    state = RULESET.new_game("campaign_3", {}, seed=1)
    assert state.data["fleets"]["home"]["nation"] == "britain"
    # Halsey is American: no British fleet is his (Leaders 8), the U.S. has no fleet here
    assert not leaders.may_command(state.data, "halsey", leaders.NAVAL, "home")
    assert leaders.may_command(game().data, "halsey", leaders.NAVAL, "home")  # no nations
