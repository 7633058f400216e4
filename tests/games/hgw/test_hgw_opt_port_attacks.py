"""Naval Action's naval base attacks by carriers (optional rule `naval_action`; N8.5
Aircraft Carriers 5) and four hits in a game turn reducing a base to a port (N11.3
Major Naval Ports 3): port_attacks.py, a naval movement mission. Dice forced where the
numbers are checked."""

from __future__ import annotations

import pytest
from cg2kit import NAVAL_SETUPS, naval_movement

from grognard.games.hgw import RULESET, HgwState, ports
from grognard.games.hgw.port_attacks import attack, hits_this_turn

KIEL = "1236"
SETUPS = NAVAL_SETUPS
allied_naval_movement = naval_movement  # only the Kriegsmarine in Kiel


@pytest.mark.rules("N8.5")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_a_carrier_fleet_may_attack_an_enemy_naval_base_in_reach(
    scenario: str, options: dict[str, bool]
) -> None:
    state = allied_naval_movement(scenario, options)
    attacks = {a for a in state.legal_actions("allied") if a[0] == "port_attack"}
    assert attacks == {("port_attack", "home", KIEL)}  # the Home Fleet, 5 sea hexes from Kiel
    why = state.why_illegal("allied", ("port_attack", "mediterranean", KIEL))
    assert "no sea route reaches 1236 from 2243 within 12 hexes" in str(why)
    why = state.why_illegal("allied", ("port_attack", "home", "1938"))
    assert "not held by a side allied is at war with" in str(why)
    bare = allied_naval_movement(scenario, options)
    bare.data["fleets"]["home"]["ships"].update(carrier=0, capital=6)
    assert "holds no carrier points" in str(bare.why_illegal("allied", ("port_attack", "home", KIEL)))


def test_without_naval_action_no_port_attack_is_offered() -> None:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    state.data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()
    assert not any(a[0] == "port_attack" for a in state.legal_actions("allied"))
    assert "Naval Action rule only" in str(state.why_illegal("allied", ("port_attack", "home", KIEL)))


@pytest.mark.rules("N8.5")
def test_the_attack_sails_may_be_intercepted_then_strikes_the_base() -> None:
    state = allied_naval_movement()
    data = state.data
    before = data["fleets"]["home"]["at"]
    state.apply("allied", ("port_attack", "home", KIEL))
    assert data["fleet_status"]["home"] == "port_attack"
    while data["flow"][-1]["state"] != "naval_movement":  # the Axis lets it through
        role = data["flow"][-1]["role"]
        state.apply(role, ("no_interception",))
    log = state.log_for(None)
    assert "Home Fleet sails from 0932 to attack the naval base of 1236 with its carriers" in log
    assert any(line.startswith("Home Fleet's carriers strike the naval base of 1236 at 3") for line in log)
    assert data["fleets"]["home"]["at"] == before  # back in its own base, its mission spent
    assert not any(a[0] == "port_attack" for a in state.legal_actions("allied"))


@pytest.mark.rules("N8.5")
def test_coastal_air_and_flak_thin_the_tripled_strike_which_sinks_ships_in_port() -> None:
    state = allied_naval_movement()
    data = state.data
    # the strike of 3: Kiel's coastal air (6) rolls 6, one down; the Kriegsmarine's flak
    # (1 point) rolls 6, none; the 2 left roll a 1: one hit, the Kriegsmarine's capital ship
    state.rng.force([6, 6, 1])
    assert attack(state, "home", KIEL) == 1
    assert data["fleets"]["kriegsmarine"]["at"] is None
    assert data["fleets"]["uboats"]["sp"] == 2  # one hit: the surface fleet takes it before the U-boats
    log = state.log_for(None)
    assert (
        "Home Fleet's carriers strike the naval base of 1236 at 3 (tripled; 6 coastal air points there): "
        "1 shot down, 1 hit"
    ) in log
    assert hits_this_turn(data, KIEL) == 1 and ports.is_naval_base(data, KIEL)


@pytest.mark.rules("N11.3")
def test_four_hits_in_one_game_turn_reduce_a_naval_base_to_a_port() -> None:
    state = allied_naval_movement()
    data = state.data
    data["base_hits"] = {KIEL: {"turn": data["turn"] - 1, "hits": 3}}  # last turn's do not count
    state.rng.force([6, 6, 1])
    attack(state, "home", KIEL)
    assert hits_this_turn(data, KIEL) == 1 and ports.is_naval_base(data, KIEL)
    data["base_hits"] = {KIEL: {"turn": data["turn"], "hits": 3}}
    state.rng.force([6, 1])  # the coastal air one down, no flak left in port, the 2 hit once
    attack(state, "home", KIEL)
    assert hits_this_turn(data, KIEL) == 4
    assert ports.harbour(data, KIEL) == "port" and not ports.is_naval_base(data, KIEL)
    assert "4 hits this turn reduce the naval base of 1236 to a port (N11.3)" in state.log_for(None)
    assert state.view("axis")["board"]["base_hits"][KIEL]["hits"] == 4  # the record is open to every seat
