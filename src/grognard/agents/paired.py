"""A root search by paired rollouts: each candidate move is played out on the same
determinization, with the same dice and the same rollout choices, and judged by
its difference from the heuristic's own choice.

Why (docs/simlab.md, "Victory: why the search keeps the heuristic's moves, and
paired rollouts"): a tree search compares moves on
different dice, and in a game where a move's effect is small beside the dice (a
Victory block that retreats rather than fires changes a win chance by a percent or
two; one battle's dice by ten) a few hundred simulated actions never tell the moves
apart, so the search kept the heuristic's choice at almost every decision. Played
on common random numbers, the dice cancel out of the difference: what is left is
the move's own effect plus the rollout policy's noise, so far fewer rollouts show
it, and a plain statistical test says when it is shown.

One round of the search takes one determinization from the sampler (what the
searching role may know, the rest re-drawn, the dice re-seeded from the agent's
own generator) and one seed for the rollouts; each candidate is applied to a copy
of it and played on by the ruleset's heuristic (`epsilon` of its choices random)
for `depth` actions, then scored by the ruleset's evaluation from the searching
role's view. Rounds run until the budget of simulated actions is spent. A
candidate overrules the heuristic's choice only when its mean difference is at
least `margin` and `z` standard errors above zero; the largest such difference
wins. Everything is drawn from the agent's own generators: the same seed and
budget give the same move.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from grognard.core.game import Action, Role, State
from grognard.core.rng import Rng

from .mcts import Evaluate, PolicyFactory, Sampler
from .rollout import outcome, play_out


@dataclass
class PairedResult:
    """The decision and what it rests on: rounds played, simulated actions, and per
    candidate the mean difference from the heuristic's choice and its standard error."""

    action: Action
    rounds: int = 0
    work: int = 0
    differences: dict[Action, tuple[float, float]] = field(default_factory=dict)


@dataclass(frozen=True)
class PairedSearch:
    """The settings of a paired root search (see the module text)."""

    evaluate: Evaluate
    policy: PolicyFactory
    depth: int = 8
    epsilon: float = 0.1
    margin: float = 0.01
    z: float = 1.64

    def decide(
        self,
        sampler: Sampler,
        me: Role,
        candidates: list[Action],
        prior: Action,
        budget: int,
        rng: Rng,
        draw: random.Random,
        time_cap: float | None = None,
    ) -> PairedResult:
        """The move among `candidates` (which hold `prior`) within `budget` actions,
        and, as a host's safety net, within `time_cap` seconds of wall time (checked
        between rounds; the first round is always played)."""
        values: dict[Action, list[float]] = {a: [] for a in candidates}
        out = PairedResult(prior)
        deadline = time.perf_counter() + time_cap if time_cap is not None else None
        while out.work < budget:
            if out.rounds and deadline is not None and time.perf_counter() >= deadline:
                break
            base = sampler.sample(rng)
            seed = draw.getrandbits(32)
            for action in candidates:
                game = base.clone()
                game.keep_undo = False
                game.apply(me, action)
                value, work = self._rollout(game, me, seed)
                values[action].append(value)
                out.work += 1 + work
            out.rounds += 1
        return self._judge(out, values, prior)

    def _rollout(self, game: State, me: Role, seed: int) -> tuple[float, int]:
        """The searching role's share of the win after `depth` actions from `game`,
        and the actions played; the same `seed` plays the same rollout choices."""
        steps = play_out(game, self.depth, self.policy(seed), self.epsilon, random.Random(seed))
        return outcome(game, game.roles, me, self.evaluate)[me], steps

    def _judge(self, out: PairedResult, values: dict[Action, list[float]], prior: Action) -> PairedResult:
        base = values[prior]
        best, best_mean = prior, 0.0
        for action, mine in values.items():
            if action == prior or not mine:
                continue
            diffs = [a - b for a, b in zip(mine, base, strict=True)]
            mean = sum(diffs) / len(diffs)
            n = len(diffs)
            error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else math.inf
            out.differences[action] = (mean, error)
            if mean >= self.margin and mean > self.z * error and mean > best_mean:
                best, best_mean = action, mean
        out.action = best
        return out
