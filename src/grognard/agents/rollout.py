"""A rollout: a determinization played on by a policy for a number of actions, and
the result it reaches, shared by the tree search (`mcts.py`) and the paired root
search (`paired.py`).

A rollout's moves are the policy's, except an `epsilon` share drawn at random (and
every move at random when there is no policy): a little noise keeps a heuristic's
blind spots from being the only future a search ever sees. Each role is played from
its own view of the determinization: the searcher's knowledge for its moves, and for
another role's what the searcher imagines that role sees (its hidden data were
re-drawn by the sampler, so no real secret of theirs is in it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from grognard.core.game import Result, Role, State

from .base import Agent, View


def win_shares(result: Result, roles: list[Role]) -> dict[Role, float]:
    """1 for a sole best score, 1/k each for a tie between k, 0 for the rest."""
    best = max(result.values())
    top = [r for r in roles if result.get(r) == best]
    return {r: (1 / len(top) if r in top else 0.0) for r in roles}


def policy_view(policy: Agent, game: State, role: Role) -> View:
    """What `policy` is shown to play `role` in a determinization: that role's search
    view, or nothing for a policy that reads no view (the random agent)."""
    return game.search_view(role) if policy.wants_view else {}


def play_out(
    game: State,
    depth: int,
    policy: Agent | None,
    epsilon: float,
    draw: random.Random,
    stop: Callable[[], bool] | None = None,
    check_every: int = 1,
) -> int:
    """Plays `game` on, in place, for at most `depth` actions or to its end, and
    returns how many actions were applied. `stop`, asked every `check_every` actions,
    cuts the rollout short (a deadline): the game is then scored as it stands."""
    for step in range(depth):
        if stop is not None and step % check_every == check_every - 1 and stop():
            return step
        if game.result() is not None:
            return step
        role = game.active_roles()[0]
        legal = game.legal_actions(role)
        if policy is not None and len(legal) > 1 and draw.random() >= epsilon:
            action = policy.act(policy_view(policy, game, role), legal)
        else:
            action = legal[draw.randrange(len(legal))]
        game.apply(role, action)
    return depth


def outcome(
    game: State, roles: list[Role], me: Role, evaluate: Callable[[View], Mapping[Role, float]]
) -> dict[Role, float]:
    """Each role's share of the win where a rollout stopped: the result's, if the game
    has ended, else `evaluate`'s estimate from the searching role's view of the
    determinization (what it knows plus what was re-drawn for the others, never the
    spectator's view, where Victory hides every block)."""
    result = game.result()
    if result is not None:
        return win_shares(result, roles)
    estimate = evaluate(game.search_view(me))
    return {r: float(estimate.get(r, 0.0)) for r in roles}
