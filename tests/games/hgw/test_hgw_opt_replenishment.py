"""Naval Action's fleet replenishment (optional rule `naval_action`; Fleet Replenishment
1-5, N13.0-N13.5): replenishment.py, amphibious points sent to sea in the naval movement
phase, from whose hex a fleet counts its mission's range. Played through the real steps,
dice forced where the numbers are checked.

The board: the Home Fleet in Scapa Flow (0932) with three amphibious points of the British
army moved there; 0821 lies six sea-route steps out in the Atlantic, 0601 eleven more, and
the patrol hex 1414 (by the Britain-U.S. route) is out of the Home Fleet's own twelve."""

from __future__ import annotations

import pytest
from cg2kit import NAVAL_SETUPS, naval_movement

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.naval_phase import sailing_path
from grognard.games.hgw.replenishment import lead

SCAPA, OUT, FAR, PATROL = "0932", "0821", "0601", "1414"
SETUPS = NAVAL_SETUPS


def allied_naval_movement(scenario: str = "campaign_3", options: dict[str, bool] | None = None) -> HgwState:
    state = naval_movement(scenario, options)  # no Axis fleet at sea
    brit = state.data["armies"]["brit"]
    brit["at"] = SCAPA
    brit["sp"]["amphibious"] = 3
    return state


def sail(state: HgwState, hex_: str) -> None:
    """One point out; Kiel's army-based air searches it in Scapa and misses (a 6)."""
    state.rng.force([6])
    state.apply("allied", ("replenish", "home", hex_))
    assert state.data["flow"][-1]["state"] == "naval_movement"


def end_combat(state: HgwState, side: str) -> None:
    """Step 5 of the player turn (turn.EndCombat), when missions end."""
    state.data["flow"][-1] = {"state": "end_combat", "player": side}
    state.advance()


@pytest.mark.rules("N13.0", "N13.1")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_a_unit_at_sea_extends_the_fleets_range_from_its_hex(scenario: str, options: dict[str, bool]) -> None:
    state = allied_naval_movement(scenario, options)
    data = state.data
    assert ("replenish", "home", OUT) in state.legal_actions("allied")
    assert "within 12 movement points" in str(state.why_illegal("allied", ("patrol", "home", PATROL)))
    sail(state, OUT)
    assert data["armies"]["brit"]["sp"]["amphibious"] == 2  # the point left the army
    assert data["replenishment"]["home"]["units"] == [{"hex": OUT, "sp": 1}]
    assert (
        "allied sends an amphibious point from 0932 to 0821 to replenish Home Fleet"
        in (state.log_for(None)[-4])
    )
    assert ("patrol", "home", PATROL) in state.legal_actions("allied")  # counted from 0821
    path = sailing_path(data, "home", PATROL, 12)
    assert path[0] == SCAPA and OUT in path  # the fleet sails by the unit
    assert state.view("axis")["board"]["replenishment"]["home"]["units"] == [{"hex": OUT, "sp": 1}]
    state.rng.force([6, 6, 6])
    state.apply("allied", ("patrol", "home", PATROL))
    assert data["fleets"]["home"]["patrol"] == PATROL


def test_without_naval_action_no_unit_sails() -> None:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    state.data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()
    assert not any(a[0] == "replenish" for a in state.legal_actions("allied"))
    why = state.why_illegal("allied", ("replenish", "home", OUT))
    assert "fleet replenishment is part of the Naval Action rule (N13.1)" in str(why)


@pytest.mark.rules("N13.1")
def test_a_unit_needs_amphibious_points_in_the_fleets_port_and_a_hex_within_twelve() -> None:
    state = allied_naval_movement()
    state.data["armies"]["brit"]["sp"]["amphibious"] = 0
    why = state.why_illegal("allied", ("replenish", "home", OUT))
    assert "no army of yours in 0932 holds an amphibious point to send (N13.1)" in str(why)
    state = allied_naval_movement()
    why = state.why_illegal("allied", ("replenish", "home", FAR))
    assert "within 12 hexes of 0932" in str(why)


