"""The costly requests of issue 27: battle odds (item 3: a cache for the same battle,
calculations at once per address and in all, each call charged its CPU time) and a
new game from a saved game (item 4: a rate per client, a few at once, a CPU budget
for replaying its moves)."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import msgspec
import pytest
from fastapi import HTTPException
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player

from grognard.core.replay import make_replay
from grognard.games import REGISTRY
from grognard.games.viktory2 import RULESET
from grognard.server.guards import Limits
from grognard.server.oddsdesk import OddsDesk, battle_key
from grognard.server.ratelimit import Rate, RateLimiter, WorkGate
from grognard.server.savedgames import replayed

BATTLE = {"attacker": {"infantry": 3}, "defender": {"infantry": 2}}


def _desk(limiter: RateLimiter | None = None, slots: int = 2, per_address: int = 1) -> OddsDesk:
    limiter = limiter or RateLimiter(Rate(burst=20, per=0.2), "odds requests")
    return OddsDesk(limiter, WorkGate(slots, "odds calculations", 0.05), per_address, 0.05, 8)


def test_the_same_battle_is_computed_once(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    computed: list[Any] = []
    plain = type(RULESET).odds

    def counted(self: Any, battle: Any) -> Any:
        computed.append(battle)
        return plain(self, battle)

    monkeypatch.setattr(type(RULESET), "odds", counted)
    me = Player(client).guest()
    first = me.ok("POST", "/api/rulesets/viktory2/odds", BATTLE)
    reordered = {"defender": {"infantry": 2}, "attacker": {"infantry": 3}}  # the same battle
    assert me.ok("POST", "/api/rulesets/viktory2/odds", reordered)["odds"] == first["odds"]
    assert len(computed) == 1
    me.ok("POST", "/api/rulesets/viktory2/odds", {**BATTLE, "terrain": "mountain"})
    assert len(computed) == 2


def test_the_cache_key_is_canonical_and_names_the_ruleset_version() -> None:
    assert battle_key("v", 1, {"a": 1, "b": [2]}) == battle_key("v", 1, {"b": [2], "a": 1})
    assert battle_key("v", 1, {"a": 1}) != battle_key("v", 2, {"a": 1})


def test_one_address_computes_one_battle_at_a_time() -> None:
    """48 calls at once from one client took others' pages to 2 s: a second
    calculation of the same address is refused while its first runs."""
    desk = _desk(per_address=1)
    started, release = threading.Event(), threading.Event()

    def slow() -> dict[str, Any]:
        started.set()
        release.wait(10)
        return {"attacker_wins": 0.5}

    first = threading.Thread(target=desk.answer, args=(["user:1"], "10.0.0.2", "k1", slow))
    first.start()
    assert started.wait(10)
    try:
        with pytest.raises(HTTPException) as refused:
            desk.answer(["user:2"], "10.0.0.2", "k2", lambda: {"attacker_wins": 0.1})
        assert refused.value.status_code == 429 and "under way" in str(refused.value.detail)
        assert desk.answer(["user:3"], "10.0.0.3", "k3", lambda: {"x": 1}) == {"x": 1}  # another address
    finally:
        release.set()
        first.join(10)
    assert desk.answer(["user:2"], "10.0.0.2", "k2", lambda: {"y": 2}) == {"y": 2}  # its turn now


def test_calculations_in_all_are_bounded() -> None:
    desk = _desk(slots=1, per_address=5)
    started, release = threading.Event(), threading.Event()

    def slow() -> dict[str, Any]:
        started.set()
        release.wait(10)
        return {}

    first = threading.Thread(target=desk.answer, args=(["a"], "10.0.0.2", "k1", slow))
    first.start()
    assert started.wait(10)
    try:
        with pytest.raises(HTTPException) as refused:
            desk.answer(["b"], "10.0.0.3", "k2", lambda: {})
        assert refused.value.status_code == 503 and "busy with other odds calculations" in str(
            refused.value.detail
        )
    finally:
        release.set()
        first.join(10)


def test_a_costly_call_is_charged_its_cpu_time() -> None:
    """A rate counting calls never triggered on battles of seconds each: the call's
    CPU time is taken from the caller's tokens, and the next call waits."""
    limiter = RateLimiter(Rate(burst=5, per=60.0), "odds requests")
    desk = _desk(limiter)

    def costly() -> dict[str, Any]:
        started = time.thread_time()
        while time.thread_time() - started < 0.3:  # six tokens' worth of CPU at 0.05 s each
            sum(range(1000))
        return {}

    limiter.check("user:1")
    desk.answer(["user:1"], "10.0.0.2", "k", costly)
    with pytest.raises(HTTPException) as refused:
        limiter.check("user:1")
    assert refused.value.status_code == 429 and "too many odds requests" in str(refused.value.detail)
    limiter.check("user:2")  # others keep their own tokens


