"""Naval Action's naval base attacks by coastal air strength points (N9.4), their losses
recorded in the hexes and lifted with the garrisons (N9.5), their hits on the base
(N11.3) and the leader markers of the armies holding them (O1.7): coastal_strike.py, a
mission of the naval movement phase, in campaign_3 and in campaign_2 with only the naval
rules on. Dice forced."""

from __future__ import annotations

import pytest
from cg2kit import NAVAL_SETUPS, naval_movement

from grognard.games.hgw import RULESET, HgwState, ports
from grognard.games.hgw.port_attacks import hits_this_turn

KIEL = "1236"
BRIT = "1333"  # the British Army, three hexes from Kiel
SETUPS = NAVAL_SETUPS


def allied_naval_movement(scenario: str = "campaign_3", options: dict[str, bool] | None = None) -> HgwState:
    """The Allies' naval movement; the British Army holds twelve coastal air points, the
    Allies' tac air is at level 3 (coastal air range 1, extended range 3)."""
    state = naval_movement(scenario, options)  # only the Kriegsmarine and U-boats in Kiel
    data = state.data
    data["coastal_air"] = {"brit": 12}
    data["research"]["allied"]["items"]["tac_air"]["level"] = 3
    return state


def lines(state: HgwState) -> list[str]:
    return [str(entry[0]) for entry in state.data["log"]]


@pytest.mark.rules("N9.4", "N9.2", "N2.2")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_coastal_air_may_attack_an_enemy_naval_base_within_its_tech_range(
    scenario: str, options: dict[str, bool]
) -> None:
    state = allied_naval_movement(scenario, options)
    strikes = {a for a in state.legal_actions("allied") if a[0] == "coastal_strike"}
    assert strikes == {("coastal_strike", BRIT, KIEL, aim) for aim in ("ships", "air", "morale")}
    state = allied_naval_movement(scenario, options)
    state.data["research"]["allied"]["items"]["tac_air"]["level"] = 0  # range 0, extended 2
    assert not any(a[0] == "coastal_strike" for a in state.legal_actions("allied"))
    why = state.why_illegal("allied", ("coastal_strike", BRIT, KIEL, "ships"))
    assert "1236 is 3 hexes from 1333: beyond coastal air's reach at tac air level 0" in str(why)
    why = state.why_illegal("allied", ("coastal_strike", "0932", KIEL, "ships"))
    assert "allied has no coastal air strength points in 0932" in str(why)
    why = state.why_illegal("allied", ("coastal_strike", BRIT, KIEL, "bombs"))
    assert "aims at the ships in port, the base's coastal air or a country's morale" in str(why)


def test_without_naval_action_coastal_air_attacks_nothing() -> None:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    state.data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()
    assert not any(a[0] == "coastal_strike" for a in state.legal_actions("allied"))
    why = state.why_illegal("allied", ("coastal_strike", BRIT, KIEL, "ships"))
    assert "Naval Action rule only" in str(why)


@pytest.mark.rules("N9.4", "N9.5", "N11.3", "N2.5", "K9.5")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_a_spotted_raid_fights_the_bases_coastal_air_then_strikes_the_ships(
    scenario: str, options: dict[str, bool]
) -> None:
    state = allied_naval_movement(scenario, options)
    data = state.data
    # twelve points three hexes away: six fly (half, extended range). Kiel spots them
    # (1); the air battle: the raid's 6 at 1 down two of Kiel's 6, Kiel's 6 at 6 one of
    # the raid's; the Kriegsmarine's flak (6) none; the 5 left at 1: two hits, the
    # Kriegsmarine's capital ship and a U-boat
    state.rng.force([1, 1, 6, 6, 1])
    state.apply("allied", ("coastal_strike", BRIT, KIEL, "ships"))
    log = lines(state)
    assert (
        "6 coastal air points of 1333 (half strength, extended range) attack the naval base of 1236 "
        "(6 coastal air points there)"
    ) in log
    assert (
        "axis searches the coastal air attacking 1236 (army based air, 0 hexes): a 1, +0 in modifiers, "
        "spotted (needs 4 or less)" in log
    )
    assert "air battle over 1236: 1333 loses 1 coastal air point, 1236 loses 2 coastal air points" in log
    assert "5 coastal air points of 1333 attack the ships in port at 1236: 0 shot down first, 2 hits" in log
    assert data["fleets"]["kriegsmarine"]["at"] is None and data["fleets"]["uboats"]["sp"] == 1
    assert data["coastal_air_lost"] == {KIEL: 2, BRIT: 1}  # N9.5, open to every seat:
    assert state.view("axis")["board"]["coastal_air_lost"] == {KIEL: 2, BRIT: 1}
    assert hits_this_turn(data, KIEL) == 2 and ports.is_naval_base(data, KIEL)
    # the hex flies once a phase; Kiel's coastal air lacks its losses this player turn
    why = state.why_illegal("allied", ("coastal_strike", BRIT, KIEL, "ships"))
    assert "the coastal air of 1333 has attacked already this phase" in str(why)
    from grognard.games.hgw.naval import air_at

    assert air_at(data, KIEL, "allied") == 4