@pytest.mark.rules("N13.2")
def test_a_chain_reaches_twelve_hexes_past_its_last_unit() -> None:
    state = allied_naval_movement()
    assert ("replenish", "home", FAR) not in state.legal_actions("allied")
    sail(state, OUT)
    assert ("replenish", "home", FAR) in state.legal_actions("allied")  # 12 on from 0821
    sail(state, FAR)
    assert [u["hex"] for u in state.data["replenishment"]["home"]["units"]] == [OUT, FAR]
    chain = lead(state.data, "home")
    assert chain[0] == SCAPA and chain[-1] == FAR and OUT in chain
    assert "unit 2 of its chain, 11 sea-route steps on" in state.log_for(None)[-4]
    why = state.why_illegal("allied", ("replenish", "home", SCAPA))
    assert "within 12 hexes of 0601 (the fleet's port or its chain's last unit)" in str(why)


@pytest.mark.rules("N13.2")
def test_each_unit_sailing_may_be_searched_and_intercepted() -> None:
    state = allied_naval_movement()
    data = state.data
    data["fleets"]["raiders"].update(at="1236", sp=1, patrol="0826")  # on patrol by the way out
    # Kiel's army-based air misses in Scapa (6); the Raider Group spots it in 0826 (1)
    state.rng.force([6, 1])
    state.apply("allied", ("replenish", "home", OUT))
    assert data["flow"][-1]["state"] == "replenishment_intercept"
    assert ("intercept_replenishment", "raiders") in state.legal_actions("axis")
    state.rng.force([1])  # the patrol meets it with no roll; its doubled point fires a 1
    state.apply("axis", ("intercept_replenishment", "raiders"))
    log = state.log_for(None)
    assert "Raider Group, on patrol 0 hexes away, meets the amphibious point for Home Fleet" in log
    assert "Raider Group fires at the replenishment unit in 0821: 1 amphibious point sunk" in log
    assert "replenishment" not in data  # no unit is left at sea
    assert data["armies"]["brit"]["sp"]["amphibious"] == 2  # and the point is lost
    assert ("patrol", "home", PATROL) not in state.legal_actions("allied")


@pytest.mark.rules("N13.2")
def test_a_point_let_through_joins_the_chain() -> None:
    state = allied_naval_movement()
    data = state.data
    data["fleets"]["raiders"].update(at="1236", sp=1, patrol="0826")
    state.rng.force([6, 1])
    state.apply("allied", ("replenish", "home", OUT))
    state.apply("axis", ("let_replenishment_pass",))
    assert data["replenishment"]["home"]["units"] == [{"hex": OUT, "sp": 1}]
    assert data["flow"][-1]["state"] == "naval_movement"


@pytest.mark.rules("N13.3")
def test_a_chain_serves_one_fleet_and_one_mission() -> None:
    state = allied_naval_movement()
    data = state.data
    data["fleets"]["force_h"]["at"] = SCAPA  # another fleet in the same port
    sail(state, OUT)
    legal = state.legal_actions("allied")
    assert ("patrol", "home", PATROL) in legal
    assert ("patrol", "force_h", PATROL) not in legal  # the Home Fleet's chain only
    state.rng.force([6, 6, 6])
    state.apply("allied", ("patrol", "home", PATROL))
    why = state.why_illegal("allied", ("replenish", "home", FAR))
    assert "a chain serves one fleet's one mission (N13.3)" in str(why)
    end_combat(state, "allied")
    assert data["replenishment"]["home"]["state"] == "supplying"
    assert lead(data, "home") == []  # no range for a next mission from the old chain


@pytest.mark.rules("N13.4")
def test_a_broken_chain_loses_the_cut_off_units_and_the_fleet_it_supplies() -> None:
    state = allied_naval_movement()
    data = state.data
    sail(state, OUT)
    sail(state, FAR)  # 0601 lies more than 12 hexes from every friendly port
    state.rng.force([6])
    state.apply("allied", ("patrol", "home", PATROL))
    end_combat(state, "allied")  # the patrol stays out; its chain supplies it
    data["flow"][-1] = {"state": "naval_movement", "role": "axis"}
    state.advance()
    assert ("attack_replenishment", "uboats", OUT) in state.legal_actions("axis")
    # the U-boats search the unit from its hex (1), intercept it on the SS line 17 hexes
    # from Kiel (1), and their doubled 2 points fire a 1: the point is sunk
    state.rng.force([1, 1, 1])
    state.apply("axis", ("attack_replenishment", "uboats", OUT))
    log = state.log_for(None)
    assert "U-boat Arm sails from 1236 to attack the replenishment unit in 0821" in log
    assert (
        "Home Fleet's replenishment unit in 0821 is destroyed; cut off, the units in 0601 are "
        "lost too (N13.4)" in log
    )
    assert "Home Fleet, supplied by the broken chain, is eliminated (N13.4)" in log
    assert data["fleets"]["home"]["at"] is None and data["fleets"]["home"]["sp"] == 0
    assert "replenishment" not in data


