"""PettingZoo environments over the core contract, for every ruleset and scenario.

- `GrognardAEC`: turn after turn, as the game asks: the selected agent is the first
  role the game waits for (the same order the headless game loop uses).
- `GrognardParallel`: every live role submits an action each step; the actions of
  the roles the game waits for are applied (in seating order), the others are
  ignored (their mask is all zero). Secret simultaneous choices (several roles
  active at once) are decided together; a turn-based ruleset works too, one role
  at a time. Here an index that names no legal action wraps around (the legal
  action at position index mod the number of legal actions): PettingZoo's parallel
  seed test samples without the mask, and a batch of environments should not stop
  on one unmasked sample. The AEC environment refuses such an index (ActionIndexError).

Action index (`index=`): "fixed" where the ruleset declares its action space
(action_space.py; slot k means one action in every position), the default there;
"legal" (index k = the k-th legal action) otherwise or on request.
`describe_action_space()` documents it; `actions(agent)` names the legal actions and
`slots(agent)` their indexes.

Rewards come once, at the end: each role's share of the win (1 for a sole winner,
1/k each for a tie between k, 0 for the rest). A game still running after
`max_steps` actions is truncated. Dice come from the game's seeded RNG, seeded by
`reset(seed=...)`; so two environments reset with one seed and given the same
actions play the same game. Action and observation encodings: encoding.py.

Speed (issue 25): `infos[agent]["view"]`, the whole JSON view, is built when it is
first read, not at every step for every agent (three whole Victory views a step made
the environment 16x slower than the engine). An info still held by the caller when
the game moves on keeps the position it was given at (its view is built then, or a
copy of the game is taken, one for all such infos), so it reads
exactly what an eager view would have shown. The observation reads the ruleset's
`observation_view` where it has one (encoding.py). tests/rl/test_rl_env_digests.py
checks that what the environments return is unchanged.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from grognard.agents.rollout import win_shares
from grognard.core.frozen import Frozen
from grognard.core.game import State
from grognard.sim.play import get_ruleset

from .action_space import ActionSpace, LegalSlots
from .encoding import (
    ActionIndexError,
    feature_names,
    legal_for,
    observation,
    ruleset_feature_names,
    ruleset_hooks,
    ruleset_info_copy,
    ruleset_legal_cap,
    ruleset_observation_view,
)

Obs = dict[str, np.ndarray]
#: The two action indexes (encoding.py): a slot per action of the scenario, or the
#: position in the legal list.
INDEXES = ("fixed", "legal")
#: Seeds for resets without one come from this sequence (reproducible per env).
_SEED_SPAN = 2**31


class _PendingView:
    """A view not built yet: of `role` in `state` (or in a position frozen before the game
    moved on: core.game.Frozen, thawed when read), after `ply` actions."""

    __slots__ = ("ply", "role", "state")

    def __init__(self, state: State, role: str) -> None:
        self.role, self.ply = role, len(state.history)
        self.state: State | Frozen[State] = state

    def build(self) -> dict[str, Any]:
        game = self.state.thaw() if isinstance(self.state, Frozen) else self.state
        if len(game.history) != self.ply:
            raise RuntimeError(
                f"this info's view was of the position after {self.ply} actions, but the game was "
                "changed behind the environment's back since: read infos before changing env.game"
            )
        return game.view(self.role)

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        raise TypeError("a pending view is not data: read the info through its dict methods")


class _Info(dict[str, Any]):
    """An agent's info, {"view": the JSON view}, whose view is built on first read.

    Every dict method builds it first, so the info reads, compares, copies, prints and
    pickles as the plain dict it stands for."""

    def _built(self) -> _Info:
        pending = dict.get(self, "view")
        if isinstance(pending, _PendingView):
            dict.__setitem__(self, "view", pending.build())
        return self

    def pending(self) -> _PendingView | None:
        value = dict.get(self, "view")
        return value if isinstance(value, _PendingView) else None

    def __getitem__(self, key: str) -> Any:
        return dict.__getitem__(self._built(), key)

    def get(self, key: str, default: Any = None) -> Any:
        return dict.get(self._built(), key, default)

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self._built())

    def values(self) -> Any:
        return dict.values(self._built())

    def items(self) -> Any:
        return dict.items(self._built())

    def copy(self) -> dict[str, Any]:
        return dict(dict.items(self._built()))

    def pop(self, key: str, *default: Any) -> Any:
        return dict.pop(self._built(), key, *default)

    def popitem(self) -> tuple[str, Any]:
        return dict.popitem(self._built())

    def setdefault(self, key: str, default: Any = None) -> Any:
        return dict.setdefault(self._built(), key, default)

    def __eq__(self, other: object) -> bool:
        return dict.__eq__(self._built(), other)

    def __ne__(self, other: object) -> bool:
        return dict.__ne__(self._built(), other)

    __hash__ = None  # a dict: unhashable

    def __or__(self, other: Any) -> Any:
        return dict.__or__(self._built(), other)

    def __ror__(self, other: Any) -> Any:
        return dict.__ror__(self._built(), other)

    def __repr__(self) -> str:
        return dict.__repr__(self._built())

    def __reduce_ex__(self, protocol: Any) -> Any:
        return (dict, (dict(dict.items(self._built())),))


class _Game:
    """What both environments share: the ruleset, spaces, the game, and its encoding."""

    def __init__(
        self,
        ruleset: str,
        scenario: str | None,
        options: Mapping[str, Any] | None,
        max_actions: int | None,
        max_steps: int,
        index: str | None,
    ) -> None:
        self.rules = get_ruleset(ruleset)
        self.scenario = scenario
        self.options = dict(options or {})
        _, resolved = self.rules.resolve(scenario, self.options)
        self.roles = self.rules.roles(scenario, resolved)
        cap, self.observe, self.extra = ruleset_hooks(self.rules.id)
        self.max_actions = max_actions or cap
        if index not in (None, *INDEXES):
            raise ValueError(f"index is one of {', '.join(INDEXES)}, not {index!r}")
        self.space = ActionSpace.for_ruleset(self.rules, scenario, self.options) if index != "legal" else None
        if index == "fixed" and self.space is None:
            raise ValueError(f"{self.rules.id} declares no action space: use index='legal'")
        self.index = "fixed" if self.space is not None else "legal"
        if max_actions is None and self.space is None:
            self.max_actions = ruleset_legal_cap(self.rules.id)
        self.size = self.space.size if self.space is not None else self.max_actions
        self._slots: dict[str, tuple[int, LegalSlots]] = {}
        self.max_steps = max_steps
        own_names = ruleset_feature_names(self.rules.id, self.extra)
        self.features = feature_names(self.roles, self.extra, own_names)
        size = len(self.features)
        self.obs_space = spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.size,), dtype=np.int8),
        })
        # one action space per role, each seeded on its own (PettingZoo's seed_test)
        self.act_spaces = {role: spaces.Discrete(self.size) for role in self.roles}
        self.state: State | None = None
        self.played = 0
        self._seeds = np.random.default_rng(0)
        self.view_of = ruleset_observation_view(self.rules.id)
        # infos handed out whose view is not built yet (see `keep_pending`)
        self._pending: list[weakref.ref[_Info]] = []
        self.copy_for_infos = ruleset_info_copy(self.rules.id)

    def new(self, seed: int | None) -> State:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = seed
        else:
            game_seed = int(self._seeds.integers(0, _SEED_SPAN))
        self.state = self.rules.new_game(self.scenario, self.options, game_seed)
        self.state.keep_undo = False
        self.played = 0
        self._slots = {}
        self._pending = []  # infos of the old game keep that game's (untouched) state
        return self.state

    @property
    def game(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() first")
        return self.state

    def legal(self, role: str) -> LegalSlots:
        """The legal list of `role` now with its slots (kept until the next action)."""
        known = self._slots.get(role)
        if known is not None and known[0] == self.played:
            return known[1]
        game = self.game
        if self.space is not None:
            found = self.space.legal_slots(game, role, game.legal_actions(role))
        else:
            legal = legal_for(game, role, self.max_actions)
            found = LegalSlots(list(range(len(legal))), legal)
        self._slots[role] = (self.played, found)
        return found

    def observe_role(self, role: str) -> Obs:
        slots = self.legal(role)
        return observation(self.game, role, slots.mask(self.size), len(slots.legal), self.max_actions,
                           self.played, self.max_steps, self.observe, self.extra, self.view_of)

    def info(self, role: str) -> dict[str, Any]:
        """{"view": the view of `role` now}, the view built when first read."""
        made = _Info(view=_PendingView(self.game, role))
        self._pending.append(weakref.ref(made))
        return made

    def keep_pending(self) -> None:
        """Before the game changes: the infos still held whose view is not built keep
        this position: one such info builds its view now, several share the position
        frozen (`State.freeze`: the data encoded now, decoded only if an info is read)
        to build theirs from when read (both give the same views). A ruleset whose
        copy costs less than one of its views says so (`INFO_COPY = True` in its
        features module: Victory's copy costs a sixth of its view), and a single held
        info gets the frozen position too."""
        game = self.game
        held = [
            info for ref in self._pending
            if (info := ref()) is not None and (p := info.pending()) is not None and p.state is game
        ]
        self._pending = []
        if not held:
            return
        if len(held) > 1 or self.copy_for_infos:
            twin = game.freeze()
            for info in held:
                pending = info.pending()
                if pending is not None:
                    pending.state = twin
        else:
            held[0]._built()

    def choose(self, role: str, index: int, wrap: bool = False) -> Any:
        """The legal action `index` names for `role` now (ActionIndexError if none)."""
        slots = self.legal(role)
        if not slots.legal:
            raise ActionIndexError(f"{role} has no legal action now")
        try:
            action = slots.action(int(index))
        except ActionIndexError:
            if not wrap:
                raise
            # the Parallel env's unmasked sample: the legal action at that position, mod the count
            action = slots.legal[int(index) % len(slots.legal)]
        return action

    def apply(self, role: str, action: Any) -> None:
        """Play `action` (from `choose`); the caller drops its own infos first."""
        self.keep_pending()
        self.game.apply(role, action)
        self.played += 1

    def describe(self) -> dict[str, Any]:
        """The action index of this environment (docs/simlab.md, "RL environments")."""
        if self.space is None:
            return {"index": "legal", "size": self.size,
                    "meaning": "index k is the k-th action of the acting role's sorted legal list"}
        return {"index": "fixed", "size": self.size, "name": self.space.name,
                "keyed": self.space.keys is not None, "families": self.space.describe()}

    def rewards(self) -> dict[str, float]:
        result = self.game.result()
        return win_shares(result, self.roles) if result is not None else dict.fromkeys(self.roles, 0.0)


class GrognardAEC(AECEnv[str, Obs, int]):
    """A grognard game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "grognard_aec_v0", "render_modes": ["ansi"], "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: str,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        max_actions: int | None = None,
        max_steps: int = 100_000,
        render_mode: str | None = None,
        index: str | None = None,
    ) -> None:
        super().__init__()
        self._g = _Game(ruleset, scenario, options, max_actions, max_steps, index)
        self.possible_agents = list(self._g.roles)
        self.render_mode = render_mode

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._g.obs_space  # one object per agent, as PettingZoo asks

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._g.act_spaces[agent]

    @property
    def game(self) -> State:
        """The game being played (for tools and tests; a policy should use observe)."""
        return self._g.game

    @property
    def features(self) -> list[str]:
        """One name per entry of an observation's "observation" vector."""
        return list(self._g.features)

    def actions(self, agent: str) -> list[Any]:
        """The legal actions of `agent` now, in the core's order (the legal index:
        action k = entry k; the fixed index: entry i has slot `slots(agent)[i]`)."""
        return self._g.game.legal_actions(agent)

    def slots(self, agent: str) -> list[int]:
        """The index of each entry of `actions(agent)`."""
        return list(self._g.legal(agent).ids)

    def describe_action_space(self) -> dict[str, Any]:
        """The action index: "fixed" (families: kind, first slot, count, domain sizes)
        or "legal"."""
        return self._g.describe()

    @property
    def index(self) -> str:
        """"fixed" or "legal" (encoding.py)."""
        return self._g.index

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._g.new(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: self._g.info(a) for a in self.agents}
        self.agent_selection = self._g.game.active_roles()[0]

    def observe(self, agent: str) -> Obs:
        return self._g.observe_role(agent)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent whose game is over")
        self._cumulative_rewards[agent] = 0.0
        chosen = self._g.choose(agent, int(action))
        self.infos = {}  # the env's own hold on the infos: only the caller's keep a copy
        self._g.apply(agent, chosen)
        game = self._g.game
        if game.is_over():
            self.rewards = self._g.rewards()
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._g.played >= self._g.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self.infos = {a: self._g.info(a) for a in self.agents}
        self._accumulate_rewards()
        active = game.active_roles()
        self.agent_selection = active[0] if active else self.agents[0]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        game = self._g.game
        return f"{self._g.rules.id}: {game.view(None)['prompt']} (actions played: {self._g.played})"

    def close(self) -> None:
        pass


