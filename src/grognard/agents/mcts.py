"""A generic search agent: Monte Carlo tree search over the core contract.

One algorithm serves every ruleset. Each iteration starts from a fresh
determinization, `sampler.sample(rng)`, which is the game as the searching role may
believe it to be: what it cannot see re-drawn (`State.sample_consistent`) and the
dice re-seeded from the agent's own generator. So the agent never reads the real
RNG nor a hidden fact, and the same code is

- UCT for open information: only the dice differ between iterations, and the tree
  is "open loop" (a node is a sequence of actions, not a position), which averages
  over chance instead of branching on it;
- single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012) for
  hidden information: the hidden data differ between iterations too, an action is
  only considered where the current determinization allows it, and its UCB
  exploration term counts how often it was *available* rather than how often its
  parent was visited.

Rewards are a share of the win per role (1 for a sole winner, 1/k for a tie between
k, 0 for the others), so the tree works for any number of players: each node is
scored for the role that chose it (max^n). A rollout plays random moves (or, with
rollouts="heuristic", the ruleset's heuristic with a little randomness) for at most
`rollout_depth` actions: 20 where the ruleset's ai module has `evaluate(view)`,
which then scores the running game from the searching role's view of the
determinization (its own secrets as they are, the others' as re-drawn), else up
to the game's end (a game still running after 5 000 actions is scored by its
board's "scores", if the view has them, else as even). Under a time budget a
rollout still running at the deadline is cut there and scored the same way, so
a decision never runs a long game's rollout past its time (the first iteration
is always finished, cut short if need be).

Where the ruleset has a heuristic agent, its choice is the root's prior (expanded
first, with a progressive bias), and the search overrules it only when another move's
mean reward is higher by at least `margin`: small budgets give noisy estimates, and
noise should not overturn a tuned judgement. Where the ruleset scores actions
(`action_scores(view, legal)`), only its best `width` moves are searched at the root.

Known limit: simultaneous secret choices are searched one role after the other, as
the game loop asks them; an opponent later in that order is searched as if it had
seen the earlier picks (the usual single-observer simplification).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from grognard.core.game import Action, Role, State
from grognard.core.rng import Rng

from .base import Agent, View, no_choice, remembers
from .rollout import outcome, play_out, policy_view

#: Evaluates a running game from one role's view: a win chance per role.
Evaluate = Callable[[View], Mapping[Role, float]]
#: Makes the rollout agent from a seed (the ruleset's heuristic, or random).
PolicyFactory = Callable[[int], Agent]
#: The ruleset's scores of legal actions from a view (higher is better), or None.
ActionScores = Callable[[View, list[Action]], Mapping[Action, float] | None]


class Sampler(Protocol):
    """What a search agent is given besides its view: determinizations of the game,
    each consistent with what its role knows (never the real game)."""

    def sample(self, rng: Rng) -> State: ...


class StateSampler:
    """The game loop's sampler: `state.sample_consistent(role, rng)` on demand.

    It holds the real state privately and hands out only re-drawn copies.
    """

    __slots__ = ("_role", "_state")

    def __init__(self, state: State, role: Role) -> None:
        self._state = state
        self._role = role

    def sample(self, rng: Rng) -> State:
        return self._state.sample_consistent(self._role, rng)


@dataclass(frozen=True)
class Budget:
    """Iterations per decision, seconds per decision, or simulated actions (`actions`:
    every action applied to a determinization, in the tree and in rollouts), or
    several (the search stops at whichever comes first, between iterations). Iterations
    and actions are work, so they reproduce; a time budget depends on the machine's
    speed and, as wall time, on its load: `cpu` counts the seconds of this process's
    CPU instead (time.process_time), which other processes do not eat, so that two
    searches can be given equal CPU on a busy machine."""

    iterations: int | None = None
    seconds: float | None = None
    actions: int | None = None
    cpu: bool = False

    @classmethod
    def parse(cls, text: str) -> Budget:
        """ "200" -> 200 iterations; "1s", "0.5s", "250ms" -> a time budget;
        "0.25cpu" -> a quarter of a second of CPU."""
        spec = text.strip().lower()
        cpu = spec.endswith("cpu")
        try:
            if cpu:
                seconds = float(spec[:-3])
            elif spec.endswith("ms"):
                seconds = float(spec[:-2]) / 1000
            elif spec.endswith("s"):
                seconds = float(spec[:-1])
            else:
                iterations = int(spec)
                if iterations < 1:
                    raise ValueError
                return cls(iterations=iterations)
        except ValueError:
            raise ValueError(
                f"a search budget is a number of iterations (200), a time (1s, 250ms) or CPU seconds"
                f" (0.25cpu), not {text!r}"
            ) from None
        if not 0 < seconds <= 3600:
            raise ValueError(f"a time budget must be between 0 and 3600 seconds, not {text!r}")
        return cls(seconds=seconds, cpu=cpu)

    def label(self) -> str:
        if self.actions is not None:
            return f"{self.actions} actions"
        if self.seconds is None:
            return f"{self.iterations}"
        time = f"{self.seconds:g}{'cpu' if self.cpu else 's'}"
        return f"{self.iterations} (at most {time})" if self.iterations is not None else time

    def clock(self) -> Callable[[], float]:
        """What its seconds are counted on: CPU or wall time (read when asked, so
        that a test's clock takes its place)."""
        return time.process_time if self.cpu else time.perf_counter


#: The budget of the bare name `mcts` for a ruleset without a heuristic (its rollouts
#: are random): reproducible.
DEFAULT_BUDGET = Budget(iterations=100)
#: The bare name `mcts` where the ruleset has a heuristic (rollouts played by it, its
#: choice the root's prior): the configuration measured against Viktory II's heuristic,
#: `mcts:50:heuristic` (29-0-8 in 37 games, 0.40 s of CPU a decision; docs/simlab.md),
#: with a bound of 1 s a decision for rulesets whose heuristic rollouts are dearer
#: (Victory's: about 12 iterations a second). While the bound does not bind, the game
#: stays a pure function of the seeds; an explicit `mcts:50:heuristic` always does.
DEFAULT_HEURISTIC_BUDGET = Budget(iterations=50, seconds=1.0)


#: Rollout lengths: with the ruleset's evaluation, and without (up to the game's end).
SHORT_ROLLOUT = 20
FULL_ROLLOUT = 5_000
#: A rollout under a time budget reads the clock every this many actions, and stops
#: at the deadline: without it, one rollout to the end of a long game (Victory,
#: Virtuti: thousands of actions, seconds with the heuristic playing them) ran a
#: quarter-second budget to ten seconds and past the server's limit per AI move.
ROLLOUT_CHECK = 32


class Node:
    """One edge of the tree: an action of a role after the actions above it."""

    __slots__ = ("avail", "children", "role", "totals", "visits")

    def __init__(self, role: Role | None) -> None:
        self.role = role  # who chose the action leading here (None at the root)
        self.visits = 0
        self.avail = 0  # iterations in which this action was legal (ISMCTS)
        self.totals: dict[Role, float] = {}
        self.children: dict[tuple[Role, Action], Node] = {}

    def mean(self, role: Role) -> float:
        return self.totals.get(role, 0.0) / self.visits if self.visits else 0.0


def runner_ups(policy: Agent, view: View, legal: list[Action], count: int) -> list[Action]:
    """A heuristic's first `count` choices where it scores no moves (HGW's plans):
    its choice, then its choice among the rest, and so on. Asked of the rollouts' copy
    of the heuristic, never of the one whose choice is the prior, so a heuristic that
    remembers is not taught that its choice was refused."""
    left = list(legal)
    picks: list[Action] = []
    while left and len(picks) < count:
        choice = policy.act(view, left) if len(left) > 1 else left[0]
        if choice not in left:
            break
        picks.append(choice)
        left.remove(choice)
    return picks


def board_scores(view: View) -> dict[Role, float]:
    """The fallback evaluation: shares of `view["board"]["scores"]`, or even."""
    roles: list[Role] = list(view.get("roles") or [])
    board = view.get("board")
    scores = board.get("scores") if isinstance(board, dict) else None
    if roles and isinstance(scores, dict):
        values = {r: max(0.0, float(scores.get(r, 0) or 0)) for r in roles}
        total = sum(values.values())
        if total > 0:
            return {r: v / total for r, v in values.items()}
    return {r: 1 / len(roles) for r in roles} if roles else {}


class MctsAgent:
    """Searches determinizations from its role's knowledge; see the module docstring.

    `act(view, legal)` alone cannot search (a view is not a game): the game loop
    calls `act_searching(view, legal, sampler)` for agents with `wants_sampler`.
    """

    wants_view = True
    wants_sampler = True

    def __init__(
        self,
        seed: int,
        budget: Budget = DEFAULT_BUDGET,
        policy: PolicyFactory | None = None,
        evaluate: Evaluate | None = None,
        rollouts: str = "random",
        rollout_depth: int | None = None,
        exploration: float = 0.7,
        epsilon: float = 0.1,
        prior_weight: float = 1.0,
        scores: ActionScores | None = None,
        width: int = 6,
        margin: float = 0.05,
        runner_ups: bool = False,
    ) -> None:
        if rollouts not in ("random", "heuristic"):
            raise ValueError(f"rollouts are 'random' or 'heuristic', not {rollouts!r}")
        self.name = f"mcts:{budget.label()}"
        self.budget = budget
        self.random = random.Random(seed)
        # the agent's own dice for determinizations, never the game's
        self.rng = Rng(Rng.new_state(seed))
        self.policy = policy(self.random.getrandbits(32)) if policy is not None else None
        #: the heuristic whose choice is the root's prior. A heuristic that remembers
        #: (base.remembers: HGW's plan for the turn, its give-ups) and also plays the
        #: rollouts learns from imagined futures: its prior at a real decision was not
        #: the heuristic's choice (14 of 178 decisions of a Pacific War game, a turn's
        #: first move among them). So such a heuristic gets a second copy, seeded with
        #: the agent's seed, that is asked only at the real game's decisions, forced
        #: ones included (`tell`); a heuristic without memory is used for both.
        self.planner = policy(seed) if policy is not None and remembers(self.policy) else self.policy
        self.evaluate: Evaluate = evaluate or board_scores
        # with the ruleset's own evaluation, short rollouts; without one, to the end
        # (a cut-off game scored by the board's scores alone, or as even, says little)
        if rollout_depth is None:
            rollout_depth = SHORT_ROLLOUT if evaluate is not None else FULL_ROLLOUT
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.epsilon = epsilon
        self.rollouts = rollouts
        self.prior_weight = prior_weight
        self.scores = scores
        self.width = width
        self.margin = margin
        self.runner_ups = runner_ups
        #: seconds a decision may never exceed, whatever the budget (the web server
        #: sets it below its own limit per AI move); checked between iterations, and
        #: every ROLLOUT_CHECK actions of a rollout (a long one is cut and scored)
        self.time_cap: float | None = None
        self._deadline: float | None = None  # on the budget's clock
        self._wall_deadline: float | None = None  # the time cap's
        self._clock: Callable[[], float] = time.perf_counter
        self._prior: tuple[Role, Action] | None = None
        self._me: Role | None = None  # the searching role: whose view scores a rollout
        #: actions applied to determinizations in this decision (tree and rollouts)
        self.work = 0
        #: statistics of the last decision (iterations, root visits per action)
        self.last: dict[str, Any] = {}

    def act(self, view: View, legal: list[Action]) -> Action:
        """Without a sampler there is nothing to search: fall back on the rollout
        policy (the ruleset's heuristic, or random)."""
        if not legal:
            raise no_choice()
        if self.planner is not None and len(legal) > 1:
            return self.planner.act(view, legal)
        self.tell(view, legal)
        return legal[self.random.randrange(len(legal))]

    def tell(self, view: View, legal: list[Action]) -> None:
        """A forced decision shown to a planner that remembers (HGW's heuristic learns
        from a forced `cancel` that the points it chose can go nowhere)."""
        if self.planner is not None and self.planner is not self.policy and len(legal) == 1:
            self.planner.act(view, legal)

    def act_searching(self, view: View, legal: list[Action], sampler: Sampler) -> Action:
        if not legal:
            raise no_choice()
        if len(legal) == 1:
            self.last = {"iterations": 0, "visits": {}}
            self.tell(view, legal)
            return legal[0]
        allowed = set(self._candidates(view, legal))
        # the heuristic's own choice is the root's prior (progressive bias in _select)
        prior = self.planner.act(view, legal) if self.planner is not None else None
        return self.search(view, legal, sampler, allowed, prior)

    def search(
        self, view: View, legal: list[Action], sampler: Sampler, allowed: set[Action], prior: Action | None
    ) -> Action:
        """Search the root actions `allowed` (with `prior`, the policy's choice, if
        any) within the budget: `act_searching` after its choice of candidates, and
        what a caller that chose them itself (agents/turn_search.py) runs."""
        me: Role = view["role"]
        self._me = me
        root = Node(None)
        allowed = set(allowed)
        self._prior = None
        if prior is not None:
            allowed.add(prior)
            self._prior = (me, prior)
        self._clock = clock = self.budget.clock()
        seconds, cap = self.budget.seconds, self.time_cap  # the cap: a host's bound, in wall time
        if cap is not None and not self.budget.cpu:  # one clock: one deadline, the sooner
            seconds, cap = (min(seconds, cap) if seconds else cap), None
        self._deadline = clock() + seconds if seconds else None
        self._wall_deadline = time.perf_counter() + cap if cap is not None else None
        iterations = 0
        self.work = 0
        while True:
            if self.budget.iterations is not None and iterations >= self.budget.iterations:
                break
            if self.budget.actions is not None and self.work >= self.budget.actions:
                break
            if iterations and self._time_up():
                break
            self._iterate(root, sampler.sample(self.rng), me, allowed)
            iterations += 1
        visits = {a: n.visits for (role, a), n in root.children.items() if role == me and a in allowed}
        def rank(action: Action) -> tuple[int, float]:
            child = root.children.get((me, action))
            return (visits.get(action, 0), child.mean(me) if child is not None else -1.0)

        best = max(sorted(allowed, key=legal.index), key=rank)
        if self._prior is not None and best != self._prior[1]:
            # overrule the heuristic only when the search is clearly surer of another move
            kept = root.children.get(self._prior)
            chosen = root.children.get((me, best))
            if kept is not None and chosen is not None and chosen.mean(me) < kept.mean(me) + self.margin:
                best = self._prior[1]
        self.last = {"iterations": iterations, "visits": visits, "work": self.work}
        return best

    def _candidates(self, view: View, legal: list[Action]) -> list[Action]:
        """The root actions worth searching: all of them, or, where the ruleset scores
        actions, its best `width` (a small budget spread over forty moves learns
        nothing about any of them); where it does not but `runner_ups` is set, the
        heuristic's `width` first choices (`runner_ups`)."""
        if len(legal) <= self.width:
            return legal
        if self.scores is None:
            if self.runner_ups and self.policy is not None:
                return runner_ups(self.policy, view, legal, self.width)
            return legal
        scored = self.scores(view, legal)
        if not scored:
            return legal
        ranked = sorted(legal, key=lambda a: -scored.get(a, -math.inf))  # stable: legal order on ties
        return ranked[: self.width]

    # ----- one iteration ------------------------------------------------------------
    def _iterate(self, root: Node, game: State, me: Role, allowed: set[Action]) -> None:
        roles = game.roles
        path = [root]
        node = root
        expanded = False
        while not expanded and not game.is_over():
            role = game.active_roles()[0]
            legal = game.legal_actions(role)
            if node is root and role == me:
                legal = [a for a in legal if a in allowed]
            if len(legal) == 1:  # forced: no decision to learn, no node
                game.apply(role, legal[0])
                self.work += 1
                continue
            untried = []
            for action in legal:
                child = node.children.get((role, action))
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried:
                action = self._first_try(game, role, untried, node is root)
                child = Node(role)
                child.avail = 1
                node.children[(role, action)] = child
                expanded = True
            else:
                action = self._select(node, role, legal)
                child = node.children[(role, action)]
            game.apply(role, action)
            self.work += 1
            path.append(child)
            node = child
        rewards = self._rollout(game, roles)
        for visited in path:
            visited.visits += 1
            for r, value in rewards.items():
                visited.totals[r] = visited.totals.get(r, 0.0) + value

    def _select(self, node: Node, role: Role, legal: list[Action]) -> Action:
        """UCB1 over the actions legal here, with ISMCTS availability counts."""
        best_action, best_score = legal[0], -math.inf
        c = self.exploration
        for action in legal:
            child = node.children[(role, action)]
            score = child.mean(role) + c * math.sqrt(math.log(child.avail) / child.visits)
            if node.role is None and (role, action) == self._prior:
                score += self.prior_weight / (1 + child.visits)
            if score > best_score:
                best_action, best_score = action, score
        return best_action

    def _first_try(self, game: State, role: Role, untried: list[Action], at_root: bool) -> Action:
        """Expand the root's prior first; with heuristic rollouts, the policy's choice
        anywhere (it is too dear to ask at every node otherwise); else at random."""
        if at_root and self._prior is not None and self._prior[0] == role and self._prior[1] in untried:
            return self._prior[1]
        if self.policy is not None and self.rollouts == "heuristic" and len(untried) > 1:
            choice = self.policy.act(self._policy_view(game, role), untried)
            if choice in untried:
                return choice
        return untried[self.random.randrange(len(untried))]

    def _policy_view(self, game: State, role: Role) -> View:
        """The rollout policy plays each role from that role's view of the
        determinization: the searcher's own knowledge for its moves, and for another
        role's what the searcher imagines it sees (its hidden data were re-drawn by
        the sampler, so no real secret of theirs is in it)."""
        assert self.policy is not None
        return policy_view(self.policy, game, role)

    def _time_up(self) -> bool:
        if self._deadline is not None and self._clock() >= self._deadline:
            return True
        return self._wall_deadline is not None and time.perf_counter() >= self._wall_deadline

    def _rollout(self, game: State, roles: list[Role]) -> dict[Role, float]:
        policy = self.policy if self.rollouts == "heuristic" else None
        timed = self._deadline is not None or self._wall_deadline is not None
        # out of time: cut and scored as a running game
        stop = self._time_up if timed else None
        depth, epsilon = self.rollout_depth, self.epsilon
        self.work += play_out(game, depth, policy, epsilon, self.random, stop, ROLLOUT_CHECK)
        assert self._me is not None
        return outcome(game, roles, self._me, self.evaluate)
