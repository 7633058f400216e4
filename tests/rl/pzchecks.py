"""Running PettingZoo's own tests on grognard's environments (shared by tests/rl)."""

from __future__ import annotations

import warnings
from collections.abc import Callable

#: PettingZoo's advice about taste, not correctness, which these environments decline
#: on purpose: observations are a Dict of an array and an action mask (the layout
#: PettingZoo's own classic games use, so its checks of a plain array do not apply);
#: agents are named after the game's roles ("red"), not "player_0"; an agent that is
#: not to act has an all-zero mask.
TOLERATED = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
    "We recommend agents to be named",
    "all zeros",
)


def checked(run: Callable[[], None]) -> None:
    """Run a PettingZoo test and fail on any warning it raises but the tolerated ones."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    problems = [str(w.message) for w in caught if not any(t in str(w.message) for t in TOLERATED)]
    assert problems == []
