"""The Ray backend gives the same results as local processes (a local Ray instance,
started by the test with two CPUs; kept small: Ray's start-up is slow)."""

from __future__ import annotations

from pathlib import Path

import ray

from grognard.sim import GameConfig, simulate
from grognard.sim.runner import read_results


def test_ray_and_local_processes_give_identical_results(tmp_path: Path) -> None:
    config = GameConfig("viktory2", seats=("random", "random"))
    local_one = simulate(config, 6, master_seed=31, workers=1, rotate=True)
    local_two = simulate(config, 6, master_seed=31, workers=2, rotate=True)
    out = tmp_path / "ray.jsonl"
    on_ray = simulate(config, 6, master_seed=31, workers=2, rotate=True, backend="ray", out=out)
    assert local_one == local_two == on_ray
    assert not ray.is_initialized()  # the backend stops the instance it started
    assert len(read_results(out)[1]) == 6
