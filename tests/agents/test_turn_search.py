"""The `search-strong` level (agents/turn_search.py): its budget is work a turn, the
same seed and budget give the same move, and it decides from its role's knowledge
only (the view and determinizations), never another seat's secrets."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from grognard.agents import Budget, MctsAgent, StateSampler, UnknownAgent, make_agent
from grognard.agents import mcts as mcts_module
from grognard.agents.turn_search import KNOBS, TurnKnobs, TurnSearchAgent, knobs_for
from grognard.core.game import Action, Role, State
from grognard.core.rng import Rng
from grognard.sim import get_ruleset

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
import tinygame

SMALL = TurnKnobs(turn_actions=600, max_share=0.6, min_actions=40)
#: tiny: rollouts to the game's end are cheap; a look-ahead of one action counts only
#: the decision at hand, so that it gets the largest share
TINY = TurnKnobs(turn_actions=1500, max_share=0.6, min_actions=40, lookahead=1)


def decide(agent: TurnSearchAgent, state: State, sampler: Any = None) -> Action:
    role = state.active_roles()[0]
    sampler = sampler if sampler is not None else StateSampler(state, role)
    return agent.act_searching(state.view(role), state.legal_actions(role), sampler)


def viktory_decision(plies: int = 60, seed: int = 4) -> State:
    """A Viktory II game played by the heuristic to a decision with several moves."""
    state = get_ruleset("viktory2").new_game(None, {}, seed)
    state.keep_undo = False
    players = {role: make_agent("heuristic", "viktory2", i) for i, role in enumerate(state.roles)}
    played = 0
    while played < plies or len(state.legal_actions(state.active_roles()[0])) < 3:
        role = state.active_roles()[0]
        state.apply(role, players[role].act(state.view(role), state.legal_actions(role)))
        played += 1
    return state


def strong(seed: int, knobs: TurnKnobs = SMALL) -> TurnSearchAgent:
    agent = make_agent(f"strong:{knobs.turn_actions}", "viktory2", seed)
    assert isinstance(agent, TurnSearchAgent)
    agent.knobs = knobs
    return agent


def test_the_level_is_the_turn_budgeted_search_with_its_rulesets_knobs() -> None:
    level = make_agent("search-strong", "viktory2", 3)
    assert isinstance(level, TurnSearchAgent) and level.name == "search-strong"
    assert level.knobs == KNOBS["viktory2"] == knobs_for("viktory2")
    assert level.inner.policy is not None and level.inner.rollouts == "heuristic"
    assert level.inner.evaluate is not mcts_module.board_scores and level.inner.scores is not None
    custom = make_agent("strong:8000", "viktory2", 3)
    assert isinstance(custom, TurnSearchAgent) and custom.knobs.turn_actions == 8000
    assert knobs_for("tinygame") == TurnKnobs()  # a ruleset without knobs: the defaults


@pytest.mark.parametrize("name", ["strong:0", "strong:fast", "strong:1:2", "strong:width=2:600"])
def test_a_bad_turn_budget_is_refused_with_its_form(name: str) -> None:
    with pytest.raises(UnknownAgent, match=r"strong:ACTIONS|simulated actions"):
        make_agent(name, "viktory2", 1)


def test_knobs_are_replaced_by_name_for_experiments() -> None:
    agent = make_agent("strong:900:width=2:rollout_depth=8:margin=0.1", "victory", 1)
    assert isinstance(agent, TurnSearchAgent)
    wanted = replace(knobs_for("victory"), turn_actions=900, width=2, rollout_depth=8, margin=0.1)
    assert agent.knobs == wanted
    # the knobs reach the search itself, not only the record
    assert (agent.inner.width, agent.inner.rollout_depth, agent.inner.margin) == (2, 8, 0.1)
    alone = make_agent("strong:rollout_depth=none", "victory", 1)
    assert isinstance(alone, TurnSearchAgent)
    assert alone.knobs.turn_actions == knobs_for("victory").turn_actions
    assert alone.knobs.rollout_depth is None


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("strong:600:depth=8", r"no knob 'depth'; the knobs are turn_actions, max_share"),
        ("strong:600:width=two", r"knob 'width' takes a whole number, not 'two'"),
        ("strong:600:margin=-1", r"knob 'margin' cannot be negative"),
        ("strong:600:paired=maybe", r"knob 'paired' takes a yes or no, not 'maybe'"),
        ("strong:600:max_share=2", r"0 < max_share <= 1"),
        ("strong:600:width", r"strong:ACTIONS:KNOB=VALUE"),
        ("strong:width=2,margin=0.1", r"knob 'width' takes a whole number, not '2,margin=0.1'"),
        ("strong:600:width=", r"a knob is KNOB=VALUE"),
    ],
)
def test_a_wrong_knob_is_refused_by_name(name: str, message: str) -> None:
    with pytest.raises(UnknownAgent, match=message):
        make_agent(name, "victory", 1)


def test_same_seed_and_budget_give_the_same_move_and_the_same_search() -> None:
    state = viktory_decision()
    before = state.clone()
    first, second = strong(7), strong(7)
    assert decide(first, state) == decide(second, state)
    assert first.last["searched"] and first.last["iterations"] > 1
    assert first.last == second.last
    assert state.same_as(before)  # the search worked on determinizations only


def test_an_action_budget_does_that_much_work_and_never_reads_a_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A budget of N simulated actions stops at the first iteration that reaches N,
    whatever the clocks say (here they jump an hour at each reading)."""
    state = viktory_decision()
    role = state.active_roles()[0]
    plain = MctsAgent(5, Budget(actions=300), rollout_depth=20)
    plain.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
    assert 300 <= plain.last["work"] < 300 + 40  # an iteration: a tree walk and 20 rollout actions
    hour = iter(range(0, 10**9, 3600))
    monkeypatch.setattr(mcts_module.time, "perf_counter", lambda: float(next(hour)))
    monkeypatch.setattr(mcts_module.time, "process_time", lambda: float(next(hour)))
    again = MctsAgent(5, Budget(actions=300), rollout_depth=20)
    again.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
    assert again.last == plain.last
    level, level_again = strong(2), strong(2)
    monkeypatch.undo()
    expected = decide(level, state)
    monkeypatch.setattr(mcts_module.time, "perf_counter", lambda: float(next(hour)))
    assert decide(level_again, state) == expected and level_again.last == level.last


