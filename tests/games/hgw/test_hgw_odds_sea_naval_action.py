"""Interception odds with Naval Action (odds_sea.py, issue 22): a carrier's strike opens
the fleet battle (N8.3) and a long base change adds to the interception roll (N2.3);
the forecast equals the engine's outcome over every sequence of dice the interception
can take (each played through the naval_intercept step in explicit-chance mode)."""

from __future__ import annotations

import pytest

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
