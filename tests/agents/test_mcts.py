"""The generic search agent: finds forced wins, never reads the real RNG or hidden
data, plays the hidden-information block game, and is reproducible per seed."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from grognard.agents import Budget, MctsAgent, StateSampler, UnknownAgent, make_agent
from grognard.agents import mcts as mcts_module
from grognard.agents.mcts import DEFAULT_BUDGET, DEFAULT_HEURISTIC_BUDGET, board_scores
from grognard.agents.rollout import win_shares
from grognard.core.game import Action, State
from grognard.core.rng import Rng
from grognard.sim import GameConfig, get_ruleset, play, simulate

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "sim"))
sys.path.insert(0, str(HERE / "core"))
import tinygame  # noqa: E402
import tinyrules  # noqa: E402


def decide(agent: MctsAgent, state: State) -> Action:
    role = state.active_roles()[0]
    return agent.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))


def test_budget_names() -> None:
    assert Budget.parse("200") == Budget(iterations=200)
    assert Budget.parse("1s") == Budget(seconds=1.0)
    assert Budget.parse("250ms") == Budget(seconds=0.25)
    for bad in ("0", "-3", "fast", "0s", "1e9s"):
        with pytest.raises(ValueError, match="budget"):
            Budget.parse(bad)


def test_registry_builds_search_agents_by_name() -> None:
    agent = make_agent("mcts:30", "viktory2", 1)
    assert isinstance(agent, MctsAgent)
    assert agent.budget == Budget(iterations=30)
    assert agent.policy is not None  # Viktory II's heuristic is the prior
    assert make_agent("mcts:2s:heuristic", "viktory2", 1).name == "mcts:2s:heuristic"
    assert isinstance(make_agent("mcts", "tiny", 1), MctsAgent)
    for bad in ("mcts:soon", "mcts:10:greedy", "mcts:1:2:3"):
        with pytest.raises(UnknownAgent, match="mcts"):
            make_agent(bad, "viktory2", 0)
    with pytest.raises(UnknownAgent, match="no heuristic"):
        make_agent("mcts:10:heuristic", "tiny", 0)


def test_the_bare_name_is_the_configuration_that_beat_the_heuristic() -> None:
    """`mcts` alone: 50 iterations of heuristic rollouts, at most 1 s, where the
    ruleset has a heuristic (mcts:50:heuristic, measured on Viktory II); elsewhere 100
    iterations of random rollouts. Explicit specs keep their meaning."""
    default = make_agent("mcts", "viktory2", 1)
    assert isinstance(default, MctsAgent)
    assert default.budget == DEFAULT_HEURISTIC_BUDGET == Budget(iterations=50, seconds=1.0)
    assert default.rollouts == "heuristic" and default.policy is not None
    assert default.name == "mcts"
    for ruleset in ("victory", "hgw", "virtuti"):
        agent = make_agent("mcts", ruleset, 1)
        assert isinstance(agent, MctsAgent)
        assert (agent.budget, agent.rollouts) == (DEFAULT_HEURISTIC_BUDGET, "heuristic")
    plain = make_agent("mcts", "tiny", 1)  # no heuristic: random rollouts, as before
    assert isinstance(plain, MctsAgent)
    assert (plain.budget, plain.rollouts, plain.policy) == (DEFAULT_BUDGET, "random", None)
    for spec, budget, rollouts in (
        ("mcts:100", Budget(iterations=100), "random"),
        ("mcts:50:heuristic", Budget(iterations=50), "heuristic"),
        ("mcts:1s", Budget(seconds=1.0), "random"),
        ("mcts:200:random", Budget(iterations=200), "random"),
    ):
        agent = make_agent(spec, "viktory2", 1)
        assert isinstance(agent, MctsAgent)
        assert (agent.budget, agent.rollouts, agent.name) == (budget, rollouts, spec)
    assert DEFAULT_HEURISTIC_BUDGET.label() == "50 (at most 1s)"


def test_a_budget_of_both_stops_at_whichever_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tinygame.to_north_turn(seed=5)
    role = state.active_roles()[0]
    quick = MctsAgent(7, Budget(iterations=12, seconds=3600.0))
    quick.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
    assert quick.last["iterations"] == 12  # the iterations came first
    ticks = iter(float(n) for n in range(100_000))  # a clock that moves 1 s a reading
    monkeypatch.setattr(mcts_module.time, "perf_counter", lambda: next(ticks))
    slow = MctsAgent(7, Budget(iterations=1000, seconds=2.5))
    slow.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
    assert 1 <= slow.last["iterations"] <= 3  # the time came first


def test_a_cpu_budget_counts_this_process_cpu_and_the_cap_stays_wall_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`0.25cpu`: seconds of time.process_time, which other processes do not eat, so two
    searches can be given equal CPU on a busy machine; the host's time cap still bounds
    the wall time."""
    budget = Budget.parse("2.5cpu")
    assert budget == Budget(seconds=2.5, cpu=True) and budget.label() == "2.5cpu"
    for bad in ("0cpu", "cpu", "-1cpu"):
        with pytest.raises(ValueError, match=r"0\.25cpu|between 0 and 3600"):
            Budget.parse(bad)
    state = tinygame.to_north_turn(seed=5)
    role = state.active_roles()[0]
    cpu = iter(float(n) for n in range(100_000))  # moves 1 s a reading
    monkeypatch.setattr(mcts_module.time, "process_time", lambda: next(cpu))
    monkeypatch.setattr(mcts_module.time, "perf_counter", lambda: 0.0)  # the wall stands still
    search = MctsAgent(7, Budget(iterations=1000, seconds=2.5, cpu=True))
    search.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
    assert 1 <= search.last["iterations"] <= 3  # stopped by the CPU clock alone
    wall = iter(float(n) for n in range(100_000))
    monkeypatch.setattr(mcts_module.time, "process_time", lambda: 0.0)  # no CPU spent
    monkeypatch.setattr(mcts_module.time, "perf_counter", lambda: next(wall))
    capped = MctsAgent(7, Budget(seconds=2.5, cpu=True))
    capped.time_cap = 2.5
    capped.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
    assert 1 <= capped.last["iterations"] <= 3  # stopped by the wall-time cap