@pytest.mark.rules("N9.4", "N9.5")
def test_an_unspotted_raid_may_aim_at_the_coastal_air_which_answers_after() -> None:
    state = allied_naval_movement()
    data = state.data
    # not spotted (6); flak 6 (none); the 6 at 1 hit twice, both on Kiel's coastal air;
    # Kiel's 4 left fire back at 3: one of the raid's points
    state.rng.force([6, 6, 1, 3])
    state.apply("allied", ("coastal_strike", BRIT, KIEL, "air"))
    log = lines(state)
    assert "6 coastal air points of 1333 attack its coastal air at 1236: 0 shot down first, 2 hits" in log
    assert "the coastal air of 1236 fires back: 1333 loses 1 coastal air point" in log
    assert data["fleets"]["kriegsmarine"]["sp"] == 1  # the ships were not aimed at
    assert data["coastal_air_lost"] == {KIEL: 2, BRIT: 1}
    assert hits_this_turn(data, KIEL) == 2  # N11.3: every hit counts toward the four


@pytest.mark.rules("N9.5")
def test_losses_of_six_or_fewer_come_back_with_the_garrisons_more_are_gone_for_good() -> None:
    state = allied_naval_movement()
    data = state.data
    data["coastal_air_lost"] = {BRIT: 9, KIEL: 4}
    data["flow"][-1] = {"state": "end_combat", "player": "allied"}
    state.advance()
    assert "coastal_air_lost" not in data
    assert data["coastal_air"] == {"brit": 9}  # three points beyond six lost for good
    log = lines(state)
    assert "British Army loses 3 coastal air points for good (N9.5)" in log
    assert "the coastal air of 1236 is back, less any points lost beyond six (N9.5)" in log


@pytest.mark.rules("O1.7")
def test_the_armies_holding_the_coastal_air_turn_their_leader_markers() -> None:
    state = allied_naval_movement()
    data = state.data
    data["leaders"]["armies"]["brit"] = {"leader": "none", "up": False}
    state.rng.force([6, 6, 6])  # not spotted, no flak hit, no hit: Kiel's air answers at 6
    state.apply("allied", ("coastal_strike", BRIT, KIEL, "ships"))
    assert "British Army's leader marker is revealed: no leader; it goes back to the pool" in lines(state)


@pytest.mark.rules("K24.5")
def test_coastal_air_strikes_germanys_morale_on_its_coast() -> None:
    state = allied_naval_movement()
    data = state.data
    # six of the twelve points fly (extended range) at Kiel's coast: its coastal air (6)
    # rolls 1 (two down), the Kriegsmarine's flak 6 (none); the 4 left roll 1 on the
    # Firepower Table: two hits, one off Germany's morale
    state.rng.force([1, 6, 1])
    state.apply("allied", ("coastal_strike", BRIT, KIEL, "morale"))
    assert (
        "6 coastal air points of 1333 strike the morale of germany at 1236 with 6 "
        "(6 coastal air points there): 2 shot down, 2 on the Firepower Table: "
        "1 off its morale (halved, K24.5)"
    ) in lines(state)
    assert data["morale"]["germany"] == -1
    assert data["coastal_air_lost"] == {BRIT: 2}  # N9.5
    assert data["fleets"]["kriegsmarine"]["sp"] == 1  # the single target: no ship is hit


@pytest.mark.rules("N9.4", "K24.5")
def test_the_heuristic_strikes_the_ships_in_port_else_the_morale() -> None:
    from grognard.games.hgw.ai import make_heuristic

    state = allied_naval_movement()
    choice = make_heuristic(1).act(state.view("allied"), state.legal_actions("allied"))
    assert choice == ("coastal_strike", BRIT, KIEL, "ships")  # the Kriegsmarine and U-boats lie in Kiel
    empty = allied_naval_movement()
    for fleet in ("kriegsmarine", "uboats"):
        empty.data["fleets"][fleet].update(at=None, sp=0)
    empty._after_change(None, None)
    choice = make_heuristic(1).act(empty.view("allied"), empty.legal_actions("allied"))
    assert choice[0] == "coastal_strike" and choice[3] == "morale"
