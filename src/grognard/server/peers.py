"""What a server process does when another process on its database changed something.

The notices come from notify.py, one at a time on the event loop, in the order they
were committed. Forgetting is done at once, on the loop (a dictionary operation):
a session that ended elsewhere is refused here from the next request on. Pushing
the new view of a game reads the database, so it runs in a thread of this
module's own pool, which `stop` waits for (a cancelled task would leave its thread
holding a database connection after the app stopped); the pushes of one game are
coalesced (a game that changes ten times while one push is under way is pushed
once more, at its newest version) and never go back in time
(`GameService.push_current` skips sockets already sent that version).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from .notify import (
    ChatPosted,
    ChatShared,
    GameChanged,
    Notice,
    PlayerRenamed,
    SessionEnded,
    UserSessionsEnded,
)

if TYPE_CHECKING:
    from .context import Server

log = logging.getLogger("grognard.server.peers")
T = TypeVar("T")
#: threads that push views of games changed elsewhere (one game at a time each)
PUSH_THREADS = 4


class Peers:
    def __init__(self, server: Server) -> None:
        self._server = server
        self._pushing: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._others: set[asyncio.Task[None]] = set()
        self._threads: ThreadPoolExecutor | None = None

    async def start(self) -> None:
        """Claim AI games and hear other processes (no-ops on SQLite)."""
        self._threads = ThreadPoolExecutor(PUSH_THREADS, thread_name_prefix="grognard-peers")
        await self._server.ai_claims.start()
        await self._server.feed.start(self.hear, self.gap)

    async def stop(self) -> None:
        """After the AI runner closed: stop hearing, give back every claim."""
        await self._server.feed.stop()
        tasks = [*self._pushing.values(), *self._others]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._pushing.clear()
        self._others.clear()
        if self._threads is not None:  # the database reads under way end first
            threads, self._threads = self._threads, None
            await asyncio.to_thread(threads.shutdown, wait=True, cancel_futures=True)
        await self._server.ai_claims.close()

    async def _in_thread(self, function: Callable[..., T], *args: Any) -> T:
        assert self._threads is not None, "a notice heard before start or after stop"
        return await asyncio.wrap_future(self._threads.submit(function, *args))

    # ----- notices ----------------------------------------------------------------------
    def hear(self, notice: Notice) -> None:
        server = self._server
        if isinstance(notice, GameChanged):
            if notice.seats:
                server.games.seats.forget(notice.game)
            self._push(notice.game)
            if notice.ai:
                server.ai.kick(notice.game)
        elif isinstance(notice, ChatPosted):
            push = server.games.chats.push_posted
            self._spawn(self._in_thread(push, notice.game, notice.message, notice.players_public))
        elif isinstance(notice, ChatShared):
            server.games.chats.push_shared(notice.game, notice.public)
        elif isinstance(notice, SessionEnded):
            server.callers.drop(notice.token_hash)
            # its sockets here stop receiving its seats' views (closing twice is harmless)
            token_hash = notice.token_hash
            server.hub.close_where(lambda connection: connection.session == token_hash)
        elif isinstance(notice, UserSessionsEnded):
            user = notice.user
            server.callers.drop_where(lambda account: account.id == user)
            server.hub.close_where(lambda c: c.user_id == user and c.session is not None)
        elif isinstance(notice, PlayerRenamed):
            server.games.seats.forget_player(notice.user)

    def gap(self) -> None:
        """Notices were lost while the listening connection was down: forget every
        cached session and seat, push every game with sockets here its newest view,
        and let every AI that waits try to move."""
        server = self._server
        server.callers.drop_where(lambda _account: True)
        server.games.seats.forget_all()
        for game_id in server.hub.game_ids():
            self._push(game_id)
        self._spawn(self._kick_waiting_ai())

    async def _kick_waiting_ai(self) -> None:
        for game_id in await self._in_thread(self._server.games.games_waiting_for_ai):
            self._server.ai.kick(game_id)

    # ----- pushing, one worker thread per game at a time -----------------------------------
    def _push(self, game_id: str) -> None:
        if not self._server.hub.connections(game_id):
            return
        task = self._pushing.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self._pushing[game_id] = asyncio.get_running_loop().create_task(self._push_until_current(game_id))

    async def _push_until_current(self, game_id: str) -> None:
        try:
            while True:
                self._again.discard(game_id)
                await self._in_thread(self._server.games.push_current, game_id)
                if game_id not in self._again:
                    return
        except Exception:
            log.exception("pushing game %s, changed by another process", game_id)
        finally:
            if self._pushing.get(game_id) is asyncio.current_task():
                del self._pushing[game_id]

    def _spawn(self, work: Awaitable[object]) -> None:
        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("handling a notice from another process")

        task = asyncio.get_running_loop().create_task(run())
        self._others.add(task)
        task.add_done_callback(self._others.discard)
