"""The conformance check every ruleset must pass (DESIGN.md, "Quality gates").

`check_ruleset` plays random games to the end and checks the contract at every step:

- no dead end: while the game runs, some active role has a legal action; the game
  ends within `max_actions` (else it is a runaway game);
- legal lists are sorted by `action_key`, duplicate-free, made of JSON-safe tuples;
- every chosen legal action applies without an exception;
- illegal actions (a made-up one, another role's action, an inactive role acting)
  raise `IllegalAction` with a reason and leave the state untouched;
- `to_json` → JSON text → `from_json` gives the same data, history, legal lists and
  views, and `clone()` is independent of its original;
- `view(role)` for every role and the observer is JSON text that carries that role's
  legal actions, and contains none of the strings `state.hidden_tokens(role)` names
  (an optional State method: the secrets of others, spelled as unique strings);
- `sample_consistent(role)` leaves the real state alone and gives a state in which
  `role` sees exactly the same view (it keeps what the role knows);
- undo: an undoable action never crossed a roll; undoing it restores the previous
  data and history exactly, and applying it again gives the same state;
- the replay of the whole game (`make_replay` + `verify_replay`) reproduces the
  digest of every state and the final snapshot.

Cheap checks run at every step; the expensive ones (JSON round trip, views, clones,
illegal actions, samples) at the first step, every `every`-th step and the last
step, or at every step with `thorough=True`. A violation raises AssertionError with
the ruleset, scenario, options, seed, step and action, and how to reproduce it.
Agents choose with a `random.Random` local to each game: never the global one.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Protocol, TypeVar

import msgspec

from .core.errors import IllegalAction
from .core.game import Action, Role, Ruleset, State, action_key, as_action
from .core.replay import digest, make_replay, verify_replay
from .core.rng import Rng

__all__ = ["CheckReport", "check_ruleset", "random_playout"]

T = TypeVar("T")
S = TypeVar("S", bound=State)
NOPE: Action = ("__nope__",)
_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode


class Chooser(Protocol):
    """Anything with `choice`: `random.Random` or the core `Rng`."""

    def choice(self, items: Sequence[T], /) -> T: ...


@dataclass
class CheckReport:
    """What `check_ruleset` played: games, actions, the longest game."""

    games: int = 0
    actions: int = 0
    longest: int = 0


def random_playout(state: S, rng: Chooser, max_actions: int = 20_000) -> S:
    """Play `state` itself to the end with uniformly random choices; returns it.

    Each step picks one active role that has a legal action, then one of its legal
    actions. Pass `state.clone()` to keep the original. Raises RuntimeError on a
    dead end or when the game is not over after `max_actions`.
    """
    for _ in range(max_actions):
        if state.is_over():
            return state
        movers = [role for role in state.active_roles() if state.legal_actions(role)]
        if not movers:
            raise RuntimeError(f"dead end: nobody can act; prompt: {state.view(None)['prompt']}")
        role = rng.choice(movers)
        state.apply(role, rng.choice(state.legal_actions(role)))
    if not state.is_over():
        raise RuntimeError(f"the game is not over after {max_actions} actions")
    return state


def check_ruleset(
    ruleset: Ruleset,
    scenarios: Sequence[str] | None = None,
    games: int = 10,
    seed: int = 0,
    options_list: Sequence[Mapping[str, Any]] | None = None,
    max_actions: int = 20_000,
    thorough: bool = False,
    every: int = 7,
) -> CheckReport:
    """Play `games` random games per scenario and options; AssertionError on a violation.

    Game `i` uses game seed `seed + i` for both the game and its agents, so a failure
    reproduces with `seed=<its seed>, games=1`.
    """
    report = CheckReport()
    for scenario in scenarios if scenarios is not None else [s.id for s in ruleset.scenarios]:
        for options in options_list if options_list is not None else [{}]:
            for game_seed in range(seed, seed + games):
                check = _GameCheck(ruleset, scenario, dict(options), game_seed, max_actions, thorough, every)
                played = check.run()
                report.games += 1
                report.actions += played
                report.longest = max(report.longest, played)
    return report


class _GameCheck:
    """One random game, checked step by step."""

    def __init__(
        self,
        ruleset: Ruleset,
        scenario: str,
        options: dict[str, Any],
        seed: int,
        max_actions: int,
        thorough: bool,
        every: int,
    ) -> None:
        self.ruleset = ruleset
        self.scenario = scenario
        self.options = options
        self.seed = seed
        self.max_actions = max_actions
        self.thorough = thorough
        self.every = max(1, every)
        self.agents = random.Random(seed)
        self.step = 0
        self.doing = "setting up the game"
        self.undo_seen = 0
        # the data before each action of the open undo window, oldest first
        self.window: list[bytes] = []
        self.json_safe: set[Action] = set()  # actions already found JSON-safe

    # ----- reporting ---------------------------------------------------------------
    def fail(self, problem: str) -> AssertionError:
        where = (
            f"check_ruleset {self.ruleset.id}, scenario {self.scenario!r}, options {self.options}, "
            f"seed {self.seed}, step {self.step} ({self.doing})"
        )
        again = (
            f"reproduce with check_ruleset(ruleset, scenarios=[{self.scenario!r}], "
            f"options_list=[{self.options}], seed={self.seed}, games=1)"
        )
        return AssertionError(f"{where}: {problem}; {again}")

    @contextmanager
    def guard(self, what: str) -> Iterator[None]:
        """Turn any unexpected exception inside into an AssertionError with context."""
        self.doing = what
        try:
            yield
        except AssertionError:
            raise
        except Exception as exc:
            raise self.fail(f"{type(exc).__name__}: {exc}") from exc

    # ----- the game ----------------------------------------------------------------
    def run(self) -> int:
        with self.guard("setting up the game"):
            state = self.ruleset.new_game(self.scenario, self.options, self.seed)
        digests: list[str] = []
        self.doing = "the initial state"
        self.check_state(state, expensive=True)
        while True:
            with self.guard("asking who acts"):
                over = state.is_over()
            if over:
                break
            if self.step >= self.max_actions:
                raise self.fail(f"runaway game: not over after {self.max_actions} actions")
            role, action, legal = self.choose(state)
            if self.thorough or self.step % self.every == 0:
                with self.guard(f"trying illegal actions before {role} {list(action)}"):
                    self.check_illegal(state, role, legal)
            with self.guard(f"{role} {list(action)}"):
                before = _encode(state.data)
                log_before = list(state.data["log"])
                draws = state.rng.draws
                state.apply(role, action)
                digests.append(digest(state))
            if state.data["log"][: len(log_before)] != log_before:
                raise self.fail(f"{role} {list(action)} changed earlier log lines: a log may only grow")
            self.step += 1
            with self.guard(f"checking undo after {role} {list(action)}"):
                self.check_undo(state, role, action, before, draws)
            self.doing = f"after {role} {list(action)}"
            with self.guard(self.doing):
                over = state.is_over()
            self.check_state(state, expensive=self.thorough or self.step % self.every == 0 or over)
        self.doing = "replaying the game"
        self.check_replay(state, digests)
        return self.step

    def choose(self, state: State) -> tuple[Role, Action, list[Action]]:
        """A random active role that can act, and one of its legal actions."""
        with self.guard("listing legal actions"):
            active = state.active_roles()
            legal = {role: state.legal_actions(role) for role in active}
            for role, actions in legal.items():
                self.check_legal_list(role, actions)
        if not active:
            raise self.fail("dead end: the game is not over but no role is active")
        movers = [role for role in active if legal[role]]
        if not movers:
            raise self.fail(f"dead end: active roles {active} all have empty legal lists")
        role = self.agents.choice(movers)
        return role, self.agents.choice(legal[role]), legal[role]

    # ----- cheap checks, every step ------------------------------------------------
    def check_legal_list(self, role: Role, actions: list[Action]) -> None:
        keys = [action_key(a) for a in actions]
        if any(later < earlier for earlier, later in pairwise(keys)):
            raise self.fail(f"legal list of {role} is not sorted by action_key: {actions[:20]}")
        if len(set(actions)) != len(actions):
            raise self.fail(f"legal list of {role} has duplicates: {actions[:20]}")
        for action in actions:
            if action in self.json_safe:
                continue
            if not isinstance(action, tuple) or not action:
                raise self.fail(f"legal action {action!r} of {role} is not a non-empty tuple")
            try:
                back = as_action(json.loads(json.dumps(list(action), allow_nan=False)))
            except (TypeError, ValueError, IllegalAction) as exc:
                raise self.fail(f"legal action {action!r} of {role} is not JSON-safe: {exc}") from None
            if back != action:
                raise self.fail(f"legal action {action!r} of {role} comes back from JSON as {back!r}")
            self.json_safe.add(action)

    def check_undo(self, state: State, role: Role, action: Action, before: bytes, draws: int) -> None:
        if not state.can_undo(role):
            self.window = []
            return
        if state.rng.draws != draws:
            raise self.fail(f"{role} may undo {list(action)}, which drew from the RNG")
        self.window.append(before)
        self.undo_seen += 1
        if not self.thorough and (self.undo_seen - 1) % self.every:
            return
        twin = state.clone()
        twin.undo(role)
        if _encode(twin.data) != before:
            raise self.fail(f"undo of {role} {list(action)} does not restore the previous data")
        if twin.history != state.history[:-1]:
            raise self.fail(f"undo of {role} {list(action)} does not restore the previous history")
        twin.apply(role, action)
        if not twin.same_as(state) or twin.history != state.history:
            raise self.fail(f"{role} {list(action)} applied again after undo gives another state")
        self.check_undo_window(state)

    def check_undo_window(self, state: State) -> None:
        """Undo the whole open window, one action at a time: each undo restores the data
        from before that action, and the last one closes the window."""
        twin = state.clone()
        plies = len(state.history)
        for back, before in enumerate(reversed(self.window), start=1):
            last = twin.history[-1][0]
            if not twin.can_undo(last):
                raise self.fail(f"the undo window ends after {back - 1} of its {len(self.window)} actions")
            twin.undo(last)
            if _encode(twin.data) != before or len(twin.history) != plies - back:
                raise self.fail(f"undoing {back} actions back does not restore the data from before them")
        if twin.history and twin.can_undo(twin.history[-1][0]):
            raise self.fail(f"undo goes further back than the {len(self.window)} undoable actions")

    def check_result(self, state: State) -> None:
        result = state.result()
        if result is None:
            return
        if set(result) != set(state.roles):
            raise self.fail(f"result {result} does not score exactly the roles {state.roles}")
        for role, score in result.items():
            if isinstance(score, bool) or not isinstance(score, (int, float)) or not math.isfinite(score):
                raise self.fail(f"result of {role} is {score!r}, not a finite number")
        if state.active_roles():
            raise self.fail(f"the game is over but {state.active_roles()} are still active")

    # ----- expensive checks ----------------------------------------------------------
    def check_state(self, state: State, expensive: bool) -> None:
        with self.guard(self.doing):
            self.check_result(state)
            if not expensive:
                return
            views = self.check_views(state)
            self.check_round_trip(state, views)
            self.check_clone(state)
            self.check_samples(state, views)

    def check_views(self, state: State) -> dict[Role | None, dict[str, Any]]:
        hidden = getattr(state, "hidden_tokens", None)
        views: dict[Role | None, dict[str, Any]] = {}
        for role in [*state.roles, None]:
            view = state.view(role)
            try:
                # the ruleset's own picture too: view() copies it, which would hide a set
                json.dumps(state._view(role), allow_nan=False)
                text = json.dumps(view, allow_nan=False, ensure_ascii=False)
            except (TypeError, ValueError) as exc:
                raise self.fail(f"view({role!r}) is not JSON-safe: {exc}") from None
            legal = [list(a) for a in state.legal_actions(role)] if role is not None else []
            if view.get("legal") != legal:
                raise self.fail(f"view({role!r}) does not carry its legal actions {legal[:20]}")
            if hidden is not None:
                leaked = sorted(token for token in hidden(role) if token in text)
                if leaked:
                    raise self.fail(f"view({role!r}) leaks hidden information: {leaked}")
            views[role] = view
        return views

    def check_round_trip(self, state: State, views: dict[Role | None, dict[str, Any]]) -> None:
        try:  # strict: the standard library refuses sets, NaN and other non-JSON values
            json.dumps(state.data, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise self.fail(f"the game data is not JSON-safe: {exc}") from None
        blob = state.to_json()
        text = _encode(blob)
        restored = self.ruleset.state_class.from_json(self.ruleset, _decode(text))
        if not restored.same_as(state):
            raise self.fail("to_json/from_json changes the game data")
        if restored.history != state.history:
            raise self.fail("to_json/from_json changes the history")
        for role in state.roles:
            if restored.legal_actions(role) != state.legal_actions(role):
                raise self.fail(f"to_json/from_json changes the legal actions of {role}")
            if restored.can_undo(role) != state.can_undo(role):
                raise self.fail(f"to_json/from_json changes whether {role} can undo")
        for seat, seen in views.items():
            if restored.view(seat) != seen:
                raise self.fail(f"to_json/from_json changes view({seat!r})")
        if _encode(restored.to_json()) != text:
            raise self.fail("to_json of a restored game differs from the original's")

    def check_clone(self, state: State) -> None:
        before = _encode(state.data)
        length = len(state.history)
        twin = state.clone()
        if not twin.same_as(state) or twin.history != state.history:
            raise self.fail("clone() differs from its original")
        movers = [role for role in twin.active_roles() if twin.legal_actions(role)]
        if movers:  # a fixed choice, so that checking never changes the agents' game
            twin.apply(movers[0], twin.legal_actions(movers[0])[0])
        if _encode(state.data) != before or len(state.history) != length:
            raise self.fail("playing on a clone changed its original")

    def check_samples(self, state: State, views: dict[Role | None, dict[str, Any]]) -> None:
        before = _encode(state.data)
        for role in state.roles:
            sample = state.sample_consistent(role, Rng(Rng.new_state(self.seed + self.step)))
            if _encode(state.data) != before:
                raise self.fail(f"sample_consistent({role!r}) changed the real state")
            mine = {k: v for k, v in views[role].items() if k != "can_undo"}
            theirs = {k: v for k, v in sample.view(role).items() if k != "can_undo"}
            if theirs != mine:
                raise self.fail(f"sample_consistent({role!r}) changes what {role} sees")

    def check_illegal(self, state: State, role: Role, legal: list[Action]) -> None:
        """Illegal actions raise IllegalAction with a reason and change nothing."""
        others = {other: state.legal_actions(other) for other in state.roles if other != role}
        attempts: list[tuple[Role, Action]] = [(role, NOPE)]
        mine = set(legal)
        foreign = [a for actions in others.values() for a in actions if a not in mine]
        if foreign:
            attempts.append((role, foreign[0]))
        active = state.active_roles()
        idle = [other for other in state.roles if other not in active]
        if idle:
            attempts.append((idle[0], legal[0]))
        before = _encode(state.data)
        length = len(state.history)
        for who, action in attempts:
            self.doing = f"trying the illegal {who} {list(action)}"
            try:
                state.apply(who, action)
            except IllegalAction as exc:
                if not str(exc):
                    raise self.fail("IllegalAction without a reason") from None
            except Exception as exc:
                raise self.fail(f"raised {type(exc).__name__} instead of IllegalAction: {exc}") from exc
            else:
                raise self.fail("an illegal action was accepted")
            if _encode(state.data) != before or len(state.history) != length:
                raise self.fail("a refused action changed the state")
            if state.legal_actions(role) != legal:
                raise self.fail(f"a refused action changed the legal actions of {role}")

    def check_replay(self, state: State, digests: list[str]) -> None:
        with self.guard("replaying the game"):
            replay = json.loads(json.dumps(make_replay(state, digests), allow_nan=False))
            problems = verify_replay(replay, self.ruleset)
        if problems:
            raise self.fail(f"the replay does not reproduce the game: {'; '.join(problems)}")
