"""Odds before an Axis army's initial assault and advance count German Technology (K6.1):
the forecast (odds.py, odds_air.py) reads german_technology's own rule and equals the
engine's outcome under every forced die, with the Axis holding Iceland and without."""

from __future__ import annotations

import pytest
from test_hgw_cg2_audit import (
    ALLIED_HEX,
    AXIS_HEX,
    ICELAND,
    act,
    allied_losses,
    axis_attacks_two_french_hexes,
)

from grognard.games.hgw import HgwState
from grognard.games.hgw.odds import battle_at, odds

ASSAULT = ("assault", AXIS_HEX, ALLIED_HEX, "agw")


def _played(state: HgwState, assault: int | None, advance: int) -> bool:
    """The engine's outcome: agw's assault (if rolled) then its advance, under forced dice."""
    game = state.clone()
    assert isinstance(game, HgwState)
    if assault is not None:
        game.rng.force([assault])
        act(game, "axis", *ASSAULT)
        allied_losses(game)
        act(game, "axis", "to_advances")
    game.rng.force([advance])
    act(game, "axis", "advance", "agw")
    return bool(game.data["armies"]["agw"]["at"] == ALLIED_HEX)


@pytest.mark.rules("K6.1")
@pytest.mark.parametrize("iceland", [True, False])
def test_the_assault_and_advance_odds_count_german_technology(iceland: bool) -> None:
    state = axis_attacks_two_french_hexes(iceland=iceland)
    battle = battle_at(state, "axis", ALLIED_HEX, ASSAULT)
    assert battle is not None and battle["army"] == "agw" and battle["assault"]
    assert bool(battle.get("technology")) == iceland
    battle = {**battle, "defensive_assault": False}  # the defender passed its defensive assault
    forecast = odds(battle)
    won = sum(_played(state, a, b) for a in range(1, 7) for b in range(1, 7))
    assert forecast.exact
    assert forecast.attacker_wins == pytest.approx(won / 36)
    without = odds({k: v for k, v in battle.items() if k != "technology"})
    assert (forecast.attacker_wins > without.attacker_wins) == iceland


@pytest.mark.rules("K6.1")
@pytest.mark.parametrize("iceland", [True, False])
def test_the_advance_odds_after_the_assault_count_german_technology(iceland: bool) -> None:
    state = axis_attacks_two_french_hexes(iceland=iceland)
    state.rng.force([6])  # a poor assault: defenders stand
    act(state, "axis", *ASSAULT)
    allied_losses(state)
    act(state, "axis", "to_advances")
    battle = battle_at(state, "axis", ALLIED_HEX, ("advance", "agw"))
    assert battle is not None and not battle["assault"] and not battle["defensive_assault"]
    assert bool(battle.get("technology")) == iceland
    forecast = odds(battle)
    assert forecast.attacker_wins == pytest.approx(sum(_played(state, None, r) for r in range(1, 7)) / 6)
    assert 0 < forecast.attacker_wins < 1


@pytest.mark.rules("K6.1")
def test_an_army_other_than_the_phases_one_has_no_technology_in_its_odds() -> None:
    state = axis_attacks_two_french_hexes(iceland=True)
    state.rng.force([3])
    act(state, "axis", *ASSAULT)  # agw takes the -1: the phase's army
    allied_losses(state)
    battle = battle_at(state, "axis", "1435", ("assault", "1335", "1435", "ags"))
    assert battle is not None and battle["army"] == "ags" and "technology" not in battle
    assert state.data["owner"][ICELAND] == "axis"
    act(state, "axis", "to_advances")
    mine = battle_at(state, "axis", ALLIED_HEX, ("advance", "agw"))
    theirs = battle_at(state, "axis", "1435", ("advance", "ags"))
    assert mine is not None and mine["technology"] and theirs is not None and "technology" not in theirs
