"""PettingZoo environments for every grognard ruleset (install the `rl` extra).

    from grognard.rl import env, parallel_env
    aec = env("viktory2", options={"players": 3})

See envs.py (the environments), encoding.py (observations, the legal-list index) and
action_space.py (the fixed action index). The environments load on first use, so that
the action index (which the OpenSpiel adapter uses too) needs no PettingZoo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .action_space import ActionSpace
from .encoding import ActionIndexError, feature_names

if TYPE_CHECKING:
    from .envs import GrognardAEC, GrognardParallel, env, parallel_env

_ENVS = ("GrognardAEC", "GrognardParallel", "env", "parallel_env")


def __getattr__(name: str) -> Any:
    if name in _ENVS:
        from . import envs

        return getattr(envs, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ActionIndexError", "ActionSpace", "GrognardAEC", "GrognardParallel", "env", "feature_names",
    "parallel_env",
]