def test_win_shares_and_fallback_evaluation() -> None:
    assert win_shares({"a": 3, "b": 1}, ["a", "b"]) == {"a": 1.0, "b": 0.0}
    assert win_shares({"a": 2, "b": 2, "c": 0}, ["a", "b", "c"]) == {"a": 0.5, "b": 0.5, "c": 0.0}
    view: dict[str, Any] = {"roles": ["a", "b"], "board": {"scores": {"a": 3, "b": 1}}}
    assert board_scores(view) == {"a": 0.75, "b": 0.25}
    assert board_scores({"roles": ["a", "b"], "board": {}}) == {"a": 0.5, "b": 0.5}


def test_takes_the_winning_pile_not_the_losing_one() -> None:
    # pile 2: taking 2 wins now; taking 1 hands the opponent the win; a roll wins 2/3
    state = tinyrules.RULESET.new_game(None, {"pile": 2}, 0)
    agent = MctsAgent(3, Budget(iterations=200))
    assert decide(agent, state) == ("take", 2)
    assert agent.last["visits"][("take", 2)] > agent.last["visits"][("take", 1)]


def test_three_players_also_find_the_winning_take() -> None:
    state = tinyrules.RULESET.new_game(None, {"pile": 2, "players": 3}, 0)
    assert decide(MctsAgent(4, Budget(iterations=200)), state) == ("take", 2)


def _last_north_turn(seed: int) -> tinygame.TinyState:
    """Sprint, round 2, north's turn: with 'done' north wins whatever the hidden cards."""
    state = tinygame.TINY.new_game("sprint", {}, seed)
    assert isinstance(state, tinygame.TinyState)
    for _ in range(2):
        tinygame.pick_round(state)
        state.apply("north", ("roll",))
        if state.data["round"] == 2:
            break
        state.apply("north", ("done",))
    assert state.frame()["state"] == "north_turn" and state.data["round"] == 2
    mine = state.data["hands"]["north"]
    best_other = max(v for c, v in tinygame.CARDS.items() if c != mine)
    # others end on at most 9; north on 10 if it stops now, 9 (a tie) after a gamble's 1,
    # and a swap may give it a lower card
    others = 9 - best_other
    state.data["scores"] = {"north": 10 - tinygame.CARDS[mine], "east": others, "south": others}
    return state


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hidden_information_forced_win_stops_instead_of_gambling(seed: int) -> None:
    state = _last_north_turn(seed)
    agent = MctsAgent(seed, Budget(iterations=400))
    assert decide(agent, state) == ("done",)