def _play_turns(agent: TurnSearchAgent, state: State, me: Role, decisions: int) -> list[dict[str, Any]]:
    """`me`'s decisions by `agent`, the others' by their first legal action."""
    seen: list[dict[str, Any]] = []
    while len(seen) < decisions and not state.is_over():
        role = state.active_roles()[0]
        if role == me:
            state.apply(role, decide(agent, state))
            seen.append({**agent.last, "turns": agent.turns, "pool": agent.pool})
        else:
            state.apply(role, state.legal_actions(role)[0])
    return seen


def test_the_budget_is_shared_by_a_turns_decisions_and_refilled_when_another_role_acts() -> None:
    """tiny: north picks (a turn: the others pick next), then rolls and plays its turn
    (stake, swap, gamble, done: one turn of several decisions)."""
    knobs = TurnKnobs(turn_actions=300, max_share=0.6, min_actions=20, lookahead=10)
    agent = TurnSearchAgent(4, knobs)
    state = tinygame.TINY.new_game("standard", {}, 2)
    seen = _play_turns(agent, state, "north", 16)
    turns = [step["turns"] for step in seen]
    assert turns[0] == 1 and turns[-1] >= 3
    for turn in set(turns):
        spent = sum(step["work"] for step in seen if step["turns"] == turn)
        assert spent == knobs.turn_actions - min(step["pool"] for step in seen if step["turns"] == turn)
        assert spent <= knobs.turn_actions + 40  # the last iteration may overrun its share
    several = [t for t in set(turns) if turns.count(t) > 1]
    assert several, "north's turn after its roll has several decisions"
    for turn in several:
        shares = [step["work"] for step in seen if step["turns"] == turn and step["searched"]]
        assert shares and max(shares) <= knobs.max_share * knobs.turn_actions + 40


