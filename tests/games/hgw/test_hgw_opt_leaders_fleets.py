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


def at_sea(state: HgwState) -> None:
    """The Home Fleet of three A.S.W. ship points (no capital ship: any loss brings the
    leader die) and the U-boat Arm of two points, a face-down marker on the Home Fleet."""
    fleets = state.data["fleets"]
    fleets["home"].update(at=HOME, sp=3, ships={"asw": 3})
    fleets["uboats"].update(at="1236", sp=2, ships={"uboat": 2})
    state.data["leaders"]["fleets"] = {"home": {"leader": "halsey", "up": False}}


@pytest.mark.rules("O1.7", "O1.1", "O1.10")
def test_a_fleet_attacking_u_boats_turns_its_marker_and_fires_with_its_leader() -> None:
    from grognard.games.hgw.sea_war import fight

    state = game()
    at_sea(state)
    # the A.S.W. fire rolls 4: 3 points at 4 sink none, at 3 (the leader's -1) one
    state.rng.force([4, 1, 6])  # A.S.W. fire, the U-boats' fire (one hit), the leader die
    fight(state, "home", "uboats")
    log = lines(state)
    assert "Home Fleet's leader marker is revealed: Halsey" in log
    battle = "A.S.W. battle: Home Fleet (3 points of A.S.W., -1 leader) sinks 1 point of U-boats"
    assert any(line.startswith(battle) for line in log)
    assert state.data["fleets"]["uboats"]["sp"] == 1
    # the Home Fleet lost an A.S.W. point: its die, a six, sends Halsey back to the pool
    assert "allied rolls 6 (loss of Home Fleet's leader)" in log
    assert "Home Fleet loses Halsey: back to the pool" in log
    assert "halsey" in state.data["leaders"]["pools"]["allied"]["naval"]


@pytest.mark.rules("O1.7", "O1.10")
def test_an_escort_attacked_by_u_boats_keeps_its_marker_face_down_and_rolls_for_it() -> None:
    from grognard.games.hgw.sea_war import fight

    state = game()
    at_sea(state)
    state.rng.force([6, 1, 6])  # the escort's fire (no hit), the U-boats' (one), the die
    fight(state, "uboats", "home")  # the U-boats attack: the escort defends
    log = lines(state)
    assert not any("leader marker is revealed" in line for line in log)
    assert "allied rolls 6 (loss of Home Fleet's leader)" in log
    assert "Home Fleet loses its leader marker: back to the pool" in log  # unseen
    assert state.data["leaders"]["fleets"] == {}


@pytest.mark.rules("O1.10")
def test_a_support_fleet_hit_by_coastal_air_rolls_for_its_leader() -> None:
    from grognard.games.hgw.naval import air_attack

    state = game()
    state.data["fleets"]["atlantic"]["at"] = None
    place = next(h for h, side in state.data["owner"].items() if side == "axis")
    state.rng.force([1, 6])  # the coastal air's fire (4 points at 1: two hits), the die
    air_attack(state, place, 4, 0, None, "home")
    log = lines(state)
    assert state.data["fleets"]["home"]["sp"] == 6
    assert "allied rolls 6 (loss of Home Fleet's leader)" in log
    assert "Home Fleet loses Halsey: back to the pool" in log


@pytest.mark.rules("O1.10")
def test_a_support_fleet_intercepted_on_its_way_rolls_for_its_leader() -> None:
    from grognard.games.hgw.naval import naval_battle

    state = game()
    fleets = state.data["fleets"]
    fleets["kriegsmarine"].update(at="1236", sp=8, ships={"capital": 8})
    state.data["armies"]["brit"]["at"] = "1333"
    frame = {"army": "brit", "fleet": "home", "escorts": [], "role": "axis", "target": "1436"}
    state.rng.force([1, 6, 6])  # the Kriegsmarine's fire (16 at 1: four hits), the answer, the die
    naval_battle(state, frame, "kriegsmarine")
    log = lines(state)
    assert fleets["home"]["sp"] == 4
    assert "allied rolls 6 (loss of Home Fleet's leader)" in log
    assert "Home Fleet loses Halsey: back to the pool" in log
    # defending against the interceptor is no attack: nothing turned for the Home Fleet
    assert not any("Home Fleet's leader marker is revealed" in line for line in log)


def interception(leader: str, *, up: bool) -> HgwState:
    """The U-boat Arm sails past the Home Fleet (two capital ship and two A.S.W. points),
    which has `leader`'s marker; the Allies are asked to intercept."""
    state = game()
    fleets = state.data["fleets"]
    fleets["home"].update(sp=4, ships={"capital": 2, "asw": 2})
    fleets["atlantic"]["at"] = None
    fleets["uboats"].update(at="1236", sp=2, ships={"uboat": 2})
    state.data["leaders"]["fleets"] = {"home": {"leader": leader, "up": up}}
    state.data["player"] = "axis"
    state.data["flow"][-1] = {"state": "naval_movement", "role": "axis"}
    state.advance()
    state.apply("axis", ("patrol", "uboats", "0336"))
    assert state.view("allied")["board"]["step"] == "naval_intercept"
    return state


@pytest.mark.rules("O1.1")
def test_the_interception_odds_count_the_interceptors_revealed_leader_only() -> None:
    from grognard.games.hgw.odds import battle_at, odds

    action = ("intercept", "home")
    plain = odds({"naval": True, "attacker": {"asw": 2}, "defender": {"uboat": 2}})
    led = odds({"naval": True, "attacker": {"asw": 2}, "defender": {"uboat": 2}, "leader": True})
    assert led.attacker_wins > plain.attacker_wins
    battle = battle_at(interception("halsey", up=True), "allied", "0336", action)
    assert battle is not None and battle["leader"] is True
    # a face-down marker gives the same odds whatever it is (nobody knows it)
    hidden = [battle_at(interception(lid, up=False), "allied", "0336", action) for lid in ("halsey", "none")]
    assert hidden[0] == hidden[1] and hidden[0] is not None and "leader" not in hidden[0]
    assert odds(battle).attacker_wins > odds(hidden[0]).attacker_wins


def test_the_heuristic_sends_its_admiral_to_the_strongest_fleet_of_his_port() -> None:
    from grognard.agents import make_agent

    state = game()
    state.data["leaders"]["fleets"] = {"atlantic": {"leader": "halsey", "up": True}}
    agent = make_agent("heuristic", "hgw", 2)
    choice = agent.act(state.view("allied"), state.legal_actions("allied"))
    assert choice == ("move_naval_leader", "atlantic", "home")  # four points to eight
    state.apply("allied", choice)
    assert agent.act(state.view("allied"), state.legal_actions("allied"))[0] != "move_naval_leader"
