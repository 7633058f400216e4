"""AI thinking shared fairly between users (issue 27, item 2): round-robin by user,
at most one move of a user thinking at once per lane, cheap moves never behind a
search, a search that outlasts its budget killed by the server; and the quotas on
games (items 2 and 5)."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Hashable
from typing import Any, cast

from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create

from grognard.core.registry import Registry
from grognard.games import REGISTRY
from grognard.server.ai import AiRunner
from grognard.server.aiqueue import FairLane
from grognard.server.aiseats import AiJob
from grognard.server.cpuwork import NICENESS, CpuTimeout, CpuWorker
from grognard.server.guards import Limits
from grognard.server.ratelimit import Rate
from grognard.server.searchslots import SearchSlots
from grognard.server.service import GameService


def test_a_freed_slot_goes_to_the_next_user_in_turn() -> None:
    """One user with five moves waiting, another with one: the other's move is the
    second to think, not the sixth (one shared FIFO made it wait for all five)."""
    granted: list[Hashable] = []

    async def scene() -> None:
        lane = FairLane(slots=1, per_owner=1)

        async def move(owner: str) -> None:
            slot = await lane.acquire(owner)
            granted.append(owner)
            await asyncio.sleep(0)
            lane.release(owner, slot)

        thinking = await lane.acquire("attacker")  # the attacker's first move thinks
        flood = [asyncio.create_task(move("attacker")) for _ in range(4)]
        await asyncio.sleep(0)  # four more are queued before the victim's
        victim = asyncio.create_task(move("victim"))
        await asyncio.sleep(0)
        lane.release("attacker", thinking)
        await asyncio.gather(*flood, victim)

    asyncio.run(scene())
    assert granted == ["victim"] + ["attacker"] * 4


def test_one_user_thinks_at_most_per_owner_moves_at_once() -> None:
    async def scene() -> None:
        lane = FairLane(slots=3, per_owner=1)
        first = await lane.acquire("attacker")
        second = asyncio.create_task(lane.acquire("attacker"))
        await asyncio.sleep(0)
        assert not second.done() and lane.waiting("attacker") == 1  # a slot is free, but not for them
        other = await asyncio.wait_for(lane.acquire("victim"), 1)
        lane.release("attacker", first)
        assert await asyncio.wait_for(second, 1) in range(3)
        lane.release("victim", other)

    asyncio.run(scene())


class _Quick:
    name = "quick"

    def act(self, view: Any, legal: list[Any]) -> Any:
        return legal[0]


class _Search:
    name = "search"

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def act_searching(self, view: Any, legal: list[Any], sampler: Any) -> Any:
        self.release.wait(30)
        return legal[0]


def test_a_cheap_move_never_waits_behind_searches() -> None:
    """Every search slot taken by one user's long searches: another user's heuristic
    move is answered at once, from a lane of its own."""
    release = threading.Event()

    async def scene() -> None:
        runner = AiRunner(cast(GameService, None), budget=60.0, workers=2, search_processes=0)
        runner.start()
        search = [
            AiJob(f"g{i}", "red", cast(Any, _Search(release)), {}, [("a",)], 1, cast(Any, object()), owner=1)
            for i in range(4)
        ]
        thinking = [asyncio.create_task(runner._think(job)) for job in search]
        await asyncio.sleep(0.1)
        quick = AiJob("v", "red", cast(Any, _Quick()), {}, [("b",)], 1, None, owner=2)
        assert await asyncio.wait_for(runner._think(quick), 5) == ("b",)
        assert not any(task.done() for task in thinking)
        release.set()
        assert await asyncio.gather(*thinking) == [("a",)] * 4
        await runner.close()

    asyncio.run(scene())


def sleepy_search(seconds: float, legal: list[Any]) -> Any:
    """A search that does not stop by itself (in a worker process)."""
    time.sleep(seconds)
    return legal[-1]


def test_the_server_kills_a_search_that_outlasts_its_budget() -> None:
    worker = CpuWorker()
    try:
        try:
            worker.run(sleepy_search, (60, [("a",)]), budget=0.5)
            raise AssertionError("the search was not stopped")
        except CpuTimeout as exc:
            assert "more than 0.5 s" in str(exc)
        assert not worker.running  # killed, not left to think on
        assert worker.run(sleepy_search, (0, [("a",), ("b",)]), budget=30) == ("b",)  # a fresh process
    finally:
        worker.stop()


class _SharedSlots(SearchSlots):
    """The server's search slots, recording who took and gave back one."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Hashable]] = []

    async def acquire(self, owner: Hashable) -> None:
        self.calls.append(("acquire", owner))

    async def release(self, owner: Hashable) -> None:
        self.calls.append(("release", owner))


def test_a_search_thinks_holding_one_of_the_servers_search_slots_and_a_cheap_move_takes_none() -> None:
    """On PostgreSQL the bounds on searches hold across processes (searchslots.py):
    a search takes one of the server's slots for the user who made the game before
    it thinks, and gives it back when it has stopped; a heuristic move never waits
    for one."""

    async def scene() -> None:
        shared = _SharedSlots()
        runner = AiRunner(cast(GameService, None), budget=60.0, workers=2, shared_searches=shared)
        runner.start()
        release = threading.Event()
        search = AiJob("g", "red", cast(Any, _Search(release)), {}, [("a",)], 1, cast(Any, object()), owner=7)
        thinking = asyncio.create_task(runner._think(search))
        quick = AiJob("v", "red", cast(Any, _Quick()), {}, [("b",)], 1, None, owner=8)
        assert await asyncio.wait_for(runner._think(quick), 5) == ("b",)
        assert shared.calls == [("acquire", 7)]  # the search holds it while it thinks
        release.set()
        assert await thinking == ("a",)
        await runner.close()
        assert shared.calls == [("acquire", 7), ("release", 7)]

    asyncio.run(scene())


