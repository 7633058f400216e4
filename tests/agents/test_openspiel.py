"""OpenSpiel's MCTSBot and ISMCTSBot as grognard agents, through the game adapter."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from grognard.agents import StateSampler, UnknownAgent, make_agent
from grognard.agents.openspiel_bots import GrognardGame, OpenSpielBot, has_hidden_information
from grognard.sim import GameConfig, play

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "core"))
sys.path.insert(0, str(HERE / "sim"))
import blockgame  # noqa: E402
import tinyrules  # noqa: E402


def test_registry_names_openspiel_bots() -> None:
    bot = make_agent("openspiel-ismcts:25", "viktory2", 1)
    assert isinstance(bot, OpenSpielBot) and (bot.kind, bot.simulations) == ("ismcts", 25)
    for bad in ("openspiel-alphazero:5", "openspiel-mcts:many", "openspiel-mcts:0"):
        with pytest.raises(UnknownAgent):
            make_agent(bad, "viktory2", 0)


def test_adapter_clones_never_carry_the_real_dice() -> None:
    real = blockgame.new_game(seed=3, turns=2)
    game = GrognardGame(real, seed=9)
    state = game.wrap(real.clone())
    twin = state.clone()
    assert twin.inner.data["rng"] != state.inner.data["rng"]
    assert twin.legal_actions() == state.legal_actions()
    assert game.get_type().information.name == "IMPERFECT_INFORMATION"
    assert has_hidden_information(real) and not has_hidden_information(tinyrules.RULESET.new_game())


def test_resampled_states_share_the_information_state() -> None:
    real = blockgame.new_game(seed=4, turns=2)
    state = GrognardGame(real, seed=1).wrap(real.clone())
    player = state.current_player()
    draws = iter([0.1, 0.7, 0.3])
    others = [state.resample_from_infostate(player, lambda: next(draws)) for _ in range(3)]
    keys = {s.information_state_string(player) for s in others}
    assert keys == {state.information_state_string(player)}
    hidden = {str(sorted(s.inner.data["blocks"].items())) for s in others}
    assert len(hidden) > 1  # what the player cannot see was really re-drawn


def test_returns_are_win_shares() -> None:
    real = tinyrules.RULESET.new_game(None, {"pile": 2}, 0)
    state = GrognardGame(real, seed=1).wrap(real)
    state.apply_action(state.legal_actions().index(2))  # legal: roll, take 1, take 2
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


@pytest.mark.parametrize("bot", ["openspiel-mcts:15", "openspiel-ismcts:15"])
def test_openspiel_bots_play_the_block_game_to_the_end(bot: str) -> None:
    outcome = play(GameConfig("blockgame:BLOCKSKIRMISH", seats=(bot, "random"), options={"turns": 2}), 2)
    assert not outcome["unfinished"]


def test_openspiel_bot_takes_the_winning_pile() -> None:
    state = tinyrules.RULESET.new_game(None, {"pile": 2}, 0)
    bot = OpenSpielBot("mcts", 100, seed=3)
    legal = state.legal_actions("north")
    assert bot.act_searching(state.view("north"), legal, StateSampler(state, "north")) == ("take", 2)


def test_time_budgeted_bot_names_and_refusals() -> None:
    bot = make_agent("openspiel-mcts:250ms", "viktory2", 1)
    assert isinstance(bot, OpenSpielBot) and bot.seconds == 0.25 and bot.name == "openspiel-mcts:0.25s"
    for bad in ("openspiel-ismcts:1s", "openspiel-mcts:0s", "openspiel-mcts:xs"):
        with pytest.raises(UnknownAgent):
            make_agent(bad, "viktory2", 0)


class _Clock:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = -1.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def test_timed_bot_stops_when_one_more_simulation_would_overrun(monkeypatch: pytest.MonkeyPatch) -> None:
    # each simulation "costs" one second: after k of them, with 10 s, another two
    # (this one's rollout is counted done) fit while k + 2k/(k-1) < 10, i.e. k < 8
    from grognard.agents import openspiel_bots

    monkeypatch.setattr(openspiel_bots, "time", _Clock())
    state = tinyrules.RULESET.new_game(None, {"pile": 9}, 0)
    bot = OpenSpielBot("mcts", openspiel_bots.MAX_SIMULATIONS, seed=3, seconds=10.0)
    legal = state.legal_actions("north")
    assert bot.act_searching(state.view("north"), legal, StateSampler(state, "north")) in legal
    assert bot.last_simulations == 8