def test_never_reads_the_real_rng_nor_changes_the_game() -> None:
    """Two games alike but for their dice generator (one also has forced dice queued):
    the same agent must search them identically, and leave both untouched."""
    a = tinygame.to_north_turn(seed=5)
    b = a.clone()
    b.data["rng"] = Rng.new_state(987654321)
    b.rng.force([1, 1, 1, 1, 6, 6, 6, 6])
    before_a, before_b = a.clone(), b.clone()
    first, second = MctsAgent(11, Budget(iterations=150)), MctsAgent(11, Budget(iterations=150))
    assert decide(first, a) == decide(second, b)
    assert first.last == second.last
    assert a.same_as(before_a) and b.same_as(before_b)
    assert a.history == before_a.history


def test_a_search_that_used_the_real_dice_would_be_caught() -> None:
    """The check above has teeth: a sampler that keeps the real RNG searches the two
    games differently."""
    a = tinygame.to_north_turn(seed=5)
    b = a.clone()
    b.data["rng"] = Rng.new_state(987654321)
    first, second = MctsAgent(11, Budget(iterations=150)), MctsAgent(11, Budget(iterations=150))
    for agent, state in ((first, a), (second, b)):
        agent.act_searching(state.view("north"), state.legal_actions("north"), tinygame.LeakySampler(state))
    assert first.last != second.last


def test_the_game_loop_hands_a_search_agent_a_sampler_never_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[Any, Any]] = []

    class Spy:
        name = "spy"
        wants_view = True
        wants_sampler = True

        def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
            raise AssertionError("a search agent is asked through act_searching")

        def act_searching(self, view: dict[str, Any], legal: list[Action], sampler: Any) -> Action:
            seen.append((view, sampler))
            return legal[0]

    monkeypatch.setattr(sys.modules["grognard.sim.play"], "make_agent", lambda *_: Spy())
    outcome = play(GameConfig("tinyrules:RULESET", seats=("spy", "spy")), seed=3)
    assert len(seen) == outcome["actions"] > 0
    for view, sampler in seen:
        assert isinstance(sampler, StateSampler)
        assert view["role"] in ("north", "south")


def test_plays_the_hidden_block_game_to_the_end_and_beats_random() -> None:
    config = GameConfig("blockgame:BLOCKSKIRMISH", seats=("mcts:40", "random"), options={"turns": 3})
    summary = simulate(config, 12, master_seed=1, rotate=True)
    assert summary["unfinished"] == 0
    search, rand = (row["wins"] for row in summary["per_seat"])
    assert search >= 8 and search >= 3 * rand


def test_same_seed_same_game() -> None:
    config = GameConfig("blockgame:BLOCKSKIRMISH", seats=("mcts:15", "mcts:15"), options={"turns": 2})
    assert play(config, 8) == play(config, 8)


def test_a_time_budget_still_searches_at_least_once() -> None:
    agent = make_agent("mcts:1ms", "tiny", 2)
    assert isinstance(agent, MctsAgent)
    state = tinyrules.RULESET.new_game(None, {"pile": 5}, 0)
    assert decide(agent, state) in state.legal_actions("north")
    assert agent.last["iterations"] >= 1


def test_ruleset_scores_narrow_the_root_to_the_best_few() -> None:
    state = tinyrules.RULESET.new_game(None, {"pile": 6}, 0)

    def scores(view: dict[str, Any], legal: list[Action]) -> dict[Action, float]:
        return {("take", 1): 2.0, ("take", 2): 1.0, ("roll",): 0.0}

    agent = MctsAgent(1, Budget(iterations=60), scores=scores, width=2)
    decide(agent, state)
    assert set(agent.last["visits"]) == {("take", 1), ("take", 2)}
    assert sum(agent.last["visits"].values()) == 60