def test_a_worker_reports_the_cpu_a_call_used_not_the_time_it_waited() -> None:
    """The odds desk charges a caller the CPU its battle used: a call that waits (on a
    loaded machine, for the CPU) must not be charged the wait, or one busy minute makes
    every caller's next odds a 429."""
    worker = CpuWorker()
    try:
        worker.run(time.sleep, (0.5,), budget=30)
        assert worker.last_cpu < 0.25
    finally:
        worker.stop()


def test_a_worker_thinks_at_a_lower_priority_than_the_server() -> None:
    """Issue 27: a search or a costly battle in a worker must leave the CPU to the
    server's requests first (the kernel's priority, cpuwork.NICENESS)."""
    worker = CpuWorker()
    try:
        assert worker.run(os.nice, (0,), budget=30) == min(19, os.nice(0) + NICENESS)  # 19: the lowest
    finally:
        worker.stop()


def test_a_worker_is_lowered_before_its_imports_and_loads_the_rulesets_before_a_call() -> None:
    """A spawned worker imports its target's module, and with it the whole server
    package (about a second of CPU), before its own code runs: at the server's
    priority that second was taken from the players at every (re)start. The server
    lowers the process as soon as it exists, so its own code starts lowered. Every
    ruleset is loaded before the first call (the registry loads a game on first use:
    the first odds of a game paid its import within their budget)."""
    worker = CpuWorker()
    try:
        games = (
            "sorted(m for m in __import__('sys').modules"
            " if m.count('.') == 2 and m.startswith('grognard.games.'))"
        )
        loaded = worker.run(eval, (games,), budget=30)
        assert worker.started_niceness == min(19, os.nice(0) + NICENESS)
        assert loaded == [f"grognard.games.{name}" for name in REGISTRY.ids()]
    finally:
        worker.stop()


def _refused(response: Any, status: int, reason: str) -> None:
    assert response.status_code == status, response.text
    assert reason in response.json()["detail"]


def test_games_against_the_ai_in_progress_are_bounded_per_user(
    make_app: AppFactory, tiny_registry: Registry
) -> None:
    with TestClient(make_app(registry=tiny_registry, limits=Limits(ai_games_per_user=2))) as client:
        me = Player(client).guest()
        seats = {"north": "me", "east": "hotseat", "south": "ai:random"}
        first = create(me, "tiny", seats)
        create(me, "tiny", seats)
        third = me.post("/api/games", {"ruleset": "tiny", "seats": seats})
        _refused(third, 429, "2 games against the AI in progress")
        create(me, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})  # no AI: no quota
        create(Player(client).guest(), "tiny", seats)  # another user has a quota of their own
        me.ok("POST", f"/api/games/{first['id']}/resign", {"seat": "north"})
        create(me, "tiny", seats)  # a finished game gives its place back


def test_open_public_games_are_bounded_per_user(make_app: AppFactory, tiny_registry: Registry) -> None:
    """15 guests filled the lobby with 601 open games in 10 s."""
    with TestClient(make_app(registry=tiny_registry, limits=Limits(open_games_per_user=2))) as client:
        me = Player(client).guest()
        seats = {"north": "me", "east": "invite", "south": "hotseat"}
        for _ in range(2):
            create(me, "tiny", seats, public=True)
        _refused(
            me.post("/api/games", {"ruleset": "tiny", "seats": seats, "public": True}),
            429,
            "2 public games waiting for players",
        )
        create(me, "tiny", seats)  # a private game with an invite is not in the lobby


def test_guests_per_address_are_rate_limited(make_app: AppFactory, tiny_registry: Registry) -> None:
    limits = Limits(guests_per_address=Rate(burst=2, per=60.0))
    with TestClient(make_app(registry=tiny_registry, limits=limits)) as client:
        Player(client).guest()
        Player(client).guest()
        refused = Player(client).post("/api/guest", None)
        _refused(refused, 429, "too many guest sessions from this address")
        assert int(refused.headers["Retry-After"]) > 0


def test_new_games_per_address_are_rate_limited(make_app: AppFactory, tiny_registry: Registry) -> None:
    """Guests cost nothing, so the quotas per user alone let one address's 15 guests
    make 150 games at once: new games are rate-limited per address too."""
    limits = Limits(games_per_address=Rate(burst=2, per=60.0))
    with TestClient(make_app(registry=tiny_registry, limits=limits)) as client:
        seats = {"north": "me", "east": "hotseat", "south": "hotseat"}
        create(Player(client).guest(), "tiny", seats)
        create(Player(client).guest(), "tiny", seats)
        refused = Player(client).guest().post("/api/games", {"ruleset": "tiny", "seats": seats})
        _refused(refused, 429, "too many new games from this address")
