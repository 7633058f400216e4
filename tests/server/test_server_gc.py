"""The serving process's garbage-collector policy (gcpolicy.py): full collections on
a timer, young ones as usual, everything put back on shutdown."""

from __future__ import annotations

import gc
import time
import weakref

from fastapi.testclient import TestClient
from serverkit import AppFactory

from grognard.server.gcpolicy import NEVER

WAIT = 30.0  # seconds at most for the timer to come round (it is set to 0.05 s)


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cyclic collector frees it


def old_cyclic_garbage() -> weakref.ref[Node]:
    """A cycle that is alive long enough to reach the oldest generation, then dropped."""
    node = Node()
    gc.collect(1)  # survivors of the young generations move to the oldest
    return weakref.ref(node)


def test_full_collections_run_on_the_timer_and_free_old_cycles(make_app: AppFactory) -> None:
    saved = gc.get_threshold()
    app = make_app(gc_full_every=0.05)
    with TestClient(app):
        assert gc.get_threshold() == (saved[0], saved[1], NEVER)
        assert gc.get_freeze_count() > 0
        gone = old_cyclic_garbage()
        deadline = time.monotonic() + WAIT
        while gone() is not None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert gone() is None
        assert app.state.gc.full_collections >= 1
    assert gc.get_threshold() == saved and gc.get_freeze_count() == 0


def test_apps_of_the_tests_leave_the_collector_alone(make_app: AppFactory) -> None:
    saved = gc.get_threshold()
    app = make_app()
    with TestClient(app):
        assert gc.get_threshold() == saved and app.state.gc is None
