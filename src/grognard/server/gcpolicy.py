"""How the serving process uses Python's garbage collector.

Reference counting frees game data the moment it is dropped: a game's state is
plain JSON-like data with no cycles. The cyclic collector is only needed for the
rarer cycles (tracebacks, some framework objects), yet CPython runs a full
collection whenever the objects that survived to the oldest generation have grown
by a quarter since the last one, and a full collection walks every live object
while holding the GIL. With 200 games in memory mid-play that is a quarter of a
million objects (mostly their log lines), 70-85 ms per collection, about once a
second under load: it was the whole tail of the move round trip.

So the serving process:
- freezes what is alive once it has started (modules, classes, the ORM's tables:
  about 115 000 objects) out of the collector's sight, as the Python documentation
  suggests for long-lived servers (`gc.freeze`);
- keeps the young generations' collections automatic (they are cheap);
- never starts a full collection by itself, and runs one on a timer instead
  (`full_every` seconds, default 5 minutes), so a pause of that size happens
  seldom enough to stay out of the 99th percentile, while cyclic garbage still goes.

`GcPolicy.stop()` puts the collector back as it was (tests create many apps).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time

log = logging.getLogger("grognard.server.gc")

#: A third threshold no count reaches: full collections only when asked for.
NEVER = 2**30


class GcPolicy:
    def __init__(self, full_every: float = 300.0) -> None:
        self.full_every = full_every
        self._saved: tuple[int, int, int] | None = None
        self._task: asyncio.Task[None] | None = None
        #: full collections run by the timer, and the longest pause, in seconds
        self.full_collections = 0
        self.longest_pause = 0.0

    def start(self) -> None:
        """Call on the event loop once the app has started."""
        gc.collect()
        gc.freeze()
        self._saved = gc.get_threshold()
        young, middle, _ = self._saved
        gc.set_threshold(young, middle, NEVER)
        self._task = asyncio.get_running_loop().create_task(self._collect_now_and_then())

    async def _collect_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(self.full_every)
            started = time.perf_counter()
            found = gc.collect()
            pause = time.perf_counter() - started
            self.full_collections += 1
            self.longest_pause = max(self.longest_pause, pause)
            log.debug("full collection: %d objects freed in %.1f ms", found, pause * 1000)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            gc.unfreeze()
            self._saved = None