def _saved_game(plies: int) -> dict[str, Any]:
    state = REGISTRY.get("viktory2").new_game(None, {}, 5)
    rng = random.Random(5)
    for _ in range(plies):
        role = state.active_roles()[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
    replay = make_replay(state, digests=[])
    keys = ("ruleset", "scenario", "options", "seed", "ruleset_version", "rng_version")
    return {
        **{key: replay[key] for key in keys},
        "moves": replay["actions"],
        "seats": {"red": "me", "yellow": "hotseat"},
    }


def test_a_saved_game_over_its_cpu_budget_is_413(make_app: AppFactory) -> None:
    """An HGW save of 2 356 moves was 2.6 s of CPU a call, with no bound."""
    with TestClient(make_app(limits=Limits(saved_game_cpu_seconds=0.0))) as client:
        me = Player(client).guest()
        refused = me.post("/api/games", _saved_game(40))
        assert refused.status_code == 413
        assert "more than 0 s of CPU to replay (stopped at move 16 of 40)" in refused.json()["detail"]
        body = _saved_game(0)  # a new game has nothing to replay
        del body["moves"]
        me.ok("POST", "/api/games", body, 201)


def test_saved_games_per_client_are_rate_limited(make_app: AppFactory) -> None:
    with TestClient(make_app(limits=Limits(saved_games_per_caller=Rate(burst=1, per=60.0)))) as client:
        me = Player(client).guest()
        body = _saved_game(20)
        me.ok("POST", "/api/games", body, 201)
        refused = me.post("/api/games", body)
        assert refused.status_code == 429 and "too many games from saved games" in refused.json()["detail"]
        assert int(refused.headers["Retry-After"]) > 0


def test_saved_games_replayed_at_once_are_bounded(make_app: AppFactory) -> None:
    with TestClient(make_app(limits=Limits(concurrent_saved_games=1))) as client:
        gate = client.app.state.guards.saving  # type: ignore[attr-defined]
        gate.patience = 0.05
        assert gate.try_take()  # one replay under way
        try:
            refused = Player(client).guest().post("/api/games", _saved_game(20))
            assert refused.status_code == 503 and "busy with other saved games" in refused.json()["detail"]
        finally:
            gate.give_back()


def test_odds_in_a_worker_process_are_stopped_past_their_budget(make_app: AppFactory) -> None:
    """As `grognard serve` runs them: the odds come from a worker process (no lock of
    the server's held), a bad battle is still 422 with its reason, and a battle that
    outlasts the budget is stopped there: 503 with the reason."""
    with TestClient(make_app(odds_processes=True)) as client:
        me = Player(client).guest()
        desk = client.app.state.guards.odds_desk  # type: ignore[attr-defined]
        # the budget is wall-clock: on a machine loaded tenfold even a small battle can
        # outlast the default, so the answers that must come back get all the time they need
        desk.budget = 600.0
        answer = me.ok("POST", "/api/rulesets/viktory2/odds", BATTLE)
        assert answer["odds"] == RULESET.odds(BATTLE).to_json() | {"notes": answer["odds"]["notes"]}
        bad = me.post("/api/rulesets/viktory2/odds", {**BATTLE, "terrain": "swamp"})
        assert bad.status_code == 422 and "terrain must be one of" in bad.text
        desk.budget = 0.01
        costly = {"attacker": {"IN": 20}, "defender": {"IN": 20}}
        refused = me.post("/api/rulesets/victory/odds", costly)
        assert refused.status_code == 503 and "takes more than 0.01 s to compute" in refused.json()["detail"]


def test_a_saved_game_is_replayed_in_a_worker_process(make_app: AppFactory) -> None:
    """As `grognard serve` runs it: a saved game's moves are played in a worker process
    (in a thread of the server, 4 clients posting a 600-move save took the other
    players' move p99 from 32 to 138 ms), to the same game as in the server's thread;
    a move that cannot be played is still 422 with its reason, and a worker that does
    not answer within the backstop is stopped: 503."""
    body = _saved_game(40)
    with TestClient(make_app()) as client:
        in_thread = Player(client).guest().ok("POST", "/api/games", body, 201)
    with TestClient(make_app(replay_processes=True)) as client:
        desk = client.app.state.guards.replays  # type: ignore[attr-defined]
        desk.wall_seconds = 600.0  # a backstop only: a loaded machine must not trip it here
        me = Player(client).guest()
        elsewhere = me.ok("POST", "/api/games", body, 201)
        assert desk.replayed == 1
        for key in ("plies", "version", "active", "views", "status"):
            assert elsewhere[key] == in_thread[key], key
        wrong = {**body, "moves": [*body["moves"][:3], body["moves"][2], *body["moves"][4:]]}
        refused = me.post("/api/games", wrong)
        assert refused.status_code == 422 and "move 4 of 40" in refused.json()["detail"]
        assert desk.replayed == 2
        desk.wall_seconds = 0.0  # the backstop: a worker that does not answer in time is stopped
        stopped = me.post("/api/games", body)
        assert stopped.status_code == 503 and "too busy to replay this saved game" in stopped.json()["detail"]
        assert int(stopped.headers["Retry-After"]) > 0


def test_a_replay_in_a_worker_reports_what_stopped_it() -> None:
    """What the worker process sends back (savedgames.replayed): the snapshot, or a
    move that cannot be played (422), or the CPU budget spent (413), each with the
    reason the thread would have given."""
    body = _saved_game(40)
    keys = ("ruleset", "scenario", "options", "seed", "moves", "rng_version")
    args = tuple(body[key] for key in keys)
    kind, snapshot = replayed(*args, None)
    assert kind == "ok" and len(msgspec.json.decode(snapshot)["history"]) == 40
    kind, reason = replayed(*args, 0.0)
    assert kind == "costly" and "more than 0 s of CPU to replay (stopped at move 16 of 40)" in reason
    kind, reason = replayed(*args[:4], [["red", ["no such move"]]], body["rng_version"], None)
    assert kind == "invalid" and "move 1 of 1" in reason
