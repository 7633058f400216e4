"""Naval base attacks by carriers through the naval movement phase's steps (port_attacks.py):
what they hit in port (K9.5, K16.1, N2.5: surface fleets and U-boats), the striking
fleet's leader marker and the leader rolls of the fleets hit (O1.7, O1.10), in
campaign_3 and in campaign_2 with only the naval rules on. Dice forced."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState

KIEL = "1236"
SETUPS = [("campaign_3", {}), ("campaign_2", {"naval_action": True, "leaders": True})]


def allied_naval_movement(scenario: str, options: dict[str, bool]) -> HgwState:
    """The Allies' naval movement; the Home Fleet (Scapa Flow) holds three carriers, the
    Kriegsmarine (one capital ship) and the U-boat Arm (two) lie in Kiel."""
    state = RULESET.new_game(scenario, dict(options), seed=1)
    assert isinstance(state, HgwState)
    state.apply("allied", ("no_interception",))
    data = state.data
    data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()
    data["fleets"]["raiders"].update(at=None, sp=0)
    data["fleets"]["raiders"].pop("patrol", None)
    data["fleets"]["home"].update(sp=8, ships={"capital": 5, "carrier": 3})
    return state


def strike(state: HgwState, dice: list[int]) -> None:
    """The Home Fleet sails on Kiel; the Axis lets it through; `dice` from the first
    refusal on (the Axis searches, then the strike)."""
    data = state.data
    state.apply("allied", ("port_attack", "home", KIEL))
    first = True
    while data["flow"][-1]["state"] != "naval_movement":
        if first:
            state.rng.force(dice)
            first = False
        state.apply(data["flow"][-1]["role"], ("no_interception",))


def lines(state: HgwState) -> list[str]:
    return [str(entry[0]) for entry in state.data["log"]]


@pytest.mark.rules("K16.1", "K9.5", "N2.5", "N8.1")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_a_carrier_strike_sinks_the_ships_then_the_u_boats_in_port(
    scenario: str, options: dict[str, bool]
) -> None:
    state = allied_naval_movement(scenario, options)
    data = state.data
    # the Axis's three searches (2, 4: missed; 1: spotted, it lets the fleet go), Kiel's
    # coastal air (6 points at 1: two down), the Kriegsmarine's flak (6: none), the
    # strike of 9 - 2 = 7 at 1: three hits, the Kriegsmarine's capital ship, then both U-boats
    strike(state, [2, 4, 1, 1, 6, 1, 6, 6])
    log = lines(state)
    assert (
        "Home Fleet's carriers strike the naval base of 1236 at 9 (tripled; 6 coastal air points there): "
        "2 shot down, 3 hits"
    ) in log
    assert "Kriegsmarine loses 1 point in port" in log
    assert "U-boat Arm loses 2 points in port" in log
    assert data["fleets"]["uboats"]["sp"] == 0 and data["fleets"]["uboats"]["at"] is None
    assert data["fleets"]["home"]["ships"] == {"capital": 5, "carrier": 3}  # its strike costs it nothing


@pytest.mark.rules("O1.7", "O1.10", "O1.1")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_the_striking_fleets_marker_turns_and_the_fleet_hit_rolls_for_its_leader(
    scenario: str, options: dict[str, bool]
) -> None:
    state = allied_naval_movement(scenario, options)
    data = state.data
    data["fleets"]["kriegsmarine"].update(sp=3, ships={"capital": 3})
    data["leaders"]["fleets"] = {
        "home": {"leader": "none", "up": False},
        "kriegsmarine": {"leader": "none", "up": False},
    }
    # searches 2, 4, 1; coastal air 1 (two down); flak of 3 points at 6 (none); the
    # strike of 7 at 1 hits three: the Kriegsmarine's three capital ships, sunk, so its
    # marker goes to the pool without a die
    strike(state, [2, 4, 1, 1, 6, 1])
    log = lines(state)
    assert "Home Fleet's leader marker is revealed: no leader; it goes back to the pool" in log
    assert "Kriegsmarine leaves the map: its leader marker goes back to the pool" in log
    assert data["leaders"]["fleets"] == {}


@pytest.mark.rules("O1.10")
def test_a_fleet_in_port_that_loses_a_capital_ship_rolls_for_its_leader() -> None:
    state = allied_naval_movement("campaign_3", {})
    data = state.data
    data["fleets"]["home"].update(sp=6, ships={"capital": 5, "carrier": 1})
    data["fleets"]["kriegsmarine"].update(sp=3, ships={"capital": 3})
    data["leaders"]["fleets"] = {"kriegsmarine": {"leader": "none", "up": False}}
    # searches; coastal air 6 (none down); flak 6 (none); the strike of 3 at 1: one hit;
    # the Kriegsmarine's leader die, a six: its marker back to the pool, unseen
    strike(state, [2, 4, 1, 6, 6, 1, 6])
    log = lines(state)
    assert "Kriegsmarine loses 1 point in port" in log
    assert "axis rolls 6 (loss of Kriegsmarine's leader)" in log
    assert "Kriegsmarine loses its leader marker: back to the pool" in log
    assert data["fleets"]["kriegsmarine"]["sp"] == 2
