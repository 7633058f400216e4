"""The optional Naval Action rules' fleet battle (naval_battle.py) and the Ranges table:
gunnery strength, simultaneous fire, the order of losses, who stays at sea, and the
figures of Fleet Movement and Fleets at Sea, with forced dice. The rulebook prints no
naval battle example; the battles below are our own."""

from __future__ import annotations

import pytest
from hgw_positions import new_game

from grognard.core.errors import IllegalAction
from grognard.games.hgw.naval_battle import (
    Squadron,
    apply_losses,
    base_change_penalty,
    battle,
    carriers_lost,
    gunnery,
    patrol_intercepts,
    why_not_mission,
)


@pytest.mark.rules("N4.2", "K18.3")
def test_gunnery_doubles_capital_ships_and_halves_asw_points() -> None:
    assert gunnery(Squadron(capital=4, asw=2)) == 9
    assert gunnery(Squadron(capital=1, asw=3)) == 3
    assert gunnery(Squadron(carrier=3)) == 0  # carriers strike in their own air attack


@pytest.mark.rules("N4.1", "N4.2")
def test_a_fleet_battle_off_malta() -> None:
    state = new_game()
    # the Royal Navy (four capital, two ASW: 9 on the Firepower Table) attacks an Italian fleet
    # at sea (three capital, one ASW: 6, its ASW point firing half, nothing)
    state.rng.force([2, 1])  # Britain rolls 2 (three losses), Italy 1 (two losses)
    result = battle(state, ("allied", "axis"), Squadron(capital=4, asw=2), Squadron(capital=3, asw=1))
    assert (result.attacker_fire.strength, result.defender_fire.strength) == (9, 6)
    assert (result.defender_losses, result.attacker_losses) == (3, 2)
    assert result.attacker == Squadron(capital=4)  # the ASW points went first
    assert result.defender == Squadron(capital=1)
    assert result.winner == "attacker" and result.loser == "defender"  # Italy back to port


@pytest.mark.rules("N4.2", "K2.1")
def test_more_than_ten_points_fire_in_volleys() -> None:
    state = new_game()
    state.rng.force([1, 1, 6])  # twelve points: a ten and a two; the defender's two
    result = battle(state, ("allied", "axis"), Squadron(capital=6), Squadron(capital=1))
    assert list(result.attacker_fire.rolls) == [1, 1]
    assert result.defender == Squadron() and result.winner == "attacker"


@pytest.mark.rules("N4.2")
def test_a_tie_goes_to_the_fleet_that_hit_harder_then_to_the_defender() -> None:
    state = new_game()
    state.rng.force([4, 1])  # 6 points roll 4: one loss; 4 points roll 1: two losses
    harder = battle(state, ("axis", "allied"), Squadron(capital=3), Squadron(capital=2))
    assert harder.attacker.points == harder.defender.points == 1
    assert harder.winner == "defender"
    state.rng.force([2, 2])  # one loss each
    even = battle(state, ("axis", "allied"), Squadron(capital=2), Squadron(capital=2))
    assert even.attacker_losses == even.defender_losses == 1 and even.winner == "defender"
    with pytest.raises(IllegalAction, match="both sides"):
        battle(state, ("axis", "allied"), Squadron(capital=2), Squadron())


@pytest.mark.rules("N8.3", "N8.6")
def test_ship_fire_takes_carriers_last_and_lone_carriers_are_lost() -> None:
    fleet = Squadron(capital=2, carrier=2, asw=1)
    assert apply_losses(fleet, 2, asw_first=False) == Squadron(capital=0, carrier=2, asw=1)
    assert apply_losses(fleet, 4) == Squadron(capital=0, carrier=1, asw=0)
    assert apply_losses(fleet, 9).points == 0
    assert carriers_lost(Squadron(carrier=3), Squadron(capital=1)) == 3
    assert carriers_lost(Squadron(carrier=3), Squadron(asw=4)) == 0
    assert carriers_lost(Squadron(carrier=3, asw=1), Squadron(capital=1)) == 0
    with pytest.raises(ValueError, match="cannot be negative"):
        Squadron(capital=-1)


@pytest.mark.rules("N2.3")
def test_a_long_base_change_slows_interception() -> None:
    assert [base_change_penalty(h) for h in (0, 30, 31, 40, 41, 90)] == [0, 0, 1, 1, 2, 2]


@pytest.mark.rules("N3.2", "N15.2")
def test_a_fleet_at_sea_intercepts_its_own_and_adjacent_hexes_without_a_roll() -> None:
    assert patrol_intercepts(0) and patrol_intercepts(1)
    assert not patrol_intercepts(2)


@pytest.mark.rules("N15.1", "N15.2", "N2.2", "N9.4")
def test_the_ranges_table() -> None:
    assert why_not_mission("patrol", 12) is None
    assert "at most 12 hexes" in (why_not_mission("patrol", 13) or "")
    assert why_not_mission("ss_patrol", 30) is None
    assert "at most 6" in (why_not_mission("amphibious_invasion", 7) or "")
    assert why_not_mission("change_base", 400) is None  # unlimited
    assert why_not_mission("route_escort_between_bases", 55) is None
    assert why_not_mission("route_escort_from_port", 28) is not None
    assert why_not_mission("fleet_replenishment", 12) is None
    assert why_not_mission("carrier_air", 1) is not None
    # coastal air by tac air level: 0-2, and the extended range two beyond at half strength
    assert why_not_mission("coastal_air", 1, level=2) is not None
    assert why_not_mission("coastal_air", 2, level=6) is None
    assert why_not_mission("coastal_air_extended", 4, level=6) is None
    assert "at least 3" in (why_not_mission("coastal_air_extended", 2, level=6) or "")
    assert why_not_mission("coastal_air_extended", 2, level=0) is None
    # strategic bombing by bomber level: 3 3 5 7 9 11 from level 1
    assert why_not_mission("strategic_bombing", 5, level=3) is None
    assert why_not_mission("strategic_bombing", 6, level=3) is not None
    with pytest.raises(KeyError, match="no 'torpedo' mission"):
        why_not_mission("torpedo", 1)