def test_a_scenario_with_a_budget_of_its_own_refills_the_pool_with_it() -> None:
    """A simulated action costs more in some scenarios (HGW's campaign games): the
    knobs may name a turn budget per scenario, which every new turn refills."""
    knobs = TurnKnobs(turn_actions=300, max_share=0.6, min_actions=20, lookahead=10)
    own = TurnSearchAgent(4, replace(knobs, scenario_actions=(("standard", 90), ("other", 5000))))
    plain = TurnSearchAgent(4, replace(knobs, scenario_actions=(("other", 90),)))
    for agent, budget in ((own, 90), (plain, 300)):
        seen = _play_turns(agent, tinygame.TINY.new_game("standard", {}, 2), "north", 16)
        assert agent.budget == budget
        for turn in {step["turns"] for step in seen}:
            spent = sum(step["work"] for step in seen if step["turns"] == turn)
            assert spent == budget - min(step["pool"] for step in seen if step["turns"] == turn)
            assert spent <= budget + 40
    hgw = make_agent("search-strong", "hgw", 1)
    assert isinstance(hgw, TurnSearchAgent)
    budget = hgw.knobs.turn_budget
    assert budget("campaign_4") < budget("pacific_war") == hgw.knobs.turn_actions
    named = make_agent("strong:2500", "hgw", 1)  # a budget named in the agent holds everywhere
    assert isinstance(named, TurnSearchAgent) and named.knobs.turn_budget("campaign_4") == 2500
    with pytest.raises(UnknownAgent, match=r"no knob 'scenario_actions'"):
        make_agent("strong:scenario_actions=3", "hgw", 1)


