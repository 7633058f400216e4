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
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

from grognard.agents import Agent, Sampler, View
from grognard.core.game import Action

from .claims import Claims
from .service import AiJob, GameService

log = logging.getLogger("grognard.server.ai")
T = TypeVar("T")


def _search(agent: Agent, view: View, legal: list[Action], sampler: Sampler) -> tuple[Action, Agent]:
    """One search move in a worker process; the agent comes back too, so that its
    own generators move on as they would have in this process."""
    searching: Any = getattr(agent, "act_searching")  # noqa: B009 (checked by the caller)
    action: Action = searching(view, legal, sampler)
    return action, agent


def _warm() -> None:
    """Imports the agents in a new worker process (not counted in a move's budget)."""
    import grognard.agents  # noqa: F401


class AiRunner:
    def __init__(
        self,
        games: GameService,
        budget: float,
        workers: int,
        claims: Claims | None = None,
        search_processes: int = 0,
    ) -> None:
        self._games = games
        self._claims = claims if claims is not None else Claims()
        self._budget = budget
        self._workers = workers
        self._pool: ThreadPoolExecutor | None = None
        # The AI's database steps run here, so that closing can wait for them: a
        # cancelled task would otherwise leave its thread holding a connection.
        self._db_pool: ThreadPoolExecutor | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._wanted: set[str] = set()
        self._closed = True
        # Search agents think in these processes when `search_processes` > 0: a
        # search is pure Python for a whole second, and in a thread it would hold the
        # interpreter's lock against every request the server answers meanwhile.
        self._search_processes = search_processes
        self._processes: ProcessPoolExecutor | None = None
        self._processes_lock = threading.Lock()

    def start(self) -> None:
        """Called when the app starts (and again if it is started anew)."""
        self._pool = ThreadPoolExecutor(max_workers=self._workers, thread_name_prefix="grognard-ai")
        self._db_pool = ThreadPoolExecutor(max_workers=self._workers, thread_name_prefix="grognard-ai-db")
        self._closed = False

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
            if not await self._in_db_thread(self._games.ai_play, job, action):
                log.info("game %s moved on before its AI's move at version %d", game_id, job.version)

    async def _in_db_thread(self, function: Callable[..., T], *args: Any) -> T:
        assert self._db_pool is not None
        return await asyncio.wrap_future(self._db_pool.submit(function, *args))

    async def _think(self, job: AiJob) -> Action:
        """The agent's move. The budget counts the agent's own thinking, not the wait
        for a free AI thread (bounded too, by `queue_patience`)."""
        loop = asyncio.get_running_loop()
        assert self._pool is not None
        started = asyncio.Event()

        def think() -> Action:
            searching = getattr(job.agent, "act_searching", None)
            if job.sampler is not None and callable(searching):
                # as sim/play.py `decide`: the view, the legal list and a sampler of
                # determinizations; never the game's state or its dice
                processes = self._search_pool()
                if processes is not None:
                    loop.call_soon_threadsafe(started.set)
                    future = processes.submit(_search, job.agent, job.view, job.legal, job.sampler)
                    moved_on: tuple[Action, Agent] = future.result()
                    action, agent = moved_on
                    vars(job.agent).update(vars(agent))
                    return action
                loop.call_soon_threadsafe(started.set)
                chosen: Action = searching(job.view, job.legal, job.sampler)
                return chosen
            loop.call_soon_threadsafe(started.set)
            return job.agent.act(job.view, job.legal)

        future = loop.run_in_executor(self._pool, think)
        try:
            await asyncio.wait_for(started.wait(), self.queue_patience)
            action = await asyncio.wait_for(future, self._budget)
            if action in job.legal:
                return action
            log.error("agent %s chose the illegal %r in game %s", job.agent.name, action, job.game_id)
        except TimeoutError:
            future.cancel()  # not started yet: it never will; started: it finishes unheard
            log.warning("agent %s ran out of time in game %s: random move", job.agent.name, job.game_id)
        except Exception:
            log.exception("agent %s failed in game %s: random move", job.agent.name, job.game_id)
        return random.Random(job.version).choice(job.legal)

    def _search_pool(self) -> ProcessPoolExecutor | None:
        """The search processes, started on the first search move (most games never
        need them); a new process's imports happen before the move's budget starts."""
        if self._search_processes <= 0:
            return None
        with self._processes_lock:
            if self._processes is None and not self._closed:
                # spawn, not fork: this process runs threads and an event loop
                context = multiprocessing.get_context("spawn")
                self._processes = ProcessPoolExecutor(self._search_processes, mp_context=context)
                for _ in range(self._search_processes):
                    self._processes.submit(_warm).result()
            return self._processes

    @property
    def queue_patience(self) -> float:
        """Seconds a move may wait for a free AI thread."""
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
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        with self._processes_lock:
            processes, self._processes = self._processes, None
        if processes is not None:  # a search under way ends by its time cap
            processes.shutdown(wait=False, cancel_futures=True)
        if self._db_pool is not None:
            db_pool, self._db_pool = self._db_pool, None
            await asyncio.to_thread(db_pool.shutdown, wait=True, cancel_futures=True)
