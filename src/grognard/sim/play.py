"""One headless game between agents: the pure function every backend runs.

    play(GameConfig("viktory2", seats=("heuristic", "random")), seed=7)

The result depends only on (config, seed): the game and each agent are seeded from
`seed`, nothing reads the clock or global randomness. So a batch gives the same
numbers on one core, many processes or a cluster.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from grognard import games
from grognard.agents.base import Agent
from grognard.agents.mcts import StateSampler
from grognard.agents.registry import make_agent
from grognard.core.errors import BadOptions, UnknownRuleset
from grognard.core.game import Action, Result, Ruleset, State
from grognard.core.registry import Registry
from grognard.core.replay import digest, make_replay

#: A game that has not ended after this many actions is reported as unfinished.
MAX_ACTIONS = 200_000
#: The score timeline (for rulesets whose board view has "scores") takes a point
#: every this many actions: often enough for a plot, rare enough to cost nothing.
TIMELINE_EVERY = 25


@dataclass(frozen=True)
class GameConfig:
    """What to play: a ruleset (registry id, or "package.module:NAME" for a ruleset
    that is not registered), its scenario and options, and one agent name per seat.

    Seat i plays role i of `ruleset.roles(...)`, or role (i + rotation) mod n.
    """

    ruleset: str
    seats: tuple[str, ...]
    scenario: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    rotation: int = 0
    keep_replay: bool = False
    max_actions: int = MAX_ACTIONS

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "seats": list(self.seats),
            "scenario": self.scenario,
            "options": dict(self.options),
            "rotation": self.rotation,
            "keep_replay": self.keep_replay,
            "max_actions": self.max_actions,
        }

    @classmethod
    def from_json(cls, blob: Mapping[str, Any]) -> GameConfig:
        return cls(
            ruleset=str(blob["ruleset"]),
            seats=tuple(str(s) for s in blob["seats"]),
            scenario=blob.get("scenario"),
            options=dict(blob.get("options") or {}),
            rotation=int(blob.get("rotation", 0)),
            keep_replay=bool(blob.get("keep_replay", False)),
            max_actions=int(blob.get("max_actions", MAX_ACTIONS)),
        )

    def rotated(self, rotation: int) -> GameConfig:
        return replace(self, rotation=rotation)


def registry() -> Registry:
    """The registry rulesets are looked up in: the games package's, read at each call
    (so that tests may swap `grognard.games.REGISTRY`)."""
    reg: Registry = games.REGISTRY
    return reg


def get_ruleset(ref: str) -> Ruleset:
    """A registered ruleset by id, or one named by "package.module:ATTRIBUTE"."""
    if ":" not in ref:
        return registry().get(ref)
    module_name, _, attr = ref.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UnknownRuleset(f"cannot import ruleset module {module_name!r}: {exc}") from None
    ruleset = getattr(module, attr, None)
    if not isinstance(ruleset, Ruleset):
        raise UnknownRuleset(f"{ref!r} does not name a Ruleset")
    return ruleset


def seat_roles(roles: list[str], rotation: int) -> list[str]:
    """The role each seat plays: seat i plays role (i + rotation) mod n."""
    n = len(roles)
    return [roles[(i + rotation) % n] for i in range(n)]


def agent_seed(seed: int, seat: int) -> int:
    """A seed for seat `seat`'s agent, independent of the game's own seed stream."""
    return int(np.random.SeedSequence([seed, seat + 1]).generate_state(1)[0])


def check_seats(ruleset: Ruleset, config: GameConfig) -> list[str]:
    """The roles of the configured game; BadOptions if the seat count is wrong."""
    roles = ruleset.roles(config.scenario, ruleset.resolve(config.scenario, config.options)[1])
    if len(config.seats) != len(roles):
        raise BadOptions(
            f"{ruleset.id} with these options has {len(roles)} roles ({', '.join(roles)}) "
            f"but {len(config.seats)} seat(s) were given: {', '.join(config.seats) or 'none'}"
        )
    return roles


def make_agents(ruleset: Ruleset, config: GameConfig, seed: int) -> list[Agent]:
    """One agent per seat (raises UnknownAgent for an unknown name)."""
    return [make_agent(name, ruleset.id, agent_seed(seed, i)) for i, name in enumerate(config.seats)]


def decide(agent: Agent, state: State, role: str, legal: list[Action]) -> Action:
    """`agent`'s choice for `role`: from its view and legal list, plus, for a search
    agent (`wants_sampler`), a sampler of determinizations from that role's
    knowledge; no agent ever receives the state itself."""
    view = state.view(role) if agent.wants_view else {}
    searching = getattr(agent, "act_searching", None)
    if getattr(agent, "wants_sampler", False) and callable(searching):
        action: Action = searching(view, legal, StateSampler(state, role))
        return action
    return agent.act(view, legal)


def self_play(ruleset_id: str, scenario: str | None, seed: int, agent: str = "heuristic") -> Iterator[State]:
    """A game of `agent` in every seat (seat i seeded `seed` * 10 + i), given to the
    caller as the state before each action and once more when it is over: the loop
    behind the evaluation's fit (scripts/fit_victory_evaluation.py) and its
    calibration (benchmarks/eval_calibration.py), which sample positions from it.
    The caller reads the state between actions and must not change it."""
    state = get_ruleset(ruleset_id).new_game(scenario, {}, seed)
    agents = {r: make_agent(agent, ruleset_id, seed * 10 + i) for i, r in enumerate(state.roles)}
    while not state.is_over():
        yield state
        role = state.active_roles()[0]
        state.apply(role, decide(agents[role], state, role, state.legal_actions(role)))
    yield state


def winners_of(result: Result | None) -> list[str]:
    """The roles with the best score (several means a draw between them)."""
    if not result:
        return []
    best = max(result.values())
    return sorted(role for role, score in result.items() if score == best)


def play(
    config: GameConfig,
    seed: int,
    on_action: Callable[[State], None] | None = None,
) -> dict[str, Any]:
    """Play one game to its end and report it.

    Returns {"seed", "rotation", "seats", "roles" (role per seat), "result" (score
    per role, None if unfinished), "winners" (winning seat indexes; several = draw),
    "draw", "unfinished", "actions", "turns" (when the view exposes board.turns),
    "timeline" (when it exposes board.scores: [actions, turns, scores] every
    TIMELINE_EVERY actions and at the end), "order" (the turn order after set-up,
    when the view exposes board.order), and "replay" when config.keep_replay}.
    `on_action` (for a live log) is called with the state after set-up and after
    every action; agents never see it.
    """
    ruleset = get_ruleset(config.ruleset)
    roles = check_seats(ruleset, config)
    agents = make_agents(ruleset, config, seed)
    by_role = dict(zip(seat_roles(roles, config.rotation), agents, strict=True))
    seat_of = {role: i for i, role in enumerate(seat_roles(roles, config.rotation))}

    state = ruleset.new_game(config.scenario, config.options, seed)
    state.keep_undo = False
    order = _turn_order(state)
    if on_action is not None:
        on_action(state)
    digests: list[str] = []
    actions = 0
    timeline: list[list[Any]] = []
    while not state.is_over() and actions < config.max_actions:
        if actions % TIMELINE_EVERY == 0:
            _timeline_point(state, actions, timeline)
        active = state.active_roles()
        if not active:
            raise RuntimeError(f"{ruleset.id}: the game is not over but nobody is to act")
        role = active[0]
        agent = by_role[role]
        legal = state.legal_actions(role)
        state.apply(role, decide(agent, state, role, legal))
        actions += 1
        if config.keep_replay:
            digests.append(digest(state))
        if on_action is not None:
            on_action(state)

    _timeline_point(state, actions, timeline)
    result = state.result()
    best = winners_of(result)
    turns = _turns(state)
    out: dict[str, Any] = {
        "seed": seed,
        "rotation": config.rotation,
        "seats": list(config.seats),
        "roles": seat_roles(roles, config.rotation),
        "result": dict(result) if result is not None else None,
        "winners": sorted(seat_of[r] for r in best),
        "draw": len(best) > 1,
        "unfinished": result is None,
        "actions": actions,
        "turns": turns,
    }
    if timeline:
        out["timeline"] = timeline
    if order is not None:
        out["order"] = order
    if config.keep_replay:
        out["replay"] = make_replay(state, digests)
    return out


def _turn_order(state: State) -> list[str] | None:
    """The turn order after set-up, when the observer's board shows it as "order"
    (Viktory II draws its first player, 4.0): balance reports need who moved first,
    which the seating order does not tell."""
    board = state.view(None).get("board")
    order = board.get("order") if isinstance(board, dict) else None
    if isinstance(order, list) and sorted(map(str, order)) == sorted(state.roles):
        return [str(role) for role in order]
    return None


def _timeline_point(state: State, actions: int, timeline: list[list[Any]]) -> None:
    """[actions, turns, {role: score}] when the observer's board shows "scores"."""
    board = state.view(None).get("board")
    scores = board.get("scores") if isinstance(board, dict) else None
    if isinstance(scores, dict):
        turns = board.get("turns") if isinstance(board, dict) else None
        timeline.append([actions, turns if isinstance(turns, int) else None, dict(scores)])


def _turns(state: State) -> int | None:
    board = state.view(None).get("board")
    turns = board.get("turns") if isinstance(board, dict) else None
    return turns if isinstance(turns, int) and not isinstance(turns, bool) else None
