"""Odds before a partisan attack (issue 22: odds before every kind of attack): the
forecast (odds_partisans.py) equals the engine's outcome under every forced die, through
the partisan phase's own step, and a refused pick has no odds but the refusal."""

from __future__ import annotations

import pytest
from test_hgw_cg2_partisans import KIEL, ORLEANS, PARIS, axis_paris, new_game, to_step

from grognard.core.odds import BadBattle
from grognard.games.hgw.odds import battle_at, odds


def _devastated(state: object, place: str) -> int:
    return int(state.data["devastated"].get(place, 0))  # type: ignore[attr-defined]


@pytest.mark.rules("K15.2", "K15.3")
def test_the_partisan_odds_are_the_engines_outcomes_under_every_roll() -> None:
    state = new_game()
    axis_paris(state)
    state.data["devastated"][PARIS] = 1  # one of its three points is down already
    to_step(state, "partisans", player="allied", budget=6)
    action = ("partisans", PARIS)
    battle = battle_at(state, "allied", PARIS, action)
    assert battle is not None and battle["kind"] == "partisans"
    assert battle["attacker"] == {"production": 2} and battle["defender"] == {"production": 2}
    forecast = odds(battle)
    taken = lost = 0
    for roll in range(1, 7):
        game = state.clone()
        game.rng.force([roll])
        game.apply("allied", action)
        won = game.data["owner"][PARIS] == "allied"
        taken += won
        lost += _devastated(game, PARIS) - 1 if won else 0
    assert forecast.exact and forecast.samples == 0
    assert forecast.attacker_wins == pytest.approx(taken / 6) == pytest.approx(1 / 3)
    assert forecast.defender_wins == pytest.approx(1 - taken / 6)
    assert forecast.defender_losses == pytest.approx(lost / 6)
    assert forecast.attacker_losses == 0.0
    assert any("2 production points" in note for note in forecast.notes)


@pytest.mark.rules("K15.1", "K15.4")
def test_a_refused_partisan_pick_has_no_odds_but_its_reason() -> None:
    state = new_game()
    axis_paris(state)
    to_step(state, "partisans", player="allied", budget=6)
    with pytest.raises(BadBattle, match="Germany"):
        battle_at(state, "allied", KIEL, ("partisans", KIEL))
    state.data["owner"][ORLEANS] = "axis"  # a second target keeps the phase open
    state.rng.force([6])
    state.apply("allied", ("partisans", PARIS))  # it fails: one try a hex a turn (K15.4)
    assert state.flow[-1]["state"] == "partisans" and state.flow[-1]["tried"] == [PARIS]
    with pytest.raises(BadBattle, match="one partisan attack a turn"):
        battle_at(state, "allied", PARIS, ("partisans", PARIS))


@pytest.mark.rules("K15.2")
def test_a_hypothetical_partisan_attack_is_checked_like_a_real_one() -> None:
    state = new_game()
    axis_paris(state)
    to_step(state, "partisans", player="allied", budget=6)
    battle = battle_at(state, "allied", PARIS, ("partisans", PARIS))
    assert battle is not None
    with pytest.raises(BadBattle, match="costs 2 production points"):
        odds({**battle, "budget": 1})
    with pytest.raises(BadBattle, match="owners of the map"):
        odds({"kind": "partisans", "side": "allied", "target": PARIS})
