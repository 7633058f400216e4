"""What an RL policy sees and chooses: the action index and the observation arrays.

Action index
    Two indexes, chosen by the environments' `index` option:
    - "fixed" (the default where the ruleset declares its action space, see
      action_space.py): slot k means the same action in every position of the
      scenario; the space is `Discrete(size)` of the declaration, and the mask marks
      the slots of the legal list (only the legal list is encoded, never the space).
    - "legal" (the fallback, and the only index of a ruleset without a declaration):
      action k is the k-th action of the acting role's legal list, which the core
      keeps sorted and duplicate-free (`State.legal_actions`), so the index is fixed
      *given the position*; the space is `Discrete(max_actions)` and the mask marks
      the first len(legal) slots. `max_actions` is a per-ruleset cap (an action list
      longer than it is an error, never silently cut).
    Either way `actions(agent)` names the legal actions and `describe_action_space()`
    documents the index (docs/simlab.md, "RL environments").

Observation (a Dict space, the same for every role)
    "observation"   float32 vector, documented by `feature_names`:
                    [0:n]      one-hot of the observing role, in seating order;
                    [n:2n]     1 for each role that must act now;
                    [2n:3n]    each role's share of the board's "scores", where the
                               view has them (0 otherwise);
                    [3n]       legal actions of the observer / max_actions (the
                               cap of the legal index, with either index);
                    [3n+1]     actions played so far / the env's action limit;
                    then       the ruleset's own features, if its ai module (or a
                               `features` module of the ruleset's) defines
                               `observe(view) -> list[float]` and `OBSERVATION_SIZE`
                               (named "ruleset:NAME" after its `OBSERVATION_NAMES`
                               where it has them, else by position; Viktory II's ai,
                               Victory's, HGW's and Virtuti's features modules).
                    A features module may also define
                    `observation_view(state, role) -> dict`: the parts of
                    `state.view(role)` that `observe` and this vector read
                    ("role", "roles", and of "board" what `observe` reads and
                    "scores" where the board has them), built without the rest of
                    the view; the observation is then computed from it (Victory's
                    saves its whole board view each step, issue 25). It must give
                    the same vector as the whole view (tests/rl check it on games).
    "action_mask"   int8 vector of the index's size: 1 for a legal action index.
    The whole JSON view (what a person in that seat sees) is in `infos[agent]["view"]`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from grognard.core.game import Action, State
from grognard.seams import seam

#: The action cap of the "legal" index (the legal list in order).
DEFAULT_MAX_ACTIONS = 512

Observe = Callable[[dict[str, Any]], Sequence[float]]
#: A ruleset's `observation_view(state, role)`: the parts of the view `observe` reads.
ViewOf = Callable[[State, str], dict[str, Any]]


class ActionIndexError(ValueError):
    """An index that names no legal action, or a legal list longer than the space."""


def _observation(ruleset_id: str) -> Any | None:
    """The ruleset's "observation" seam (grognard/seams.py), or None."""
    return seam(ruleset_id, "observation")


def ruleset_hooks(ruleset_id: str) -> tuple[int, Observe | None, int]:
    """(max_actions, observe, its size) from the ruleset's observation seam, or defaults.
    The cap is the index's default: a ruleset with more legal actions at once declares an
    action space (rl/action_space.py), whose index has no cap."""
    module = _observation(ruleset_id)
    if module is None or module.OBSERVATION_SIZE <= 0:
        return DEFAULT_MAX_ACTIONS, None, 0
    observe: Observe = module.observe
    return DEFAULT_MAX_ACTIONS, observe, int(module.OBSERVATION_SIZE)


def ruleset_legal_cap(ruleset_id: str) -> int:
    """The legal-action index's cap for a scenario the ruleset's action space leaves out:
    its observation's `LEGAL_INDEX_CAP` when it declares one (a scenario whose legal lists
    outgrow the default: Hitler's Global War's Campaign Game IV), else the default. The
    fixed index keeps the default, so the observations of declared scenarios do not move."""
    module = _observation(ruleset_id)
    return int(getattr(module, "LEGAL_INDEX_CAP", DEFAULT_MAX_ACTIONS))


def ruleset_observation_view(ruleset_id: str) -> ViewOf | None:
    """The ruleset's `observation_view` seam (beside its `observe`), or None: then the
    observation is computed from the whole view."""
    module = seam(ruleset_id, "observation_view")
    return module.observation_view if module is not None else None


def ruleset_info_copy(ruleset_id: str) -> bool:
    """Whether a copy of the ruleset's game costs less than one of its views (its
    observation's `INFO_COPY`): the environments then keep an info held across a
    step by a copy of the game rather than by building its view (envs.py)."""
    module = _observation(ruleset_id)
    return bool(module.INFO_COPY) if module is not None else False


def ruleset_feature_names(ruleset_id: str, extra: int) -> list[str]:
    """Names of the ruleset's own features: its `OBSERVATION_NAMES` when it names as
    many as `observe` gives, else their positions."""
    module = _observation(ruleset_id)
    names = module.OBSERVATION_NAMES if module is not None else None
    if names is not None and len(names) == extra:
        return [str(n) for n in names]
    return [str(i) for i in range(extra)]


def feature_names(roles: Sequence[str], extra: int, ruleset_names: Sequence[str] = ()) -> list[str]:
    """One name per entry of the "observation" vector (`ruleset_names`: the
    ruleset's own, from `ruleset_feature_names`; by position when not given)."""
    names = [f"me:{r}" for r in roles] + [f"active:{r}" for r in roles] + [f"score:{r}" for r in roles]
    own = list(ruleset_names) if len(ruleset_names) == extra else [str(i) for i in range(extra)]
    names += ["legal_fraction", "progress"] + [f"ruleset:{n}" for n in own]
    return names


def legal_for(state: State, role: str, max_actions: int) -> list[Action]:
    legal = state.legal_actions(role)
    if len(legal) > max_actions:
        raise ActionIndexError(
            f"{role} has {len(legal)} legal actions, more than the index's {max_actions}: "
            "raise max_actions for this ruleset"
        )
    return legal


def observation(
    state: State,
    role: str,
    action_mask: np.ndarray,
    legal_count: int,
    max_actions: int,
    played: int,
    limit: int,
    observe: Observe | None,
    extra: int,
    view_of: ViewOf | None = None,
) -> dict[str, np.ndarray]:
    """The observation of `role`, given its action mask (either index) and how many
    legal actions it has; `view_of`: the ruleset's `observation_view`, which gives
    the parts of the view this reads (the whole view when None)."""
    roles = state.roles
    n = len(roles)
    vector = np.zeros(3 * n + 2 + extra, dtype=np.float32)
    vector[roles.index(role)] = 1.0
    for active in state.active_roles():
        vector[n + roles.index(active)] = 1.0
    view = view_of(state, role) if view_of is not None else state.view(role)
    board = view.get("board")
    scores = board.get("scores") if isinstance(board, dict) else None
    if isinstance(scores, dict):
        total = sum(max(0.0, float(v)) for v in scores.values())
        for i, r in enumerate(roles):
            vector[2 * n + i] = max(0.0, float(scores.get(r, 0))) / total if total else 0.0
    vector[3 * n] = float(legal_count) / max_actions
    vector[3 * n + 1] = min(1.0, played / limit)
    if observe is not None:
        values = np.asarray(observe(view), dtype=np.float32)
        if values.shape != (extra,):
            raise ValueError(f"the ruleset's observe() gave {values.shape}, not ({extra},)")
        vector[3 * n + 2 :] = values
    return {"observation": vector, "action_mask": action_mask}