def test_a_dry_pool_plays_the_heuristics_choice_without_looking_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under `min_actions` left, no share could buy a search: the look-ahead that
    would split the pool is skipped, so such a decision costs no simulated action."""
    agent = TurnSearchAgent(4, TurnKnobs(turn_actions=100, min_actions=150, lookahead=10))
    looked: list[Role] = []
    original = agent._decisions_left

    def spy(game: State, me: Role) -> tuple[int, int]:
        looked.append(me)
        return original(game, me)

    monkeypatch.setattr(agent, "_decisions_left", spy)
    seen = _play_turns(agent, tinygame.TINY.new_game("standard", {}, 2), "north", 12)
    assert len(seen) == 12 and looked == []
    assert all(step["work"] == 0 and not step["searched"] for step in seen)
    assert all(step["pool"] == 100 for step in seen)


class SortedRedraw(tinygame.TinyState):
    """tiny with its hidden cards put in a fixed order before they are re-dealt, so
    that two games differing only in what north cannot see give the same
    determinizations: a searcher that reads only its sampler must then search them
    alike."""

    def _redraw_hidden(self, role: Role, rng: Rng) -> None:
        data = self.data
        others = [r for r in self.roles if r != role]
        cards = sorted([data["hands"][r] for r in others] + data["deck"])
        for r in others:
            data["hands"][r] = cards.pop(0)
        data["deck"] = cards
        super()._redraw_hidden(role, rng)


def _twins() -> tuple[State, State]:
    a = tinygame.to_north_turn(seed=5)
    a.__class__ = SortedRedraw
    b = a.clone()
    b.data["hands"]["east"], b.data["hands"]["south"] = a.data["hands"]["south"], a.data["hands"]["east"]
    b.data["deck"] = list(reversed(a.data["deck"]))
    assert a.view("north") == b.view("north") and a.data["hands"] != b.data["hands"]
    return a, b


def test_a_secret_of_another_seat_does_not_change_the_decision() -> None:
    a, b = _twins()
    first, second = TurnSearchAgent(11, TINY), TurnSearchAgent(11, TINY)
    assert decide(first, a) == decide(second, b)
    assert first.last["searched"] and first.last["iterations"] > 20 and first.last == second.last


def test_a_search_that_read_the_real_game_would_be_caught() -> None:
    """The check above has teeth: a sampler handing out the real game (its cards and
    dice) makes the two searches differ."""
    a, b = _twins()
    first, second = TurnSearchAgent(11, TINY), TurnSearchAgent(11, TINY)
    decide(first, a, tinygame.LeakySampler(a))
    decide(second, b, tinygame.LeakySampler(b))
    assert first.last["iterations"] > 20 and first.last != second.last


# ----- the paired root search (agents/paired.py) ---------------------------------------
PAIRED = replace(SMALL, paired=True, rollout_depth=6, width=3, margin=0.0)


def paired(seed: int) -> TurnSearchAgent:
    from grognard.games.viktory2 import ai, evaluate

    agent = TurnSearchAgent(seed, PAIRED, policy=ai.make_heuristic, evaluate=evaluate.evaluate)
    assert agent.paired is not None
    return agent


def test_a_paired_search_gives_the_same_move_for_the_same_seed_and_leaves_the_game_alone() -> None:
    state = viktory_decision()
    before = state.clone()
    first, second = paired(7), paired(7)
    assert decide(first, state) == decide(second, state)
    assert first.last["searched"] and first.last["iterations"] > 1
    assert first.last["differences"], "each candidate's difference from the heuristic's choice"
    assert first.last == second.last
    assert state.same_as(before)
    # the rounds spent the decision's share: one round is every candidate played out
    assert first.last["work"] >= first.last["iterations"] * 2


def _paired_tiny(seed: int) -> TurnSearchAgent:
    """tiny has no heuristic: random play stands in for it, and a made-up evaluation
    that reads the searcher's view (its own hand) for the ruleset's."""
    from grognard.agents import RandomAgent

    def evaluate(view: dict[str, Any]) -> dict[str, float]:
        hand = str(view["board"].get("hand") or "")
        return {r: (0.5 + 0.01 * len(hand) if r == view["role"] else 0.25) for r in view["roles"]}

    knobs = replace(TINY, paired=True, rollout_depth=30, margin=0.0, z=0.0)
    return TurnSearchAgent(seed, knobs, policy=RandomAgent, evaluate=evaluate)


def test_a_paired_search_does_not_read_another_seats_secret() -> None:
    a, b = _twins()
    first, second = _paired_tiny(11), _paired_tiny(11)
    assert decide(first, a) == decide(second, b)
    assert first.last["searched"] and first.last["iterations"] > 5 and first.last == second.last
    # with the real game handed out instead, the rollouts' outcomes differ: caught
    leaky, leaky_twin = _paired_tiny(11), _paired_tiny(11)
    decide(leaky, a, tinygame.LeakySampler(a))
    decide(leaky_twin, b, tinygame.LeakySampler(b))
    assert leaky.last["iterations"] > 5 and leaky.last != leaky_twin.last


def test_a_paired_difference_overrules_only_when_it_is_clear() -> None:
    from grognard.agents.paired import PairedResult, PairedSearch

    search = PairedSearch(evaluate=lambda view: {}, policy=lambda seed: make_agent("random", "tiny", seed))
    prior, steady, noisy, worse = ("keep",), ("steady",), ("noisy",), ("worse",)
    base = [0.5, 0.4, 0.6, 0.5, 0.45, 0.55]
    values = {
        prior: base,
        steady: [v + 0.03 for v in base],  # always 0.03 better: clear
        # better on average, but by luck
        noisy: [v + d for v, d in zip(base, [0.4, -0.3, 0.35, -0.3, 0.3, -0.25], strict=True)],
        worse: [v - 0.05 for v in base],
    }
    found = search._judge(PairedResult(prior), values, prior)
    assert found.action == steady
    assert found.differences[steady] == pytest.approx((0.03, 0.0))
    mean, error = found.differences[noisy]
    assert mean > 0.03 and mean < search.z * error  # larger, but not clear: not chosen
    strict = PairedSearch(evaluate=search.evaluate, policy=search.policy, margin=0.05)
    assert strict._judge(PairedResult(prior), values, prior).action == prior  # under the margin


def test_a_paired_search_stops_at_the_hosts_time_cap_after_one_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's bound on wall time a decision holds for the paired search too:
    with a clock that jumps an hour at each reading, one round and no more."""
    from grognard.agents import paired as paired_module

    state = viktory_decision()
    free = paired(7)
    decide(free, state)
    assert free.last["iterations"] > 1
    hour = iter(range(0, 10**9, 3600))
    monkeypatch.setattr(paired_module.time, "perf_counter", lambda: float(next(hour)))
    capped = paired(7)
    capped.time_cap = 1.0
    decide(capped, state)
    assert capped.last["searched"] and capped.last["iterations"] == 1


