"""AI seats: one asyncio task per game that has an AI to move.

The task asks the service (in a worker thread, under the game's lock) for the next
AI move, lets the agent think in the AI thread pool within the time budget, and
applies the move like any other. Thinking happens outside the game's lock and off
the event loop, so one game's AI never blocks another game or a human's request.
An agent that runs out of time, or fails, is replaced for that move by a random
legal action (and the failure is logged). A search agent (`wants_sampler`) is given
what the simulation lab's game loop gives it: a sampler of determinizations drawn
from a copy of the game (service.py `ai_job`), and a time cap below the budget.

Where several processes share a PostgreSQL database, each may be asked to move the
same game (see claims.py): the task first claims the game, moves its AI while it
holds the claim, and looks once more after giving it back, because a process that
found the claim taken meanwhile left that move to this one.

Thinking is shared fairly (aiqueue.py): each move waits for a slot of its lane
(cheap agents and searches have a lane each), slots go round-robin by the user who
made the game, at most `per_user` of one user's moves at once in each lane; a
search in a worker process that outlasts the budget is killed there. A search also
takes one of the server's search slots (searchslots.py): on PostgreSQL the number of
searches at once, and of one user's, is bounded across every process of the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from grognard.core.game import Action

from .aiqueue import FairLane
from .aiseats import AiJob
from .claims import Claims
from .cpuwork import CpuWorker
from .fairgate import as_writer
from .searchslots import SearchSlots
from .service import GameService

log = logging.getLogger("grognard.server.ai")
T = TypeVar("T")


def _search(agent: Any, view: Any, legal: list[Action], sampler: Any) -> tuple[Action, Any]:
    """One search move in a worker process; the agent comes back too, so that its
    own generators move on as they would have in this process."""
    action: Action = agent.act_searching(view, legal, sampler)
    return action, agent


class AiRunner:
    def __init__(
        self,
        games: GameService,
        budget: float,
        workers: int,
        claims: Claims | None = None,
        search_processes: int = 0,
        per_user: int = 1,
        shared_searches: SearchSlots | None = None,
    ) -> None:
        self._games = games
        self._claims = claims if claims is not None else Claims()
        self._budget = budget
        self._workers = workers
        # cheap agents' moves (random, heuristic) and searches wait in lanes of
        # their own, each shared round-robin by user (aiqueue.py)
        search_slots = search_processes if search_processes > 0 else workers
        self.quick_lane = FairLane(workers, per_user)
        self.search_lane = FairLane(search_slots, per_user)
        #: the bounds on searches across processes (searchslots.py)
        self.shared_searches = shared_searches if shared_searches is not None else SearchSlots()
        self._releasing: set[asyncio.Task[None]] = set()
        self._quick_pool: ThreadPoolExecutor | None = None
        self._search_pool: ThreadPoolExecutor | None = None
        # The AI's database steps run here, so that closing can wait for them: a
        # cancelled task would otherwise leave its thread holding a connection.
        self._db_pool: ThreadPoolExecutor | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._wanted: set[str] = set()
        self._closed = True
        # Search agents think in these processes when `search_processes` > 0 (one
        # per search slot): a search is pure Python for seconds, and in a thread it
        # would hold the interpreter's lock against every request meanwhile; in a
        # process it can also be stopped when it outlasts the budget.
        self._search_workers = [CpuWorker() for _ in range(search_processes)]

    def start(self) -> None:
        """Called when the app starts (and again if it is started anew)."""
        self._quick_pool = ThreadPoolExecutor(
            max_workers=self.quick_lane.slots, thread_name_prefix="grognard-ai"
        )
        self._search_pool = ThreadPoolExecutor(
            max_workers=self.search_lane.slots, thread_name_prefix="grognard-ai-search"
        )
        self._db_pool = ThreadPoolExecutor(max_workers=self._workers, thread_name_prefix="grognard-ai-db")
        self._closed = False

    @property
    def search_processes_started(self) -> int:
        """How many search processes run now (for tests and diagnostics)."""
        return sum(1 for worker in self._search_workers if worker.running)

    def kick(self, game_id: str) -> None:
        """Make sure the game's AI seats get to move (call on the event loop)."""
        if self._closed:
            return
        self._wanted.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._run(game_id))

    async def _run(self, game_id: str) -> None:
        try:
            while game_id in self._wanted and not self._closed:
                self._wanted.discard(game_id)
                if not await self._claims.claim(game_id):
                    log.debug("game %s: its AI moves in another process", game_id)
                    continue
                try:
                    await self._move(game_id)
                finally:
                    await self._claims.release(game_id)
                if self._claims.shared and not self._closed:
                    left = await self._in_db_thread(self._games.ai_job, game_id)
                    if left is not None:  # left to us while we gave the claim back
                        self._wanted.add(game_id)
        except Exception:
            log.exception("the AI of game %s stopped", game_id)
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]

    async def _move(self, game_id: str) -> None:
        """Every AI move due in the game, one after the other."""
        while not self._closed:
            job = await self._in_db_thread(self._games.ai_job, game_id)
            if job is None:
                return
            log.debug("game %s version %d: the AI of %s moves", game_id, job.version, job.role)
            action = await self._think(job)
            writer = f"ai:{job.owner if job.owner is not None else job.game_id}"  # fairgate.py
            if not await self._in_db_thread(as_writer, writer, self._games.ai_play, job, action):
                log.info("game %s moved on before its AI's move at version %d", game_id, job.version)

    async def _in_db_thread(self, function: Callable[..., T], *args: Any) -> T:
        assert self._db_pool is not None
        return await asyncio.wrap_future(self._db_pool.submit(function, *args))

    async def _think(self, job: AiJob) -> Action:
        """The agent's move. The budget counts the agent's own thinking, not the wait
        for a slot of its lane (bounded too, by `queue_patience`)."""
        loop = asyncio.get_running_loop()
        searching = getattr(job.agent, "act_searching", None)
        search = job.sampler is not None and callable(searching)
        lane, pool = (self.search_lane, self._search_pool) if search else (self.quick_lane, self._quick_pool)
        assert pool is not None
        owner: object = job.owner if job.owner is not None else ("game", job.game_id)
        fallback = random.Random(job.version).choice(job.legal)
        patience_ends = loop.time() + self.queue_patience
        try:
            slot = await asyncio.wait_for(lane.acquire(owner), self.queue_patience)
        except TimeoutError:
            log.warning("no AI slot for game %s within %g s: random move", job.game_id, self.queue_patience)
            return fallback
        if search:
            # then one of the server's search slots, shared by every process
            try:
                await asyncio.wait_for(self.shared_searches.acquire(owner), patience_ends - loop.time())
            except BaseException as exc:
                lane.release(owner, slot)
                if not isinstance(exc, TimeoutError):
                    raise
                log.warning("no search slot for game %s in time: random move", job.game_id)
                return fallback

        def think() -> Action:
            if search:
                # as sim/play.py `decide`: the view, the legal list and a sampler of
                # determinizations; never the game's state or its dice
                if self._search_workers:
                    worker = self._search_workers[slot]
                    args = (job.agent, job.view, job.legal, job.sampler)
                    action, agent = worker.run(_search, args, self._budget)
                    vars(job.agent).update(vars(agent))
                    return action  # type: ignore[no-any-return]
                assert searching is not None
                chosen: Action = searching(job.view, job.legal, job.sampler)
                return chosen
            return job.agent.act(job.view, job.legal)

        def released() -> None:
            lane.release(owner, slot)
            # once closing, the shared slots' session is closed with its locks: a
            # release started now would outlive the loop, pending
            if search and not self._closed:
                task = loop.create_task(self.shared_searches.release(owner))
                self._releasing.add(task)
                task.add_done_callback(self._releasing.discard)

        def give_back(_done: Future[Action]) -> None:
            # the slot is free when the thinking has really stopped, not when the
            # wait for it gave up: a thread cannot be stopped, a process is killed
            with contextlib.suppress(RuntimeError):  # a closed loop: nothing waits any more
                loop.call_soon_threadsafe(released)

        thinking = pool.submit(think)
        thinking.add_done_callback(give_back)
        outcome = asyncio.wrap_future(thinking)
        # a search stopped past its budget ends (CpuTimeout) after this wait gave up:
        # read, so that asyncio does not log "Future exception was never retrieved"
        outcome.add_done_callback(lambda done: done.cancelled() or done.exception())
        try:
            action = await asyncio.wait_for(asyncio.shield(outcome), self._budget)
            if action in job.legal:
                return action
            log.error("agent %s chose the illegal %r in game %s", job.agent.name, action, job.game_id)
        except TimeoutError:
            log.warning("agent %s ran out of time in game %s: random move", job.agent.name, job.game_id)
        except Exception:
            log.exception("agent %s failed in game %s: random move", job.agent.name, job.game_id)
        return fallback

    @property
    def queue_patience(self) -> float:
        """Seconds a move may wait for a slot of its lane."""
        return max(10 * self._budget, 5.0)

    async def close(self) -> None:
        """Stop every game's AI; database steps under way are finished first."""
        self._closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self._wanted.clear()
        for pool in (self._quick_pool, self._search_pool):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self._quick_pool = self._search_pool = None
        for worker in self._search_workers:  # a search under way is killed
            await asyncio.to_thread(worker.stop)
        await asyncio.gather(*self._releasing, return_exceptions=True)
        await self.shared_searches.close()
        if self._db_pool is not None:
            db_pool, self._db_pool = self._db_pool, None
            await asyncio.to_thread(db_pool.shutdown, wait=True, cancel_futures=True)
