"""Odds before a strategic strike (issue 22: bombing and missile odds): a raid's and a
launch's forecast (odds_strike.py) equal the engine's outcome over every forced
sequence of dice, through the strategic warfare phase's own steps."""

from __future__ import annotations

import itertools

import pytest
from test_hgw_cg2_strategic import COLOGNE, KIEL, LONDON, PARIS, allied_raiders, new_game, to_step

from grognard.core.odds import BadBattle
from grognard.games.hgw import HgwState
from grognard.games.hgw.odds import battle_at, odds


def _devastated(state: HgwState) -> int:
    return sum(int(n) for n in state.data["devastated"].values())


def _strike_until_done(state: HgwState, rolls: tuple[int, ...], action: tuple[object, ...]) -> None:
    """Play the strike with `rolls` forced, every escort flying, devastation chosen in
    the first hex offered."""
    state.rng.force(rolls)
    state.apply("allied", action)
    while state.flow and state.flow[-1]["state"] in ("strike_escorts", "devastate"):
        legal = state.legal_actions("allied")
        state.apply("allied", legal[-1] if legal[0][0] == "escorts" else legal[0])


@pytest.mark.rules("K20.3", "K20.4", "K20.6")
def test_the_raid_odds_are_the_engines_outcomes_under_every_roll() -> None:
    state = new_game()
    allied_raiders(state, 4)
    state.data["strategic"]["escorts"]["allied"][LONDON] = 3
    state.data["strategic"]["air_defence"]["axis"][KIEL] = 2
    to_step(state, "strategic", role="allied")
    action = ("raid", LONDON, KIEL)
    battle = battle_at(state, "allied", KIEL, action)
    assert battle is not None
    assert battle["attacker"] == {"bombers": 4, "escorts": 3} and battle["defender"] == {"air_defence": 2}
    forecast = odds(battle)
    harm = hits = shot = 0
    sequences = list(itertools.product(range(1, 7), repeat=4))  # escorts, defence twice, bombs
    for rolls in sequences:
        game = state.clone()
        before = _devastated(game)
        _strike_until_done(game, rolls, action)
        strategic = game.data["strategic"]
        done = _devastated(game) - before
        harm += bool(done)
        hits += done
        shot += 4 - strategic["bombers"]["allied"][LONDON]["sp"] + 3 - strategic["escorts"]["allied"][LONDON]
    assert forecast.attacker_wins == pytest.approx(harm / len(sequences))
    assert forecast.attacker_losses == pytest.approx(shot / len(sequences))
    # every hit devastates a point: Cologne and the Ruhr are in range besides Kiel
    assert forecast.defender_losses == pytest.approx(hits / len(sequences))


@pytest.mark.rules("K21.3")
def test_the_launch_odds_are_the_engines_outcomes_under_every_roll() -> None:
    state = new_game()
    state.data["strategic"]["missiles"]["allied"]["m1"] = {"at": PARIS, "sp": 5, "atomic": 0}
    to_step(state, "strategic", role="allied")
    action = ("launch", "m1", 5)
    battle = battle_at(state, "allied", PARIS, action)
    assert battle is not None and battle["kind"] == "missile"
    forecast = odds(battle)
    harm = 0
    for roll in range(1, 7):
        game = state.clone()
        before = _devastated(game)
        _strike_until_done(game, (roll,), action)
        harm += _devastated(game) > before
    assert forecast.attacker_wins == pytest.approx(harm / 6)
    assert forecast.attacker_losses == 0


def test_a_strike_without_its_records_is_refused() -> None:
    with pytest.raises(BadBattle, match="strategic record"):
        odds({"kind": "bombing", "side": "allied", "target": COLOGNE})


@pytest.mark.rules("K2.1")
def test_a_raid_with_volleys_above_ten_is_sampled_with_seeded_dice() -> None:
    state = new_game()
    allied_raiders(state, 12)
    state.data["strategic"]["escorts"]["allied"][LONDON] = 12
    state.data["strategic"]["air_defence"]["axis"][KIEL] = 12
    to_step(state, "strategic", role="allied")
    battle = battle_at(state, "allied", KIEL, ("raid", LONDON, KIEL))
    assert battle is not None
    forecast = odds(battle)
    assert not forecast.exact and forecast.samples == 2000 and 0 < forecast.interval < 0.05
    assert odds(battle) == forecast  # the same question, the same answer
    # twelve bombers, of which few fall to what the escorts leave of the defence: harm
    assert forecast.attacker_wins > 0.9 and forecast.defender_losses > 1
