"""OpenSpiel's MCTSBot and ISMCTSBot as grognard agents, through the game adapter."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from grognard.agents import StateSampler, UnknownAgent, make_agent
from grognard.agents.openspiel_bots import GrognardGame, OpenSpielBot, has_hidden_information
from grognard.rl import ActionSpace
from grognard.sim import GameConfig, get_ruleset, play

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "core"))
sys.path.insert(0, str(HERE / "sim"))
import blockgame  # noqa: E402
import tinyrules  # noqa: E402


def test_registry_names_openspiel_bots() -> None:
    bot = make_agent("openspiel-ismcts:25", "victory", 1)
    assert isinstance(bot, OpenSpielBot) and (bot.kind, bot.simulations) == ("ismcts", 25)
    with pytest.raises(UnknownAgent, match="hides nothing"):  # ISMCTSBot asserts hidden information
        make_agent("openspiel-ismcts:25", "viktory2", 1)
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
    assert state.action(1) == ("take", 2)  # the fixed index: take 1, take 2, roll
    state.apply_action(1)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def test_action_ids_are_the_fixed_index_where_the_ruleset_declares_one() -> None:
    """Issue 11: the adapter's ids are the RL action index: the declared space's slots
    (num_distinct_actions = its size), or the legal-list index on request."""
    real = tinyrules.RULESET.new_game(None, {"pile": 1}, 0)
    fixed = GrognardGame(real, seed=1)
    assert fixed.num_distinct_actions() == 3
    state = fixed.wrap(real.clone())
    assert state.legal_actions() == [0, 2]  # take 1 and roll; take 2 (slot 1) is masked out
    assert [state.action(i) for i in state.legal_actions()] == [("take", 1), ("roll",)]
    legal = GrognardGame(real, seed=1, index="legal")
    assert legal.num_distinct_actions() == 512
    assert legal.wrap(real.clone()).legal_actions() == [0, 1]  # roll, take 1: the legal list's order
    block = blockgame.new_game(seed=2, turns=2)
    game = GrognardGame(block, seed=1)
    ids = game.wrap(block.clone()).legal_actions()
    assert ids == sorted(ids) and max(ids) < game.num_distinct_actions() == 1 + 48 + 8 + 8 + 48
    with pytest.raises(ValueError, match="index is"):
        GrognardGame(real, seed=1, index="sorted")


def test_viktory2_action_ids_are_its_fixed_slots() -> None:
    real = get_ruleset("viktory2").new_game(None, {"players": 2}, 3)
    game = GrognardGame(real, seed=1)
    space = ActionSpace.for_game("viktory2", None, {"players": 2})
    assert space is not None and game.num_distinct_actions() == space.size
    state = game.wrap(real.clone())
    role = real.active_roles()[0]
    slots = space.legal_slots(real, role, real.legal_actions(role))
    assert state.legal_actions() == sorted(slots.slots.tolist())
    assert {state.action(i) for i in state.legal_actions()} == set(real.legal_actions(role))


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
    for bad in ("openspiel-mcts:0s", "openspiel-mcts:xs"):
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


def test_timed_ismcts_bot_stops_before_a_simulation_would_overrun(monkeypatch: pytest.MonkeyPatch) -> None:
    # the clock is read when the search starts and before each simulation, one second
    # a read: before simulation k + 1 it shows k + 1 s, and another at the mean cost
    # fits while (k + 1) + (k + 1) / k < 10, i.e. k < 8
    from grognard.agents import openspiel_bots

    monkeypatch.setattr(openspiel_bots, "time", _Clock())
    state = blockgame.new_game(seed=3, turns=2)
    role = state.active_roles()[0]
    bot = make_agent("openspiel-ismcts:10s", "blockgame", 3)
    assert isinstance(bot, OpenSpielBot) and bot.name == "openspiel-ismcts:10s"
    legal = state.legal_actions(role)
    assert bot.act_searching(state.view(role), legal, StateSampler(state, role)) in legal
    assert bot.last_simulations == 8


def test_timed_ismcts_bot_plays_the_block_game_to_the_end() -> None:
    seats = ("openspiel-ismcts:20ms", "random")
    outcome = play(GameConfig("blockgame:BLOCKSKIRMISH", seats=seats, options={"turns": 2}), 4)
    assert not outcome["unfinished"]


def test_eval_bots_take_the_rulesets_evaluation_or_refuse() -> None:
    from grognard.games.viktory2 import evaluate

    bot = make_agent("openspiel-mcts:1s:eval", "viktory2", 1)
    assert isinstance(bot, OpenSpielBot) and bot.evaluate is evaluate.evaluate
    assert bot.name == "openspiel-mcts:1s:eval"
    plain = make_agent("openspiel-ismcts:30:random", "victory", 1)
    assert isinstance(plain, OpenSpielBot) and plain.evaluate is None
    for bad, ruleset in (("openspiel-mcts:30:eval", "blockgame"), ("openspiel-mcts:30:deep", "viktory2")):
        with pytest.raises(UnknownAgent):
            make_agent(bad, ruleset, 0)


def test_short_rollout_evaluator_scores_a_running_game_by_the_evaluation() -> None:
    import numpy as np

    from grognard.agents.openspiel_bots import ShortRolloutEvaluator

    seen: list[int] = []

    def evaluate(view: dict[str, object]) -> dict[str, float]:
        seen.append(len(view["log"]))  # type: ignore[arg-type]
        return {"red": 0.25, "yellow": 0.75}

    real = get_ruleset("viktory2").new_game(None, {}, 5)
    state = GrognardGame(real, seed=2).wrap(real)
    evaluator = ShortRolloutEvaluator(evaluate, np.random.RandomState(0))
    assert list(evaluator.evaluate(state)) == [0.25, 0.75]
    assert len(seen) == 1 and seen[0] > len(real.view(None)["log"])  # scored after its rollout
    assert real.view(None)["log"] == state.inner.view(None)["log"]  # the searched state is untouched
    assert sum(p for _, p in evaluator.prior(state)) == pytest.approx(1.0)
    # given the searching role, it scores that role's view, as grognard's agent does
    roles: list[object] = []

    def as_red(view: dict[str, object]) -> dict[str, float]:
        roles.append(view["role"])
        return {"red": 1.0}

    ShortRolloutEvaluator(as_red, np.random.RandomState(0), "red").evaluate(state)
    assert roles == ["red"]


def test_short_rollout_evaluator_scores_an_ended_game_by_its_result() -> None:
    import numpy as np

    from grognard.agents.openspiel_bots import ShortRolloutEvaluator

    def never(view: object) -> dict[str, float]:
        raise AssertionError("an ended game needs no evaluation")

    real = tinyrules.RULESET.new_game(None, {"pile": 2}, 0)
    real.apply("north", ("take", 2))
    state = GrognardGame(real, seed=1).wrap(real)
    assert list(ShortRolloutEvaluator(never, np.random.RandomState(0)).evaluate(state)) == [1.0, 0.0]


def test_a_roll_is_an_explicit_chance_node_with_its_outcomes() -> None:
    """The tiny game's roll (a die of three) waits at a chance node whose outcomes are
    the three values, each 1/3; the outcome chosen is the value the action then uses."""
    real = tinyrules.RULESET.new_game(None, {"pile": 5}, 0)
    before = dict(real.data["rng"])
    game = GrognardGame(real, seed=1)
    assert game.get_type().chance_mode.name == "EXPLICIT_STOCHASTIC"
    state = game.wrap(real.clone())
    assert state.action(2) == ("roll",)  # the fixed index: take 1, take 2, roll
    state.apply_action(2)
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert state.inner.data["pile"] == 5  # nothing happens before the die falls
    state.apply_action(2)  # the die shows 3
    assert not state.is_chance_node() and state.inner.data["pile"] == 2
    assert state.current_player() == 1
    assert real.data["rng"] == before  # the real game's dice were never touched


def test_a_battle_of_many_dice_is_a_chain_of_chance_nodes_that_the_rules_agree_with() -> None:
    """A block game's fire rolls a die per step: each die is one chance node, and the
    state reached is the one the rules engine reaches with those dice forced."""
    real = blockgame.new_game(seed=5, turns=3)
    state = GrognardGame(real, seed=2).wrap(real.clone())
    chooser = __import__("random").Random(7)
    for _ in range(400):
        assert not state.is_terminal(), "no fire of two dice or more in the game"
        before = state.inner.clone()
        role = state.inner.active_roles()[0]
        action = state.inner.legal_actions(role)[chooser.randrange(len(state.legal_actions()))]
        action_id = next(i for i in state.legal_actions() if state.action(i) == action)  # its fixed slot
        state.apply_action(action_id)
        drawn: list[int] = []
        while state.is_chance_node():
            k = chooser.randrange(len(state.chance_outcomes()))
            drawn.append(state.pending.lo + k)
            state.apply_action(k)
        if len(drawn) >= 2:
            before.rng.force(drawn)
            before.apply(role, action)
            assert before.data["blocks"] == state.inner.data["blocks"]
            assert before.view(None)["log"] == state.inner.view(None)["log"]
            return
    raise AssertionError("no action rolled two dice in 400 actions")


class _CpuClock(_Clock):
    """CPU time moves one second a read; wall time would fail the test if read."""

    def process_time(self) -> float:
        return self.perf_counter()

    def wall(self) -> float:
        raise AssertionError("a CPU budget read the wall clock")


def test_a_cpu_budgeted_bot_counts_this_process_cpu_not_wall_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # as the wall-time test above, on time.process_time: the same 8 simulations
    from grognard.agents import openspiel_bots

    clock = _CpuClock()
    monkeypatch.setattr(openspiel_bots, "time", type("T", (), {"process_time": clock.process_time,
                                                               "perf_counter": clock.wall})())
    bot = make_agent("openspiel-mcts:10cpu:random", "viktory2", 3)
    assert isinstance(bot, OpenSpielBot) and bot.name == "openspiel-mcts:10cpu" and bot.cpu
    state = tinyrules.RULESET.new_game(None, {"pile": 9}, 0)
    legal = state.legal_actions("north")
    assert bot.act_searching(state.view("north"), legal, StateSampler(state, "north")) in legal
    assert bot.last_simulations == 8
    for bad in ("openspiel-mcts:0cpu", "openspiel-mcts:xcpu"):
        with pytest.raises(UnknownAgent):
            make_agent(bad, "viktory2", 0)
