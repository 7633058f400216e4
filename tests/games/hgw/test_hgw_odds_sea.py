"""Odds before every kind of attack (issue 22), at sea and in the calculator's form: a
fleet's interception forecast by the engine's own functions (odds_sea.py), equal to the
engine's outcome over every forced sequence of dice; the form lists every kind of
strength point."""

from __future__ import annotations

import itertools

import pytest

from grognard.agents import make_agent
from grognard.core.game import State
from grognard.core.odds import BadBattle
from grognard.games.hgw import RULESET
from grognard.games.hgw.odds import battle_at, odds, odds_form

# seed 3, the heuristics: in Spring 1940 the Axis U-boat Arm sails home past the Home Fleet
INTERCEPTION_PLY = 66


def _interception() -> State:
    state = RULESET.new_game(seed=3, scenario="campaign_2")
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    for _ in range(INTERCEPTION_PLY):
        role = state.active_roles()[0]
        state.apply(role, agents[role].act(state.view(role), state.legal_actions(role)))
    assert state.view("allied")["board"]["step"] == "naval_intercept"
    return state


@pytest.mark.rules("K9.7", "K9.9")
def test_the_interception_odds_are_the_engines_outcomes_under_every_roll() -> None:
    state = _interception()
    action = ("intercept", "home")
    battle = battle_at(state, "allied", "1236", action)
    assert battle is not None
    assert battle["roles"] == {"attacker": "allied", "defender": "axis"}
    assert battle["defender"]["uboat"] and not battle["automatic"]
    forecast = odds(battle)
    # the engine, each sequence of three rolls forced (the interception roll, then the
    # A.S.W. battle's two volleys): the U-boats beaten when the Home Fleet wins
    wins = 0
    losses = 0
    rolls = list(itertools.product(range(1, 7), repeat=3))
    for forced in rolls:
        game = state.clone()
        uboats_before = int(game.data["fleets"]["uboats"]["sp"])
        game.rng.force(forced)
        game.apply("allied", action)
        beaten = game.data.get("fleet_status", {}).get("uboats") == "expended"
        wins += beaten
        losses += uboats_before - int(game.data["fleets"]["uboats"]["sp"])
    assert forecast.exact
    assert forecast.attacker_wins == pytest.approx(wins / len(rolls))
    assert forecast.defender_losses == pytest.approx(losses / len(rolls))
    assert any("interception succeeds" in note for note in forecast.notes)


@pytest.mark.rules("K9.9")
def test_a_naval_battle_in_the_calculator_and_its_refusals() -> None:
    even = odds({"naval": True, "attacker": {"capital": 3}, "defender": {"capital": 3}})
    stronger = odds({"naval": True, "attacker": {"capital": 6}, "defender": {"capital": 3}})
    assert 0 < even.attacker_wins < stronger.attacker_wins <= 1
    with pytest.raises(BadBattle, match="never U-boats"):
        odds({"naval": True, "attacker": {"uboat": 3}, "defender": {"uboat": 3}})
    with pytest.raises(BadBattle, match="fleet of their own"):
        odds({"naval": True, "attacker": {"uboat": 3, "capital": 1}, "defender": {"capital": 3}})
    with pytest.raises(BadBattle, match="Fleet Intercept Ranges"):
        odds({"naval": True, "attacker": {"capital": 3}, "defender": {"capital": 3}, "distance": 40})


@pytest.mark.rules("K10.3", "K13.2")
def test_the_form_lists_every_kind_of_strength_point_and_each_is_forecast() -> None:
    form = odds_form()
    assert form["sides"]["land"] == ["infantry", "mechanized", "amphibious", "tac_air", "paratroop"]
    assert form["sides"]["naval"] == ["capital", "carrier", "asw", "uboat"]
    # the calculator's default battle: one point of every kind on the attack
    every = {kind: 1 for kind in form["sides"]["land"]}
    assert 0 <= odds({"attacker": every, "defender": {"infantry": 1}}).attacker_wins <= 1
    # the drop flag drops every paratroop point: counted double on the advance
    base = {"attacker": {"mechanized": 1, "paratroop": 2}, "defender": {"infantry": 3}}
    assert odds({**base, "drop": True}).attacker_wins > odds({**base, "drop": False}).attacker_wins
    # amphibious points on the attack never fire: they only take the first losses
    fired = {**base, "defensive_assault": True, "drop": True}
    with_amphibious = {**fired, "attacker": {**base["attacker"], "amphibious": 2}}
    assert odds(with_amphibious).attacker_wins > odds(fired).attacker_wins


@pytest.mark.rules("K2.1", "K9.9")
def test_a_naval_battle_of_volleys_above_ten_is_sampled_with_seeded_dice() -> None:
    big = {"naval": True, "attacker": {"capital": 30}, "defender": {"capital": 12}, "distance": 2}
    forecast = odds(big)
    assert not forecast.exact and forecast.samples == 2000 and 0 < forecast.interval < 0.05
    assert odds(big) == forecast  # the same question, the same answer
    small = odds({**big, "attacker": {"capital": 3}, "defender": {"capital": 3}})
    assert small.exact and forecast.attacker_wins > small.attacker_wins