class GrognardParallel(ParallelEnv[str, Obs, int]):
    """A grognard game as a PettingZoo Parallel environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "grognard_parallel_v0", "render_modes": []}

    def __init__(
        self,
        ruleset: str,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        max_actions: int | None = None,
        max_steps: int = 100_000,
        index: str | None = None,
    ) -> None:
        self._g = _Game(ruleset, scenario, options, max_actions, max_steps, index)
        self.possible_agents = list(self._g.roles)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._g.obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._g.act_spaces[agent]

    @property
    def game(self) -> State:
        return self._g.game

    @property
    def features(self) -> list[str]:
        return list(self._g.features)

    def actions(self, agent: str) -> list[Any]:
        """The legal actions of `agent` now (see GrognardAEC.actions)."""
        return self._g.game.legal_actions(agent)

    def slots(self, agent: str) -> list[int]:
        return list(self._g.legal(agent).ids)

    def describe_action_space(self) -> dict[str, Any]:
        return self._g.describe()

    @property
    def index(self) -> str:
        return self._g.index

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        self._g.new(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: self._g.info(a) for a in self.agents}

    def _observations(self) -> dict[str, Obs]:
        return {a: self._g.observe_role(a) for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
    ]:
        game = self._g.game
        for role in [r for r in self.possible_agents if r in game.active_roles()]:
            if role not in actions:
                raise ValueError(f"{role} must act this step")
            if game.is_over() or role not in game.active_roles():
                continue  # an earlier action this step ended the game or the choice
            self._g.apply(role, self._g.choose(role, int(actions[role]), wrap=True))
        over = game.is_over()
        cut = not over and self._g.played >= self._g.max_steps
        rewards = self._g.rewards() if over else dict.fromkeys(self.agents, 0.0)
        observations = self._observations()
        infos = {a: self._g.info(a) for a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        rewards = {a: rewards[a] for a in self.agents}
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def env(ruleset: str, **kwargs: Any) -> GrognardAEC:
    """`grognard.rl.env("viktory2", options={"players": 3})`: an AEC environment."""
    return GrognardAEC(ruleset, **kwargs)


def parallel_env(ruleset: str, **kwargs: Any) -> GrognardParallel:
    """A Parallel environment (several roles may decide at once)."""
    return GrognardParallel(ruleset, **kwargs)
