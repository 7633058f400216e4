"""Fair shares of the AI's thinking (issue 27, item 2).

One shared FIFO of AI moves let one guest's 40 search games push every other
player's heuristic reply from 56 ms to 110 s. Here:

- `FairLane`: a lane has a few slots (one per thread or process that thinks); a
  move waits for a slot in a queue of its own owner (the user who made the game),
  and a freed slot goes to the next owner in turn (round-robin by user), never to
  more than `per_owner` moves of one owner at once. One user's backlog therefore
  delays that user alone.
- Two lanes in `ai.AiRunner`: the cheap agents (random, heuristic: milliseconds)
  never wait behind a search (seconds), which has a lane of its own.
- one worker process per search slot (cpuwork.CpuWorker): a search that outlasts
  the move's budget is stopped by killing its process (the move is then played at
  random, as for any agent out of time), and a fresh process takes its place. The
  server, not the agent's own clock, enforces the budget.

Everything in `FairLane` runs on the event loop.
"""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict, deque
from collections.abc import Hashable


class FairLane:
    def __init__(self, slots: int, per_owner: int) -> None:
        self.slots = slots
        self.per_owner = per_owner
        self._free = list(range(slots - 1, -1, -1))
        self.thinking: Counter[Hashable] = Counter()
        #: owners with moves waiting, in the order they came
        self._waiting: OrderedDict[Hashable, deque[asyncio.Future[int]]] = OrderedDict()
        #: when each owner with moves waiting or thinking was last given a slot (a
        #: count of grants): the next slot goes to the one served longest ago
        self._served: dict[Hashable, int] = {}
        self._grants = 0

    def waiting(self, owner: Hashable) -> int:
        return len(self._waiting.get(owner, ()))

    async def acquire(self, owner: Hashable) -> int:
        """Wait for a slot (its index) for one of `owner`'s moves; give it back
        with `release`. Cancelled while waiting, it takes nothing."""
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(owner, deque()).append(future)
        self._dispatch()
        try:
            return await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release(owner, future.result())  # granted as it was cancelled
            else:
                queue = self._waiting.get(owner)
                if queue is not None and future in queue:
                    queue.remove(future)
                    if not queue:
                        del self._waiting[owner]
                        if not self.thinking[owner]:
                            self._served.pop(owner, None)
            raise

    def release(self, owner: Hashable, slot: int) -> None:
        self.thinking[owner] -= 1
        if self.thinking[owner] <= 0:
            del self.thinking[owner]
            if owner not in self._waiting:
                self._served.pop(owner, None)  # an owner with nothing left starts afresh
        self._free.append(slot)
        self._dispatch()

    def _dispatch(self) -> None:
        """Hand free slots to waiting owners: each to the owner served longest ago
        (never served: first) among those thinking less than `per_owner` moves."""
        while self._free and self._waiting:
            eligible = [o for o in self._waiting if self.thinking[o] < self.per_owner]
            if not eligible:
                return  # every waiting owner thinks as much as it may already
            owner = min(eligible, key=lambda o: self._served.get(o, -1))
            queue = self._waiting[owner]
            future = queue.popleft()
            if not queue:
                del self._waiting[owner]
            if future.done():
                continue
            self.thinking[owner] += 1
            self._grants += 1
            self._served[owner] = self._grants
            future.set_result(self._free.pop())