def _first_seat_game(first: str, plies: int) -> list[Any]:
    """The first `plies` actions of HGW's Pacific War, seed 2, with `first` in the
    first role's seat and the heuristic in the other."""
    from grognard.sim.play import decide as play_decision

    state = get_ruleset("hgw").new_game("pacific_war", {}, 2)
    state.keep_undo = False
    one, two = state.roles
    seats = {one: make_agent(first, "hgw", 11), two: make_agent("heuristic", "hgw", 12)}
    for _ in range(plies):
        role = state.active_roles()[0]
        state.apply(role, play_decision(seats[role], state, role, state.legal_actions(role)))
    return list(state.history)


def test_a_search_that_cannot_overrule_plays_the_heuristics_own_game() -> None:
    """HGW's heuristic remembers between decisions (its movement plan, its give-ups),
    and the search's rollouts play it on imagined futures: its prior must come from a
    copy that sees only the real game. A search whose margin no reward can clear
    must then play the heuristic's game move for move (before the copy, its first
    movement decision already differed)."""
    searched = _first_seat_game("strong:600:margin=100:min_actions=20", 40)
    assert searched == _first_seat_game("heuristic", 40)


def test_a_scenario_with_a_rollout_depth_of_its_own_searches_with_it() -> None:
    """Some scenarios' choices show only after more actions (HGW's Barbarossa): the
    knobs may name a rollout depth per scenario, set when a turn begins; elsewhere the
    search keeps its default, and a depth named in the agent holds everywhere."""
    knobs = TurnKnobs(turn_actions=300, max_share=0.6, min_actions=20, lookahead=10)
    own = TurnSearchAgent(4, replace(knobs, scenario_rollout_depth=(("standard", 7),)))
    plain = TurnSearchAgent(4, replace(knobs, scenario_rollout_depth=(("other", 7),)))
    default = plain.inner.rollout_depth
    assert default != 7
    for agent, depth in ((own, 7), (plain, default)):
        _play_turns(agent, tinygame.TINY.new_game("standard", {}, 2), "north", 4)
        assert agent.inner.rollout_depth == depth
    hgw = make_agent("search-strong", "hgw", 1)
    assert isinstance(hgw, TurnSearchAgent)
    assert hgw.knobs.depth("barbarossa") == 60 and hgw.knobs.depth("pacific_war") is None
    named = make_agent("strong:rollout_depth=30", "hgw", 1)
    assert isinstance(named, TurnSearchAgent) and named.knobs.depth("barbarossa") == 30
    with pytest.raises(UnknownAgent, match=r"no knob 'scenario_rollout_depth'"):
        make_agent("strong:scenario_rollout_depth=3", "hgw", 1)
