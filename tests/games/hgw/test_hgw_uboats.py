"""Campaign Game II's U-boat war (uboats.py): interception on the Fleet Intercept Ranges,
A.S.W. strength and battle, attacks on supply, lend-lease and Britain's routes, and the
rulebook's example of U-boat warfare with forced dice. Fleets and sea routes are later
work, so the tests pass the numbers they would hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hgw_positions import new_game

from grognard.core.errors import IllegalAction
from grognard.games.hgw.research import german_uboat_modifier
from grognard.games.hgw.strategic_tables import DATA_PATH, StrategicTablesError, load_strategic_from
from grognard.games.hgw.uboats import (
    asw_battle,
    asw_strength,
    asw_surface_fire,
    intercept,
    intercept_limit,
    route_attack,
    why_not_patrol,
)


@pytest.mark.rules("K18.5", "K16.5", "K16.6", "K17.1", "K18.1", "K18.2", "K18.4")
def test_example_of_uboat_warfare_seven_uboats_against_a_lend_lease_route() -> None:
    state = new_game()
    # the Home Fleet at Scapa Flow tries an eight-hex intercept: a 4 on the 7-8 column fails
    state.rng.force([4])
    assert not intercept(state, "allied", "fleet", 8).success
    # the U-boats intercept 11 hexes out: a 3 on the SS 8-14 column succeeds
    state.rng.force([3])
    assert intercept(state, "axis", "ss", 11).success
    # the escort: one capital ship and three ASW points, with an A.S.W. level of five
    escort = asw_strength(5, 3, capital_or_carrier=True)
    assert escort == 8
    state.rng.force([4, 2])  # the Allies' eight roll 4, the Axis' seven roll 2
    battle = asw_battle(state, "axis", "allied", 7, escort)
    assert battle.uboat_losses == 2 and battle.escort_losses == 2 and battle.uboats_left == 5
    assert not battle.uboats_win  # six escort points left against five U-boats
    state.rng.force([3])  # the five survivors, doubled, roll 3 at the four lend-lease points
    attack = route_attack(state, "axis", battle.uboats_left, "lend_lease", 4)
    assert attack.volley.strength == 10 and attack.loss == 3
    assert 4 - attack.loss == 1  # one point reaches Great Britain


@pytest.mark.rules("K16.5")
def test_the_intercept_ranges_give_the_highest_roll_that_intercepts() -> None:
    assert [intercept_limit("fleet", d) for d in (0, 2, 3, 5, 7, 9, 11, 12, 13)] == [
        6,
        6,
        5,
        4,
        3,
        2,
        2,
        1,
        0,
    ]
    assert [intercept_limit("ss", d) for d in (0, 7, 8, 15, 23, 30, 31)] == [6, 6, 5, 4, 3, 3, 0]
    with pytest.raises(IllegalAction, match="no ss interception 31"):
        intercept(new_game(), "axis", "ss", 31)
    with pytest.raises(ValueError, match="no 'air' line"):
        intercept_limit("air", 1)


@pytest.mark.rules("K16.5")
def test_the_intercept_table_is_validated(tmp_path: Path) -> None:
    raw = json.loads(DATA_PATH.read_text())
    raw["intercept"]["ss"][1] = [9, 14]  # a gap at eight hexes
    bad = tmp_path / "strategic.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(StrategicTablesError, match="without gaps"):
        load_strategic_from(bad)


@pytest.mark.rules("K16.3")
def test_a_uboat_patrol_lies_within_thirty_movement_points() -> None:
    assert why_not_patrol(30) is None
    why = why_not_patrol(31)
    assert why is not None and "30 movement points" in why


@pytest.mark.rules("K18.2", "K18.3")
def test_asw_strength_needs_a_capital_ship_or_carrier_for_the_level_points() -> None:
    assert asw_strength(5, 3, capital_or_carrier=False) == 3
    assert asw_strength(5, 0, capital_or_carrier=True) == 5
    assert asw_surface_fire(5) == 2 and asw_surface_fire(1) == 0


@pytest.mark.rules("K16.6", "K6.1")
def test_supply_route_losses_stop_at_what_it_carries_and_disrupt_it() -> None:
    state = new_game()
    modifier = german_uboat_modifier(True, "1124", in_atlantic=True)
    state.rng.force([2])  # a 2, -1 German technology: read on row 1
    attack = route_attack(state, "axis", 5, "supply", 3, modifier)
    assert attack.volley.losses == 4 and attack.loss == 3 and attack.disrupted
    state.rng.force([6])
    light = route_attack(state, "axis", 5, "supply", 3)
    assert light.loss == 2 and not light.disrupted


@pytest.mark.rules("K17.2", "K2.1")
def test_britains_route_to_the_us_costs_at_most_eight_production() -> None:
    state = new_game()
    state.rng.force([1, 1, 1])  # fifteen U-boats fire thirty: three volleys of ten
    attack = route_attack(state, "axis", 15, "britain", 12)
    assert attack.volley.rolls == (1, 1, 1) and attack.volley.losses == 12 and attack.loss == 8
    assert not attack.disrupted  # production, not a supply route


@pytest.mark.rules("K18.4")
def test_the_asw_battle_winner_is_the_naval_battle_rule() -> None:
    state = new_game()
    state.rng.force([6, 1])  # the escort's three miss; six U-boats take two
    battle = asw_battle(state, "axis", "allied", 6, 3)
    assert battle.uboats_left == 6 and battle.escort_losses == 2 and battle.uboats_win
    state.rng.force([6, 6])  # nobody hits: the escort, defending, wins the tie
    assert not asw_battle(state, "axis", "allied", 3, 3).uboats_win
    with pytest.raises(IllegalAction, match=r"A\.S\.W\. strength"):
        asw_battle(state, "axis", "allied", 3, 0)
