"""What the odds benchmarks share: the median CPU time of one odds question, asked
cold (the odds module's caches emptied first) and warm (the caches as they are)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any


def cold_and_warm_ms(
    odds: Callable[[dict[str, Any]], Any],
    caches: Iterable[Any],
    description: dict[str, Any],
    rounds: int,
) -> tuple[float, float]:
    """The median milliseconds of `rounds` questions cold, then of `rounds` warm."""
    caches = tuple(caches)

    def once(cold: bool) -> float:
        if cold:
            for fn in caches:
                fn.cache_clear()
        start = time.process_time()
        odds(description)
        return (time.process_time() - start) * 1000

    cold = statistics.median(once(True) for _ in range(rounds))
    warm = statistics.median(once(False) for _ in range(rounds))
    return cold, warm