def test_viktory2_exposes_scores_and_an_evaluation_for_search() -> None:
    from grognard.games.viktory2 import ai, evaluate

    state = get_ruleset("viktory2").new_game(None, {}, 2)
    role = state.active_roles()[0]
    scored = ai.action_scores(state.view(role), state.legal_actions(role))
    assert scored is not None and set(scored) == set(state.legal_actions(role))
    chances = evaluate.evaluate(state.view(None))
    assert set(chances) == set(state.roles)
    assert sum(chances.values()) == pytest.approx(1.0)


def test_rollouts_are_scored_from_the_searching_roles_view() -> None:
    """The evaluation sees the searcher's own secret (north's hand, in no spectator's
    view) as it really is, and nobody else's: it is north's view of a determinization."""
    state = tinygame.to_north_turn(seed=5)
    real_hand = state.data["hands"]["north"]
    seen: list[dict[str, Any]] = []

    def evaluate(view: dict[str, Any]) -> dict[str, float]:
        seen.append(view)
        return {r: 1 / 3 for r in view["roles"]}

    agent = MctsAgent(2, Budget(iterations=40), evaluate=evaluate, rollout_depth=1)
    decide(agent, state)
    assert len(seen) == 40
    assert state.view(None)["board"]["hand"] is None  # the spectator's view would not show it
    assert state.data["discard"] == []
    unswapped = [view for view in seen if view["board"]["discard"] == []]  # north kept its card
    assert len(unswapped) > 10
    for view in seen:
        assert view["role"] == "north"
        assert view["board"]["hands"] == {}  # the others' hands stay hidden even there
    assert {view["board"]["hand"] for view in unswapped} == {real_hand}


def test_the_rollout_policy_plays_each_role_from_its_view_of_a_determinization() -> None:
    """North's moves are chosen from north's real knowledge; the others' from their
    re-drawn hands (several different ones over the search), never their real ones."""
    state = tinygame.to_north_turn(seed=5)
    assert state.data["discard"] == []
    seen: list[tuple[str, str]] = []

    class Recorder:
        name = "recorder"
        wants_view = True

        def __init__(self, seed: int) -> None:
            self.random = random.Random(seed)

        def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
            if view["role"] != "north" or view["board"]["discard"] == []:  # north kept its card
                seen.append((view["role"], view["board"]["hand"]))
            return legal[self.random.randrange(len(legal))]

    agent = MctsAgent(3, Budget(iterations=60), policy=Recorder, rollouts="heuristic")
    decide(agent, state)
    north = {hand for role, hand in seen if role == "north"}
    east = {hand for role, hand in seen if role == "east"}
    assert north == {state.data["hands"]["north"]}
    assert len(east) > 1 and state.data["hands"]["north"] not in east
    assert state.data["hands"]["east"] in east  # re-drawn: sometimes right, not always


def test_runner_ups_are_the_heuristics_choices_by_exclusion() -> None:
    from grognard.agents.mcts import runner_ups

    class Prefers:
        """Picks the largest action; asked with its pick removed, the next."""

        name, wants_view = "prefers", False

        def act(self, view: Any, legal: list[Action]) -> Action:
            return max(legal)

    legal: list[Action] = [("a", 3), ("a", 9), ("a", 1), ("a", 7)]
    assert runner_ups(Prefers(), {}, legal, 3) == [("a", 9), ("a", 7), ("a", 3)]
    assert runner_ups(Prefers(), {}, legal, 9) == [("a", 9), ("a", 7), ("a", 3), ("a", 1)]
    # on a ruleset that scores no moves, the root is those choices with the knob, else all
    agent = MctsAgent(1, policy=lambda seed: Prefers(), width=2, runner_ups=True)
    assert agent._candidates({}, legal) == [("a", 9), ("a", 7)]
    assert MctsAgent(1, policy=lambda seed: Prefers(), width=2)._candidates({}, legal) == legal
