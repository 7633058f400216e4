"""The optional rules' carrier air strike (carrier_strike.py, Aircraft Carriers 3) ahead of
the gunnery battle, with forced dice. The rulebook prints no carrier battle example; the
battle below is our own."""

from __future__ import annotations

import pytest
from hgw_positions import new_game

from grognard.core.errors import IllegalAction
from grognard.games.hgw.carrier_strike import air_strike, battle_with_carriers, take_losses
from grognard.games.hgw.naval_battle import Squadron, carriers_lost


@pytest.mark.rules("N8.3", "N8.6", "N4.2")
def test_a_carrier_battle_strikes_then_guns_then_lone_carriers_are_lost() -> None:
    state = new_game()
    japan = Squadron(capital=2, carrier=2)
    us = Squadron(capital=3, carrier=1)
    state.rng.force(
        [
            1, 4, 1,  # Japan's strike of 6: US fighters (3) hit 1, flak (4 points) 1; 4 left hit 2
            1, 5, 1,  # the US strike of 3: Japan's fighters (6) hit 2, flak 0; 1 left hits 1
            1, 1,  # gunnery: Japan's one capital (2) hits 1, the US's two (4) hit 2
        ]
    )  # fmt: skip
    result = battle_with_carriers(
        state,
        ("axis", "allied"),
        japan,
        us,
        strike_orders=(("carrier", "capital", "asw"), ("asw", "capital", "carrier")),
    )
    strike = result.attacker_strike
    assert strike is not None
    assert (strike.strike, strike.fighters.strength, strike.flak.strength) == (6, 3, 4)
    assert (strike.strike_left, strike.attack.losses) == (4, 2)
    assert result.defender_strike is not None and result.defender_strike.strike_left == 1
    # the strikes' losses together: the US carrier and a capital ship, a Japanese capital ship
    assert result.defender == Squadron(capital=2)
    assert result.attacker == Squadron(capital=1, carrier=2)
    assert result.gunnery is not None
    assert result.gunnery.attacker == Squadron(carrier=1)  # ship fire takes carriers last
    assert result.gunnery.defender == Squadron(capital=1)
    # one point each left, three lost each: the defender stays at sea
    assert (result.attacker_losses, result.defender_losses) == (3, 3)
    assert result.winner == "defender"
    assert carriers_lost(result.gunnery.attacker, result.gunnery.defender) == 1


@pytest.mark.rules("N8.3")
def test_a_strike_shot_down_fires_nothing() -> None:
    state = new_game()
    # one carrier (3) against a fleet with two carriers (6 fighters): a 1 hits 2, flak 3 points roll 1: 1
    state.rng.force([1, 1])
    strike = air_strike(state, ("allied", "axis"), 1, Squadron(capital=1, carrier=2))
    assert strike.strike_left == 0 and strike.attack.strength == 0 and strike.attack.rolls == ()
    with pytest.raises(IllegalAction, match="carrier"):
        air_strike(state, ("allied", "axis"), 0, Squadron(capital=1))


@pytest.mark.rules("N8.3")
def test_carrier_losses_may_be_of_any_type_in_the_order_picked() -> None:
    fleet = Squadron(capital=1, carrier=2, asw=1)
    assert take_losses(fleet, 2, ("carrier", "asw", "capital")) == Squadron(capital=1, asw=1)
    assert take_losses(fleet, 3) == Squadron(carrier=1)
    with pytest.raises(ValueError, match="loss order"):
        take_losses(fleet, 1, ("capital", "capital", "asw"))


@pytest.mark.rules("N8.3")
def test_carriers_alone_on_both_sides_fight_no_gunnery() -> None:
    state = new_game()
    state.rng.force([6, 6, 6, 6, 6, 6])  # every firing misses on a 6 at these strengths
    result = battle_with_carriers(state, ("axis", "allied"), Squadron(carrier=1), Squadron(carrier=1))
    assert result.gunnery is None
    assert result.winner == "defender"  # nothing lost on either side: the defender stays
