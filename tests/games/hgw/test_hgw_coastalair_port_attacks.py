"""Naval base attacks by carriers through the naval movement phase's steps (port_attacks.py):
what they hit in port (K9.5, K16.1, N2.5: surface fleets and U-boats), the striking
fleet's leader marker and the leader rolls of the fleets hit (O1.7, O1.10), in
campaign_3 and in campaign_2 with only the naval rules on. Dice forced."""

from __future__ import annotations

import pytest
from cg2kit import naval_movement

from grognard.games.hgw import HgwState

KIEL = "1236"
SETUPS = [("campaign_3", {}), ("campaign_2", {"naval_action": True, "leaders": True})]


def allied_naval_movement(scenario: str, options: dict[str, bool]) -> HgwState:
    """The Allies' naval movement; the Home Fleet (Scapa Flow) holds three carriers, the
    Kriegsmarine (one capital ship) and the U-boat Arm (two) lie in Kiel."""
    state = naval_movement(scenario, options)
    data = state.data
    data["fleets"]["home"].update(sp=8, ships={"capital": 5, "carrier": 3})
    return state


def strike(
    state: HgwState, dice: list[int], verb: str = "port_attack", target: str = KIEL, later: int = 3
) -> None:
    """The Home Fleet sails on Kiel (or strikes `target`'s morale); the Axis searches it
    on its way (the first `dice`: three searches, spotted at the third) and lets it
    through; searched on (N5.4) in the `later` hexes left with 6s, the earlier spotting
    helping (a 6 in Kiel's own hex still spots it, and it is let go again); then the
    strike."""
    data = state.data
    state.rng.force([*dice[:3], *[6] * later, *dice[3:]])
    state.apply("allied", (verb, "home", target))
    while data["flow"][-1]["state"] != "naval_movement":
        state.apply(data["flow"][-1]["role"], ("no_interception",))
    spotted = "axis searches Home Fleet in 0934 (army based air, 3 hexes): a 1, -1 in modifiers, spotted"
    assert any(line.startswith(spotted) for line in lines(state))


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


@pytest.mark.rules("K24.5")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_carriers_strike_germanys_morale_on_its_coast_half_the_hits_rounded_down(
    scenario: str, options: dict[str, bool]
) -> None:
    state = allied_naval_movement(scenario, options)
    data = state.data
    strikes = {a[2] for a in state.legal_actions("allied") if a[0] == "morale_strike" and a[1] == "home"}
    assert strikes == {"1236", "1237", "1238", "1239"}  # Germany's coast
    why = state.why_illegal("allied", ("morale_strike", "force_raid", "1237"))
    assert "Force de Raid holds no carrier points" in str(why)
    why = state.why_illegal("allied", ("morale_strike", "home", "1333"))
    assert "1333 is no coastal hex of an enemy country with a morale" in str(why)
    # searches 2, 4, 1; Berlin's coast has no coastal air and no ships: the strike of 9
    # rolls 1 on the Firepower Table: four hits, two (halved) off the morale
    strike(state, [2, 4, 1, 1], "morale_strike", "1237", later=4)
    log = lines(state)
    assert "Home Fleet sails from 0932 to strike the morale of germany at 1237" in log
    assert (
        "Home Fleet's carriers strike the morale of germany at 1237 with 9 (0 coastal air points there): "
        "0 shot down, 4 on the Firepower Table: 2 off its morale (halved, K24.5)"
    ) in log
    assert data["morale"]["germany"] == -2 and data["morale"]["britain"] == 2
    assert data["fleet_status"]["home"] == "port_attack"  # its mission spent
    assert not any(
        a[0] in ("morale_strike", "port_attack") and a[1] == "home" for a in state.legal_actions("allied")
    )


@pytest.mark.rules("O1.7", "O1.10", "N8.3")
def test_a_carrier_strike_in_a_fleet_battle_turns_the_strikers_marker_and_the_fleet_hit_rolls() -> None:
    from grognard.games.hgw.sea_war import fight

    state = allied_naval_movement("campaign_3", {})
    fleets = state.data["fleets"]
    fleets["home"].update(at="1131", sp=4, ships={"capital": 2, "carrier": 2})
    fleets["kriegsmarine"].update(at=KIEL, sp=4, ships={"capital": 4})
    state.data["leaders"]["fleets"] = {
        "home": {"leader": "none", "up": False},
        "kriegsmarine": {"leader": "none", "up": False},
    }
    # the Kriegsmarine's flak (6: none), the strike of 6 (1: two hits), the guns (6, 6),
    # the Kriegsmarine's leader die (6)
    state.rng.force([6, 1, 6, 6, 6])
    fight(state, "home", "kriegsmarine")
    log = lines(state)
    assert "Home Fleet's leader marker is revealed: no leader; it goes back to the pool" in log
    assert "Home Fleet's carriers strike Kriegsmarine at 6 (tripled): 0 shot down, 2 points hit" in log
    assert "axis rolls 6 (loss of Kriegsmarine's leader)" in log
    assert "Kriegsmarine loses its leader marker: back to the pool" in log
    assert state.data["leaders"]["fleets"] == {}
