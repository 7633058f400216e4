"""The odds before a paradrop (issue 22), read from a seat's view at the advances step of
a Campaign Game II game: the advance alone remains (the assaults are over), the drop
counted double; equal to the engine's outcome under each forced roll."""

from __future__ import annotations

import pytest
from cg2kit import paradrop_game

from grognard.games.hgw.odds import battle_at, odds


@pytest.mark.rules("K13.2")
def test_the_paradrop_odds_at_the_advance_are_the_engines() -> None:
    state, _ = paradrop_game()
    target = next(a for a in state.view("axis")["board"]["armies"] if a["id"] == "agw")["status"]["target"]
    action = ("paradrop", "agw", 2)
    battle = battle_at(state, "axis", target, action)
    assert battle is not None
    assert battle["drop"] == 2 and not battle["defensive_assault"] and not battle["assault"]
    forecast = odds(battle)
    advanced = 0
    for roll in range(1, 7):
        game = state.clone()
        game.rng.force([roll])
        game.apply("axis", action)
        advanced += (
            next(a for a in game.data["armies"].values() if a["name"] == "Army Group West")["at"] == target
        )
    assert forecast.attacker_wins == pytest.approx(advanced / 6)
