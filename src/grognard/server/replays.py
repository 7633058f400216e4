"""Past states of a game, cheaply: `ReplayCheckpoints` for `/replay/{step}`.

A step's view is the game re-played from its start to that step. Re-played from
the start on every request, a late step of a long game cost a tenth of a second of
CPU under the GIL, and a few clients paging through replays slowed every other
request. So the states at every `every`-th step are kept (copies, in a bounded LRU
map), and a request re-plays at most `every` actions from the nearest one.

A checkpoint is keyed by the game, the step and a digest of the game's settings and
of every action before that step: the state after those actions is a function of
them alone (the dice come from the seeded generator in the state), so an undo that
changes a running game's history can never hand out a stale checkpoint.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import msgspec

from grognard.core.game import Action, Role, Ruleset, State

from .refusals import NotFound, NotYours

_encoder = msgspec.json.Encoder()


class ReplayCheckpoints:
    """Up to `size` states, one every `every` steps of any game (least recently used
    forgotten first)."""

    def __init__(self, every: int = 32, size: int = 96) -> None:
        self.every = every
        self.size = size
        self._states: OrderedDict[tuple[str, int, bytes], State] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._states)

    def _digests(
        self, meta: dict[str, Any], history: Sequence[tuple[Role, Action]], step: int
    ) -> list[bytes]:
        """The digest of the game's settings and actions up to each multiple of
        `every` not past `step` (index i: the first i * every actions)."""
        running = hashlib.blake2b(
            _encoder.encode([meta.get("seed"), meta.get("scenario"), meta.get("options")])
        )
        digests = [running.digest()]
        for index in range(step - step % self.every):
            running.update(_encoder.encode(history[index]))
            if (index + 1) % self.every == 0:
                digests.append(running.digest())
        return digests

    def _get(self, key: tuple[str, int, bytes]) -> State | None:
        with self._lock:
            state = self._states.get(key)
            if state is not None:
                self._states.move_to_end(key)
            return state

    def _put(self, key: tuple[str, int, bytes], state: State) -> None:
        with self._lock:
            self._states[key] = state
            self._states.move_to_end(key)
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    def state_at(
        self,
        game_id: str,
        ruleset: Ruleset,
        meta: dict[str, Any],
        history: Sequence[tuple[Role, Action]],
        step: int,
    ) -> State:
        """The game after its first `step` actions (a copy the caller may keep)."""
        digests = self._digests(meta, history, step)
        start, state = 0, None
        for index in range(len(digests) - 1, 0, -1):
            kept = self._get((game_id, index * self.every, digests[index]))
            if kept is not None:
                start, state = index * self.every, kept.clone()
                break
        if state is None:
            versions = meta["rng_version"], meta.get("log_version", 1)
            state = ruleset.new_game(meta["scenario"], meta["options"], meta["seed"], *versions)
            state.keep_undo = False
        for ply in range(start, step):
            acting, action = history[ply]
            state.apply(acting, action)
            if (ply + 1) % self.every == 0:
                self._put((game_id, ply + 1, digests[(ply + 1) // self.every]), state.clone())
        return state

    def step_view(
        self, game_id: str, finished: bool, ruleset: Ruleset, state: State, step: int, role: Role | None
    ) -> dict[str, Any]:
        """The `/replay/{step}` answer for the game whose current state is `state`:
        `role`'s view (None: observer) after the first `step` actions, and the action
        itself once the game is over. While it runs only the observer's view is given:
        a seat's past views, and some actions (secret choices), hold what others may
        not see."""
        if role is not None and role not in state.roles:
            raise NotYours(f"this game has no seat {role!r}; its seats: {', '.join(state.roles)}")
        if role is not None and not finished:
            raise NotYours("while the game is played, past steps are shown from the observer's view only")
        steps = len(state.history)
        if not 0 <= step <= steps:
            raise NotFound(f"no step {step}: this game has steps 0 to {steps}")
        replayed = self.state_at(game_id, ruleset, state.meta, state.history, step)
        action = None
        if step and finished:
            action = [state.history[step - 1][0], list(state.history[step - 1][1])]
        return {
            "game": game_id,
            "step": step,
            "steps": steps,
            "seat": role,
            "action": action,
            "view": replayed.view(role),
        }