@pytest.mark.rules("N13.4")
def test_a_unit_still_within_twelve_of_a_port_survives_the_break() -> None:
    state = allied_naval_movement()
    data = state.data
    sail(state, "0926")  # near Scapa
    sail(state, OUT)  # 12 hexes from Scapa: still linked to a friendly port
    state.rng.force([6])
    state.apply("allied", ("patrol", "home", PATROL))
    end_combat(state, "allied")
    data["flow"][-1] = {"state": "naval_movement", "role": "axis"}
    state.advance()
    state.rng.force([1, 1, 1])
    state.apply("axis", ("attack_replenishment", "uboats", "0926"))
    assert data["replenishment"]["home"]["units"] == [{"hex": OUT, "sp": 1}]
    assert data["fleets"]["home"]["at"] is None  # the chain supplied it: the fleet is lost


@pytest.mark.rules("N13.5")
def test_the_points_stay_out_for_the_mission_then_are_spent() -> None:
    state = allied_naval_movement()
    data = state.data
    sail(state, OUT)
    assert ("replenish", "home", OUT) in state.legal_actions("allied")  # one more point there
    sail(state, OUT)
    assert data["replenishment"]["home"]["units"] == [{"hex": OUT, "sp": 2}]
    end_combat(state, "allied")  # the Home Fleet took no mission: the chain is spent
    assert "replenishment" not in data
    assert data["armies"]["brit"]["sp"]["amphibious"] == 1  # never back to the army or pool
    assert any(
        "2 amphibious points at sea, is spent: its fleet took no mission (N13.5)" in x
        for x in state.log_for(None)
    )


@pytest.mark.rules("N13.5")
def test_a_patrols_chain_is_spent_when_the_patrol_is_over() -> None:
    state = allied_naval_movement()
    data = state.data
    sail(state, OUT)
    state.rng.force([6])
    state.apply("allied", ("patrol", "home", PATROL))
    end_combat(state, "allied")
    assert data["replenishment"]["home"]["units"] == [{"hex": OUT, "sp": 1}]  # out while it patrols
    data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.rng.force([6] * 20)
    state.advance()  # the patrol comes home
    assert "patrol" not in data["fleets"]["home"]
    end_combat(state, "allied")
    assert "replenishment" not in data
    assert any("is spent: its mission is over (N13.5)" in x for x in state.log_for(None))


@pytest.mark.rules("N13.2")
def test_the_heuristic_intercepts_a_point_with_its_strongest_fleet_in_reach() -> None:
    state = allied_naval_movement()
    data = state.data
    data["fleets"]["raiders"].update(at="1236", sp=1, patrol="0826")
    state.rng.force([6, 1])
    state.apply("allied", ("replenish", "home", OUT))
    legal = state.legal_actions("axis")
    assert ("intercept_replenishment", "uboats") in legal
    assert make_heuristic(1).act(state.view("axis"), legal) == ("intercept_replenishment", "uboats")


@pytest.mark.rules("N13.4")
def test_the_heuristic_attacks_a_chain_that_supplies_an_enemy_patrol() -> None:
    state = allied_naval_movement()
    data = state.data
    sail(state, OUT)
    state.rng.force([6])
    state.apply("allied", ("patrol", "home", PATROL))
    end_combat(state, "allied")
    data["flow"][-1] = {"state": "naval_movement", "role": "axis"}
    state.advance()
    action = make_heuristic(1).act(state.view("axis"), state.legal_actions("axis"))
    assert action == ("attack_replenishment", "uboats", OUT)


@pytest.mark.rules("N13.2")
def test_why_an_interception_of_a_point_is_refused() -> None:
    state = allied_naval_movement()
    why = state.why_illegal("allied", ("intercept_replenishment", "home"))
    assert "a replenishment point is intercepted as it sails, by the enemy side that spotted it" in str(why)
    state.data["fleets"]["raiders"].update(at="1236", sp=1, patrol="0826")
    state.rng.force([6, 1])
    state.apply("allied", ("replenish", "home", OUT))
    why = state.why_illegal("axis", ("intercept_replenishment", "squadra_1"))
    assert "squadra_1 is not one of your fleets that reach the point's path" in str(why)
