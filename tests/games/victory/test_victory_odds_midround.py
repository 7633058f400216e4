"""Odds of a Victory battle taken up in the middle of a round (issue 26, item 2): the
blocks that have had their combat turn this round do not fire again in it (6.31), so
"odds from here" starts from the battle as it stands. Checked against the engine
itself, playing the rest of the battle from the same state with fresh dice."""

from __future__ import annotations

from typing import Any

import pytest
from victory_positions import BLUE, RED, battle, clear_pair, empty_game, put, start_combat

from grognard.core.rng import Rng
from grognard.games.victory import RULESET
from grognard.games.victory.battle_sim import Unit, battle_odds
from grognard.games.victory.state import VictoryState

#: engine playouts of the rest of the battle
PLAYOUTS = 600


def _last_round_after_the_fighter_fired() -> tuple[VictoryState, str, str]:
    """Blue's infantry and armor attack a red fighter in the last round (6.3); the
    fighter (turn A, 6.31) has fired at them; blue's blocks are still to fire."""
    state = empty_game(seed=1)
    _, where = clear_pair(state)
    put(state, BLUE, "IN", where, 4)
    put(state, BLUE, "AR", where, 3)
    fighter = put(state, RED, "FA", where, 2)
    start_combat(state, where, BLUE, RED)
    battle(state)["round"] = 3  # the last round: nothing after it
    state.apply(RED, ("fire", fighter, "G"))
    assert state.active_roles() == [BLUE]
    return state, where, fighter


def _lost_to_fire(lines: list[str], blocks: list[str]) -> int:
    """Steps these blocks lost to hits (6.46) in the log lines: a step lost, or the
    last one (battle_hits.lose_step); not an elimination for having nowhere to go
    after the battle (6.5), which the odds leave out (the red fighter has no
    friendly base on this empty map)."""
    return sum(
        1
        for line in lines
        for b in blocks
        if line == f"{b} loses a step"
        or (line.startswith(f"{b} (") and line.endswith(") is eliminated") and "cannot" not in line)
    )


def _play_out(state: VictoryState, where: str, seed: int, blue: list[str], red: list[str]) -> tuple[int, int]:
    """The rest of the battle by the engine with the seed's dice, each block firing at
    air when it can (the simulator's choice here): the steps blue and red lose to hits."""
    game = state.clone()
    game.data["rng"] = Rng.new_state(seed)
    before = len(game.data["log"])
    while any(f["state"] == "battle" and f["hex"] == where for f in game.data["flow"]):
        role = game.active_roles()[0]
        legal: list[Any] = game.legal_actions(role)
        fire = [a for a in legal if a[0] == "fire" and a[2] == "A"]
        game.apply(role, fire[0] if fire else legal[0])
    lines = [str(entry[0]) for entry in game.data["log"][before:]]
    return _lost_to_fire(lines, blue), _lost_to_fire(lines, red)


@pytest.mark.rules("6.3", "6.31")
def test_odds_mid_round_match_the_engine_from_the_same_state_6_31() -> None:
    state, where, _ = _last_round_after_the_fighter_fired()
    described = RULESET.battle_at(state, BLUE, where)
    assert described is not None
    assert described["rounds"] == 1
    forecast = RULESET.odds(described)
    blue = [b for b, block in state.data["blocks"].items() if block["owner"] == BLUE]
    red = [b for b, block in state.data["blocks"].items() if block["owner"] == RED]
    red_steps = sum(state.data["blocks"][b]["steps"] for b in red)
    ends = [_play_out(state, where, seed, blue, red) for seed in range(PLAYOUTS)]
    # the fighter has had its turn in this last round: blue loses nothing more, in
    # the engine and in the odds
    assert all(lost == 0 for lost, _ in ends)
    assert forecast.attacker_losses == 0
    assert described["spent"] == {"attacker": {}, "defender": {"FA": [2]}}  # the fighter's turn is over
    # blue wins when its dice take the fighter's two steps; the odds agree with the
    # engine within the two samplings' error
    won = sum(1 for _, lost in ends if lost == red_steps) / PLAYOUTS
    spread = 4 * ((won * (1 - won) / PLAYOUTS) ** 0.5 + forecast.interval / 1.96)
    assert abs(forecast.attacker_wins - won) <= spread, (forecast.attacker_wins, won)


@pytest.mark.rules("6.31")
def test_a_spent_block_fires_from_the_next_round_on_6_31() -> None:
    fighter = [Unit("FA", 4)]
    infantry = [Unit("IN", 3)]
    fresh = battle_odds(infantry, fighter, rounds=2, samples=4000)
    spent = battle_odds(infantry, [Unit("FA", 4, spent=True)], rounds=2, samples=4000)
    once = battle_odds(infantry, fighter, rounds=1, samples=4000)
    assert spent.attacker_steps_lost < fresh.attacker_steps_lost  # one volley fewer
    # and the fighter, hit by the infantry before its first volley, fires less than
    # a fresh one fighting a single round does
    assert spent.attacker_steps_lost < once.attacker_steps_lost


def test_spent_blocks_must_be_in_the_battle() -> None:
    from grognard.core.odds import BadBattle

    with pytest.raises(BadBattle, match="not in the battle"):
        RULESET.odds({"attacker": {"IN": 1}, "defender": {"FA": 1}, "spent": {"defender": {"AR": [3]}}})
