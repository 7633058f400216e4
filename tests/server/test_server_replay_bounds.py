"""`/replay/{step}` is cheap and bounded (issue 8, section 2): checkpoints make a
step re-play at most `every` actions, the kept states are bounded, undo cannot make
a checkpoint stale, requests are rate-limited, and a running game's steps show the
observer's view without the actions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create
from tinygame import TINY

from grognard.core.game import Action, Role, State
from grognard.core.registry import Registry
from grognard.server.guards import Limits
from grognard.server.ratelimit import Rate
from grognard.server.replays import ReplayCheckpoints


def random_history(seed: int, choices: int) -> tuple[dict[str, Any], list[tuple[Role, Action]]]:
    """A whole tiny game (seed 5), its actions picked by random.Random(choices)."""
    state = TINY.new_game("standard", {}, 5)
    pick = random.Random(choices)
    while not state.is_over():
        role = pick.choice(state.active_roles())
        state.apply(role, pick.choice(state.legal_actions(role)))
    return state.meta, list(state.history)


def replayed_from_start(meta: dict[str, Any], history: list[tuple[Role, Action]], step: int) -> State:
    state = TINY.new_game(meta["scenario"], meta["options"], meta["seed"])
    for role, action in history[:step]:
        state.apply(role, action)
    return state


@contextmanager
def counting_applies() -> Iterator[list[int]]:
    """Count State.apply calls of the tiny game's states."""
    count = [0]
    cls = type(TINY.new_game("standard", {}, 1))
    original = cls.apply

    def apply(self: State, role: Role, action: Any) -> None:
        count[0] += 1
        original(self, role, action)

    cls.apply = apply  # type: ignore[method-assign]
    try:
        yield count
    finally:
        cls.apply = original  # type: ignore[method-assign]


def test_checkpoints_give_the_same_states_as_a_replay_from_the_start() -> None:
    meta, history = random_history(5, 1)
    checkpoints = ReplayCheckpoints(every=4, size=100)
    for step in [len(history), *range(len(history) + 1)]:  # cold, then warm
        view = checkpoints.state_at("g", TINY, meta, history, step).view(None)
        assert view == replayed_from_start(meta, history, step).view(None), step


def test_a_warm_step_replays_at_most_every_actions() -> None:
    meta, history = random_history(5, 2)
    assert len(history) > 12
    checkpoints = ReplayCheckpoints(every=4, size=100)
    last = len(history)
    with counting_applies() as applied:
        checkpoints.state_at("g", TINY, meta, history, last)
        assert applied[0] == last  # cold: from the start
        for step in (last, last - 1, 9, 4, 3):
            applied[0] = 0
            checkpoints.state_at("g", TINY, meta, history, step)
            assert applied[0] < 4, step  # from the nearest checkpoint at or before it


def test_checkpoints_are_bounded_and_never_stale() -> None:
    meta, history = random_history(5, 3)
    _, other = random_history(5, 4)  # same game id and seed, other actions (as after an undo)
    first_difference = next(i for i, (a, b) in enumerate(zip(history, other, strict=False)) if a != b)
    checkpoints = ReplayCheckpoints(every=2, size=3)
    checkpoints.state_at("g", TINY, meta, history, len(history))
    assert len(checkpoints) == 3
    step = min(len(other), first_difference + 5)
    got = checkpoints.state_at("g", TINY, meta, other, step).view(None)
    assert got == replayed_from_start(meta, other, step).view(None)
    assert len(checkpoints) <= 3


@pytest.fixture
def limited_client(make_app: AppFactory, tiny_registry: Registry) -> Iterator[TestClient]:
    limits = Limits(replay_per_address=Rate(burst=3, per=3600.0))
    with TestClient(make_app(registry=tiny_registry, limits=limits)) as client:
        yield client


def test_replay_steps_are_rate_limited(limited_client: TestClient) -> None:
    me = Player(limited_client).guest()
    game = create(me, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
    for _ in range(3):
        me.ok("GET", f"/api/games/{game['id']}/replay/0")
    limited = me.get(f"/api/games/{game['id']}/replay/0")
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) >= 1
    assert me.get(f"/api/games/{game['id']}").status_code == 200  # other calls are not limited


def test_replay_steps_are_bounded_at_once(tiny_client: TestClient) -> None:
    me = Player(tiny_client).guest()
    game = create(me, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
    gate = tiny_client.app.state.guards.replaying  # type: ignore[attr-defined]
    gate.patience = 0.05
    taken = 0
    while gate.try_take():
        taken += 1
    try:
        busy = me.get(f"/api/games/{game['id']}/replay/0")
        assert busy.status_code == 503 and busy.headers["Retry-After"] == "1"
    finally:
        for _ in range(taken):
            gate.give_back()
    assert taken == Limits().concurrent_replays
    assert me.get(f"/api/games/{game['id']}/replay/0").status_code == 200


def test_a_running_games_steps_hide_their_actions(tiny_client: TestClient) -> None:
    """While a game runs, its past steps are the observer's view, without the
    actions themselves (a secret pick is an action); once over, the actions too."""
    me = Player(tiny_client).guest()
    game = create(me, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"}, scenario="sprint")
    for role in ("north", "east"):
        body = {"seat": role, "action": ["pick", 3], "expected_version": game["version"]}
        game = me.ok("POST", f"/api/games/{game['id']}/actions", body)
    step = me.ok("GET", f"/api/games/{game['id']}/replay/2")
    assert step["action"] is None and step["seat"] is None and step["steps"] == 2
    assert "pick:r1:north:3" not in str(step)
    me.ok("POST", f"/api/games/{game['id']}/resign", {"seat": "south"})
    finished = me.ok("GET", f"/api/games/{game['id']}/replay/2")
    assert finished["action"] == ["east", ["pick", 3]]
