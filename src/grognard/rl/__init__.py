"""PettingZoo environments for every grognard ruleset (install the `rl` extra).

    from grognard.rl import env, parallel_env
    aec = env("viktory2", options={"players": 3})

See envs.py (the environments) and encoding.py (action index and observations).
"""

from __future__ import annotations

from .encoding import ActionIndexError, feature_names
from .envs import GrognardAEC, GrognardParallel, env, parallel_env

__all__ = ["ActionIndexError", "GrognardAEC", "GrognardParallel", "env", "feature_names", "parallel_env"]
