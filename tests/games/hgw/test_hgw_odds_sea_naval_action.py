"""Interception odds with Naval Action (odds_sea.py, issue 22): a carrier's strike opens
the fleet battle (N8.3) and a long base change adds to the interception roll (N2.3);
the forecast equals the engine's outcome over every sequence of dice the interception
can take (each played through the naval_intercept step in explicit-chance mode)."""

from __future__ import annotations

import pytest
from test_hgw_navmoves_invasions import invasion_from_kiel

from grognard.core.rng import ChanceNeeded
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.odds import battle_at, odds

# Campaign Game III opens with the Allies' chance to intercept the Axis raider sailing out
ACTION = ("intercept", "force_h")  # two capital points and a carrier, nine hexes away
MOVER = "raiders"


def opening() -> HgwState:
    """The opening interception, the raider made three capital points: a close battle."""
    state = RULESET.new_game("campaign_3", {}, seed=1)
    assert isinstance(state, HgwState) and state.flow[-1]["state"] == "naval_intercept"
    assert state.flow[-1]["mover"] == MOVER
    state.data["fleets"][MOVER].update(sp=3, ships={"capital": 3})
    return state


def engine_chance(state: HgwState) -> float:
    """The chance the interceptor beats the raider, walked over every roll sequence."""
    won, stack = 0.0, [[]]
    while stack:
        rolls = stack.pop()
        game = state.clone()
        game.rng.force(rolls)
        game.rng.set_explicit(True)
        try:
            game.apply("allied", ACTION)
        except ChanceNeeded:
            stack.extend([*rolls, r] for r in range(1, 7))
            continue
        if game.data.get("fleet_status", {}).get(MOVER) == "expended":
            won += 6.0 ** -len(rolls)
    return won


@pytest.mark.rules("N8.3", "N2.3")
@pytest.mark.parametrize("penalty", [0, 1])
def test_the_interception_odds_with_naval_action_are_the_engines(penalty: int) -> None:
    state = opening()
    if penalty:
        state.data["fleets"]["force_h"]["penalty"] = penalty  # a long base change (N2.3)
    battle = battle_at(state, "allied", "", ACTION)
    assert battle is not None and battle["naval_action"] and battle["penalty"] == penalty
    assert battle["attacker"]["carrier"]
    forecast = odds(battle)
    assert forecast.exact
    assert forecast.attacker_wins == pytest.approx(engine_chance(state))
    # without the carrier's strike and the penalty the forecast would be another
    plain = odds({k: v for k, v in battle.items() if k not in ("naval_action", "penalty")})
    assert abs(plain.attacker_wins - forecast.attacker_wins) > 0.01


THROUGH = "intercepts the invasion fleet bound for"


def through_chance(state: HgwState, action: tuple[str, str]) -> tuple[float, float]:
    """The engine's chance that the interceptor beats every support fleet and reaches the
    army (its fire at the army, the next roll, is not walked), and the support's expected
    losses, over every roll sequence."""
    won = sunk = 0.0
    stack: list[list[int]] = [[]]
    before = sum(int(f["sp"]) for f in state.data["fleets"].values() if f["side"] == "axis")
    while stack:
        rolls = stack.pop()
        game = state.clone()
        start = len(game.log_for(None))
        game.rng.force(rolls)
        game.rng.set_explicit(True)
        try:
            game.apply("allied", action)
        except ChanceNeeded:
            if not any(THROUGH in line for line in game.log_for(None)[start:]):
                stack.extend([*rolls, r] for r in range(1, 7))
                continue
        chance = 6.0 ** -len(rolls)
        won += chance if any(THROUGH in line for line in game.log_for(None)[start:]) else 0.0
        after = sum(int(f["sp"]) for f in game.data["fleets"].values() if f["side"] == "axis")
        sunk += chance * (before - after)
    return won, sunk


@pytest.mark.rules("N3.4", "N4.1")
@pytest.mark.parametrize("home", [1, 2])
def test_the_odds_of_intercepting_an_invasion_fight_its_support_fleets_first(home: int) -> None:
    state = invasion_from_kiel(home=home)
    state.apply("axis", ("escort", "kriegsmarine", "raiders"))  # two support fleets
    action = ("intercept", "home")
    battle = battle_at(state, "allied", "1233", action)
    assert battle is not None and len(battle["support"]) == 2
    forecast = odds(battle)
    won, sunk = through_chance(state, action)
    assert forecast.exact
    assert forecast.attacker_wins == pytest.approx(won) and 0 < won < 1
    assert forecast.defender_losses == pytest.approx(sunk)
    assert any("N3.4" in note for note in forecast.notes)


def test_without_naval_action_an_invasion_interception_has_no_support_battle_to_forecast() -> None:
    """The basic rules' interception instead: both fleets' fire at once (Fleet Naval Fire
    2-5; test_hgw_odds_invasion_interception.py checks it against the engine)."""
    state = invasion_from_kiel("campaign_2")
    state.apply("axis", ("escort", "kriegsmarine"))
    battle = battle_at(state, "allied", "1233", ("intercept", "home"))
    assert battle is not None and "support" not in battle
    assert battle["kind"] == "invasion_interception"
    assert battle["defender"] == {"naval": int(state.data["fleets"]["kriegsmarine"]["sp"])}
